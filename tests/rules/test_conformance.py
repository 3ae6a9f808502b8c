"""One conformance test over the registry (OpenSpiel's random_sim_test): every registered game
is played at random through the contract alone, and every reached position, move, explanation
and refusal must keep the contract's promises."""

from __future__ import annotations

import os
import random

import pytest

from app.rules.contract import Explanation, Game, GameInfo
from app.rules.errors import IllegalMoveError, RulesError
from app.rules.registry import GAMES

GAMES_PER_ENGINE = int(os.environ.get("REGELFRISCH_CONFORMANCE_GAMES", "6"))
MAX_PLIES = 400


def _players_and_variants(info: GameInfo):
    yield "", info.default_players
    for variant in info.variants:
        yield variant.key, variant.players[-1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_engine_speaks_the_contract(game_id):
    game = GAMES[game_id]
    assert isinstance(game, Game)
    assert game.info.id == game_id
    assert game.info.default_players in game.info.players
    assert game.info.refusal_codes, "a game names the reason codes of its refusals"
    generic = {IllegalMoveError.code, RulesError.code}
    assert not game.info.refusal_codes & generic, "a refusal says which rule, not just „illegal“"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_keep_the_contract(game_id):
    game = GAMES[game_id]
    combos = list(_players_and_variants(game.info))
    for number in range(GAMES_PER_ENGINE):
        rng = random.Random(number)
        variant, players = combos[number % len(combos)]
        state = game.new_game(seed=number, variant=variant, players=players)
        for _ in range(MAX_PLIES):
            assert game.is_valid(state), game.violations(state)
            text = game.format_position(state)
            assert game.format_position(game.parse_position(text)) == text
            moves = game.legal_moves(state)
            if game.is_over(state):
                assert game.to_move(state) is None
                assert not moves
                break
            assert moves, f"{text}: not over, yet no legal move"
            move = rng.choice(moves)
            notation = game.format_move(move, state)
            assert game.format_move(game.parse_move(notation, state), state) == notation
            state, outcome = game.apply(state, move)
            explanation = game.explain(outcome)
            assert isinstance(explanation, Explanation) and explanation.steps
            for step in explanation.steps:
                # Sentences a player reads: capitalised, ended; the wording itself is the
                # text checker's job (tests/model/test_text_check.py).
                first = step.text.split()[0]
                assert first[:1].isupper() or any(c.isdigit() for c in first), step
                assert step.text.rstrip().rstrip(")")[-1:] in (".", "!", "?", ":"), step
        scores = game.score(state) if game.is_over(state) else None
        if scores is not None:
            best = max(scores)
            assert set(game.winners(state)) <= {i for i, s in enumerate(scores) if s == best} \
                or game_id == "survive"  # Survive scores sides of two seats in „zwei Farben“


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_carries_a_reason_code(game_id):
    game = GAMES[game_id]
    refused = 0
    for number in range(GAMES_PER_ENGINE):
        rng = random.Random(1000 + number)
        state = game.new_game(seed=number, players=game.info.default_players)
        seen: list = []
        for _ in range(60):
            moves = game.legal_moves(state)
            if not moves:
                break
            # A move that was legal earlier is often illegal now: the rules must say why.
            for old in seen[-5:]:
                if old in moves:
                    continue
                try:
                    game.apply(state, old)
                except IllegalMoveError as err:
                    refused += 1
                    assert err.code in game.info.refusal_codes, (err.code, str(err))
                    assert str(err)
                except RulesError as err:
                    raise AssertionError(f"not an IllegalMoveError: {err!r}") from err
            move = rng.choice(moves)
            seen.append(move)
            state, _ = game.apply(state, move)
    assert refused, "the test must reach refusals to check them"
