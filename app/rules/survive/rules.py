"""The moves: legal moves, applying a move, set-up and random play.

A state is immutable; :func:`apply` returns a new state and a :class:`Report` that says what
happened, as German notes with the rulings each rests on (:mod:`.explain` turns them into the
contract's steps). Chance (the tile backs, the creature die) is explicit: backs are dealt at
set-up from an explicit ``random.Random``, the die is a :class:`Roll` move.

Where the sea is and which tile may go lives in :mod:`.removal`, how far things travel in
:mod:`.reach`, boat control and scoring in :mod:`.scoring`; the names are re-exported here for
the callers that import them from this module.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from app.rules.errors import IllegalMoveError, RulesError
from app.rules.survive.board import (
    CELLS,
    ISLAND_AT,
    ISLAND_SPACE,
    ISLANDS_NEAR,
    LANDING,
    NEIGHBOURS,
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
    Note,
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
from app.rules.survive.reach import creature_targets, dolphin_targets, wind_targets
from app.rules.survive.removal import (
    KIND_BY_SPACE,
    LAND_SPOT,
    current_kind,
    geometry,
    geometry_after,
    inland,
    is_sea,
    removable_tiles,
    removal_check,
    removal_verdict,
    sea_spaces,
    tile_present,
    touches_sea,
)
from app.rules.survive.scoring import (
    boat_controllers,
    controls_reason,
    explorers_out,
    score,
    teams,
    winners,
)

__all__ = [  # what callers import from here, wherever it lives now
    "KIND_BY_SPACE", "Report", "apply", "boat_controllers", "controls_reason", "creature_targets",
    "current_kind", "deal_backs", "dolphin_targets", "explorers_out", "inland", "is_sea",
    "legal_moves", "new_game", "random_move", "removable_tiles", "removal_check", "score",
    "sea_spaces", "teams", "tile_present", "touches_sea", "wind_targets", "winners",
]

# Every reason code a refusal of a move, a set-up or a score may carry (``RulesError.code``).
MOVE_REFUSAL_CODES = frozenset({
    # the move itself
    "no_position", "game_over", "unknown_move", "malformed_move", "off_map", "wrong_phase",
    # moving (step 2)
    "no_points", "wrong_place", "not_your_explorer", "explorer_missing", "rescued", "never_back",
    "no_tile", "no_boat", "boat_full", "already_swum", "not_adjacent", "not_sea",
    "board_own_space", "jump_own_space", "island_from_land", "not_landing", "not_in_control",
    "boat_there", "mandatory",
    # removing a tile (step 3) and its back
    "not_a_tile", "already_removed", "removal_order", "not_coastal", "other_back", "no_such_back",
    "boarders_without_boat", "boarders_count", "boarder_missing",
    # creatures (step 4) and red tiles
    "not_rolled", "no_creature", "out_of_reach", "not_in_hand", "reaction_only", "dolphin_own",
    # set-up, chance, scoring, explanation, seats
    "players", "variant", "rng", "value_unknown", "no_report", "no_seat", "removals",
    # an argument of the wrong type handed to a public function
    "wrong_type",
})

# Shared Spot objects, one dict per place: move generation makes thousands of them.
_LAND = LAND_SPOT
_SEA = {s: Spot(Place.SEA, s) for s in CELLS}
_BOAT = {s: Spot(Place.BOAT, s) for s in CELLS}
_ASHORE = {s: Spot(Place.ISLAND, s) for s in CELLS}

# ---------------------------------------------------------------------------------------------
# Legal moves


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow now (the die's three faces in phase "würfeln")."""
    if not isinstance(state, State):
        raise RulesError("Züge gibt es nur in einer Stellung; hier fehlt sie.",
                         code="no_position")
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
    geo = geometry(state.removed)
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
    sea_next = geometry(state.removed).sea_next
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
    reason_sources: tuple[str, ...] = ()  # the rulings ``reason`` rests on
    notes: tuple[Note, ...] = ()  # what happened, in order, each with its rulings

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(note.text for note in self.notes)

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
        self.notes: list[Note] = []
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

    def say(self, text: str, *sources: str) -> None:
        """Note one thing that happened, with the rulings (``"S9"``) it rests on."""
        self.notes.append(Note(text, sources))

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
            serpent = Creature.SCHLANGE in creatures
            crew = boat or ()
            # S1: the serpent's crew falls in and is eaten there; S5: falling in during your
            # own move is the crew's one sea space of this turn.
            self.say(f"Das besetzte Boot auf {space.label} geht durch "
                     f"{'die Seeschlange' if serpent else 'den Wal'} verloren; {names(crew)} "
                     f"{_verb(crew, 'fällt', 'fallen')} ins Wasser"
                     + ("." if serpent else " und " + _verb(crew, "hat", "haben")
                        + " damit das eine Feld dieses Zuges geschwommen."),
                     "S1" if serpent else "S5")
        if result.lost:
            self.lost.extend(result.lost)
            sources = ("S1",) if result.boat_destroyed and Creature.SCHLANGE in creatures else ()
            self.say(f"Auf {space.label} wird gefressen: {names(result.lost)}.", *sources)
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
        """Phase 1 is over: move if you have explorers (else skip step 2, seed 003; S14)."""
        if self.owns_any(self.current):
            self.phase = Phase.ZIEHEN
            self.points = MOVE_POINTS
        else:
            self.say(f"{self.current.title} hat keinen Entdecker mehr auf der Insel, im Meer oder "
                     "in einem Boot und überspringt das Bewegen.", "S14")
            self.after_moving()

    def spent(self) -> None:
        """One movement point is used; moving ends with the last point or the last explorer.

        Whoever has no explorer left out there moves nothing more, not even an empty boat
        (ruling S14) – so a move that rescues or loses the mover's last one ends moving.
        """
        self.points -= 1
        if self.points == 0:
            self.after_moving()
        elif (self.rescued or self.lost) and not self.owns_any(self.current):
            self.say(f"{self.current.title} hat keinen Entdecker mehr auf der Insel, im Meer "
                     f"oder in einem Boot; {_points(self.points)} verfallen.", "S14")
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


