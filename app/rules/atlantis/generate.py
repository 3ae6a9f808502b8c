"""Seeded random play: whole games for tests and benchmarks, practice situations for the quiz.

Everything is deterministic per seed (``random.Random(seed)``); the seed travels with the
situation so a quiz question can be shown again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from app.rules.atlantis.moves import Advance, Buy, Part, PlaceBridge, apply, legal_moves
from app.rules.atlantis.outcome import Outcome
from app.rules.atlantis.setup import PRACTICE_NOTE, standard_setup
from app.rules.atlantis.types import Phase, State

Chooser = Callable[[random.Random, list[Part]], Part]


@dataclass(frozen=True, slots=True)
class GameStep:
    before: State
    moves: list[Part]  # legal_moves(before)
    move: Part
    after: State
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class PracticeSituation:
    """A plausible mid-game position made from ``seed``; always show ``note`` with it."""

    seed: int
    players: int
    state: State
    note: str = PRACTICE_NOTE


def uniform(rng: random.Random, moves: list[Part]) -> Part:
    """Any legal move, all alike: reaches every corner of the rules."""
    return rng.choice(moves)


def plausible(rng: random.Random, moves: list[Part]) -> Part:
    """Mostly pawn moves, now and then a purchase or a bridge, as people tend to play."""
    advances = [m for m in moves if isinstance(m, Advance)]
    buys = [m for m in moves if isinstance(m, Buy) and m.tile.value >= 4]
    bridges = [m for m in moves if isinstance(m, PlaceBridge)]
    roll = rng.random()
    if buys and roll < 0.08:
        return rng.choice(buys)
    if bridges and roll > 0.9:
        return rng.choice(bridges)
    if advances:
        return rng.choice(advances)
    return moves[-1]


def random_game(seed: int, players: int = 4, choose: Chooser = uniform) -> Iterator[GameStep]:
    """Play a whole game from the standard set-up, one step per applied move."""
    rng = random.Random(seed)
    state = standard_setup(players, seed)
    while True:
        moves = legal_moves(state)
        if not moves:
            return
        move = choose(rng, moves)
        after, outcome = apply(state, move)
        yield GameStep(state, moves, move, after, outcome)
        state = after


def practice_situation(seed: int, players: int = 3) -> PracticeSituation:
    """A mid-game position at the start of someone's turn: pawns spread, gaps, bridges, hands."""
    rng = random.Random(seed)
    turns_wanted = rng.randint(4, 9) * players
    state = standard_setup(players, seed)
    turns = 0
    for step in random_game(seed, players, plausible):
        if step.after.phase is not Phase.PLAYING:
            break
        if not step.after.started:
            state = step.after
            turns += 1
            if turns >= turns_wanted:
                break
    return PracticeSituation(seed, players, state)
