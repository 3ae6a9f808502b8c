"""App start until the main window is shown, against a bare PySide6 window started the same way."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from tests.conftest import REPO

BARE_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv)
w = QWidget(); w.resize(1280, 800); w.show()
app.processEvents()
"""

RUNS = 15
TARGET = 1.5


def _median_start(argv: list[str], until: str = "window") -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_EXIT_WHEN_SHOWN": until}
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        subprocess.run(argv, cwd=REPO, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run() -> list[str]:
    bare = _median_start([sys.executable, "-c", BARE_WINDOW])
    # Exactly what the installed `regelfrisch` launcher runs, started like the bare window.
    launcher = [sys.executable, "-c", "import sys; from app.__main__ import main; sys.exit(main())"]
    app = _median_start(launcher, "window")
    content = _median_start(launcher, "content")
    ratio = app / bare
    verdict = "ok" if ratio <= TARGET else "ZU LANGSAM"
    return [
        f"bare PySide6 window: {bare * 1000:.0f} ms (median of {RUNS})",
        f"Regelfrisch main window shown: {app * 1000:.0f} ms (median of {RUNS})",
        f"ratio window shown {ratio:.2f}× (target ≤ {TARGET}×) {verdict}",
        f"refresher content on screen (all games loaded and checked): {content * 1000:.0f} ms, "
        f"{content / bare:.2f}× the bare window",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
