"""Editorial checks on a loaded game: one word for one thing, one address, honest quiz links.

The loader decides whether a game *can* be shown; these checks decide whether it says things the
way a player can trust. They run in ``regelfrisch --check`` (and so in CI) and are meant for pack
authors too:

- **Errors** (``--check`` fails): in a game with a ``glossary.yaml``, every rule of the text
  checker (:mod:`app.model.text_check`: a word the glossary says to avoid, the wrong form of
  address, „Festlegung“ for a ruling, known slips, number agreement, engine notation, unconfirmed
  item names without their colour); a quiz item that names a ruling it does not link.
- **Hints** (``--check`` still passes): quiz coverage — pitfalls, rulings, numbers rows and variants
  no question tests — the yes/no balance, and answers that do not answer the question asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.model.avoid_words import MAX_AVOID_CHARS
from app.model.library import distinct_problems, excerpt
from app.model.schema import Game, GlossaryFile
from app.model.text_check import findings, rules_for
from app.model.validation_messages import german_validation_problems
from app.model.yaml_source import ContentError, GameFiles, LinePath, Problem, YamlSource

GLOSSARY_FILE = "glossary.yaml"
TEXT_FILES = ("game.yaml", "quiz.yaml", "examples.yaml")

# Keys whose values are ids, notation or numbers, not running text a player reads.
_NOT_PROSE = frozenset({"id", "tests", "position", "action", "expect", "colour", "code", "pages",
                        "name", "colour_name", "moves", "part", "show", "ask", "variant",
                        "accent", "number", "year", "booklet_pages", "language", "confirmed"})

# A share of rulings may stay unasked: some are engine corner cases no player meets at the table.
MIN_RULING_COVERAGE = 0.7
MIN_YES_SHARE = 1 / 3
# Most questions ask "what" or "how many": a yes/no card is answered half by chance.
MAX_YES_NO_SHARE = 0.4

_W_WORDS = ("was", "wie", "wer", "wen", "wem", "wessen", "wo", "wann", "warum", "weshalb",
            "wieso", "welche", "welcher", "welches", "welchen", "welchem", "wohin", "woher",
            "womit", "wofür", "woran", "worauf", "wovon", "wodurch", "wozu", "worüber", "wieviel",
            "wieviele")
_NUMBER_WORDS = ("null", "eins", "ein", "eine", "einen", "einer", "zwei", "drei", "vier", "fünf",
                 "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf", "kein", "keine",
                 "keinen", "keiner", "keins", "nichts", "alle", "beide", "höchstens", "mindestens",
                 "genau", "so", "plus", "minus", "je")


@dataclass
class Coverage:
    """What a game's quiz tests, and how its yes/no answers lean."""

    game_id: str
    untested_pitfalls: list[str] = field(default_factory=list)
    untested_rulings: list[str] = field(default_factory=list)  # ruling codes, e.g. "E4"
    untested_numbers: list[str] = field(default_factory=list)
    untested_variants: list[str] = field(default_factory=list)
    rulings: int = 0
    yes_answers: int = 0
    yes_no_answers: int = 0
    questions: int = 0
    yes_no_questions: int = 0

    @property
    def yes_no_share(self) -> float:
        return 0.0 if not self.questions else self.yes_no_questions / self.questions

    @property
    def ruling_share(self) -> float:
        return 1.0 if not self.rulings else 1 - len(self.untested_rulings) / self.rulings

    @property
    def yes_share(self) -> float:
        return 1.0 if not self.yes_no_answers else self.yes_answers / self.yes_no_answers

    def summary(self) -> str:
        parts: list[str] = []
        parts.append("alle Fallen gefragt" if not self.untested_pitfalls else
                     "Fallen ohne Frage: " + ", ".join(self.untested_pitfalls))
        if self.rulings:
            parts.append(f"Auslegungen {round(self.ruling_share * 100)} % gefragt"
                         + (f" (ohne Frage: {', '.join(self.untested_rulings)})"
                            if self.untested_rulings else ""))
        if self.untested_variants:
            parts.append("Varianten ohne Frage: " + ", ".join(self.untested_variants))
        if self.untested_numbers:
            count = len(self.untested_numbers)
            parts.append(f"{count} Zahlen-Zeile{'' if count == 1 else 'n'} ohne Frage")
        if self.yes_no_answers:
            parts.append(f"Ja/Nein-Antworten: {self.yes_answers} von {self.yes_no_answers} „Ja“")
        return f"Quiz-Abdeckung {self.game_id}: " + "; ".join(parts) + "."


@dataclass
class Review:
    """The editorial verdict on one game folder."""

    errors: list[Problem] = field(default_factory=list)
    hints: list[Problem] = field(default_factory=list)
    coverage: Coverage | None = None


