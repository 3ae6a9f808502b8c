"""How far a creature, a dolphin or a gust of wind carries something – only through sea.

A shark stops at swimmers, a whale at a loaded boat (seed 003, „Kreaturenwürfel“); a dolphin
never carries a swimmer past a serpent or shark, and the wind never drives a boat through
another boat (or, loaded, past a serpent or whale).
"""

from __future__ import annotations

from app.rules.survive.board import Space
from app.rules.survive.core import Creature, State, require, require_space
from app.rules.survive.removal import geometry


def creature_targets(state: State, creature: Creature, origin: Space) -> dict[Space, int]:
    """Spaces the creature die lets this creature reach, with their distance.

    Only through sea. A shark stops at swimmers, a whale at a loaded boat: such a
    space can be a target but is never passed through.
    """
    require(state, State, "eine Stellung")
    require(creature, Creature, "eine Kreatur")
    require_space(origin)
    # legal_moves and apply ask the same question about the same state object in a row.
    if _TARGETS_MEMO[0] is not state:
        _TARGETS_MEMO[0] = state
        _TARGETS_MEMO[1] = {}
    memo = _TARGETS_MEMO[1]
    found = memo.get((creature, origin))
    if found is None:
        found = memo[creature, origin] = _creature_reach(state, creature, origin)
    return dict(found)


_TARGETS_MEMO: list = [None, {}]


def _creature_reach(state: State, creature: Creature, origin: Space) -> dict[Space, int]:
    if creature is Creature.HAI:
        stops = {s for s, _ in state.sea}
    elif creature is Creature.WAL:
        stops = {b.space for b in state.boats if b.passengers}
    else:
        stops = set()
    return _reach(state, origin, creature.reach, set(), stops)


def dolphin_targets(state: State, origin: Space) -> dict[Space, int]:
    """Up to 3 sea spaces; passing a serpent or shark would be the swimmer's end."""
    require(state, State, "eine Stellung")
    require_space(origin)
    biters = set(state.serpents) | set(state.sharks)
    return _reach(state, origin, 3, set(), biters)


def wind_targets(state: State, origin: Space) -> dict[Space, int]:
    """Up to 3 sea spaces for a boat; never through another boat (or, loaded, a serpent/whale)."""
    require(state, State, "eine Stellung")
    require_space(origin)
    boat = state.boat_at(origin)
    occupied = {b.space for b in state.boats}
    danger = set(state.serpents) | set(state.whales) if boat and boat.passengers else set()
    return _reach(state, origin, 3, occupied, occupied | danger)


def _reach(state: State, origin: Space, steps: int, barred: set[Space],
           stops: set[Space]) -> dict[Space, int]:
    """Sea spaces within ``steps``; never onto ``barred``, never on past ``stops``."""
    sea_next = geometry(state.removed).sea_next
    found: dict[Space, int] = {}
    frontier = [origin]
    seen = {origin} | barred
    for depth in range(1, steps + 1):
        nxt = []
        for here in frontier:
            for n in sea_next[here]:
                if n not in seen:
                    seen.add(n)
                    found[n] = depth
                    if n not in stops:
                        nxt.append(n)
        frontier = nxt
    return found

