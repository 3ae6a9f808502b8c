"""Engine-made quiz questions for Survive: Escape from Atlantis!

Three kinds a player meets at the table:

* ``kreatur`` – „Ein Hai kommt auf dieses Feld. Was passiert?“: the engine's encounter
  (:func:`app.rules.survive.resolve_encounter`); each wrong choice is what the creature would
  do with one misconception from „Leicht vergessen“ in mind (the serpent eats empty boats too,
  the shark attacks boats, the whale eats swimmers), worked out with the engine's own
  :func:`~app.rules.survive.encounter.settle` and the creature the misconception makes of it.
* ``entfernen`` – „Welches Plättchen darfst du wegnehmen?“: one tile the engine allows and
  tiles it refuses, the ones with the most explorers of other colours first – the classic
  „ich nehme das Plättchen mit den meisten gegnerischen Entdeckern“.
* ``punkte`` – „Wie viele deiner 3 Bewegungspunkte kostet das?“: a movement described as a
  player says it (a boat trip and stepping ashore, walking and climbing into a boat, swimming,
  climbing back onto the island), priced by the engine's :func:`app.rules.survive.plan_cost`
  or refused by it. Each wrong choice is the price with one misconception in mind: every
  explorer aboard pays for the boat, one point lands the whole crew or stepping ashore is
  free, the loaded boat may be moved by anyone, the swimmer swims on, the swimmer climbs
  back onto the beach.

The position is always in ``position`` (a removal or movement position in the engine's
notation, or an encounter in its notation), the move asked about in ``action`` (for
``punkte`` the planned moves, :func:`app.rules.survive.format_plan`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from itertools import pairwise

from app.model.quiz_round import Situation, distinct_choices
from app.rules.errors import IllegalMoveError, RulesError
from app.rules.survive import (
    Boat,
    BoatMove,
    Creature,
    Explorer,
    Island,
    Kind,
    Phase,
    Place,
    SpaceContents,
    Spot,
    State,
    Step,
    apply,
    format_encounter,
    format_plan,
    is_valid,
    parse_plan,
    parse_position,
    plan_cost,
    random_encounter,
    removable_tiles,
    resolve_encounter,
)
from app.rules.survive.board import CELLS, ISLAND_SPACE, LANDING, NEIGHBOURS, TERRAIN
from app.rules.survive.core import ALL_COLOURS, MOVE_POINTS
from app.rules.survive.encounter import names, settle
from app.rules.survive.removal import (
    TILES_OF,
    geometry,
    geometry_after,
    removal_verdict,
)

KINDS = ("kreatur", "entfernen", "punkte")
KIND_TITLES = {
    "kreatur": "Was macht die Kreatur?",
    "entfernen": "Welches Plättchen darf weg?",
    "punkte": "Was kostet der Zug?",
}
MAX_TRIES = 80
ISLAND_SHAPES = 160
ARTICLE = {Creature.SCHLANGE: "Eine Seeschlange", Creature.HAI: "Ein Hai",
           Creature.WAL: "Ein Wal"}


def make_situation(seed: int, kind: str | None = None) -> Situation:
    """The question for ``seed``; the same seed always gives the same question."""
    rng = random.Random(seed)
    asked = kind if kind is not None else rng.choice(KINDS)
    if asked not in BUILDERS:
        raise RulesError(f"„{asked}“ ist keine Art von Übungssituation für Survive.")
    for _attempt in range(MAX_TRIES):
        built = BUILDERS[asked](rng)
        if built is None:
            continue
        question, choices, explanation, tests, position, action = built
        shuffled = list(choices)
        rng.shuffle(shuffled)
        return Situation(asked, question, tuple(shuffled), explanation, (), position, seed,
                         tests, action)
    raise RulesError(f"Zur Übungsnummer {seed} ließ sich keine Übungssituation bilden.")



# -- what does this creature do -------------------------------------------------------------

def result_text(boat_before: bool, boat_after: bool, lost) -> str:
    """One result as a player says it: who is eaten, what becomes of the boat."""
    eaten = f"Gefressen: {names(lost)}" if lost else "Niemand wird gefressen"
    if not boat_before:
        return eaten
    return f"{eaten} – das Boot {'bleibt' if boat_after else 'ist weg'}"


def _believed(creature: Creature, contents: SpaceContents) -> list[tuple[str, str]]:
    """What the creature does in the mind of a player with a misconception, and which."""
    there = set(contents.creatures)
    boat = contents.boat
    results: list[tuple[str, str]] = []

    def as_if(creatures, boat_gone=False) -> str:
        done = settle(contents.swimmers, boat, creatures)
        kept = done.boat is not None and not boat_gone
        return result_text(boat is not None, kept, done.lost)

    if creature is Creature.SCHLANGE and boat is not None and not boat:
        # „Die Seeschlange frisst alles, auch leere Boote.“
        results.append((as_if(there | {Creature.SCHLANGE}, boat_gone=True), "schlange"))
    if creature is Creature.HAI and boat is not None:
        # „Der Hai greift auch das Boot an“: the boat goes down, with or without its crew eaten.
        results.append((as_if(there | {Creature.HAI, Creature.SCHLANGE}, boat_gone=True), "hai"))
        results.append((as_if(there | {Creature.HAI, Creature.WAL}, boat_gone=True), "hai"))
    if creature is Creature.WAL and (contents.swimmers or boat):
        # „Der Wal frisst Schwimmer“: whoever is in the water after it is eaten.
        results.append((as_if(there | {Creature.WAL, Creature.HAI}), "wal"))
        if contents.swimmers and boat:
            # Only those already swimming, the boat left alone.
            done = settle(contents.swimmers, None, there | {Creature.HAI})
            results.append((result_text(True, True, done.lost), "wal"))
    return results


def _describe(contents: SpaceContents) -> str:
    parts = []
    if contents.swimmers:
        count = len(contents.swimmers)
        parts.append(f"{'ein Schwimmer' if count == 1 else f'{count} Schwimmer'} "
                     f"({names(contents.swimmers)})")
    if contents.boat is not None:
        parts.append(f"ein Boot mit {names(contents.boat)}" if contents.boat
                     else "ein leeres Boot")
    for creature in contents.creatures:
        parts.append(ARTICLE[creature].replace("Ein", "ein", 1))
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " und " + parts[-1]


def _creature(rng: random.Random):
    creature, contents = random_encounter(rng)
    outcome = resolve_encounter(creature, contents)
    correct = result_text(contents.boat is not None, outcome.passengers_after is not None,
                          outcome.lost)
    chosen = distinct_choices(correct, _believed(creature, contents), 2)
    if chosen is None:
        return None
    question = (f"{ARTICLE[creature]} zieht auf ein Meeresfeld. Dort: "
                f"{_describe(contents)}. Was passiert?")
    tests = {Creature.SCHLANGE: ("schlange",), Creature.HAI: ("hai",),
             Creature.WAL: ("wal",)}[creature]
    return (question, chosen, outcome.reason, tests, format_encounter(creature, contents),
            creature.code)


# -- which tile may go ------------------------------------------------------------------------

def _others_on(state, space) -> int:
    for where, explorers in state.land:
        if where == space:
            return sum(1 for e in explorers if e.colour != state.current)
    return 0


def _tile_text(space) -> str:
    return f"{space.label} ({CELLS[space].name.capitalize()})"


def _remove(rng: random.Random):
    # Beach and forest questions both come up (3–30 tiles gone, as random play would leave).
    state = _Table(rng, (3, 30)).position(Phase.ENTFERNEN, crowd=(3, 9))
    if state is None:
        return None
    allowed = removable_tiles(state)
    if not allowed:
        return None
    right = rng.choice(allowed)
    verdicts = {s: removal_verdict(state, s) for s in CELLS if s not in state.removed}
    inland = [s for s, v in verdicts.items() if v[2] == "not_coastal"]
    later = [s for s, v in verdicts.items() if v[2] == "removal_order"]
    rng.shuffle(inland)
    rng.shuffle(later)
    # The tempting ones first: most explorers of other colours on them; and, where there is
    # one, a tile of the right kind away from the sea, so the kind alone never gives it away.
    tempting = sorted(inland[1:] + later, key=lambda s: -_others_on(state, s))
    offered = (inland[:1] + tempting)[:3]
    if len(offered) < 3:
        return None
    wrong = [(_tile_text(s), "reihenfolge-entfernen") for s in offered]
    chosen = distinct_choices(_tile_text(right), wrong, 4)
    if chosen is None:
        return None
    reasons = [verdicts[right][1]]
    for code in ("not_coastal", "removal_order"):
        # One sentence per reason, not the same rule three times.
        these = [s for s in offered if verdicts[s][2] == code]
        if these:
            reasons.append(verdicts[these[0]][1] if len(these) == 1 else
                           _several(these, verdicts[these[0]][1], code))
    colour = state.current.title
    question = (f"Du spielst {colour} und musst ein Inselplättchen wegnehmen. Welches der "
                "vier markierten Plättchen darfst du nehmen?")
    return (question, chosen, " ".join(reasons), ("reihenfolge-entfernen", "schritt-3"),
            state.notation(), f"entferne {right.label}")


def _several(spaces, first_reason: str, code: str) -> str:
    labels = [s.label for s in spaces]
    listed = ", ".join(labels[:-1]) + " und " + labels[-1]
    if code == "not_coastal":
        return f"{listed} grenzen nicht ans Meer." + first_reason.split("Meer.", 1)[1]
    return (f"{listed} sind noch nicht an der Reihe: erst Strand, dann Wald, zuletzt Berg – "
            "die nächste Sorte erst, wenn von der vorigen keines mehr liegt.")


# -- what does this move cost -----------------------------------------------------------------

FORBIDDEN = "Gar nicht – das ist nicht erlaubt"


def cost_text(points: int | None, budget: int = MOVE_POINTS) -> str:
    """A price as a player says it; ``None`` for a move the rules forbid."""
    if points is None:
        return FORBIDDEN
    if points > budget:
        return f"{points} Punkte – mehr, als du in einem Zug hast"
    if points == 0:
        return "Keinen Punkt"
    return "1 Punkt" if points == 1 else f"{points} Punkte"


@cache
def _islands() -> tuple[tuple, ...]:
    """Island shapes a game leaves, made once: tiles go as in a game – beach first, then
    forest, each touching the sea –, each shape derived from the one before as the engine does
    after a removal. A question picks one; the pieces on it vary with every seed. (Random play
    to such a shape takes about 25 ms a position; this, a fraction of one.)"""
    rng = random.Random("survive island shapes")
    shapes = []
    for _ in range(ISLAND_SHAPES):
        removed: frozenset = frozenset()
        for number in range(rng.randint(0, 30)):
            sea = geometry(removed).sea
            kind = Kind.STRAND if number < len(TILES_OF[Kind.STRAND]) else Kind.WALD
            coastal = [s for s in TILES_OF[kind] if s not in removed
                       and any(n in sea for n in NEIGHBOURS[s])]
            removed = geometry_after(removed, rng.choice(coastal))
        sea = geometry(removed).sea
        shapes.append((removed, sea, tuple(sorted(sea)),
                       tuple(t for t in TERRAIN if t not in removed)))
    return tuple(shapes)


@cache
def _shapes(fewest: int, most: int) -> tuple[tuple, ...]:
    return tuple(shape for shape in _islands() if fewest <= len(shape[0]) <= most)


class _Table:
    """A movement position being laid out: the pieces a question needs, then everything else
    around them. The engine reads it back (``parse_position``), so only a position its
    invariants accept becomes a question."""

    def __init__(self, rng: random.Random, removed: tuple[int, int] = (0, 20)):
        self.rng = rng
        self.colours = ALL_COLOURS[:rng.choice((2, 3, 4))]
        self.me = rng.choice(self.colours)
        self.removed, self.sea, self.sea_list, self.tiles = rng.choice(_shapes(*removed))
        self.tile_set = frozenset(self.tiles)
        self.used: set = set()  # where the question happens: no creature, no other boat there
        self.land: dict = {}
        self.swimmers: dict = {}
        self.boats: dict = {}

    def sea_walk(self, start, length: int):
        """``length`` sea spaces on from ``start``, none twice, none already used."""
        path = [start]
        for _ in range(length):
            ahead = [n for n in NEIGHBOURS[path[-1]]
                     if n in self.sea and n not in path and n not in self.used]
            if not ahead:
                return None
            path.append(self.rng.choice(ahead))
        return path

    def land_walk(self, start, length: int):
        path = [start]
        for _ in range(length):
            ahead = [n for n in NEIGHBOURS[path[-1]] if n in self.tile_set and n not in path]
            if not ahead:
                return None
            path.append(self.rng.choice(ahead))
        return path

    def coast(self):
        """A present tile with sea beside it, and that sea space."""
        tile = self.rng.choice(self.tiles)
        beside = [n for n in NEIGHBOURS[tile] if n in self.sea and n not in self.used]
        return (tile, self.rng.choice(beside)) if beside else (None, None)

    def crew(self, seats: int, steering: bool, mine: int = 0) -> list | None:
        """Colours aboard: the mover steers (most aboard, a tie will do) or not."""
        for _ in range(12):
            crew = [self.me] * mine + [self.rng.choice(self.colours)
                                       for _ in range(seats - mine)]
            counts = Counter(crew)
            if (counts[self.me] >= max(counts.values())) is steering:
                return crew
        return None

    def position(self, phase: Phase = Phase.ZIEHEN, crowd: tuple[int, int] = (1, 4)
                 ) -> State | None:
        """The position with the question's pieces and ``crowd`` explorers a colour (the mover
        may have none more) on the island around them, ``phase`` of the mover's turn."""
        rng, me = self.rng, self.me
        fewest, most = crowd
        for colour in self.colours:
            for _ in range(rng.randint(0 if colour is me else fewest, most)):
                self.land.setdefault(rng.choice(self.tiles), []).append(colour)
        seats = 2 * len(self.colours)  # the boats of the set-up, 2 per person (S12)
        for _ in range(rng.randint(0, max(0, seats - len(self.boats)))):
            _tile, spot = self.coast()
            if spot is not None and spot not in self.boats:
                self.boats[spot] = []
        crowded = self.used | set(self.boats) | set(self.swimmers)
        serpents = {s for s in rng.sample(self.sea_list, rng.randint(2, 5)) if s not in crowded}

        def stacks(spread: dict) -> tuple:
            return tuple((s, tuple(Explorer(c) for c in sorted(cs)))
                         for s, cs in sorted(spread.items()) if cs)

        state = State(
            self.colours, me, phase, MOVE_POINTS if phase is Phase.ZIEHEN else 0,
            removed=self.removed,
            land=stacks(self.land), sea=stacks(self.swimmers),
            boats=tuple(Boat(s, tuple(Explorer(c) for c in sorted(cs)))
                        for s, cs in sorted(self.boats.items())),
            serpents=tuple(sorted(serpents)))
        # Only what a game can reach is asked about (e.g. at most 10 explorers a colour).
        return state if is_valid(state) else None


