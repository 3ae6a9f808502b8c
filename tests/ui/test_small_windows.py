"""What a player needs stays in view in small windows (issues #15 and #12): the Survive
trainer's answer after a click, and the whole Atlantis board with the Festland."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from app.rules.atlantis import MAINLAND
from app.rules.survive import removable_tiles
from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.settings import DEFAULT_FONT_PT

SIZES = [(800, 600), (900, 700), (1280, 800)]


@pytest.fixture
def window(qtbot, library, tmp_path):
    make_application()
    win = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(win)
    win.theme.set_font_pt(DEFAULT_FONT_PT)
    win.show()
    return win


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def in_view(widget, area) -> bool:
    """Whether ``widget`` lies wholly inside the visible viewport of ``area``."""
    viewport = area.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().contains(rect)


@pytest.mark.parametrize("size", [(900, 700), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("allowed", [True, False], ids=["erlaubt", "verboten"])
def test_survive_answer_is_in_view_after_a_click(qtbot, window, size, allowed):
    window.state.select_game("survive")
    window.resize(*size)
    view = window.view_for("board")
    settle()
    state = view.session.state
    good = removable_tiles(state)
    tile = good[0] if allowed else next(s for s in view.map.tiles() if s not in good)
    qtbot.mouseClick(view.map, Qt.MouseButton.LeftButton, pos=view.tile_point(tile))
    box = view.message_box
    qtbot.waitUntil(lambda: box.isVisible() and in_view(box, view.page), timeout=1000)
    # The clicked map is still (mostly) there: the page scrolled only as far as needed.
    assert view.map.mapTo(view.page.viewport(), QPoint(0, view.map.height())).y() > 0


@pytest.mark.parametrize("before", ["frisch", "nach-breit", "nach-groesser"])
def test_survive_calculator_fits_800x600_without_sideways_scrolling(window, before):
    window.state.select_game("survive")
    if before == "nach-breit":
        window.resize(1280, 800)
    if before == "nach-groesser":  # Ctrl+Plus, then Ctrl+Minus back to normal text
        window.theme.set_font_pt(DEFAULT_FONT_PT + 1)
    window.view_for("calculators")
    settle()
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(800, 600)
    view = window.view_for("calculators")
    settle()
    assert not view.horizontalScrollBar().isVisible()
    assert view.widget().width() <= view.viewport().width()
    # Every stepper inside the card, none cut at its right edge.
    card = view.input_card
    for stepper in [*view.swimmer_steppers.values(), *view.crew_steppers.values()]:
        rect = QRect(stepper.mapTo(card, QPoint(0, 0)), stepper.size())
        assert card.rect().contains(rect)


@pytest.mark.parametrize("larger", [1, 2, 3])
def test_survive_calculator_fits_800x600_with_larger_text(window, larger):
    # With larger text the header's buttons and the „Schon dort“ row go one below the other
    # instead of pushing the page wider than the window.
    window.state.select_game("survive")
    window.theme.set_font_pt(DEFAULT_FONT_PT + larger)
    window.resize(800, 600)
    view = window.view_for("calculators")
    settle()
    assert not view.horizontalScrollBar().isVisible(), view.widget().minimumSizeHint()
    card = view.input_card
    for widget in [view.random_button, view.seed_box, *view.there_buttons.values(),
                   *view.creature_buttons.values()]:
        rect = QRect(widget.mapTo(card, QPoint(0, 0)), widget.size())
        assert card.rect().contains(rect), widget.accessibleName()
    # Back to a wide window at normal text: side by side again.
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(1280, 800)
    settle()
    assert view.random_row.direction() == view.random_row.Direction.LeftToRight
    assert view.there_row.direction() == view.there_row.Direction.LeftToRight


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_whole_atlantis_board_with_festland_is_in_view(window, size):
    window.resize(*size)
    view = window.view_for("board")
    settle()
    canvas = view.canvas
    # The drawing fits its canvas: no scrolling inside it …
    assert not canvas.horizontalScrollBar().isVisible()
    assert not canvas.verticalScrollBar().isVisible()
    scene_rect = canvas.mapFromScene(canvas.sceneRect()).boundingRect()
    assert canvas.viewport().rect().adjusted(-2, -2, 2, 2).contains(scene_rect)
    # … and the canvas lies inside the page's visible part, Festland included.
    assert in_view(canvas, view.page)
    festland = canvas.mapFromScene(canvas.board.rect_of(MAINLAND)).boundingRect()
    assert canvas.viewport().rect().contains(festland)


@pytest.mark.parametrize("size", [(900, 700), (1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_atlantis_board_has_clickable_tiles_and_the_hand_in_view(window, size):
    """Beside the side panel the board got ≈ 18 px tiles at 900×700; the player wants tiles
    large enough to hit and the hand cards in view with the whole board (issue #15)."""
    window.resize(*size)
    view = window.view_for("board")
    settle()
    canvas = view.canvas
    tile = canvas.mapFromScene(canvas.board.rect_of(1)).boundingRect()
    assert tile.width() >= 26
    festland = canvas.mapFromScene(canvas.board.rect_of(MAINLAND)).boundingRect()
    assert in_view(canvas, view.page)
    assert canvas.viewport().rect().contains(festland)
    for chip in view.side.card_buttons.values():
        assert chip.isVisible() and in_view(chip, view.page)
        # No chip lies over the board.
        chip_rect = QRect(chip.mapTo(view.page.viewport(), QPoint(0, 0)), chip.size())
        board_rect = QRect(canvas.mapTo(view.page.viewport(), QPoint(0, 0)), canvas.size())
        assert not chip_rect.intersects(board_rect)


def test_atlantis_board_goes_back_beside_the_panel_in_a_wide_window(window):
    """After the stacked arrangement (hand row under the board) a wide window gets the side
    panel back, with the chips in it and the whole board in view."""
    window.resize(900, 700)
    view = window.view_for("board")
    settle()
    window.resize(1280, 800)
    settle()
    assert view.splitter.orientation() == Qt.Orientation.Horizontal
    assert view.side.hand_box.parentWidget() is not view.canvas.parentWidget()
    canvas = view.canvas
    assert canvas.mapFromScene(canvas.board.rect_of(1)).boundingRect().width() >= 26
    festland = canvas.mapFromScene(canvas.board.rect_of(MAINLAND)).boundingRect()
    assert in_view(canvas, view.page) and canvas.viewport().rect().contains(festland)
    for chip in view.side.card_buttons.values():
        assert in_view(chip, view.panel_scroll)


# Typical moves of the practice game: a pawn move with one card and with two, a tile bought.
TYPICAL_MOVES = ["8:S", "20:SA", "kaufen K4"]


@pytest.mark.parametrize("move", TYPICAL_MOVES)
def test_atlantis_explanation_sits_under_the_board_at_1280x800(window, move):
    window.resize(1280, 800)
    view = window.view_for("board")
    settle()
    play(view, move)
    area = view.explanation_area
    assert area.widget() is view.side.outcome_card and in_view(area, view.page)
    assert not view.page.verticalScrollBar().isVisible(), "the board page itself fits"
    # As wide as the board, not the narrow panel: far fewer lines than before.
    assert area.width() >= view.canvas.width() - 2 > view.panel_scroll.width()


def play(view, text: str) -> None:
    from app.rules.atlantis import legal_moves

    move = next(m for m in legal_moves(view.session.state) if str(m) == text)
    assert view.session.play(move)
    settle()


# Blue's statue sends the pawn to Feld 3; the helmet on Feld 2 is taken and leaves new water.
NEW_WATER = "R3 H2 S4 ~ K5 =b A2 | a: SOFF | b: RFFFF"


def click_at(qtbot, view, point) -> None:
    assert point is not None, "nothing drawn there"
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
    settle()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    settle()


def key(qtbot, view, letter: str) -> None:
    qtbot.keyClick(view.canvas, letter)
    settle()


def practice_number(qtbot, view, number: int) -> None:
    """As a player: the number into „Übungsstellung Nr.“, then „Laden“."""
    spin = view.seed_spin
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(number))
    click(qtbot, view.practice_button)
    assert view.session.source == f"Übungsstellung Nr. {number}"


