"""The text the Atacama board and the Survive map draw grows with the text size (Ctrl+Plus),
as the Atlantis board's field numbers do, and at the largest size nothing runs into anything
(issue #27, a gap left from #26)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.ui.settings import DEFAULT_FONT_PT, MAX_FONT_PT


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def keys(window, sequence: str) -> None:
    """The keys as a user presses them, into whatever has the focus."""
    window.activateWindow()
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(sequence))
    settle()


def drawing(window, game: str):
    window.state.select_game(game)
    window.state.open(game, "board")
    settle()
    view = window.view_for("board")
    return view, (view.board if game == "atacama" else view.map)


def pixels(board) -> dict[str, int]:
    return {role: font.pixelSize() for role, font in board.fonts().items()}


@pytest.fixture
def wide(window):
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(1280, 800)
    settle()
    return window


@pytest.mark.parametrize("game", ["atacama", "survive"])
def test_board_text_follows_ctrl_plus_and_back(wide, game):
    view, board = drawing(wide, game)
    before, size_before = pixels(board), board.width()
    keys(wide, "Ctrl++")
    keys(wide, "Ctrl++")
    assert view.font().pointSizeF() == DEFAULT_FONT_PT + 2
    after = pixels(board)
    # Every kind of text is at least as large; the coordinates always grow (their margin
    # grows with them), and so does what is read most: values, terrain letters.
    assert all(after[role] >= before[role] for role in before), (before, after)
    assert after["coordinates"] > before["coordinates"]
    # What is read most grows against the drawing (which may get less room beside a panel
    # that grew with the text): the fields' values, the terrain letters.
    main = "value" if game == "atacama" else "letter"
    assert after[main] / board.width() > before[main] / size_before, (before, after)
    board.grab()  # and it paints at that size
    keys(wide, "Ctrl+-")
    keys(wide, "Ctrl+-")
    assert pixels(board) == before


def test_atacama_text_at_the_largest_size_keeps_apart(wide):
    view, board = drawing(wide, "atacama")
    while view.font().pointSizeF() < MAX_FONT_PT:
        keys(wide, "Ctrl++")
    fonts = board.fonts()
    assert fonts["value"].pixelSize() > round(board._cell * 0.34)
    label, count = board.margins()
    # Coordinates and counts fit their margins …
    coordinates = QFontMetricsF(fonts["coordinates"])
    assert coordinates.height() <= label - 2
    assert coordinates.horizontalAdvance("9") <= label - 4
    assert QFontMetricsF(fonts["counts"]).horizontalAdvance("9") <= count - 4
    # … and in a field the value stays in the derrick's disc, clear of the initial.
    cell = board._cell
    field = QRectF(board.square_rect(40))
    value = QFontMetricsF(fonts["value"]).tightBoundingRect("5")
    assert max(value.width(), value.height()) <= cell * 0.6
    value.moveCenter(field.center())
    painter = board._field_painter()
    initial = QFontMetricsF(painter.initial_font).boundingRect("K")
    inset = max(2.0, cell * 0.07)
    initial.moveTopLeft(field.topLeft() + QRectF(0, 0, inset + 1, inset - 1).bottomRight())
    assert not initial.intersects(value)


def test_survive_text_at_the_largest_size_keeps_apart(wide):
    view, board = drawing(wide, "survive")
    while view.font().pointSizeF() < MAX_FONT_PT:
        keys(wide, "Ctrl++")
    fonts, r, margin = board.fonts(), board.radius, board.margin()
    coordinates = QFontMetricsF(fonts["coordinates"])
    assert coordinates.horizontalAdvance("11") <= margin - 3  # row numbers beside the map
    assert coordinates.height() <= margin - 2  # column letters above it
    assert QFontMetricsF(fonts["letter"]).capHeight() <= r * 0.72  # a terrain letter's room
    small = QFontMetricsF(fonts["small"])
    assert small.horizontalAdvance("sicher") <= 2 * r and small.capHeight() <= r * 0.5
    # The map is laid out with its larger margin and still fits the page's width.
    assert board.size() == board.size_for(r)
    assert board.width() <= view.page.viewport().width()
