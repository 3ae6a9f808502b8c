"""One round of „Weißt du's noch?“: think, reveal, grade honestly — without any Qt.

The round decides the order (due first, then never seen), remembers what was
revealed and graded, writes each answer to the progress store at once, and
ends with the list of what to re-read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from app.model.progress import Grade, ProgressStore
from app.model.schema import Game, QuizItem

DEFAULT_LENGTH = 10


@dataclass(frozen=True)
class Choice:
    text: str
    correct: bool
    pitfall: str | None = None  # the misconception this wrong choice stands for


def distinct_choices(correct: str, wrong: list[tuple[str, str]],
                     need: int) -> list[Choice] | None:
    """The right answer and up to three misconceptions (text, pitfall) that differ from it and
    from each other; None when fewer than ``need`` choices are left."""
    seen = {correct}
    chosen = [Choice(correct, True)]
    for text, pitfall in wrong:
        if text not in seen and len(chosen) < 4:
            seen.add(text)
            chosen.append(Choice(text, False, pitfall))
    return chosen if len(chosen) >= need else None


@dataclass(frozen=True)
class Situation:
    """A question the rules engine made up and answered itself."""

    kind: str
    question: str
    choices: tuple[Choice, ...]
    explanation: str
    pages: tuple = ()
    position: str = ""  # the engine's notation, for the drawing
    seed: int = 0
    tests: tuple[str, ...] = ()
    action: str = ""  # the move asked about, in the engine's notation
    focus: tuple[int, ...] = ()  # every place the picture must show for the question
    # False while the picture cannot show all the question needs: a wrong guess marks nothing.
    answerable: bool = True

    @property
    def correct_index(self) -> int:
        return next(i for i, c in enumerate(self.choices) if c.correct)


@dataclass(frozen=True)
class ReReadEntry:
    """Something to re-read after the round, and where to find it."""

    target: str
    kind: str  # "pitfall", "step", "number", "interpretation", "variant"
    title: str
    pages: tuple


@dataclass
class QuizRound:
    game: Game
    store: ProgressStore
    questions: list[QuizItem | Situation]
    index: int = 0
    revealed: bool = False
    chosen: int | None = None
    log: list[tuple[str, bool]] = field(default_factory=list)  # (question id/kind, knew)
    marked_now: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, store: ProgressStore, length: int | None = DEFAULT_LENGTH,
              ) -> QuizRound:
        """A round of written questions; ``length=None`` means all of them."""
        by_id = {q.id: q for q in game.quiz}
        order = store.order(list(by_id))
        if length is not None:
            order = order[:length]
        return cls(game, store, [by_id[q] for q in order])

    @classmethod
    def practice(cls, game: Game, store: ProgressStore, make: Callable[[int], Situation],
                 seeds: list[int]) -> QuizRound:
        """A round of engine-made situations, one per seed."""
        return cls(game, store, [make(seed) for seed in seeds])

    # -- where we are ---------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def current(self) -> QuizItem | Situation | None:
        return None if self.finished else self.questions[self.index]

    @property
    def position_text(self) -> str:
        return f"Frage {min(self.index + 1, len(self.questions))} von {len(self.questions)}"

    # -- acting -------------------------------------------------------------------------------

    def reveal(self) -> None:
        if not self.finished:
            self.revealed = True

    def grade(self, grade: Grade) -> None:
        """Grade a written question (only after revealing) and move on."""
        item = self.current
        # Not isinstance(item, QuizItem): a game read from the snapshot holds plain records.
        if item is None or isinstance(item, Situation) or not self.revealed:
            return
        self.store.record(item.id, grade, list(item.tests))
        self.log.append((item.id, grade is Grade.KNEW))
        if grade.marks:
            self._remember(item.tests)
        self._advance()

    def choose(self, index: int) -> bool | None:
        """Pick a choice of a situation; reveals it. Returns whether it was right."""
        item = self.current
        if not isinstance(item, Situation) or self.revealed or not 0 <= index < len(item.choices):
            return None
        self.chosen = index
        self.revealed = True
        choice = item.choices[index]
        wrong_pitfalls = [c.pitfall for c in item.choices if not c.correct and c.pitfall]
        if choice.correct:
            self.store.record_situation([], wrong_pitfalls if item.answerable else [])
        else:
            # A question its picture cannot answer says nothing about what a player knows.
            marked = [choice.pitfall] if choice.pitfall and item.answerable else []
            self.store.record_situation(marked, [])
            self._remember(marked)
        self.log.append((item.kind, choice.correct))
        return choice.correct

    def next(self) -> None:
        """After a situation's answer was shown, go on."""
        if isinstance(self.current, Situation) and self.revealed:
            self._advance()

    def _advance(self) -> None:
        self.index += 1
        self.revealed = False
        self.chosen = None

    def _remember(self, targets) -> None:
        for target in targets:
            if target not in self.marked_now:
                self.marked_now.append(target)

    # -- the end ------------------------------------------------------------------------------

    @property
    def knew_count(self) -> int:
        return sum(1 for _, knew in self.log if knew)

    def re_read(self) -> list[ReReadEntry]:
        """What this round marked and is still marked, in the refresher's order."""
        still = self.store.marked()
        return [e for e in re_read_entries(self.game, still) if e.target in self.marked_now]


def re_read_entries(game: Game, targets: set[str]) -> list[ReReadEntry]:
    """The marked targets with their titles and pages, in the order of the refresher."""
    content = game.content
    entries: list[ReReadEntry] = []
    for step in content.steps:
        if step.id in targets:
            entries.append(ReReadEntry(step.id, "step", f"Schritt {step.number}: {step.title}",
                                       tuple(step.pages)))
    for number in content.numbers:
        if number.id in targets:
            entries.append(ReReadEntry(number.id, "number", number.label, tuple(number.pages)))
    for pitfall in content.pitfalls:
        if pitfall.id in targets:
            entries.append(ReReadEntry(pitfall.id, "pitfall", pitfall.title,
                                       tuple(pitfall.pages)))
    for interp in content.interpretations:
        if interp.id in targets:
            entries.append(ReReadEntry(interp.id, "interpretation",
                                       f"{interp.code}: {interp.title}", tuple(interp.pages)))
    for variant in content.variants:
        if variant.id in targets:
            entries.append(ReReadEntry(variant.id, "variant", variant.title,
                                       tuple(variant.pages)))
    return entries


SECTION_OF_KIND = {"step": "turn", "number": "numbers", "pitfall": "pitfalls",
                   "interpretation": "interpretations", "variant": "variants"}
