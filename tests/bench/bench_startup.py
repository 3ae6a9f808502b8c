"""Start-up as a user waits for it, against a bare PySide6 window started the same way.

Times run from process start to the painted frame (each side prints the moment; see
``_start``). Three figures, each the median over paired runs (bare window and app alternate, so a
busy machine slows both alike) of the app's time (or peak memory) divided by the bare
window's in the same pair:

* the main window shown (``REGELFRISCH_EXIT_WHEN_SHOWN=window``; with a valid snapshot the
  content is set before the window is first shown, so it is no longer empty),
* the first frame with the remembered section's content painted
  (``REGELFRISCH_EXIT_WHEN_SHOWN=content``) — the headline,
* the peak memory (max RSS) of that content start,

for the shipped content and for a library of 100 games (the shipped ones and 97 own packs in
the data folder, as a player gets them; they load beside the window after the first frame,
``tests/ui/test_packs_at_start.py``). The content start is also
paired with the floor page (``floor_page.py``: the same first page hand-made with bare
PySide6), the lower bound of any start of this page: target ≤ 1.2× the floor. The user data folder
is a fresh temporary one that remembers a game and a section; one untimed start before
the runs builds the snapshot, as the user's first start does (and, for both sides, the
bytecode an installed app has; see ``_installed_like``), and a second one stays until the
work after its first frame is done (``REGELFRISCH_EXIT_WHEN_SHOWN=settled``), so the memo
beside the snapshot holds what a session leaves: the room of the worked examples' pictures,
kept free in every later first frame (the floor keeps it too). The cold start (no
snapshot: YAML, schema and engine checks in full) is shown once for comparison.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from tests.conftest import REPO

BARE_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv)
w = QWidget(); w.resize(1280, 800); w.show()
app.processEvents()
import time
print(f"bemalt {time.monotonic_ns()}", flush=True)
"""
# Exactly what the installed `regelfrisch` launcher runs, started like the bare window.
LAUNCHER = "import sys; from app.__main__ import main; sys.exit(main())"

RUNS = int(os.environ.get("REGELFRISCH_BENCH_RUNS", "15"))
TARGET_MEMORY = 1.5
# Content painted, against the same page hand-made with bare PySide6 (floor_page.py) in the
# same pairs: nothing can start faster than that page, so the target is relative to it.
TARGET_FLOOR = 1.2
SYNTHETIC_GAMES = 100
REMEMBERED = ("atlantis", "turn")


def _start(code: str, env: dict[str, str], args: tuple[str, ...] = ()) -> tuple[float, int]:
    """Seconds from process start to the painted frame, and the child's peak RSS in KiB.

    Both sides print ``bemalt <ns>`` (``time.monotonic_ns``, the clock all processes share)
    right after their frame; leaving afterwards (Python and Qt tidying up, longer for a
    bigger program) is no part of the start a player waits for."""
    started = time.monotonic_ns()
    child = subprocess.Popen([sys.executable, "-c", code, *args], cwd=REPO, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = child.stdout.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    err = child.stderr.read().decode(errors="replace")
    child.stdout.close()
    child.stderr.close()
    if child.returncode != 0:
        raise RuntimeError(f"start failed ({child.returncode}): {err[-2000:]}")
    painted = [line.split()[1] for line in out.splitlines() if line.startswith("bemalt ")]
    if not painted:
        raise RuntimeError(f"no frame reported: {out[-500:]} {err[-2000:]}")
    return (int(painted[-1]) - started) / 1e9, usage.ru_maxrss


def _installed_like(base: Path) -> dict[str, str]:
    """The environment both sides start in: offscreen, and with compiled bytecode.

    An installed app has its ``.pyc`` files (pip compiles them at install time; PySide6's
    own are there already). A shell with ``PYTHONDONTWRITEBYTECODE`` would make only our
    modules compile from source at every start, which no user sees; so both sides may
    write bytecode, into a folder of this run, and the untimed first starts fill it.
    """
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPYCACHEPREFIX": str(base / "bytecode")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _user_folder(base: Path, name: str) -> dict[str, str]:
    """A fresh user data folder that remembers a game and section, as after a first visit."""
    data = base / name
    data.mkdir()
    game, section = REMEMBERED
    (data / "einstellungen.ini").write_text(
        f"[General]\nlast_game={game}\nlast_section={section}\n", encoding="utf-8")
    env = {**_installed_like(base), "REGELFRISCH_DATA": str(data)}
    env.pop("REGELFRISCH_CACHE", None)
    return env


def _own_games(data: Path) -> None:
    """Enough own games for 100 beside the shipped ones, where a player has them: packs in
    the data folder (copies of the shipped texts under other names, without engine
    examples), started without any option."""
    root = data / "spiele"
    root.mkdir()
    sources = sorted(p for p in (REPO / "content").iterdir() if p.is_dir())
    for number in range(SYNTHETIC_GAMES - len(sources)):
        source = sources[number % len(sources)]
        target = root / f"spiel-{number:03d}"
        target.mkdir()
        game = yaml.safe_load((source / "game.yaml").read_text(encoding="utf-8"))
        game["meta"]["title"] = f"Spiel {number + 1}"
        game["meta"].pop("short_title", None)
        (target / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True),
                                          encoding="utf-8")
        shutil.copy(source / "quiz.yaml", target / "quiz.yaml")


FLOOR = REPO / "tests" / "bench" / "floor_page.py"


