"""Issue #27, point 7: the move's explanation under the Atlantis board reads whole at 1280×800 –
moves with two and three cards and a pawn passing several gaps at normal text, every kind of
move one step larger (Ctrl+Plus) – and scrolls whole, never cut, in smaller windows.

Played as a player plays: the practice number typed and loaded, the pawn clicked, the cards
by their letter keys, the text size by Ctrl+Plus through the window.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.rules.atlantis import MAINLAND, format_pages
from app.ui.settings import DEFAULT_FONT_PT
from tests.ui.test_small_windows import (
    MOVE_KINDS,
    explanation_under_the_board,
    in_view,
    pawn_move,
    practice_number,
    settle,
)
from tests.ui.util import plain


def ctrl_plus(window) -> None:
    """One step larger text, by the keys, into whatever has the focus."""
    window.activateWindow()
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence("Ctrl++"))
    settle()
    assert window.theme.font_pt == DEFAULT_FONT_PT + 1


@pytest.fixture
def board(window):
    """The Atlantis board at 1280×800, normal text."""
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(1280, 800)
    settle()
    window.state.open("atlantis", "board")
    settle()
    return window.view_for("board")


# Moves of the board's own practice positions (the number a player types in).
def two_cards(qtbot, view) -> None:
    # Practice 7, Blue from Feld 20: the statue's tile is taken by Black, the amphora's is free;
    # a gap, the tile, three equally good payments (R9) with the choice above them.
    practice_number(qtbot, view, 7)
    pawn_move(qtbot, view, 20, "S", "A")
    assert len(view.session.outcome.movement.steps) == 2
    assert len(view.draft.payment_choices()) > 1


def three_cards(qtbot, view) -> None:
    # Practice 3, Blue from Atlantis: two occupied targets, then a free one.
    practice_number(qtbot, view, 3)
    pawn_move(qtbot, view, 0, "A", "S", "H")
    assert len(view.session.outcome.movement.steps) == 3


def several_gaps(qtbot, view) -> None:
    # Practice 17, Blue from Feld 22 with two cards over three gaps, two of them bridged.
    practice_number(qtbot, view, 17)
    pawn_move(qtbot, view, 22, "H", "S")
    gaps = view.session.outcome.movement.gaps
    assert len(gaps) >= 3 and any(g.bridge is not None for g in gaps)


def read_whole(qtbot, view) -> None:
    """Under the board, every sentence in view, nothing to scroll, no line cut; the whole
    board with the Festland in view and tiles still easy to hit."""
    area = explanation_under_the_board(qtbot, view)
    paragraphs = [text for text in view.side.step_rows if text.isVisible()]
    for text in paragraphs:
        assert text.height() >= text.heightForWidth(text.width()), "no line cut off"
        assert in_view(text, area)
    note = view.side.payment_note
    if note.isVisible():
        assert note.height() >= note.heightForWidth(note.width())
        assert in_view(view.side.payment_combo, area) and in_view(note, area)
    canvas = view.canvas
    festland = canvas.mapFromScene(canvas.board.rect_of(MAINLAND)).boundingRect()
    assert in_view(canvas, view.page) and canvas.viewport().rect().contains(festland)
    assert canvas.mapFromScene(canvas.board.rect_of(1)).boundingRect().width() >= 26


def says_everything(view) -> None:
    """Every sentence of the engine and every one of its sources is shown."""
    paragraphs = [text for text in view.side.step_rows if text.isVisible()]
    said = " ".join(text.accessibleName() for text in paragraphs)
    shown = " ".join(plain(text.text()) for text in paragraphs).replace("\xa0", " ")
    for step in view.session.explanation.steps:
        assert step.text in said and step.text in shown, step.text
        if step.pages:
            assert format_pages(step.pages) in shown, step.text


@pytest.mark.parametrize("play_it", [two_cards, three_cards, several_gaps],
                         ids=lambda f: f.__name__)
def test_long_moves_read_whole_under_the_board_at_1280x800(qtbot, board, play_it):
    play_it(qtbot, board)
    read_whole(qtbot, board)
    says_everything(board)


@pytest.mark.parametrize("play_it", MOVE_KINDS, ids=lambda f: f.__name__)
def test_every_kind_of_move_reads_whole_one_text_size_larger(qtbot, window, board, play_it):
    ctrl_plus(window)
    play_it(qtbot, board)
    read_whole(qtbot, board)
    says_everything(board)


def test_a_run_of_sentences_on_the_same_page_names_it_once(qtbot, board):
    """Ten gaps used to end in „S. 4“ ten times; the run names its page once, after its last
    sentence, and every sentence still has its source before the next one's."""
    several_gaps(qtbot, board)
    steps = board.session.explanation.steps
    gap_texts = [s.text for s in steps if s.text.startswith("Die Lücke zwischen")]
    assert len(gap_texts) >= 3
    way = next(t for t in board.side.step_rows if gap_texts[0] in t.accessibleName())
    shown = plain(way.text()).replace("\xa0", " ")
    between = shown[shown.index(gap_texts[0]):shown.index(gap_texts[-1])]
    assert "S. 4" not in between
    assert shown[shown.index(gap_texts[-1]):].count("S. 4") == 1


@pytest.mark.parametrize("size", [(800, 600), (900, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("play_it", [two_cards, three_cards], ids=lambda f: f.__name__)
def test_long_moves_scroll_whole_in_small_windows(qtbot, window, size, play_it):
    """Smaller windows: the explanation in the panel under the board, the page scrolls; every
    paragraph can be brought wholly into view, none is cut, nothing lies over anything."""
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(*size)
    window.state.open("atlantis", "board")
    settle()
    view = window.view_for("board")
    play_it(qtbot, view)
    settle()
    assert view.explanation_area.widget() is None
    card = view.side.outcome_card
    paragraphs = [t for t in view.side.step_rows if t.isVisible()]
    assert paragraphs
    for text in paragraphs:
        assert text.height() >= text.heightForWidth(text.width()), "no line cut off"
        view.scroll_to(text)
        settle()
        assert in_view(text, view.page), text.accessibleName()
    # The payment note stays under its combo in the narrow panel, and both within the card.
    note, combo = view.side.payment_note, view.side.payment_combo
    if note.isVisible():
        assert note.mapTo(card, QPoint(0, 0)).y() \
            >= combo.mapTo(card, QPoint(0, combo.height())).y()
    says_everything(view)