def review_game(game: Game, folder: Path, files: GameFiles | None = None) -> Review:
    """Every editorial error and hint for ``game``, loaded from ``folder``.

    ``files``: the folder's files as the load read them (then none is read again)."""
    review = Review()
    files = files or GameFiles(folder)
    sources = _sources(files, review)
    glossary, problems = read_glossary(folder, files)
    review.errors += problems
    if glossary is not None:  # a pack without a glossary keeps its own words and address
        review.errors += _glossary_problems(game, glossary, sources)
    quiz_src = sources.get("quiz.yaml")
    if quiz_src is not None:
        review.errors += _ruling_link_problems(game, quiz_src)
        review.hints += _answer_shape_hints(game, quiz_src)
        review.hints += link_hints(game, quiz_src)
    review.coverage = coverage(game)
    review.hints += _coverage_hints(review.coverage, folder / "quiz.yaml")
    review.errors = distinct_problems(review.errors, MAX_REVIEW_PROBLEMS)
    review.hints = distinct_problems(review.hints, MAX_REVIEW_PROBLEMS)
    return review


def coverage(game: Game) -> Coverage:
    """Which parts of the refresher no quiz question tests, and the yes/no balance."""
    tested = {target for item in game.quiz for target in item.tests}
    content = game.content
    result = Coverage(game.id)
    result.untested_pitfalls = [p.id for p in content.pitfalls if p.id not in tested]
    result.untested_rulings = [r.code for r in content.interpretations if r.id not in tested]
    result.rulings = len(content.interpretations)
    result.untested_numbers = [n.id for n in content.numbers if n.id not in tested]
    result.untested_variants = [v.id for v in content.variants if v.id not in tested]
    result.questions = len(game.quiz)
    result.yes_no_questions = sum(1 for item in game.quiz if is_yes_no_question(item.question))
    for item in game.quiz:
        kind = answer_kind(item.answer)
        if kind is not None:
            result.yes_no_answers += 1
            result.yes_answers += kind
    return result


def answer_kind(answer: str) -> bool | None:
    """``True`` for a "Ja" answer, ``False`` for "Nein"/"Nichts"/"Kein…", else ``None``.

    >>> answer_kind("Ja – die Brücke gilt für den ganzen Zug.")
    True
    >>> answer_kind("Keinen, denn …"), answer_kind("3 Karten")
    (False, None)
    """
    first = _first_word(answer)
    if first == "ja":
        return True
    if first in ("nein", "nichts") or first.startswith("kein"):
        return False
    return None


def is_yes_no_question(question: str) -> bool:
    """A question a player answers with yes or no: its last sentence starts with a verb.

    >>> is_yes_no_question("Du hast zwei Ringe. Darfst du über die Lücke?")
    True
    >>> is_yes_no_question("Wie viele Karten kostet das?")
    False
    """
    asked = _asked_sentence(question)
    first = _first_word(asked)
    if not first or first in _W_WORDS:
        return False
    # "Und wenn …?", "Mit wie vielen …?": the question word sits behind a small word.
    words = [w.lower() for w in re.findall(r"[\wäöüÄÖÜß]+", asked)[:3]]
    if any(w in _W_WORDS for w in words):
        return False
    # A verb-first question: German yes/no questions start with the finite verb, which is
    # written in lower case mid-sentence but capitalised here; nouns and names are the exception
    # we cannot tell apart, so only common sentence openers that are not verbs are excluded.
    return first not in ("und", "oder", "aber", "also", "dann", "sonst", "im", "in", "am",
                         "beim", "bei", "nach", "vor", "mit", "auf", "an", "für", "zu")


def _first_word(text: str) -> str:
    match = re.search(r"[\wäöüÄÖÜß]+", text)
    return match.group(0).lower() if match else ""


def _asked_sentence(question: str) -> str:
    # The question asked is the last sentence that ends with a question mark.
    sentences = re.split(r"(?<=[.!?:])\s+", question.strip())
    asked = [s for s in sentences if s.rstrip().endswith("?")]
    return (asked or sentences)[-1]


def _sources(files: GameFiles, review: Review) -> dict[str, YamlSource]:
    sources: dict[str, YamlSource] = {}
    for name in TEXT_FILES:
        if files.raw(name) is None:
            continue  # missing or no regular file: the loader says so
        try:
            sources[name] = files.source(name)
        except ContentError as exc:  # the loader already reported it; say it once more only here
            review.errors += exc.problems
    return sources


