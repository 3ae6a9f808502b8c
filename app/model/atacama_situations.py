"""Engine-made quiz questions for Atacama: a position from a seeded game and a table question.

Two kinds a player meets at the table:

* ``setzen`` – „Darfst du auf d4 setzen – und warum?“: the verdict and its reason from the
  engine (:func:`app.rules.atacama.refusal` via ``why_illegal``); the wrong choices are the
  verdicts of „über Eck ist auch gesperrt“ and of forgetting the edge rule.
* ``linie`` – „Was bringt Reihe 4 für Spieler 1?“: the engine's score of that line with the
  player's right; each wrong choice is what one misconception from „Leicht vergessen“ makes of
  the same line (every field 1 point, the missing resource brings nothing, empty fields count,
  a line under 4 derricks scores anyway).

As in :mod:`app.model.situations`, a misconception that gives the true answer in a position is
dropped, so a wrong choice is never right; the question needs at least two choices (``setzen``)
or four (``linie``), else the seed's next position is tried.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.model.quiz_round import Choice, Situation, distinct_choices
from app.rules.atacama import (
    Direction,
    State,
    Variant,
    line_scores,
    parse_square,
    random_position,
    score_line,
    signed,
    square_name,
    why_illegal,
)
from app.rules.atacama.scoring import line_label
from app.rules.atacama.types import EMPTY, MIN_DERRICKS_PER_LINE
from app.rules.atacama.words import player_name
from app.rules.errors import RulesError

KINDS = ("setzen", "linie")
KIND_TITLES = {
    "setzen": "Darfst du hier setzen?",
    "linie": "Was bringt die Linie?",
}
MAX_TRIES = 60
SIZE = 9


def make_situation(seed: int, kind: str | None = None) -> Situation:
    """The question for ``seed``; the same seed always gives the same question.

    ``kind`` (one of :data:`KINDS`) asks for that kind only; by default the seed picks it.
    ``focus`` holds the squares the picture must show marked (the square asked about, or the
    nine squares of the line), ``action`` the square or line in the engine's words.
    """
    rng = random.Random(seed)
    asked = kind if kind is not None else rng.choice(KINDS)
    if asked not in BUILDERS:
        raise RulesError(f"„{asked}“ ist keine Art von Übungssituation für Atacama.")
    for attempt in range(MAX_TRIES):
        turns = rng.randint(8, 16) if asked == "setzen" else rng.randint(18, 34)
        state = random_position(seed * 1_000 + attempt, Variant(), turns)
        built = BUILDERS[asked](state, rng)
        if built is None:
            continue
        question, choices, explanation, pages, tests, action, focus = built
        return Situation(asked, question, _shuffle(rng, choices), explanation, pages,
                         state.notation(), seed, tests, action, focus=focus)
    raise RulesError(f"Zur Übungsnummer {seed} ließ sich keine Übungssituation bilden.")


def _shuffle(rng: random.Random, choices: list[Choice]) -> tuple[Choice, ...]:
    shuffled = list(choices)
    rng.shuffle(shuffled)
    return tuple(shuffled)



def _neighbours(square: int, steps) -> list[int]:
    row, col = divmod(square, SIZE)
    found = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(r * SIZE + c)
    return found


EDGE_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
CORNER_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


# -- the kinds of question ----------------------------------------------------------------------
# Each builder returns (question, choices, explanation, pages, tests, action, focus) or None.

def _place(state: State, rng: random.Random):
    """May the player to move set a derrick on a free square next to others?"""
    derricks = state.derricks
    revealed = state.revealed_mask
    candidates = []
    for square in range(SIZE * SIZE):
        if derricks[square] != EMPTY or not revealed >> square & 1:
            continue
        corners = [n for n in _neighbours(square, CORNER_STEPS) if derricks[n] != EMPTY]
        edges = [n for n in _neighbours(square, EDGE_STEPS) if derricks[n] != EMPTY]
        # Only squares where „über Eck ist auch gesperrt“ would decide something.
        if corners:
            candidates.append((square, corners, edges))
    if not candidates:
        return None
    # About as many „Ja“ as „Nein“: the verdict must not be guessable from the kind.
    legal = [c for c in candidates if not c[2]]
    blocked = [c for c in candidates if c[2]]
    pool = legal if (rng.random() < 0.5 and legal) or not blocked else blocked
    square, corners, edges = rng.choice(pool)
    where = square_name(square)
    corner = square_name(corners[0])
    yes = f"Ja – {where} teilt mit keinem Bohrturm eine Kante"
    no_corner = f"Nein – {where} liegt über Eck neben dem Bohrturm auf {corner}"
    name = player_name(state.to_move)
    if not edges:
        if why_illegal(state, _place_move(square)) is not None:
            return None
        correct = yes
        wrong = [(no_corner, "kante-nicht-diagonal")]
        explanation = (f"{where} ist frei und teilt mit keinem Bohrturm eine Kante. Dass der "
                       f"Bohrturm auf {corner} über Eck daneben steht, ist erlaubt: gesperrt "
                       "sind nur Felder, die eine Kante mit einem besetzten Feld teilen.")
    else:
        edge = square_name(edges[0])
        correct = f"Nein – {where} teilt eine Kante mit dem Bohrturm auf {edge}"
        # Checking only the field itself: free, so fine (step 2, „Kanten prüfen“, skipped).
        wrong = [(f"Ja – {where} ist frei", "schritt-2"), (no_corner, "kante-nicht-diagonal")]
        explanation = (f"{where} teilt eine Kante mit dem Bohrturm auf {edge} – dort darf kein "
                       f"Turm stehen. Der Bohrturm auf {corner} über Eck allein würde nicht "
                       "sperren: gesperrt sind nur Felder, die eine Kante mit einem besetzten "
                       "Feld teilen.")
    chosen = distinct_choices(correct, wrong, 2)
    if chosen is None:
        return None
    question = (f"Du spielst {name} und möchtest einen Bohrturm auf {where} setzen "
                "(im Bild markiert). Darfst du das – und warum?")
    focus = (square, *corners, *edges)
    return (question, chosen, explanation, (), ("kante-nicht-diagonal", "schritt-2"),
            where, focus)


def _place_move(square: int):
    from app.rules.atacama import parse_move

    return parse_move(square_name(square))


def _line_alternatives(state: State, direction: Direction, index: int, right, exact):
    """What each misconception makes of one line: (points, pitfall)."""
    unit = score_line(state, direction, index, right, unit_values=True)
    fields = exact.fields
    plus_only = sum(f.points for f in fields if f.points > 0)
    minus_only = sum(f.points for f in fields if f.points < 0)
    raw = sum(f.points for f in fields)
    if not exact.counted:
        # „Eine Reihe mit 3 Türmen bringt wenigstens ihre Minuspunkte – oder ihre Pluspunkte.“
        return [(raw, "unter-vier-nichts"), (plus_only, "unter-vier-nichts"),
                (minus_only, "unter-vier-nichts")]
    squares = line_squares(line_label(direction, index))
    empty = [state.board.fields[sq] for sq in squares if state.derricks[sq] == EMPTY]
    empty_plus = sum(f.value for f in empty if f.resource is not right.minus)
    empty_all = sum(right.sign(f.resource) * f.value for f in empty)
    return [
        (unit.total, "werte-zaehlen"),
        (plus_only, "fehlender-rohstoff-minus"),
        (raw + empty_plus, "leere-felder"),
        (raw + empty_all, "leere-felder"),
    ]


def _line(state: State, rng: random.Random):
    """What one line of a player's direction scores for that player."""
    players = [p for p in range(state.variant.players) if state.rights[p] is not None]
    if not players:
        return None
    player = rng.choice(players)
    pr = state.rights[player]
    lines = [ls for ls in line_scores(state, player)
             if ls.derricks >= MIN_DERRICKS_PER_LINE - 1]
    # Mostly lines that count; now and then one with 3 derricks (nothing, not even minus).
    counted = [ls for ls in lines if ls.counted]
    short = [ls for ls in lines if not ls.counted]
    pool = short if (short and (rng.random() < 0.25 or not counted)) else counted
    if not pool:
        return None
    exact = rng.choice(pool)
    alternatives = _line_alternatives(state, pr.direction, exact.index, pr.right, exact)
    chosen = distinct_choices(signed(exact.total),
                      [(signed(points), pitfall) for points, pitfall in alternatives], 4)
    if chosen is None:
        return None
    label = line_label(pr.direction, exact.index)
    name = player_name(player)
    question = (f"{name} wertet die {pr.direction.german} mit dem Schürfrecht "
                f"„{pr.right.german}“. Was bringt {label} (im Bild markiert) "
                f"{name} am Spielende?")
    if exact.counted:
        rule = ("Gewertet wird eine Linie ab 4 Bohrtürmen, und dann nur ihre besetzten "
                "Felder: der aufgedruckte Wert als Plus, für den fehlenden Rohstoff als Minus "
                "(Auslegung A1).")
    else:
        rule = "Erst ab 4 Bohrtürmen wird eine Linie gewertet."
    explanation = f"{exact.text.rstrip('.')}. {rule}"
    tests = ("unter-vier-nichts",) if not exact.counted else (
        "werte-zaehlen", "fehlender-rohstoff-minus", "leere-felder")
    return (question, chosen, explanation, (), tests, label.lower(), line_squares(label))


BUILDERS: dict[str, Callable] = {"setzen": _place, "linie": _line}


def line_squares(action: str) -> tuple[int, ...]:
    """The squares of ``reihe 4`` / ``spalte c`` (for drawings and tests)."""
    from app.rules.atacama.scoring import parse_line_label

    direction, index = parse_line_label(action)
    if direction is Direction.ROWS:
        return tuple(index * SIZE + i for i in range(SIZE))
    return tuple(i * SIZE + index for i in range(SIZE))


def asked_square(action: str) -> int:
    return parse_square(action)


__all__ = ["KINDS", "KIND_TITLES", "asked_square", "line_squares", "make_situation"]