def _over(path) -> str:
    """„nach c3“ or „über c2 nach c3“ or „über c2 und b2 nach b1“."""
    *via, last = [s.label for s in path]
    if not via:
        return f"nach {last}"
    hops = via[0] if len(via) == 1 else ", ".join(via[:-1]) + " und " + via[-1]
    return f"über {hops} nach {last}"


def _aboard(colours) -> str:
    return names([Explorer(c) for c in colours])


def _boat_trip(t: _Table):
    """A boat trip, often to a safe island with explorers stepping ashore."""
    rng, me = t.rng, t.me
    ashore = rng.random() < 0.7
    if ashore:
        island = rng.choice(list(Island))
        landing = rng.choice(LANDING[island])
        back = t.sea_walk(landing, rng.choice((0, 1, 1, 2, 2, 3)))
        path = None if back is None else back[::-1]
    else:
        _tile, start = t.coast()
        path = None if start is None else t.sea_walk(start, rng.choice((1, 2, 3)))
    if path is None:
        return None
    # Mostly two or three aboard and several stepping ashore: where the misconceptions bite.
    crew = t.crew(rng.choice((1, 2, 2, 3, 3, 3)), rng.random() < 0.75)
    if crew is None:
        return None
    t.used.update(path)
    t.boats[path[0]] = crew
    mine = crew.count(me)
    leaving = 0
    if ashore and mine:
        leaving = rng.randint(2, mine) if mine > 1 and rng.random() < 0.8 else 1
    plan = [BoatMove(a, b) for a, b in pairwise(path)]
    if leaving:
        plan += [Step(Explorer(me), Spot(Place.BOAT, path[-1]),
                      Spot(Place.ISLAND, ISLAND_SPACE[island]))] * leaving
    if not plan:
        return None
    text = f"Im Boot auf {path[0].label} {_sit(crew)} {_aboard(crew)}."
    who = ("steigt einer deiner Entdecker" if leaving == 1
           else f"steigen {_count_word(leaving)} deiner Entdecker")
    if len(path) > 1:
        text += f" Du fährst es {_over(path[1:])}"
        if ashore:
            text += f" an die {island.german}"
        text += f", und dort {who} auf die Insel aus." if leaving else "."
    else:
        text += f" Es liegt an der {island.german}; dort {who} auf die Insel aus."
    steering = Counter(crew)[me] >= max(Counter(crew).values())
    return text, plan, ("aussteigen-kostet",) if steering else ("boot-steuern",)


