"""What makes a Survive position possible – the one list, checked when a position is read.

Like python-chess's ``Board.status()``: :func:`status` returns a :class:`Status` with one flag
per broken invariant (``Status.VALID`` = none), :func:`is_valid` says whether it is empty and
:func:`violations` gives the German reasons. :func:`app.rules.survive.parse_position` refuses a
position with the reason of the first broken invariant, its flag's name as the reason code
(``too_few_tiles`` …).

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
ROLLED_ABSENT       in phase „kreatur“ a creature of the rolled kind is at sea and can move – else
                    the turn ended with the roll [seed 003, Würfel; S11]
REMOVAL_ORDER       forest only once every beach is gone, mountain only once every forest is gone
                    [seed 003, Plättchen entfernen]
TOO_MANY_BOATS      boats at most 2 per person (S12) plus one per removed tile that can show
                    „Boot“ (1 beach, 3 forest; S3)
TOO_MANY_CREATURES  sharks and whales only appear from removed tiles: at most as many as those
                    tiles can show (sharks 3/2/1, whales 3/2/0 per beach/forest/mountain; S3);
                    at most 5 serpents [seed 003, Spielmaterial]
PLAYERS             2 to 4 colours, all four in „zwei Farben“; only those colours appear
                    [seed 003, Spieleranzahl und Varianten; S10]
TOO_FEW_TILES       each removed tile showed exactly one back, so sharks, whales, boats beyond
                    the set-up and the tiles kept in hands (and the volcano that ended a game)
                    need that many removed tiles *together*, each of a kind that has such a back
                    – fewer where a still lying tile's back is known [seed 003; S3, S12]
COAST               every removed tile touched the sea when it went: no removal order explains an
                    inland tile whose way to the sea is still blocked (see
                    :func:`app.rules.survive.removal.unreachable_removals`) [seed 003; S7]
PHASE               the turn can be where it says: moving needs an explorer of the mover out
                    there (S14) and a movement point left; „Plättchen spielen“ needs a red tile on
                    the mover's hand; removing needs a tile left; the game goes on only while
                    tiles are left (or in „Durchhalten“ while someone is out there); it ended by
                    the volcano only with a mountain gone and not in a variant where the volcano
                    is a whirlpool; „insel-weg“ only with every tile gone, „alle-weg“ only in
                    „Durchhalten“ with nobody out there [seed 003, Spielablauf und Varianten]
==================  ===========================================================================

Counting together is a supply-and-demand question: removed tiles of each kind supply backs,
the position demands some. By the max-flow/min-cut theorem every demand can be met exactly when
no group of demanded backs needs more than the removed tiles that can show one of them (Hall's
condition), which :func:`_shown_backs_problem` checks for every group – there are at most eleven
kinds of back, and only those a position demands count.

>>> from dataclasses import replace
>>> from app.rules.survive.notation import parse_position
>>> state = parse_position("spieler: ro bl; weg: f3 f4; land: e4 ro3; haie: f4")
>>> status(state)
<Status.VALID: 0>
>>> status(replace(state, removed=frozenset()))  # the shark came from no tile
<Status.TOO_MANY_CREATURES: 128>
>>> status(replace(state, hands=((state.players[0], (Effect.DELFIN, Effect.WIND)),)))
<Status.TOO_FEW_TILES: 512>
"""

from __future__ import annotations

from collections import Counter
from enum import IntFlag
from itertools import combinations

from app.rules.errors import NotationError
from app.rules.invariant_queries import invariant_queries
from app.rules.survive.board import NEIGHBOURS, TERRAIN
from app.rules.survive.core import (
    BOATS_PER_PLAYER,
    EXPLORER_VALUES,
    MOVE_POINTS,
    TILE_BACKS,
    Colour,
    Creature,
    Effect,
    EndReason,
    Explorer,
    Kind,
    Phase,
    State,
    Timing,
    Variant,
)
from app.rules.survive.removal import KIND_BY_SPACE, sea_spaces, unreachable_removals
from app.rules.survive.scoring import explorers_out, persons

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
    PLAYERS = 256
    TOO_FEW_TILES = 512
    COAST = 1024
    PHASE = 2048

    @property
    def code(self) -> str:
        """The reason code a parser's refusal carries (``too_few_tiles``)."""
        return (self.name or "valid").lower()