def _floor_args(base: Path, data_env: dict[str, str]) -> tuple[str, ...]:
    """The hand-made page's inputs: the remembered game's snapshot file and the filled-in
    style sheet of the light theme (what the app shows with the settings of the user folder).

    Asked of a child process: importing Qt here would make this process big, and a child
    started from a big process reports at least its size as its peak (Linux keeps the
    parent's RSS high-water mark across fork and exec)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from app.model.paths import content_root\n"
        "from app.model.snapshot import cache_dir, game_file_name, snapshot_dir\n"
        "from app.ui.theme import LIGHT, style_sheet\n"
        "cache = cache_dir(Path(sys.argv[1]) / 'cache')\n"
        "print(snapshot_dir(cache, content_root()) / game_file_name(sys.argv[2]))\n"
        "Path(sys.argv[3]).write_text(style_sheet(LIGHT), encoding='utf-8')\n"
    )
    sheet = base / "style.qss"
    game_file = subprocess.run(
        [sys.executable, "-c", code, data_env["REGELFRISCH_DATA"], REMEMBERED[0], str(sheet)],
        cwd=REPO, env=data_env, capture_output=True, text=True, check=True).stdout.strip()
    if not Path(game_file).is_file():
        raise RuntimeError(f"no snapshot at {game_file}")
    return game_file, str(sheet)


def _until(env: dict[str, str], until: str) -> dict[str, str]:
    return {**env, "REGELFRISCH_EXIT_WHEN_SHOWN": until}


def _paired(runs: int, bare_env: dict, app_env: dict, args: tuple[str, ...] = (),
            app_code: str = LAUNCHER, base: tuple[str, tuple[str, ...]] = (BARE_WINDOW, ())):
    """Per pair: (app time / base time, app peak / base peak); also the raw medians. The
    base is the bare window, or (``base``) another program with its arguments."""
    times, peaks, bare_t, app_t, bare_m, app_m = [], [], [], [], [], []
    base_code, base_args = base
    for index in range(runs):
        # A/B, then B/A: neither side always runs on the warmer machine.
        order = ("bare", "app") if index % 2 == 0 else ("app", "bare")
        result = {}
        for side in order:
            if side == "bare":
                result[side] = _start(base_code, bare_env, base_args)
            else:
                result[side] = _start(app_code, app_env, args)
        (bt, bm), (at, am) = result["bare"], result["app"]
        times.append(at / bt)
        peaks.append(am / bm)
        bare_t.append(bt)
        app_t.append(at)
        bare_m.append(bm)
        app_m.append(am)
    med = statistics.median
    return med(times), med(peaks), med(bare_t), med(app_t), med(bare_m), med(app_m)


def _verdict(ratio: float, target: float) -> str:
    return "ok" if ratio <= target else "ZU LANGSAM" if target != TARGET_MEMORY else "ZU VIEL"


def run() -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory(prefix="regelfrisch-bench-") as tmp:
        base = Path(tmp)
        bare_env = _installed_like(base)
        shipped = _user_folder(base, "nutzer")
        many = _user_folder(base, "nutzer-hundert")
        _own_games(Path(many["REGELFRISCH_DATA"]))
        many_args = ()

        cold, _ = _start(LAUNCHER, _until(shipped, "content"))  # also builds the snapshot
        # A session of a few seconds: the memo keeps the room of the pictures it drew.
        _start(LAUNCHER, _until(shipped, "settled"))
        floor_args = _floor_args(base, shipped)
        floor_code = f"import runpy; runpy.run_path({str(FLOOR)!r}, run_name='__main__')"
        _start(floor_code, bare_env, floor_args)
        _start(LAUNCHER, _until(many, "content"), many_args)
        _start(LAUNCHER, _until(many, "settled"), many_args)
        _start(BARE_WINDOW, bare_env)

        window = _paired(RUNS, bare_env, _until(shipped, "window"))
        content = _paired(RUNS, bare_env, _until(shipped, "content"))
        floor = _paired(RUNS, bare_env, bare_env, floor_args, app_code=floor_code)
        floor_base = (floor_code, floor_args)
        on_floor = _paired(RUNS, bare_env, _until(shipped, "content"), base=floor_base)
        hundred = _paired(RUNS, bare_env, _until(many, "content"), many_args, base=floor_base)

        game, section = REMEMBERED
        load = os.getloadavg()
        lines += [
            f"paired runs, median of {RUNS}; remembered: {game} / {section}; system load "
            f"{load[0]:.1f} (5 min {load[1]:.1f}) on {os.cpu_count()} cores",
            f"bare PySide6 window: {content[2] * 1000:.0f} ms, peak {content[4] / 1024:.0f} MiB",
            f"the floor: the same page hand-made, no app code (tests/bench/floor_page.py): "
            f"{floor[3] * 1000:.0f} ms, {floor[0]:.2f}× the bare window; peak "
            f"{floor[5] / 1024:.0f} MiB, {floor[1]:.2f}×",
            f"main window shown (=window; from the snapshot it already holds the content): "
            f"{window[3] * 1000:.0f} ms, {window[0]:.2f}× the bare window",
            f"content painted (shipped games): {on_floor[3] * 1000:.0f} ms, {on_floor[0]:.2f}× "
            f"the floor in the same pairs (target ≤ {TARGET_FLOOR}×) "
            f"{_verdict(on_floor[0], TARGET_FLOOR)}; {content[0]:.2f}× the bare window",
            f"content painted ({SYNTHETIC_GAMES} games): {hundred[3] * 1000:.0f} ms, "
            f"{hundred[0]:.2f}× the floor (target ≤ {TARGET_FLOOR}×) "
            f"{_verdict(hundred[0], TARGET_FLOOR)}; peak {hundred[5] / 1024:.0f} MiB",
            f"peak memory (shipped games): {content[5] / 1024:.0f} MiB, {content[1]:.2f}× the "
            f"bare window (target ≤ {TARGET_MEMORY}×) {_verdict(content[1], TARGET_MEMORY)}",
            f"first start without snapshot (full load and checks, once): {cold * 1000:.0f} ms",
        ]
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