def _sit(crew) -> str:
    return "sitzt" if len(crew) == 1 else "sitzen"


def _count_word(n: int) -> str:
    return {2: "zwei", 3: "drei"}.get(n, str(n))


def _swim(t: _Table):
    """A swimmer – or an explorer jumping in – who swims on."""
    rng, me = t.rng, t.me
    form = rng.choice(("weiter", "springen", "an-land"))
    if form == "springen":
        tile, start = t.coast()
        path = None if start is None else t.sea_walk(start, rng.choice((1, 2)))
        if path is None:
            return None
        t.land.setdefault(tile, []).append(me)
        plan = [Step(Explorer(me), Spot(Place.LAND, tile), Spot(Place.SEA, path[0]))]
        plan += [Step(Explorer(me), Spot(Place.SEA, a), Spot(Place.SEA, b))
                 for a, b in pairwise(path)]
        text = (f"Dein Entdecker auf {tile.label} springt auf {path[0].label} ins Wasser und "
                f"schwimmt weiter {_over(path[1:])}.")
        t.used.update(path)
        return text, plan, ("schwimmer-ein-feld",)
    if form == "an-land":
        island = rng.choice(list(Island))
        landing = rng.choice(LANDING[island])
        ahead = [n for n in NEIGHBOURS[landing] if n in t.sea and n not in LANDING[island]]
        if not ahead:
            return None
        start = rng.choice(ahead)
        path = [start, landing]
        plan = [Step(Explorer(me), Spot(Place.SEA, start), Spot(Place.SEA, landing)),
                Step(Explorer(me), Spot(Place.SEA, landing),
                     Spot(Place.ISLAND, ISLAND_SPACE[island]))]
        text = (f"Dein Schwimmer auf {start.label} schwimmt nach {landing.label} und von dort "
                f"an Land auf die {island.german}.")
    else:
        _tile, start = t.coast()
        path = None if start is None else t.sea_walk(start, rng.choice((2, 2, 3)))
        if path is None:
            return None
        plan = [Step(Explorer(me), Spot(Place.SEA, a), Spot(Place.SEA, b))
                for a, b in pairwise(path)]
        text = f"Dein Schwimmer auf {start.label} schwimmt {_over(path[1:])}."
    t.used.update(path)
    t.swimmers.setdefault(start, []).append(me)
    return text, plan, ("schwimmer-ein-feld",)


