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
CARDS            the cards in hands and in the draw pile are at most 15 of each item, and with
                 the played ones at most 105 [S. 2]
PHASE            „spiel“: nobody has all 3 pawns home yet; „schluss“: the player to move has a
                 pawn out; „ende“: all pawns are home [S. 5; R5]
DEBT             minus points for unpaid gaps only once the game has ended [R1, R6]
STARTED          a turn can only be under way (bought or bridged) during play [R2, R3]
===============  ================================================================================

>>> from app.rules.atlantis import parse_state
>>> status(parse_state("R3 ~ K5 | a: S | b: R"))
<Status.VALID: 0>
>>> parse_state("R3 ~ K5 | a: " + "R" * 16)
Traceback (most recent call last):
...
app.rules.errors.NotationError: Es gibt nur 15 Ring-Karten, in Händen und Stapel sind es 16 (S. 2).
"""

from __future__ import annotations

from enum import IntFlag

from app.rules.atlantis.types import (
    ATLANTIS,
    CARDS_PER_ITEM,
    ITEMS,
    MAINLAND,
    PAWNS_PER_PLAYER,
    PLAYER_LETTERS,
    Phase,
    State,
)
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
    for item in ITEMS:
        held = sum(p.hand[item.index] for p in state.players) + state.pile.count(item)
        if held > CARDS_PER_ITEM:
            found.append((Status.CARDS, f"Es gibt nur {CARDS_PER_ITEM} {item.label}-Karten, in "
                                        f"Händen und Stapel sind es {held} (S. 2)."))
            break
    else:
        total = sum(p.card_count for p in state.players) + len(state.pile) + state.discard
        if total > CARDS_PER_ITEM * len(ITEMS):
            found.append((Status.CARDS, f"Es gibt nur {CARDS_PER_ITEM * len(ITEMS)} Karten; "
                                        f"Hände, Stapel und Ablage haben {total} (S. 2)."))
    phase_problem = _phase_problem(state)
    if phase_problem is not None:
        found.append((Status.PHASE, phase_problem))
    if state.phase is Phase.PLAYING and any(p.debt for p in state.players):
        found.append((Status.DEBT, "Minuspunkte für Unbezahltes gibt es erst in den "
                                   "Schlusszügen nach Spielende (R1, R6)."))
    if state.started and state.phase is not Phase.PLAYING:
        found.append((Status.STARTED, "„begonnen“ gibt es nur während des Spiels (phase:spiel)."))
    return found


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


status, is_valid, violations, check_state = invariant_queries(_check, Status.VALID, __name__)
