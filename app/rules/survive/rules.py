"""The rules: legal moves, applying a move, removal order, boat control, scoring, set-up.

A state is immutable; :func:`apply` returns a new state and a :class:`Report`
that says what happened, with the German explanation rendered from it. Chance
(the tile backs, the creature die) is explicit: backs are dealt at set-up from
an explicit ``random.Random``, the die is a :class:`Roll` move.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive.board import (
    CELLS,
    ISLAND_AT,
    ISLAND_SPACE,
    ISLANDS_NEAR,
    LANDING,
    NEIGHBOURS,
    SEA_CELLS,
    SERPENT_STARTS,
    SPACES,
    TERRAIN,
    Cell,
    Space,
)
from app.rules.survive.core import (
    ALL_COLOURS,
    BOAT_SEATS,
    BOATS_PER_PLAYER,
    EXPLORER_VALUES,
    KIND_OF_CELL,
    MOVE_POINTS,
    TILE_BACKS,
    Boat,
    BoatMove,
    Colour,
    Creature,
    CreatureMove,
    Effect,
    EndReason,
    Explorer,
    Kind,
    Move,
    Pass,
    Pending,
    Phase,
    Place,
    PlayTile,
    React,
    Remove,
    Roll,
    Spot,
    State,
    Step,
    Timing,
    Variant,
    canonical_points,
    sort_explorers,
)
from app.rules.survive.encounter import SpaceContents, names, resolve_encounter, settle

# ---------------------------------------------------------------------------------------------
# Reading a state


# Shared Spot objects, one dict per place: move generation makes thousands of them.
_LAND = {s: Spot(Place.LAND, s) for s in CELLS}
_SEA = {s: Spot(Place.SEA, s) for s in CELLS}
_BOAT = {s: Spot(Place.BOAT, s) for s in CELLS}
_ASHORE = {s: Spot(Place.ISLAND, s) for s in CELLS}

KIND_BY_SPACE: dict[Space, Kind] = {s: KIND_OF_CELL[CELLS[s]] for s in TERRAIN}


class _Geometry:
    """The board for one set of removed tiles: sea spaces and who borders whom.

    It changes once a turn, so it is cached; a removal derives the next one from the
    previous by redoing only the removed tile and its neighbours.
    """

    __slots__ = ("land_next", "removed", "sea", "sea_next")

    def __init__(self, removed: frozenset[Space],
                 parent: tuple[_Geometry, Space] | None = None) -> None:
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
            self.land_next[s] = tuple(_LAND[n] for n in ns
                                      if n in KIND_BY_SPACE and n not in removed)


_GEOMETRY: dict[frozenset[Space], _Geometry] = {}


def _geometry(removed: frozenset[Space]) -> _Geometry:
    found = _GEOMETRY.get(removed)
    if found is None:
        found = _remember(_Geometry(removed))
    return found


def _remember(geometry: _Geometry) -> _Geometry:
    if len(_GEOMETRY) > 1024:
        _GEOMETRY.clear()
    _GEOMETRY[geometry.removed] = geometry
    return geometry


def sea_spaces(state: State) -> frozenset[Space]:
    """Open sea plus the holes left by removed tiles (never a safe island)."""
    return _geometry(state.removed).sea


def is_sea(state: State, space: Space) -> bool:
    return space in sea_spaces(state)


def tile_present(state: State, space: Space) -> bool:
    return space in KIND_BY_SPACE and space not in state.removed






def current_kind(state: State) -> Kind | None:
    """The terrain that must be removed next: beach, then forest, then mountain."""
    return _removal(state.removed)[0]


def touches_sea(state: State, space: Space) -> bool:
    sea = sea_spaces(state)
    return any(n in sea for n in NEIGHBOURS[space])


def removable_tiles(state: State) -> list[Space]:
    """Tiles of the current kind that touch the sea.

    Ruling S7: should no tile of the current kind touch the sea (the practice map
    never gets there, but a hand-made position might), any tile of that kind may go.
    """
    return list(_removal(state.removed)[1])


_REMOVAL_CACHE: dict[frozenset[Space], tuple[Kind | None, tuple[Space, ...]]] = {}


def _removal(removed: frozenset[Space]) -> tuple[Kind | None, tuple[Space, ...]]:
    # Depends only on which tiles are gone, so it is computed once per island shape.
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


def removal_check(state: State, tile: Space | str) -> tuple[bool, str]:
    """May this tile be removed now (ignoring whose phase it is)? With the German reason."""
    if isinstance(tile, str):
        from app.rules.survive.board import space as parse_space

        tile = parse_space(tile)
    label = tile.label
    cell = CELLS.get(tile)
    if tile not in KIND_BY_SPACE:
        what = "eine sichere Insel" if cell is Cell.ISLAND else "ein Meeresfeld"
        return False, f"{label} ist {what}, kein Geländeplättchen."
    if tile in state.removed:
        return False, f"Das Plättchen auf {label} ist schon entfernt; dort ist jetzt Meer."
    kind = KIND_BY_SPACE[tile]
    now = current_kind(state)
    assert now is not None  # the tile itself is still there
    if kind is not now:
        return False, (
            f"{label} ist {kind.german}, aber es liegen noch {now.plural}. Reihenfolge: "
            "erst Strand, dann Wald, zuletzt Berg – die nächste Sorte erst, wenn von der "
            "vorigen keines mehr liegt.")
    allowed = removable_tiles(state)
    if tile not in allowed:
        return False, (
            f"{label} grenzt nicht ans Meer. Von den {now.plural}n darfst du nur eines nehmen, "
            f"das ans Meer grenzt, zum Beispiel {allowed[0].label}.")
    if touches_sea(state, tile):
        return True, (f"Erlaubt: {label} ist {now.german}, {now.german} ist an der Reihe, und "
                      "das Plättchen grenzt ans Meer.")
    return True, (f"Erlaubt: {label} ist {now.german}; kein {now.german}plättchen grenzt ans Meer, "
                  "also darf jedes genommen werden.")


def boat_controllers(boat: Boat | tuple[Explorer, ...],
                     players: Sequence[Colour] = ALL_COLOURS) -> tuple[Colour, ...]:
    """Who may move the boat: anyone if empty, else the colour(s) with most passengers."""
    passengers = boat.passengers if isinstance(boat, Boat) else boat
    if not passengers:
        return tuple(sorted(players))
    counts: dict[Colour, int] = {}
    for e in passengers:
        counts[e.colour] = counts.get(e.colour, 0) + 1
    top = max(counts.values())
    return tuple(sorted(c for c, n in counts.items() if n == top))


def controls_reason(boat: Boat, player: Colour) -> str | None:
    """None if ``player`` may move the boat, else the German reason why not."""
    if not boat.passengers:
        return None
    controllers = boat_controllers(boat)
    if player in controllers:
        return None
    crew = names(boat.passengers)
    who = " oder ".join(c.title for c in controllers)
    return (f"Im Boot auf {boat.space.label} sitzen {crew}: Ein besetztes Boot bewegt nur, wer "
            f"darin die meisten Entdecker hat (bei Gleichstand jeder davon) – hier {who}.")


def explorers_out(state: State, colour: Colour | None = None) -> int:
    """Explorers still on the island, swimming or in boats (of one colour, or all)."""
    def count(es: Iterable[Explorer]) -> int:
        return sum(1 for e in es if colour is None or e.colour == colour)

    return (sum(count(es) for _, es in state.land) + sum(count(es) for _, es in state.sea)
            + sum(count(b.passengers) for b in state.boats))


def score(state: State) -> dict[Colour, int]:
    """Values of the explorers on safe islands per colour ("Gleicher Wert": their number)."""
    totals = {c: 0 for c in state.players}
    count_only = Variant.GLEICHER_WERT in state.variants
    for _, explorers in state.safe:
        for e in explorers:
            if count_only:
                totals[e.colour] = totals.get(e.colour, 0) + 1
            elif e.value is None:
                raise RulesError(
                    f"Für die Wertung fehlt der Wert eines geretteten Entdeckers ({e.code}); "
                    "schreibe ihn wie ro3.")
            else:
                totals[e.colour] = totals.get(e.colour, 0) + e.value
    return totals


def teams(state: State) -> tuple[tuple[Colour, ...], ...]:
    """Scoring sides: one colour each, or pairs of seats in "zwei-farben" (1st+3rd, 2nd+4th)."""
    if Variant.ZWEI_FARBEN in state.variants and len(state.players) == 4:
        p = state.players
        return ((p[0], p[2]), (p[1], p[3]))
    return tuple((c,) for c in state.players)


def winners(state: State) -> tuple[Colour, ...]:
    """The colours of the side(s) with the highest total; a tie gives several winners."""
    totals = score(state)
    sides = [(sum(totals.get(c, 0) for c in side), side) for side in teams(state)]
    best = max(total for total, _ in sides)
    return tuple(sorted(c for total, side in sides if total == best for c in side))


# ---------------------------------------------------------------------------------------------
# Reach of creatures, dolphins and wind


def creature_targets(state: State, creature: Creature, origin: Space) -> dict[Space, int]:
    """Spaces the creature die lets this creature reach, with their distance.

    Only through sea. A shark stops at swimmers, a whale at a loaded boat: such a
    space can be a target but is never passed through.
    """
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
    biters = set(state.serpents) | set(state.sharks)
    return _reach(state, origin, 3, set(), biters)


def wind_targets(state: State, origin: Space) -> dict[Space, int]:
    """Up to 3 sea spaces for a boat; never through another boat (or, loaded, a serpent/whale)."""
    boat = state.boat_at(origin)
    occupied = {b.space for b in state.boats}
    danger = set(state.serpents) | set(state.whales) if boat and boat.passengers else set()
    return _reach(state, origin, 3, occupied, occupied | danger)


def _reach(state: State, origin: Space, steps: int, barred: set[Space],
           stops: set[Space]) -> dict[Space, int]:
    """Sea spaces within ``steps``; never onto ``barred``, never on past ``stops``."""
    sea_next = _geometry(state.removed).sea_next
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


# ---------------------------------------------------------------------------------------------
# Legal moves


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow now (the die's three faces in phase "würfeln")."""
    phase = state.phase
    if phase is Phase.ZIEHEN:
        if state.points <= 0:
            return [Pass()]
        return [Pass(), *_steps(state), *_boat_moves(state)]
    if phase is Phase.ENTFERNEN:
        return [Remove(s) for s in removable_tiles(state)]
    if phase is Phase.WUERFELN:
        return [Roll(c) for c in Creature]
    if phase is Phase.KREATUR:
        assert state.rolled is not None
        moves: list[Move] = []
        for origin in sorted(set(state.creatures(state.rolled))):
            for target in creature_targets(state, state.rolled, origin):
                moves.append(CreatureMove(state.rolled, origin, target))
        return moves
    if phase is Phase.KARTE:
        return [Pass(), *_tile_plays(state)]
    if phase is Phase.ABWEHR:
        return [React(True), React(False)]
    return []


