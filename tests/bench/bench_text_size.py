"""A text-size step (Ctrl+Plus) after the player visited every page of the three games.

The style sheet once named the font sizes, so every step replaced it and Qt re-polished
every widget of every page, shown or not: 2.8–3.1 s per step once the pages were visited.
The sheet now stays, and a step resizes the windows on screen (app/ui/text_size.py). The
baseline, measured in the same run, is that old cost: re-polishing every widget once (the
application's sheet set again). Target: ≤ 100 ms per step on any page, painted.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 100.0
PAGES = (("atlantis", "board"), ("atlantis", "pitfalls"), ("atacama", "calculators"),
         ("survive", "calculators"), ("survive", "quiz"))


def _painted(app, window) -> None:
    app.processEvents()
    window.repaint()


def run() -> list[str]:
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.ui.application import create_main_window, make_application
    from app.ui.settings import DEFAULT_FONT_PT

    app = make_application()
    library = load_library(content_root())
    lines = []
    with tempfile.TemporaryDirectory() as data:
        os.environ["REGELFRISCH_DATA"] = data
        window = create_main_window(library, "atlantis", remember=False)
        window.resize(1280, 800)
        window.show()
        while not window.ready:
            app.processEvents()
        games = [window.game_switcher.itemData(i) for i in range(window.game_switcher.count())]
        for game in games:
            window.state.select_game(game)
            for section in window.sections():
                window.state.select_section(section.key)
                app.processEvents()
        widgets = len(app.allWidgets())
        sheet = app.styleSheet()
        repolish = []
        for _ in range(2):
            started = time.perf_counter()
            app.setStyleSheet("")
            app.setStyleSheet(sheet)
            _painted(app, window)
            repolish.append((time.perf_counter() - started) * 1000)
        baseline = statistics.median(repolish)
        worst = 0.0
        for game, section in PAGES:
            window.state.open(game, section)
            _painted(app, window)
            steps, cpu = [], []
            for step in (1.0, 1.0, -1.0, -1.0):
                started, cpu_started = time.perf_counter(), time.process_time()
                window.zoom(step)
                _painted(app, window)
                steps.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - cpu_started) * 1000)
            ms = statistics.median(steps)
            worst = max(worst, ms)
            verdict = "ok" if ms <= TARGET_MS else "ZU LANGSAM"
            # CPU time beside wall time: on a shared machine the wall clock also counts
            # the time other processes had the core.
            lines.append(f"Schriftgröße-Schritt auf {game}/{section}: {ms:.0f} ms "
                         f"(CPU {statistics.median(cpu):.0f} ms; Ziel ≤ {TARGET_MS:.0f} ms) "
                         f"– {verdict}")
        window.zoom(0)
        window.theme.set_font_pt(DEFAULT_FONT_PT)
        load = os.getloadavg()[0]
        lines.append(f"langsamster Schritt {worst:.0f} ms = {worst / baseline:.2f}× ein "
                     f"Neu-Polieren aller {widgets} Widgets ({baseline:.0f} ms, so kostete "
                     f"ein Schritt vorher); Systemlast {load:.1f} auf {os.cpu_count()} Kernen")
        window.close()
    return lines
