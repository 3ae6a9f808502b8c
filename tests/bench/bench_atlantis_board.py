"""Atlantis „Spielbrett“ speed: a full board redraw (≤ 16 ms) and a move on screen (≤ 50 ms).

* Redraw: build the scene of a 53-position practice situation (with highlights) and render
  the board view into a QImage. Baseline, same run: rendering an empty scene of the same size
  (background colour only) through the same view into the same QImage.
* Move: the last card of a pawn move is played as a click would play it (engine ``apply``,
  side panel, outcome replay, board rebuild), then the event loop lays out and paints what
  changed into the window (on the offscreen platform its backing store is a QImage). Baseline,
  same run: a full repaint of the unchanged section view. Also shown: the same with an extra
  full render of the view into a separate QImage.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

REDRAW_TARGET_MS = 16.0
MOVE_TARGET_MS = 50.0
REPETITIONS = 25
SEED = 7
BOARD_SIZE = (680, 560)  # the board's share of the section at 1280 × 800
VIEW_SIZE = (1048, 760)  # the section at 1280 × 800 (window minus the 232 px sidebar)


def _median_ms(run, prepare=None) -> float:
    if prepare:
        prepare()
    run()  # warm-up: glyph pixmaps and fonts are cached after the first frame
    samples = []
    for _ in range(REPETITIONS):
        if prepare:
            prepare()
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _render(widget, image: QImage) -> None:
    if isinstance(widget, QGraphicsView):
        # What the view shows: its scene through its transform, as painted on screen.
        painter = QPainter(image)
        widget.render(painter, QRectF(image.rect()), widget.viewport().rect())
        painter.end()
    else:
        widget.render(image)


def _redraw_figures() -> tuple[float, float]:
    from app.rules.atlantis import practice_situation
    from app.ui.boards.atlantis_scene import Highlights, SceneView, board_scene
    from app.ui.theme import LIGHT

    state = practice_situation(SEED).state
    marks = Highlights(targets=(20, 23, 25), passed=(20, 23), taken=24, arrow_from=25,
                       selected=8, player=0)
    view = SceneView()
    view.resize(*BOARD_SIZE)
    view.show()
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    keep = []

    def redraw() -> None:
        scene = board_scene(state, marks, columns=11)
        view.setScene(scene)
        view.fit()
        _render(view, image)
        keep[:] = [scene]  # the previous scene goes once the view no longer shows it

    redraw_ms = _median_ms(redraw)
    empty = QGraphicsScene(QRectF(keep[0].sceneRect()))
    empty.setBackgroundBrush(QColor(LIGHT.bg))  # at least every pixel is painted once

    def baseline() -> None:
        view.setScene(empty)
        view.fit()
        _render(view, image)

    base_ms = _median_ms(baseline)
    view.setScene(keep[0])

    def paint_only() -> None:
        view.fit()
        _render(view, image)

    paint_ms = _median_ms(paint_only)
    view.close()
    return redraw_ms, base_ms, paint_ms


def _move_figures() -> tuple[float, float, str]:
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.rules.atlantis import Advance, legal_moves, practice_situation
    from app.ui.app_state import AppState, Services
    from app.ui.views.atlantis_board_view import AtlantisBoardView

    loaded = load_library(content_root()).game("atlantis")
    view = AtlantisBoardView(loaded, Services(AppState()))
    view.resize(*VIEW_SIZE)
    view.show()
    QApplication.processEvents()
    state = practice_situation(SEED).state
    advances = [m for m in legal_moves(state) if isinstance(m, Advance)]
    move = max(advances, key=lambda m: (len(m.cards), m.origin))
    image = QImage(view.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def prepare() -> None:
        view.session.start(state, source="Messung")
        view.draft.select_pawn(move.origin)
        for card in move.cards[:-1]:
            view.draft.play_card(card)
        QApplication.processEvents()

    def click() -> None:
        # As the event loop does after a click: the move, then layout and the paint of
        # everything that changed into the window (the offscreen platform's QImage).
        view.play_card(move.cards[-1])
        QApplication.processEvents()
        assert view.session.outcome is not None

    move_ms = _median_ms(click, prepare)

    def click_and_grab() -> None:
        click()
        _render(view, image)

    grab_ms = _median_ms(click_and_grab, prepare)

    def baseline() -> None:
        view.repaint()

    base_ms = _median_ms(baseline)
    view.close()
    return move_ms, base_ms, grab_ms, str(move)


def run() -> list[str]:
    app = QApplication.instance() or QApplication([])
    from app.ui.theme import LIGHT, apply_theme

    apply_theme(app, LIGHT)
    redraw_ms, redraw_base, paint_ms = _redraw_figures()
    move_ms, move_base, grab_ms, move = _move_figures()
    return [
        f"board redraw (53 positions, scene + render {BOARD_SIZE[0]}×{BOARD_SIZE[1]}): "
        f"{redraw_ms:.2f} ms median, target ≤ {REDRAW_TARGET_MS:.0f} ms; "
        f"ratio {redraw_ms / redraw_base:.1f}× vs. rendering an empty scene of the same size "
        f"({redraw_base:.2f} ms); painting the built scene alone takes {paint_ms:.2f} ms",
        f"move on screen after the click ({move}: apply + panel + board + layout and paint "
        f"of the {VIEW_SIZE[0]}×{VIEW_SIZE[1]} view): {move_ms:.2f} ms median, target ≤ "
        f"{MOVE_TARGET_MS:.0f} ms; ratio {move_ms / move_base:.1f}× vs. a full repaint of the "
        f"unchanged view ({move_base:.2f} ms); with an extra full render into a QImage "
        f"{grab_ms:.2f} ms",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
