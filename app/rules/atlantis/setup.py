"""The standard set-up: the path from Atlantis to the mainland, start hands, draw pile.

The value distribution of the 84 tiles in the box is not known to us, so the engine takes
the tile set as data. :data:`PRACTICE_TILES` is a plausible practice set (12 tiles per item,
values 1–7) and must always be shown with :data:`PRACTICE_NOTE`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.rules.atlantis.types import (
    CARDS_PER_ITEM,
    ITEMS,
    WATER,
    Item,
    PlayerState,
    Position,
    State,
    Tile,
)
from app.rules.errors import RulesError

PRACTICE_NOTE = "Übungsaufstellung – nicht die Verteilung aus der Schachtel"

# Stacks of (count, height) from Atlantis to the middle water tile, and from there on.
LAYOUT_A = ((10, 2), (10, 1), (6, 2))
LAYOUT_B = ((6, 2), (10, 1), (10, 2))
PATH_POSITIONS = 53
PATH_TILES = 84
TOTAL_CARDS = CARDS_PER_ITEM * len(ITEMS)
FIRST_HAND = 4  # the start player; each following player one card more (S. 2)


@dataclass(frozen=True, slots=True)
class TileSet:
    """The 42 tiles with back "A" (Atlantis half) and the 42 with back "B" (mainland half)."""

    a: tuple[Tile, ...]
    b: tuple[Tile, ...]
    note: str


def _practice_half(values: tuple[int, ...]) -> tuple[Tile, ...]:
    return tuple(Tile(item, value) for item in ITEMS for value in values)


PRACTICE_TILES = TileSet(
    a=_practice_half((1, 2, 3, 4, 5, 6)),
    b=_practice_half((2, 3, 4, 5, 6, 7)),
    note=PRACTICE_NOTE,
)


def start_hand_sizes(players: int) -> tuple[int, ...]:
    """4, 5, 6, 7 cards from the start player clockwise (2 players: 4 and 5)."""
    _check_players(players)
    return tuple(FIRST_HAND + i for i in range(players))


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise RulesError(f"Atlantis spielen 2 bis 4 Personen, nicht {players!r}.", code="players")
    return players


def _lay(tiles: list[Tile], layout: tuple[tuple[int, int], ...]) -> list[Position]:
    positions = []
    for count, height in layout:
        for _ in range(count):
            positions.append(Position(tuple(tiles[:height])))
            del tiles[:height]
    return positions


def standard_setup(players: int, seed: int = 0, tiles: TileSet = PRACTICE_TILES) -> State:
    """The start position: 53 positions (84 tiles and the middle water), all pawns on Atlantis.

    The tiles of each half and the 105 cards are shuffled with ``random.Random(seed)``;
    player ``a`` is the start player (the youngest).
    """
    _check_players(players)
    if len(tiles.a) != PATH_TILES // 2 or len(tiles.b) != PATH_TILES // 2:
        raise RulesError("Ein Plättchensatz braucht 42 Plättchen mit Rückseite A und 42 mit B.",
                         code="tile_set")
    rng = random.Random(seed)
    half_a, half_b = list(tiles.a), list(tiles.b)
    rng.shuffle(half_a)
    rng.shuffle(half_b)
    path = (*_lay(half_a, LAYOUT_A), WATER, *_lay(half_b, LAYOUT_B))
    cards: list[Item] = [item for item in ITEMS for _ in range(CARDS_PER_ITEM)]
    rng.shuffle(cards)
    hands = []
    for size in start_hand_sizes(players):
        counts = [0] * len(ITEMS)
        for card in cards[:size]:
            counts[card.index] += 1
        del cards[:size]
        hands.append(PlayerState(hand=tuple(counts)))
    return State(path=path, players=tuple(hands), pile=tuple(cards))
