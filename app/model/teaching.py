"""The teaching mode („Erklären“): a game's explanation for the table, screen by screen.

A :class:`Lesson` is the order of screens a game is explained in, built from its content:
by default summary → goal → turn steps → the numbers that matter at the start → the top
pitfalls as „Achtung“ → end and scoring → „Erster Zug“, with a checkpoint „Frage an die
Runde“ after a part where the quiz has a question on just what was explained. A ``teach:``
section in ``game.yaml`` may set its own order, the demonstration game (seed, players) and
the moves played on a screen, in the engine's notation.

The board of a screen comes from one demonstration game made through the game contract
(:mod:`app.rules.contract`): each screen's moves are played on the position the previous
screen left, and the words shown for a move are the engine's explanation of that very move.

Works on the full model and on the snapshot's records alike (attribute access only); no Qt.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.rules.contract import Explanation, Game

PARTS: tuple[tuple[str, str], ...] = (
    ("worum", "Worum es geht"),
    ("ziel", "Ziel"),
    ("zug", "Dein Zug"),
    ("achtung", "Achtung"),
    ("ende", "Ende und Wertung"),
    ("erster-zug", "Erster Zug"),
)
PART_TITLES = dict(PARTS)
# A calm pace at the table: about 45 seconds a screen, questions included.
SECONDS_PER_SCREEN = 45
TOP_PITFALLS = 3
NUMBERS_PER_SCREEN = 3
# Parts after which the round is asked a question about what it just heard.
CHECKPOINT_PARTS = ("zug", "achtung", "ende")
# Packs without a ``teach:`` section: which number rows matter at the start and at the end.
_START_WORDS = re.compile(r"aufbau|beginn|start|zu anfang|einsetzen", re.IGNORECASE)
_END_WORDS = re.compile(r"wertung|ende|sieg|gewinn|punkte", re.IGNORECASE)
_MARKUP = re.compile(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`")


def plain(markdown_text: str) -> str:
    """Markdown emphasis removed, lines joined: what a screen reader and the notes say.

    >>> plain("Geht **nur ganz am Anfang**\\ndeines Zuges.")
    'Geht nur ganz am Anfang deines Zuges.'
    """
    return " ".join(_MARKUP.sub("", markdown_text).split())


@dataclass(frozen=True)
class Block:
    """One piece of content on a screen, e.g. a turn step or a pitfall."""

    kind: str  # summary, step, number, pitfall, interpretation, variant
    id: str
    title: str
    text: str  # Markdown
    wrong: str = ""  # a pitfall's wrong belief (Markdown)
    pages: tuple[int | str, ...] = ()
    number: int | None = None  # a turn step's number

    @property
    def plain(self) -> str:
        parts = [self.title] if self.title else []
        if self.wrong:
            parts += [f"Nicht: {plain(self.wrong)}", f"Richtig: {plain(self.text)}"]
        else:
            parts.append(plain(self.text))
        return ". ".join(p.rstrip(".") for p in parts if p) + "."


@dataclass(frozen=True)
class DemoMove:
    """One move of the demonstration game: the positions around it and the engine's words."""

    before: Any
    move: Any
    after: Any
    outcome: Any
    explanation: Explanation
    notation: str
    player: str  # how the engine names the mover


@dataclass(frozen=True)
class Screen:
    """One idea for the table."""

    part: str
    title: str
    blocks: tuple[Block, ...] = ()
    position: Any = None  # the board before the moves; None: nothing to draw
    moves: tuple[DemoMove, ...] = ()
    question: Any = None  # a quiz item („Frage an die Runde“)
    notes: str = ""
    pitfalls: tuple[Block, ...] = ()  # what people get wrong here (for the explainer)
    first_move: bool = False

    @property
    def kind(self) -> str:
        if self.first_move:
            return "first-move"
        if self.question is not None:
            return "question"
        return "play" if self.moves else "text"

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.blocks if b.id)

    @property
    def move_steps(self) -> tuple[tuple[int, int], ...]:
        """(move, step) of every explanation sentence, in the order they are revealed."""
        return tuple((m, s) for m, move in enumerate(self.moves)
                     for s in range(len(move.explanation.steps)))

    @property
    def builds(self) -> int:
        """How many presses reveal the rest of this screen: an answer, or a move's sentences."""
        if self.question is not None:
            return 1
        return len(self.move_steps)

    @property
    def last_position(self) -> Any:
        return self.moves[-1].after if self.moves else self.position

    def text(self) -> str:
        """The screen's words in one go (for screen readers and the notes)."""
        parts = [self.title]
        if self.question is not None:
            parts.append(plain(self.question.question))
        parts += [b.plain for b in self.blocks if not (b.kind == "summary" and not b.text)]
        return " ".join(p if p.endswith((".", "?", "!", ":")) else p + "." for p in parts)