def _back_ashore(t: _Table):
    """A swimmer or a passenger who climbs back onto the island."""
    rng, me = t.rng, t.me
    tile, start = t.coast()
    if tile is None:
        return None
    walk = t.land_walk(tile, rng.choice((0, 0, 1)))
    if walk is None:
        return None
    t.used.add(start)
    on = f"auf das Plättchen {tile.label} ({CELLS[tile].name.capitalize()})"
    further = f" und geht weiter nach {walk[1].label}" if len(walk) > 1 else ""
    if rng.random() < 0.5:
        t.swimmers.setdefault(start, []).append(me)
        origin = Spot(Place.SEA, start)
        text = f"Dein Schwimmer auf {start.label} klettert {on}{further}."
    else:
        crew = t.crew(rng.randint(1, 3), True, mine=1)
        if crew is None:
            return None
        t.boats[start] = crew
        origin = Spot(Place.BOAT, start)
        text = (f"Im Boot auf {start.label} {_sit(crew)} {_aboard(crew)}. Einer deiner Entdecker "
                f"steigt {on}{further}.")
    plan = [Step(Explorer(me), origin, Spot(Place.LAND, tile))]
    plan += [Step(Explorer(me), Spot(Place.LAND, a), Spot(Place.LAND, b))
             for a, b in pairwise(walk)]
    return text, plan, ("nie-zurueck",)


