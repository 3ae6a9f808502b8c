"""What makes an Atlantis position possible – the one list, checked when a position is read.

Like python-chess's ``Board.status()``: :func:`status` returns a :class:`Status` with one flag
per broken invariant (``Status.VALID`` = none), :func:`is_valid` says whether it is empty and
:func:`violations` gives the German reasons. :func:`app.rules.atlantis.parse_state` refuses a
position with the reason of the first broken invariant (some are already refused while the
text is read, with a message that points at the part of the text).

The invariants (source in brackets: page of the German AMIGO rulebook, or our ruling code):

===============  ================================================================================
flag             invariant
===============  ================================================================================
PAWNS            every player has exactly 3 pawns, each on Atlantis, on a path position or on the
                 mainland [S. 2]
PAWN_PLACES      at most one pawn per path position, and never one on water [S. 3]
STACKS           at most 2 tiles lie on one path position [S. 2]
EDGE_WATER       no water right next to Atlantis or the mainland [S. 5; E6]
BRIDGES          each player has one bridge: at most one on the path, only on water, and one
                 lying there counts as placed [S. 4] (two bridges on one gap are possible: two
                 bridged gaps can grow together, R4)
CARDS            no card comes or goes: hands, draw pile and the cards played or paid
                 (``ablage``) are the 105 cards, hands and pile at most 15 of one item [S. 2]
TILES            no tile comes or goes: the tiles on the path, in the players' hands and in the
                 box (``schachtel``) are the 84 tiles; the path never has more than its 53
                 places of the set-up [S. 2, 4–5]
START_HAND       a player none of whose pawns has left Atlantis has not played, taken or paid
                 anything: no tiles, nothing owed, and the start hand (4, 5, 6, 7 cards from the
                 start player on) plus 2 for each „kein Zug“ – fewer only once the draw pile
                 has run out [S. 2–4; R7]
PHASE            „spiel“: nobody has all 3 pawns home yet; „schluss“: the player to move has a
                 pawn out; „ende“: all pawns are home [S. 5; R5]
DEBT             minus points for unpaid gaps only once the game has ended [R1, R6]
STARTED          a turn can only be under way (bought or bridged) during play [R2, R3]
===============  ================================================================================

>>> from app.rules.atlantis import parse_state
>>> status(parse_state("R3 ~ K5 | a: SRKH"))
<Status.VALID: 0>
>>> from app.rules.errors import NotationError
>>> def refusal(text):
...     try:
...         parse_state(text)
...     except NotationError as err:
...         return err.code, str(err)
>>> refusal("R3 ~ K5 | a: " + "R" * 16)[0]
'cards'

A player whose pawns all still stand on Atlantis has never played a card (issue #26):

>>> code, reason = refusal("R3 ~ K5 | a: HS")
>>> code, "mindestens die 4 Startkarten (S. 2), nicht 2" in reason
('start_hand', True)
>>> status(parse_state("R3 ~ K5 | a: HSRR"))
<Status.VALID: 0>
"""

from __future__ import annotations

from enum import IntFlag

from app.rules.atlantis.scoring import NO_MOVE_DRAW
from app.rules.atlantis.setup import PATH_POSITIONS, PATH_TILES, TOTAL_CARDS, start_hand_sizes
from app.rules.atlantis.types import (
    ATLANTIS,
    CARDS_PER_ITEM,
    ITEMS,
    MAINLAND,
    PAWNS_PER_PLAYER,
    PLAYER_LETTERS,
    Phase,
    State,
    player_name,
)
from app.rules.errors import NotationError
from app.rules.invariant_queries import invariant_queries

MAX_STACK = 2


class Status(IntFlag):
    """One flag per broken invariant of an Atlantis position (see the module docstring)."""

    VALID = 0
    PAWNS = 1
    PAWN_PLACES = 2
    STACKS = 4
    EDGE_WATER = 8
    BRIDGES = 16
    CARDS = 32
    PHASE = 64
    DEBT = 128
    STARTED = 256
    TILES = 512
    START_HAND = 1024


