"""Atacama (Martin Schlegel, Mücke Spiele 2013): the rules engine.

Pure Python, immutable values, German messages. We follow the German Anleitung and our rules
notes on it (the content's „Auslegungen“): Auslegung A1 — a field scores its printed value 1–5
(plus or minus) — with ``unit_values=True`` everywhere a score is asked for, to compare with
the Anleitung's own ±1 wording.

Modules import one way, with no cycle: ``geometry``, ``words`` ← ``invariants`` ← ``types``
(values that write their own notation and check themselves) ← ``scoring`` ← ``outcome`` ←
``moves`` ← ``notation`` (reading) ← ``facts``, ``generate`` ← ``game`` (the contract).

Coordinates
-----------
Columns ``a``–``i`` from left to right, rows ``1``–``9`` from top to bottom: ``a1`` is the
top-left field, ``e5`` the centre. Sub-boards A–C form the top row, D–F the middle, G–I the
bottom (``e5`` lies on E). In the API a square is an int ``(row - 1) * 9 + column``; players
are 0-based in the API and 1-based in every text ("Person 1" places the first derrick).

Position notation (one line, round-trips; ``repr(state)`` shows it)
------------------------------------------------------------------
::

    position := variant " plan=" plan [" türme=" derricks] [" rechte=" rights]
    variant  := ("2p" | "4p") ["+taktik"] ["+aufbau"]
    plan     := "übung:" N                     practice board N (0 … 999999999)
              | row "/" row "/" … "/" row      nine rows, top to bottom
    row      := field × 9                      left to right
    field    := ("k" | "s" | "g") ("1" … "5")  Kupfer/Silber/Gold and the printed value
    derricks := "-" | derrick ("," derrick)*   in reading order; "-" = none (default)
    derrick  := square ["*" P]                 "*P": second colour, placed by player P
    square   := ("a" … "i") ("1" … "9")
    rights   := "offen"                        Aufbauspiel before anyone took a right
              | right ("," right)*             one per player, in seat order
    right    := ("kg-s" | "sg-k") "/" ("r" | "s") ["!"]
                kg-s = Kupfer + Gold − Silber, sg-k = Silber + Gold − Kupfer;
                r = scores the rows (Reihen), s = the columns (Spalten);
                "!" = this player paid a derrick for his right (Aufbauspiel)

Sections may come in any order after the variant; ``tuerme``/``uebung`` are accepted for
keyboards without umlauts. Whose turn it is follows from the counts (strict turn order).
Examples (each reads back to itself):

>>> parse_position("2p plan=übung:7 türme=- rechte=sg-k/r,kg-s/s")
State('2p plan=übung:7 türme=- rechte=sg-k/r,kg-s/s')
>>> parse_position("2p+taktik plan=übung:3 türme=c3,e5*1,g7 rechte=kg-s/r,sg-k/s").to_move
1
>>> state = parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e3,e5 "
...                        "rechte=sg-k/s!,kg-s/r")
>>> state.revealed_boards
'ABCDEG'
>>> parse_position("4p plan=übung:2 türme=e5 rechte=sg-k/r,sg-k/s,kg-s/r,kg-s/s").turns
1

A position that no game can reach is refused with the reason (the invariants are listed
in :mod:`app.rules.atacama.invariants`); in the Aufbauspiel E is not out after 3 turns:

>>> parse_position("2p+aufbau plan=übung:1 türme=a1,e5 rechte=sg-k/s!,kg-s/r")
Traceback (most recent call last):
...
app.rules.errors.NotationError: Auf e5 (Teilplan E) steht ein Bohrturm, doch gespielt sind
erst 3 Züge: E kommt erst nach 6 Zügen dazu, ... (Auslegung P4: ...).

Single line (short worked examples)::

    line := "linie" (" " cell) × 9
    cell := field | FIELD ["*"]      upper case = a derrick stands there, "*" = second colour

>>> score_free_line(parse_line("linie k2 G4 s1 K2 g1 S1 k3 G5 s2"), Right.SILVER_GOLD).total
8

Moves: ``e5`` (a derrick), ``e5*`` (second colour), ``recht kg-s/r`` (Aufbauspiel: take
„Kupfer + Gold − Silber“ and score the rows, paying one derrick).

>>> parse_move("recht kg-s/r")
TakeRight(right=<Right.COPPER_GOLD: 'kg-s'>, direction=<Direction.ROWS: 'r'>)

Rulings of this engine where the sources are silent (codes as under „Auslegungen“):
P4 the Aufbauspiel's triangle is A, B, D, the diagonal C, E, G, the rest F, H, I, each
delivery after 3 turns of each player, a taken right counting as a turn; P5 if nobody has
taken a right before the last turn of the game, that turn must take one. Two answers to the
content's „Offene Fragen“ have no ruling code: if no free field is left for a derrick, the
game ends there; ties have several winners.

Every refusal carries a reason code (``err.code``) beside its German text; the list is
``GAME.info.refusal_codes``:

>>> from app.rules.errors import NotationError
>>> try:
...     parse_position("2p plan=übung:1 türme=e5,e6 rechte=kg-s/r,sg-k/s")
... except NotationError as err:
...     err.code
'edge_contact'

Worked examples: see :mod:`app.rules.atacama.facts`.
"""

