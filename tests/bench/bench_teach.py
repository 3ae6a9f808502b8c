"""Erklärmodus: one press from screen to screen (or sentence to sentence), board included.

Measured at 1920×1080 over the whole explanation of each game: the key's work (the next
screen's words laid out, the board set to its position and its move started) plus painting
the whole window into an image, i.e. until the frame is ready. The baseline, measured in the
same run, is painting the board alone at the same size. Target (issue 28): ≤ 16 ms a press,
one frame at 60 Hz.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.teaching import build_lesson
from app.ui.teach.presentation import open_presentation
from app.ui.theme import LIGHT, apply_theme

TARGET_MS = 16.0
ROUNDS = 3


def _paint(widget, image: QImage) -> None:
    image.fill(0)
    painter = QPainter(image)
    widget.render(painter, QPoint())
    painter.end()


def measure(game_id: str) -> tuple[float, float, float, int]:
    """(median ms a press, 90th percentile, median ms painting the board alone, presses)."""
    app = QApplication.instance() or QApplication([])
    apply_theme(app, LIGHT)
    lesson = build_lesson(load_game(content_root() / game_id, check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1920, 1080))
    app.processEvents()
    image = QImage(p.size(), QImage.Format.Format_ARGB32_Premultiplied)
    presses, boards = [], []
    for _round in range(ROUNDS):
        p.go_to(0)
        app.processEvents()
        while True:
            before = (p.index, p.build)
            started = time.perf_counter()
            p.next()
            _paint(p, image)
            presses.append((time.perf_counter() - started) * 1000)
            if (p.index, p.build) == before:
                presses.pop()
                break
            stage = p.stage
            if stage is not None and stage.isVisibleTo(p):
                board = QImage(stage.size(), QImage.Format.Format_ARGB32_Premultiplied)
                started = time.perf_counter()
                _paint(stage, board)
                boards.append((time.perf_counter() - started) * 1000)
            app.processEvents()
    p.close()
    presses.sort()
    p90 = presses[int(len(presses) * 0.9)]
    return statistics.median(presses), p90, statistics.median(boards), len(presses) // ROUNDS


def run() -> list[str]:
    lines = []
    for game_id in ("atlantis", "atacama", "survive"):
        step, p90, board, count = measure(game_id)
        verdict = "ok" if p90 <= TARGET_MS else "ZU LANGSAM"
        lines.append(f"{game_id}: {count} Tastendrücke, Median {step:.1f} ms, 90 % ≤ {p90:.1f} ms "
                     f"(Ziel ≤ {TARGET_MS:.0f} ms: {verdict}); nur das Brett neu zeichnen "
                     f"{board:.1f} ms → Verhältnis {step / board:.1f}×")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
