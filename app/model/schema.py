"""The content schema: one set of models for every game's refresher.

A game folder holds three YAML files that together make one :class:`Game`:

``game.yaml``
    meta, summary, steps, numbers, pitfalls, interpretations, open questions, variants
``quiz.yaml``
    ``quiz:`` a list of :class:`QuizItem`
``examples.yaml``
    ``examples:`` a list of :class:`WorkedExample`, each checked by the game's engine

Text fields are Markdown. Page references are data (``pages: [3, 4]``) and are
rendered by :func:`format_pages`, never written into the prose.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from app.model.game_views import GameViews
from app.model.pages import format_pages  # noqa: F401 - moved; kept importable from here

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]

# A page reference is a page of the game's booklet (an int), or a string for
# another source, e.g. "engl. 3" for the English booklet's page 3.
PageRef = int | Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=30)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_pages(pages: list[PageRef]) -> list[PageRef]:
    for page in pages:
        if isinstance(page, int) and not 1 <= page <= 999:
            raise ValueError(f"Seitenzahl {page} ist keine gültige Seite")
    return pages


class Item(_Strict):
    """A game's item or resource with the colour a player sees on the table."""

    id: Id
    name: Text
    colour: Colour
    colour_name: str | None = None  # said with the name, so colour is never the only cue
    confirmed: bool = True


class Meta(_Strict):
    title: Text
    short_title: Text | None = None  # for the game switcher and the window title
    publisher: Text
    year: int | None = Field(default=None, ge=1800, le=2200)  # a huge int must not reach Qt
    designer: str | None = None
    players: Text
    edition: Text
    booklet: Text
    booklet_pages: int | None = Field(default=None, ge=1, le=200)
    language: Text = "de"
    source_note: Text
    accent: Colour | None = None
    items: list[Item] = []
    # Own packs: who wrote this refresher and which version of it this is (for sharing).
    author: Text | None = None
    version: Text | None = None


class Step(_Strict):
    id: Id
    number: int = Field(ge=0, le=20)
    title: Text
    text: Text
    pages: list[PageRef] = []
    optional: bool = False

    _pages = field_validator("pages")(_check_pages)


class NumberRow(_Strict):
    id: Id
    label: Text
    value: Text
    pages: list[PageRef] = []

    _pages = field_validator("pages")(_check_pages)


class Pitfall(_Strict):
    """An easy-to-forget rule; the list order is the order of importance."""

    id: Id
    title: Text
    wrong: Text
    right: Text
    pages: list[PageRef] = []

    _pages = field_validator("pages")(_check_pages)


class Interpretation(_Strict):
    """One of our rulings where the sources are silent or wrong."""

    id: Id
    code: Annotated[str, StringConstraints(pattern=r"^[A-Z]{1,2}[0-9]{1,2}$")]
    title: Text
    ruling: Text
    reason: Text
    pages: list[PageRef] = []

    _pages = field_validator("pages")(_check_pages)


class OpenQuestion(_Strict):
    id: Id
    text: Text


class Variant(_Strict):
    id: Id
    title: Text
    text: Text
    pages: list[PageRef] = []

    _pages = field_validator("pages")(_check_pages)


# --- the teaching mode („Erklären“), see app.model.teaching --------------------------------
TeachPart = Literal["worum", "ziel", "zug", "achtung", "ende", "erster-zug"]


class TeachScreen(_Strict):
    """One screen of the explanation: what it shows, in the part it belongs to."""

    part: TeachPart
    summary: list[Annotated[int, Field(ge=1, le=20)]] = []  # paragraphs of the summary, 1 = first
    show: list[Id] = []  # steps, numbers, pitfalls, interpretations or variants by id
    moves: list[Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                                 max_length=80)]] = []  # engine notation
    ask: Id | None = None  # „Frage an die Runde“: a quiz question by id
    notes: Text | None = None  # what the explainer says here (second screen only)


class Teach(_Strict):
    """``teach:`` in game.yaml: the explanation's target time, demonstration game and order."""

    minutes: int = Field(ge=1, le=120)
    seed: int = Field(default=1, ge=0, le=2**31 - 1)
    players: int | None = Field(default=None, ge=1, le=8)
    variant: Annotated[str, StringConstraints(max_length=40)] = ""
    screens: list[TeachScreen] = Field(default=[], max_length=80)


class GameFile(_Strict):
    """The content of ``game.yaml``."""

    meta: Meta
    summary: Text
    starts: Text
    steps: list[Step] = Field(min_length=1)
    numbers: list[NumberRow] = Field(min_length=1)
    pitfalls: list[Pitfall] = Field(min_length=1)
    interpretations: list[Interpretation] = []
    open_questions: list[OpenQuestion] = []
    variants: list[Variant] = []
    teach: Teach | None = None


ExpectedValue = int | bool | str | list[int | str | bool] | None


class QuizItem(_Strict):
    """One question; one that describes a concrete position carries it for the engine.

    ``position``/``action``/``expect`` work as in a :class:`WorkedExample`: the engine reads
    the position (refusing one no game can reach), answers the action, and every expected fact
    must be what the rules give; each number among them must be the one the answer states.
    """

    id: Id
    question: Text
    answer: Text
    explanation: Text
    pages: list[PageRef] = []
    tests: list[Id] = Field(min_length=1)
    position: Text | None = None
    action: Text | None = None
    expect: dict[Annotated[str, StringConstraints(pattern=r"^[a-z_]+$")], ExpectedValue] | None = (
        None)

    _pages = field_validator("pages")(_check_pages)

    @model_validator(mode="after")
    def _position_complete(self) -> QuizItem:
        given = [self.position is not None, self.action is not None, bool(self.expect)]
        if any(given) and not all(given):
            raise ValueError("„position“, „action“ und „expect“ gehören zusammen: eine Stellung "
                             "in der Notation, die Aktion und mindestens eine Größe, die die "
                             "Regel-Engine nachrechnet")
        return self


class QuizFile(_Strict):
    quiz: list[QuizItem] = Field(min_length=1)


class WorkedExample(_Strict):
    """A position in the engine's notation, an action, and what the rules must give.

    Only the keys named in ``expect`` are compared; the engine knows which keys
    it can answer and rejects any other.
    """

    id: Id
    title: Text
    tests: list[Id] = Field(min_length=1)
    position: Text
    action: Text
    expect: dict[Annotated[str, StringConstraints(pattern=r"^[a-z_]+$")], ExpectedValue] = Field(
        min_length=1
    )
    note: str | None = None


class ExamplesFile(_Strict):
    examples: list[WorkedExample] = []


class GlossaryTerm(_Strict):
    """One thing, one word: the term a game uses and the variants it must not use."""

    term: Text
    avoid: list[Text] = Field(min_length=1)
    note: str | None = None


class GlossaryFile(_Strict):
    """The content of ``glossary.yaml`` (optional): a game's words and its form of address."""

    address: Literal["du", "ihr"] = "du"
    terms: list[GlossaryTerm] = []


class Game(GameViews, _Strict):
    """A whole game's refresher, assembled by the loader from the three files."""

    id: Id
    content: GameFile
    quiz: list[QuizItem]
    examples: list[WorkedExample]

