"""Build the standalone app and smoke-test the BUILT bundle, not the source tree.

    python -m tests.bundle build [DIST]   # one-folder app in DIST (default dist/), prints
                                          # its size (exit 1 above 150 MiB) and start time
                                          # vs. the source install
    python -m tests.bundle smoke [DIST]   # starts DIST/regelfrisch/regelfrisch from a folder
                                          # outside the checkout with an empty HOME
    python -m tests.bundle                # both

Takes a minute or two, so it is its own command and not part of the 5-minute suite; the
suite keeps a fast check that the spec lists every data folder the app reads
(tests/test_bundle_spec.py).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "resources" / "packaging" / "regelfrisch.spec"
TARGET_MIB = 150
RUNS = 9


def _size_mib(folder: Path) -> float:
    # PyInstaller links some libraries twice by symlink; count each file once, like `du`.
    return sum(p.lstat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.is_symlink()) / 2**20


def _biggest(folder: Path, count: int = 12) -> list[tuple[float, str]]:
    """The largest files, to say where a bundle over the limit grew."""
    files = [(p.lstat().st_size / 2**20, p.relative_to(folder).as_posix())
             for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sorted(files, reverse=True)[:count]


def _dangling(folder: Path) -> list[str]:
    return [p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_symlink() and not p.exists()]


def _paired_start_to_content(first: list[str], second: list[str], cwd: Path,
                             env: dict[str, str]) -> tuple[float, float]:
    # A/B/A/B on the same machine state: a busy moment slows both, not one.
    env = {**env, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_EXIT_WHEN_SHOWN": "content"}
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(RUNS):
        for argv, bucket in ((first, times[0]), (second, times[1])):
            started = time.perf_counter()
            subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, timeout=120)
            bucket.append(time.perf_counter() - started)
    return statistics.median(times[0]), statistics.median(times[1])


def build(dist: Path) -> int:
    """Build, then measure; 1 when the bundle is over the limit or has a dangling link."""
    with tempfile.TemporaryDirectory(prefix="regelfrisch-build-") as work:
        subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level",
                        "ERROR", "--distpath", str(dist), "--workpath", work, str(SPEC)],
                       cwd=REPO, check=True)
    app = dist / "regelfrisch"
    size = _size_mib(app)
    print(f"bundle: {app} – {size:.1f} MiB (target ≤ {TARGET_MIB} MiB) "
          f"{'ok' if size <= TARGET_MIB else 'ZU GROSS'}")
    if size > TARGET_MIB:
        print("the largest files:")
        for mib, name in _biggest(app):
            print(f"  {mib:6.2f} MiB  {name}")
        return 1
    dangling = _dangling(app)
    if dangling:
        print("FEHLER links to files left out of the bundle:", ", ".join(dangling))
        return 1
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home, "REGELFRISCH_DATA": home}
        source, bundled = _paired_start_to_content(
            [sys.executable, "-c", "import sys; from app.__main__ import main; sys.exit(main())"],
            [str(app / "regelfrisch")], Path(home), {**env, "PYTHONPATH": str(REPO)})
    print(f"start to content painted, paired, median of {RUNS}: "
          f"source install {source * 1000:.0f} ms, "
          f"bundle {bundled * 1000:.0f} ms – {bundled / source:.2f}× the source install")
    return 0


def smoke(dist: Path) -> int:
    exe = dist / "regelfrisch" / "regelfrisch"
    if not exe.is_file():
        print(f"Kein gebautes Programm unter {exe} – erst `python -m tests.bundle build`.")
        return 1
    with tempfile.TemporaryDirectory() as home_dir:
        home = Path(home_dir)
        # A clean user: nothing of the developer's HOME, data or Python path leaks in.
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
               "LANG": os.environ.get("LANG", "C.UTF-8")}
        results = [(check.__name__.removeprefix("_smoke_"), check(exe, home, env))
                   for check in SMOKE_CHECKS]
        leaked = [p for p in home.rglob("*") if REPO.as_posix() in p.as_posix()]
        results.append(("no_checkout_paths", f"paths of the checkout appear in HOME: {leaked}"
                        if leaked else ""))
    for name, failure in results:
        print(f"{'FEHLER' if failure else 'ok    '} {name}" + (f"\n{failure}" if failure else ""))
    failed = sum(bool(failure) for _name, failure in results)
    print(f"smoke test of the built bundle: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _run(exe: Path, home: Path, env: dict[str, str], *args: str,
         prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, str(exe), *args], cwd=home, env=env, capture_output=True,
                          text=True, timeout=300)


def _said(done: subprocess.CompletedProcess[str]) -> str:
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def _smoke_check(exe, home, env) -> str:
    done = _run(exe, home, env, "--check")
    return "" if done.returncode == 0 and "Alles in Ordnung" in done.stdout else _said(done)


def _smoke_screenshot(exe, home, env) -> str:
    shots = home / "bilder"
    done = _run(exe, home, env, "--screenshot", str(shots))
    pngs = sorted(shots.glob("*.png")) if shots.is_dir() else []
    if done.returncode != 0 or len(pngs) < 20 or any(
            p.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n" or p.stat().st_size < 10_000 for p in pngs):
        return f"{len(pngs)} PNG, {_said(done)}"
    return ""


def _smoke_pdf_with_svg_icons_and_print_support(exe, home, env) -> str:
    # Qt names every plugin it loads: the SVG icon engine (icons, the app icon) and the CUPS
    # print support (the print dialog's printer list) must come from inside the bundle.
    pdf = home / "spickzettel.pdf"
    done = _run(exe, home, {**env, "QT_DEBUG_PLUGINS": "1"}, "--pdf", str(pdf),
                "--game", "atlantis")
    if done.returncode != 0 or not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
        return _said(done)
    if b"/Type /Page" not in pdf.read_bytes():
        return "the PDF has no page"
    plugins = exe.parent / "_internal" / "PySide6" / "Qt" / "plugins"
    missing = [name for name in ("iconengines/libqsvgicon.so",
                                 "printsupport/libcupsprintersupport.so")
               if f'"{plugins / name}" loaded library' not in done.stderr]
    return f"Qt plugins not loaded from the bundle: {missing}" if missing else ""


def _smoke_german_qt_translation(exe, home, env) -> str:
    catalogue = exe.parent / "_internal" / "PySide6" / "Qt" / "translations" / "qtbase_de.qm"
    if not catalogue.is_file():
        return f"{catalogue} fehlt"
    if not shutil.which("strace"):
        print("       (qtbase_de.qm: only checked to be there; no strace to see it opened)")
        return ""
    trace = home / "strace.log"
    done = _run(exe, home, env, "--pdf", str(home / "de.pdf"), "--game", "atacama",
                prefix=("strace", "-f", "-e", "trace=openat", "-o", str(trace)))
    opened = f'"{catalogue}", O_RDONLY|O_CLOEXEC) = '
    lines = trace.read_text(errors="replace").splitlines() if trace.is_file() else []
    if done.returncode != 0 or not any(opened in line and not line.endswith(
            ("ENOENT (No such file or directory)",)) for line in lines):
        return f"qtbase_de.qm was not opened\n{_said(done)}"
    return ""


def _smoke_anki_deck(exe, home, env) -> str:
    # genanki writes an SQLite database: the bundle needs sqlite3 and its library.
    deck = home / "quiz.apkg"
    done = _run(exe, home, env, "--anki", str(deck), "--game", "survive")
    if done.returncode != 0 or not zipfile.is_zipfile(deck):
        return _said(done)
    with zipfile.ZipFile(deck) as archive:
        if not archive.read("collection.anki2").startswith(b"SQLite format 3\x00"):
            return "collection.anki2 is no SQLite database"
    return ""


def _smoke_game_library_from_a_folder(exe, home, env) -> str:
    # dulwich end to end (the app imports it lazily, so only a run shows it is there): make a
    # library, commit an own game into it, subscribe to it and list it.
    env = {**env, "REGELFRISCH_DATA": str(home / "daten")}
    library = home / "bibliothek"
    steps = [_run(exe, home, env, "--bibliothek", "neu", str(library), "Rauchtest"),
             _run(exe, home, env, "--neu", "Rauchspiel")]
    game = home / "daten" / "spiele" / "rauchspiel" / "game.yaml"
    if not game.is_file():
        return "\n".join(_said(step) for step in steps)
    game.write_text(re.sub(r"(?m)^  author: .*$", "  author: Rauchtest",
                           game.read_text(encoding="utf-8")), encoding="utf-8")
    steps += [_run(exe, home, env, "--bibliothek", "uebernehmen", "rauchspiel", str(library)),
              _run(exe, home, env, "--bibliothek", "hinzufuegen", str(library)),
              _run(exe, home, env, "--bibliothek", "liste")]
    if any(step.returncode != 0 for step in steps) or "rauchspiel:" not in steps[-1].stdout:
        return "\n".join(_said(step) for step in steps)
    return ""


def _smoke_game_library_speaks_tls(exe, home, env) -> str:
    # A library on the web is fetched over HTTPS. Offline proof that TLS works in the bundle:
    # a local socket receives the TLS ClientHello (record type 0x16), then hangs up.
    received: list[bytes] = []
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(60)
        port = server.getsockname()[1]

        def answer() -> None:
            with contextlib.suppress(OSError):
                connection, _address = server.accept()
                with connection:
                    connection.settimeout(30)
                    received.append(connection.recv(5))

        listener = threading.Thread(target=answer)
        listener.start()
        done = _run(exe, home, env, "--bibliothek", "hinzufuegen",
                    f"https://127.0.0.1:{port}/bibliothek.git")
        listener.join(timeout=60)
    hello = received[0] if received else b""
    if done.returncode != 1 or hello[:2] != b"\x16\x03" or "Traceback" in done.stderr:
        return f"first bytes {hello!r}, {_said(done)}"
    return ""


SMOKE_CHECKS = (_smoke_check, _smoke_screenshot, _smoke_pdf_with_svg_icons_and_print_support,
                _smoke_german_qt_translation, _smoke_anki_deck,
                _smoke_game_library_from_a_folder, _smoke_game_library_speaks_tls)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    dist = Path(argv[1]).resolve() if len(argv) > 1 else REPO / "dist"
    if command in ("build", "all") and build(dist) != 0:
        return 1
    if command in ("smoke", "all"):
        return smoke(dist)
    if command not in ("build", "smoke", "all"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