def _check(state: State) -> list[tuple[Status, str]]:
    found: list[tuple[Status, str]] = []
    path, n = state.path, len(state.path)
    for index, player in enumerate(state.players):
        letter = PLAYER_LETTERS[index]
        if len(player.pawns) != PAWNS_PER_PLAYER or any(
            loc not in (ATLANTIS, MAINLAND) and not 1 <= loc <= n for loc in player.pawns
        ):
            found.append((Status.PAWNS, f"Spieler {letter} hat 3 Figuren, jede auf Atlantis, "
                                        "auf dem Weg oder auf dem Festland (S. 2)."))
            break
    seen: dict[int, int] = {}
    for index, player in enumerate(state.players):
        for loc in player.pawns:
            if ATLANTIS < loc < MAINLAND and 1 <= loc <= n:
                if loc in seen or path[loc - 1].is_water:
                    what = "Wasser" if path[loc - 1].is_water else "ein besetztes Plättchen"
                    found.append((Status.PAWN_PLACES,
                                  f"Feld {loc}: eine Figur steht auf {what} – auf jedem "
                                  "Plättchen steht höchstens eine Figur, im Wasser keine (S. 3)."))
                    break
                seen[loc] = index
        else:
            continue
        break
    tall = next((i for i, pos in enumerate(path, 1) if len(pos.tiles) > MAX_STACK), None)
    if tall is not None:
        found.append((Status.STACKS, f"Feld {tall}: höchstens {MAX_STACK} Plättchen liegen "
                                     "übereinander (S. 2)."))
    if n and (path[0].is_water or path[-1].is_water):
        where = "Atlantis" if path[0].is_water else "dem Festland"
        found.append((Status.EDGE_WATER, f"Direkt neben {where} liegt Wasser – dort bleibt nie "
                                         "eine Lücke (S. 5)."))
    bridge_problem = _bridge_problem(state)
    if bridge_problem is not None:
        found.append((Status.BRIDGES, bridge_problem))
    cards_problem = _cards_problem(state)
    if cards_problem is not None:
        found.append((Status.CARDS, cards_problem))
    phase_problem = _phase_problem(state)
    if phase_problem is not None:
        found.append((Status.PHASE, phase_problem))
    if state.phase is Phase.PLAYING and any(p.debt for p in state.players):
        found.append((Status.DEBT, "Minuspunkte für Unbezahltes gibt es erst in den "
                                   "Schlusszügen nach Spielende (Auslegungen R1 und R6)."))
    if state.started and state.phase is not Phase.PLAYING:
        found.append((Status.STARTED, "„begonnen“ gibt es nur während des Spiels (phase:spiel)."))
    tiles_problem = _tiles_problem(state)
    if tiles_problem is not None:
        found.append((Status.TILES, tiles_problem))
    start_problem = _start_hand_problem(state)
    if start_problem is not None:
        found.append((Status.START_HAND, start_problem))
    return found


def _cards_problem(state: State) -> str | None:
    for item in ITEMS:
        held = sum(p.hand[item.index] for p in state.players) + state.pile.count(item)
        if held > CARDS_PER_ITEM:
            return (f"Es gibt nur {CARDS_PER_ITEM} Karten {item.display}, in Händen und Stapel "
                    f"sind es {held} (S. 2).")
    hands = sum(p.card_count for p in state.players)
    total = hands + len(state.pile) + state.discard
    if total != TOTAL_CARDS:
        # Cards only move between pile, hands and the discard: none is ever added or removed.
        return (f"Es gibt {TOTAL_CARDS} Karten, und keine kommt dazu oder geht verloren; hier "
                f"sind es {total}: {hands} in Händen, {len(state.pile)} im Stapel, "
                f"{state.discard} gespielt oder bezahlt (S. 2).")
    return None


def _tiles_problem(state: State) -> str | None:
    if len(state.path) > PATH_POSITIONS:
        return (f"Der Weg hat beim Aufbau {PATH_POSITIONS} Felder und wird nie länger, hier sind "
                f"es {len(state.path)}.")
    on_path = sum(len(pos.tiles) for pos in state.path)
    held = sum(len(p.tiles) for p in state.players)
    total = on_path + held + state.box
    if total != PATH_TILES:
        # A tile goes from the path to a player (taking it) and from there into the box
        # (buying cards, paying): none is ever added or removed.
        return (f"Es gibt {PATH_TILES} Plättchen, und keins kommt dazu oder geht verloren; hier "
                f"sind es {total}: {on_path} auf dem Weg, {held} bei den Spielern, {state.box} "
                "in der Schachtel (S. 2).")
    return None