def read_glossary(folder: Path, files: GameFiles | None = None
                  ) -> tuple[GlossaryFile | None, list[Problem]]:
    """The game's ``glossary.yaml`` (``None`` if it has none or it is broken) and its problems."""
    path = folder / GLOSSARY_FILE
    files = files or GameFiles(folder)
    if not files.exists(GLOSSARY_FILE):
        return None, []
    try:
        source = files.source(GLOSSARY_FILE)
    except ContentError as exc:
        return None, exc.problems
    if not isinstance(source.data, dict):
        return None, [Problem(path, 1, "Erwartet wird ein Abschnitt mit Schlüsseln "
                                       "(„address:“, „terms:“).")]
    try:
        glossary = GlossaryFile.model_validate(source.data)
    except ValidationError as exc:
        return None, german_validation_problems(source, exc)
    problems = [source.problem(("terms", t, "avoid", v),
                               f"{excerpt(variant)} ist zu lang für ein gemiedenes Wort "
                               f"(höchstens {MAX_AVOID_CHARS} Zeichen); es wird nicht gesucht.")
                for t, term in enumerate(glossary.terms)
                for v, variant in enumerate(term.avoid) if len(variant) > MAX_AVOID_CHARS]
    return glossary, problems


def _prose(source: YamlSource) -> Iterator[tuple[LinePath, str]]:
    """Every piece of running text in a content file, with its path."""

    def walk(value: Any, loc: LinePath) -> Iterator[tuple[LinePath, str]]:
        if isinstance(value, dict):
            for key, child in value.items():
                if key not in _NOT_PROSE:
                    yield from walk(child, (*loc, key))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                yield from walk(child, (*loc, index))
        elif isinstance(value, str):
            yield loc, value

    yield from walk(source.data, ())


def _line_in(source: YamlSource, loc: LinePath, text: str, offset: int) -> int | None:
    # A block scalar ("|" or ">-") starts on the line after its key; count the text's own
    # line breaks to point at the line of the match where the YAML keeps them.
    line = source.line_of(loc)
    if line is None:
        return None
    breaks = text.count("\n", 0, offset)
    return line + 1 + breaks if "\n" in text.rstrip("\n") else line


# The most problems one review lists; the rest are counted in one line.
MAX_REVIEW_PROBLEMS = 200


def _glossary_problems(game: Game, glossary: GlossaryFile,
                       sources: dict[str, YamlSource]) -> list[Problem]:
    # The same rules every text of the app obeys (app/model/text_check.py), at file:line.
    rules = rules_for(game, glossary)
    problems: list[Problem] = []
    for source in sources.values():
        for loc, text in _prose(source):
            lines = _LineCounter(source, loc, text)
            problems += [Problem(source.path, lines.at(found.offset), found.message)
                         for found in findings(text, rules)]
    return problems


class _LineCounter:
    """:func:`_line_in` for increasing offsets into one text, counting each line break once."""

    def __init__(self, source: YamlSource, loc: LinePath, text: str):
        self.text = text
        self.first = source.line_of(loc)
        self.block = "\n" in text.rstrip("\n")
        self.offset = self.breaks = 0

    def at(self, offset: int) -> int | None:
        if self.first is None:
            return None
        if not self.block:
            return self.first
        if offset < self.offset:
            self.offset = self.breaks = 0
        self.breaks += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.first + 1 + self.breaks


def _ruling_link_problems(game: Game, quiz_src: YamlSource) -> list[Problem]:
    rulings = {r.code: r for r in game.content.interpretations}
    if not rulings:
        return []
    pattern = re.compile(r"(?<![\w/])(" + "|".join(map(re.escape, rulings)) + r")(?![\w/])")
    problems: list[Problem] = []
    for index, item in enumerate(game.quiz):
        text = " ".join((item.question, item.answer, item.explanation))
        named = dict.fromkeys(pattern.findall(text))
        for code in named:
            ruling = rulings[code]
            if ruling.id not in item.tests:
                problems.append(quiz_src.problem(
                    ("quiz", index, "tests"),
                    f"„{item.id}“ nennt die Auslegung {code}, verweist aber nicht auf sie "
                    f"(„{ruling.id}“ fehlt unter tests) – „Nachlesen“ fände sie nicht."))
    return problems


def _answer_shape_hints(game: Game, quiz_src: YamlSource) -> list[Problem]:
    hints: list[Problem] = []
    for index, item in enumerate(game.quiz):
        asked = _asked_sentence(item.question)
        if is_yes_no_question(item.question) and answer_kind(item.answer) is None:
            hints.append(quiz_src.problem(
                ("quiz", index, "answer"),
                f"Hinweis: „{item.id}“ fragt nach Ja oder Nein; die Antwort sollte mit „Ja“ "
                "oder „Nein“ beginnen."))
        elif re.search(r"\bwie\s+viele?\b", asked, re.IGNORECASE):
            head = " ".join(re.findall(r"[\wäöüÄÖÜß−-]+", item.answer)[:4]).lower()
            if not re.search(r"\d", head) and not any(
                    w in _NUMBER_WORDS for w in head.split()):
                hints.append(quiz_src.problem(
                    ("quiz", index, "answer"),
                    f"Hinweis: „{item.id}“ fragt „wie viele“; die Antwort sollte mit der Zahl "
                    "beginnen."))
    return hints


