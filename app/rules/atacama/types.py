"""Value types of Atacama: resources, fields, the plan, variants, rights, moves and the state.

Every type is frozen; a :class:`State` checks on construction that it could occur in a game
(the list of invariants is :mod:`app.rules.atacama.invariants`), so code that holds a state
never has to re-check it.

>>> Variant(players=4, tactical=True).turns_per_player
7
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from app.rules.atacama import geometry as geo
from app.rules.errors import RulesError

MIN_DERRICKS_PER_LINE = 4
MAX_DERRICKS_PER_LINE = 5  # follows from the edge rule: 9 fields, no two side by side
MAX_VALUE = 5
PRACTICE_LABEL = "Übungsplan – nicht der gedruckte Plan"
PRACTICE_SEED_LIMIT = 10**9

# Aufbauspiel: the sub-boards that lie open in stage 1, 2, 3. The rule names a triangle, then
# the diagonal that completes it, then the rest; it does not name the corner, so we take the
# top-left one (our reading, documented in the content's open questions).
BUILDUP_STAGES = ("ABD", "CEG", "FHI")
BUILDUP_STAGE_NAMES = ("Dreieck", "Diagonale", "letzte drei Teilpläne")
BUILDUP_TURNS_PER_PLAYER_AND_STAGE = 3


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
            raise RulesError(f"{self.resource!r} ist kein Rohstoff (Kupfer, Silber oder Gold).")
        if type(self.value) is not int or not 1 <= self.value <= MAX_VALUE:
            raise RulesError(f"Ein Feld ist 1 bis {MAX_VALUE} wert, nicht {self.value!r}.")

    def __str__(self) -> str:
        return f"{self.resource.value}{self.value}"

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
            raise RulesError(f"Ein Plan hat {geo.SQUARES} Felder.")
        if not all(isinstance(f, Field) for f in self.fields):
            raise RulesError("Jedes Feld des Plans braucht Rohstoff und Wert.")
        if self.seed is not None and (
            type(self.seed) is not int or not 0 <= self.seed < PRACTICE_SEED_LIMIT
        ):
            raise RulesError(f"Die Nummer eines Übungsplans ist 0 bis {PRACTICE_SEED_LIMIT - 1}.")

    def __getitem__(self, square: int) -> Field:
        return self.fields[square]

    @property
    def label(self) -> str:
        # The printed layout is unknown to us, so no board may pass for it.
        if self.seed is None:
            return "Beispielplan – nicht der gedruckte Plan"
        return f"{PRACTICE_LABEL} (Nr. {self.seed})"

    def __repr__(self) -> str:
        from app.rules.atacama.notation import board_text

        return f"Board({board_text(self)!r})"


def practice_board(seed: int) -> Board:
    """A seeded practice plan: 27 fields of each resource, values 1–5 at random.

    The printed layout of the nine boards is unknown to us, so a practice board must never
    pass for it; :attr:`Board.label` says so (:data:`PRACTICE_LABEL`).
    """
    if type(seed) is not int or not 0 <= seed < PRACTICE_SEED_LIMIT:
        raise RulesError(f"Die Nummer eines Übungsplans ist 0 bis {PRACTICE_SEED_LIMIT - 1}.")
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
            raise RulesError("Atacama spielt man zu zweit oder zu viert.")
        if not isinstance(self.tactical, bool) or not isinstance(self.buildup, bool):
            raise RulesError("Taktikvariante und Aufbauspiel sind ja oder nein.")
        if self.buildup and (self.players != 2 or self.tactical):
            raise RulesError(
                "Das Aufbauspiel ist hier nur für das Grundspiel zu zweit umgesetzt "
                "(die Regel beschreibt es nur so)."
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
            raise RulesError("Ein Schürfrecht braucht eine Karte und eine Richtung.")

    @property
    def german(self) -> str:
        return f"„{self.right.german}“, wertet die {self.direction.german}"


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
            raise RulesError(f"Feld {self.square!r} gibt es nicht; Felder sind a1 bis i9.")
        if not isinstance(self.second, bool):
            raise RulesError("Zweite Farbe ist ja oder nein.")

    def __str__(self) -> str:
        return geo.square_name(self.square) + ("*" if self.second else "")


@dataclass(frozen=True, slots=True)
class TakeRight:
    """Aufbauspiel: take a mining right and lay it for a direction, paying one derrick."""

    right: Right
    direction: Direction

    def __post_init__(self) -> None:
        if not isinstance(self.right, Right) or not isinstance(self.direction, Direction):
            raise RulesError("Ein Schürfrecht braucht eine Karte und eine Richtung.")

    def __str__(self) -> str:
        return f"recht {self.right.value}/{self.direction.value}"


Move = Place | TakeRight


@dataclass(frozen=True, slots=True, repr=False)
class State:
    """A position. Turn order is strict, so whose turn it is follows from the counts.

    ``derricks`` has one code per square: 0 empty, 1 base colour, 2 + p second colour placed
    by player p (0-based). ``taker`` is the player who paid a derrick for a right
    (Aufbauspiel). Players are 0-based here and 1-based in every text ("Spieler 1").
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
        """Aufbauspiel stage 1–3 (0 in every other variant)."""
        if not self.variant.buildup:
            return 0
        per_stage = BUILDUP_TURNS_PER_PLAYER_AND_STAGE * self.variant.players
        return min(self.turns // per_stage, len(BUILDUP_STAGES) - 1) + 1

    @property
    def revealed_boards(self) -> str:
        """Letters of the sub-boards that lie open (all nine outside the Aufbauspiel)."""
        if not self.variant.buildup:
            return geo.BOARD_LETTERS
        return "".join(sorted("".join(BUILDUP_STAGES[: self.stage])))

    @property
    def revealed_mask(self) -> int:
        return revealed_mask(self.variant, self.turns)

    def scorer_of(self, direction: Direction) -> tuple[int, ...]:
        """The players (0-based) who score lines of ``direction``."""
        return tuple(
            p for p, r in enumerate(self.rights) if r is not None and r.direction is direction
        )

    def __repr__(self) -> str:
        from app.rules.atacama.notation import position_text

        return f"State({position_text(self)!r})"

    def __str__(self) -> str:
        from app.rules.atacama.notation import position_text

        return position_text(self)


_STAGE_MASKS: tuple[int, ...] = tuple(
    sum(geo.sub_board_mask(letter) for letter in "".join(BUILDUP_STAGES[: k + 1]))
    for k in range(len(BUILDUP_STAGES))
)


def revealed_mask(variant: Variant, turns: int) -> int:
    if not variant.buildup:
        return geo.FULL_MASK
    per_stage = BUILDUP_TURNS_PER_PLAYER_AND_STAGE * variant.players
    return _STAGE_MASKS[min(turns // per_stage, len(BUILDUP_STAGES) - 1)]


def player_name(player: int) -> str:
    return f"Spieler {player + 1}"


def derricks_german(count: int) -> str:
    """``1`` → „1 Bohrturm“, ``3`` → „3 Bohrtürme“."""
    return f"{count} Bohrturm" if count == 1 else f"{count} Bohrtürme"


def check_rights(variant: Variant, rights: tuple[PlayerRight | None, ...]) -> None:
    """Raise :class:`RulesError` unless ``rights`` are dealt as the rules deal them."""
    if not isinstance(rights, tuple) or len(rights) != variant.players:
        raise RulesError(f"Es braucht genau {variant.players} Schürfrechte, eines je Person.")
    if any(r is not None and not isinstance(r, PlayerRight) for r in rights):
        raise RulesError("Ein Schürfrecht braucht eine Karte und eine Richtung.")
    if any(r is None for r in rights):
        if variant.buildup and all(r is None for r in rights):
            return
        raise RulesError(
            "Vor dem ersten Bohrturm sind alle Schürfrechte vergeben – offen bleiben sie "
            "nur im Aufbauspiel, und dann alle."
        )
    assigned = [r for r in rights if r is not None]
    if variant.players == 2:
        first, second = assigned
        if first.right is second.right:
            raise RulesError(
                "Zu zweit hat jede Person ein anderes Schürfrecht: "
                "„Kupfer + Gold − Silber“ und „Silber + Gold − Kupfer“."
            )
        if first.direction is second.direction:
            raise RulesError("Zu zweit wertet eine Person die Reihen, die andere die Spalten.")
        return
    for direction in Direction:
        kinds = sorted(r.right.value for r in assigned if r.direction is direction)
        if kinds != sorted(r.value for r in Right):
            raise RulesError(
                f"Zu viert werten zwei Personen die {direction.german}: eine mit "
                "„Gold + Silber − Kupfer“, eine mit „Gold + Kupfer − Silber“."
            )


def _check_state(state: State) -> None:
    variant = state.variant
    if not isinstance(variant, Variant):
        raise RulesError("Die Stellung braucht eine Spielvariante.")
    if not isinstance(state.board, Board):
        raise RulesError("Die Stellung braucht einen Plan.")
    check_rights(variant, state.rights)
    derricks = state.derricks
    if not isinstance(derricks, tuple) or len(derricks) != geo.SQUARES:
        raise RulesError(f"Die Bohrtürme werden für alle {geo.SQUARES} Felder angegeben.")
    top_code = 1 + variant.players if variant.tactical else BASE
    for square, code in enumerate(derricks):
        if type(code) is not int or not EMPTY <= code <= top_code:
            where = geo.square_name(square)
            if variant.tactical or type(code) is not int or code < EMPTY:
                raise RulesError(f"Der Eintrag für {where} ist kein Bohrturm dieser Partie.")
            raise RulesError(
                f"Auf {where} steht ein Bohrturm der zweiten Farbe – die gibt es nur in der "
                "Taktikvariante."
            )
    if state.taker is not None:
        if not variant.buildup:
            raise RulesError("Ein Schürfrecht bezahlt man nur im Aufbauspiel mit einem Bohrturm.")
        if type(state.taker) is not int or not 0 <= state.taker < variant.players:
            raise RulesError("Wer das Schürfrecht genommen hat, ist keine Person dieser Partie.")
    # The invariants that make a position possible live in one place (invariants.py).
    from app.rules.atacama.invariants import violations

    problems = violations(state)
    if problems:
        raise RulesError(problems[0])
