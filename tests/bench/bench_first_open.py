"""The first open of every page of every game, as a player clicks through after the start.

Before, a page was built when first opened: 300–700 ms for a board or „Leicht vergessen“
(modules imported, widgets made and styled, pictures drawn, all laid out). The window now
builds its pages in the idle time after the first frame (app/ui/page_builder.py), so the
first open only shows a page that is ready. Measured in fresh processes started like the
installed app (compiled bytecode, see bench_startup), a player's pause after the start
given to the idle queue:

* every page's first open with the pages built ahead (target ≤ 150 ms, painted),
* the same without building ahead (how it was),
* the baseline: switching to a page already open once (the floor of any page switch),
* the longest piece of the idle queue (how long a key press may wait while it builds).

Wall times and the GUI thread's CPU time (``time.thread_time``): on a shared machine the
wall clock also counts the time other processes had the core. Medians over runs.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.conftest import REPO

TARGET_MS = 150.0
RUNS = int(os.environ.get("REGELFRISCH_BENCH_RUNS", "3"))

CHILD = "from tests.bench.bench_first_open import measure; measure({mode!r})"


def measure(mode: str) -> None:
    """In a child process: open every page once, print the figures as JSON."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.ui.application import create_main_window, make_application, prebuild_pages

    app = make_application()
    library = load_library(content_root())
    window = create_main_window(library, "atlantis", remember=False)
    window.resize(1280, 800)
    window.show()
    while not window.ready:
        app.processEvents()
    pieces = []
    if mode == "ahead":
        prebuild_pages(window)
        builder = window.page_builder
        while not builder.done:
            run, wall, cpu = builder.pieces_run, time.perf_counter(), time.thread_time()
            app.processEvents()
            if builder.pieces_run > run:
                pieces.append(((time.perf_counter() - wall) * 1000,
                               (time.thread_time() - cpu) * 1000, builder.last_piece))
    opens = {}
    switches = []
    games = [window.game_switcher.itemData(i) for i in range(window.game_switcher.count())]
    for game in games:
        for section in [s.key for s in _sections(window, game)]:
            wall, cpu = _open(app, window, game, section)
            opens[f"{game}/{section}"] = (wall, cpu)
        # The baseline: back to a page open before (no building, only showing and painting).
        for section in [s.key for s in _sections(window, game)][:3]:
            switches.append(_open(app, window, game, section))
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"opens": opens, "switches": switches, "pieces": pieces, "peak": peak}))


def _sections(window, game):
    from app.ui.sections import sections_for

    entry = next(e for e in window.state.entries() if e.id == game)
    return sections_for(entry)


def _open(app, window, game: str, section: str) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.thread_time()
    window.state.open(game, section)
    app.processEvents()
    window.repaint()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def _child(mode: str, env: dict[str, str]) -> dict:
    result = subprocess.run([sys.executable, "-c", CHILD.format(mode=mode)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-2000:])
    return json.loads(result.stdout.strip().splitlines()[-1])


def _median_per_page(runs: list[dict]) -> dict[str, tuple[float, float]]:
    pages = runs[0]["opens"].keys()
    return {page: (statistics.median(r["opens"][page][0] for r in runs),
                   statistics.median(r["opens"][page][1] for r in runs)) for page in pages}


def run() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="regelfrisch-bench-") as tmp:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_DATA": tmp,
               "PYTHONPYCACHEPREFIX": str(Path(tmp) / "bytecode")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        _child("ahead", env)  # untimed: writes the bytecode an installed app has
        ahead, before = [], []
        for index in range(RUNS):
            order = ("ahead", "before") if index % 2 == 0 else ("before", "ahead")
            for mode in order:
                (ahead if mode == "ahead" else before).append(_child(mode, env))
    now, then = _median_per_page(ahead), _median_per_page(before)
    switch_wall = statistics.median(w for r in ahead for w, _ in r["switches"])
    switch_cpu = statistics.median(c for r in ahead for _, c in r["switches"])
    lines = [f"median of {RUNS} runs per page; baseline: switching back to an open page "
             f"{switch_wall:.0f} ms (CPU {switch_cpu:.0f} ms)"]
    for page, (wall, cpu) in now.items():
        old_wall, old_cpu = then[page]
        lines.append(f"{page}: {wall:.0f} ms (CPU {cpu:.0f}), {wall / switch_wall:.1f}× the "
                     f"baseline; without building ahead {old_wall:.0f} ms (CPU {old_cpu:.0f})")
    worst_page, (worst, worst_cpu) = max(now.items(), key=lambda item: item[1][0])
    old_page, (old_worst, _) = max(then.items(), key=lambda item: item[1][0])
    verdict = "ok" if worst <= TARGET_MS else "ZU LANGSAM"
    lines.append(f"slowest first open {worst_page}: {worst:.0f} ms (CPU {worst_cpu:.0f} ms; "
                 f"target ≤ {TARGET_MS:.0f} ms) {verdict}; without building ahead the slowest "
                 f"was {old_page}: {old_worst:.0f} ms")
    pieces = [piece for r in ahead for piece in r["pieces"]]
    longest = max(pieces, key=lambda piece: piece[1])
    total = statistics.median(sum(p[1] for p in r["pieces"]) for r in ahead)
    lines.append(f"idle building: {len(ahead[0]['pieces'])} pieces, {total / 1000:.1f} s CPU "
                 f"in all; median piece {statistics.median(p[1] for p in pieces):.0f} ms CPU, "
                 f"longest {longest[0]:.0f} ms ({longest[1]:.0f} ms CPU: {longest[2]})")
    peak_ahead = statistics.median(r["peak"] for r in ahead)
    peak_before = statistics.median(r["peak"] for r in before)
    lines.append(f"peak memory after every page was opened: {peak_ahead:.0f} MiB built ahead, "
                 f"{peak_before:.0f} MiB built on opening")
    load = os.getloadavg()[0]
    lines.append(f"system load {load:.1f} on {os.cpu_count()} cores")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
