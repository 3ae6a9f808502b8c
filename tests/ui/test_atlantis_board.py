"""The Atlantis „Spielbrett“: moves by clicks and keys, checked against the rules engine."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from app.rules.atlantis import (
    MAINLAND,
    PRACTICE_NOTE,
    Buy,
    Item,
    Phase,
    PlaceBridge,
    apply,
    explain,
    format_state,
    parse_move,
    parse_state,
    parse_tile,
    practice_situation,
    random_game,
)
from app.rules.errors import IllegalMoveError
from app.ui.app_state import AppState, Services
from app.ui.application import create_main_window
from app.ui.boards.atlantis_replay import outcome_beats
from app.ui.boards.atlantis_scene import (
    Highlights,
    MiniBoard,
    board_scene,
    drawing_for,
    strip_scene,
)
from app.ui.theme import DARK, LIGHT, apply_theme
from app.ui.views.atlantis_board_view import AtlantisBoardView
from app.ui.views.pitfall_examples import ExamplePanel, example_panel
from app.ui.views.pitfalls_view import PitfallsView
from tests.ui.util import plain as plain_text
from tests.ui.util import visible_text

# The seed's quiz question: „Du spielst einen Helm, aber auf dem nächsten Helmplättchen steht
# schon eine Figur.“ Blue (a) starts on Atlantis; White (b) stands on the Helm at position 2.
HELMET = "R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR"
TWO_PAYMENTS = "R3 ~ K5 H2 [a] | a: H S3 K2 O1"



@pytest.fixture(scope="module")
def loaded(library):
    return library.game("atlantis")


@pytest.fixture
def view(qtbot, loaded):
    widget = AtlantisBoardView(loaded, Services(AppState()))
    qtbot.addWidget(widget)
    widget.resize(1064, 760)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    # Gone for good, so later theme changes do not re-style a pile of old views.
    widget.close()
    widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def at(view, notation: str) -> None:
    view.session.start(parse_state(notation), source="Test")
    QApplication.processEvents()


def click_board(qtbot, view, point: QPoint | None) -> None:
    assert point is not None, "nothing drawn there"
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click(qtbot, button: QPushButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def panel_text(view) -> str:
    """What the side panel shows, with „Was passiert ist“ wherever it sits (under the board
    in a wide window)."""
    return visible_text(view.panel_widget) + "\n" + visible_text(view.explanation_area)


# --- the helmet question, played by clicks -----------------------------------------------------


def test_helmet_on_an_occupied_tile_asks_for_a_second_card(qtbot, view):
    at(view, HELMET)
    before = view.session.notation
    click_board(qtbot, view, view.pawn_point(0))
    assert view.draft.origin == 0
    click(qtbot, view.card_button(Item.HELM))

    # Nothing moved yet: the board marks the occupied target and asks for another card.
    assert view.session.notation == before
    assert view.draft.cards == (Item.HELM,)
    assert view.canvas.highlights.targets == (2,)
    assert view.canvas.highlights.passed == (2,)
    assert "Feld 2" in view.message.text() and "noch eine Karte" in view.message.text()

    click(qtbot, view.card_button(Item.STATUE))
    expected_state, expected = apply(parse_state(HELMET), parse_move("0:HS"))
    outcome = view.session.outcome
    assert outcome == expected
    move = outcome.movement
    assert move.landing == 4
    assert str(move.taken.tile) == "R3" and move.taken.position == 1
    assert move.cost == 2 and str(move.settlement.payment) == "R2"
    assert view.session.notation == format_state(expected_state)
    # The engine's explanation, sentence by sentence, stands beside the board.
    shown = panel_text(view)
    for step in explain(expected).steps:
        assert step.text in shown
    assert "S. 3" in shown and "S. 4" in shown


def test_the_outcome_is_replayed_step_by_step(qtbot, view):
    at(view, HELMET)
    view.draft.play_text("0:HS")
    captions = [beat.caption for beat in view.beats]
    # The replay speaks the engine's explanation: every sentence once, in its order.
    steps = [step.text for step in explain(view.session.outcome).steps]
    assert " ".join(captions) == " ".join(steps)
    assert "Helm (grau) → das nächste sichtbare Plättchen damit, Feld 2," in captions[0]
    assert "von Weiß (b) besetzt" in captions[0]
    assert "Statue (weiß) →" in captions[1] and "Feld 4, ist frei" in captions[1]
    assert any("Die Lücke zwischen Feld 2 (2) und Feld 4 (4) kostet 2" in c for c in captions)
    assert any("Ring 3 (blau) von Feld 1" in c for c in captions)
    assert any("keine Lücke" in c for c in captions)  # Feld 1 falls away next to Atlantis
    assert any("Du bezahlst 2" in c and "Ring 2" in c for c in captions)
    # One of Blue's pawns is already on the mainland ([a]): 1 card and 1 for it.
    assert captions[-1].startswith("Am Zugende ziehst du 2 Karten")
    # The position after the move shows at once, and says whose move it follows.
    assert view.canvas.state == view.session.state
    assert view.step_count.text() == "Stellung jetzt"
    assert "Nach dem Zug von Blau (a)" in view.step_caption.text()
    # ▸ starts the replay on request, labelled as such.
    click(qtbot, view.step_next)
    assert view.step_count.text() == f"Zug nachspielen: Schritt 1 von {len(captions)}"
    assert view.step_caption.text() == f"Zug von Blau (a): {captions[0]}"
    assert view.canvas.highlights.targets == (2,)
    assert view.canvas.state != view.session.state
    click(qtbot, view.step_next)
    assert view.beat == 1
    assert view.step_caption.text().endswith(captions[1])
    click(qtbot, view.step_back)
    assert view.beat == 0


def test_undo_and_redo_show_the_resulting_position_at_once(qtbot, view):
    at(view, HELMET)
    before = view.session.state
    view.draft.play_text("0:HS")
    after = view.session.state
    view.canvas.setFocus()
    qtbot.keyClick(view.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert view.session.state == before and view.canvas.state == before
    assert not view.replaying
    qtbot.keyClick(view.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert view.session.state == after and view.canvas.state == after
    assert not view.replaying
    assert view.step_count.text() == "Stellung jetzt"


# --- undo and redo -------------------------------------------------------------------------


def test_undo_restores_the_exact_previous_state_and_redo_repeats(qtbot, view):
    at(view, HELMET)
    before = view.session.notation
    view.draft.play_text("0:HS")
    after = view.session.notation
    assert after != before
    view.activateWindow()
    view.canvas.setFocus()
    qtbot.keyClick(view.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert view.session.notation == before
    assert view.notation.text() == before
    qtbot.keyClick(view.canvas, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert view.session.notation == after
    click(qtbot, view.undo_button)
    assert view.session.notation == before
    qtbot.keyClick(view.canvas, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert view.session.notation == after
    assert not view.redo_button.isEnabled()


# --- starting points -----------------------------------------------------------------------


def test_the_same_seed_gives_the_same_practice_situation(qtbot, view):
    view.seed_spin.setValue(42)
    click(qtbot, view.practice_button)
    first = view.session.notation
    view.seed_spin.setValue(43)
    click(qtbot, view.practice_button)
    assert view.session.notation != first
    view.seed_spin.setValue(42)
    click(qtbot, view.practice_button)
    assert view.session.notation == first == format_state(practice_situation(42).state)
    assert view.practice_pill.isVisible() and view.practice_pill.text() == PRACTICE_NOTE
    assert "Übungsstellung Nr. 42" in view.source_label.text()


def test_standard_setup_for_two_to_four_players(qtbot, view):
    for players in (2, 4):
        view.players_spin.setValue(players)
        click(qtbot, view.setup_button)
        state = view.session.state
        assert len(state.players) == players and len(state.path) == 53
        assert view.practice_pill.isVisible()


def test_a_worked_example_loads_from_the_list(qtbot, view, loaded):
    example = next(e for e in loaded.game.examples
                   if e.id == "bsp-zweite-karte-bei-besetztem-ziel")
    index = view.example_combo.findData(example.id)
    view.example_combo.setCurrentIndex(index)
    view.example_combo.activated.emit(index)
    assert view.session.notation == format_state(parse_state(example.position))
    assert example.title in view.source_label.text()
    assert not view.practice_pill.isVisible()


# --- what the engine refuses ---------------------------------------------------------------


def test_a_card_the_player_does_not_hold_changes_nothing(qtbot, view):
    at(view, HELMET)
    before = view.session.notation
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.RING))
    assert view.session.notation == before
    with pytest.raises(IllegalMoveError) as refused:
        apply(parse_state(HELMET), parse_move("0:R"))
    assert view.message.text() == str(refused.value)
    assert "keine Karte Ring (blau)" in view.message.text()
    assert view.message_box.objectName() == "WrongBox"


def test_a_pawn_of_another_player_changes_nothing(qtbot, view):
    at(view, HELMET)
    before = view.session.notation
    click_board(qtbot, view, view.pawn_point(2, player=1))
    assert view.session.notation == before
    assert view.draft.origin is None
    assert "Weiß (b)" in view.message.text() and "am Zug ist Blau (a)" in view.message.text()


def test_a_card_before_any_pawn_is_chosen_asks_for_a_pawn(qtbot, view):
    at(view, "R3 H2a ~ S4 K5 | a: HS R2")  # a has pawns on Atlantis and on position 2
    before = view.session.notation
    click(qtbot, view.card_button(Item.HELM))
    assert view.session.notation == before
    assert "Wähle zuerst eine Figur" in view.message.text()


# --- bridge, buying, paying, no move ---------------------------------------------------------


def test_bridge_placement_by_clicks(qtbot, view):
    at(view, HELMET)
    click(qtbot, view.side.bridge_button)
    assert view.draft.bridge_mode and view.canvas.highlights.bridge_mode
    click_board(qtbot, view, view.position_point(1))  # a tile, not water
    assert view.session.state.position(1).bridge is None
    assert "Lücke" in view.message.text()
    assert view.draft.bridge_mode and view.side.bridge_button.isChecked()  # still waiting for a gap
    click_board(qtbot, view, view.position_point(3))
    expected, _ = apply(parse_state(HELMET), PlaceBridge(3))
    assert view.session.notation == format_state(expected)
    assert view.session.state.position(3).bridge == 0
    assert "Brücke" in view.step_caption.text()
    assert not view.side.bridge_button.isVisible()


# Blue's statue sends the pawn to Feld 3; the helmet on Feld 2 behind it is taken and leaves
# new water between R3 and S4. White's bridge already lies on the old gap at Feld 6.
NEW_WATER = "R3 H2 S4 ~ K5 =b A2 | a: SOFF | b: RFFFF"


def test_bridge_after_taking_the_tile_on_the_new_gap(qtbot, view):
    at(view, NEW_WATER)
    before, steps = view.session.notation, len(view.session.history)
    assert view.side.bridge_later_box.isVisible() and view.side.bridge_later_box.isEnabled()
    click(qtbot, view.side.bridge_later_box)
    assert view.draft.bridge_later
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.STATUE))

    # The move waits: the board shows it played, the new gap is free for the bridge.
    assert view.session.notation == before and len(view.session.history) == steps
    assert view.draft.awaiting is not None
    assert view.canvas.state.position(2).is_water and view.canvas.state.position(3).tiles
    assert view.canvas.highlights.bridge_mode
    assert parse_state(NEW_WATER).position(2).tiles  # new water: Feld 2 held a tile
    assert view.draft.preview_gaps() == [2, 4]  # White's bridged gap at Feld 6 is not offered
    assert view.skip_bridge_button.isVisible()
    assert not view.side.bridge_later_box.isEnabled()
    assert "Lücke" in view.message.text()

    click_board(qtbot, view, view.position_point(2))
    expected, outcome = apply(parse_state(NEW_WATER), parse_move("0:S; brücke 2"))
    assert view.session.notation == format_state(expected)
    assert view.session.state.position(2).bridge == 0  # the mover's bridge
    assert view.session.state.players[0].bridge_placed
    assert view.session.outcome == outcome
    assert view.session.outcome.bridges[0].after_move
    assert not view.skip_bridge_button.isVisible() and view.draft.awaiting is None
    assert not view.side.bridge_later_box.isChecked()  # the wish ends with the turn
    # Replay and explanation both show the bridge, after the tile and before the draw.
    captions = [beat.caption for beat in view.beats]
    bridge = next(k for k, c in enumerate(captions) if "Nach dem Nehmen" in c and "Brücke" in c)
    taken = next(k for k, c in enumerate(captions) if "Helm 2 (grau) von Feld 2" in c)
    assert taken < bridge < len(captions) - 1
    assert "zwischen Feld 1 (3) und Feld 3 (4)" in captions[bridge]
    assert view.beats[bridge].highlights.fresh_water == (2,)
    assert "wird zum Wasserfeld" in captions[bridge - 1]
    assert view.beats[bridge - 1].state.position(2).bridge is None  # water first …
    assert view.beats[bridge].state.position(2).bridge == 0  # … then the bridge on it
    shown = panel_text(view)
    assert any(step.text in shown and "Nach dem Nehmen" in step.text
               for step in explain(outcome).steps)

    view.session.undo()
    assert view.session.notation == before
    view.session.redo()
    assert view.session.notation == format_state(expected)


def test_bridge_after_is_numbered_on_the_state_before_the_move(qtbot, view):
    # Taking R3 from Feld 1 removes that position (no gap next to Atlantis): the board then
    # shows the old gap at Feld 3 as Feld 2, but the engine wants the number before the move.
    at(view, HELMET)
    before = view.session.notation
    view.side.bridge_later_box.setChecked(True)
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.HELM))
    click(qtbot, view.card_button(Item.STATUE))
    assert view.draft.preview_shift() == 1
    assert view.canvas.state.position(2).is_water
    click_board(qtbot, view, view.position_point(2))
    expected, _ = apply(parse_state(HELMET), parse_move("0:HS; brücke 3"))
    assert view.session.notation == format_state(expected)
    assert view.session.entry.move.bridge_after == 3
    view.session.undo()
    assert view.session.notation == before


def test_bridge_after_refused_or_left_out(qtbot, view):
    at(view, NEW_WATER)
    before = view.session.notation
    view.side.bridge_later_box.setChecked(True)
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.STATUE))
    # White's gap already has a bridge: the engine says no, nothing changes, still waiting.
    click_board(qtbot, view, view.position_point(6))
    with pytest.raises(IllegalMoveError) as refused:
        apply(parse_state(NEW_WATER), parse_move("0:S; brücke 6"))
    assert plain_text(view.message.text()) == str(refused.value)
    assert 'href="ruling:e5"' in view.message.text()  # the cited ruling is a link
    assert view.message_box.objectName() == "WrongBox"
    assert view.session.notation == before and view.draft.awaiting is not None
    # A tile is no gap: refused as well.
    click_board(qtbot, view, view.position_point(3))
    assert view.session.notation == before and view.draft.awaiting is not None
    # Other actions wait too.
    click(qtbot, view.card_button(Item.OLIVENZWEIG))
    assert view.session.notation == before and "wartet noch auf die Brücke" in view.message.text()

    click(qtbot, view.skip_bridge_button)
    plain, _ = apply(parse_state(NEW_WATER), parse_move("0:S"))
    assert view.session.notation == format_state(plain)
    assert not view.session.state.players[0].bridge_placed
    assert view.session.entry.move.bridge_after is None
    assert not view.skip_bridge_button.isVisible()

    # Esc does the same.
    at(view, NEW_WATER)
    view.side.bridge_later_box.setChecked(True)
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.STATUE))
    assert view.draft.awaiting is not None
    view.activateWindow()
    view.canvas.setFocus()
    qtbot.keyClick(view.canvas, Qt.Key.Key_Escape)
    assert view.session.notation == format_state(plain)


def test_bridge_after_only_while_the_bridge_is_unplaced(qtbot, view):
    at(view, HELMET)
    assert view.side.bridge_later_box.isVisible()
    view.draft.place_bridge(3)  # before the move: the same turn has no second bridge
    assert not view.side.bridge_later_box.isVisible()
    view.draft.set_bridge_later(True)
    assert not view.draft.bridge_later and "schon gelegt" in view.message.text()
    # With no gap left after the move, the move is simply played without the bridge.
    at(view, "R3 H2 S4 | a: HFFF")
    view.side.bridge_later_box.setChecked(True)
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.HELM))
    expected, _ = apply(parse_state("R3 H2 S4 | a: HFFF"), parse_move("0:H"))
    assert view.session.notation == format_state(expected)
    assert "keine Lücke" in view.message.text()


def test_buying_cards_by_clicking_a_tile(qtbot, view):
    at(view, HELMET)
    tile = parse_tile("R2")
    click(qtbot, view.tile_button(tile))
    expected, outcome = apply(parse_state(HELMET), Buy(tile))
    assert view.session.notation == format_state(expected)
    assert view.session.state.started
    assert outcome.purchase.draw.cards == (Item.OLIVENZWEIG,)
    assert "Ring 2" in view.step_caption.text()
    # Buying again in the same turn is refused with the engine's reason.
    at(view, "R3 [a] | a: H K5 S4")
    click(qtbot, view.tile_button(parse_tile("K5")))
    again = view.session.notation
    click(qtbot, view.tile_button(parse_tile("S4")))
    assert view.session.notation == again
    assert "nur ganz am Anfang" in view.message.text()


def test_choosing_another_best_payment(qtbot, view):
    at(view, TWO_PAYMENTS)
    click_board(qtbot, view, view.pawn_point(0))
    click(qtbot, view.card_button(Item.HELM))
    assert [str(p) for p in view.draft.payment_choices()] == ["S3", "K2 O1"]
    assert str(view.draft.paid()) == "S3"
    assert view.side.payment_combo.count() == 2
    view.side.payment_combo.setCurrentIndex(1)
    view.side.payment_combo.activated.emit(1)
    expected, _ = apply(parse_state(TWO_PAYMENTS), parse_move("0:H; zahlen K2 O1"))
    assert view.session.notation == format_state(expected)
    assert str(view.draft.paid()) == "K2 O1"
    # Said in words, not in notation that reads like rule codes („K2 O1“).
    assert view.message.text() == ("Anders bezahlt: mit Krone 2 (gelb) und Olivenzweig 1 "
                                   "(grün) statt mit Statue 3 (weiß) – gleich wenige Punkte.")
    assert view.session.can_undo and not view.session.can_redo
    view.session.undo()
    assert view.session.notation == format_state(parse_state(TWO_PAYMENTS))


def test_no_move_possible_is_offered_only_then(qtbot, view):
    at(view, HELMET)
    assert not view.side.no_move_button.isVisible()
    at(view, "R3 ~ K5 [a] | a: S | b: RFFFF")  # the own bridge would make the move payable (E3)
    assert not view.side.no_move_button.isVisible()
    at(view, "R3 ~ K5 [a] | a: S = | b: RFFFF")
    assert view.side.no_move_button.isVisible()
    click(qtbot, view.side.no_move_button)
    assert view.session.outcome.no_move is not None
    assert view.session.state.turn == 1


def test_final_moves_by_clicking_a_pawn(qtbot, view):
    at(view, "R3 ~ K5 [aaab] | b: RRRRRR | zug:b phase:schluss")
    click_board(qtbot, view, view.pawn_point(0, player=1))
    outcome = view.session.outcome
    assert outcome is not None and outcome.finals and outcome.finals[0].settlement.cost == 3


# --- keyboard and notation -------------------------------------------------------------------


def test_keyboard_picks_a_pawn_and_plays_cards(qtbot, view):
    at(view, "R3 H2a ~ S4 K5 H6 | a: HS R2")  # a: pawns on Atlantis and on position 2
    view.activateWindow()
    view.canvas.setFocus(Qt.FocusReason.TabFocusReason)
    assert view.canvas.focused_pawn() == 0
    qtbot.keyClick(view.canvas, Qt.Key.Key_Right)
    assert view.canvas.focused_pawn() == 2
    qtbot.keyClick(view.canvas, Qt.Key.Key_Return)
    assert view.draft.origin == 2
    qtbot.keyClick(view.canvas, Qt.Key.Key_H)
    assert view.session.outcome is not None
    assert view.session.outcome.movement.landing == 6


def test_tab_walks_through_own_pawns_then_leaves(qtbot, view):
    at(view, "R3 H2a ~ S4 K5 H6 | a: HS R2")
    view.activateWindow()
    view.canvas.setFocus(Qt.FocusReason.TabFocusReason)
    assert view.canvas.focusNextPrevChild(True)
    assert view.canvas.focused_pawn() == 2
    assert view.canvas.highlights.focus is None  # focus is drawn on top of the live marks
    assert view.canvas.board.highlights.focus == 2
    assert not view.canvas.focusNextPrevChild(True) or not view.canvas.hasFocus()


def test_notation_is_shown_and_a_pasted_one_loads(qtbot, view):
    at(view, HELMET)
    # The engine's notation waits behind „Für Tüftler“ until asked for.
    assert not view.notation.isVisible()
    click(qtbot, view.expert_button)
    assert view.notation.isVisible()
    assert view.notation.text() == format_state(parse_state(HELMET))
    click(qtbot, view.copy_button)
    assert QApplication.clipboard().text() == format_state(parse_state(HELMET))
    view.notation.setText("das ist keine Stellung")
    qtbot.keyClick(view.notation, Qt.Key.Key_Return)
    assert view.session.notation == format_state(parse_state(HELMET))
    assert view.message_box.objectName() == "WrongBox"
    assert "kann ich nicht übernehmen" in view.message.text()
    view.notation.setText(TWO_PAYMENTS)
    click(qtbot, view.load_button)
    assert view.session.notation == format_state(parse_state(TWO_PAYMENTS))


def test_every_button_has_an_accessible_name(view):
    nameless = [b.text() for b in view.findChildren(QPushButton)
                if b.isVisibleTo(view) and not b.accessibleName()]
    assert nameless == []


# --- the drawing itself ----------------------------------------------------------------------


def test_the_whole_path_fits_without_scrolling(qtbot, view):
    view.draft.new_game(4)
    canvas = view.canvas
    assert canvas.horizontalScrollBar().maximum() == 0
    assert canvas.verticalScrollBar().maximum() == 0
    shown = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert shown.contains(canvas.board.sceneRect().adjusted(1, 1, -1, -1))
    # Every position and both ends are drawn, and tiles stay readable (≥ 32 px).
    assert all(canvas.board.rect_of(p) is not None for p in (0, 1, 53, MAINLAND))
    assert canvas.transform().m11() * 44 >= 32


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["hell", "dunkel"])
def test_scenes_build_in_both_themes(qtbot, colours):
    state = practice_situation(3).state
    marks = Highlights(targets=(5,), passed=(4,), gaps=(), taken=3, arrow_from=5)
    board = board_scene(state, marks, colours)
    strip = strip_scene(state, 0, 8, marks, colours)
    assert board.sceneRect().width() > strip.sceneRect().width()
    assert board.colours.dark == (colours is DARK)
    assert strip.rect_of(0) is not None and strip.rect_of(9) is None


def test_mini_board_shows_a_stretch_at_a_fixed_height(qtbot):
    drawing = drawing_for("R1 ~ K6 ~ S4 ~ ~ H3 A5 [a] | a: A S1 O7", "0:A")
    mini = MiniBoard(drawing.state, drawing.first, drawing.last, drawing.highlights)
    qtbot.addWidget(mini)
    mini.resize(600, 90)
    mini.show()
    assert mini.height() == MiniBoard.HEIGHT
    assert [g.cost for g in drawing.highlights.gaps] == [1, 4, 3]
    assert drawing.highlights.targets == (9,) and drawing.highlights.taken == 8
    assert mini.board.rect_of(MAINLAND) is not None
    assert "Feld 9: Amphore 5" in mini.accessibleName()


def test_theme_change_redraws_the_board(qtbot, view):
    app = QApplication.instance()
    apply_theme(app, DARK)
    try:
        QApplication.processEvents()
        assert view.canvas.board.colours.dark
    finally:
        apply_theme(app, LIGHT)
        QApplication.processEvents()
    assert not view.canvas.board.colours.dark


def test_beats_of_a_purchase_and_a_state_without_a_move(view):
    view.session.start(parse_state("R3 [a] | a: H K5"), source="Test")
    assert outcome_beats(view.session.entry)[0].caption == ""
    view.draft.play_text("kaufen K5")
    assert "Krone 5" in outcome_beats(view.session.entry)[0].caption


def test_a_whole_random_game_plays_through_the_view(view):
    steps = list(random_game(1, 2))
    view.session.start(steps[0].before, source="Test")
    for step in steps:
        assert view.draft.play(step.move), view.session.message.text
        assert view.session.state == step.after
        assert view.beats and all(beat.caption for beat in view.beats)
    assert view.session.state.phase is Phase.OVER
    assert "Spielende" in view.side.turn_name.text()


# --- „Leicht vergessen“ ------------------------------------------------------------------------


def test_pitfall_cards_show_a_checked_drawing(qtbot, loaded):
    page = PitfallsView(loaded, Services(AppState()))
    qtbot.addWidget(page)
    panels = page.findChildren(ExamplePanel)
    assert len(panels) == len(loaded.game.content.pitfalls)
    badges = [w for w in page.findChildren(QLabel) if w.objectName() == "CheckedBadge"]
    assert badges and all(b.text() == "geprüft" for b in badges)
    assert all(p.board is not None for p in panels)


def test_example_panel_only_where_an_example_tests_the_pitfall(library, loaded):
    # Every game shows its examples (tests/ui/test_worked_examples.py); a pitfall that no
    # example tests gets none.
    assert example_panel(loaded, "gibt-es-nicht", None) is None


def test_open_on_board_from_a_pitfall(qtbot, library, loaded):
    window = create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    window.show()
    page = window.view_for("pitfalls")
    panel = next(p for p in page.findChildren(ExamplePanel)
                 if p.example.id == "bsp-zweite-karte-bei-besetztem-ziel")
    assert panel.badge is not None and panel.badge.text() == "geprüft"
    click(qtbot, panel.open_button)
    board = window.current_view()
    assert isinstance(board, AtlantisBoardView)
    assert window.state.section == "board"
    assert board.session.notation == format_state(parse_state(panel.example.position))
    assert board.example_combo.currentData() == panel.example.id


def test_open_on_board_uses_the_examples_number_of_players(qtbot, library, loaded):
    window = create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    window.show()
    page = window.view_for("pitfalls")
    for panel in page.findChildren(ExamplePanel):
        click(qtbot, panel.open_button)
        board = window.current_view()
        players = len(parse_state(panel.example.position).players)
        assert board.players_spin.value() == players, panel.example.id
        page = window.view_for("pitfalls")


# --- the end of the game and the words a player sees --------------------------------------------


def play_to_the_end(view) -> None:
    from app.rules.atlantis import legal_moves

    for _ in range(40):
        if view.session.state.phase is Phase.OVER:
            return
        assert view.draft.play(legal_moves(view.session.state)[0]), view.session.message.text
    raise AssertionError("Das Spiel ging nicht zu Ende.")


def test_a_game_played_to_its_end_is_scored_with_winner_and_pages(qtbot, view):
    from app.rules.atlantis import final_scores, winners

    assert view.load_example("bsp-dritte-figur-beendet-das-spiel")
    view.canvas.setFocus()
    click_board(qtbot, view, view.pawn_point(0))
    qtbot.keyClick(view.canvas, Qt.Key.Key_H)
    play_to_the_end(view)
    state = view.session.state
    assert view.side.score_card.isVisible()
    text = visible_text(view.side.score_card)
    scores = final_scores(state)
    for index, ps in enumerate(state.players):
        line = (f"Plättchen {ps.tile_value} + Karten {ps.card_count}"
                + (f" − unbezahlt {ps.debt}" if ps.debt else "") + f" = {scores[index]} Punkt")
        assert line in text
    best = winners(state)
    assert f"gewinnt mit {scores[best[0]]} Punkt" in text or "Gleichstand" in text
    assert "S. 5–6" in text and "E2" in text
    assert "unter „Wertung“" in view.message.text()
    # Back one step: the game is on again, the scoring goes away.
    qtbot.keyClick(view.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not view.side.score_card.isVisible()


def test_a_tie_names_every_winner(qtbot, view):
    at(view, "R3 [aaabbb] | a: R | b: S | phase:ende")
    text = visible_text(view.side.score_card)
    assert "Gleichstand mit 1 Punkt:" in text
    assert "Blau (a) und Weiß (b) gewinnen gemeinsam" in text


def test_the_score_during_play_says_what_it_counts(qtbot, view):
    at(view, "R3 ~ K5 H2 [a] | a: H S3 K2 O1 | b: RFFFF")
    assert "PLÄTTCHEN + KARTEN" in view.side.players_title.text()
    assert "3 Plättchen (Wert 6) + 1 Karte = 7 P." in panel_text(view)


def test_players_see_names_not_notation(qtbot, view):
    at(view, HELMET)
    view.draft.play_text("0:HS")
    QApplication.processEvents()
    shown = visible_text(view)
    for jargon in ("zug:", "phase:", "stapel:", "Seed", "Startwert", " R2 ", " R3 "):
        assert jargon not in shown, jargon
    click(qtbot, view.practice_button)
    assert view.source_label.text().startswith("Übungsstellung Nr.")
    helm = view.card_button(Item.HELM)
    assert "Helm" in helm.toolTip() and "Helm" in helm.accessibleName()
    assert "H Helm" in view.side.card_legend.text()
    assert view.load_example("bsp-zweite-karte-bei-besetztem-ziel")
    assert "„" not in view.message.text() and "mit Helm (grau)" in view.message.text()


def test_a_ruling_in_the_explanation_links_to_the_ruling(qtbot, library):
    window = create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    window.show()
    board = window.view_for("board")
    board.session.start(parse_state(TWO_PAYMENTS), source="Test")
    board.draft.play_text("0:H")
    links = [text for text in board.side.step_rows
             if text.isVisible() and 'href="ruling:' in text.text()]
    assert links, [t.text() for t in board.side.step_rows]
    assert 'title="Die sparsamste Zahlung"' in links[0].text()
    links[0].linkActivated.emit("ruling:r9")
    assert window.state.section == "interpretations"


def test_replay_captions_of_whole_games_read_well():
    from app.model.play_session import Entry
    from tests.ui.test_situation_drawings import bad_patterns

    for seed in range(12):
        for step in random_game(seed, 2 + seed % 3):
            entry = Entry(step.after, step.before, step.move, step.outcome)
            # Each picture shows its own engine sentences: none left over, none made up.
            beats = outcome_beats(entry, strict=True)
            for beat in beats:
                assert not bad_patterns(beat.caption), (seed, beat.caption)
                assert beat.caption or len(beats) == 1, seed
            said = [line.text for line in explain(step.outcome).steps]
            assert " ".join(b.caption for b in beats) == " ".join(said), seed


@pytest.mark.parametrize("size", [(800, 600), (900, 700), (1024, 768)])
def test_a_refusal_is_scrolled_into_view_on_a_small_window(qtbot, library, size):
    # The board fills a small window; the answer box sits below it. A refused card must not
    # leave its reason below the fold, where a player using the keys never looks.
    window = create_main_window(library, "atlantis", remember=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    view = window.view_for("board")
    at(view, HELMET)
    window.activateWindow()
    view.canvas.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(view.canvas, Qt.Key.Key_Return)  # Blue's pawn on Atlantis
    assert view.draft.origin == 0
    qtbot.keyClick(view.canvas, Qt.Key.Key_R)  # a card Blue does not hold
    assert view.message_box.objectName() == "WrongBox"
    qtbot.wait(50)
    shown = view.message_box.visibleRegion().boundingRect()
    assert shown.height() >= view.message.height(), (size, shown, view.message_box.size())
    assert view.canvas.hasFocus(), "the keys stay on the board"