def _board_and_sail(t: _Table):
    """An explorer walks, climbs into a boat with others aboard, and the boat sails."""
    rng, me = t.rng, t.me
    tile, boat = t.coast()
    if tile is None:
        return None
    walk = t.land_walk(tile, rng.choice((0, 1, 1, 2)))
    if walk is None:
        return None
    walk.reverse()
    t.used.add(boat)
    trip = t.sea_walk(boat, rng.choice((1, 1, 2)))
    if trip is None:
        return None
    steering = rng.random() < 0.7
    crew = None
    for _ in range(12):
        others = [rng.choice(t.colours) for _ in range(rng.randint(1, 2))]
        counts = Counter([*others, me])
        if (counts[me] >= max(counts.values())) is steering:
            crew = others
            break
    if crew is None:
        return None
    t.used.update(trip)
    t.boats[boat] = crew
    t.land.setdefault(walk[0], []).append(me)
    plan = [Step(Explorer(me), Spot(Place.LAND, a), Spot(Place.LAND, b))
            for a, b in pairwise(walk)]
    plan.append(Step(Explorer(me), Spot(Place.LAND, walk[-1]), Spot(Place.BOAT, boat)))
    plan += [BoatMove(a, b) for a, b in pairwise(trip)]
    goes = f"geht {_over(walk[1:])} und steigt" if len(walk) > 1 else "steigt"
    text = (f"Im Boot auf {boat.label} {_sit(crew)} schon {_aboard(crew)}. Dein Entdecker auf "
            f"{walk[0].label} {goes} dazu ins Boot, dann fährst du das Boot {_over(trip[1:])}.")
    return text, plan, ("boot-steuern",)