@dataclass(frozen=True)
class Lesson:
    game_id: str
    title: str
    minutes: int
    screens: tuple[Screen, ...]
    engine: Game | None = None
    seed: int = 1
    players: int | None = None
    variant: str = ""

    def parts(self) -> list[tuple[str, str]]:
        """The parts this lesson has, in the order of :data:`PARTS`."""
        present = {s.part for s in self.screens}
        return [(key, title) for key, title in PARTS if key in present]

    def part_span(self, part: str) -> tuple[int, int]:
        """First and last screen index of ``part``."""
        indices = [i for i, s in enumerate(self.screens) if s.part == part]
        return indices[0], indices[-1]

    def positions(self) -> Iterable[Any]:
        """Every position the explanation shows on its board."""
        for screen in self.screens:
            if screen.position is not None:
                yield screen.position
            for move in screen.moves:
                yield move.after

    def table_players(self) -> int | None:
        if self.engine is None:
            return None
        return self.players or self.engine.info.default_players

    def first_move_game(self, players: int | None = None) -> Any:
        """A real game for the table's player count, seeded like the demonstration."""
        if self.engine is None:
            return None
        return self.engine.new_game(seed=self.seed, variant=self.variant,
                                    players=players or self.table_players())


# --- building --------------------------------------------------------------------------------


@dataclass
class _Builder:
    game: Any
    engine: Game | None
    problems: list[tuple[tuple, str]] = field(default_factory=list)
    state: Any = None
    seed: int = 1
    players: int | None = None
    variant: str = ""

    def problem(self, loc: tuple, message: str) -> None:
        self.problems.append((loc, message))

    # -- content pieces --------------------------------------------------------------

    def paragraphs(self) -> list[str]:
        return [p.strip() for p in re.split(r"\n\s*\n", self.game.content.summary) if p.strip()]

    def block(self, content_id: str) -> Block | None:
        c = self.game.content
        for step in c.steps:
            if step.id == content_id:
                return Block("step", step.id, step.title, step.text, pages=tuple(step.pages),
                             number=step.number)
        for row in c.numbers:
            if row.id == content_id:
                return Block("number", row.id, row.label, row.value, pages=tuple(row.pages))
        for pitfall in c.pitfalls:
            if pitfall.id == content_id:
                return Block("pitfall", pitfall.id, pitfall.title, pitfall.right,
                             wrong=pitfall.wrong, pages=tuple(pitfall.pages))
        for ruling in c.interpretations:
            if ruling.id == content_id:
                return Block("interpretation", ruling.id, f"{ruling.title} ({ruling.code})",
                             ruling.ruling, pages=tuple(ruling.pages))
        for variant in c.variants:
            if variant.id == content_id:
                return Block("variant", variant.id, variant.title, variant.text,
                             pages=tuple(variant.pages))
        return None

    # -- the demonstration game ------------------------------------------------------

    def start_demo(self, loc: tuple) -> None:
        if self.engine is None:
            return
        try:
            self.state = self.engine.new_game(seed=self.seed, variant=self.variant,
                                              players=self.players)
        except ValueError as exc:  # RulesError: a variant or player count the game lacks
            self.problem(loc, f"Die Vorführpartie lässt sich nicht aufbauen: {exc}")
            self.engine = None

    def play(self, notations: Sequence[str], loc: tuple) -> tuple[DemoMove, ...]:
        engine = self.engine
        played: list[DemoMove] = []
        if engine is None or self.state is None:
            if notations:
                self.problem(loc, "Züge lassen sich nur vorführen, wenn das Spiel eine "
                                  "Regel-Engine hat.")
            return ()
        for index, text in enumerate(notations):
            before = self.state
            try:
                move = engine.parse_move(text, before)
                after, outcome = engine.apply(before, move)
            except ValueError as exc:  # NotationError, IllegalMoveError (RulesError)
                self.problem((*loc, index), f"Der Vorführzug „{text}“ geht hier nicht: {exc}")
                return tuple(played)
            played.append(self._demo(before, move, after, outcome))
        return tuple(played)

    def play_any(self) -> tuple[DemoMove, ...]:
        """One move of the seeded game, for a game that names none (no ``teach:`` moves)."""
        engine, before = self.engine, self.state
        if engine is None or before is None or engine.is_over(before):
            return ()
        moves = list(engine.legal_moves(before))
        if not moves:
            return ()
        move = random.Random(self.seed).choice(moves)
        after, outcome = engine.apply(before, move)
        return (self._demo(before, move, after, outcome),)

    def _demo(self, before, move, after, outcome) -> DemoMove:
        engine = self.engine
        player = engine.to_move(before)
        self.state = after
        return DemoMove(before, move, after, outcome, engine.explain(outcome),
                        engine.format_move(move, before),
                        engine.player_name(before, player) if player is not None else "")

    # -- screens -----------------------------------------------------------------------

    def screen(self, part: str, blocks: Sequence[Block], *, title: str = "",
               moves: tuple[DemoMove, ...] = (), position: Any = None, notes: str = "",
               question: Any = None) -> Screen:
        if not title:
            title = _title(part, blocks)
        return Screen(part, title, tuple(blocks), position=position, moves=moves,
                      question=question, notes=notes, pitfalls=self.pitfalls_near(blocks))

    def pitfalls_near(self, blocks: Sequence[Block]) -> tuple[Block, ...]:
        """Pitfalls the quiz links to what ``blocks`` explain: what people get wrong here."""
        ids = {b.id for b in blocks if b.id}
        if not ids:
            return ()
        if any(b.kind == "pitfall" for b in blocks):
            return tuple(b for b in blocks if b.kind == "pitfall")
        found: list[str] = []
        pitfall_ids = [p.id for p in self.game.content.pitfalls]
        for item in self.game.quiz:
            if ids & set(item.tests):
                found += [t for t in item.tests if t in pitfall_ids and t not in found]
        found.sort(key=pitfall_ids.index)
        return tuple(b for b in (self.block(p) for p in found[:2]) if b is not None)


