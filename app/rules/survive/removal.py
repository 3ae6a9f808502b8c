"""The island as tiles go: where the sea is, which tile may be removed next, and which sets of
removed tiles a game can leave behind.

Removal order (seed 003, „Plättchen entfernen“): beach first; only when no beach is left, forest;
then mountain. Of the current kind only a tile touching the sea may be taken – where a tile is
gone, there is sea. Ruling S7: should no tile of the current kind touch the sea, any tile of that
kind may go.

Everything here depends only on the set of removed tiles, so it is computed once per island
shape and cached.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.rules.errors import NotationError, RulesError, require_text
from app.rules.survive.board import CELLS, NEIGHBOURS, SEA_CELLS, TERRAIN, Cell, Space
from app.rules.survive.board import space as parse_space
from app.rules.survive.core import KIND_OF_CELL, Kind, Place, Spot, State, require, require_space

KIND_BY_SPACE: dict[Space, Kind] = {s: KIND_OF_CELL[CELLS[s]] for s in TERRAIN}
TILES_OF: dict[Kind, tuple[Space, ...]] = {
    k: tuple(s for s in TERRAIN if KIND_BY_SPACE[s] is k) for k in Kind}

# Shared Spot objects, one dict per place: move generation makes thousands of them.
LAND_SPOT = {s: Spot(Place.LAND, s) for s in CELLS}


class Geometry:
    """The board for one set of removed tiles: sea spaces and who borders whom.

    It changes once a turn, so it is cached; a removal derives the next one from the
    previous by redoing only the removed tile and its neighbours.
    """

    __slots__ = ("land_next", "removed", "sea", "sea_next")

    def __init__(self, removed: frozenset[Space],
                 parent: tuple[Geometry, Space] | None = None) -> None:
        self.removed = removed
        self.sea = SEA_CELLS | removed
        if parent is None:
            redo: Iterable[Space] = NEIGHBOURS
            self.sea_next: dict[Space, tuple[Space, ...]] = {}
            self.land_next: dict[Space, tuple[Spot, ...]] = {}  # tiles still there, as spots
        else:
            before, tile = parent
            redo = (tile, *NEIGHBOURS[tile])
            self.sea_next = dict(before.sea_next)
            self.land_next = dict(before.land_next)
        sea = self.sea
        for s in redo:
            ns = NEIGHBOURS[s]
            self.sea_next[s] = tuple(n for n in ns if n in sea)
            self.land_next[s] = tuple(LAND_SPOT[n] for n in ns
                                      if n in KIND_BY_SPACE and n not in removed)


_GEOMETRY: dict[frozenset[Space], Geometry] = {}


def geometry(removed: frozenset[Space]) -> Geometry:
    found = _GEOMETRY.get(removed)
    if found is None:
        found = _remember(Geometry(removed))
    return found


def geometry_after(before: frozenset[Space], tile: Space) -> frozenset[Space]:
    """The removed set once ``tile`` goes too; its geometry is derived from the one before."""
    after = before | {tile}
    if after not in _GEOMETRY:
        _remember(Geometry(after, (geometry(before), tile)))
    return after


def _remember(found: Geometry) -> Geometry:
    if len(_GEOMETRY) > 1024:
        _GEOMETRY.clear()
    _GEOMETRY[found.removed] = found
    return found


def sea_spaces(state: State) -> frozenset[Space]:
    """Open sea plus the holes left by removed tiles (never a safe island)."""
    require(state, State, "eine Stellung")
    return geometry(state.removed).sea


def is_sea(state: State, space: Space) -> bool:
    return space in sea_spaces(state)


def tile_present(state: State, space: Space) -> bool:
    return space in KIND_BY_SPACE and space not in state.removed


def touches_sea(state: State, space: Space) -> bool:
    sea = sea_spaces(state)
    return any(n in sea for n in NEIGHBOURS[space])


def inland(space: Space) -> bool:
    """A terrain tile with no sea neighbour on the full island."""
    return all(CELLS[n] not in (Cell.SEA, Cell.ISLAND) for n in NEIGHBOURS[space])


def current_kind(state: State) -> Kind | None:
    """The terrain that must be removed next: beach, then forest, then mountain."""
    require(state, State, "eine Stellung")
    return _removal(state.removed)[0]


def removable_tiles(state: State) -> list[Space]:
    """Tiles of the current kind that touch the sea.

    Ruling S7: should no tile of the current kind touch the sea (the practice map never gets
    there – see :func:`unreachable_removals` – but a pack's own map might), any tile of that
    kind may go.
    """
    require(state, State, "eine Stellung")
    return list(_removal(state.removed)[1])


_REMOVAL_CACHE: dict[frozenset[Space], tuple[Kind | None, tuple[Space, ...]]] = {}


def _removal(removed: frozenset[Space]) -> tuple[Kind | None, tuple[Space, ...]]:
    found = _REMOVAL_CACHE.get(removed)
    if found is None:
        left = [s for s in TERRAIN if s not in removed]
        kind = min(KIND_BY_SPACE[s] for s in left) if left else None
        of_kind = [s for s in left if KIND_BY_SPACE[s] is kind]
        sea = SEA_CELLS | removed
        coastal = [s for s in of_kind if any(n in sea for n in NEIGHBOURS[s])]
        found = (kind, tuple(coastal or of_kind))
        if len(_REMOVAL_CACHE) > 4096:
            _REMOVAL_CACHE.clear()
        _REMOVAL_CACHE[removed] = found
    return found


def removal_verdict(state: State, tile: object) -> tuple[bool, str, str]:
    """``(allowed, German reason, reason code)`` for removing ``tile`` now.

    ``tile`` is a :class:`Space` or its label; anything else is a NotationError.
    """
    if isinstance(tile, str):
        tile = parse_space(require_text(tile, "Ein Feld", 100))
    if not isinstance(tile, Space):
        raise NotationError(f"Ein Feld ist ein Feld der Übungskarte oder ein Text wie „f3“, "
                            f"nicht {type(tile).__name__}.")
    if not isinstance(state, State):
        raise NotationError("Ob ein Plättchen weg darf, sagt erst eine Stellung.")
    label = tile.label
    if tile not in KIND_BY_SPACE:
        cell = CELLS.get(tile)
        if cell is None:
            return False, f"{label} liegt nicht auf der Übungskarte.", "off_map"
        what = "eine sichere Insel" if cell is Cell.ISLAND else "ein Meeresfeld"
        return False, f"{label} ist {what}, kein Inselplättchen.", "not_a_tile"
    if tile in state.removed:
        return (False, f"Das Plättchen auf {label} ist schon entfernt; dort ist jetzt Meer.",
                "already_removed")
    kind = KIND_BY_SPACE[tile]
    now = current_kind(state)
    assert now is not None  # the tile itself is still there
    if kind is not now:
        return False, (
            f"{label} ist {kind.german}, aber es liegen noch {now.plural}. Reihenfolge: "
            "erst Strand, dann Wald, zuletzt Berg – die nächste Sorte erst, wenn von der "
            "vorigen keines mehr liegt."), "removal_order"
    allowed = removable_tiles(state)
    if tile not in allowed:
        return False, (
            f"{label} grenzt nicht ans Meer. Von den {now.plural} darfst du nur eines nehmen, "
            f"das ans Meer grenzt, zum Beispiel {allowed[0].label}."), "not_coastal"
    if touches_sea(state, tile):
        return True, (f"Erlaubt: {label} ist {now.german}, {now.german} ist an der Reihe, und "
                      "das Plättchen grenzt ans Meer."), ""
    return True, (f"Erlaubt: {label} ist {now.german}; kein {now.german}plättchen grenzt ans "
                  "Meer, also darf jedes genommen werden (Auslegung S7)."), ""


def removal_check(state: State, tile: Space | str) -> tuple[bool, str]:
    """May this tile be removed now (ignoring whose phase it is)? With the German reason.

    >>> from app.rules.survive.notation import parse_position
    >>> allowed, reason = removal_check(parse_position("zug: ro entfernen; land: d4 ro1"), "f4")
    >>> allowed, reason[:60]
    (False, 'f4 grenzt nicht ans Meer. Von den Strandplättchen darfst du ')
    """
    allowed, reason, _ = removal_verdict(state, tile)
    return allowed, reason


def unreachable_removals(removed: frozenset[Space]) -> tuple[Space, ...]:
    """Removed tiles no removal order can explain by the coast rule; ``()`` if one exists.

    Within the turn of one kind, a removed tile touched the sea when it went: the open sea, a
    tile of an earlier kind (all gone before this kind's turn), or a tile of its own kind that
    went before it. So the removed tiles of one kind can be taken in some order exactly when
    every group of them that hangs together (neighbours of the same kind, all removed) touches
    the sea as it lay when that kind's turn began: such a group is taken from its coastal tile
    inwards, and the first tile taken of a group that does not touch that sea touched nothing
    removed – its removed neighbours of its kind would be in its group, and went later.

    Ruling S7 (any tile when none of the kind touches the sea) never applies on the practice
    map: every group of tiles of one kind there reaches the sea of its turn (tested), so some
    tile of the current kind always touches the sea while one is left. The removal-order
    invariant (kinds in turn) is checked on its own; here each kind is judged by itself.

    Breadth-first from the coastal tiles of each kind: linear in the number of tiles.

    >>> from app.rules.survive.board import space
    >>> unreachable_removals(frozenset({space("f3"), space("f4")}))
    ()
    >>> unreachable_removals(frozenset({space("f4")}))  # an inland beach, its coast still there
    (f4,)
    """
    require(removed, frozenset | set, "eine Menge entfernter Felder")
    for tile in removed:
        if require_space(tile) not in KIND_BY_SPACE:
            raise RulesError(f"{tile.label} ist kein Inselplättchen.", code="not_a_tile")
    stuck: list[Space] = []
    for kind in Kind:
        mine = {s for s in removed if KIND_BY_SPACE[s] is kind}
        if not mine:
            continue
        sea = SEA_CELLS | {s for s in TERRAIN if KIND_BY_SPACE[s] < kind}
        reached = {s for s in mine if any(n in sea for n in NEIGHBOURS[s])}
        frontier = list(reached)
        while frontier:
            here = frontier.pop()
            for n in NEIGHBOURS[here]:
                if n in mine and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        stuck.extend(mine - reached)
    return tuple(sorted(stuck))
