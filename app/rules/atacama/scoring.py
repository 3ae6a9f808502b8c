"""Scoring: each player scores the lines of his direction (ruling A1: printed values count).

A line scores only with at least 4 derricks in it, and then only its occupied fields: the
printed value (1–5) as plus for a resource of the player's right, as minus for the resource
he lacks, doubled for a second-colour derrick. ``unit_values=True`` counts every field as 1,
the reading of seed 002 that ruling A1 rejects, so a player can compare the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.atacama import geometry as geo
from app.rules.atacama.types import (
    BASE,
    EMPTY,
    MIN_DERRICKS_PER_LINE,
    Direction,
    Field,
    Line,
    Right,
    State,
)
from app.rules.atacama.words import derricks_german
from app.rules.errors import NotationError, RulesError, require_text


def signed(points: int) -> str:
    """``7`` → ``+7``, ``-3`` → ``−3`` (typographic minus), ``0`` → ``0``."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


def line_label(direction: Direction | None, index: int | None) -> str:
    """``Reihe 5`` / ``Spalte e`` / ``Linie`` for a free-standing line."""
    if direction is None or index is None:
        return "Linie"
    if direction is Direction.ROWS:
        return f"Reihe {index + 1}"
    return f"Spalte {geo.COLUMN_LETTERS[index]}"


def parse_line_label(text: str) -> tuple[Direction, int]:
    """``reihe 5`` → (ROWS, 4), ``spalte e`` → (COLUMNS, 4)."""
    require_text(text, "Eine Linie", 100)
    words = text.lower().split()
    if len(words) == 2 and words[0] == "reihe" and len(words[1]) == 1 and words[1] in "123456789":
        return Direction.ROWS, int(words[1]) - 1
    if len(words) == 2 and words[0] == "spalte" and len(words[1]) == 1 and words[1] in "abcdefghi":
        return Direction.COLUMNS, geo.COLUMN_LETTERS.index(words[1])
    raise NotationError(
        f"„{text}“ ist keine Linie: erwartet „reihe 1“ … „reihe 9“ oder „spalte a“ … „spalte i“."
    )


@dataclass(frozen=True, slots=True)
class FieldScore:
    """One occupied field of a line and what it brings if the line is scored."""

    offset: int
    square: int | None
    field: Field
    second: bool
    points: int

    @property
    def text(self) -> str:
        colour = ", zweite Farbe" if self.second else ""
        return f"{self.field.german}{colour} ({signed(self.points)})"


@dataclass(frozen=True, slots=True)
class LineScore:
    """A line seen with one right: its occupied fields, whether it counts, its total."""

    direction: Direction | None
    index: int | None
    right: Right
    unit_values: bool
    fields: tuple[FieldScore, ...]

    @property
    def derricks(self) -> int:
        return len(self.fields)

    @property
    def counted(self) -> bool:
        return len(self.fields) >= MIN_DERRICKS_PER_LINE

    @property
    def total(self) -> int:
        return sum(f.points for f in self.fields) if self.counted else 0

    @property
    def label(self) -> str:
        return line_label(self.direction, self.index)

    @property
    def text(self) -> str:
        if not self.fields:
            return f"{self.label}: kein Bohrturm – keine Wertung."
        if not self.counted:
            return (
                f"{self.label}: nur {derricks_german(self.derricks)} – keine Wertung, "
                "auch keine Minuspunkte."
            )
        parts = ", ".join(f.text for f in self.fields)
        return (
            f"{self.label}: {self.derricks} Bohrtürme – gewertet: {parts} = {signed(self.total)}"
        )


def _field_points(f: Field, right: Right, second: bool, unit_values: bool) -> int:
    value = 1 if unit_values else f.value
    if second:
        value *= 2
    return -value if f.resource is right.minus else value