def validate_explorers(colour: Colour, values: list[int | None]) -> None:
    """At most the 10 explorers of a colour with the box's values; NotationError otherwise."""
    if len(values) > len(EXPLORER_VALUES):
        raise NotationError(f"{colour.title} hat nur {len(EXPLORER_VALUES)} Entdecker, in der "
                            f"Stellung sind es {len(values)}.", code="explorers")
    for v in set(values):
        if v is None:
            continue
        have, box = values.count(v), EXPLORER_VALUES.count(v)
        if have > box:
            raise NotationError(f"{colour.title} hat nur {box}× den Wert {v}, in der Stellung "
                                f"stehen {have}.", code="explorers")


def _removed_by_kind(state: State) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for s in state.removed:
        counts[KIND_BY_SPACE[s]] += 1
    return counts[0], counts[1], counts[2]


def _appear_limit(state: State, effect: Effect) -> int:
    removed = _removed_by_kind(state)
    return sum(min(n, backs) for n, backs in zip(removed, TILE_BACKS[effect], strict=True))


def _all_explorers(state: State) -> list[Explorer]:
    found = [e for _, es in (*state.land, *state.sea, *state.safe) for e in es]
    found.extend(e for b in state.boats for e in b.passengers)
    return found


def _check(state: State) -> list[tuple[Status, str]]:
    if not isinstance(state, State):
        raise NotationError(f"Geprüft wird eine Stellung, kein {type(state).__name__}.",
                            code="no_position")
    found: list[tuple[Status, str]] = []
    values: dict[Colour, list[int | None]] = {c: [] for c in Colour}
    for e in _all_explorers(state):
        values[e.colour].append(e.value)
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
                          "oder einem Wal – es wäre schon zerstört (Auslegung S1)."))
            break
    repel = _repel_problem(state)
    if repel is not None:
        found.append((Status.REPEL, repel))
    rolled = _rolled_problem(state)
    if rolled is not None:
        found.append((Status.ROLLED_ABSENT, rolled))
    order = _removal_order_problem(state)
    if order is not None:
        found.append((Status.REMOVAL_ORDER, order))
    setup_boats = BOATS_PER_PLAYER * persons(state)
    boat_limit = setup_boats + _appear_limit(state, Effect.BOOT)
    too_many_boats = len(state.boats) > boat_limit
    if too_many_boats:
        found.append((Status.TOO_MANY_BOATS,
                      f"Zu viele Boote: {len(state.boats)} in der Stellung. Beim Aufbau setzt jede "
                      f"Person 2 ein ({setup_boats}, Auslegung S12); dazu kommt höchstens eines je "
                      "entferntem Plättchen, das „Boot“ zeigen kann – bisher "
                      f"{boat_limit - setup_boats} (Auslegung S3)."))
    creatures = _creature_problem(state)
    if creatures is not None:
        found.append((Status.TOO_MANY_CREATURES, creatures))
    players = _players_problem(state)
    if players is not None:
        found.append((Status.PLAYERS, players))
    # One count at a time is said above; together they are a problem only if each alone is not.
    if not too_many_boats and creatures is None:
        backs = _shown_backs_problem(state)
        if backs is not None:
            found.append((Status.TOO_FEW_TILES, backs))
    stuck = unreachable_removals(state.removed)
    if stuck:
        tile = stuck[0]
        found.append((Status.COAST,
                      f"{tile.label} ist weg, hat aber nie ans Meer gegrenzt: Entfernt wird nur "
                      f"ein Plättchen am Meer, und die Plättchen zwischen {tile.label} und dem "
                      "Meer liegen alle noch (oder gingen erst später)."))
    phase = _phase_problem(state)
    if phase is not None:
        found.append((Status.PHASE, phase))
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
        return (f"„zug:“ {pending.decider.title} hat kein Plättchen „{tile.german}“ auf der "
                "Hand.")
    return None


