"""The Rechner pages fit beside the sidebar — with its count badges' room kept — at 800×600,
900×700 and 1280×800, at normal and larger text, without scrolling sideways: their input
grids give up columns instead of width (issue #27)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QApplication

from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.settings import DEFAULT_FONT_PT, Settings
from tests.ui.test_layout import clipping

GAMES = ("atlantis", "atacama", "survive")
SIZES = [(800, 600), (900, 700), (1280, 800)]


def open_window(qtbot, library, folder, font_pt: float, size):
    """The window as a user starts it with that text size saved, with marks to re-read in
    every game (the sidebar shows its count badges)."""
    make_application()
    settings = Settings()
    settings.font_pt = font_pt
    progress = ProgressModel(folder)
    for game in GAMES:
        pitfalls = [p.id for p in library.game(game).game.content.pitfalls]
        progress.store(game).record_situation(pitfalls, [])
    window = create_main_window(library, "atlantis", progress, settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    assert window.section_list.font().pointSizeF() == font_pt
    return window


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def sideways(view) -> list[str]:
    return [type(area).__name__ for area in [view, *view.findChildren(QAbstractScrollArea)]
            if area.isVisible() and area.horizontalScrollBar().isVisible()]


@pytest.mark.parametrize("larger", [0, 1, 2, 3], ids=lambda n: f"+{n}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rechner_fits_without_sideways_scrolling(qtbot, library, tmp_path, size,
                                                       larger):
    window = open_window(qtbot, library, tmp_path, DEFAULT_FONT_PT + larger, size)
    for game in GAMES:
        window.state.select_game(game)
        view = window.view_for("calculators")
        settle()
        assert window.marked_count("pitfalls") > 0, "the sidebar shows its badge"
        assert sideways(view) == [], game
        assert view.widget().width() <= view.viewport().width(), game
        problems = clipping(view)
        assert problems == [], (game, problems)


@pytest.mark.parametrize("larger", [0, 3], ids=lambda n: f"+{n}")
def test_atlantis_scoring_is_a_table_where_it_fits_and_blocks_where_not(
        qtbot, library, tmp_path, larger):
    window = open_window(qtbot, library, tmp_path, DEFAULT_FONT_PT + larger, (800, 600))
    view = window.view_for("calculators")
    settle()
    table = view.score_table
    card = view.anchors["score"]

    def arranged() -> tuple[bool, list[int], list[int]]:
        settle()
        tiles = [t.mapTo(card, t.rect().center()).y() for t, _c, _d, _p in view.players]
        cards = [c.mapTo(card, c.rect().center()).y() for _t, c, _d, _p in view.players]
        return table.narrow, tiles, [c - t for t, c in zip(tiles, cards, strict=True)]

    narrow, rows, below = arranged()
    assert narrow, "800×600 beside the sidebar: one block per player"
    assert rows == sorted(rows) and len(set(rows)) == 4
    assert all(dy > 0 for dy in below), "hand cards under the tile values"
    headers = [table.itemAt(i).widget() for i in range(5)]
    assert not any(h.isVisible() for h in headers), "no header row over the blocks"
    captions = {w.text() for w in view.anchors["score"].findChildren(type(headers[0]))
                if w.isVisible() and w.objectName() == "Muted"}
    assert {"Handkarten", "Unbezahlt", "Punkte"} <= captions
    every_field_in(card, view)
    # A wide window: the table with its header row, each player on one line.
    window.resize(1600, 1000)
    narrow, rows, below = arranged()
    if larger == 0:
        assert not narrow
        assert all(h.isVisible() for h in headers)
        assert all(abs(dy) <= 1 for dy in below), "hand cards beside the tile values"
    every_field_in(card, view)
    # What it computes is the same either way.
    view.set_player(0, "5 3 7", cards=2, debt=1)
    view.set_player(1, "7 7", cards=0)
    assert view.players[0][3].text() == "16" and view.players[1][3].text() == "14"
    assert view.score_result.text() == "Sieger: Blau"


def every_field_in(card, view) -> None:
    for tiles, cards, debt, points in view.players:
        for widget in (tiles, cards, debt, points):
            assert widget.isVisible()
            rect = QRect(widget.mapTo(card, QPoint(0, 0)), widget.size())
            assert card.rect().contains(rect), widget.accessibleName()
            assert widget.width() >= widget.minimumSizeHint().width() - 1, \
                widget.accessibleName()


@pytest.mark.parametrize("size, columns", [((800, 600), {5}), ((1280, 800), {9})],
                         ids=["800x600", "1280x800"])
def test_atacama_line_wraps_in_balanced_rows_in_reading_order(qtbot, library, tmp_path, size,
                                                              columns):
    window = open_window(qtbot, library, tmp_path, DEFAULT_FONT_PT, size)
    window.state.select_game("atacama")
    view = window.view_for("calculators")
    settle()
    places = [cell.mapTo(view.cells_box, QPoint(0, 0)) for cell in view.cells]
    rows: dict[int, list[int]] = {}
    for place in places:
        rows.setdefault(place.y(), []).append(place.x())
    assert {len(xs) for xs in rows.values()} <= columns | {len(view.cells) % max(columns)}
    assert len(rows[min(rows)]) in columns, "the first row is the full one"
    # Read row by row, left to right: field 1 … 9 in order.
    assert sorted(places, key=lambda p: (p.y(), p.x())) == places
    for cell in view.cells:
        rect = QRect(cell.mapTo(view.cells_box, QPoint(0, 0)), cell.size())
        assert view.cells_box.rect().contains(rect)
    # Typing the line still fills the nine cells in order, wrapped or not.
    view.line_edit.setText("linie k1 G2 s3 K4 g5 S1 k2 G3 s4")
    assert [c.kind.currentText() for c in view.cells] == [
        "K1", "G2", "S3", "K4", "G5", "S1", "K2", "G3", "S4"]