def _score_cells(
    cells: Sequence[tuple[int, int | None, Field, int]],
    right: Right,
    unit: bool,
    direction: Direction | None,
    index: int | None,
) -> LineScore:
    fields = tuple(
        FieldScore(offset, square, f, code > BASE, _field_points(f, right, code > BASE, unit))
        for offset, square, f, code in cells
        if code != EMPTY
    )
    return LineScore(direction, index, right, unit, fields)


def _line_squares(direction: Direction, index: int) -> tuple[int, ...]:
    return (geo.ROWS if direction is Direction.ROWS else geo.COLUMNS)[index]


def score_line(
    state: State, direction: Direction, index: int, right: Right, unit_values: bool = False
) -> LineScore:
    """One row or column (``index`` 0–8) scored with ``right``."""
    if not isinstance(direction, Direction) or type(index) is not int or not 0 <= index < geo.SIZE:
        raise RulesError("Eine Linie ist eine Reihe 1–9 oder eine Spalte a–i.", code="no_such_line")
    if not isinstance(right, Right):
        raise _no_such_right(right)
    squares = _line_squares(direction, index)
    fields, derricks = state.board.fields, state.derricks
    cells = [(offset, sq, fields[sq], derricks[sq]) for offset, sq in enumerate(squares)]
    return _score_cells(cells, right, unit_values, direction, index)


def score_free_line(line: Line, right: Right, unit_values: bool = False) -> LineScore:
    """A line given on its own (``linie …`` notation) scored with ``right``."""
    if not isinstance(right, Right):
        raise _no_such_right(right)
    cells = [
        (offset, None, f, code)
        for offset, (f, code) in enumerate(zip(line.fields, line.codes, strict=True))
    ]
    return _score_cells(cells, right, unit_values, None, None)


def _no_such_right(right: object) -> RulesError:
    return RulesError(
        f"{right!r} ist kein Schürfrecht: „Kupfer + Gold − Silber“ oder „Silber + Gold − Kupfer“.",
        code="no_such_right",
    )


RIGHTS_OPEN = "Die Schürfrechte sind noch nicht vergeben – ohne Schürfrecht gibt es keine Wertung."


def _player_right(state: State, player: int):
    if type(player) is not int or not 0 <= player < state.variant.players:
        raise RulesError(
            f"Person {player!r} gibt es in dieser Partie nicht.", code="no_such_player"
        )
    pr = state.rights[player]
    if pr is None:
        raise RulesError(RIGHTS_OPEN, code="rights_open")
    return pr


def line_scores(state: State, player: int, unit_values: bool = False) -> tuple[LineScore, ...]:
    """The nine lines of ``player``'s direction (0-based player), each with its breakdown."""
    pr = _player_right(state, player)
    return tuple(
        score_line(state, pr.direction, i, pr.right, unit_values) for i in range(geo.SIZE)
    )


def score(state: State, unit_values: bool = False) -> tuple[int, ...]:
    """Each player's total, in seat order.

    Computed directly rather than from :func:`line_scores`, so the tests can hold the two
    against each other.
    """
    fields = state.board.fields
    derricks = state.derricks
    totals = []
    for player in range(state.variant.players):
        pr = _player_right(state, player)
        minus = pr.right.minus
        lines = geo.ROWS if pr.direction is Direction.ROWS else geo.COLUMNS
        total = 0
        for squares in lines:
            count = 0
            line_total = 0
            for sq in squares:
                code = derricks[sq]
                if code:
                    count += 1
                    f = fields[sq]
                    value = 1 if unit_values else f.value
                    if code > BASE:
                        value += value
                    line_total += -value if f.resource is minus else value
            if count >= MIN_DERRICKS_PER_LINE:
                total += line_total
        totals.append(total)
    return tuple(totals)


def winners(state: State, unit_values: bool = False) -> tuple[int, ...]:
    """The players (0-based) with the highest total; several on a tie.

    The rules name no tie-break (an open question), so a tie has several winners. Before the
    end this is who leads.
    """
    totals = score(state, unit_values)
    best = max(totals)
    return tuple(p for p, t in enumerate(totals) if t == best)