def _points(n: int) -> str:
    return "1 Punkt" if n == 1 else f"{n} Punkte"


_EFFECT_ORDER = {e: i for i, e in enumerate(Effect)}


def _effect_order(effect: Effect) -> int:
    return _EFFECT_ORDER[effect]


def apply(state: State, move: Move) -> tuple[State, Report]:
    """Play one move; IllegalMoveError (German, naming the rule) if the rules forbid it."""
    if not isinstance(state, State):
        raise IllegalMoveError("Ein Zug wird in einer Stellung gespielt; hier fehlt sie.",
                               code="no_position")
    if state.phase is Phase.ENDE:
        raise IllegalMoveError("Das Spiel ist schon zu Ende.", code="game_over")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMoveError(f"Unbekannter Zug: {move!r}.", code="unknown_move")
    _check_parts(move)
    work = _Work(state)
    extra = handler(state, work, move)
    if (Variant.DURCHHALTEN in state.variants and work.phase is not Phase.ENDE
            and not work.out_there()):
        work.finish(EndReason.ALLE_WEG)
        work.say("Niemand ist mehr auf der Insel oder im Meer – das Spiel endet "
                 "(Variante Durchhalten).")
    survivors = [e.fresh() for e in work.new_swimmers]
    for e in work.lost:
        if e.fresh() in survivors:
            survivors.remove(e.fresh())
    report = Report(
        move=move, lost=sort_explorers(work.lost), new_swimmers=sort_explorers(survivors),
        rescued=sort_explorers(work.rescued), boat_destroyed=work.boat_destroyed,
        game_over=work.phase is Phase.ENDE, notes=tuple(work.notes), **extra)
    return work.freeze(), report


