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

import os
import statistics
import subprocess
import sys
import tempfile
import time
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
    work = Path(tempfile.mkdtemp(prefix="regelfrisch-build-"))
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
                    "--distpath", str(dist), "--workpath", str(work), str(SPEC)],
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
    failures = []
    with tempfile.TemporaryDirectory() as home_dir:
        home = Path(home_dir)
        # A clean user: nothing of the developer's HOME, data or Python path leaks in.
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
               "LANG": os.environ.get("LANG", "C.UTF-8")}

        def run(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([str(exe), *args], cwd=home, env=env, capture_output=True,
                                  text=True, timeout=300)

        check = run("--check")
        if check.returncode != 0 or "Alles in Ordnung" not in check.stdout:
            failures.append(f"--check: exit {check.returncode}\n{check.stdout}{check.stderr}")
        shots = home / "bilder"
        shot = run("--screenshot", str(shots))
        pngs = sorted(shots.glob("*.png")) if shots.is_dir() else []
        if shot.returncode != 0 or len(pngs) < 20 or any(
                p.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n" or p.stat().st_size < 10_000
                for p in pngs):
            failures.append(f"--screenshot: exit {shot.returncode}, {len(pngs)} PNG\n"
                            f"{shot.stdout}{shot.stderr}")
        pdf = home / "spickzettel.pdf"
        made = run("--pdf", str(pdf), "--game", "atlantis")
        if made.returncode != 0 or not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
            failures.append(f"--pdf: exit {made.returncode}\n{made.stdout}{made.stderr}")
        elif b"/Type /Page" not in pdf.read_bytes():
            failures.append("--pdf: the file has no page")
        leaked = [p for p in home.rglob("*") if REPO.as_posix() in p.as_posix()]
        if leaked:
            failures.append(f"paths of the checkout appear in HOME: {leaked}")
    for failure in failures:
        print("FEHLER", failure)
    print(f"smoke test of the built bundle: {3 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


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
