"""Squares, lines and sub-boards of the 9×9 plan, as indexes and bit masks, and which
sub-boards lie out in the Aufbauspiel after how many turns.

A square is an ``int`` 0–80: ``row * 9 + column`` with row 0 at the top (printed as row 1)
and column 0 on the left (printed as ``a``). Bit ``i`` of a mask stands for square ``i``;
masks make the edge rule a handful of shifts instead of a loop over neighbours.
"""

from __future__ import annotations

from app.rules.errors import NotationError, require_text

SIZE = 9
SQUARES = SIZE * SIZE
COLUMN_LETTERS = "abcdefghi"
ROW_DIGITS = "123456789"
BOARD_LETTERS = "ABCDEFGHI"

FULL_MASK = (1 << SQUARES) - 1
_COLUMN_0 = sum(1 << (r * SIZE) for r in range(SIZE))
_COLUMN_8 = _COLUMN_0 << (SIZE - 1)
NOT_COLUMN_0 = FULL_MASK & ~_COLUMN_0
NOT_COLUMN_8 = FULL_MASK & ~_COLUMN_8


def square_name(square: int) -> str:
    """``40`` → ``"e5"``: column letter a–i (left to right), row number 1–9 (top to bottom)."""
    return COLUMN_LETTERS[square % SIZE] + ROW_DIGITS[square // SIZE]


def parse_square(text: str) -> int:
    """``"e5"`` (or ``"E5"``) → ``40``; anything else is a :class:`NotationError`.

    >>> parse_square("e5")
    40
    """
    require_text(text, "Ein Feld", 100)
    cleaned = text.strip().lower()
    if (
        len(cleaned) != 2
        or cleaned[0] not in COLUMN_LETTERS
        or cleaned[1] not in ROW_DIGITS
    ):
        raise NotationError(
            f"„{text}“ ist kein Feld: erwartet werden Spalte a–i und Reihe 1–9, z. B. „e5“."
        )
    return ROW_DIGITS.index(cleaned[1]) * SIZE + COLUMN_LETTERS.index(cleaned[0])


def row_of(square: int) -> int:
    return square // SIZE


def column_of(square: int) -> int:
    return square % SIZE


def sub_board_of(square: int) -> str:
    """The letter A–I of the 3×3 sub-board a square lies on (A–C top, G–I bottom)."""
    return BOARD_LETTERS[(square // SIZE) // 3 * 3 + (square % SIZE) // 3]


def sub_board_mask(letter: str) -> int:
    index = BOARD_LETTERS.index(letter)
    top, left = index // 3 * 3, index % 3 * 3
    return sum(1 << ((top + r) * SIZE + left + c) for r in range(3) for c in range(3))


def edge_mask(mask: int) -> int:
    """Every square that shares an edge with a square of ``mask``."""
    return (
        ((mask << 1) & NOT_COLUMN_0)
        | ((mask >> 1) & NOT_COLUMN_8)
        | ((mask << SIZE) & FULL_MASK)
        | (mask >> SIZE)
    )


def has_edge_contact(mask: int) -> bool:
    """True if two squares of ``mask`` share an edge."""
    return bool((mask & (mask >> 1) & NOT_COLUMN_8) or (mask & (mask >> SIZE)))


def squares_of(mask: int) -> list[int]:
    """The squares of a mask in reading order (a1, b1, … i9)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _neighbours(square: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    row, col = divmod(square, SIZE)
    result = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            result.append(r * SIZE + c)
    return tuple(sorted(result))


EDGE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(s, ((-1, 0), (0, -1), (0, 1), (1, 0))) for s in range(SQUARES)
)
DIAGONAL_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(s, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for s in range(SQUARES)
)

ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
)
COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)


# Aufbauspiel: the sub-boards that lie open in delivery 1, 2, 3. The rule names a triangle, then
# the diagonal that completes it, then the rest; it does not name the corner, so ruling P4 takes
# the top-left one.
BUILDUP_STAGES = ("ABD", "CEG", "FHI")
BUILDUP_STAGE_NAMES = ("Dreieck", "Diagonale", "letzte drei Teilpläne")
BUILDUP_TURNS_PER_PLAYER_AND_STAGE = 3

# Everything that lies out once delivery k (0-based) has come.
STAGE_MASKS: tuple[int, ...] = tuple(
    sum(sub_board_mask(letter) for letter in "".join(BUILDUP_STAGES[: k + 1]))
    for k in range(len(BUILDUP_STAGES))
)


def buildup_stage(players: int, turns: int) -> int:
    """The delivery (0-based) that lies out after ``turns`` turns of ``players`` players.

    >>> [buildup_stage(2, t) for t in (0, 5, 6, 11, 12, 27)]
    [0, 0, 1, 1, 2, 2]
    """
    per_stage = BUILDUP_TURNS_PER_PLAYER_AND_STAGE * players
    return min(turns // per_stage, len(BUILDUP_STAGES) - 1)


def stage_of_board(letter: str) -> int:
    """The delivery (0-based) that brings sub-board ``letter``."""
    return next(i for i, stage in enumerate(BUILDUP_STAGES) if letter in stage)