def _title(part: str, blocks: Sequence[Block]) -> str:
    kinds = {b.kind for b in blocks}
    if kinds == {"pitfall"} and len(blocks) == 1:
        return f"Achtung: {blocks[0].title}"
    if kinds and kinds <= {"step", "interpretation", "variant"} and len(blocks) <= 2:
        return " · ".join(b.title for b in blocks)
    if kinds == {"number"} and part == "zug":
        return "Zahlen zum Start"
    return PART_TITLES[part]


def build_lesson(game: Any, engine: Game | str | None = "auto") -> Lesson:
    """The explanation of ``game`` (a loaded :class:`~app.model.schema.Game` or its snapshot
    record). ``engine`` ``"auto"`` takes the registered engine of the game's id; ``None``
    explains without a board (a player's own pack). Broken entries of a ``teach:`` section
    are left out here; :func:`teach_problems` names them."""
    lesson, _problems = _build(game, engine)
    return lesson


def teach_problems(game: Any) -> list[tuple[tuple, str]]:
    """What is wrong with ``game``'s ``teach:`` section, as (YAML path, German message)."""
    if getattr(game.content, "teach", None) is None:
        return []
    _lesson, problems = _build(game, "auto")
    return problems


def _build(game: Any, engine: Game | str | None) -> tuple[Lesson, list[tuple[tuple, str]]]:
    if engine == "auto":
        from app.rules.registry import game_for

        engine = game_for(game.id)
    teach = getattr(game.content, "teach", None)
    b = _Builder(game, engine)
    if teach is not None:
        b.seed, b.players, b.variant = teach.seed, teach.players, teach.variant
    b.start_demo(("teach",))
    screens = _own_order(b, teach) if teach is not None and teach.screens else _default_order(b)
    if not any(s.question is not None for s in screens):
        screens = _with_checkpoints(b, screens)
    if b.engine is not None:
        screens.append(Screen("erster-zug", PART_TITLES["erster-zug"], first_move=True,
                              position=b.engine.new_game(seed=b.seed, variant=b.variant,
                                                         players=b.players)))
    minutes = teach.minutes if teach is not None else max(
        1, math.ceil(len(screens) * SECONDS_PER_SCREEN / 60))
    lesson = Lesson(game.id, game.title, minutes, tuple(screens), b.engine, b.seed, b.players,
                    b.variant)
    return lesson, b.problems


