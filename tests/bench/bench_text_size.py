"""A text-size step (Ctrl+Plus) after the player visited every page of the three games.

The style sheet once named the font sizes, so every step replaced it and Qt re-polished
every widget of every page, shown or not: 2.8–3.1 s per step once the pages were visited.
The sheet now stays, and a step resizes the windows on screen (app/ui/text_size.py). The
baseline, measured in the same run, is that old cost: re-polishing every widget once (the
application's sheet set again). Target: ≤ 100 ms per step on any page, painted: every page of
every game is measured (the median of four steps, up and down), the worst reported; wall
time and the GUI thread's CPU time (``time.thread_time``, which on a shared machine does
not count the time other processes had the core). Times on a shared machine vary by a third
from run to run; the count of wrapped-text layouts per step does not (one per label is the
least a step can do: the font changed).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 100.0


def _painted(app, window) -> None:
    app.processEvents()
    window.repaint()


def run() -> list[str]:
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.ui.application import create_main_window, make_application
    from app.ui.settings import DEFAULT_FONT_PT
    from app.ui.widgets import WrappedLabel

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
        results = {}
        # Layouts of wrapped labels at a width (height for width) per step: independent of
        # the load, unlike the times. Once per label is the least a step can do.
        label_layouts = {}
        for game in games:
            window.state.select_game(game)
            for section in [s.key for s in window.sections()]:
                window.state.open(game, section)
                _painted(app, window)
                steps, cpu, layouts = [], [], []
                labels = [w for w in window.current_view().findChildren(WrappedLabel)
                          if w.isVisible()]
                for step in (1.0, 1.0, -1.0, -1.0):
                    started, cpu_started = time.perf_counter(), time.thread_time()
                    window.zoom(step)
                    _painted(app, window)
                    steps.append((time.perf_counter() - started) * 1000)
                    cpu.append((time.thread_time() - cpu_started) * 1000)
                    layouts.append(sum(len(w.laid_out_widths()) for w in labels))
                results[f"{game}/{section}"] = (statistics.median(steps),
                                                statistics.median(cpu))
                label_layouts[f"{game}/{section}"] = (statistics.median(layouts), len(labels))
        for page, (ms, cpu_ms) in results.items():
            verdict = "ok" if ms <= TARGET_MS else "ZU LANGSAM"
            lines.append(f"Schriftgröße-Schritt auf {page}: {ms:.0f} ms (CPU {cpu_ms:.0f} ms; "
                         f"Ziel ≤ {TARGET_MS:.0f} ms) – {verdict}")
        worst_page, (worst, worst_cpu) = max(results.items(), key=lambda item: item[1][0])
        cpu_page, (_, most_cpu) = max(results.items(), key=lambda item: item[1][1])
        lines.append(f"langsamster Schritt {worst_page}: {worst:.0f} ms (CPU {worst_cpu:.0f} ms)"
                     f"; am meisten CPU {cpu_page}: {most_cpu:.0f} ms")
        done = sum(count for count, _ in label_layouts.values())
        shown = sum(labels for _, labels in label_layouts.values())
        most_page, (most, most_labels) = max(label_layouts.items(),
                                             key=lambda item: item[1][0] / max(1, item[1][1]))
        lines.append(f"Text-Layouts (Höhe bei Breite) je Schritt, alle Seiten: {done:.0f} für "
                     f"{shown} umbrechende Textfelder ({done / max(1, shown):.2f} je Feld; am "
                     f"meisten {most_page}: {most:.0f} für {most_labels})")
        window.zoom(0)
        window.theme.set_font_pt(DEFAULT_FONT_PT)
        load = os.getloadavg()[0]
        lines.append(f"langsamster Schritt = {worst / baseline:.2f}× ein "
                     f"Neu-Polieren aller {widgets} Widgets ({baseline:.0f} ms, so kostete "
                     f"ein Schritt vorher); Systemlast {load:.1f} auf {os.cpu_count()} Kernen")
        window.close()
    return lines