def pawn_move(qtbot, view, origin: int, *letters: str) -> None:
    click_at(qtbot, view, view.pawn_point(origin))
    assert view.draft.origin == origin
    for letter in letters:
        key(qtbot, view, letter)


def gap_payment_and_rulings(qtbot, view) -> None:
    # Practice 7, Blue's statue from Feld 8: a gap paid, a bridged gap, new water beside a
    # bridge (R4), the cheapest payment (R9), paid from the hand at the turn's start (R1).
    practice_number(qtbot, view, 7)
    pawn_move(qtbot, view, 8, "S")
    assert {"R1", "R4", "R9"} <= {p for s in view.session.explanation.steps for p in s.pages}


def buying_cards(qtbot, view) -> None:
    practice_number(qtbot, view, 7)
    tile = view.session.state.player.tiles[0]
    click(qtbot, view.tile_button(tile))
    assert view.session.outcome.purchase is not None


def bridge_then_move(qtbot, view) -> None:
    practice_number(qtbot, view, 7)
    click(qtbot, view.side.bridge_button)
    click_at(qtbot, view, view.position_point(12))
    assert view.session.state.position(12).bridge == 0
    pawn_move(qtbot, view, 8, "S")


def bridge_after_the_tile(qtbot, view) -> None:
    click(qtbot, view.expert_button)
    view.notation.selectAll()
    qtbot.keyClicks(view.notation, NEW_WATER)
    qtbot.keyClick(view.notation, Qt.Key.Key_Return)
    settle()
    click(qtbot, view.side.bridge_later_box)
    pawn_move(qtbot, view, 0, "S")
    click_at(qtbot, view, view.position_point(2))
    assert view.session.outcome.bridges[0].after_move


