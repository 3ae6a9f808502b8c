"""Value types of Atacama: resources, fields, the plan, variants, rights, moves and the state.

Every type is frozen; a :class:`State` checks on construction that it could occur in a game
(the list of invariants is :mod:`app.rules.atacama.invariants`), so code that holds a state
never has to re-check it. Each value writes its own notation, as python-chess keeps ``fen()``
on ``Board``; :mod:`app.rules.atacama.notation` reads it back.

>>> Variant(players=4, tactical=True).turns_per_player
7
>>> Variant(players=4, tactical=True).notation()
'4p+taktik'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from app.rules.atacama import geometry as geo
from app.rules.atacama import invariants
from app.rules.errors import RulesError

MIN_DERRICKS_PER_LINE = 4
MAX_DERRICKS_PER_LINE = 5  # follows from the edge rule: 9 fields, no two side by side
MAX_VALUE = 5
PRACTICE_LABEL = "Übungsplan – nicht der gedruckte Plan"
PRACTICE_SEED_LIMIT = 10**9
PRACTICE_PREFIX = "übung:"


class Resource(Enum):
    COPPER = "k"
    SILVER = "s"
    GOLD = "g"

    @property
    def german(self) -> str:
        return _RESOURCE_NAMES[self]


_RESOURCE_NAMES = {Resource.COPPER: "Kupfer", Resource.SILVER: "Silber", Resource.GOLD: "Gold"}


class Direction(Enum):
    ROWS = "r"
    COLUMNS = "s"

    @property
    def german(self) -> str:
        """Plural as a player says it: „Reihen“ / „Spalten“."""
        return "Reihen" if self is Direction.ROWS else "Spalten"

    @property
    def german_one(self) -> str:
        return "Reihe" if self is Direction.ROWS else "Spalte"

    @property
    def other(self) -> Direction:
        return Direction.COLUMNS if self is Direction.ROWS else Direction.ROWS


class Right(Enum):
    """A mining right; gold is plus on both, each lacks one other resource."""

    COPPER_GOLD = "kg-s"  # Kupfer + Gold − Silber
    SILVER_GOLD = "sg-k"  # Silber + Gold − Kupfer

    @property
    def minus(self) -> Resource:
        return Resource.SILVER if self is Right.COPPER_GOLD else Resource.COPPER

    @property
    def plus(self) -> tuple[Resource, Resource]:
        first = Resource.COPPER if self is Right.COPPER_GOLD else Resource.SILVER
        return (first, Resource.GOLD)

    @property
    def german(self) -> str:
        return f"{self.plus[0].german} + Gold − {self.minus.german}"

    @property
    def other(self) -> Right:
        return Right.SILVER_GOLD if self is Right.COPPER_GOLD else Right.COPPER_GOLD

    def sign(self, resource: Resource) -> int:
        return -1 if resource is self.minus else 1


@dataclass(frozen=True, slots=True)
class Field:
    """One field of the plan: a resource and its printed richness 1–5."""

    resource: Resource
    value: int

    def __post_init__(self) -> None:
        if not isinstance(self.resource, Resource):
            raise RulesError(
                f"{self.resource!r} ist kein Rohstoff (Kupfer, Silber oder Gold).",
                code="wrong_type",
            )
        if type(self.value) is not int or not 1 <= self.value <= MAX_VALUE:
            raise RulesError(
                f"Ein Feld ist 1 bis {MAX_VALUE} wert, nicht {self.value!r}.", code="field_value"
            )

    def notation(self) -> str:
        """``g4``: the resource's letter and the printed value."""
        return f"{self.resource.value}{self.value}"

    __str__ = notation

    @property
    def german(self) -> str:
        return f"{self.resource.german} {self.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Board:
    """The 9×9 plan in reading order; ``seed`` is set when it is a practice board."""

    fields: tuple[Field, ...]
    seed: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.fields, tuple) or len(self.fields) != geo.SQUARES:
            raise RulesError(f"Ein Plan hat {geo.SQUARES} Felder.", code="board_size")
        if not all(isinstance(f, Field) for f in self.fields):
            raise RulesError("Jedes Feld des Plans braucht Rohstoff und Wert.", code="wrong_type")
        if self.seed is not None and (
            type(self.seed) is not int or not 0 <= self.seed < PRACTICE_SEED_LIMIT
        ):
            raise _practice_number_error()

    def __getitem__(self, square: int) -> Field:
        return self.fields[square]

    @property
    def label(self) -> str:
        # The printed layout is unknown to us, so no board may pass for it.
        if self.seed is None:
            return "Beispielplan – nicht der gedruckte Plan"
        return f"{PRACTICE_LABEL} (Nr. {self.seed})"

    def notation(self) -> str:
        """``übung:N`` for a practice board, else nine rows of ``k3s1…`` joined by ``/``."""
        if self.seed is not None:
            return f"{PRACTICE_PREFIX}{self.seed}"
        return "/".join(
            "".join(f.notation() for f in self.fields[r * geo.SIZE : (r + 1) * geo.SIZE])
            for r in range(geo.SIZE)
        )

    def __repr__(self) -> str:
        return f"Board({self.notation()!r})"


