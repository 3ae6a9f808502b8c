"""Erklärmodus: one press from screen to screen (or sentence to sentence), board included.

Measured at 1920×1080 over the whole explanation of each game: the key's work (the next
screen's words laid out, the board set to its position and its move started) plus painting
the whole window into an image, i.e. until the frame is ready. Between two presses the event
loop runs until it is idle – at the table seconds pass between presses, and the stage uses
them to paint the board the next press shows (:meth:`Stage.prepare`). The same walk once more
with every painted board thrown away before each press and no idle time gives the cold figure
(a jump, or a presenter pressing faster than the board can be prepared).

The baseline, measured in the same run, is painting the board drawing alone from scratch at
the same size (what every press cost before the stage cached its pictures). The cold walk
also finds no screen built ahead. Target (issue 28):
≤ 16 ms a press, one frame at 60 Hz.
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
IDLE_LIMIT_S = 2.0


def _paint(widget, image: QImage) -> None:
    image.fill(0)
    painter = QPainter(image)
    widget.render(painter, QPoint())
    painter.end()


def _idle(app, stage) -> None:
    """Let the event loop run as it does between two presses at the table."""
    app.processEvents()
    deadline = time.perf_counter() + IDLE_LIMIT_S
    while stage is not None and stage.preparing and time.perf_counter() < deadline:
        app.processEvents()


def _walk(app, p, image: QImage, *, warm: bool) -> tuple[list[float], list[float]]:
    presses, boards = [], []
    p.go_to(0)
    _idle(app, p.stage)
    while True:
        before = (p.index, p.build)
        if not warm:
            p.skip_preparation()
            if p.stage is not None:
                p.stage.drop_pictures()
        started = time.perf_counter()
        p.next()
        _paint(p, image)
        presses.append((time.perf_counter() - started) * 1000)
        if (p.index, p.build) == before:
            presses.pop()
            break
        stage = p.stage
        if warm and stage is not None and stage.isVisibleTo(p):
            canvas = stage._canvas()
            board = QImage(canvas.size(), QImage.Format.Format_ARGB32_Premultiplied)
            board.fill(0)
            painter = QPainter(board)
            started = time.perf_counter()
            stage.paint_board_uncached(painter)
            boards.append((time.perf_counter() - started) * 1000)
            painter.end()
        if warm:
            _idle(app, stage)
        else:
            p.skip_preparation()  # no idle time: the next press finds nothing prepared
            app.processEvents()
    return presses, boards


def measure(game_id: str) -> dict[str, float]:
    """Median and 90th percentile of a press (warm and cold) and of the board alone, in ms."""
    app = QApplication.instance() or QApplication([])
    apply_theme(app, LIGHT)
    lesson = build_lesson(load_game(content_root() / game_id, check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1920, 1080))
    app.processEvents()
    image = QImage(p.size(), QImage.Format.Format_ARGB32_Premultiplied)
    warm, cold, boards = [], [], []
    for _round in range(ROUNDS):
        presses, board = _walk(app, p, image, warm=True)
        warm += presses
        boards += board
        cold += _walk(app, p, image, warm=False)[0]
    p.close()
    warm.sort()
    cold.sort()
    return {"presses": len(warm) // ROUNDS, "warm": statistics.median(warm),
            "warm90": warm[int(len(warm) * 0.9)], "cold": statistics.median(cold),
            "cold90": cold[int(len(cold) * 0.9)], "board": statistics.median(boards)}


def run() -> list[str]:
    lines = [f"Last (1 min): {os.getloadavg()[0]:.1f} auf {os.cpu_count()} Kernen"]
    for game_id in ("atlantis", "atacama", "survive"):
        m = measure(game_id)
        verdict = "ok" if m["warm90"] <= TARGET_MS else "ZU LANGSAM"
        lines.append(
            f"{game_id}: {m['presses']} Tastendrücke, Median {m['warm']:.1f} ms, "
            f"90 % ≤ {m['warm90']:.1f} ms (Ziel ≤ {TARGET_MS:.0f} ms: {verdict}); "
            f"nur das Brett neu zeichnen {m['board']:.1f} ms → Verhältnis "
            f"{m['warm'] / m['board']:.2f}×; kalt (nichts vorbereitet) Median {m['cold']:.1f} ms, "
            f"90 % ≤ {m['cold90']:.1f} ms")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
