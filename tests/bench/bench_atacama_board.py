"""Atacama board: a full repaint into a QImage, against an empty QWidget of the same size.

Target (issue 7): a full repaint of the plan in at most 16 ms (one frame at 60 Hz). Also
measured: a click on the board view until board, scores and notation show the new state.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QWidget

from app.rules.atacama import Variant, legal_moves, random_position
from app.ui.boards.atacama_board import AtacamaBoardWidget
from app.ui.theme import LIGHT, apply_theme

REPEATS = 60
TARGET_MS = 16.0


def _median_render_ms(widget: QWidget, image: QImage) -> float:
    times = []
    for _ in range(REPEATS):
        image.fill(0)
        painter = QPainter(image)
        started = time.perf_counter()
        widget.render(painter, QPoint())
        times.append(time.perf_counter() - started)
        painter.end()
    return statistics.median(times) * 1000


def _board(state) -> AtacamaBoardWidget:
    board = AtacamaBoardWidget(state)
    board.resize(board.sizeHint())
    return board


def run() -> list[str]:
    app = QApplication.instance() or QApplication([])
    apply_theme(app, LIGHT)
    mid = random_position(3, turns=16)
    full = random_position(4, Variant(4, tactical=True))
    boards = {
        "empty plan": _board(random_position(1, turns=0)),
        "mid-game (16 derricks, hover)": _board(mid),
        "finished 4p Taktikvariante": _board(full),
    }
    hover = boards["mid-game (16 derricks, hover)"]
    hover._hovered = legal_moves(mid)[0].square
    size = hover.size()
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    blank = QWidget()
    blank.resize(size)
    baseline = _median_render_ms(blank, image)
    lines = [f"baseline: empty QWidget {size.width()}×{size.height()} rendered: "
             f"{baseline:.3f} ms (median of {REPEATS})"]
    for name, board in boards.items():
        ms = _median_render_ms(board, image)
        verdict = "ok" if ms <= TARGET_MS else "ZU LANGSAM"
        lines.append(f"board repaint, {name}: {ms:.2f} ms (target ≤ {TARGET_MS:.0f} ms) "
                     f"{verdict}; ratio vs. empty QWidget {ms / baseline:.0f}×")
    lines.append(_click_to_screen(app))
    return lines


def _click_to_screen(app: QApplication) -> str:
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.ui.views.atacama_board_view import AtacamaBoardView

    view = AtacamaBoardView(load_library(content_root()).game("atacama"))
    view.resize(1064, 760)
    view.show()
    app.processEvents()
    times = []
    for _ in range(10):
        view.draft.restart()
        app.processEvents()
        for move in (40, 30, 50, 20, 60, 10, 70, 0):
            started = time.perf_counter()
            view.draft.place(move)
            view.board.repaint()
            times.append(time.perf_counter() - started)
    ms = statistics.median(times) * 1000
    view.close()
    return (f"click → state, scores, notation and board repainted: {ms:.2f} ms "
            f"(median of {len(times)}; one frame is 16 ms)")


if __name__ == "__main__":
    print("\n".join(run()))
