"""Wording slips found while reading the engines' explanations as a player (#26, point 3)."""

from __future__ import annotations

import random

from app.rules.registry import GAMES


def _explained(game_id: str, position: str, move: str) -> str:
    game = GAMES[game_id]
    state = game.parse_position(position)
    _, outcome = game.apply(state, game.parse_move(move, state))
    return game.explain(outcome).text


def test_buying_with_an_even_tile_rounds_nothing():
    text = _explained("atlantis", "R3a K5 H4 | a: HRRR S6 | b: KKKKK", "kaufen S6; 1:H")
    assert "6 ÷ 2 ist 3," in text and "abgerundet" not in text


def test_buying_with_an_odd_tile_says_it_rounds_down():
    text = _explained("atlantis", "R3a K5 H4 | a: HRRR S5 | b: KKKKK", "kaufen S5; 1:H")
    assert "5 ÷ 2 ist abgerundet 2," in text


def test_two_water_fields_passed_when_taking_a_tile_are_plural():
    # The pawn leaves field 1 for field 4; fields 2 and 3 are water, so it takes field 1.
    text = _explained("atlantis", "R3a ~ ~ K5 H4 | a: KRRR | b: KKKKK", "1:K")
    assert "Felder 2–3 sind Wasser" in text and "Feld 2–3 ist" not in text


def test_a_player_out_of_derricks_has_none_left_not_zero():
    game = GAMES["atacama"]
    rng = random.Random(3)
    state, said = game.new_game(seed=3), []
    while game.to_move(state) is not None:
        state, outcome = game.apply(state, rng.choice(list(game.legal_moves(state))))
        said.append(game.explain(outcome).text)
    assert any("hat keinen Bohrturm mehr" in text for text in said)
    assert not any("hat noch 0 Bohrtürme" in text for text in said)
