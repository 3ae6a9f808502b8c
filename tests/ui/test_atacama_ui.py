"""Atacama's playable board and one-line calculator, driven like a player drives them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QApplication, QPushButton, QToolTip

from app.model.loader import load_library
from app.model.paths import content_root
from app.rules.atacama import (
    PRACTICE_LABEL,
    Direction,
    Place,
    Right,
    TakeRight,
    Variant,
    apply,
    legal_moves,
    legal_reason,
    line_scores,
    parse_line,
    parse_position,
    parse_square,
    position_text,
    practice_board,
    random_position,
    score,
    score_free_line,
    signed,
    square_name,
    why_illegal,
    winners,
)
from app.ui.app_state import AppState, Services
from app.ui.boards.atacama_board import AtacamaBoardWidget
from app.ui.theme import DARK, LIGHT, apply_theme
from app.ui.views.atacama_board_view import AtacamaBoardView
from app.ui.views.atacama_calculator import AtacamaCalculator
from tests.ui.util import visible_text

# The booklet's derricks: row 2 has four, row 5 three, row 8 four.
HEFT_SQUARES = ["b2", "d2", "f2", "h2", "a5", "e5", "i5", "b8", "d8", "f8", "h8"]


@pytest.fixture(scope="module")
def loaded():
    return load_library(content_root()).game("atacama")


@pytest.fixture
def view(qtbot, loaded):
    widget = AtacamaBoardView(loaded)
    qtbot.addWidget(widget)
    widget.resize(1064, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def calc(qtbot, loaded):
    widget = AtacamaCalculator(loaded, Services(AppState()))
    qtbot.addWidget(widget)
    widget.resize(900, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def click(qtbot, view, name: str) -> None:
    board = view.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton,
                     pos=board.square_rect(parse_square(name)).center())


def open_expert(view) -> None:
    """Open „Für Tüftler“, as a player does before pasting a position."""
    if not view.expert_button.isChecked():
        view.expert_button.click()


def place_all(qtbot, view, names) -> None:
    for name in names:
        before = view.session.notation
        click(qtbot, view, name)
        assert view.session.notation != before, view.session.message


# -- the board ----------------------------------------------------------------------------

def test_click_places_a_derrick_and_passes_the_turn(qtbot, view):
    assert view.session.state.occupied == 0
    click(qtbot, view, "e5")
    state = view.session.state
    assert state.derrick_at(parse_square("e5")) is not None
    assert "türme=e5 " in view.session.notation
    assert view.turn_label.text() == "Person 2 ist am Zug"
    assert view.left_label.text().startswith("setzt einen Bohrturm · noch")
    assert "Person 1 setzt einen Bohrturm auf e5" in view.message.text()


@pytest.mark.parametrize("target", ["e4", "d5", "f5", "e6"])
def test_edge_neighbour_is_refused_with_the_engines_reason(qtbot, view, target):
    click(qtbot, view, "e5")
    before = view.session.notation
    expected = why_illegal(view.session.state, Place(parse_square(target)))
    click(qtbot, view, target)
    assert view.session.notation == before
    assert view.message.text() == expected
    assert "teilt eine Kante mit dem Bohrturm auf e5" in expected
    assert view.message_box.objectName() == "WrongBox"
    assert view.message_box.isVisible()
    assert QToolTip.text() == expected  # said at the field too


@pytest.mark.parametrize("target", ["d4", "f4", "d6", "f6"])
def test_diagonal_neighbour_is_allowed(qtbot, view, target):
    click(qtbot, view, "e5")
    click(qtbot, view, target)
    state = view.session.state
    assert state.derrick_at(parse_square(target)) is not None
    assert "Diagonal daneben" in view.message.text()


def test_occupied_square_is_refused(qtbot, view):
    click(qtbot, view, "e5")
    before = view.session.notation
    click(qtbot, view, "e5")
    assert view.session.notation == before
    assert "steht schon ein Bohrturm" in view.message.text()


def test_hover_text_is_the_engines_reason(qtbot, view):
    click(qtbot, view, "e5")
    state = view.session.state
    board = view.board
    edge, free = parse_square("e4"), parse_square("a1")
    assert why_illegal(state, Place(edge)) in board.describe(edge)
    assert legal_reason(state, free) in board.describe(free)
    assert "Teilplan A" in board.describe(free)
    assert state.board[free].german in board.describe(free)


def test_scores_follow_every_derrick(qtbot, view):
    for name in HEFT_SQUARES:
        click(qtbot, view, name)
        state = view.session.state
        totals, units = score(state), score(state, unit_values=True)
        for player in range(2):
            card = view.cards[player]
            assert card.total.text() == signed(totals[player])
            assert card.unit.text() == f"zum Vergleich: jedes Feld ±1 → {signed(units[player])}"
    state = view.session.state
    rows = view.cards[0]
    shown = visible_text(rows)
    for line in line_scores(state, 0):
        if line.counted:
            assert f"{line.label}" in shown and signed(line.total) in shown
    assert "Reihe 2" in shown and "Reihe 8" in shown
    assert "Unter 4 Türmen, zählt nicht: Reihe 5 (3)" in shown
    assert "wertet die Reihen · Silber + Gold − Kupfer" in shown
    assert "wertet die Spalten · Kupfer + Gold − Silber" in visible_text(view.cards[1])


def test_undo_restores_the_exact_position_and_redo_replays(qtbot, view):
    place_all(qtbot, view, ["e5", "c3"])
    before = view.session.notation
    click(qtbot, view, "g7")
    after = view.session.notation
    view.undo_button.click()
    assert view.session.notation == before
    assert view.redo_button.isEnabled()
    view.redo_button.click()
    assert view.session.notation == after
    assert not view.redo_button.isEnabled()


def test_ctrl_z_undoes_and_ctrl_shift_z_redoes(qtbot, view):
    view.activateWindow()
    place_all(qtbot, view, ["e5"])
    placed = view.session.notation
    view.board.setFocus()
    qtbot.keyClick(view.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert view.session.state.occupied == 0
    qtbot.keyClick(view.board, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert view.session.notation == placed


def test_refused_click_leaves_nothing_to_undo(qtbot, view):
    click(qtbot, view, "e5")
    click(qtbot, view, "e4")
    view.undo_button.click()
    assert view.session.state.occupied == 0
    assert not view.undo_button.isEnabled()


def test_new_game_can_be_taken_back(qtbot, view):
    place_all(qtbot, view, ["e5", "a1"])
    played = view.session.notation
    view.new_button.click()
    assert view.session.state.occupied == 0
    view.undo_button.click()
    assert view.session.notation == played


def _item_enabled(box, index: int) -> bool:
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    return model.item(index).isEnabled()


def test_variant_and_player_switch_offer_only_valid_combinations(qtbot, view):
    view.variant_box.setCurrentIndex(1)
    assert view.session.state.variant == Variant(2, tactical=True)
    assert view.session.notation.startswith("2p+taktik ")
    assert view.second_box.isVisible()
    view.players_box.setCurrentIndex(1)
    assert view.session.state.variant == Variant(4, tactical=True)
    assert not _item_enabled(view.variant_box, 2)  # no Aufbauspiel for four
    assert sum(card.isVisible() for card in view.cards) == 4
    view.players_box.setCurrentIndex(0)
    view.variant_box.setCurrentIndex(2)
    assert view.session.state.variant == Variant(2, buildup=True)
    assert not _item_enabled(view.players_box, 1)  # and no four in the Aufbauspiel
    assert not view.second_box.isVisible()
    view.variant_box.setCurrentIndex(0)
    assert view.session.state.variant == Variant()
    assert _item_enabled(view.players_box, 1) and _item_enabled(view.variant_box, 2)


def test_second_colour_in_the_tactical_variant(qtbot, view):
    view.variant_box.setCurrentIndex(1)
    view.second_box.setChecked(True)
    click(qtbot, view, "e5")
    assert "türme=e5*1 " in view.session.notation
    assert "der zweiten Farbe" in view.message.text()
    assert view.left_label.text() == ("setzt einen Bohrturm · noch 11 Bohrtürme der "
                                      "Grundfarbe und 3 der zweiten Farbe")  # Person 2 now


def test_aufbauspiel_take_a_right(qtbot, view):
    view.variant_box.setCurrentIndex(2)
    assert not any(card.isVisible() for card in view.cards)
    assert view.take_row.isVisible()
    assert "Teilplan I liegt noch nicht aus" in view.board.reason_at(parse_square("i9"))
    view.right_box.setCurrentIndex(1)  # Silber + Gold − Kupfer on the columns
    view.take_button.click()
    state = view.session.state
    assert state.rights[0].right is Right.SILVER_GOLD
    assert state.rights[0].direction is Direction.COLUMNS
    assert not view.take_row.isVisible()
    assert all(view.cards[p].isVisible() for p in range(2))
    expected, _ = apply(parse_position("2p+aufbau plan=übung:0"),
                        TakeRight(Right.SILVER_GOLD, Direction.COLUMNS))
    assert view.session.notation == position_text(expected)


def test_game_end_names_the_winner(qtbot, view):
    state = random_position(11, turns=27)  # the Grundspiel has 28 turns
    open_expert(view)
    view.notation.setText(position_text(state))
    view.notation.returnPressed.emit()
    assert view.session.state == state
    click(qtbot, view, square_name(legal_moves(state)[0].square))
    final = view.session.state
    assert view.result_box.isVisible()
    best = winners(final)
    title = view.result_title.text()
    for player in best:
        assert f"Person {player + 1}" in title
    assert signed(score(final)[best[0]]) in title
    assert "zum Vergleich: jedes Feld ±1" in view.result_text.text()
    assert view.turn_label.text() == "Die Partie ist vorbei"
    click(qtbot, view, "a1")
    assert view.session.state == final
    assert "schon vorbei" in view.message.text()


def test_same_seed_same_board(qtbot, view, loaded):
    view.seed_box.setValue(7)
    assert view.session.state.board == practice_board(7)
    assert "plan=übung:7 " in view.session.notation
    assert PRACTICE_LABEL in view.plan_label.text() and "Nr. 7" in view.plan_label.text()
    other = AtacamaBoardView(loaded)
    qtbot.addWidget(other)
    other.seed_box.setValue(7)
    assert other.session.state.board.fields == view.session.state.board.fields
    view.seed_box.setValue(8)
    assert view.session.state.board.fields != other.session.state.board.fields


def test_pasted_position_round_trips(qtbot, view):
    text = "2p+taktik plan=übung:3 türme=c3,e5*1,g7 rechte=kg-s/r,sg-k/s"
    open_expert(view)
    view.notation.setText(text)
    view.notation.returnPressed.emit()
    assert view.session.notation == position_text(parse_position(text)) == text
    assert view.seed_box.value() == 3
    assert view.variant_box.currentIndex() == 1
    assert view.board.state == parse_position(text)
    assert view.message_box.objectName() != "WrongBox"


@pytest.mark.parametrize("text,words", [
    ("2p plan=übung:x", "Nummer des Übungsplans"),
    ("3p plan=übung:1", "„2p“ oder „4p“"),
    ("2p plan=übung:1 türme=e5,e4 rechte=sg-k/r,kg-s/s", "teilen eine Kante"),
    ("", "leer"),
], ids=["seed", "players", "edge", "empty"])
def test_bad_paste_says_why_and_changes_nothing(qtbot, view, text, words):
    click(qtbot, view, "e5")
    before = view.session.notation
    open_expert(view)
    view.notation.setText(text)
    view.notation.returnPressed.emit()
    assert view.session.notation == before
    assert view.message_box.objectName() == "WrongBox" and view.message_box.isVisible()
    assert words in view.message.text()
    assert view.message.text().startswith("Diese Stellung kann ich nicht")


NOTATION_PIECES = st.sampled_from([
    "2p", "4p", "+taktik", "+aufbau", " plan=", "übung:", "7", "türme=", "e5", ",", "*1",
    " rechte=", "kg-s/r", "sg-k/s", "offen", "!", "/", "k3", "x", " ", "-", "=",
])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(NOTATION_PIECES, max_size=12).map("".join) | st.text(max_size=40))
def test_any_paste_either_loads_or_says_why(view, text):
    before = view.session.notation
    open_expert(view)
    view.notation.setText(text)
    view.notation.returnPressed.emit()
    if view.session.message.kind == "wrong":
        assert view.session.notation == before
        assert view.message.text().startswith("Diese Stellung kann ich nicht")
    else:
        assert view.session.notation == position_text(parse_position(text.strip()))


@pytest.mark.parametrize("width,height,orientation", [
    (1064, 760, Qt.Orientation.Horizontal),
    (684, 640, Qt.Orientation.Vertical),
], ids=["wide", "narrow"])
def test_board_and_scores_side_by_side_only_when_they_fit(qtbot, view, width, height,
                                                          orientation):
    view.resize(width, height)
    QApplication.processEvents()
    assert view.splitter.orientation() == orientation
    assert view.board.width() >= view.board.sizeHint().width()
    assert view.board.height() >= view.board.sizeHint().height()
    assert view.panel_scroll.width() >= 300
    assert view.page.horizontalScrollBar().maximum() == 0


def test_keyboard_moves_the_cursor_and_places(qtbot, view):
    board = view.board
    board.setFocus()
    assert board.cursor_square == parse_square("e5")
    qtbot.keyClick(board, Qt.Key.Key_Return)
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Down)
    assert board.cursor_square == parse_square("f6")
    qtbot.keyClick(board, Qt.Key.Key_Space)
    state = view.session.state
    assert state.derrick_at(parse_square("e5")) and state.derrick_at(parse_square("f6"))
    qtbot.keyClick(board, Qt.Key.Key_Up)
    qtbot.keyClick(board, Qt.Key.Key_Enter)  # f5 touches both: refused
    assert "teilt eine Kante mit den Bohrtürmen auf e5 und f6" in view.message.text()
    for _ in range(12):
        qtbot.keyClick(board, Qt.Key.Key_Left)
    assert board.cursor_square == parse_square("a5")


def test_board_follows_the_theme(qtbot):
    board = AtacamaBoardWidget()
    qtbot.addWidget(board)
    app = QApplication.instance()
    saved = (app.palette(), app.styleSheet(), app.font())
    try:
        apply_theme(app, LIGHT)
        QApplication.processEvents()
        assert not board._colours.dark
        apply_theme(app, DARK)
        QApplication.processEvents()
        assert board._colours.dark
        board.set_colours(LIGHT)
        assert not board._colours.dark
        board.set_colours(None)
        assert board._colours.dark
    finally:
        app.setPalette(saved[0])
        app.setStyleSheet(saved[1])
        app.setFont(saved[2])


# -- the calculator -----------------------------------------------------------------------

CALC_CASES = [
    # text, right, derricks, counts, total, unit total
    ("linie s3 K2 g1 G4 k5 S1 g2 K2 s4", Right.COPPER_GOLD, 4, True, 7, 2),
    ("linie s3 K2 g1 G4 k5 S1 g2 K2 s4", Right.SILVER_GOLD, 4, True, 1, 0),
    ("linie k4 g1 S5 g3 K1 s1 S2 k1 k3", Right.COPPER_GOLD, 3, False, 0, 0),
    ("linie G5 s1 G5 k1 G5 s1 G5 k1 G5", Right.SILVER_GOLD, 5, True, 25, 5),
    ("linie S4 k1 K1 s1 S2 k1 G2 k1 k1", Right.COPPER_GOLD, 4, True, -3, 0),
    ("linie K2* g1 G4 k5 S1* g2 K2 s4 s4", Right.COPPER_GOLD, 4, True, 8, 2),
]


@pytest.mark.parametrize("text,right,derricks,counts,total,unit", CALC_CASES,
                         ids=["plus-seven", "other-right", "three-nothing", "five-gold",
                              "minus-three", "second-colour"])
def test_calculator_scores_a_typed_line(calc, text, right, derricks, counts, total, unit):
    calc.set_right(right)
    calc.line_edit.setText(text)
    engine = score_free_line(parse_line(text), right)
    assert (engine.derricks, engine.counted, engine.total) == (derricks, counts, total)
    assert calc.total.text() == signed(total)
    assert calc.unit.text() == f"zum Vergleich: jedes Feld ±1 → {signed(unit)}"
    assert calc.verdict.text().startswith(f"{derricks} Bohrtürme – die Linie zählt")
    assert ("nicht" in calc.verdict.text()) is not counts
    shown = [row[2].text() for row in calc.rows if row[2].isVisibleTo(calc)]
    expected = [signed(f.points) if counts else f"<s>{signed(f.points)}</s>"
                for f in engine.fields]
    assert shown == expected
    assert calc.explanation.text() == engine.text
    assert calc.rule_tags["unter-vier-nichts"].isVisibleTo(calc) is not counts
    assert calc.rule_tags["a1-aufgedruckte-werte"].isVisibleTo(calc) is counts


def test_three_derricks_score_nothing_not_even_minus(calc):
    calc.line_edit.setText("linie S5 k1 S5 k1 S5 k1 k1 k1 k1")
    assert calc.total.text() == "0"
    assert "zählt nicht – weder Plus noch Minus" in calc.sum_cells[1].text()
    assert "Unter 4 Türmen" in visible_text(calc)


def test_right_switch_recomputes(calc):
    calc.line_edit.setText("linie s3 K2 g1 G4 k5 S1 g2 K2 s4")
    assert calc.total.text() == "+7"
    calc.right_group.button(1).click()
    assert calc.right is Right.SILVER_GOLD
    assert calc.total.text() == "+1"


def test_cells_and_text_are_the_same_line(qtbot, calc):
    calc.line_edit.setText("linie s3 k2 g1 G4 k5 S1 g2 K2 s4")
    assert [c.tile.code for c in calc.cells] == [0, 0, 0, 1, 0, 1, 0, 1, 0]
    assert calc.total.text() == "0"  # three derricks
    # A click on field 1 puts a fourth derrick there: now the line counts.
    qtbot.mouseClick(calc.cells[0].tile, Qt.MouseButton.LeftButton)
    assert calc.line_edit.text() == "linie S3 k2 g1 G4 k5 S1 g2 K2 s4"
    assert calc.score.derricks == 4 and calc.score.counted
    assert calc.total.text() == "+2"  # −3 +4 −1 +2 with Kupfer + Gold − Silber
    # A second click makes it the second colour, a third takes it away.
    qtbot.mouseClick(calc.cells[0].tile, Qt.MouseButton.LeftButton)
    assert calc.line_edit.text().startswith("linie S3* ")
    assert calc.total.text() == signed(calc.score.total) == "−1"  # Silber 3 doubled
    qtbot.mouseClick(calc.cells[0].tile, Qt.MouseButton.LeftButton)
    assert calc.line_edit.text().startswith("linie s3 ")
    calc.cells[0].kind.setCurrentIndex(14)  # Gold 5
    assert calc.line_edit.text().startswith("linie g5 ")


def test_tile_keys_choose_resource_value_and_derrick(qtbot, calc):
    tile = calc.cells[2].tile
    tile.setFocus()
    qtbot.keyClick(tile, Qt.Key.Key_G)
    qtbot.keyClick(tile, Qt.Key.Key_5)
    assert calc.line_edit.text().split()[3] == "g5"
    qtbot.keyClick(tile, Qt.Key.Key_Space)  # a derrick next to field 2's: impossible
    assert calc.error_box.isVisible()
    assert "Feld 2 und 3" in calc.error_text.text()


@pytest.mark.parametrize("text,words", [
    ("linie k2", "9 Felder"),
    ("reihe k2 G4 s1 K2 g1 S1 k3 G5 s2", "beginnt mit „linie“"),
    ("linie x2 G4 s1 K2 g1 S1 k3 G5 s2", "kein Feld des Plans"),
    ("linie K2 G4 s1 K2 g1 S1 k3 G5 s2", "teilen eine Kante"),
    ("linie k2 G9 s1 K2 g1 S1 k3 G5 s2", "kein Feld des Plans"),
    ("", "beginnt mit „linie“"),
], ids=["short", "word", "resource", "edge", "value", "empty"])
def test_bad_line_says_why(calc, text, words):
    calc.line_edit.setText(text)
    assert calc.error_box.isVisibleTo(calc)
    assert words in calc.error_text.text()
    assert not calc.result.isVisibleTo(calc)
    calc.line_edit.setText("linie s3 K2 g1 G4 k5 S1 g2 K2 s4")
    assert not calc.error_box.isVisibleTo(calc)
    assert calc.total.text() == "+7"


LINE_PIECES = st.sampled_from(["linie", " ", "k", "s", "g", "K", "S", "G", "1", "5", "9",
                                "*", "x"])


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINE_PIECES, max_size=30).map("".join) | st.text(max_size=40))
def test_any_line_text_scores_or_says_why(calc, text):
    calc.line_edit.setText(text)
    if calc.error:
        assert calc.error_box.isVisibleTo(calc) and not calc.result.isVisibleTo(calc)
    else:
        engine = score_free_line(parse_line(text), calc.right)
        assert calc.total.text() == signed(engine.total)


def test_rule_links_jump_to_their_section(calc):
    jumps = []
    calc.services.state.jumpRequested.connect(lambda s, a: jumps.append((s, a)))
    for button in calc.findChildren(QPushButton):
        if button.text() == "Ansehen":
            button.click()
    assert jumps == [("pitfalls", "unter-vier-nichts"), ("pitfalls", "werte-zaehlen"),
                     ("interpretations", "a1-aufgedruckte-werte")]


# -- same standard as the Atlantis board: no notation in the way, the end explained --------------


def test_the_notation_waits_behind_fuer_tueftler(qtbot, view):
    assert not view.notation.isVisible()
    assert "plan=" not in visible_text(view)
    qtbot.mouseClick(view.expert_button, Qt.MouseButton.LeftButton)
    assert view.notation.isVisible()
    assert view.notation.text() == view.session.notation


def test_the_running_score_says_what_it_counts(qtbot, view):
    place_all(qtbot, view, HEFT_SQUARES[:2])
    assert view.score_title.isVisible()
    assert "NUR LINIEN MIT 4 ODER 5 TÜRMEN" in view.score_title.text()


def test_game_end_explains_the_scoring_and_links_the_ruling(qtbot, loaded):
    services = Services(AppState())
    widget = AtacamaBoardView(loaded, services)
    qtbot.addWidget(widget)
    widget.resize(1064, 760)
    widget.show()
    state = random_position(11, turns=27)
    widget.session.load_position(position_text(state))
    click(qtbot, widget, square_name(legal_moves(state)[0].square))
    assert widget.result_box.isVisible() and not widget.score_title.isVisible()
    rules = widget.result_rules
    assert rules.isVisible() and "4 oder 5 Türmen" in rules.text()
    assert 'href="ruling:a1-aufgedruckte-werte"' in rules.text()
    jumps = []
    services.state.jumpRequested.connect(lambda section, anchor: jumps.append((section, anchor)))
    rules.linkActivated.emit("ruling:a1-aufgedruckte-werte")
    assert jumps == [("interpretations", "a1-aufgedruckte-werte")]