def _rolled_problem(state: State) -> str | None:
    if state.phase is not Phase.KREATUR:
        return None
    rolled = state.rolled or Creature.SCHLANGE
    origins = state.creatures(rolled)
    if not origins:
        return f"„zug:“ Von der gewürfelten Kreatur ({rolled.german}) ist keine im Meer."
    sea = sea_spaces(state)
    if not any(n in sea for o in origins for n in NEIGHBOURS[o]):
        return (f"„zug:“ Keine {rolled.german} kann ziehen – dann endet der Zug schon mit dem "
                "Würfeln (Auslegung S11).")
    return None


def _removal_order_problem(state: State) -> str | None:
    left = [0, 0, 0]
    for s in TERRAIN:
        if s not in state.removed:
            left[KIND_BY_SPACE[s]] += 1
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


def _players_problem(state: State) -> str | None:
    players = state.players
    if not 2 <= len(players) <= 4:
        return (f"Survive spielen 2 bis 4 Personen mit je einer eigenen Farbe; in „spieler:“ "
                f"{'steht nur eine' if len(players) == 1 else f'stehen {len(players)}'}.")
    if Variant.ZWEI_FARBEN in state.variants and len(players) != 4:
        return ("„Zwei Farben“ spielen zwei Personen mit je zwei Farben – es braucht alle vier "
                "Farben (Auslegung S10).")
    seen = {e.colour for e in _all_explorers(state)} | {c for c, _ in state.hands}
    seen.add(state.current)
    if state.pending is not None:
        seen.add(state.pending.decider)
    stray = sorted(seen - set(players))
    if stray:
        return (f"{stray[0].title} kommt in der Stellung vor, spielt aber laut „spieler:“ "
                "nicht mit.")
    return None


def backs_demanded(state: State) -> Counter[Effect]:
    """The backs removed tiles must have shown, one tile each, to explain ``state``."""
    need: Counter[Effect] = Counter()
    need[Effect.HAI] = len(state.sharks)
    need[Effect.WAL] = len(state.whales)
    need[Effect.BOOT] = max(0, len(state.boats) - BOATS_PER_PLAYER * persons(state))
    for _, tiles in state.hands:
        need.update(tiles)
    if state.ended is EndReason.VULKAN and _removed_by_kind(state)[Kind.BERG]:
        need[Effect.VULKAN] += 1  # with no mountain gone, the phase check says why
    return +need


def _shown_backs_problem(state: State) -> str | None:
    need = backs_demanded(state)
    if not need:
        return None
    removed = _removed_by_kind(state)
    known: Counter[tuple[Effect, Kind]] = Counter(
        (effect, KIND_BY_SPACE[s]) for s, effect in state.backs)
    cap = {e: [max(0, TILE_BACKS[e][k] - known[e, k]) for k in Kind] for e in need}
    demanded = sorted(need, key=list(Effect).index)
    for size in range(1, len(demanded) + 1):
        for group in combinations(demanded, size):
            wanted = sum(need[e] for e in group)
            supply = sum(min(removed[k], sum(cap[e][k] for e in group)) for k in Kind)
            if wanted > supply:
                return _shown_backs_reason(state, group, need, supply)
    return None