def _default_order(b: _Builder) -> list[Screen]:
    c = b.game.content
    paragraphs = b.paragraphs()
    screens = [b.screen("worum", [Block("summary", "", "", paragraphs[0])])] if paragraphs else []
    if len(paragraphs) > 1:
        screens.append(b.screen("ziel", [Block("summary", "", "", paragraphs[-1])]))
    demo_given = False
    for step in c.steps:
        block = b.block(step.id)
        moves: tuple[DemoMove, ...] = ()
        position = b.state
        if not step.optional and not demo_given:
            moves, demo_given = b.play_any(), True
        screens.append(b.screen("zug", [block], moves=moves, position=position))
    for part, words in (("zug", _START_WORDS), ("ende", _END_WORDS)):
        rows = [b.block(r.id) for r in c.numbers if words.search(f"{r.id} {r.label}")]
        if part == "zug" and not rows:
            rows = [b.block(r.id) for r in c.numbers[:NUMBERS_PER_SCREEN]]
        for start in range(0, len(rows), NUMBERS_PER_SCREEN):
            chunk = rows[start:start + NUMBERS_PER_SCREEN]
            screens.append(b.screen(part, chunk))
        if part == "zug":
            for pitfall in c.pitfalls[:TOP_PITFALLS]:
                screens.append(b.screen("achtung", [b.block(pitfall.id)]))
    return screens


def _own_order(b: _Builder, teach: Any) -> list[Screen]:
    screens: list[Screen] = []
    quiz = {item.id: item for item in b.game.quiz}
    paragraphs = b.paragraphs()
    for index, entry in enumerate(teach.screens):
        loc = ("teach", "screens", index)
        known_problems = len(b.problems)
        blocks: list[Block] = []
        for p_index, number in enumerate(entry.summary):
            if number > len(paragraphs):
                b.problem((*loc, "summary", p_index),
                          f"Die Zusammenfassung hat nur {len(paragraphs)} Absätze, nicht "
                          f"{number}.")
            else:
                blocks.append(Block("summary", "", "", paragraphs[number - 1]))
        for s_index, content_id in enumerate(entry.show):
            block = b.block(content_id)
            if block is None:
                b.problem((*loc, "show", s_index),
                          f"„{content_id}“ ist kein Schritt, keine Zahl, keine Falle, keine "
                          "Auslegung und keine Variante dieses Spiels.")
            else:
                blocks.append(block)
        question = None
        if entry.ask is not None:
            question = quiz.get(entry.ask)
            if question is None:
                b.problem((*loc, "ask"), f"Die Quizfrage „{entry.ask}“ gibt es nicht.")
        if entry.part == "erster-zug":
            b.problem((*loc, "part"), "„Erster Zug“ steht immer am Schluss und wird nicht "
                                      "aufgeführt.")
            continue
        position = b.state if entry.moves or any(k.kind == "step" for k in blocks) else None
        moves = b.play(entry.moves, (*loc, "moves"))
        if not (blocks or question is not None or moves):
            if len(b.problems) == known_problems:
                b.problem(loc, "Dieser Bildschirm zeigt nichts: Gib „summary“, „show“, "
                               "„ask“ oder „moves“ an.")
            continue
        if question is not None:
            screens.append(b.screen(entry.part, blocks, title="Frage an die Runde",
                                    question=question, notes=entry.notes or ""))
        else:
            screens.append(b.screen(entry.part, blocks, moves=moves, position=position,
                                    notes=entry.notes or ""))
    return screens


def _with_checkpoints(b: _Builder, screens: list[Screen]) -> list[Screen]:
    """A „Frage an die Runde“ after each of :data:`CHECKPOINT_PARTS` that the quiz covers."""
    rulings = {r.id for r in b.game.content.interpretations}
    out: list[Screen] = []
    explained: set[str] = set()
    asked: set[str] = set()
    for index, screen in enumerate(screens):
        out.append(screen)
        explained.update(screen.ids)
        ends_part = index + 1 == len(screens) or screens[index + 1].part != screen.part
        if not ends_part or screen.part not in CHECKPOINT_PARTS:
            continue
        part_ids = {i for s in screens if s.part == screen.part for i in s.ids}
        question = choose_question(b.game.quiz, part_ids, explained | rulings, asked)
        if question is not None:
            asked.add(question.id)
            out.append(b.screen(screen.part, [], title="Frage an die Runde", question=question))
    return out


def choose_question(quiz: Sequence[Any], just: set[str], known: set[str],
                    asked: set[str] = frozenset()) -> Any:
    """The quiz question that tests most of what was ``just`` explained and nothing that was
    not explained yet (``known``); on a tie the one with fewer links, then the first."""
    best, best_key = None, None
    for order, item in enumerate(quiz):
        tests = set(item.tests)
        hits = len(tests & just)
        if item.id in asked or not hits or not tests <= known:
            continue
        key = (-hits, len(tests), order)
        if best_key is None or key < best_key:
            best, best_key = item, key
    return best