# Weighted so that „gar nicht“ is the answer about 2 times in 5, not a safe guess.
MOVEMENTS = (*[_boat_trip] * 4, *[_board_and_sail] * 3, _swim, _back_ashore)


def _walk(state: State, plan):
    """Each move of a plan the engine accepts, with the position before it."""
    for move in plan:
        yield move, state
        state, _ = apply(replace(state, points=MOVE_POINTS), move)


def _believed_price(state: State, plan, cost: int | None, code: str) -> list[tuple[int, str]]:
    """The price in the mind of a player with one misconception, and which pitfall it is."""
    believed: list[tuple[int, str]] = []
    waived = {"not_in_control": "boot-steuern", "already_swum": "schwimmer-ein-feld",
              "never_back": "nie-zurueck"}
    if code in waived:
        # Whoever does not know the rule that forbids it pays the usual 1 point per move.
        believed.append((len(plan), waived[code]))
    ashore = [m for m in plan if isinstance(m, Step) and m.target.place is Place.ISLAND]
    if ashore:
        # „Anlegen ist schon Aussteigen“: stepping ashore is no move and costs nothing – the
        # rest of the plan priced (or refused) by the engine.
        free = _price(state, [m for m in plan if m not in ashore])
        if free is not None:
            believed.append((free, "aussteigen-kostet"))
    if len(ashore) > 1:
        # „Das Boot legt an, und alle sind mit einem Punkt gerettet.“
        first = plan.index(ashore[0])
        one = _price(state, [m for i, m in enumerate(plan) if i == first or m not in ashore])
        if one is not None:
            believed.append((one, "aussteigen-kostet"))
    if cost is not None:
        aboard = [len(before.boat_at(move.origin).passengers)
                  if isinstance(move, BoatMove) else 0 for move, before in _walk(state, plan)]
        if max(aboard) > 1:
            # „Jeder im Boot zahlt für die Fahrt.“
            believed.append((cost + sum(n - 1 for n in aboard if n), "schritt-2"))
    return believed


