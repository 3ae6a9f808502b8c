"""Survive's „Was passiert?“ and removal trainer, driven like a player drives them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox

from app.model.loader import load_library
from app.model.paths import content_root
from app.rules.errors import NotationError
from app.rules.survive import (
    PRACTICE_MAP_LABEL,
    Colour,
    Creature,
    Explorer,
    Kind,
    Phase,
    Remove,
    SpaceContents,
    apply,
    current_kind,
    format_encounter,
    format_position,
    parse_encounter,
    parse_position,
    random_encounter,
    random_position,
    removable_tiles,
    removal_check,
    resolve_encounter,
)
from app.rules.survive.board import CELLS, TERRAIN, Cell
from app.ui.app_state import AppState, Services
from app.ui.theme import DARK, LIGHT, apply_theme
from app.ui.views.survive_encounters import SurviveEncounters
from app.ui.views.survive_removal_view import SurviveRemovalView
from tests.ui.util import visible_text

R, B, Y, G = Colour.ROT, Colour.BLAU, Colour.GELB, Colour.GRUEN


@pytest.fixture(scope="module")
def loaded():
    return load_library(content_root()).game("survive")


@pytest.fixture
def state():
    return AppState()


@pytest.fixture
def enc(qtbot, loaded, state):
    widget = SurviveEncounters(loaded, Services(state))
    qtbot.addWidget(widget)
    widget.resize(1064, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def trainer(qtbot, loaded, state):
    widget = SurviveRemovalView(loaded, Services(state))
    qtbot.addWidget(widget)
    widget.resize(1064, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


# -- „Was passiert?“: clicking a space together -----------------------------------------------


def left_click(qtbot, widget) -> None:
    pos = widget.rect().center()
    if isinstance(widget, QCheckBox):  # on the box itself, the label may end before the centre
        pos.setX(8)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def build(qtbot, view, creature: Creature, swimmers: list[Colour],
          boat: list[Colour] | None) -> None:
    """Empty the space by text, then click creature, swimmers, boat and crew."""
    view.notation.setText("schlange: leer")
    left_click(qtbot, view.creature_buttons[creature])
    for colour in swimmers:
        left_click(qtbot, view.swimmer_steppers[colour].plus)
    if boat is not None:
        left_click(qtbot, view.boat_box)
        for colour in boat:
            left_click(qtbot, view.crew_steppers[colour].plus)


CASES = [  # id, creature, swimmers, boat, stops, boat destroyed, lost, new swimmers
    ("hai-frisst-schwimmer-boot-sicher", Creature.HAI, [R, B], [Y, Y], True, False, 2, 0),
    ("hai-nur-boot-zieht-weiter", Creature.HAI, [], [R], False, False, 0, 0),
    ("hai-leeres-boot", Creature.HAI, [G], [], True, False, 1, 0),
    ("wal-kentert-besetztes-boot", Creature.WAL, [], [R, B], True, True, 0, 2),
    ("wal-schwimmer-sicher", Creature.WAL, [G, G], None, False, False, 0, 0),
    ("wal-leeres-boot-sicher", Creature.WAL, [], [], False, False, 0, 0),
    ("schlange-leeres-boot-sicher", Creature.SCHLANGE, [], [], True, False, 0, 0),
    ("schlange-besetztes-boot", Creature.SCHLANGE, [R], [B, Y], True, True, 3, 0),
    ("schlange-frisst-schwimmer", Creature.SCHLANGE, [Y, G], None, True, False, 2, 0),
]


@pytest.mark.parametrize(("creature", "swimmers", "boat", "stops", "wrecked", "lost", "fresh"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_clicked_encounter_shows_the_engines_outcome(qtbot, enc, creature, swimmers, boat,
                                                     stops, wrecked, lost, fresh):
    build(qtbot, enc, creature, swimmers, boat)
    contents = SpaceContents(tuple(Explorer(c) for c in sorted(swimmers)),
                             None if boat is None else tuple(Explorer(c) for c in sorted(boat)))
    expected = resolve_encounter(creature, contents)
    assert enc.creature is creature
    assert enc.contents == contents
    assert enc.outcome == expected
    assert (expected.stops, expected.boat_destroyed, len(expected.lost),
            len(expected.new_swimmers)) == (stops, wrecked, lost, fresh)
    assert enc.reason.text() == expected.reason
    assert enc.picture.outcome == expected
    assert enc.notation.text() == format_encounter(creature, contents)
    shown = visible_text(enc)
    assert ("hält hier an" if stops else "zieht weiter") in enc.verdict.text()
    if wrecked:
        assert enc.facts["boat"].text().startswith("zerstört")
    elif boat is not None:
        assert enc.facts["boat"].text().startswith("bleibt")
    assert expected.reason in shown


def test_whale_capsize_lists_the_crew_as_swimmers(qtbot, enc):
    build(qtbot, enc, Creature.WAL, [], [R, B])
    assert enc.facts["lost"].text() == "niemand"
    assert enc.facts["swimmers"].text() == "Rot und Blau (neu im Wasser: Rot und Blau)"
    assert enc.outcome.passengers_after is None


def test_steppers_follow_the_rules_of_the_space(qtbot, enc):
    build(qtbot, enc, Creature.HAI, [R], [R, R, B])
    crew = enc.crew_steppers
    assert all(not s.plus.isEnabled() for s in crew.values())  # 3 seats taken
    assert crew[R].count.text() == "2"
    assert not crew[G].minus.isEnabled()
    left_click(qtbot, crew[R].minus)
    assert all(s.plus.isEnabled() for s in crew.values())
    left_click(qtbot, enc.boat_box)  # boat away: crew cannot be changed
    assert enc.contents.boat is None
    assert not any(s.plus.isEnabled() for s in crew.values())
    left_click(qtbot, enc.boat_box)  # and back, with the same crew
    assert enc.contents.boat == (Explorer(R), Explorer(B))


def test_impossible_space_is_refused_with_the_engines_reason(qtbot, enc):
    build(qtbot, enc, Creature.WAL, [], None)
    left_click(qtbot, enc.there_buttons[Creature.HAI])
    assert enc.contents.creatures == (Creature.HAI,)
    before = enc.contents
    left_click(qtbot, enc.swimmer_steppers[R].plus)
    with pytest.raises(NotationError) as err:
        SpaceContents((Explorer(R),), None, (Creature.HAI,))
    assert enc.contents == before
    assert enc.refusal_box.isVisible()
    assert enc.refusal_text.text() == str(err.value)
    assert enc.swimmer_steppers[R].count.text() == "0"
    left_click(qtbot, enc.there_buttons[Creature.HAI])  # the shark leaves: now it works
    left_click(qtbot, enc.swimmer_steppers[R].plus)
    assert enc.contents.swimmers == (Explorer(R),)
    assert not enc.refusal_box.isVisible()


def test_a_refusal_stands_alone_without_a_result_beside_it(qtbot, enc):
    build(qtbot, enc, Creature.WAL, [], None)
    left_click(qtbot, enc.there_buttons[Creature.HAI])
    assert enc.result.isVisible()
    left_click(qtbot, enc.swimmer_steppers[R].plus)  # a swimmer beside the shark: refused
    assert enc.refusal_box.isVisible()
    assert not enc.result.isVisible()
    left_click(qtbot, enc.there_buttons[Creature.HAI])  # a possible click shows it again
    assert enc.result.isVisible() and not enc.refusal_box.isVisible()


def test_a_colour_has_ten_explorers_in_the_water_and_the_boat_together(qtbot, enc):
    build(qtbot, enc, Creature.WAL, [R] * 9, [R])
    swim, crew = enc.swimmer_steppers[R], enc.crew_steppers[R]
    assert not swim.plus.isEnabled() and not crew.plus.isEnabled()
    assert enc.crew_steppers[B].plus.isEnabled()  # other colours still have theirs
    enc.notation.setText("wal: schwimmer " + ", ".join(["rot"] * 10) + "; boot [rot]")
    assert enc.error_box.isVisible() and "10 Entdecker" in enc.error_text.text()
    assert not enc.result.isVisible()


@pytest.mark.parametrize("text", [
    "hai: schwimmer rot, blau; boot [gelb, gelb, rot]",
    "schlange: boot []",
    "wal: schwimmer grün; boot [rot, blau]",
    "wal: boot [rot]; dort hai",
    "wal: schwimmer ro3, bl1*",
])
def test_notation_round_trip(enc, text):
    enc.notation.setText(text)
    creature, contents = parse_encounter(text)
    assert (enc.creature, enc.contents) == (creature, contents)
    assert enc.outcome == resolve_encounter(creature, contents)
    assert not enc.error_box.isVisible()
    assert enc.creature_buttons[creature].isChecked()
    for colour, stepper in enc.swimmer_steppers.items():
        assert stepper.count.text() == str(sum(e.colour is colour for e in contents.swimmers))
    # Clicking writes the text back in the engine's own form.
    enc.set_encounter(creature, contents)
    assert parse_encounter(enc.notation.text()) == (creature, contents)


@pytest.mark.parametrize("text", ["drache: schwimmer rot", "hai schwimmer rot",
                                  "hai: schwimmer lila", "wal: boot [rot, rot, rot, rot]",
                                  "hai: schwimmer rot; dort hai", ""])
def test_bad_text_says_why_and_does_not_crash(enc, text):
    enc.notation.setText(text)
    with pytest.raises(NotationError) as err:
        parse_encounter(text)
    assert enc.error_box.isVisible()
    assert enc.error_text.text() == str(err.value)
    assert not enc.result.isVisible()
    assert enc.outcome is None


def test_a_click_after_bad_text_starts_from_the_last_good_space(qtbot, enc):
    enc.notation.setText("hai: schwimmer rot")
    enc.notation.setText("hai: schwimmer ???")
    left_click(qtbot, enc.swimmer_steppers[B].plus)
    assert enc.notation.text() == "hai: schwimmer rot, blau"
    assert not enc.error_box.isVisible()
    assert enc.result.isVisible()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="haiwlschngerotbu[];:, 0123*?ü", max_size=40))
def test_any_text_is_answered_without_a_crash(enc, text):
    enc.notation.setText(text)
    assert enc.error_box.isVisible() == (enc.outcome is None)


@pytest.mark.parametrize("seed", [1, 42, 4711])
def test_seed_gives_the_engines_random_encounter(enc, seed):
    enc.seed_box.setValue(seed)
    expected = random_encounter(random.Random(seed))
    assert (enc.creature, enc.contents) == expected
    assert enc.outcome == resolve_encounter(*expected)
    assert enc.seed_box.text() == f"Nr. {seed}"


def test_random_button_draws_a_numbered_encounter(qtbot, enc):
    left_click(qtbot, enc.random_button)
    seed = enc.seed_box.value()
    assert seed > 0
    assert (enc.creature, enc.contents) == random_encounter(random.Random(seed))


@pytest.mark.parametrize(("creature", "button", "section"), [
    (Creature.SCHLANGE, "schlange", "pitfalls"),
    (Creature.HAI, "hai", "pitfalls"),
    (Creature.WAL, "wal", "pitfalls"),
    (Creature.SCHLANGE, "auslegung-schlange-insassen", "interpretations"),
    (Creature.SCHLANGE, "auslegung-leeres-boot", "interpretations"),
])
def test_rule_buttons_jump_to_the_content(qtbot, enc, state, loaded, creature, button,
                                          section):
    content = loaded.game.content
    assert button in {p.id for p in content.pitfalls} | {i.id for i in content.interpretations}
    left_click(qtbot, enc.creature_buttons[creature])
    jump = enc.jump_buttons[button]
    assert jump.isVisible()
    with qtbot.waitSignal(state.jumpRequested) as blocker:
        left_click(qtbot, jump)
    assert blocker.args == [section, button]


def test_rulings_are_tagged_where_they_decide(qtbot, enc):
    enc.notation.setText("schlange: boot []")
    tags = {key: tag for key, (_entry, tag) in enc.rule_entries.items()}
    assert tags["auslegung-leeres-boot"].isVisible()
    assert not tags["auslegung-schlange-insassen"].isVisible()
    enc.notation.setText("schlange: boot [rot]")
    assert tags["auslegung-schlange-insassen"].isVisible()
    assert not tags["auslegung-leeres-boot"].isVisible()
    enc.notation.setText("hai: boot [rot]")
    assert not enc.rule_entries["auslegung-leeres-boot"][0].isVisible()
    assert enc.rule_entries["hai"][0].isVisible()


def test_encounters_work_without_services(qtbot, loaded):
    view = SurviveEncounters(loaded)
    qtbot.addWidget(view)
    assert view.jump_buttons == {}
    assert view.outcome == resolve_encounter(*parse_encounter(view.notation.text()))


@pytest.mark.parametrize("size", [(1064, 760), (684, 640)])
def test_encounter_page_lays_out_without_clipping(qtbot, enc, size):
    enc.resize(*size)
    QApplication.processEvents()
    enc.notation.setText("schlange: schwimmer rot; boot [gelb, blau]")
    QApplication.processEvents()
    QApplication.processEvents()
    for widget in (enc.reason, enc.verdict):
        assert widget.height() >= widget.heightForWidth(widget.width())
    assert enc.widget().width() <= enc.viewport().width()


# -- the removal trainer ----------------------------------------------------------------------


def seed_where(test, limit: int = 400) -> int:
    for seed in range(1, limit):
        if test(random_position(random.Random(seed))):
            return seed
    raise AssertionError("no such practice position in the first seeds")


def click_tile(qtbot, view, tile) -> None:
    qtbot.mouseClick(view.map, Qt.MouseButton.LeftButton, pos=view.tile_point(tile))


def test_seed_gives_the_same_position(trainer):
    trainer.seed_box.setValue(7)
    assert trainer.session.notation == format_position(random_position(random.Random(7)))
    trainer.seed_box.setValue(8)
    trainer.seed_box.setValue(7)
    assert trainer.session.notation == format_position(random_position(random.Random(7)))
    assert PRACTICE_MAP_LABEL in visible_text(trainer)


def test_clicking_an_allowed_tile_removes_it(qtbot, trainer):
    state = trainer.session.state
    tile = removable_tiles(state)[0]
    expected, report = apply(state, Remove(tile))
    click_tile(qtbot, trainer, tile)
    now = trainer.session.state
    assert tile in now.removed
    assert now == (replace(expected, phase=Phase.ENTFERNEN)
                   if expected.phase is Phase.WUERFELN else expected)
    assert trainer.draft.tally.right == 1
    assert trainer.message.text() == removal_check(state, tile)[1] == report.reason
    assert trainer.detail.text() == report.text
    assert trainer.message_box.objectName() == "RightBox"
    assert trainer.right_label.text() == "✓ 1 richtig"


def test_the_trainer_goes_on_with_the_next_tile(qtbot, trainer):
    for _ in range(3):
        state = trainer.session.state
        if state.phase is Phase.ENDE:
            break
        click_tile(qtbot, trainer, removable_tiles(state)[-1])
        assert len(trainer.session.state.removed) == len(state.removed) + 1
    assert trainer.draft.tally.right >= 1
    assert trainer.draft.tally.wrong == 0


def test_forest_is_refused_while_a_beach_at_the_sea_remains(qtbot, trainer):
    seed = seed_where(lambda s: current_kind(s) is Kind.STRAND)
    trainer.seed_box.setValue(seed)
    state = trainer.session.state
    forest = next(t for t in TERRAIN if CELLS[t] is Cell.WALD and t not in state.removed)
    ok, reason = removal_check(state, forest)
    assert not ok
    before = trainer.session.notation
    click_tile(qtbot, trainer, forest)
    assert trainer.session.notation == before
    assert trainer.message.text() == reason
    assert "Strand" in reason
    assert trainer.draft.tally.wrong == 1
    assert trainer.draft.tally.right == 0
    assert trainer.message_box.objectName() == "WrongBox"
    assert trainer.wrong_label.text() == "✗ 1 falsch"


def test_an_inland_beach_is_refused_with_the_engines_reason(qtbot, trainer):
    def inland_beach(s):
        return current_kind(s) is Kind.STRAND and any(
            CELLS[t] is Cell.STRAND and t not in s.removed and t not in removable_tiles(s)
            for t in TERRAIN)

    trainer.seed_box.setValue(seed_where(inland_beach))
    state = trainer.session.state
    beach = next(t for t in TERRAIN if CELLS[t] is Cell.STRAND and t not in state.removed
                 and t not in removable_tiles(state))
    click_tile(qtbot, trainer, beach)
    assert trainer.message.text() == removal_check(state, beach)[1]
    assert "grenzt nicht ans Meer" in trainer.message.text()
    assert trainer.session.state == state


def test_the_volcano_ends_the_game_and_the_trainer_says_so(qtbot, trainer):
    gone = " ".join(t.label for t in TERRAIN if CELLS[t] is not Cell.BERG)
    head = f"spieler: ro bl; zug: ro entfernen; weg: {gone}"
    tile = removable_tiles(parse_position(head))[0]
    trainer.draft.load(parse_position(f"{head}; rückseiten: {tile.label} vulkan"))
    click_tile(qtbot, trainer, tile)
    assert trainer.session.is_over
    assert trainer.question.text() == "Die Partie ist vorbei"
    assert "Vulkan" in trainer.detail.text()
    assert trainer.map.allowed == frozenset()
    after = trainer.session.notation
    for other in [t for t in TERRAIN if t not in trainer.session.state.removed][:2]:
        click_tile(qtbot, trainer, other)
        assert trainer.session.notation == after
        assert trainer.message.text().startswith("Das Spiel ist schon zu Ende.")
    assert (trainer.draft.tally.right, trainer.draft.tally.wrong) == (1, 0)


def test_sea_is_answered_but_not_counted(qtbot, trainer):
    click_tile(qtbot, trainer, "b2")
    assert trainer.message.text() == removal_check(trainer.session.state, "b2")[1]
    assert trainer.draft.tally.wrong == 0


def test_undo_takes_back_a_removal_and_the_tally(qtbot, trainer):
    before = trainer.session.notation
    assert not trainer.undo_button.isEnabled()
    click_tile(qtbot, trainer, removable_tiles(trainer.session.state)[0])
    assert trainer.session.notation != before
    left_click(qtbot, trainer.undo_button)
    assert trainer.session.notation == before
    assert trainer.draft.tally.right == 0
    assert not trainer.undo_button.isEnabled()


def test_undo_brings_back_the_previous_position(qtbot, trainer):
    first = trainer.session.notation
    trainer.seed_box.setValue(12)
    assert trainer.session.notation != first
    qtbot.keyClick(trainer.map, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert trainer.session.notation == first
    assert trainer.seed_box.value() == 1


def test_next_position_button(qtbot, trainer):
    left_click(qtbot, trainer.next_button)
    assert trainer.seed_box.value() == 2
    assert trainer.session.notation == format_position(random_position(random.Random(2)))


def test_keyboard_moves_the_cursor_and_enter_removes(qtbot, trainer):
    board = trainer.map
    board.setFocus()
    tiles = set(board.tiles())
    start = board.cursor_space
    assert start in tiles
    qtbot.keyClick(board, Qt.Key.Key_Right)
    moved = board.cursor_space
    assert moved in tiles and moved != start
    assert board.tile_point(moved).x() > board.tile_point(start).x()
    qtbot.keyClick(board, Qt.Key.Key_Left)
    assert board.cursor_space == start
    tile = removable_tiles(trainer.session.state)[0]
    board.move_cursor(tile)
    qtbot.keyClick(board, Qt.Key.Key_Return)
    assert tile in trainer.session.state.removed
    assert board.cursor_space in set(board.tiles())  # the cursor moved off the hole


def test_tooltip_names_tile_terrain_and_the_verdict_only_when_allowed_are_shown(trainer):
    state = trainer.session.state
    board = trainer.map
    tiles = [t for t in TERRAIN if t not in state.removed][:6]
    for tile in tiles:
        text = board.describe(tile)
        assert text.startswith(tile.label)
        assert CELLS[tile].value in text
        assert removal_check(state, tile)[1] not in text  # the puzzle's answer
    board.set_show_allowed(True)
    for tile in tiles:
        assert removal_check(state, tile)[1] in board.describe(tile)


def test_allowed_tiles_are_shown_on_request(qtbot, trainer):
    assert not trainer.map.show_allowed
    left_click(qtbot, trainer.allowed_box)
    assert trainer.map.show_allowed
    assert trainer.map.allowed == frozenset(removable_tiles(trainer.session.state))


def test_buttons_have_accessible_names(trainer, enc):
    from PySide6.QtWidgets import QAbstractButton

    for view in (trainer, enc):
        for button in view.findChildren(QAbstractButton):
            assert button.accessibleName() or button.text(), button


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["hell", "dunkel"])
def test_both_pages_draw_in_both_themes(qtbot, trainer, enc, colours):
    app = QApplication.instance()
    try:
        apply_theme(app, colours)
        QApplication.processEvents()
        for view in (trainer, enc):
            assert not view.grab().isNull()
        assert trainer.map._colours.dark == (colours is DARK)
    finally:
        apply_theme(app, LIGHT)


# -- an appearing boat (ruling S9): exactly min(3, fallen) board ---------------------------------

# Only a beach is gone yet (removal order), so f3, a beach by the sea, may go next.
BOAT_HEAD = "spieler: ro bl ge; zug: ro entfernen; weg: j5"


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _space(label_: str):
    return next(t for t in TERRAIN if t.label == label_)


def test_a_boat_under_four_offers_only_groups_of_three(qtbot, trainer):
    trainer.draft.load(parse_position(
        f"{BOAT_HEAD}; land: f3 ro1 bl2 ge3 ro4; rückseiten: f3 boot"))
    before = trainer.session.notation
    click_tile(qtbot, trainer, "f3")
    # Nothing is removed until the player says who boards; only groups of three are offered.
    assert trainer.session.notation == before
    buttons = [b for b in trainer.boarding_buttons if b.isVisible()]
    assert len(buttons) == 4  # four explorers, each left out once
    assert all(b.text().count(",") == 1 and " und " in b.text() for b in buttons)
    assert "S9" in trainer.message.text()
    left_out = next(b for b in buttons if "Gelb" not in b.text())
    click(qtbot, left_out)
    boat = trainer.session.state.boat_at(_space("f3"))
    assert boat is not None and len(boat.passengers) == 3
    assert all(e.colour.title != "Gelb" for e in boat.passengers)
    swimmers = dict(trainer.session.state.sea)[_space("f3")]
    assert [e.colour.title for e in swimmers] == ["Gelb"]
    assert not trainer.boarding_box.isVisible()
    assert trainer.draft.tally.right == 1


def test_a_boat_under_three_or_fewer_takes_them_all_without_asking(qtbot, trainer):
    trainer.draft.load(parse_position(f"{BOAT_HEAD}; land: f3 ro1 bl2; rückseiten: f3 boot"))
    click_tile(qtbot, trainer, "f3")
    assert not trainer.boarding_box.isVisible()
    boat = trainer.session.state.boat_at(_space("f3"))
    assert sorted(e.colour.title for e in boat.passengers) == ["Blau", "Rot"]
    assert _space("f3") not in dict(trainer.session.state.sea)


def test_undo_while_choosing_who_boards_leaves_the_tile(qtbot, trainer):
    trainer.draft.load(parse_position(
        f"{BOAT_HEAD}; land: f3 ro1 bl2 ge3 ro4; rückseiten: f3 boot"))
    before = trainer.session.notation
    click_tile(qtbot, trainer, "f3")
    assert trainer.boarding_box.isVisible()
    click(qtbot, trainer.undo_button)
    assert not trainer.boarding_box.isVisible() and trainer.session.notation == before


def test_the_end_of_a_trainer_game_is_scored(qtbot, trainer):
    gone = " ".join(t.label for t in TERRAIN if CELLS[t] is not Cell.BERG)
    head = f"spieler: ro bl; zug: ro entfernen; weg: {gone}; sicher: nw ro3 ro2, so bl4"
    tile = removable_tiles(parse_position(head))[0]
    trainer.draft.load(parse_position(f"{head}; rückseiten: {tile.label} vulkan"))
    assert not trainer.score_box.isVisible()
    click_tile(qtbot, trainer, tile)
    assert trainer.score_box.isVisible()
    text = visible_text(trainer.score_box)
    assert "Rot: 2 Entdecker gerettet, 5 Punkte" in text
    assert "Blau: 1 Entdecker gerettet, 4 Punkte" in text
    assert "Es gewinnt Rot." in text
    click(qtbot, trainer.undo_button)
    assert not trainer.score_box.isVisible()


def _steppers(window) -> list[tuple[int, int]]:
    from PySide6.QtWidgets import QToolButton

    return sorted({(b.width(), b.height())
                   for b in window.current_view().findChildren(QToolButton, "Stepper")})


def _survive_rechner(qtbot, library_, theme: str, zoom: float = 0.0):
    from app.ui.application import create_main_window, make_application

    make_application()
    window = create_main_window(library_, "survive", remember=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    window.actions_by_name[f"theme_{theme}"].trigger()
    if zoom:
        window.zoom(zoom)
    window.state.select_section("calculators")
    QApplication.processEvents()
    return window


def test_the_steppers_keep_their_size_through_theme_switches_and_text_sizes(qtbot):
    library_ = load_library(content_root())
    # A window opened in the dark theme, at normal text and two steps larger.
    fresh = {zoom: _steppers(_survive_rechner(qtbot, library_, "dunkel", zoom))
             for zoom in (0.0, 2.0)}
    window = _survive_rechner(qtbot, library_, "hell")
    assert len(fresh[0.0]) == 1, "all steppers alike"
    side = fresh[0.0][0][0]
    assert fresh[0.0] == [(side, side)] == _steppers(window), "the theme changes no size"
    # Back and forth between the themes, as a player tries them: the same round buttons.
    for theme in ("dunkel", "hell", "dunkel"):
        window.actions_by_name[f"theme_{theme}"].trigger()
        QApplication.processEvents()
        assert _steppers(window) == fresh[0.0], theme
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Plus,
                   Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Plus,
                   Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert _steppers(window) == fresh[2.0]
    assert fresh[2.0][0][0] > side, "they grow with the text"
    # Round: the ring runs through the middle of the top edge, not through the corner.
    from PySide6.QtWidgets import QToolButton

    button = window.current_view().findChildren(QToolButton, "Stepper")[0]
    image = button.grab().toImage()
    assert image.pixelColor(0, 0) != image.pixelColor(image.width() // 2, 0)