_STOP_WORDS = frozenset({"nicht", "nur", "wenn", "auch", "dem", "der", "die", "das", "den", "des",
                         "und", "oder", "mit", "ohne", "was", "wie", "wer", "auf", "aus", "von",
                         "vor", "nach", "bis", "zum", "zur", "beim", "eine", "einer", "eines",
                         "einen", "keine", "kein", "du", "dich", "dir", "dein", "deine", "pro",
                         "je", "ist", "sind", "wird", "hattest", "schon", "noch", "so", "trotzdem",
                         "alle", "allen", "niemanden", "zählt", "kostet", "kosten", "mehr",
                         "laut", "unsere"})


def key_words(title: str) -> list[str]:
    """The words of a title that say what it is about, as stems.

    >>> key_words("Karten kaufen nur zu Beginn des Zuges")
    ['kart', 'kauf', 'begin', 'zuge']
    """
    words = re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", title)
    return [_stem(w) for w in words if w.lower() not in _STOP_WORDS]


def _stem(word: str) -> str:
    word = word.lower()
    for ending in ("en", "n", "e", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def link_hints(game: Game, quiz_src: YamlSource) -> list[Problem]:
    """Hints at links to items whose key words the question itself says.

    A question that states a rule in its set-up („zu Zugbeginn verkaufst du eine 6 …“) does
    not test it; linking it sends a player who missed the answer to re-read the wrong thing.
    It counts when the set-up says at least two key words and half of a title's key words (so
    a single word like „Brücke“ never does), and neither answer nor explanation comes back to
    any of them.
    """
    content = game.content
    # A variant is where a question set in it finds its rules, so it is never merely mentioned.
    titles = {entry.id: entry.title for entries in (content.steps, content.pitfalls,
                                                    content.interpretations)
              for entry in entries}
    titles.update({row.id: row.label for row in content.numbers})
    hints: list[Problem] = []
    for index, item in enumerate(game.quiz):
        # The set-up, not the question asked: "Welches Plättchen nimmst du?" asks what it links.
        setup = item.question.replace(_asked_sentence(item.question), "")
        asked = {_stem(w) for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", setup)}
        taught = {_stem(w) for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}",
                                               f"{item.answer} {item.explanation}")}
        for t_index, target in enumerate(item.tests):
            words = key_words(titles.get(target, ""))
            said = sum(1 for w in words if any(a.startswith(w) for a in asked))
            if said >= 2 and 2 * said >= len(words) \
                    and not any(any(a.startswith(w) for a in taught) for w in words):
                hints.append(quiz_src.problem(
                    ("quiz", index, "tests", t_index),
                    f"Hinweis: „{item.id}“ verweist auf „{target}“ („{titles[target]}“); das "
                    "sagt schon die Frage, Antwort und Erklärung brauchen es nicht – prüft die "
                    "Frage es wirklich?"))
    return hints


def _coverage_hints(cov: Coverage, quiz_path: Path) -> list[Problem]:
    hints: list[Problem] = []
    if cov.untested_pitfalls:
        hints.append(Problem(quiz_path, None, "Hinweis: keine Quizfrage prüft diese Fallen: "
                             + ", ".join(cov.untested_pitfalls) + "."))
    if cov.rulings and cov.ruling_share < MIN_RULING_COVERAGE:
        hints.append(Problem(quiz_path, None,
                             f"Hinweis: nur {round(cov.ruling_share * 100)} % der Auslegungen "
                             f"werden gefragt (ohne Frage: {', '.join(cov.untested_rulings)})."))
    if cov.yes_no_share > MAX_YES_NO_SHARE:
        hints.append(Problem(
            quiz_path, None,
            f"Hinweis: {cov.yes_no_questions} von {cov.questions} Fragen sind Ja/Nein-Fragen – "
            f"höchstens {round(MAX_YES_NO_SHARE * 100)} %; frag öfter „was“ oder „wie viele“."))
    if cov.yes_no_answers and cov.yes_share < MIN_YES_SHARE:
        hints.append(Problem(
            quiz_path, None,
            f"Hinweis: nur {cov.yes_answers} von {cov.yes_no_answers} Ja/Nein-Antworten sind "
            "„Ja“ – wer immer „Nein“ denkt, liegt zu oft richtig. Mehr „Ja“-Fragen oder "
            "„Was/Wie viele“-Fragen."))
    return hints