def _price(state: State, plan) -> int | None:
    """What the engine says ``plan`` costs; ``None`` where it refuses it."""
    if not plan:
        return 0
    try:
        return plan_cost(state, plan)
    except IllegalMoveError:
        return None


def _price_reason(plan, cost: int) -> str:
    """Why it costs what it costs, counted by kind of move."""
    boat = sum(isinstance(m, BoatMove) for m in plan)
    steps = [m for m in plan if isinstance(m, Step)]
    walk = sum(m.origin.place is Place.LAND and m.target.place is Place.LAND for m in steps)
    board = sum(m.target.place is Place.BOAT for m in steps)
    ashore = sum(m.target.place is Place.ISLAND for m in steps)
    parts = []
    if walk:
        parts.append(f"{_count(walk, 'Schritt', 'Schritte')} an Land: "
                     f"{_count(walk, 'Punkt', 'Punkte')}")
    if board:
        parts.append("ins Boot steigen: 1 Punkt")
    if boat:
        parts.append(f"das Boot {_count(boat, 'Feld', 'Felder')} weit: "
                     f"{_count(boat, 'Punkt', 'Punkte')} – egal, wie viele darin sitzen")
    if ashore:
        parts.append("aussteigen: 1 Punkt" if ashore == 1 else
                     f"{ashore}-mal aussteigen: {ashore} Punkte – jeder Entdecker einzeln")
    total = _count(cost, "Punkt", "Punkte")
    text = f"Zusammen {total} – {'; '.join(parts)}." if len(parts) > 1 else \
        f"{parts[0][0].upper()}{parts[0][1:]}."
    if cost > MOVE_POINTS:
        text += (f" Du hast nur {MOVE_POINTS} Bewegungspunkte pro Zug, das schaffst du nicht "
                 "in einem Zug.")
    return text


def _count(n: int, one: str, many: str) -> str:
    return f"1 {one}" if n == 1 else f"{n} {many}"


def _points(rng: random.Random):
    table = _Table(rng)
    built = rng.choice(MOVEMENTS)(table)
    if built is None:
        return None
    text, plan, topic = built
    state = table.position()
    if state is None:
        return None
    try:
        cost: int | None = plan_cost(state, plan)
        code, reason = "", _price_reason(plan, cost)
    except IllegalMoveError as refused:
        cost, code, reason = None, refused.code, f"Gar nicht erlaubt. {refused}"
    wrong = [(cost_text(n), pitfall) for n, pitfall in _believed_price(state, plan, cost, code)]
    chosen = distinct_choices(cost_text(cost), wrong, 2)
    if chosen is None:
        return None
    question = (f"Du spielst {table.me.title}. {text} Wie viele deiner {MOVE_POINTS} "
                "Bewegungspunkte kostet das?")
    tests = tuple(dict.fromkeys(("schritt-2", *topic,
                                 *(c.pitfall for c in chosen if c.pitfall))))
    return question, chosen, reason, tests, state.notation(), format_plan(plan)


def route(situation: Situation) -> list[tuple[str, str]]:
    """The way a ``punkte`` question's pieces go, as (from, to) labels – ``nw`` etc. for a
    safe island – in the order of its moves; a step on its own space (into the boat there,
    overboard) is no way and left out."""
    state = parse_position(situation.position)
    legs: list[tuple[str, str]] = []
    for move in parse_plan(situation.action, state):
        if isinstance(move, BoatMove):
            leg = (move.origin.label, move.target.label)
        else:
            leg = (move.origin.space.label, move.target.notation().strip("[]"))
        if leg[0] != leg[1] and (not legs or legs[-1] != leg):
            legs.append(leg)
    return legs


BUILDERS: dict[str, Callable] = {"kreatur": _creature, "entfernen": _remove,
                                  "punkte": _points}


def candidate_labels(situation: Situation) -> list[str]:
    """The tiles an ``entfernen`` question offers, in the order of its choices."""
    return [choice.text.split(" ", 1)[0] for choice in situation.choices]


__all__ = ["KINDS", "KIND_TITLES", "candidate_labels", "cost_text", "make_situation",
           "result_text", "route"]