def _mine(explorers: tuple[Explorer, ...], me: Colour) -> list[Explorer]:
    # Stacks are sorted already; equal tokens are one choice.
    if len(explorers) == 1:
        return [explorers[0]] if explorers[0].colour is me else []
    return list(dict.fromkeys(e for e in explorers if e.colour is me))


def _steps(state: State) -> list[Move]:
    me = state.current
    geo = _geometry(state.removed)
    room = {b.space for b in state.boats if len(b.passengers) < BOAT_SEATS}
    moves: list[Move] = []
    add = moves.append
    for here, explorers in state.land:
        mine = _mine(explorers, me)
        if not mine:
            continue
        origin = _LAND[here]
        targets = list(geo.land_next[here])
        for n in geo.sea_next[here]:
            if n in room:
                targets.append(_BOAT[n])
            targets.append(_SEA[n])
        for e in mine:
            for target in targets:
                add(Step(e, origin, target))
    for here, explorers in state.sea:
        mine = _mine(explorers, me)
        if not mine:
            continue
        origin = _SEA[here]
        swim = [_SEA[n] for n in geo.sea_next[here]]
        swim += [_ASHORE[ISLAND_SPACE[isl]] for isl in ISLANDS_NEAR.get(here, ())]
        for e in mine:
            if here in room:
                add(Step(e, origin, _BOAT[here]))
            if not e.swum:
                for target in swim:
                    add(Step(e, origin, target))
    for boat in state.boats:
        mine = _mine(boat.passengers, me)
        if not mine:
            continue
        origin = _BOAT[boat.space]
        hop = [_BOAT[n] for n in NEIGHBOURS[boat.space] if n in room]
        hop += [_ASHORE[ISLAND_SPACE[isl]] for isl in ISLANDS_NEAR.get(boat.space, ())]
        for e in mine:
            for target in hop:
                add(Step(e, origin, target))
            if not e.swum:
                add(Step(e, origin, _SEA[boat.space]))
    return moves


def _boat_moves(state: State) -> list[Move]:
    occupied = {b.space for b in state.boats}
    sea_next = _geometry(state.removed).sea_next
    moves: list[Move] = []
    me = state.current
    for boat in state.boats:
        if boat.passengers and me not in boat_controllers(boat):
            continue
        for n in sea_next[boat.space]:
            if n not in occupied:
                moves.append(BoatMove(boat.space, n))
    return moves