def _practice_number_error() -> RulesError:
    return RulesError(
        f"Die Nummer eines Übungsplans ist 0 bis {PRACTICE_SEED_LIMIT - 1}.",
        code="practice_number",
    )


def practice_board(seed: int) -> Board:
    """A seeded practice plan: 27 fields of each resource, values 1–5 at random.

    The printed layout of the nine boards is unknown to us, so a practice board must never
    pass for it; :attr:`Board.label` says so (:data:`PRACTICE_LABEL`).
    """
    if type(seed) is not int or not 0 <= seed < PRACTICE_SEED_LIMIT:
        raise _practice_number_error()
    rng = random.Random(seed)
    resources = [r for r in Resource for _ in range(geo.SQUARES // 3)]
    rng.shuffle(resources)
    fields = tuple(Field(r, rng.randint(1, MAX_VALUE)) for r in resources)
    return Board(fields, seed)


@dataclass(frozen=True, slots=True)
class Variant:
    """Which game: 2 or 4 players, Taktikvariante, Aufbauspiel."""

    players: int = 2
    tactical: bool = False
    buildup: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (2, 4):
            raise RulesError("Atacama spielt man zu zweit oder zu viert.", code="players")
        if not isinstance(self.tactical, bool) or not isinstance(self.buildup, bool):
            raise RulesError("Taktikvariante und Aufbauspiel sind ja oder nein.", code="wrong_type")
        if self.buildup and (self.players != 2 or self.tactical):
            raise RulesError(
                "Das Aufbauspiel gibt es hier nur zu zweit und ohne Taktikvariante "
                "(die Anleitung beschreibt es nur so).",
                code="buildup_variant",
            )

    @property
    def base_derricks(self) -> int:
        """Base-colour derricks per player at the start."""
        if self.players == 2:
            return 11 if self.tactical else 14
        return 6 if self.tactical else 7

    @property
    def second_derricks(self) -> int:
        """Second-colour derricks per player (Taktikvariante only)."""
        if not self.tactical:
            return 0
        return 3 if self.players == 2 else 1

    @property
    def turns_per_player(self) -> int:
        # Taking a right (Aufbauspiel) costs one derrick and one turn, so this stays the same.
        return self.base_derricks + self.second_derricks

    @property
    def total_turns(self) -> int:
        return self.players * self.turns_per_player

    def notation(self) -> str:
        """``2p``, ``4p+taktik``, ``2p+aufbau``."""
        return (
            f"{self.players}p"
            + ("+taktik" if self.tactical else "")
            + ("+aufbau" if self.buildup else "")
        )

    @property
    def german(self) -> str:
        if self.buildup:
            return "Aufbauspiel zu zweit"
        if self.players == 4:
            return "zu viert, Taktikvariante" if self.tactical else "zu viert"
        return "Taktikvariante zu zweit" if self.tactical else "Grundspiel zu zweit"


@dataclass(frozen=True, slots=True)
class PlayerRight:
    """A player's mining right and the direction he scores."""

    right: Right
    direction: Direction

    def __post_init__(self) -> None:
        if not isinstance(self.right, Right) or not isinstance(self.direction, Direction):
            raise _right_type_error()

    def notation(self) -> str:
        """``kg-s/r``: the right, then the direction it scores."""
        return f"{self.right.value}/{self.direction.value}"

    @property
    def german(self) -> str:
        return f"„{self.right.german}“, wertet die {self.direction.german}"


def _right_type_error() -> RulesError:
    return RulesError("Ein Schürfrecht braucht eine Karte und eine Richtung.", code="wrong_type")


@dataclass(frozen=True, slots=True)
class Derrick:
    """A derrick on the plan. It belongs to no one; ``placer`` is kept for the second colour
    only, because in the Taktikvariante each player brings his own three."""

    second: bool = False
    placer: int | None = None


EMPTY = 0
BASE = 1
# Code 2 + p: a second-colour derrick placed by player p.


@dataclass(frozen=True, slots=True)
class Place:
    """Place one derrick on ``square`` (second colour if ``second``)."""

    square: int
    second: bool = False

    def __post_init__(self) -> None:
        if type(self.square) is not int or not 0 <= self.square < geo.SQUARES:
            raise RulesError(
                f"Feld {self.square!r} gibt es nicht; Felder sind a1 bis i9.",
                code="no_such_square",
            )
        if not isinstance(self.second, bool):
            raise RulesError("Zweite Farbe ist ja oder nein.", code="wrong_type")

    def notation(self) -> str:
        """``e5``, or ``e5*`` for the second colour."""
        return geo.square_name(self.square) + ("*" if self.second else "")

    __str__ = notation


@dataclass(frozen=True, slots=True)
class TakeRight:
    """Aufbauspiel: take a mining right and lay it for a direction, paying one derrick."""

    right: Right
    direction: Direction

    def __post_init__(self) -> None:
        if not isinstance(self.right, Right) or not isinstance(self.direction, Direction):
            raise _right_type_error()

    def notation(self) -> str:
        """``recht kg-s/r``."""
        return f"recht {self.right.value}/{self.direction.value}"

    __str__ = notation


Move = Place | TakeRight


@dataclass(frozen=True, slots=True)
class Line:
    """Nine fields of one row or column on their own; ``codes`` 0 empty, 1 base, 2 second colour.

    >>> Line((Field(Resource.GOLD, 4),) * 9, (1, 0, 2, 0, 0, 0, 0, 0, 0)).notation()
    'linie G4 g4 G4* g4 g4 g4 g4 g4 g4'
    """

    fields: tuple[Field, ...]
    codes: tuple[int, ...]

    def notation(self) -> str:
        """``linie k3 G5 …``: upper case where a derrick stands, ``*`` for the second colour."""
        cells = []
        for f, code in zip(self.fields, self.codes, strict=True):
            cell = f.notation()
            if code:
                cell = cell.upper() + ("*" if code == 2 else "")
            cells.append(cell)
        return "linie " + " ".join(cells)

    __str__ = notation


@dataclass(frozen=True, slots=True, repr=False)
class State:
    """A position. Turn order is strict, so whose turn it is follows from the counts.

    ``derricks`` has one code per square: 0 empty, 1 base colour, 2 + p second colour placed
    by player p (0-based). ``taker`` is the player who paid a derrick for a right
    (Aufbauspiel). Players are 0-based here and 1-based in every text ("Person 1").
    """

    variant: Variant
    board: Board
    rights: tuple[PlayerRight | None, ...]
    derricks: tuple[int, ...] = (EMPTY,) * geo.SQUARES
    taker: int | None = None
    occupied: int = field(init=False, compare=False, default=0)

    def __post_init__(self) -> None:
        mask = 0
        if isinstance(self.derricks, tuple) and len(self.derricks) == geo.SQUARES:
            for square, code in enumerate(self.derricks):
                if code:
                    mask |= 1 << square
        object.__setattr__(self, "occupied", mask)
        _check_state(self)

    @classmethod
    def _unchecked(
        cls,
        variant: Variant,
        board: Board,
        rights: tuple[PlayerRight | None, ...],
        derricks: tuple[int, ...],
        taker: int | None,
        occupied: int,
    ) -> State:
        # apply() has already checked the move; skipping the full re-check keeps a random
        # game well under the benchmark's 2 ms.
        state = object.__new__(cls)
        for name, value in (
            ("variant", variant),
            ("board", board),
            ("rights", rights),
            ("derricks", derricks),
            ("taker", taker),
            ("occupied", occupied),
        ):
            object.__setattr__(state, name, value)
        return state

    # -- derived facts -------------------------------------------------------------------
    @property
    def turns(self) -> int:
        """Turns played so far (placements plus a taken right)."""
        return self.occupied.bit_count() + (self.taker is not None)

    @property
    def to_move(self) -> int:
        return self.turns % self.variant.players

    @property
    def rights_open(self) -> bool:
        return self.rights[0] is None

    def turns_of(self, player: int) -> int:
        n = self.variant.players
        return self.turns // n + (1 if player < self.turns % n else 0)

    def second_placed(self, player: int) -> int:
        # Outside the Taktikvariante a second-colour derrick is an invariant broken
        # (NO_SECOND_COLOUR), never a supply to count; skipping the count keeps apply() fast.
        return self.derricks.count(2 + player) if self.variant.tactical else 0

    def base_placed(self, player: int) -> int:
        taken = 1 if self.taker == player else 0
        return self.turns_of(player) - self.second_placed(player) - taken

    def base_left(self, player: int) -> int:
        paid = 1 if self.taker == player else 0
        return self.variant.base_derricks - self.base_placed(player) - paid

    def second_left(self, player: int) -> int:
        return self.variant.second_derricks - self.second_placed(player)

    def derricks_left(self, player: int) -> int:
        return self.base_left(player) + self.second_left(player)

    def derrick_at(self, square: int) -> Derrick | None:
        code = self.derricks[square]
        if code == EMPTY:
            return None
        if code == BASE:
            return Derrick()
        return Derrick(second=True, placer=code - 2)

    @property
    def stage(self) -> int:
        """Aufbauspiel delivery 1–3 (0 in every other variant)."""
        if not self.variant.buildup:
            return 0
        return geo.buildup_stage(self.variant.players, self.turns) + 1

    @property
    def revealed_boards(self) -> str:
        """Letters of the sub-boards that lie open (all nine outside the Aufbauspiel)."""
        if not self.variant.buildup:
            return geo.BOARD_LETTERS
        return "".join(sorted("".join(geo.BUILDUP_STAGES[: self.stage])))

    @property
    def revealed_mask(self) -> int:
        return revealed_mask(self.variant, self.turns)

    def scorer_of(self, direction: Direction) -> tuple[int, ...]:
        """The players (0-based) who score lines of ``direction``."""
        return tuple(
            p for p, r in enumerate(self.rights) if r is not None and r.direction is direction
        )

    # -- notation ------------------------------------------------------------------------
    def notation(self) -> str:
        """The canonical one-line form (grammar in the package docstring); ``parse_position``
        reads it back to an equal state."""
        return (
            f"{self.variant.notation()} plan={self.board.notation()} "
            f"türme={self.derricks_notation()} rechte={self.rights_notation()}"
        )

    def derricks_notation(self) -> str:
        """``c3,e5*1,g7`` in reading order, ``-`` for none."""
        parts = []
        for square in geo.squares_of(self.occupied):
            code = self.derricks[square]
            name = geo.square_name(square)
            parts.append(name if code == BASE else f"{name}*{code - 1}")
        return ",".join(parts) if parts else "-"

    def rights_notation(self) -> str:
        """``offen``, or one right per player with ``!`` where it was paid for."""
        if self.rights_open:
            return "offen"
        return ",".join(
            (pr.notation() if pr is not None else "?") + ("!" if self.taker == p else "")
            for p, pr in enumerate(self.rights)
        )

    def __repr__(self) -> str:
        return f"State({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()


def revealed_mask(variant: Variant, turns: int) -> int:
    if not variant.buildup:
        return geo.FULL_MASK
    return geo.STAGE_MASKS[geo.buildup_stage(variant.players, turns)]


def check_rights(variant: Variant, rights: tuple[PlayerRight | None, ...]) -> None:
    """Raise :class:`RulesError` unless ``rights`` are dealt as the rules deal them."""
    if not isinstance(rights, tuple) or len(rights) != variant.players:
        raise RulesError(
            f"Es braucht genau {variant.players} Schürfrechte, eines je Person.",
            code="rights_count",
        )
    if any(r is not None and not isinstance(r, PlayerRight) for r in rights):
        raise _right_type_error()
    if any(r is None for r in rights):
        if variant.buildup and all(r is None for r in rights):
            return
        raise RulesError(
            "Vor dem ersten Bohrturm sind alle Schürfrechte vergeben – offen bleiben sie "
            "nur im Aufbauspiel, und dann alle.",
            code="rights_not_dealt",
        )
    assigned = [r for r in rights if r is not None]
    if variant.players == 2:
        first, second = assigned
        if first.right is second.right:
            raise RulesError(
                "Zu zweit hat jede Person ein anderes Schürfrecht: "
                "„Kupfer + Gold − Silber“ und „Silber + Gold − Kupfer“.",
                code="same_right",
            )
        if first.direction is second.direction:
            raise RulesError(
                "Zu zweit wertet eine Person die Reihen, die andere die Spalten.",
                code="same_direction",
            )
        return
    for direction in Direction:
        kinds = sorted(r.right.value for r in assigned if r.direction is direction)
        if kinds != sorted(r.value for r in Right):
            raise RulesError(
                f"Zu viert werten zwei Personen die {direction.german}: eine mit "
                "„Gold + Silber − Kupfer“, eine mit „Gold + Kupfer − Silber“.",
                code="rights_per_direction",
            )


def _check_state(state: State) -> None:
    """The shape first (types, 81 entries, the rights as dealt), then the invariants."""
    variant = state.variant
    if not isinstance(variant, Variant):
        raise RulesError("Die Stellung braucht eine Spielvariante.", code="wrong_type")
    if not isinstance(state.board, Board):
        raise RulesError("Die Stellung braucht einen Plan.", code="wrong_type")
    check_rights(variant, state.rights)
    derricks = state.derricks
    if not isinstance(derricks, tuple) or len(derricks) != geo.SQUARES:
        raise RulesError(
            f"Die Bohrtürme werden für alle {geo.SQUARES} Felder angegeben.", code="wrong_type"
        )
    top_code = 1 + variant.players
    for square, code in enumerate(derricks):
        if type(code) is not int or not EMPTY <= code <= top_code:
            raise RulesError(
                f"Der Eintrag für {geo.square_name(square)} ist kein Bohrturm dieser Partie.",
                code="no_such_derrick",
            )
    taker = state.taker
    if taker is not None and (type(taker) is not int or not 0 <= taker < variant.players):
        raise RulesError(
            "Wer das Schürfrecht genommen hat, ist keine Person dieser Partie.",
            code="no_such_player",
        )
    found = invariants._check(state)
    if found:
        flag, reason = found[0]
        raise RulesError(reason, code=invariants.code_of(flag))