def _check_parts(move: Move) -> None:
    """Every part of ``move`` has its type and every space lies on the practice map.

    Moves are plain values anyone can build; a wrong part gets the engine's own refusal
    instead of an AttributeError deep inside.
    """
    spaces: list[object] = []
    parts: list[tuple[object, type | tuple[type, ...]]] = []
    if isinstance(move, Step):
        parts = [(move.explorer, Explorer), (move.origin, Spot), (move.target, Spot)]
        spaces = [getattr(spot, "space", None) for spot in (move.origin, move.target)]
        parts += [(getattr(spot, "place", None), Place) for spot in (move.origin, move.target)]
    elif isinstance(move, BoatMove):
        spaces = [move.origin, move.target]
    elif isinstance(move, CreatureMove):
        parts = [(move.creature, Creature)]
        spaces = [move.origin, move.target]
    elif isinstance(move, PlayTile):
        parts = [(move.effect, Effect), (move.explorer, (Explorer, type(None)))]
        spaces = [move.origin, move.target]
    elif isinstance(move, Remove):
        parts = [(move.effect, (Effect, type(None))), (move.boarders, (tuple, type(None)))]
        parts += [(e, Explorer) for e in move.boarders or () if isinstance(move.boarders, tuple)]
        spaces = [move.space]
    elif isinstance(move, Roll):
        parts = [(move.creature, Creature)]
    elif isinstance(move, React):
        parts = [(move.use, bool)]
    for value, kind in parts:
        if not isinstance(value, kind):
            raise IllegalMoveError(f"Der Zug {type(move).__name__} hat einen Teil, der nicht "
                                   f"passt: {value!r}.", code="malformed_move")
    for value in spaces:
        if not isinstance(value, Space):
            raise IllegalMoveError(f"Der Zug {type(move).__name__} nennt statt eines Feldes "
                                   f"{value!r}.", code="malformed_move")
        if value not in CELLS:
            raise IllegalMoveError(f"{value!r} liegt nicht auf der Übungskarte.", code="off_map")


