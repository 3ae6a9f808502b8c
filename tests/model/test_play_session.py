"""The one play session and the per-game drafts, without Qt."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from app.model.drafts.atacama import atacama_session
from app.model.drafts.atlantis import atlantis_session, move_words
from app.model.drafts.survive import Tally, survive_session
from app.model.play_session import CHANGED, DONE, DRAFT, MESSAGE, MOVED, WRONG, PlaySession
from app.rules.registry import GAMES


def play_some(session: PlaySession, rng: random.Random, moves: int) -> list[str]:
    """Random legal moves; the notations of the states passed through, first one included."""
    seen = [session.notation]
    for _ in range(moves):
        legal = session.game.legal_moves(session.state)
        if not legal:
            break
        assert session.play(rng.choice(legal)), session.message.text
        seen.append(session.notation)
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_and_redo_walk_back_and_forth_over_any_game(game_id):
    session = PlaySession(GAMES[game_id], seed=5)
    seen = play_some(session, random.Random(game_id), 12)
    assert len(seen) > 3, "the random game was long enough to say something"
    back = [session.notation]
    while session.undo():
        back.append(session.notation)
    assert back == seen[::-1]
    assert not session.can_undo and session.can_redo
    forth = [session.notation]
    while session.redo():
        forth.append(session.notation)
    assert forth == seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_explanation_is_the_engines_own_for_the_last_move(game_id):
    game = GAMES[game_id]
    session = PlaySession(game, seed=2)
    assert session.explanation is None
    play_some(session, random.Random(3), 3)
    assert session.explanation == game.explain(session.outcome)
    assert session.explanation is session.explanation, "computed once per entry"
    session.undo()
    assert session.explanation == (None if session.outcome is None
                                   else game.explain(session.outcome))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_refusal_says_the_engines_reason_and_code_and_changes_nothing(game_id):
    game = GAMES[game_id]
    session = PlaySession(game, seed=4)
    play_some(session, random.Random(1), 2)
    before, steps = session.notation, len(session.history)
    refused = next(m for m in (session.entry.move, *_other_moves(session)) if m is not None
                   and _illegal(game, session.state, m))
    assert session.play(refused) is False
    assert session.notation == before and len(session.history) == steps
    assert session.message.kind == WRONG
    assert session.message.code and session.message.code in (game.info.refusal_codes
                                                              | {"illegal", "invalid"})
    assert session.message.text


def _other_moves(session):
    history = session.history
    while history.undo():
        yield history.current.move
    while history.redo():
        pass


def _illegal(game, state, move) -> bool:
    try:
        game.apply(state, move)
    except game.errors.RulesError:
        return True
    return False


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_new_game_by_number_is_the_same_game_and_can_be_taken_back(game_id):
    game = GAMES[game_id]
    session = PlaySession(game, seed=1)
    play_some(session, random.Random(7), 3)
    played = session.notation
    assert session.new_game(11)
    assert session.notation == game.format_position(game.new_game(seed=11))
    assert session.entry.seed == 11 and session.outcome is None
    assert session.undo() and session.notation == played


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_positions_load_from_notation_and_bad_text_changes_nothing(game_id):
    game = GAMES[game_id]
    session = PlaySession(game, seed=3)
    other = game.format_position(game.new_game(seed=8))
    assert session.load_position(other) and session.notation == other
    assert session.message.kind == DONE
    assert session.load_position("das ist keine Stellung") is False
    assert session.notation == other and session.message.code == "notation"
    assert "kann ich nicht übernehmen" in session.message.text


def test_listeners_hear_every_change_in_order():
    session = PlaySession(GAMES["atacama"], seed=3)
    heard: list[str] = []
    session.subscribe(heard.append)
    session.play(session.game.legal_moves(session.state)[0])
    assert heard == [CHANGED, MESSAGE, MOVED]
    heard.clear()
    session.play(session.entry.move)
    assert heard == [MESSAGE]
    heard.clear()
    session.undo()
    assert heard == [CHANGED, MESSAGE]


def test_the_session_and_drafts_need_no_qt():
    code = ("import sys; import app.model.play_session, app.model.drafts.atlantis, "
            "app.model.drafts.atacama, app.model.drafts.survive; "
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


# -- Atlantis: the move put together click by click -----------------------------------------


def test_atlantis_pawn_then_card_plays_one_move():
    session = atlantis_session()
    draft = session.draft
    session.start(GAMES["atlantis"].parse_position("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR"))
    assert draft.select_pawn(0) and draft.origin == 0 and session.message.kind != WRONG
    from app.rules.atlantis import Item

    assert draft.play_card(Item.STATUE)
    assert session.outcome is not None and draft.origin is None
    assert session.explanation.steps[0].text.startswith("Du ziehst deine Figur")


def test_atlantis_a_card_onto_a_pawn_asks_for_one_more():
    from app.rules.atlantis import Item

    session = atlantis_session()
    draft = session.draft
    session.start(GAMES["atlantis"].parse_position("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR"))
    steps = len(session.history)
    draft.select_pawn(0)
    # Helm leads to Feld 2, where White stands: no move yet, one more card is due (S. 3).
    assert draft.play_card(Item.HELM)
    assert draft.cards == (Item.HELM,) and len(session.history) == steps
    assert "dort steht schon Weiß (b)" in session.message.text
    assert draft.pending_targets() == [2]
    assert draft.play_card(Item.STATUE)
    assert len(session.history) == steps + 1 and session.outcome.movement.landing == 4


def test_atlantis_the_other_players_pawn_is_refused_with_both_names():
    session = atlantis_session()
    draft = session.draft
    session.start(GAMES["atlantis"].parse_position("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR"))
    assert draft.select_pawn(2, player=1) is False
    assert "Weiß (b)" in session.message.text and "am Zug ist Blau (a)" in session.message.text
    assert draft.select_pawn(2) is False
    assert session.message.kind == WRONG and "Dort steht Weiß (b)" in session.message.text


def test_atlantis_another_payment_replaces_the_move_without_a_step():
    session = atlantis_session()
    draft = session.draft
    session.start(GAMES["atlantis"].parse_position("R3 ~ K5 H2 [a] | a: H S3 K2 O1"))
    assert draft.play_text("0:H")
    choices = draft.payment_choices()
    assert len(choices) > 1 and draft.paid() == choices[0]
    steps = len(session.history)
    assert draft.choose_payment(choices[1])
    assert draft.paid() == choices[1] and len(session.history) == steps
    assert session.message.kind == DONE


def test_atlantis_bridge_after_taking_waits_for_a_gap_then_is_one_step():
    from app.rules.atlantis import Item, gaps

    session = atlantis_session()
    draft = session.draft
    session.start(GAMES["atlantis"].parse_position("R3 H2 S4 ~ K5 =b A2 | a: SOFF | b: RFFFF"))
    before, steps = session.notation, len(session.history)
    draft.set_bridge_later(True)
    draft.select_pawn(0)
    assert draft.play_card(Item.STATUE)
    assert draft.awaiting is not None and session.notation == before
    assert len(session.history) == steps and draft.preview_gaps() == [2, 4]
    assert draft.place_bridge_after(2)
    assert len(session.history) == steps + 1 and draft.awaiting is None
    assert session.entry.move.bridge_after is not None
    assert any(gap.bridge == 0 for gap in gaps(session.state)), "Blue's bridge lies"


def test_atlantis_example_hint_names_the_move_in_words():
    assert move_words("0:HS") == "die Figur auf Atlantis mit Helm (grau), dann Statue (weiß)"
    assert move_words("kauderwelsch") == "der Zug aus dem Beispiel"


# -- Atacama and Survive -----------------------------------------------------------------------


def test_atacama_marks_the_last_derrick_through_a_taken_right():
    from app.rules.atacama import Direction, Right, TakeRight, Variant

    session = atacama_session()
    draft = session.draft
    draft.restart(Variant(2, buildup=True))
    square = next(m.square for m in session.game.legal_moves(session.state)
                  if not isinstance(m, TakeRight))
    assert draft.place(square) and draft.last_square == square
    assert draft.play(TakeRight(Right.SILVER_GOLD, Direction.ROWS))
    assert draft.last_square == square
    draft.restart()
    assert draft.last_square is None and "Neue Partie" in session.message.text
    session.undo()
    assert draft.last_square == square


def test_survive_tally_counts_answers_and_undo_restores_it():
    session = survive_session(seed=3)
    draft = session.draft
    from app.rules.survive import removable_tiles
    from app.rules.survive.rules import KIND_BY_SPACE

    allowed = set(removable_tiles(session.state))
    wrong = next(s for s in KIND_BY_SPACE if s not in allowed and s not in session.state.removed)
    assert draft.choose(wrong) is False
    assert draft.tally == Tally(0, 1, None) and draft.last_wrong == wrong
    assert not session.can_undo, "a wrong answer is no step to undo"
    right = sorted(allowed, key=lambda s: s.label)[0]
    assert draft.choose(right) and session.message.title == "Richtig"
    assert draft.tally == Tally(1, 1, right)
    assert session.undo() and draft.tally == Tally(0, 1, None)
    draft.new_position(4)
    assert draft.tally == Tally(0, 1, None), "a new position keeps the tally"


def test_survive_a_boat_under_four_waits_for_who_boards_and_undo_drops_the_choice():
    from app.rules.survive import parse_position

    session = survive_session()
    draft = session.draft
    draft.load(parse_position("spieler: ro bl ge; zug: ro entfernen; weg: j5; "
                              "land: f3 ro1 bl2 ge3 ro4; rückseiten: f3 boot"))
    before = session.notation
    f3 = next(s for s, _group in session.state.land)
    heard: list[str] = []
    session.subscribe(heard.append)
    assert draft.choose(f3) and draft.boarding is not None
    assert len(draft.boarding[1]) == 4 and session.notation == before and DRAFT in heard
    assert session.undo() and draft.boarding is None and session.notation == before
    assert draft.choose(f3) and draft.board(0)
    assert draft.tally.right == 1 and session.notation != before
