"""What makes a Survive position possible – the one list, checked when a position is read.

Like python-chess's ``Board.status()``: :func:`status` returns a :class:`Status` with one flag
per broken invariant (``Status.VALID`` = none), :func:`is_valid` says whether it is empty and
:func:`violations` gives the German reasons. :func:`app.rules.survive.parse_position` refuses a
position with the reason of the first broken invariant.

The invariants (source in brackets: seed 003, our rules notes, or our ruling code):

==================  ===========================================================================
flag                invariant
==================  ===========================================================================
EXPLORERS           at most 10 explorers per colour, with the box's values 1,1,1,2,2,3,3,4,5,6
                    [seed 003, Spielmaterial]
SWIMMER_EATEN       no swimmer shares a space with a serpent or shark – it would have been eaten
                    (except a shark waiting for a repel tile) [seed 003, Kreaturen; S1]
BOAT_WRECKED        no loaded boat shares a space with a serpent or whale (except a whale waiting
                    for a repel tile) [seed 003, Kreaturen; S1]
REPEL               a pending repel: the creature is there, hits the decider's explorers, and the
                    decider holds the matching tile [seed 003, rote Plättchen mit X; S6]
ROLLED_ABSENT       in phase „kreatur“ a creature of the rolled kind is at sea [seed 003, Würfel]
REMOVAL_ORDER       forest only once every beach is gone, mountain only once every forest is gone
                    [seed 003, Plättchen entfernen]
TOO_MANY_BOATS      boats at most 2 per person (S12) plus one per removed tile that can show
                    „Boot“ (1 beach, 3 forest; S3)
TOO_MANY_CREATURES  sharks and whales only appear from removed tiles: at most as many as those
                    tiles can show (sharks 3/2/1, whales 3/2/0 per beach/forest/mountain; S3);
                    at most 5 serpents [seed 003, Spielmaterial]
==================  ===========================================================================

>>> from dataclasses import replace
>>> from app.rules.survive import parse_position
>>> state = parse_position("spieler: ro bl; weg: f4; land: e4 ro3; haie: i3")
>>> status(state)
<Status.VALID: 0>
>>> status(replace(state, removed=frozenset()))  # the shark came from no tile
<Status.TOO_MANY_CREATURES: 128>
"""

from __future__ import annotations

from enum import IntFlag

from app.rules.errors import NotationError
from app.rules.invariant_queries import invariant_queries
from app.rules.survive.board import TERRAIN
from app.rules.survive.core import (
    BOATS_PER_PLAYER,
    KIND_OF_CELL,
    TILE_BACKS,
    Colour,
    Creature,
    Effect,
    Kind,
    Phase,
    State,
    Variant,
)

MAX_SERPENTS = 5


class Status(IntFlag):
    """One flag per broken invariant of a Survive position (see the module docstring)."""

    VALID = 0
    EXPLORERS = 1
    SWIMMER_EATEN = 2
    BOAT_WRECKED = 4
    REPEL = 8
    ROLLED_ABSENT = 16
    REMOVAL_ORDER = 32
    TOO_MANY_BOATS = 64
    TOO_MANY_CREATURES = 128


def _kind_of(space) -> Kind:
    from app.rules.survive.board import CELLS

    return KIND_OF_CELL[CELLS[space]]


def _removed_by_kind(state: State) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for s in state.removed:
        counts[_kind_of(s)] += 1
    return counts[0], counts[1], counts[2]


def _appear_limit(state: State, effect: Effect) -> int:
    removed = _removed_by_kind(state)
    return sum(min(n, backs) for n, backs in zip(removed, TILE_BACKS[effect], strict=True))


def persons(state: State) -> int:
    """People at the table: two in „zwei Farben“, else one per colour."""
    return 2 if Variant.ZWEI_FARBEN in state.variants else len(state.players)