def _shown_backs_reason(state: State, group, need: Counter[Effect], supply: int) -> str:
    wanted = [f"{need[e]}× „{e.german}“" for e in group]
    what = wanted[0] if len(wanted) == 1 else ", ".join(wanted[:-1]) + " und " + wanted[-1]
    removed = len(state.removed)
    if not removed:
        have = "es ist noch kein Plättchen entfernt"
    elif supply == removed:
        have = f"es {'ist' if removed == 1 else 'sind'} erst {removed} entfernt"
    else:
        have = (f"von den {removed} entfernten kann höchstens {supply} eine davon zeigen"
                if supply == 1 else
                f"von den {removed} entfernten können höchstens {supply} eine davon zeigen")
    boats = " und Auslegung S12" if Effect.BOOT in group else ""
    return (f"Jedes entfernte Plättchen zeigt genau eine Rückseite. Für Haie, Wale, Boote über "
            f"die 2 je Person hinaus und Plättchen auf der Hand braucht die Stellung {what}, "
            f"doch {have} (Rückseiten laut einer Umsetzung, Auslegung S3{boats}).")


def _phase_problem(state: State) -> str | None:
    phase, me = state.phase, state.current
    tiles_left = len(TERRAIN) - len(state.removed)
    hold_out = Variant.DURCHHALTEN in state.variants
    if phase is Phase.ZIEHEN:
        if state.points <= 0:
            return (f"„zug:“ Mit 0 Bewegungspunkten ist das Ziehen schon vorbei – nach dem "
                    f"{MOVE_POINTS}. Punkt kommt gleich das Plättchen dran.")
        if not explorers_out(state, me):
            return (f"„zug:“ {me.title} zieht, hat aber keinen Entdecker mehr auf der Insel, im "
                    "Meer oder in einem Boot – wer keinen hat, überspringt das Bewegen "
                    "(Auslegung S14).")
    if phase is Phase.KARTE and not any(t.timing is Timing.OWN_TURN for t in state.hand(me)):
        return (f"„zug:“ {me.title} soll ein Plättchen spielen, hat aber keins mit rotem Rand "
                "auf der Hand – dann beginnt der Zug gleich mit dem Ziehen.")
    if phase is Phase.ENTFERNEN and not tiles_left:
        return "„zug:“ Es liegt kein Inselplättchen mehr, das man entfernen könnte."
    if phase is not Phase.ENDE:
        if not tiles_left and not hold_out:
            return ("„zug:“ Alle Inselplättchen sind weg – damit ist das Spiel schon zu Ende "
                    "(außer in der Variante Durchhalten).")
        if hold_out and not explorers_out(state):
            return ("„zug:“ Niemand ist mehr auf der Insel oder im Meer – in der Variante "
                    "Durchhalten ist das Spiel damit zu Ende.")
        return None
    ended = state.ended
    if ended is EndReason.VULKAN:
        if state.variants & {Variant.DURCHHALTEN, Variant.SINKENDE_INSEL}:
            return ("„zug:“ In dieser Variante wirkt der Vulkan wie ein Strudel; er beendet das "
                    "Spiel nicht.")
        if not _removed_by_kind(state)[Kind.BERG]:
            return ("„zug:“ Der Vulkan ist auf der Rückseite eines Bergplättchens; solange kein "
                    "Berg entfernt ist, kann er das Spiel nicht beendet haben.")
    if ended is EndReason.INSEL_WEG and tiles_left:
        return (f"„zug:“ Das Spiel soll zu Ende sein, weil die Insel weg ist, doch es liegen noch "
                f"{tiles_left} Inselplättchen.")
    if ended is EndReason.ALLE_WEG and (not hold_out or explorers_out(state)):
        return ("„zug:“ „alle-weg“ beendet nur die Variante Durchhalten, wenn niemand mehr auf "
                "der Insel oder im Meer ist.")
    return None


# The parser's refusal carries the first broken invariant's flag as its reason code.
status, is_valid, violations, _ = invariant_queries(_check, Status.VALID, __name__)


def check_position(state: State) -> State:
    """``state`` itself, or NotationError with the first broken invariant's reason and code."""
    found = _check(state)
    if found:
        flag, reason = found[0]
        raise NotationError(reason, code=flag.code)
    return state


REFUSAL_CODES = frozenset(flag.code for flag in Status if flag)