def pawn_reaches_home(qtbot, view) -> None:
    # Practice 30: White's flag takes the pawn from Feld 38 onto the mainland.
    practice_number(qtbot, view, 30)
    pawn_move(qtbot, view, 38, "F")
    assert view.session.outcome.movement.landing == MAINLAND


def explanation_under_the_board(qtbot, view):
    """After a move: the explanation stands under the board (not beside it), needs no
    scrolling, and the page around it does not scroll either. Its scroll area."""
    qtbot.wait(20)  # the area is sized once laid out (a zero-timer after the move)
    settle()
    card, area = view.side.outcome_card, view.explanation_area
    assert area.widget() is card and card.isVisible()
    assert card.mapTo(view.page.viewport(), QPoint(0, 0)).y() \
        > view.canvas.mapTo(view.page.viewport(), QPoint(0, view.canvas.height())).y()
    assert area.verticalScrollBar().maximum() == 0, (
        f"{area.widget().heightForWidth(area.viewport().width())} px of text "
        f"in {area.viewport().height()} px")
    assert in_view(area, view.page) and not view.page.verticalScrollBar().isVisible()
    return area


MOVE_KINDS = [gap_payment_and_rulings, buying_cards, bridge_then_move, bridge_after_the_tile,
              pawn_reaches_home]


@pytest.mark.parametrize("play_it", MOVE_KINDS, ids=lambda f: f.__name__)
def test_atlantis_explanation_is_read_whole_under_the_board(qtbot, window, play_it):
    """#27: the move's explanation where there is room – under the board at 1280×800, all of
    it in view without scrolling, the whole board still in view (and no page scrolling),
    for every kind of move, played with the mouse and the keys."""
    window.resize(1280, 800)
    view = window.view_for("board")
    settle()
    play_it(qtbot, view)
    area = explanation_under_the_board(qtbot, view)
    steps = [text for text in view.side.step_rows if text.isVisible()]
    said = " ".join(t.accessibleName() for t in steps)
    for step in view.session.explanation.steps:
        assert step.text in said
    for text in steps:
        assert text.height() >= text.heightForWidth(text.width()), "no line cut off"
        assert in_view(text, area)
    canvas = view.canvas
    festland = canvas.mapFromScene(canvas.board.rect_of(MAINLAND)).boundingRect()
    assert in_view(canvas, view.page) and canvas.viewport().rect().contains(festland)
    assert canvas.mapFromScene(canvas.board.rect_of(1)).boundingRect().width() >= 26