def _check(state: State) -> list[tuple[Status, str]]:
    found: list[tuple[Status, str]] = []
    values: dict[Colour, list[int | None]] = {c: [] for c in Colour}
    for _, es in (*state.land, *state.sea, *state.safe):
        for e in es:
            values[e.colour].append(e.value)
    for b in state.boats:
        for e in b.passengers:
            values[e.colour].append(e.value)
    from app.rules.survive.rules import validate_explorers

    for colour, vs in values.items():
        try:
            validate_explorers(colour, vs)
        except NotationError as err:
            found.append((Status.EXPLORERS, str(err)))
            break
    pending = state.pending
    biters = set(state.serpents) | set(state.sharks)
    wreckers = set(state.serpents) | set(state.whales)
    for s, _ in state.sea:
        if s in biters and not (pending and pending.space == s and pending.creature is
                                Creature.HAI and s not in state.serpents):
            found.append((Status.SWIMMER_EATEN,
                          f"Auf {s.label} schwimmen Entdecker neben einer Seeschlange oder "
                          "einem Hai – sie wären schon gefressen."))
            break
    for b in state.boats:
        if b.passengers and b.space in wreckers and not (
                pending and pending.space == b.space and pending.creature is Creature.WAL
                and b.space not in state.serpents):
            found.append((Status.BOAT_WRECKED,
                          f"Das besetzte Boot auf {b.space.label} liegt bei einer Seeschlange "
                          "oder einem Wal – es wäre schon zerstört."))
            break
    repel = _repel_problem(state)
    if repel is not None:
        found.append((Status.REPEL, repel))
    if state.phase is Phase.KREATUR and not state.creatures(state.rolled or Creature.SCHLANGE):
        found.append((Status.ROLLED_ABSENT, "„zug:“ Von der gewürfelten Kreatur ist keine im "
                                            "Meer."))
    order = _removal_order_problem(state)
    if order is not None:
        found.append((Status.REMOVAL_ORDER, order))
    setup_boats = BOATS_PER_PLAYER * persons(state)
    boat_limit = setup_boats + _appear_limit(state, Effect.BOOT)
    if len(state.boats) > boat_limit:
        found.append((Status.TOO_MANY_BOATS,
                      f"Zu viele Boote: {len(state.boats)} in der Stellung. Beim Aufbau setzt jede "
                      f"Person 2 ein ({setup_boats}, Auslegung S12); dazu kommt höchstens eines je "
                      "entferntem Plättchen, das „Boot“ zeigen kann – bisher "
                      f"{boat_limit - setup_boats} (Auslegung S3)."))
    creatures = _creature_problem(state)
    if creatures is not None:
        found.append((Status.TOO_MANY_CREATURES, creatures))
    return found


def _repel_problem(state: State) -> str | None:
    pending = state.pending
    if pending is None:
        return None
    if pending.space not in state.creatures(pending.creature):
        return (f"„zug:“ Auf {pending.space.label} ist kein {pending.creature.german}, den man "
                "abwehren könnte.")
    tile = Effect.HAI_ABWEHR if pending.creature is Creature.HAI else Effect.WAL_ABWEHR
    if pending.creature is Creature.HAI:
        hit = next((es for s, es in state.sea if s == pending.space), ())
    else:
        boat = state.boat_at(pending.space)
        hit = boat.passengers if boat else ()
    if pending.decider not in {e.colour for e in hit}:
        return (f"„zug:“ {pending.creature.german} auf {pending.space.label} trifft niemanden "
                f"von {pending.decider.title} – nichts abzuwehren.")
    if tile not in state.hand(pending.decider):
        return (f"„zug:“ {pending.decider.title} hat kein Plättchen „{tile.value}“ auf der "
                "Hand.")
    return None


def _removal_order_problem(state: State) -> str | None:
    left = [0, 0, 0]
    for s in TERRAIN:
        if s not in state.removed:
            left[_kind_of(s)] += 1
    removed = _removed_by_kind(state)
    for kind in (Kind.WALD, Kind.BERG):
        earlier = [k for k in Kind if k < kind and left[k]]
        if removed[kind] and earlier:
            return (f"Es ist schon ein {kind.german}plättchen weg, aber noch "
                    f"{left[earlier[0]]} {earlier[0].german}plättchen da – entfernt wird erst "
                    "aller Strand, dann Wald, dann Berg.")
    return None


def _creature_problem(state: State) -> str | None:
    if len(state.serpents) > MAX_SERPENTS:
        return (f"Es gibt nur {MAX_SERPENTS} Seeschlangen, in der Stellung sind es "
                f"{len(state.serpents)}.")
    for creature, spaces, effect in ((Creature.HAI, state.sharks, Effect.HAI),
                                     (Creature.WAL, state.whales, Effect.WAL)):
        limit = _appear_limit(state, effect)
        if len(spaces) > limit:
            plural = "Haie" if creature is Creature.HAI else "Wale"
            return (f"Zu viele {plural}: {len(spaces)} in der Stellung, doch sie tauchen nur von "
                    f"entfernten Plättchen auf, und die bisher entfernten können höchstens "
                    f"{limit} zeigen (Rückseiten laut einer Umsetzung, Auslegung S3).")
    return None


# check_position: the parser's refusal with the first broken invariant's reason.
status, is_valid, violations, check_position = invariant_queries(_check, Status.VALID, __name__)
