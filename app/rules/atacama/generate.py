"""Random games and practice positions, always from an explicit seed."""

from __future__ import annotations

import random

from app.rules.atacama.moves import apply, is_over, legal_moves, new_game
from app.rules.atacama.types import (
    PRACTICE_SEED_LIMIT,
    Board,
    Direction,
    PlayerRight,
    Right,
    State,
    Variant,
    practice_board,
)
from app.rules.errors import RulesError


def random_rights(variant: Variant, rng: random.Random) -> tuple[PlayerRight | None, ...]:
    """A legal deal of the rights, shuffled over the seats (open in the Aufbauspiel)."""
    if variant.buildup:
        return (None,) * variant.players
    if variant.players == 2:
        right = rng.choice(list(Right))
        direction = rng.choice(list(Direction))
        return (
            PlayerRight(right, direction),
            PlayerRight(right.other, direction.other),
        )
    deal = [PlayerRight(r, d) for r in Right for d in Direction]
    rng.shuffle(deal)
    return tuple(deal)


def playout(state: State, rng: random.Random, turns: int | None = None) -> State:
    """Play uniformly random legal moves until the end (or for ``turns`` turns)."""
    played = 0
    while not is_over(state) and (turns is None or played < turns):
        state, _ = apply(state, rng.choice(legal_moves(state)))
        played += 1
    return state


def random_position(
    seed: int,
    variant: Variant | None = None,
    turns: int | None = None,
    board: Board | None = None,
) -> State:
    """A seeded game stopped after ``turns`` turns (played to the end if ``None``).

    Without ``board`` the plan is a practice board drawn from the same seed.
    """
    if type(seed) is not int:
        raise RulesError(
            "Eine Zufallsstellung braucht eine ganze Zahl als Startwert.", code="wrong_type"
        )
    if turns is not None and (type(turns) is not int or turns < 0):
        raise RulesError("Die Zahl der Züge ist eine ganze Zahl ab 0.", code="turns")
    variant = Variant() if variant is None else variant
    rng = random.Random(seed)
    if board is None:
        board = practice_board(rng.randrange(PRACTICE_SEED_LIMIT))
    state = new_game(variant, board, random_rights(variant, rng))
    return playout(state, rng, turns)


def random_game(seed: int, variant: Variant | None = None, board: Board | None = None) -> State:
    """A whole seeded random game, ready to be scored."""
    return random_position(seed, variant, None, board)