def _start_hand_problem(state: State) -> str | None:
    """A player who never moved a pawn off Atlantis has made no „Zug“ with a card.

    Cards leave a hand only when they are played for a pawn or paid for a gap, and every pawn
    move starts on the pawn's own place: a player whose three pawns all stand on Atlantis has
    never played, never taken a tile (so never bought or paid) and owes nothing. The start hand
    only grew by „kein Zug“, 2 cards each (S. 3) – or fewer once the pile ran out (R7); the pile
    only shrinks, so while it still has cards, every draw was complete.
    """
    sizes = start_hand_sizes(len(state.players)) if 2 <= len(state.players) <= 4 else ()
    for index, player in enumerate(state.players):
        if index >= len(sizes) or any(loc != ATLANTIS for loc in player.pawns):
            continue
        name, start = player_name(index), sizes[index]
        lead = f"Alle Figuren von {name} stehen noch auf Atlantis: {name} hat also noch"
        if player.tiles:
            return (f"{lead} kein Plättchen genommen (S. 3), hält aber "
                    f"{len(player.tiles)}.")
        if player.debt:
            return f"{lead} keinen Schlusszug gemacht und schuldet nichts (S. 5–6)."
        cards = player.card_count
        if cards < start:
            return (f"{lead} keine Karte gespielt und hält mindestens die {start} Startkarten "
                    f"(S. 2), nicht {cards}.")
        if state.pile and (cards - start) % NO_MOVE_DRAW:
            return (f"{lead} keine Karte gespielt: Zu den {start} Startkarten (S. 2) kommen nur "
                    f"je {NO_MOVE_DRAW} bei „kein Zug“ (S. 3), also nicht {cards} Karten, solange "
                    "der Stapel nicht leer war (Auslegung R7).")
    return None


def _bridge_problem(state: State) -> str | None:
    owners: dict[int, int] = {}
    for number, pos in enumerate(state.path, 1):
        if pos.bridge is None:
            continue
        letter = PLAYER_LETTERS[pos.bridge] if 0 <= pos.bridge < len(state.players) else "?"
        if not 0 <= pos.bridge < len(state.players):
            return f"Feld {number}: die Brücke gehört niemandem, der mitspielt."
        if not pos.is_water:
            return f"Feld {number}: eine Brücke liegt nur auf Wasser (S. 4)."
        if pos.bridge in owners:
            return (f"Spieler {letter} hat nur eine Brücke, sie liegt aber auf Feld "
                    f"{owners[pos.bridge]} und Feld {number} (S. 4).")
        if not state.players[pos.bridge].bridge_placed:
            return f"Feld {number}: die Brücke von {letter} liegt, zählt aber nicht als gelegt."
        owners[pos.bridge] = number
    return None


def _phase_problem(state: State) -> str | None:
    home = [p.pawns_home == PAWNS_PER_PLAYER for p in state.players]
    if state.phase is Phase.PLAYING and any(home):
        letter = PLAYER_LETTERS[home.index(True)]
        return (f"phase:spiel, aber Spieler {letter} hat alle 3 Figuren auf dem Festland – dann "
                "ist das Spiel beendet (phase:schluss oder phase:ende, S. 5).")
    if state.phase is Phase.FINAL and home[state.turn]:
        letter = PLAYER_LETTERS[state.turn]
        return f"phase:schluss, zug:{letter}: Spieler {letter} hat keine Figur mehr unterwegs."
    if state.phase is Phase.OVER and not all(home):
        return "phase:ende: dann stehen alle Figuren auf dem Festland."
    return None


status, is_valid, violations, _ = invariant_queries(_check, Status.VALID, __name__)


def check_state(state: State) -> State:
    """``state`` itself, or NotationError with the reason of the first broken invariant; its
    code is the flag's name (``start_hand``, ``cards`` …) so no caller reads the German."""
    found = _check(state)
    if found:
        flag, reason = found[0]
        raise NotationError(reason, code=str(flag.name).lower())
    return state