def _tile_plays(state: State) -> list[Move]:
    me = state.current
    sea = sea_spaces(state)
    moves: list[Move] = []
    for effect in sorted(set(state.hand(me)), key=_effect_order):
        if effect is Effect.DELFIN:
            for here, explorers in state.sea:
                for e in _mine(explorers, me):
                    for target in dolphin_targets(state, here):
                        moves.append(PlayTile(effect, here, target, e))
        elif effect is Effect.WIND:
            for boat in state.boats:
                if not boat.passengers or me in boat_controllers(boat):
                    for target in wind_targets(state, boat.space):
                        moves.append(PlayTile(effect, boat.space, target))
        elif effect.creature is not None:
            targets = [t for t in SPACES if t in sea]
            for origin in sorted(set(state.creatures(effect.creature))):
                moves.extend(PlayTile(effect, origin, t) for t in targets if t is not origin)
    return moves


# ---------------------------------------------------------------------------------------------
# Applying a move


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a player would ask about a move, and the German explanation."""

    move: Move
    cost: int = 0
    lost: tuple[Explorer, ...] = ()
    new_swimmers: tuple[Explorer, ...] = ()
    rescued: tuple[Explorer, ...] = ()
    boarded: tuple[Explorer, ...] = ()
    boat_destroyed: bool = False
    stops: bool | None = None
    kind: Kind | None = None
    effect: Effect | None = None
    removed_creatures: tuple[Creature, ...] = ()
    removed_boats: int = 0
    creature_repelled: bool = False
    reaction_by: Colour | None = None
    game_over: bool = False
    reason: str = ""  # the rule that decided what happened, in one German sentence
    lines: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join(self.lines)


class _Work:
    """A mutable copy of a state while one move is applied.

    Each part is copied on first use and only copied parts are rebuilt (and
    sorted) by :meth:`freeze`, which keeps random play fast.
    """

    def __init__(self, s: State) -> None:
        self.s = s
        self.current = s.current
        self.phase = s.phase
        self.points = s.points
        self.rolled = s.rolled
        self.pending = s.pending
        self.ended = s.ended
        # what the report will say
        self.lost: list[Explorer] = []
        self.new_swimmers: list[Explorer] = []
        self.rescued: list[Explorer] = []
        self.boat_destroyed = False
        self.lines: list[str] = []
        self.removed_now: frozenset[Space] | None = None

    # The parts are created on first access (then they are plain attributes).
    land: dict[Space, list[Explorer]]
    sea: dict[Space, list[Explorer]]
    safe: dict[Space, list[Explorer]]
    boats: dict[Space, list[Explorer]]
    creatures: list[list[Space]]
    hands: dict[Colour, list[Effect]]
    backs: dict[Space, Effect]
    removed: set[Space]

    def __getattr__(self, name: str):
        s = self.s
        if name == "land":
            part: object = {sp: list(es) for sp, es in s.land}
        elif name == "sea":
            part = {sp: list(es) for sp, es in s.sea}
        elif name == "safe":
            part = {sp: list(es) for sp, es in s.safe}
        elif name == "boats":
            part = {b.space: list(b.passengers) for b in s.boats}
        elif name == "creatures":
            part = [list(s.serpents), list(s.sharks), list(s.whales)]
        elif name == "hands":
            part = {c: list(t) for c, t in s.hands}
        elif name == "backs":
            part = dict(s.backs)
        elif name == "removed":
            part = set(s.removed)
        else:
            raise AttributeError(name)
        setattr(self, name, part)
        return part

    @property
    def _copied(self) -> dict[str, object]:
        return self.__dict__

    def freeze(self) -> State:
        def stacks(d: dict[Space, list[Explorer]]):
            return tuple(sorted(((sp, tuple(es) if len(es) == 1 else sort_explorers(es))
                                 for sp, es in d.items() if es), key=_first_in_order))

        s, copied = self.s, self._copied
        phase = self.phase
        pending = self.pending if phase is Phase.ABWEHR else None
        changes: dict[str, object] = {}
        if "land" in copied:
            changes["land"] = stacks(self.land)
        if "sea" in copied:
            changes["sea"] = stacks(self.sea)
        if "safe" in copied:
            changes["safe"] = stacks(self.safe)
        if "boats" in copied:
            changes["boats"] = tuple(Boat(sp, sort_explorers(ps))
                                     for sp, ps in sorted(self.boats.items(),
                                                          key=_first_in_order))
        if "creatures" in copied:
            serpents, sharks, whales = self.creatures
            changes.update(serpents=tuple(sorted(serpents)), sharks=tuple(sorted(sharks)),
                           whales=tuple(sorted(whales)))
        if "hands" in copied:
            changes["hands"] = tuple(sorted((c, tuple(sorted(t, key=_effect_order)))
                                            for c, t in self.hands.items() if t))
        if "backs" in copied:
            changes["backs"] = tuple(sorted(self.backs.items(), key=_first_in_order))
        if "removed" in copied:
            changes["removed"] = self.removed_now or frozenset(self.removed)
        return State(
            players=s.players, current=self.current, phase=phase,
            points=canonical_points(phase, pending, self.points),
            rolled=self.rolled if phase is Phase.KREATUR else None, pending=pending,
            ended=self.ended if phase is Phase.ENDE else None,
            removed=changes.get("removed", s.removed), land=changes.get("land", s.land),
            boats=changes.get("boats", s.boats), sea=changes.get("sea", s.sea),
            safe=changes.get("safe", s.safe), serpents=changes.get("serpents", s.serpents),
            sharks=changes.get("sharks", s.sharks), whales=changes.get("whales", s.whales),
            hands=changes.get("hands", s.hands), backs=changes.get("backs", s.backs),
            variants=s.variants)

    def creatures_at(self, space: Space) -> set[Creature]:
        return {c for c in Creature if space in self.creatures[c]}

    def settle(self, space: Space) -> None:
        """Apply the space rules (loaded boat vs. serpent/whale, swimmer vs. serpent/shark)."""
        swimmers = tuple(self.sea.get(space, ()))
        boat = tuple(self.boats[space]) if space in self.boats else None
        creatures = self.creatures_at(space)
        if not creatures:
            return
        result = settle(swimmers, boat, creatures)
        if result.boat_destroyed:
            self.boat_destroyed = True
            del self.boats[space]
            biter = "die Seeschlange" if Creature.SCHLANGE in creatures else "den Wal"
            crew = boat or ()
            self.lines.append(f"Das besetzte Boot auf {space.label} geht durch {biter} verloren; "
                              f"{names(crew)} {_verb(crew, 'fällt', 'fallen')} ins Wasser.")
        if result.lost:
            self.lost.extend(result.lost)
            self.lines.append(f"Auf {space.label} wird gefressen: {names(result.lost)}.")
        self.new_swimmers.extend(result.new_swimmers)
        self.sea[space] = list(result.swimmers)

    def out_there(self) -> bool:
        return any(self.owns_any(c) for c in self.s.players)

    def owns_any(self, colour: Colour) -> bool:
        copied = self._copied
        land = self.land.values() if "land" in copied else (es for _, es in self.s.land)
        sea = self.sea.values() if "sea" in copied else (es for _, es in self.s.sea)
        boats = (self.boats.values() if "boats" in copied
                 else (b.passengers for b in self.s.boats))
        return any(e.colour == colour for group in (land, sea, boats) for es in group for e in es)

    def start_turn(self, player: Colour) -> None:
        self.current = player
        self.points = MOVE_POINTS
        self.rolled = None
        self.pending = None
        if any(t.timing is Timing.OWN_TURN for t in self.hands.get(player, ())):
            self.phase = Phase.KARTE
        else:
            self.after_card()

    def after_card(self) -> None:
        """Phase 1 is over: move if you have explorers (else skip step 2, seed 003)."""
        if self.owns_any(self.current):
            self.phase = Phase.ZIEHEN
            self.points = MOVE_POINTS
        else:
            self.after_moving()

    def after_moving(self) -> None:
        self.points = 0
        has_tiles = len(self.removed) < len(TERRAIN)
        self.phase = Phase.ENTFERNEN if has_tiles else Phase.WUERFELN

    def end_turn(self) -> None:
        if any(e.swum for _, es in self.s.sea for e in es) or "sea" in self._copied:
            for space, swimmers in self.sea.items():
                self.sea[space] = [e.fresh() for e in swimmers]
        if any(e.swum for b in self.s.boats for e in b.passengers) or "boats" in self._copied:
            for space, passengers in self.boats.items():
                self.boats[space] = [e.fresh() for e in passengers]
        players = self.s.players
        nxt = players[(players.index(self.current) + 1) % len(players)]
        self.start_turn(nxt)

    def finish(self, reason: EndReason) -> None:
        self.ended = reason
        self.phase = Phase.ENDE
        self.points = 0
        self.rolled = None
        self.pending = None


def _first_in_order(item: tuple) -> tuple[int, int]:
    space = item[0]
    return (space.r, space.q)


def _verb(group, singular: str, plural: str) -> str:
    return singular if len(group) == 1 else plural


_EFFECT_ORDER = {e: i for i, e in enumerate(Effect)}


def _effect_order(effect: Effect) -> int:
    return _EFFECT_ORDER[effect]


def apply(state: State, move: Move) -> tuple[State, Report]:
    """Play one move; IllegalMoveError (German, naming the rule) if the rules forbid it."""
    if state.phase is Phase.ENDE:
        raise IllegalMoveError("Das Spiel ist schon zu Ende.")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMoveError(f"Unbekannter Zug: {move!r}.")
    for value in _spaces_of(move):
        if value not in CELLS:
            raise IllegalMoveError(f"{value!r} liegt nicht auf der Übungskarte.")
    work = _Work(state)
    extra = handler(state, work, move)
    if (Variant.DURCHHALTEN in state.variants and work.phase is not Phase.ENDE
            and not work.out_there()):
        work.finish(EndReason.ALLE_WEG)
        work.lines.append("Niemand ist mehr auf der Insel oder im Meer – das Spiel endet "
                          "(Variante Durchhalten).")
    survivors = [e.fresh() for e in work.new_swimmers]
    for e in work.lost:
        if e.fresh() in survivors:
            survivors.remove(e.fresh())
    report = Report(
        move=move, lost=sort_explorers(work.lost), new_swimmers=sort_explorers(survivors),
        rescued=sort_explorers(work.rescued), boat_destroyed=work.boat_destroyed,
        game_over=work.phase is Phase.ENDE, lines=tuple(work.lines), **extra)
    return work.freeze(), report


def _spaces_of(move: Move) -> list[Space]:
    if isinstance(move, Step):
        return [move.origin.space, move.target.space]
    if isinstance(move, BoatMove | CreatureMove | PlayTile):
        return [move.origin, move.target]
    if isinstance(move, Remove):
        return [move.space]
    return []


def _need_phase(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        raise IllegalMoveError(
            f"Das geht nur in der Phase „{phase.german}“; jetzt ist „{state.phase.german}“.")


def _find(explorers: Iterable[Explorer], wanted: Explorer) -> Explorer | None:
    """The token at a spot that the move means; a missing ``*`` matches either."""
    pool = list(explorers)
    if wanted in pool:
        return wanted
    if wanted.swum:
        return None
    marked = Explorer(wanted.colour, wanted.value, True)
    return marked if marked in pool else None


def _at_spot(state: State, spot: Spot) -> tuple[Explorer, ...]:
    if spot.place is Place.BOAT:
        boat = state.boat_at(spot.space)
        return boat.passengers if boat else ()
    source = {Place.LAND: state.land, Place.SEA: state.sea, Place.ISLAND: state.safe}[spot.place]
    for sp, es in source:
        if sp == spot.space:
            return es
    return ()


def _where(spot: Spot) -> str:
    if spot.place is Place.BOAT:
        return f"im Boot auf {spot.space.label}"
    if spot.place is Place.ISLAND:
        return f"auf der {ISLAND_AT[spot.space].german}"
    if spot.place is Place.SEA:
        return f"im Meer auf {spot.space.label}"
    return f"auf {spot.space.label}"


_NEVER_BACK = ("Wer die Insel einmal verlassen hat, darf nie wieder zurück an Land – "
               "auch nicht aus einem Boot oder schwimmend.")


def _check_step(state: State, move: Step) -> Explorer:
    _need_phase(state, Phase.ZIEHEN)
    if state.points <= 0:
        raise IllegalMoveError("Du hast keine Bewegungspunkte mehr (3 pro Zug).")
    e, origin, target = move.explorer, move.origin, move.target
    for spot in (origin, target):
        if (spot.place is Place.ISLAND) != (spot.space in ISLAND_AT):
            raise IllegalMoveError(f"{spot.space.label} ist keine sichere Insel."
                                   if spot.place is Place.ISLAND else
                                   f"{spot.space.label} ist eine sichere Insel, kein Feld für "
                                   f"{spot.place.value}.")
    if e.colour != state.current:
        raise IllegalMoveError(
            f"{state.current.title} ist am Zug; Entdecker von {e.colour.title} bewegt nur "
            f"{e.colour.title} selbst.")
    token = _find(_at_spot(state, origin), e)
    if token is None:
        raise IllegalMoveError(f"{e.code} steht nicht {_where(origin)}.")
    o, t = origin.place, target.place
    if o is Place.ISLAND:
        raise IllegalMoveError("Wer auf einer sicheren Insel angekommen ist, bleibt dort.")
    if t is Place.LAND:
        if o is not Place.LAND:
            raise IllegalMoveError(_NEVER_BACK)
        if not tile_present(state, target.space):
            raise IllegalMoveError(f"Auf {target.space.label} liegt kein Geländeplättchen.")
    if t is Place.BOAT:
        boat = state.boat_at(target.space)
        if boat is None:
            raise IllegalMoveError(f"Auf {target.space.label} liegt kein Boot.")
        if len(boat.passengers) >= BOAT_SEATS:
            raise IllegalMoveError(
                f"Im Boot auf {target.space.label} sitzen schon {BOAT_SEATS} Entdecker – mehr "
                "passen nicht hinein (Farben egal).")
    swims = (o, t) in ((Place.SEA, Place.SEA), (Place.SEA, Place.ISLAND), (Place.BOAT, Place.SEA))
    if swims and token.swum:
        raise IllegalMoveError(
            f"{token.code.rstrip('*')} ist in diesem Zug schon ein Feld geschwommen: Schwimmer "
            "kommen pro Zug nur 1 Feld weit (ins Wasser gehen zählt mit).")
    same = origin.space == target.space
    near = target.space in NEIGHBOURS[origin.space]
    if (o, t) == (Place.LAND, Place.LAND) or (o, t) == (Place.LAND, Place.BOAT):
        if not near:
            raise IllegalMoveError(f"{target.space.label} grenzt nicht an {origin.space.label}.")
    elif (o, t) == (Place.LAND, Place.SEA) or (o, t) == (Place.SEA, Place.SEA):
        if not near:
            raise IllegalMoveError(
                f"{target.space.label} ist kein Nachbarfeld von {origin.space.label}; "
                "geschwommen wird 1 Feld pro Zug.")
        if not is_sea(state, target.space):
            raise IllegalMoveError(f"{target.space.label} ist kein Meeresfeld.")
    elif (o, t) == (Place.SEA, Place.BOAT):
        if not same:
            raise IllegalMoveError(
                "Ein Schwimmer steigt nur in ein Boot auf seinem eigenen Feld (1 Punkt).")
    elif (o, t) == (Place.BOAT, Place.BOAT):
        if not near:
            raise IllegalMoveError(
                f"Umsteigen geht nur in ein Boot auf einem Nachbarfeld; {target.space.label} "
                f"grenzt nicht an {origin.space.label}.")
    elif (o, t) == (Place.BOAT, Place.SEA):
        if not same:
            raise IllegalMoveError("Aus dem Boot springt man auf das Feld des Bootes ins Wasser.")
    elif t is Place.ISLAND:
        if o is Place.LAND:
            raise IllegalMoveError(
                "Vom Land geht es nicht direkt auf eine sichere Insel – nur per Boot oder "
                "schwimmend.")
        island = ISLAND_AT[target.space]
        if origin.space not in LANDING[island]:
            what = "Das Boot" if o is Place.BOAT else "Der Schwimmer"
            raise IllegalMoveError(
                f"{what} auf {origin.space.label} liegt nicht direkt neben der "
                f"{island.german}; an Land gehen kann man nur vom Nachbarfeld aus.")
    return token


def _do_step(state: State, work: _Work, move: Step) -> dict:
    token = _check_step(state, move)
    origin, target = move.origin, move.target
    if origin.place is Place.LAND:
        work.land[origin.space].remove(token)
    elif origin.place is Place.SEA:
        work.sea[origin.space].remove(token)
    else:
        work.boats[origin.space].remove(token)
    who = token.colour.title  # values stay hidden until the end
    if target.place is Place.LAND:
        work.land.setdefault(target.space, []).append(token)
        work.lines.append(f"{who} geht von {origin.space.label} nach {target.space.label}.")
    elif target.place is Place.BOAT:
        work.boats[target.space].append(token)
        work.lines.append(f"{who} steigt ins Boot auf {target.space.label}.")
        work.settle(target.space)
    elif target.place is Place.SEA:
        swimmer = Explorer(token.colour, token.value, True)
        work.sea.setdefault(target.space, []).append(swimmer)
        work.new_swimmers.append(swimmer)
        work.lines.append(f"{who} ist jetzt Schwimmer auf {target.space.label} und kommt in "
                          "diesem Zug nicht weiter.")
        work.settle(target.space)
    else:
        island = ISLAND_AT[target.space]
        work.safe.setdefault(target.space, []).append(token.fresh())
        work.rescued.append(token.fresh())
        work.lines.append(f"{who} ist auf der {island.german} in Sicherheit.")
    work.points -= 1
    if work.points == 0:
        work.after_moving()
    return {"cost": 1}


def _do_boat(state: State, work: _Work, move: BoatMove) -> dict:
    _need_phase(state, Phase.ZIEHEN)
    if state.points <= 0:
        raise IllegalMoveError("Du hast keine Bewegungspunkte mehr (3 pro Zug).")
    boat = state.boat_at(move.origin)
    if boat is None:
        raise IllegalMoveError(f"Auf {move.origin.label} liegt kein Boot.")
    reason = controls_reason(boat, state.current)
    if reason:
        raise IllegalMoveError(reason)
    if move.target not in NEIGHBOURS[move.origin]:
        raise IllegalMoveError(
            f"Ein Boot zieht 1 Feld pro Punkt; {move.target.label} grenzt nicht an "
            f"{move.origin.label}.")
    if not is_sea(state, move.target):
        raise IllegalMoveError(f"Boote fahren nur übers Meer; {move.target.label} ist kein "
                               "Meeresfeld.")
    if state.boat_at(move.target) is not None:
        raise IllegalMoveError(f"Auf {move.target.label} liegt schon ein Boot – höchstens ein "
                               "Boot pro Meeresfeld.")
    work.boats[move.target] = work.boats.pop(move.origin)
    load = f" mit {names(boat.passengers)}" if boat.passengers else " (leer)"
    work.lines.append(f"Das Boot{load} fährt von {move.origin.label} nach {move.target.label}.")
    work.settle(move.target)
    work.points -= 1
    if work.points == 0:
        work.after_moving()
    return {"cost": 1}


def _do_pass(state: State, work: _Work, move: Pass) -> dict:
    if state.phase is Phase.KARTE:
        work.lines.append("Kein Plättchen gespielt.")
        work.after_card()
    elif state.phase is Phase.ZIEHEN:
        work.lines.append(f"Ziehen beendet ({state.points} Punkt(e) verfallen).")
        work.after_moving()
    else:
        raise IllegalMoveError(
            f"Aussetzen geht nur beim Plättchenspielen und beim Ziehen; jetzt ist "
            f"„{state.phase.german}“ – das ist Pflicht.")
    return {}


def _do_remove(state: State, work: _Work, move: Remove) -> dict:
    _need_phase(state, Phase.ENTFERNEN)
    allowed, reason = removal_check(state, move.space)
    if not allowed:
        raise IllegalMoveError(reason)
    space = move.space
    kind = KIND_BY_SPACE[space]
    known = work.backs.pop(space, None)
    effect = move.effect or known
    if move.effect is not None and known is not None and move.effect is not known:
        raise IllegalMoveError(
            f"Auf der Rückseite von {space.label} steht laut Stellung „{known.german}“, "
            f"nicht „{move.effect.german}“.")
    if effect is not None and TILE_BACKS[effect][kind] == 0:
        raise IllegalMoveError(
            f"Ein {kind.german}plättchen hat nie „{effect.german}“ auf der Rückseite "
            "(laut der Rückseitentabelle einer Umsetzung).")
    if move.boarders is not None and effect is not Effect.BOOT:
        raise IllegalMoveError("Einsteigen lassen kann man nur, wenn ein Boot auftaucht.")
    work.removed.add(space)
    after = work.removed_now = frozenset(work.removed)
    if after not in _GEOMETRY:
        _remember(_Geometry(after, (_geometry(state.removed), space)))
    work.lines.append(f"{space.label} ({kind.german}) wird entfernt.")
    falling = work.land.pop(space, [])
    if falling:
        work.sea[space] = list(falling)
        work.new_swimmers.extend(falling)
        work.lines.append(f"{names(falling)} {_verb(falling, 'fällt', 'fallen')} dort ins Meer "
                          f"und {_verb(falling, 'schwimmt', 'schwimmen')} jetzt.")
    extra: dict = {"kind": kind, "effect": effect, "reason": reason}
    last_tile = all(s in work.removed for s in TERRAIN)
    if last_tile and Variant.SINKENDE_INSEL in state.variants:
        work.finish(EndReason.INSEL_WEG)
        work.lines.append("Das letzte Plättchen ist weg – das Spiel endet sofort (Variante "
                          "Sinkende Insel).")
        return extra
    if effect is None:
        work.lines.append("Die Rückseite ist nicht bekannt; es wird nur das Plättchen entfernt.")
    else:
        extra.update(_resolve_back(state, work, space, effect, move.boarders))
    if work.phase is Phase.ENDE:
        return extra
    if last_tile and Variant.DURCHHALTEN not in state.variants:
        work.finish(EndReason.INSEL_WEG)
        work.lines.append("Kein Geländeplättchen mehr übrig – das Spiel endet.")
        return extra
    work.phase = Phase.WUERFELN
    return extra


def _resolve_back(state: State, work: _Work, space: Space, effect: Effect,
                  boarders: tuple[Explorer, ...] | None) -> dict:
    extra: dict = {}
    if effect.timing is not Timing.NOW:
        work.hands.setdefault(state.current, []).append(effect)
        when = ("zu Beginn eines späteren eigenen Zuges" if effect.timing is Timing.OWN_TURN
                else "als Reaktion im Zug eines anderen")
        work.lines.append(f"Rückseite „{effect.german}“ ({effect.timing.border}): "
                          f"{state.current.title} behält das Plättchen geheim und spielt es "
                          f"{when}.")
        return extra
    volcano_as_whirlpool = bool(state.variants & {Variant.DURCHHALTEN, Variant.SINKENDE_INSEL})
    if effect is Effect.VULKAN and not volcano_as_whirlpool:
        work.finish(EndReason.VULKAN)
        work.lines.append("Vulkanausbruch: Das Spiel endet sofort. Gewertet werden nur die "
                          "Entdecker auf den sicheren Inseln.")
        return extra
    if effect is Effect.HAI:
        work.creatures[Creature.HAI].append(space)
        work.lines.append(f"Ein Hai taucht auf {space.label} auf.")
        work.settle(space)
    elif effect is Effect.WAL:
        work.creatures[Creature.WAL].append(space)
        work.lines.append(f"Ein Wal taucht auf {space.label} auf; Schwimmern tut er nichts.")
    elif effect is Effect.BOOT:
        extra["boarded"] = _boat_appears(state, work, space, boarders)
    else:  # whirlpool, or the volcano acting as one in two variants
        if effect is Effect.VULKAN:
            work.lines.append("Der Vulkan wirkt in dieser Variante wie ein Strudel.")
        extra.update(_whirlpool(work, space))
    return extra


def _boat_appears(state: State, work: _Work, space: Space,
                  boarders: tuple[Explorer, ...] | None) -> tuple[Explorer, ...]:
    swimmers = work.sea.get(space, [])
    if boarders is None:
        # The tile's player chooses if more than 3 are in the water; own explorers first.
        mine = [e for e in swimmers if e.colour == state.current]
        others = [e for e in swimmers if e.colour != state.current]
        boarders = tuple((sort_explorers(mine) + sort_explorers(others))[:BOAT_SEATS])
    must = min(BOAT_SEATS, len(swimmers))
    if len(boarders) != must:
        raise IllegalMoveError(_boarders_rule(must, len(swimmers), len(boarders)))
    pool = list(swimmers)
    for e in boarders:
        if e not in pool:
            raise IllegalMoveError(f"{e.code} schwimmt nicht auf {space.label}.")
        pool.remove(e)
    work.sea[space] = pool
    work.boats[space] = list(boarders)
    for e in boarders:
        if e in work.new_swimmers:
            work.new_swimmers.remove(e)
    text = f"; an Bord: {names(boarders)}" if boarders else ""
    work.lines.append(f"Ein Boot taucht auf {space.label} auf{text}.")
    return sort_explorers(boarders)


def _boarders_rule(must: int, fallen: int, given: int) -> str:
    """Ruling S9 in words: an appearing boat takes min(3, fallen) swimmers, no more, no fewer."""
    chosen = f"genannt {'wurde' if given == 1 else 'wurden'} {given}"
    if fallen == 0:
        return (f"Hier ist niemand ins Wasser gefallen; das Boot taucht leer auf, {chosen} "
                "(Auslegung S9).")
    if fallen <= BOAT_SEATS:
        who = "der eine Schwimmer" if fallen == 1 else f"alle {fallen} Schwimmer"
        return (f"Es {'muss' if fallen == 1 else 'müssen'} genau {must} einsteigen: {who} "
                f"dieses Feldes, {chosen} (Auslegung S9: Schwimmer steigen sofort ein, "
                "höchstens drei).")
    return (f"Es müssen genau {must} einsteigen: {fallen} sind ins Wasser gefallen, das Boot "
            f"hat {BOAT_SEATS} Plätze, und wer aufgedeckt hat, wählt nur aus, welche drei – "
            f"{chosen} (Auslegung S9).")


def _whirlpool(work: _Work, space: Space) -> dict:
    area = [space, *(n for n in NEIGHBOURS[space] if CELLS[n] is Cell.SEA or n in work.removed)]
    creatures: list[Creature] = []
    boats = 0
    for s in area:
        work.lost.extend(work.sea.pop(s, []))
        if s in work.boats:
            work.lost.extend(work.boats.pop(s))
            boats += 1
        for c in Creature:
            while s in work.creatures[c]:
                work.creatures[c].remove(s)
                creatures.append(c)
    work.lines.append(f"Strudel auf {space.label}: Alles auf diesem Meeresfeld und den "
                      "angrenzenden Meeresfeldern verschwindet – Schwimmer, Boote samt Insassen "
                      "und Kreaturen.")
    return {"removed_creatures": tuple(sorted(creatures)), "removed_boats": boats}


_ARTICLES = {Creature.SCHLANGE: ("Keine", "eine"), Creature.HAI: ("Kein", "einen"),
             Creature.WAL: ("Kein", "einen")}


def _do_roll(state: State, work: _Work, move: Roll) -> dict:
    _need_phase(state, Phase.WUERFELN)
    creature = move.creature
    origins = set(state.creatures(creature))
    none, one = _ARTICLES[creature]
    if not origins:
        work.lines.append(f"Gewürfelt: {creature.german}. {none} {creature.german} im Meer – "
                          "nichts passiert.")
        work.end_turn()
    elif not any(n in sea_spaces(state) for o in origins for n in NEIGHBOURS[o]):
        work.lines.append(f"Gewürfelt: {creature.german}. {none} {creature.german} kann ziehen – "
                          "nichts passiert.")
        work.end_turn()
    else:
        work.phase = Phase.KREATUR
        work.rolled = creature
        span = "1 Feld" if creature.reach == 1 else f"1–{creature.reach} Felder"
        work.lines.append(f"Gewürfelt: {creature.german}. Bewege {one} {creature.german} {span} "
                          "weit, nur durchs Meer.")
    return {}


def _do_creature(state: State, work: _Work, move: CreatureMove) -> dict:
    _need_phase(state, Phase.KREATUR)
    if move.creature is not state.rolled:
        assert state.rolled is not None
        raise IllegalMoveError(f"Gewürfelt wurde {state.rolled.german}, nicht "
                               f"{move.creature.german}.")
    if move.origin not in state.creatures(move.creature):
        raise IllegalMoveError(f"Auf {move.origin.label} ist keine {move.creature.german}."
                               if move.creature is Creature.SCHLANGE else
                               f"Auf {move.origin.label} ist kein {move.creature.german}.")
    if move.target not in creature_targets(state, move.creature, move.origin):
        raise IllegalMoveError(_creature_rule(move.creature, move.target))
    return _arrive(state, work, move.creature, move.origin, move.target, from_tile=False)


def _creature_rule(creature: Creature, target: Space) -> str:
    rule = {
        Creature.SCHLANGE: "Die Seeschlange zieht genau 1 Feld, nur durchs Meer.",
        Creature.HAI: "Ein Hai zieht 1–2 Felder, nur durchs Meer, und hält bei Schwimmern an.",
        Creature.WAL: "Ein Wal zieht 1–3 Felder, nur durchs Meer, und hält an einem besetzten "
                      "Boot an.",
    }[creature]
    return f"{target.label} ist so nicht erreichbar: {rule}"


def _contents(work: _Work, space: Space) -> SpaceContents:
    boat = tuple(work.boats[space]) if space in work.boats else None
    there = tuple(sorted(work.creatures_at(space)))
    return SpaceContents(tuple(work.sea.get(space, ())), boat, there)


def _repel_candidates(state: State, work: _Work, creature: Creature, space: Space) -> list[Colour]:
    """Other players who may answer with a repel tile, in turn order after the mover."""
    if creature is Creature.HAI:
        tile, hit = Effect.HAI_ABWEHR, work.sea.get(space, [])
    elif creature is Creature.WAL:
        tile, hit = Effect.WAL_ABWEHR, work.boats.get(space, [])
    else:
        return []
    colours = {e.colour for e in hit}
    players = state.players
    start = players.index(state.current)
    order = [players[(start + i) % len(players)] for i in range(1, len(players))]
    return [c for c in order if c in colours and tile in work.hands.get(c, [])]


def _arrive(state: State, work: _Work, creature: Creature, origin: Space, target: Space,
            from_tile: bool) -> dict:
    before = _contents(work, target)
    work.creatures[creature].remove(origin)
    work.creatures[creature].append(target)
    work.lines.append(f"{creature.german} zieht von {origin.label} nach {target.label}.")
    candidates = _repel_candidates(state, work, creature, target)
    outcome = resolve_encounter(creature, before)
    if candidates:
        work.pending = Pending(creature, target, candidates[0], from_tile)
        work.phase = Phase.ABWEHR
        work.lines.append(f"{candidates[0].title} darf jetzt „{_repel_tile(creature).german}“ "
                          "spielen.")
        return {"stops": outcome.stops, "reaction_by": candidates[0],
                "reason": f"{candidates[0].title} hat „{_repel_tile(creature).german}“ und "
                          "darf die Kreatur jetzt vertreiben."}
    _apply_outcome(work, target, outcome)
    _continue(work, from_tile)
    return {"stops": outcome.stops, "reason": outcome.reason}


def _repel_tile(creature: Creature) -> Effect:
    return Effect.HAI_ABWEHR if creature is Creature.HAI else Effect.WAL_ABWEHR


def _apply_outcome(work: _Work, space: Space, outcome) -> None:
    work.lines.append(outcome.reason)
    work.lost.extend(outcome.lost)
    work.new_swimmers.extend(outcome.new_swimmers)
    work.boat_destroyed = work.boat_destroyed or outcome.boat_destroyed
    work.sea[space] = list(outcome.swimmers_after)
    if outcome.passengers_after is None:
        work.boats.pop(space, None)
    else:
        work.boats[space] = list(outcome.passengers_after)


def _continue(work: _Work, from_tile: bool) -> None:
    if from_tile:
        work.after_card()
    else:
        work.end_turn()


def _do_react(state: State, work: _Work, move: React) -> dict:
    _need_phase(state, Phase.ABWEHR)
    pending = state.pending
    assert pending is not None
    tile = _repel_tile(pending.creature)
    if move.use:
        work.hands[pending.decider].remove(tile)
        work.creatures[pending.creature].remove(pending.space)
        work.pending = None
        work.lines.append(f"{pending.decider.title} spielt „{tile.german}“: "
                          f"{pending.creature.german} auf {pending.space.label} kommt aus dem "
                          "Spiel, niemandem passiert etwas.")
        _continue(work, pending.from_tile)
        return {"creature_repelled": True, "removed_creatures": (pending.creature,)}
    work.lines.append(f"{pending.decider.title} verzichtet auf „{tile.german}“.")
    players = state.players
    start = players.index(state.current)
    seat = {c: (players.index(c) - start) % len(players) for c in players}
    later = [c for c in _repel_candidates(state, work, pending.creature, pending.space)
             if seat[c] > seat[pending.decider]]
    if later:
        work.pending = replace(pending, decider=later[0])
        work.lines.append(f"{later[0].title} darf jetzt „{tile.german}“ spielen.")
        return {"reaction_by": later[0]}
    work.pending = None
    # The creature is already on the space; settle what it found there.
    others = [c for c in Creature for _ in range(work.creatures[c].count(pending.space))]
    others.remove(pending.creature)
    before = SpaceContents(tuple(work.sea.get(pending.space, ())),
                           tuple(work.boats[pending.space]) if pending.space in work.boats
                           else None, tuple(others))
    _apply_outcome(work, pending.space, resolve_encounter(pending.creature, before))
    _continue(work, pending.from_tile)
    return {}


def _do_play(state: State, work: _Work, move: PlayTile) -> dict:
    _need_phase(state, Phase.KARTE)
    me = state.current
    effect = move.effect
    if effect not in state.hand(me):
        raise IllegalMoveError(f"{me.title} hat kein Plättchen „{effect.german}“ auf der Hand.")
    if effect.timing is not Timing.OWN_TURN:
        raise IllegalMoveError(
            f"„{effect.german}“ hat einen roten Rand mit X: Es wird nur als Reaktion im Zug "
            "eines anderen gespielt.")
    work.hands[me].remove(effect)
    if effect is Effect.DELFIN:
        e = move.explorer
        if e is None or e.colour != me:
            raise IllegalMoveError("Der Delfin rettet einen deiner eigenen Schwimmer.")
        token = _find(_at_spot(state, Spot(Place.SEA, move.origin)), e)
        if token is None:
            raise IllegalMoveError(f"{e.code} schwimmt nicht auf {move.origin.label}.")
        if move.target not in dolphin_targets(state, move.origin):
            raise IllegalMoveError(
                f"Der Delfin bringt einen Schwimmer 1–3 Felder weit durchs Meer; "
                f"{move.target.label} ist so nicht erreichbar.")
        work.sea[move.origin].remove(token)
        work.sea.setdefault(move.target, []).append(token)
        work.lines.append(f"Delfin: {token.colour.title} schwimmt von {move.origin.label} nach "
                          f"{move.target.label}.")
        work.settle(move.target)
        work.after_card()
        return {}
    if effect is Effect.WIND:
        boat = state.boat_at(move.origin)
        if boat is None:
            raise IllegalMoveError(f"Auf {move.origin.label} liegt kein Boot.")
        reason = controls_reason(boat, me)
        if reason:
            raise IllegalMoveError(reason)
        if move.target not in wind_targets(state, move.origin):
            raise IllegalMoveError(
                f"Rückenwind bewegt ein Boot 1–3 Felder weit durchs Meer, nie durch ein anderes "
                f"Boot; {move.target.label} ist so nicht erreichbar.")
        work.boats[move.target] = work.boats.pop(move.origin)
        work.lines.append(f"Rückenwind: Das Boot fährt von {move.origin.label} nach "
                          f"{move.target.label}.")
        work.settle(move.target)
        work.after_card()
        return {}
    creature = effect.creature
    assert creature is not None
    if move.origin not in state.creatures(creature):
        raise IllegalMoveError(f"Auf {move.origin.label} ist keine Kreatur dieser Art "
                               f"({creature.german}).")
    if move.target == move.origin or not is_sea(state, move.target):
        raise IllegalMoveError(f"{creature.german} kommt auf ein anderes Meeresfeld – "
                               f"{move.target.label} geht nicht.")
    return _arrive(state, work, creature, move.origin, move.target, from_tile=True)


_HANDLERS = {
    Step: _do_step, BoatMove: _do_boat, Pass: _do_pass, Remove: _do_remove, Roll: _do_roll,
    CreatureMove: _do_creature, PlayTile: _do_play, React: _do_react,
}


# ---------------------------------------------------------------------------------------------
# Set-up and random play


def inland(space: Space) -> bool:
    """A terrain tile with no sea neighbour on the full island."""
    return all(CELLS[n] not in (Cell.SEA, Cell.ISLAND) for n in NEIGHBOURS[space])


def deal_backs(rng: random.Random) -> tuple[tuple[Space, Effect], ...]:
    backs: list[tuple[Space, Effect]] = []
    for kind in Kind:
        pool = [e for e, counts in TILE_BACKS.items() for _ in range(counts[kind])]
        rng.shuffle(pool)
        tiles = [s for s in TERRAIN if KIND_BY_SPACE[s] is kind]
        backs.extend(zip(tiles, pool, strict=True))
    return tuple(sorted(backs))


def new_game(rng: random.Random, players: int | Sequence[Colour] = 4,
             variants: Iterable[Variant] = ()) -> State:
    """A random set-up as in seed 003: tiles, serpents, explorers one at a time, 2 boats per
    person (ruling S12: also in „zwei Farben“, so 4 boats there).

    >>> import random
    >>> len(new_game(random.Random(1), 4, [Variant.ZWEI_FARBEN]).boats)
    4
    >>> len(new_game(random.Random(1), 3).boats)
    6
    """
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise RulesError("Survive spielen 2 bis 4 Personen.")
        colours = ALL_COLOURS[:players]
    else:
        colours = tuple(players)
        if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
            raise RulesError("Survive spielen 2 bis 4 verschiedene Farben.")
    variant_set = frozenset(variants)
    if Variant.ZWEI_FARBEN in variant_set and len(colours) != 4:
        raise RulesError("Die Variante „zwei Farben“ braucht alle vier Farben für zwei Spieler.")
    values = {c: list(EXPLORER_VALUES) for c in colours}
    for c in colours:
        rng.shuffle(values[c])
    capacity = {s: 2 if Variant.UEBERBEVOELKERUNG in variant_set and inland(s) else 1
                for s in TERRAIN}
    land: dict[Space, list[Explorer]] = {}
    for _ in range(len(EXPLORER_VALUES)):
        for c in colours:
            free = [s for s in TERRAIN if len(land.get(s, ())) < capacity[s]]
            land.setdefault(rng.choice(free), []).append(Explorer(c, values[c].pop()))
    coast = [s for s in SPACES if CELLS[s] is Cell.SEA and s not in SERPENT_STARTS
             and any(n in KIND_BY_SPACE for n in NEIGHBOURS[s])]
    # 2 boats per person, not per colour (seed 003; ruling S12): in "zwei Farben" 4, not 8.
    persons = 2 if Variant.ZWEI_FARBEN in variant_set else len(colours)
    boats: list[Boat] = []
    for _ in range(BOATS_PER_PLAYER):
        for _person in range(persons):
            taken = {b.space for b in boats}
            boats.append(Boat(rng.choice([s for s in coast if s not in taken])))
    return State(
        players=colours, current=colours[0], phase=Phase.ZIEHEN, points=MOVE_POINTS,
        land=tuple(sorted((s, sort_explorers(es)) for s, es in land.items())),
        boats=tuple(sorted(boats, key=lambda b: b.space)), serpents=SERPENT_STARTS,
        backs=deal_backs(rng), variants=variant_set)


def random_move(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move (the die is fair: two faces per creature)."""
    moves = legal_moves(state)
    if not moves:
        raise IllegalMoveError("Das Spiel ist zu Ende; es gibt keinen Zug mehr.")
    return rng.choice(moves)


def validate_explorers(colour: Colour, values: list[int | None]) -> None:
    """At most the 10 explorers of a colour with the box's values; NotationError otherwise."""
    if len(values) > len(EXPLORER_VALUES):
        raise NotationError(f"{colour.title} hat nur {len(EXPLORER_VALUES)} Entdecker, in der "
                            f"Stellung sind es {len(values)}.")
    for v in set(values):
        if v is None:
            continue
        have, box = values.count(v), EXPLORER_VALUES.count(v)
        if have > box:
            raise NotationError(f"{colour.title} hat nur {box}× den Wert {v}, in der Stellung "
                                f"stehen {have}.")
