"""The practice map: a hex board in axial coordinates, drawn once as ASCII art.

This is *not* the printed board. It is a plausible island of 40 terrain tiles
(16 Strand, 16 Wald, 8 Berg; beaches outside, mountains inside), sea around it,
a safe island in each corner and five serpent start spaces. The UI labels it
``PRACTICE_MAP_LABEL``.

Humans read spaces as ``a1`` … ``m11``: a column letter and a row number of the
"odd-r" offset layout in which the map below is drawn (odd rows are shifted half
a hex to the right). The engine works in axial coordinates ``(q, r)`` because
neighbours and distances are simple there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.rules.errors import NotationError, require_text

PRACTICE_MAP_LABEL = "Übungskarte – nicht der gedruckte Spielplan"

# I safe island, . sea, * sea with a serpent start, S Strand, W Wald, B Berg.
# Two beaches (f4, g8) lie inland, so "only a tile at the sea" matters from the start.
# Even rows have 13 spaces, odd rows 12: that keeps both side edges straight and
# gives every corner island exactly two neighbouring sea spaces, as on the real
# board (seed 003: "each island has only 2").
_MAP = (
    "I . . . . . . . . . . . I",
    " . . . * . . . . * . . .",
    ". . . . . S S W . . . . .",
    " . . . S W S W S S . . .",
    ". . . S W B B W W S . . .",
    " * . W W B B B B W W . *",
    ". . . S W W B B W S . . .",
    " . . . S S W S W S . . .",
    ". . . . . W S S . . . . .",
    " . . . . . . . . . . . .",
    "I . . . . . * . . . . . I",
)

COLUMNS = "abcdefghijklm"
ROWS = len(_MAP)


@dataclass(frozen=True, slots=True, order=True)
class Space:
    """A hex in axial coordinates; ordered in reading order (row, then column)."""

    r: int
    q: int

    def __hash__(self) -> int:
        # Spaces are dict keys in every hot loop; this beats the generated tuple hash.
        return self.r * 64 + self.q

    @property
    def col(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def label(self) -> str:
        col = self.col
        if 0 <= col < len(COLUMNS) and 0 <= self.r < ROWS:
            return f"{COLUMNS[col]}{self.r + 1}"
        return f"({self.q}, {self.r})"  # off the practice map

    def __repr__(self) -> str:
        return self.label


class Cell(Enum):
    SEA = "Meer"
    STRAND = "Strand"
    WALD = "Wald"
    BERG = "Berg"
    ISLAND = "sichere Insel"


class Island(Enum):
    """The four safe islands; the value is the notation name."""

    NW = "nw"
    NO = "no"
    SW = "sw"
    SO = "so"

    @property
    def german(self) -> str:
        return _ISLAND_NAMES[self]


_ISLAND_NAMES = {
    Island.NW: "Nordwest-Insel",
    Island.NO: "Nordost-Insel",
    Island.SW: "Südwest-Insel",
    Island.SO: "Südost-Insel",
}

_CHARS = {".": Cell.SEA, "*": Cell.SEA, "S": Cell.STRAND, "W": Cell.WALD, "B": Cell.BERG,
          "I": Cell.ISLAND}
_AXIAL_STEPS = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (-1, 1))


def _offset_to_axial(col: int, row: int) -> Space:
    return Space(row, col - (row - (row & 1)) // 2)


def _build() -> tuple[dict[Space, Cell], list[Space]]:
    cells: dict[Space, Cell] = {}
    serpents: list[Space] = []
    for row, line in enumerate(_MAP):
        for col, char in enumerate(line.split()):
            space = _offset_to_axial(col, row)
            cells[space] = _CHARS[char]
            if char == "*":
                serpents.append(space)
    return cells, serpents


CELLS, _serpent_list = _build()
# One object per space: lookups then succeed on identity without calling __eq__.
_CANON: dict[Space, Space] = {s: s for s in CELLS}
SERPENT_STARTS: tuple[Space, ...] = tuple(sorted(_serpent_list))
SPACES: tuple[Space, ...] = tuple(sorted(CELLS))
TERRAIN: tuple[Space, ...] = tuple(
    s for s in SPACES if CELLS[s] in (Cell.STRAND, Cell.WALD, Cell.BERG))
NEIGHBOURS: dict[Space, tuple[Space, ...]] = {
    s: tuple(sorted(_CANON[n] for dq, dr in _AXIAL_STEPS
                    if (n := Space(s.r + dr, s.q + dq)) in CELLS))
    for s in SPACES
}
_BY_LABEL: dict[str, Space] = {s.label: s for s in SPACES}
SEA_CELLS: frozenset[Space] = frozenset(s for s in SPACES if CELLS[s] is Cell.SEA)

_CORNERS = {
    Island.NW: _CANON[_offset_to_axial(0, 0)],
    Island.NO: _CANON[_offset_to_axial(12, 0)],
    Island.SW: _CANON[_offset_to_axial(0, ROWS - 1)],
    Island.SO: _CANON[_offset_to_axial(12, ROWS - 1)],
}
ISLAND_SPACE: dict[Island, Space] = dict(_CORNERS)
ISLAND_AT: dict[Space, Island] = {s: i for i, s in _CORNERS.items()}
# Sea spaces from which one steps ashore onto each island.
LANDING: dict[Island, tuple[Space, ...]] = {
    i: tuple(n for n in NEIGHBOURS[s] if CELLS[n] is Cell.SEA) for i, s in _CORNERS.items()
}
ISLANDS_NEAR: dict[Space, tuple[Island, ...]] = {}
for _island, _spaces in LANDING.items():
    for _space in _spaces:
        ISLANDS_NEAR[_space] = (*ISLANDS_NEAR.get(_space, ()), _island)


def space(label: str) -> Space:
    """The space for a label such as ``f6``; NotationError names a bad label.

    >>> space("f6").label
    'f6'
    """
    require_text(label, "Ein Feld", 100)
    found = _BY_LABEL.get(label.strip().lower())
    if found is None:
        raise NotationError(
            f"„{label}“ ist kein Feld der Übungskarte (Spalten a–m, Zeilen 1–{ROWS}).")
    return found


def island(name: str) -> Island:
    require_text(name, "Eine Insel", 100)
    try:
        return Island(name.strip().lower())
    except ValueError:
        raise NotationError(
            f"„{name}“ ist keine sichere Insel (nw, no, sw oder so).") from None


def distance(a: Space, b: Space) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def is_terrain(s: Space) -> bool:
    return CELLS.get(s) in (Cell.STRAND, Cell.WALD, Cell.BERG)


def render(marks: dict[Space, str] | None = None) -> str:
    """The map as text (one character per hex), with optional marks over it."""
    marks = marks or {}
    lines = []
    for row, line in enumerate(_MAP):
        chars = []
        for col, char in enumerate(line.split()):
            chars.append(marks.get(_CANON[_offset_to_axial(col, row)], char))
        lines.append((" " if row & 1 else "") + " ".join(chars))
    return "\n".join(lines)