@pytest.mark.parametrize("size", [(800, 600), (900, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("play_it", [gap_payment_and_rulings, pawn_reaches_home],
                         ids=lambda f: f.__name__)
def test_atlantis_explanation_scrolls_whole_in_small_windows(qtbot, window, size, play_it):
    """Smaller windows: the explanation sits in the panel under the board and the page
    scrolls; every paragraph can be brought wholly into view, none is cut."""
    window.resize(*size)
    view = window.view_for("board")
    settle()
    play_it(qtbot, view)
    settle()
    assert view.explanation_area.widget() is None
    for text in (t for t in view.side.step_rows if t.isVisible()):
        assert text.height() >= text.heightForWidth(text.width()), "no line cut off"
        view.scroll_to(text)
        settle()
        assert in_view(text, view.page), text.accessibleName()


@pytest.mark.parametrize("move", TYPICAL_MOVES)
def test_atlantis_explanation_is_reachable_in_the_panel_at_800x600(window, move):
    window.resize(800, 600)
    view = window.view_for("board")
    settle()
    play(view, move)
    card = view.side.outcome_card
    assert view.explanation_area.widget() is None and view.side.isAncestorOf(card)
    assert card.isVisible()
    steps = [text for text in view.side.step_rows if text.isVisible()]
    assert steps
    for text in steps:  # each line of the explanation can be brought into view
        view.scroll_to(text)
        settle()
        assert in_view(text, view.page), text.accessibleName()


def test_atlantis_board_stays_put_while_a_move_is_read(qtbot, window):
    """Under the board the explanation gives way, never the board: picking the next pawn
    or stepping through the replay (longer captions) leaves the board where it is, and the
    explanation that lost lines scrolls instead of being cut."""
    window.resize(1280, 800)
    view = window.view_for("board")
    settle()
    gap_payment_and_rulings(qtbot, view)
    qtbot.wait(20)
    settle()
    canvas, area = view.canvas, view.explanation_area
    place = canvas.geometry()

    def whole_or_scrolls() -> bool:
        text = area.widget()
        return text.height() <= area.viewport().height() or area.verticalScrollBar().isVisible()

    for _ in range(len(view.beats)):  # ▸ by the keys: the replay's captions run longer
        qtbot.keyClick(canvas, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(5)
        settle()
        assert canvas.geometry() == place, view.step_caption.plain
        assert whole_or_scrolls()
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    click_at(qtbot, view, view.pawn_point(view.session.state.player.pawns[-1]))
    assert view.draft.origin is not None
    qtbot.wait(5)
    settle()
    assert canvas.geometry() == place
    assert whole_or_scrolls()


def test_atlantis_toolbar_is_one_line_at_1280x800_and_shows_every_digit(qtbot, window):
    """The toolbar on two lines took the explanation's room under the board; the spin boxes
    are as wide as their widest value (CompactSpinBox), and that value shows whole."""
    from PySide6.QtWidgets import QStyle, QStyleOptionSpinBox

    window.resize(1280, 800)
    view = window.view_for("board")
    settle()
    tops = {w.mapTo(view, QPoint(0, 0)).y() for w in
            (view.example_combo, view.setup_button, view.practice_button, view.dice_button)}
    assert max(tops) - min(tops) < view.setup_button.height(), tops
    for spin in (view.seed_spin, view.players_spin):
        spin.setValue(spin.maximum())
        settle()
        option = QStyleOptionSpinBox()
        spin.initStyleOption(option)
        field = spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                            QStyle.SubControl.SC_SpinBoxEditField, spin)
        assert field.width() >= spin.fontMetrics().horizontalAdvance(spin.text()), spin.text()
