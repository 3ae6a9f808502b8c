"""What a planned movement costs (``app.rules.survive.plan``): the price of each kind of move from
seed 003, the refusals with their reason codes, and random legal movements priced the same as
playing them."""

from __future__ import annotations

import random

import pytest

from app.rules import survive
from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive import (
    BoatMove,
    Pass,
    Phase,
    Step,
    apply,
    format_plan,
    legal_moves,
    new_game,
    parse_plan,
    parse_position,
    plan_cost,
)

# d4 (a beach) is gone and sea now; Red steers the boat on c2, Blue the one on b4.
START = ("spieler: ro bl; zug: ro ziehen 3; weg: d4; land: e4 ro? ro?, f5 bl?; "
         "boote: c2 [ro? ro? bl?], b4 [bl? bl?]; see: c4 ro?")


@pytest.mark.parametrize("plan, cost", [
    ("ro? e4-e5", 1),  # a step on land
    ("ro? e4-e5; ro? e5-d5; ro? d5-d6", 3),
    ("ro? e4-c3", None),  # c3 is not next to e4
    ("ro? e4-d4; ro? d4-c4", None),  # into the water is the one sea space (S5)
    ("ro? c4-b4; ro? b4-[b4]", 2),  # swim one space, then climb into the boat there
    ("boot c2-b2", 1),  # a loaded boat: 1 per space, however many sit in it
    ("boot c2-b2; boot b2-b1; ro? [b1]-nw; ro? [b1]-nw", 4),  # each ashore pays its own
    ("boot c2-b2; boot b2-b1; ro? [b1]-nw", 3),
    ("ro? c4-[c4]", None),  # no boat on c4
    ("boot b4-a4", None),  # Blue has more aboard: Blue steers that boat
    ("ro? c4-d5", None),  # never back onto the island
])
def test_prices_and_refusals(plan, cost):
    state = parse_position(START)
    moves = parse_plan(plan, state)
    if cost is None:
        with pytest.raises(IllegalMoveError):
            plan_cost(state, moves)
    else:
        assert plan_cost(state, moves) == cost


def test_a_refusal_carries_the_engines_reason_code_and_names_the_move():
    state = parse_position(START)
    cases = {"boot b4-a4": "not_in_control", "ro? c4-d5": "never_back",
             "ro? c4-c3; ro? c3-b3": "already_swum", "ro? e4-d4; ro? d4-c4": "already_swum"}
    for plan, code in cases.items():
        moves = parse_plan(plan, state)
        with pytest.raises(IllegalMoveError) as refused:
            plan_cost(state, moves)
        assert refused.value.code == code, plan
        said = str(refused.value)
        # Which move, where there are several; the engine's own refusal either way.
        assert said.startswith(f"Bewegung {len(moves)} von {len(moves)} geht nicht: ") \
            if len(moves) > 1 else not said.startswith("Bewegung"), said


def test_a_plan_dearer_than_the_turn_is_priced_in_full_and_does_not_fit():
    state = parse_position(START)
    plan = parse_plan("ro? e4-e5; ro? e5-d5; ro? d5-d6; ro? d6-c6", state)
    assert plan_cost(state, plan) == 4 > state.points
    played = state
    with pytest.raises(IllegalMoveError) as refused:  # played for real, the 4th has no point
        for move in plan:
            played, _ = apply(played, move)
    assert refused.value.code == "wrong_phase"


@pytest.mark.parametrize("bad, code", [
    ((), "malformed_move"),
    ("ro? e4-d5", "malformed_move"),
    ((Pass(),), "malformed_move"),
    (None, "malformed_move"),
])
def test_anything_but_steps_and_boat_moves_is_refused_in_german(bad, code):
    with pytest.raises(RulesError) as refused:
        plan_cost(parse_position(START), bad)
    assert refused.value.code == code
    assert "Bewegung 1 ist kein" in str(refused.value) or "eine Folge" in str(refused.value)


def test_prices_are_asked_while_moving_only():
    state = parse_position(START.replace("ziehen 3", "entfernen"))
    with pytest.raises(RulesError) as refused:
        plan_cost(state, (BoatMove(survive.space("c2"), survive.space("b2")),))
    assert refused.value.code == "wrong_phase"
    with pytest.raises(RulesError):
        plan_cost("keine Stellung", (BoatMove(survive.space("c2"), survive.space("b2")),))


def test_notation_reads_only_steps_and_boat_moves():
    state = parse_position(START)
    for bad in ("", "weiter", "ro? e4-d5; entferne f3", "würfel hai"):
        with pytest.raises(NotationError):
            parse_plan(bad, state)


def test_random_legal_movements_cost_what_playing_them_spends_and_round_trip():
    """Up to three moves a player really makes cost one point each, as playing them spends."""
    rng = random.Random(27)
    checked = 0
    for game in range(60):
        state = new_game(random.Random(game), rng.choice((2, 3, 4)))
        played, until = 0, rng.randint(0, 60)
        # Somewhere in the game, at the start of someone's moving.
        while state.phase is not Phase.ENDE and (
                played < until or state.phase is not Phase.ZIEHEN
                or state.points != 3):
            state, _ = apply(state, rng.choice(legal_moves(state)))
            played += 1
        if state.phase is Phase.ENDE:
            continue
        start, plan = state, []
        while state.phase is Phase.ZIEHEN and len(plan) < 3:
            moves = [m for m in legal_moves(state) if isinstance(m, Step | BoatMove)]
            if not moves:
                break
            move = rng.choice(moves)
            plan.append(move)
            state, _ = apply(state, move)
        if not plan:
            continue
        if state.phase is Phase.ZIEHEN:
            assert 3 - state.points == len(plan)
        assert plan_cost(start, plan) == len(plan)
        assert parse_plan(format_plan(plan), start) == tuple(plan)
        checked += 1
    assert checked > 40
