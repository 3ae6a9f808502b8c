"""The one contract every engine speaks, as every OpenSpiel game is a Game/State.

A game is one unit: each engine package exposes one object, ``GAME``, that answers the same
questions with the same names and meanings, so everything above the engines (the play
session, the board page, the conformance test, the teaching mode) is written once.

>>> from app.rules.registry import GAMES
>>> sorted(GAMES)
['atacama', 'atlantis', 'survive']
>>> game = GAMES["atacama"]
>>> state = game.new_game(seed=3, players=2)
>>> move = game.legal_moves(state)[0]
>>> game.format_move(move, state)
'a1'
>>> after, outcome = game.apply(state, move)
>>> game.explain(outcome).steps[0].text
'Person 1 setzt einen Bohrturm auf a1 (Teilplan A).'
>>> text = game.format_position(after)
>>> game.format_position(game.parse_position(text)) == text
True

A refusal carries a reason code beside its German text, so no caller parses German:

>>> try:
...     game.apply(after, move)
... except game.errors.IllegalMoveError as err:
...     err.code
'occupied'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from app.rules import errors as _errors

# What a game can offer beyond its refresher: a module of their own (app/rules/offers.py).
from app.rules.offers import BOARD, CALCULATORS, DRAWN_EXAMPLES, PRACTICE  # noqa: F401


@dataclass(frozen=True, slots=True)
class Step:
    """One sentence of an explanation and the sources it rests on.

    ``pages`` holds booklet pages (ints) and ruling codes or other sources (texts):

    >>> Step("Du ziehst.", (3, "E1")).pages_text
    'S. 3; E1'
    """

    text: str
    pages: tuple[int | str, ...] = ()

    @property
    def pages_text(self) -> str:
        return format_pages(self.pages)

    @property
    def rulings(self) -> tuple[str, ...]:
        """The ruling codes (``E1``, ``S9`` …) among the sources."""
        return tuple(p for p in self.pages if isinstance(p, str))


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a move did, step by step in the order it happened."""

    steps: tuple[Step, ...]

    @property
    def text(self) -> str:
        """All steps, one per line, each followed by the sources its sentence does not name.

        >>> Explanation((Step("Ein Recht kostet einen Zug (Auslegung P4).", (4, "P4")),)).text
        'Ein Recht kostet einen Zug (Auslegung P4). (S. 4)'
        """
        lines = []
        for step in self.steps:
            unsaid = tuple(p for p in step.pages if not (isinstance(p, str) and p in step.text))
            lines.append(f"{step.text} ({format_pages(unsaid)})" if unsaid else step.text)
        return "\n".join(lines)


def format_pages(pages: Sequence[int | str]) -> str:
    """``(3, 4)`` → ``S. 3–4``, ``(3, 5)`` → ``S. 3, 5``; other sources follow after ``;``.

    >>> format_pages((3, 4, 6, "E1"))
    'S. 3–4, 6; E1'
    """
    numbers = sorted({p for p in pages if isinstance(p, int)})
    runs: list[str] = []
    for page in numbers:
        if runs and page - 1 in numbers:
            runs[-1] = f"{runs[-1].split('–')[0]}–{page}"
        else:
            runs.append(str(page))
    chunks = ["S. " + ", ".join(runs)] if runs else []
    chunks.extend(p for p in pages if isinstance(p, str))
    return "; ".join(chunks)


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """One way to play a game: its key in ``new_game(variant=…)`` and its German name."""

    key: str
    title: str
    players: tuple[int, ...]




@dataclass(frozen=True)
class GameInfo:
    """The record of what a game is and provides; everything the registry needs to know."""

    id: str
    title: str
    players: tuple[int, ...]
    default_players: int
    variants: tuple[VariantInfo, ...] = ()
    provides: frozenset[str] = frozenset()
    # Every reason code a refusal of this engine may carry (the conformance test holds it to it).
    refusal_codes: frozenset[str] = field(default_factory=frozenset)

    def variant(self, key: str) -> VariantInfo:
        for variant in self.variants:
            if variant.key == key:
                return variant
        raise _errors.RulesError(f"{self.title} kennt keine Variante „{key}“.", code="variant")


@runtime_checkable
class Game(Protocol):
    """What every engine answers; ``S`` is its state, ``M`` its move, ``O`` its outcome.

    One name, one meaning: ``score`` is always the points of every player in a position,
    ``apply`` always returns the new state and an outcome, ``explain`` always renders that
    outcome as German steps with their sources.
    """

    info: GameInfo
    errors: ModuleType  # RulesError, NotationError, IllegalMoveError

    def new_game(self, seed: int = 0, variant: str = "", players: int | None = None) -> Any:
        """The start position of a fresh game, shuffled by ``seed``."""

    def to_move(self, state: Any) -> int | None:
        """The seat (0-based) whose turn it is; ``None`` once the game is over."""

    def player_name(self, state: Any, player: int) -> str:
        """How every text names seat ``player`` („Blau (a)“, „Person 1“, „Rot“)."""

    def legal_moves(self, state: Any) -> Sequence[Any]:
        """Every move the rules allow now (chance results included), in a stable order."""

    def apply(self, state: Any, move: Any) -> tuple[Any, Any]:
        """``(new state, outcome)``; IllegalMoveError with a reason code if forbidden."""

    def explain(self, outcome: Any) -> Explanation:
        """The German steps of what ``outcome`` did, each with its pages and rulings."""

    def parse_position(self, text: str) -> Any:
        """The position ``text`` names; NotationError if it cannot be read or reached."""

    def format_position(self, state: Any) -> str:
        """The one-line notation; ``parse_position`` reads it back to the same state."""

    def parse_move(self, text: str, state: Any) -> Any:
        """The move ``text`` names in ``state``."""

    def format_move(self, move: Any, state: Any) -> str:
        """The move's notation; ``parse_move`` reads it back in the same state."""

    def status(self, state: Any) -> Any:
        """One flag per broken invariant (an IntFlag); zero if the position can occur."""

    def is_valid(self, state: Any) -> bool: ...

    def violations(self, state: Any) -> list[str]:
        """The German reason of each broken invariant."""

    def score(self, state: Any) -> tuple[int, ...]:
        """Every seat's points in ``state`` as the rules count them at the end."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The seats with the best score (several on a tie)."""

    def is_over(self, state: Any) -> bool: ...

    def example_facts(self, position: str, action: str) -> dict[str, object]:
        """The facts a worked example may assert, computed from its position and action."""