def _need_phase(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        raise IllegalMoveError(
            f"Das geht nur in der Phase „{phase.german}“; jetzt ist „{state.phase.german}“.",
            code="wrong_phase")


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


def _refuse(message: str, code: str) -> IllegalMoveError:
    return IllegalMoveError(message, code=code)


def _check_points(state: State) -> None:
    if state.points <= 0:
        raise _refuse("Du hast keine Bewegungspunkte mehr (3 pro Zug).", "no_points")


def _check_step(state: State, move: Step) -> Explorer:
    _need_phase(state, Phase.ZIEHEN)
    _check_points(state)
    e, origin, target = move.explorer, move.origin, move.target
    for spot in (origin, target):
        if (spot.place is Place.ISLAND) != (spot.space in ISLAND_AT):
            raise _refuse(f"{spot.space.label} ist keine sichere Insel."
                          if spot.place is Place.ISLAND else
                          f"{spot.space.label} ist eine sichere Insel, kein Feld für "
                          f"{spot.place.value}.", "wrong_place")
    if e.colour != state.current:
        raise _refuse(f"{state.current.title} ist am Zug; Entdecker von {e.colour.title} bewegt "
                      f"nur {e.colour.title} selbst.", "not_your_explorer")
    token = _find(_at_spot(state, origin), e)
    if token is None:
        raise _refuse(f"{e.german} steht nicht {_where(origin)}.", "explorer_missing")
    o, t = origin.place, target.place
    if o is Place.ISLAND:
        raise _refuse("Wer auf einer sicheren Insel angekommen ist, bleibt dort.", "rescued")
    if t is Place.LAND:
        if o is not Place.LAND:
            raise _refuse(_NEVER_BACK, "never_back")
        if not tile_present(state, target.space):
            raise _refuse(f"Auf {target.space.label} liegt kein Inselplättchen.", "no_tile")
    if t is Place.BOAT:
        boat = state.boat_at(target.space)
        if boat is None:
            raise _refuse(f"Auf {target.space.label} liegt kein Boot.", "no_boat")
        if len(boat.passengers) >= BOAT_SEATS:
            raise _refuse(f"Im Boot auf {target.space.label} sitzen schon {BOAT_SEATS} Entdecker "
                          "– mehr passen nicht hinein (Farben egal).", "boat_full")
    swims = (o, t) in ((Place.SEA, Place.SEA), (Place.SEA, Place.ISLAND), (Place.BOAT, Place.SEA))
    if swims and token.swum:
        raise _refuse(f"{token.german} ist in diesem Zug schon ein Feld geschwommen: Schwimmer "
                      "kommen pro Zug nur 1 Feld weit (ins Wasser gehen zählt mit, "
                      "Auslegung S5).", "already_swum")
    same = origin.space == target.space
    near = target.space in NEIGHBOURS[origin.space]
    if (o, t) == (Place.LAND, Place.LAND) or (o, t) == (Place.LAND, Place.BOAT):
        if not near:
            raise _refuse(f"{target.space.label} grenzt nicht an {origin.space.label}.",
                          "not_adjacent")
    elif (o, t) == (Place.LAND, Place.SEA) or (o, t) == (Place.SEA, Place.SEA):
        if not near:
            raise _refuse(f"{target.space.label} ist kein Nachbarfeld von {origin.space.label}; "
                          "geschwommen wird 1 Feld pro Zug.", "not_adjacent")
        if not is_sea(state, target.space):
            raise _refuse(f"{target.space.label} ist kein Meeresfeld.", "not_sea")
    elif (o, t) == (Place.SEA, Place.BOAT):
        if not same:
            raise _refuse("Ein Schwimmer steigt nur in ein Boot auf seinem eigenen Feld "
                          "(1 Punkt).", "board_own_space")
    elif (o, t) == (Place.BOAT, Place.BOAT):
        if not near:
            raise _refuse(f"Umsteigen geht nur in ein Boot auf einem Nachbarfeld; "
                          f"{target.space.label} grenzt nicht an {origin.space.label}.",
                          "not_adjacent")
    elif (o, t) == (Place.BOAT, Place.SEA):
        if not same:
            raise _refuse("Aus dem Boot springst du auf dem Feld des Bootes ins Wasser.",
                          "jump_own_space")
    elif t is Place.ISLAND:
        if o is Place.LAND:
            raise _refuse("Vom Land geht es nicht direkt auf eine sichere Insel – nur per Boot "
                          "oder schwimmend.", "island_from_land")
        island = ISLAND_AT[target.space]
        if origin.space not in LANDING[island]:
            what = "Das Boot" if o is Place.BOAT else "Der Schwimmer"
            raise _refuse(f"{what} auf {origin.space.label} liegt nicht direkt neben der "
                          f"{island.german}; an Land gehen kann man nur von einem ihrer zwei "
                          "Nachbarfelder aus (Auslegung S8).", "not_landing")
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
        work.say(f"{who} geht von {origin.space.label} nach {target.space.label}.")
    elif target.place is Place.BOAT:
        work.boats[target.space].append(token)
        work.say(f"{who} steigt ins Boot auf {target.space.label}.")
        work.settle(target.space)
    elif target.place is Place.SEA:
        swimmer = Explorer(token.colour, token.value, True)
        work.sea.setdefault(target.space, []).append(swimmer)
        work.new_swimmers.append(swimmer)
        if origin.place is Place.SEA:
            work.say(f"{who} schwimmt nach {target.space.label} und kommt in diesem Zug nicht "
                     "weiter.")
        else:  # S5: the step into the water is the swimmer's one space of the turn
            work.say(f"{who} ist jetzt Schwimmer auf {target.space.label} und kommt in diesem "
                     "Zug nicht weiter.", "S5")
        work.settle(target.space)
    else:
        island = ISLAND_AT[target.space]
        work.safe.setdefault(target.space, []).append(token.fresh())
        work.rescued.append(token.fresh())
        if origin.place is Place.SEA:
            work.say(f"{who} schwimmt an Land und ist auf der {island.german} in Sicherheit.",
                     "S4")
        else:
            work.say(f"{who} steigt aus und ist auf der {island.german} in Sicherheit.")
    work.spent()
    return {"cost": 1}


def _do_boat(state: State, work: _Work, move: BoatMove) -> dict:
    _need_phase(state, Phase.ZIEHEN)
    _check_points(state)
    boat = state.boat_at(move.origin)
    if boat is None:
        raise _refuse(f"Auf {move.origin.label} liegt kein Boot.", "no_boat")
    reason = controls_reason(boat, state.current)
    if reason:
        raise _refuse(reason, "not_in_control")
    if move.target not in NEIGHBOURS[move.origin]:
        raise _refuse(f"Ein Boot zieht 1 Feld pro Punkt; {move.target.label} grenzt nicht an "
                      f"{move.origin.label}.", "not_adjacent")
    if not is_sea(state, move.target):
        raise _refuse(f"Boote fahren nur übers Meer; {move.target.label} ist kein Meeresfeld.",
                      "not_sea")
    if state.boat_at(move.target) is not None:
        raise _refuse(f"Auf {move.target.label} liegt schon ein Boot – höchstens ein Boot pro "
                      "Meeresfeld.", "boat_there")
    work.boats[move.target] = work.boats.pop(move.origin)
    load = f" mit {names(boat.passengers)}" if boat.passengers else " (leer)"
    work.say(f"Das Boot{load} fährt von {move.origin.label} nach {move.target.label}.")
    work.settle(move.target)
    work.spent()
    return {"cost": 1}


def _do_pass(state: State, work: _Work, move: Pass) -> dict:
    if state.phase is Phase.KARTE:
        work.say("Kein Plättchen gespielt.")
        work.after_card()
    elif state.phase is Phase.ZIEHEN:
        work.say(f"Ziehen beendet ({_points(state.points)} "
                 f"{'verfällt' if state.points == 1 else 'verfallen'}).")
        work.after_moving()
    else:
        raise _refuse(f"Aussetzen geht nur beim Plättchenspielen und beim Ziehen; jetzt ist "
                      f"„{state.phase.german}“ – das ist Pflicht.", "mandatory")
    return {}

def _do_remove(state: State, work: _Work, move: Remove) -> dict:
    _need_phase(state, Phase.ENTFERNEN)
    allowed, reason, code = removal_verdict(state, move.space)
    if not allowed:
        raise _refuse(reason, code)
    space = move.space
    kind = KIND_BY_SPACE[space]
    known = work.backs.pop(space, None)
    effect = move.effect or known
    if move.effect is not None and known is not None and move.effect is not known:
        raise _refuse(f"Auf der Rückseite von {space.label} steht laut Stellung "
                      f"„{known.german}“, nicht „{move.effect.german}“.", "other_back")
    if effect is not None and TILE_BACKS[effect][kind] == 0:
        raise _refuse(f"Ein {kind.german}plättchen hat nie „{effect.german}“ auf der Rückseite "
                      "(Rückseiten laut einer Umsetzung, Auslegung S3).", "no_such_back")
    if move.boarders is not None and effect is not Effect.BOOT:
        raise _refuse("Einsteigen lassen kann man nur, wenn ein Boot auftaucht.",
                      "boarders_without_boat")
    work.removed.add(space)
    work.removed_now = geometry_after(state.removed, space)
    work.say(f"{space.label} ({kind.german}) wird entfernt.")
    reason_sources = ("S7",) if not touches_sea(state, space) else ()
    falling = work.land.pop(space, [])
    if falling:
        work.sea[space] = list(falling)
        work.new_swimmers.extend(falling)
        work.say(f"{names(falling)} {_verb(falling, 'fällt', 'fallen')} dort ins Meer "
                 f"und {_verb(falling, 'schwimmt', 'schwimmen')} jetzt.")
    extra: dict = {"kind": kind, "effect": effect, "reason": reason,
                   "reason_sources": reason_sources}
    last_tile = all(s in work.removed for s in TERRAIN)
    if last_tile and Variant.SINKENDE_INSEL in state.variants:
        work.finish(EndReason.INSEL_WEG)
        work.say("Das letzte Plättchen ist weg – das Spiel endet sofort (Variante "
                 "Sinkende Insel).")
        return extra
    if effect is None:
        work.say("Die Rückseite ist nicht bekannt; es wird nur das Plättchen entfernt.")
    else:
        extra.update(_resolve_back(state, work, space, effect, move.boarders))
    if work.phase is Phase.ENDE:
        return extra
    if last_tile and Variant.DURCHHALTEN not in state.variants:
        work.finish(EndReason.INSEL_WEG)
        work.say("Kein Inselplättchen mehr übrig – das Spiel endet.")
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
        work.say(f"Rückseite „{effect.german}“ ({effect.timing.border}): "
                 f"{state.current.title} behält das Plättchen geheim und spielt es {when}.")
        return extra
    volcano_as_whirlpool = bool(state.variants & {Variant.DURCHHALTEN, Variant.SINKENDE_INSEL})
    if effect is Effect.VULKAN and not volcano_as_whirlpool:
        work.finish(EndReason.VULKAN)
        work.say("Vulkanausbruch: Das Spiel endet sofort. Gewertet werden nur die "
                 "Entdecker auf den sicheren Inseln.")
        return extra
    if effect is Effect.HAI:
        work.creatures[Creature.HAI].append(space)
        work.say(f"Ein Hai taucht auf {space.label} auf.")
        eaten_before = len(work.lost)
        work.settle(space)
        hit = {e.colour for e in work.lost[eaten_before:]}
        if any(Effect.HAI_ABWEHR in work.hands.get(c, ()) for c in hit):
            work.say("Gegen einen Hai, der von einem Plättchen auftaucht, hilft „Hai abwehren“ "
                     "nicht – nur gegen einen, den jemand zieht.", "S6")
    elif effect is Effect.WAL:
        work.creatures[Creature.WAL].append(space)
        work.say(f"Ein Wal taucht auf {space.label} auf; Schwimmern tut er nichts.")
    elif effect is Effect.BOOT:
        extra["boarded"] = _boat_appears(state, work, space, boarders)
    else:  # whirlpool, or the volcano acting as one in two variants
        if effect is Effect.VULKAN:
            work.say("Der Vulkan wirkt in dieser Variante wie ein Strudel.")
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
        raise _refuse(_boarders_rule(must, len(swimmers), len(boarders)), "boarders_count")
    pool = list(swimmers)
    for e in boarders:
        if e not in pool:
            raise _refuse(f"{e.german} schwimmt nicht auf {space.label}.", "boarder_missing")
        pool.remove(e)
    work.sea[space] = pool
    work.boats[space] = list(boarders)
    for e in boarders:
        if e in work.new_swimmers:
            work.new_swimmers.remove(e)
    text = f"; an Bord: {names(boarders)}" if boarders else ""
    work.say(f"Ein Boot taucht auf {space.label} auf{text}.", "S9")
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
    work.say(f"Strudel auf {space.label}: Alles auf diesem Meeresfeld und den "
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
        work.say(f"Gewürfelt: {creature.german}. {none} {creature.german} im Meer – "
                 "nichts passiert.")
        work.end_turn()
    elif not any(n in sea_spaces(state) for o in origins for n in NEIGHBOURS[o]):
        work.say(f"Gewürfelt: {creature.german}. {none} {creature.german} kann ziehen – "
                 "nichts passiert.", "S11")
        work.end_turn()
    else:
        work.phase = Phase.KREATUR
        work.rolled = creature
        span = "1 Feld" if creature.reach == 1 else f"1–{creature.reach} Felder"
        work.say(f"Gewürfelt: {creature.german}. Bewege {one} {creature.german} {span} "
                 "weit, nur durchs Meer.", "S11")
    return {}


def _do_creature(state: State, work: _Work, move: CreatureMove) -> dict:
    _need_phase(state, Phase.KREATUR)
    if move.creature is not state.rolled:
        assert state.rolled is not None
        raise _refuse(f"Gewürfelt wurde {state.rolled.german}, nicht "
                      f"{move.creature.german}.", "not_rolled")
    if move.origin not in state.creatures(move.creature):
        raise _refuse(f"Auf {move.origin.label} ist keine {move.creature.german}."
                      if move.creature is Creature.SCHLANGE else
                      f"Auf {move.origin.label} ist kein {move.creature.german}.", "no_creature")
    if move.target not in creature_targets(state, move.creature, move.origin):
        raise _refuse(_creature_rule(move.creature, move.target), "out_of_reach")
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
    article = "Die" if creature is Creature.SCHLANGE else "Der"
    work.say(f"{article} {creature.german} zieht von {origin.label} nach {target.label}.")
    candidates = _repel_candidates(state, work, creature, target)
    outcome = resolve_encounter(creature, before)
    if candidates:
        work.pending = Pending(creature, target, candidates[0], from_tile)
        work.phase = Phase.ABWEHR
        reason = (f"{candidates[0].title} hat „{_repel_tile(creature).german}“ und darf "
                  f"{'den Hai' if creature is Creature.HAI else 'den Wal'} jetzt vertreiben.")
        work.say(reason, "S6")
        return {"stops": outcome.stops, "reaction_by": candidates[0], "reason": reason,
                "reason_sources": ("S6",)}
    _apply_outcome(work, target, outcome)
    _continue(work, from_tile)
    return {"stops": outcome.stops, "reason": outcome.reason,
            "reason_sources": outcome.sources}


def _repel_tile(creature: Creature) -> Effect:
    return Effect.HAI_ABWEHR if creature is Creature.HAI else Effect.WAL_ABWEHR


def _apply_outcome(work: _Work, space: Space, outcome) -> None:
    work.say(outcome.reason, *outcome.sources)
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
        work.say(f"{pending.decider.title} spielt „{tile.german}“: "
                 f"{pending.creature.german} auf {pending.space.label} kommt aus dem Spiel, "
                 "niemandem passiert etwas.", "S6")
        _continue(work, pending.from_tile)
        return {"creature_repelled": True, "removed_creatures": (pending.creature,)}
    work.say(f"{pending.decider.title} verzichtet auf „{tile.german}“.", "S6")
    players = state.players
    start = players.index(state.current)
    seat = {c: (players.index(c) - start) % len(players) for c in players}
    later = [c for c in _repel_candidates(state, work, pending.creature, pending.space)
             if seat[c] > seat[pending.decider]]
    if later:
        work.pending = replace(pending, decider=later[0])
        work.say(f"{later[0].title} hat auch „{tile.german}“ und darf jetzt spielen.", "S6")
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
        raise _refuse(f"{me.title} hat kein Plättchen „{effect.german}“ auf der Hand.",
                      "not_in_hand")
    if effect.timing is not Timing.OWN_TURN:
        raise _refuse(f"„{effect.german}“ hat einen roten Rand mit X: Es wird nur als Reaktion "
                      "im Zug eines anderen gespielt.", "reaction_only")
    work.hands[me].remove(effect)
    if effect is Effect.DELFIN:
        e = move.explorer
        if e is None or e.colour != me:
            raise _refuse("Der Delfin trägt nur einen deiner eigenen Schwimmer "
                          "(Auslegung S13).", "dolphin_own")
        token = _find(_at_spot(state, Spot(Place.SEA, move.origin)), e)
        if token is None:
            raise _refuse(f"{e.german} schwimmt nicht auf {move.origin.label}.",
                          "explorer_missing")
        if move.target not in dolphin_targets(state, move.origin):
            raise _refuse(f"Der Delfin bringt einen Schwimmer 1–3 Felder weit durchs Meer; "
                          f"{move.target.label} ist so nicht erreichbar.", "out_of_reach")
        work.sea[move.origin].remove(token)
        work.sea.setdefault(move.target, []).append(token)
        work.say(f"Delfin: {token.colour.title} schwimmt von {move.origin.label} nach "
                 f"{move.target.label}.", "S13")
        work.settle(move.target)
        work.after_card()
        return {}
    if effect is Effect.WIND:
        boat = state.boat_at(move.origin)
        if boat is None:
            raise _refuse(f"Auf {move.origin.label} liegt kein Boot.", "no_boat")
        reason = controls_reason(boat, me)
        if reason:
            raise _refuse(reason, "not_in_control")
        if move.target not in wind_targets(state, move.origin):
            raise _refuse(f"Rückenwind bewegt ein Boot 1–3 Felder weit durchs Meer, nie durch "
                          f"ein anderes Boot; {move.target.label} ist so nicht erreichbar.",
                          "out_of_reach")
        work.boats[move.target] = work.boats.pop(move.origin)
        work.say(f"Rückenwind: Das Boot fährt von {move.origin.label} nach "
                 f"{move.target.label}.")
        work.settle(move.target)
        work.after_card()
        return {}
    creature = effect.creature
    assert creature is not None
    if move.origin not in state.creatures(creature):
        raise _refuse(f"Auf {move.origin.label} ist keine Kreatur dieser Art "
                      f"({creature.german}).", "no_creature")
    if move.target == move.origin or not is_sea(state, move.target):
        raise _refuse(f"{creature.german} kommt auf ein anderes Meeresfeld – "
                      f"{move.target.label} geht nicht.", "not_sea")
    return _arrive(state, work, creature, move.origin, move.target, from_tile=True)


_HANDLERS = {
    Step: _do_step, BoatMove: _do_boat, Pass: _do_pass, Remove: _do_remove, Roll: _do_roll,
    CreatureMove: _do_creature, PlayTile: _do_play, React: _do_react,
}


# ---------------------------------------------------------------------------------------------
# Set-up and random play


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
    _need_rng(rng)
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise RulesError("Survive spielen 2 bis 4 Personen.", code="players")
        colours = ALL_COLOURS[:players]
    else:
        colours = tuple(players) if isinstance(players, tuple | list) else ()
        if (not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours)
                or not all(isinstance(c, Colour) for c in colours)):
            raise RulesError("Survive spielen 2 bis 4 verschiedene Farben.", code="players")
    try:
        variant_set: frozenset = frozenset(variants)
    except TypeError:
        variant_set = frozenset({None})
    if not all(isinstance(v, Variant) for v in variant_set):
        raise RulesError("Varianten werden als Liste genannt, etwa [Variant.DURCHHALTEN].",
                         code="variant")
    if Variant.ZWEI_FARBEN in variant_set and len(colours) != 4:
        raise RulesError("Die Variante „zwei Farben“ braucht alle vier Farben für zwei Spieler.",
                         code="variant")
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
    _need_rng(rng)
    moves = legal_moves(state)
    if not moves:
        raise IllegalMoveError("Das Spiel ist zu Ende; es gibt keinen Zug mehr.",
                               code="game_over")
    return rng.choice(moves)


def _need_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise RulesError("Zufall nur aus einem random.Random, damit sich jede Partie mit "
                         "ihrem Startwert wiederholen lässt.", code="rng")