from app.rules.atacama.facts import EXAMPLE_FACT_KEYS, example_facts
from app.rules.atacama.game import GAME
from app.rules.atacama.generate import playout, random_game, random_position, random_rights
from app.rules.atacama.geometry import parse_square, square_name, sub_board_of
from app.rules.atacama.invariants import Status, is_valid, status, violations
from app.rules.atacama.moves import (
    END_ALL_PLACED,
    END_BLOCKED,
    apply,
    default_rights,
    end_reason,
    free_mask,
    is_over,
    legal_moves,
    legal_reason,
    new_game,
    why_illegal,
)
from app.rules.atacama.notation import (
    board_text,
    line_text,
    move_text,
    parse_board,
    parse_line,
    parse_move,
    parse_position,
    position_text,
)
from app.rules.atacama.outcome import Outcome
from app.rules.atacama.scoring import (
    FieldScore,
    LineScore,
    line_scores,
    score,
    score_free_line,
    score_line,
    signed,
    winners,
)
from app.rules.atacama.types import (
    MAX_DERRICKS_PER_LINE,
    MIN_DERRICKS_PER_LINE,
    PRACTICE_LABEL,
    Board,
    Derrick,
    Direction,
    Field,
    Line,
    Move,
    Place,
    PlayerRight,
    Resource,
    Right,
    State,
    TakeRight,
    Variant,
    practice_board,
)

__all__ = [
    "END_ALL_PLACED",
    "END_BLOCKED",
    "EXAMPLE_FACT_KEYS",
    "GAME",
    "MAX_DERRICKS_PER_LINE",
    "MIN_DERRICKS_PER_LINE",
    "PRACTICE_LABEL",
    "Board",
    "Derrick",
    "Direction",
    "Field",
    "FieldScore",
    "Line",
    "LineScore",
    "Move",
    "Outcome",
    "Place",
    "PlayerRight",
    "Resource",
    "Right",
    "State",
    "Status",
    "TakeRight",
    "Variant",
    "apply",
    "board_text",
    "default_rights",
    "end_reason",
    "example_facts",
    "free_mask",
    "is_over",
    "is_valid",
    "legal_moves",
    "legal_reason",
    "line_scores",
    "line_text",
    "move_text",
    "new_game",
    "parse_board",
    "parse_line",
    "parse_move",
    "parse_position",
    "parse_square",
    "playout",
    "position_text",
    "practice_board",
    "random_game",
    "random_position",
    "random_rights",
    "score",
    "score_free_line",
    "score_line",
    "signed",
    "square_name",
    "status",
    "sub_board_of",
    "violations",
    "why_illegal",
    "winners",
]
