"""Practice situations for the trainers, from an explicit ``random.Random``."""

from __future__ import annotations

import random

from app.rules.errors import NotationError, RulesError
from app.rules.survive.core import (
    ALL_COLOURS,
    BOAT_SEATS,
    Creature,
    Explorer,
    Phase,
    State,
    require,
    sort_explorers,
)
from app.rules.survive.encounter import SpaceContents
from app.rules.survive.rules import apply, legal_moves, new_game


def random_encounter(rng: random.Random) -> tuple[Creature, SpaceContents]:
    """A creature and a possible sea space for it to enter ("Was passiert, wenn …")."""
    require(rng, random.Random, "ein random.Random")
    while True:
        creature = rng.choice(list(Creature))
        count = rng.choice([0, 0, 1, 2])
        swimmers = tuple(Explorer(rng.choice(ALL_COLOURS)) for _ in range(count))
        kind = rng.choice(["none", "empty", "loaded", "loaded"])
        boat = None if kind == "none" else tuple(
            Explorer(rng.choice(ALL_COLOURS))
            for _ in range(0 if kind == "empty" else rng.randint(1, BOAT_SEATS)))
        there = tuple(sorted(rng.sample(list(Creature), rng.choice([0, 0, 0, 1]))))
        if not swimmers and boat is None:
            continue
        try:
            contents = SpaceContents(sort_explorers(swimmers),
                                     None if boat is None else sort_explorers(boat), there)
        except NotationError:
            continue  # an impossible space, e.g. swimmers next to a shark
        return creature, contents


def random_position(rng: random.Random, players: int = 4, removals: int | None = None) -> State:
    """A position reached by random legal play, waiting for a tile to be removed.

    ``removals`` tiles are gone already (default: 3–30, so beach, forest and mountain
    questions all come up).
    """
    require(rng, random.Random, "ein random.Random")
    require(removals, int | type(None), "eine Zahl entfernter Plättchen")
    if removals is not None and not 0 <= removals < 40:
        raise RulesError("Entfernt sein können 0 bis 39 Plättchen, wenn noch eines weg soll.",
                         code="removals")
    target = rng.randint(3, 30) if removals is None else removals
    state = new_game(rng, players)
    while True:
        if state.phase is Phase.ENTFERNEN and len(state.removed) >= target:
            return state
        if state.phase is Phase.ENDE:  # the volcano came early: start again
            state = new_game(rng, players)
            continue
        state, _ = apply(state, rng.choice(legal_moves(state)))

