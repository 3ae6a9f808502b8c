"""Editorial checks on a loaded game: one word for one thing, one address, honest quiz links.

The loader decides whether a game *can* be shown; these checks decide whether it says things the
way a player can trust. They run in ``regelfrisch --check`` (and so in CI) and are meant for pack
authors too:

- **Errors** (``--check`` fails): a word the game's ``glossary.yaml`` says to avoid, the wrong form
  of address ("ihr" in a game that says "du"), a quiz item that names a ruling it does not link.
- **Hints** (``--check`` still passes): quiz coverage — pitfalls, rulings, numbers rows and variants
  no question tests — the yes/no balance, and answers that do not answer the question asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.model.library import distinct_problems, excerpt
from app.model.schema import Game, GlossaryFile
from app.model.validation_messages import german_validation_problems
from app.model.yaml_source import ContentError, LinePath, Problem, YamlSource, read_yaml

GLOSSARY_FILE = "glossary.yaml"
TEXT_FILES = ("game.yaml", "quiz.yaml", "examples.yaml")

# Keys whose values are ids, notation or numbers, not running text a player reads.
_NOT_PROSE = frozenset({"id", "tests", "position", "action", "expect", "colour", "code", "pages",
                        "accent", "number", "year", "booklet_pages", "language", "confirmed"})

# A share of rulings may stay unasked: some are engine corner cases no player meets at the table.
MIN_RULING_COVERAGE = 0.7
MIN_YES_SHARE = 1 / 3

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
            parts.append(f"{len(self.untested_numbers)} Zahlen-Zeilen ohne Frage")
        if self.yes_no_answers:
            parts.append(f"Ja/Nein-Antworten: {self.yes_answers} von {self.yes_no_answers} „Ja“")
        return f"Quiz-Abdeckung {self.game_id}: " + "; ".join(parts) + "."


@dataclass
class Review:
    """The editorial verdict on one game folder."""

    errors: list[Problem] = field(default_factory=list)
    hints: list[Problem] = field(default_factory=list)
    coverage: Coverage | None = None


def review_game(game: Game, folder: Path) -> Review:
    """Every editorial error and hint for ``game``, loaded from ``folder``."""
    review = Review()
    sources = _sources(folder, review)
    glossary = _glossary(folder, review)
    if glossary is not None:
        review.errors += _glossary_problems(glossary, sources)
    quiz_src = sources.get("quiz.yaml")
    if quiz_src is not None:
        review.errors += _ruling_link_problems(game, quiz_src)
        review.hints += _answer_shape_hints(game, quiz_src)
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


def _sources(folder: Path, review: Review) -> dict[str, YamlSource]:
    sources: dict[str, YamlSource] = {}
    for name in TEXT_FILES:
        path = folder / name
        if not path.is_file():
            continue
        try:
            sources[name] = read_yaml(path)
        except ContentError as exc:  # the loader already reported it; say it once more only here
            review.errors += exc.problems
    return sources


def _glossary(folder: Path, review: Review) -> GlossaryFile | None:
    path = folder / GLOSSARY_FILE
    if not path.is_file():
        return None
    try:
        source = read_yaml(path)
    except ContentError as exc:
        review.errors += exc.problems
        return None
    if not isinstance(source.data, dict):
        review.errors.append(Problem(path, 1, "Erwartet wird ein Abschnitt mit Schlüsseln "
                                              "(„address:“, „terms:“)."))
        return None
    try:
        glossary = GlossaryFile.model_validate(source.data)
    except ValidationError as exc:
        review.errors += german_validation_problems(source, exc)
        return None
    for t, term in enumerate(glossary.terms):
        for v, variant in enumerate(term.avoid):
            if len(variant) > MAX_AVOID_CHARS:
                review.errors.append(source.problem(
                    ("terms", t, "avoid", v),
                    f"{excerpt(variant)} ist zu lang für ein gemiedenes Wort (höchstens "
                    f"{MAX_AVOID_CHARS} Zeichen); es wird nicht gesucht."))
    return glossary


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


def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\wäöüÄÖÜß]){re.escape(word)}(?![\wäöüÄÖÜß])", re.IGNORECASE)


# An avoided word or phrase is a few words; a longer one is a mistake in the glossary, and the
# bound keeps the matcher's work per position of a text small whatever the glossary holds.
MAX_AVOID_CHARS = 60
# The most problems one review lists; the rest are counted in one line.
MAX_REVIEW_PROBLEMS = 200
_WORD = re.compile(r"\w+")


class AvoidMatcher:
    """Every avoided word of a glossary, found in one pass over a text, whatever their number.

    Single words (most of them) are looked up by hash for each word of the text; phrases
    („die Insel“, „Insel-Plättchen“) share one regular expression built as a trie, so its cost
    per position is bounded by the longest phrase, not by how many there are. Matching is on
    the lower-cased text, whole words only, as one pattern per word once did.
    """

    def __init__(self, pairs: tuple[tuple[str, str], ...]):
        self.words: dict[str, str] = {}
        phrases: dict[str, str] = {}
        for term, variant in pairs:
            lowered = variant.lower()
            if not lowered or len(lowered) > MAX_AVOID_CHARS:
                continue
            target = self.words if _WORD.fullmatch(lowered) else phrases
            target.setdefault(lowered, term)
        self.phrases = phrases
        self.pattern = (re.compile(r"(?<!\w)(?:" + _trie_pattern(phrases) + r")(?!\w)")
                        if phrases else None)

    def find(self, text: str) -> list[tuple[int, str, str]]:
        """(offset, the words as written, the term to use) for each avoided word in ``text``,
        in the order they stand."""
        lowered = text.lower()
        # Lower-casing keeps the length for all but a few letters (İ); quote what was matched.
        same = len(lowered) == len(text)
        found: list[tuple[int, str, str]] = []
        words = self.words
        if words:
            for match in _WORD.finditer(lowered):
                term = words.get(match.group())
                if term is not None:
                    start, end = match.span()
                    found.append((start, text[start:end] if same else match.group(), term))
        if self.pattern is not None:
            for match in self.pattern.finditer(lowered):
                start, end = match.span()
                found.append((start, text[start:end] if same else match.group(),
                              self.phrases[match.group()]))
            found.sort(key=lambda item: item[0])
        return found


def _trie_pattern(phrases: dict[str, str]) -> str:
    """One regular expression for all ``phrases``: a trie, so at each position the engine
    follows one path instead of trying every phrase; longer phrases are preferred."""
    trie: dict = {}
    for phrase in phrases:
        node = trie
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(char) + build(child)
                    for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    # Depth is bounded by MAX_AVOID_CHARS, so the recursion is too.
    return build(trie)


@lru_cache(maxsize=8)
def avoid_matcher(pairs: tuple[tuple[str, str], ...]) -> AvoidMatcher:
    """The matcher for ``(term, variant)`` pairs, built once per glossary."""
    return AvoidMatcher(pairs)


def _avoid_pairs(glossary: GlossaryFile) -> tuple[tuple[str, str], ...]:
    return tuple((term.term, variant) for term in glossary.terms for variant in term.avoid)


# Words ending in -t that are not verbs, and third-person forms "ihr" (her) goes with.
_NOT_PLURAL_VERBS = ("mit", "seit", "nicht", "jetzt", "erst", "zuerst", "zuletzt", "oft", "sonst",
                     "bereits", "meist", "selbst", "trotzdem", "ist", "gilt", "hat", "bleibt")
_PLURAL_ADDRESS = (
    re.compile(r"(?<![\wäöüß])(euch|euer|eure|euren|eurem|eurer|eures)(?![\wäöüß])",
               re.IGNORECASE),
    # "ihr legt", "legt ihr" – but not the possessive "ihr Boot", "steht ihr Entdecker", nor the
    # dative "mit ihr ist …".
    re.compile(r"(?<![\wäöüß])[Ii]hr\s+(?!(?:" + "|".join(_NOT_PLURAL_VERBS) + r")\b)"
               r"[a-zäöüß]+t(?![\wäöüß])"),
    re.compile(r"(?<![\wäöüßÄÖÜ])(?!(?:" + "|".join(_NOT_PLURAL_VERBS) + r")\b)"
               r"[a-zäöüß]+t\s+ihr(?![\wäöüß])(?!\s+[A-ZÄÖÜ])"),
)
_SINGULAR_ADDRESS = (
    re.compile(r"(?<![\wäöüß])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?![\wäöüß])",
               re.IGNORECASE),
)


def _glossary_problems(glossary: GlossaryFile, sources: dict[str, YamlSource]) -> list[Problem]:
    problems: list[Problem] = []
    matcher = avoid_matcher(_avoid_pairs(glossary))
    wrong_address = _PLURAL_ADDRESS if glossary.address == "du" else _SINGULAR_ADDRESS
    other = "ihr" if glossary.address == "du" else "du"
    for source in sources.values():
        for loc, text in _prose(source):
            found = [(offset, f"„{words}“ – dieses Spiel sagt {excerpt(term)} (glossary.yaml).")
                     for offset, words, term in matcher.find(text)]
            for pattern in wrong_address:
                found += [(match.start(),
                           f"„{match.group(0)}“ spricht mit „{other}“ an; dieses Spiel sagt "
                           f"„{glossary.address}“ (glossary.yaml, address).")
                          for match in pattern.finditer(text)]
            found.sort(key=lambda item: item[0])
            lines = _LineCounter(source, loc, text)
            problems += [Problem(source.path, lines.at(offset), message)
                         for offset, message in found]
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


def _coverage_hints(cov: Coverage, quiz_path: Path) -> list[Problem]:
    hints: list[Problem] = []
    if cov.untested_pitfalls:
        hints.append(Problem(quiz_path, None, "Hinweis: keine Quizfrage prüft diese Fallen: "
                             + ", ".join(cov.untested_pitfalls) + "."))
    if cov.rulings and cov.ruling_share < MIN_RULING_COVERAGE:
        hints.append(Problem(quiz_path, None,
                             f"Hinweis: nur {round(cov.ruling_share * 100)} % der Auslegungen "
                             f"werden gefragt (ohne Frage: {', '.join(cov.untested_rulings)})."))
    if cov.yes_no_answers and cov.yes_share < MIN_YES_SHARE:
        hints.append(Problem(
            quiz_path, None,
            f"Hinweis: nur {cov.yes_answers} von {cov.yes_no_answers} Ja/Nein-Antworten sind "
            "„Ja“ – wer immer „Nein“ denkt, liegt zu oft richtig. Mehr „Ja“-Fragen oder "
            "„Was/Wie viele“-Fragen."))
    return hints
