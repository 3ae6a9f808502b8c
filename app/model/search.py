"""Full-text search over every loaded game's refresher, forgiving about German spelling.

The index folds text and query the same way, so „Lücke“, „Luecke“, „lucke“ and
„LÜCKE“ are one word to it: lower case, umlauts to their base vowel (ä → a, and the
spelt-out ae → a, oe → o, ue → u), ß → ss, other accents dropped, typographic dashes
and quotes to their plain forms. Each folded character remembers which characters of
the original text it came from, so a hit's spans always point into the text as the
user sees it (for highlighting), never into the folded copy.

A query is split at white space; every word must occur (as a substring) in the
entry's label or text, or in its game or section title — but at least one word must
hit the label or text, so „atlantis“ alone does not list every entry of Atlantis.
Results are ranked: more words in the label first, then the game the user is
looking at, then whole-word and word-start matches, then section order.

One typo per word is forgiven („Brüke“, „Hlem“): a query word of four or more letters
that occurs nowhere stands for the words of the index (or their beginnings) one edit
away – a letter more, less, changed, or two neighbours swapped (rapidfuzz's optimal
string alignment distance). Such hits always rank below exact ones.

Pure Python on purpose: no Qt here, so the model layer stays testable without a display.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import OSA

from app.model.schema import Game

if TYPE_CHECKING:
    from app.model.loader import Library

Span = tuple[int, int]

# Same keys and titles as the sidebar (app/ui/sections.py; a UI test keeps them in step).
SECTION_TITLES: dict[str, str] = {
    "summary": "In 30 Sekunden",
    "turn": "Dein Zug",
    "numbers": "Die Zahlen",
    "pitfalls": "Leicht vergessen",
    "quiz": "Weißt du's noch?",
    "interpretations": "Auslegungen",
    "variants": "Varianten",
    "source": "Quelle",
}
SECTION_ORDER: dict[str, int] = {key: index for index, key in enumerate(SECTION_TITLES)}

SNIPPET_CHARS = 120
# How much text before the first match a snippet keeps, so the match has context.
_SNIPPET_LEAD = 40
# A quiz item's label is its whole question, not a title: a hit there ranks like a text hit.
_UNTITLED_SECTIONS = frozenset({"quiz"})
ELLIPSIS = "…"

# Characters whose fold is not what casefold + accent stripping would give.
_SPECIAL = {
    "ß": "ss", "ẞ": "ss",
    "–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-",
    "„": '"', "“": '"', "”": '"', "«": '"', "»": '"',
    "‚": "'", "‘": "'", "’": "'", "‹": "'", "›": "'",
    "\u00a0": " ", "\u202f": " ",
}
_DIGRAPH_VOWELS = frozenset("aou")
# Shorter words have too many neighbours one typo away („Helm“ – „Held“ is fine, „Ei“ not).
FUZZY_MIN_LENGTH = 4
_WORD = re.compile(r"\w+")
_fold_cache: dict[str, str] = {}


def _fold_char(char: str) -> str:
    folded = _fold_cache.get(char)
    if folded is None:
        folded = _SPECIAL.get(char)
        if folded is None:
            # Compatibility forms first ("𝑨" → "A"), then case, then once more for what
            # casefolding itself composes.
            decomposed = unicodedata.normalize(
                "NFKD", unicodedata.normalize("NFKD", char).casefold())
            folded = "".join(c for c in decomposed if not unicodedata.combining(c))
        _fold_cache[char] = folded
    return folded


@dataclass(frozen=True, slots=True)
class Folded:
    """A text in folded form; folded character ``i`` came from ``original[starts[i]:ends[i]]``."""

    original: str
    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def to_original(self, start: int, end: int) -> Span:
        """Map the folded range ``[start, end)`` (non-empty) back to the original text."""
        return self.starts[start], self.ends[end - 1]


def fold(text: str) -> Folded:
    """Fold ``text`` for matching and keep the way back to the original positions."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for index, char in enumerate(text):
        piece = _fold_char(char)
        if not piece:
            # A lone combining mark (decomposed „u¨“): it belongs to the letter before.
            if ends:
                ends[-1] = index + 1
            continue
        # Spelt-out umlauts: the "e" of ae/oe/ue joins the vowel before it.
        if piece == "e" and out and out[-1] in _DIGRAPH_VOWELS and ends[-1] == index:
            ends[-1] = index + 1
            continue
        for folded_char in piece:
            out.append(folded_char)
            starts.append(index)
            ends.append(index + 1)
    return Folded(text, "".join(out), tuple(starts), tuple(ends))


def fold_text(text: str) -> str:
    return fold(text).text


def query_words(query: str) -> list[str]:
    """The folded, de-duplicated words of a query, longest first (so spans merge well)."""
    words: list[str] = []
    for raw in query.split():
        word = fold_text(raw).strip()
        if word and word not in words:
            words.append(word)
    return sorted(words, key=len, reverse=True)


def _find_all(haystack: str, word: str) -> list[int]:
    positions = []
    index = haystack.find(word)
    while index >= 0:
        positions.append(index)
        index = haystack.find(word, index + 1)
    return positions


def _merge(spans: Iterable[Span]) -> tuple[Span, ...]:
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((s, e) for s, e in merged)


def _spans(folded: Folded, words: Iterable[str]) -> tuple[Span, ...]:
    found = []
    for word in words:
        for position in _find_all(folded.text, word):
            found.append(folded.to_original(position, position + len(word)))
    return _merge(found)


def match_spans(text: str, query: str) -> tuple[Span, ...]:
    """Where any word of ``query`` occurs in ``text``, as merged spans of the original text."""
    words = query_words(query)
    return _spans(fold(text), words) if words else ()


_MD_LINK = re.compile(r"\[([^\]\n]{0,300})\]\([^)\n]{0,300}\)")  # bounded: stays linear
_MD_MARKERS = re.compile(r"\*+|`+|^[ \t]*(?:[-+]|\d+\.|#+)[ \t]+", re.MULTILINE)
_SPACES = re.compile(r"\s+")


def plain_text(markdown_text: str) -> str:
    """The words of a Markdown text as the reader sees them: no ``**``, ``*``, links or bullets."""
    text = _MD_LINK.sub(r"\1", markdown_text)
    text = _MD_MARKERS.sub("", text)
    return _SPACES.sub(" ", text).strip()


@dataclass(frozen=True, slots=True)
class Entry:
    """One searchable place: a step, a number, a pitfall, a quiz item …"""

    game_id: str
    game_title: str
    section_key: str
    section_title: str
    anchor_id: str
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class Hit:
    """A matching entry; spans are ``(start, end)`` into ``entry.label``/``text``/``snippet``."""

    entry: Entry
    label_spans: tuple[Span, ...]
    text_spans: tuple[Span, ...]
    snippet: str
    snippet_spans: tuple[Span, ...]

    @property
    def game_id(self) -> str:
        return self.entry.game_id

    @property
    def section_key(self) -> str:
        return self.entry.section_key

    @property
    def anchor_id(self) -> str:
        return self.entry.anchor_id

    @property
    def label(self) -> str:
        return self.entry.label

    @property
    def where(self) -> str:
        """„Atlantis · Leicht vergessen“."""
        return f"{self.entry.game_title} · {self.entry.section_title}"


@dataclass(frozen=True, slots=True)
class _Indexed:
    entry: Entry
    label: Folded
    text: Folded
    context: str
    titled: bool
    game_rank: int
    order: int


def entries_for(game: Game) -> list[Entry]:
    """Every searchable place of one game, in reading order."""
    content = game.content
    meta = content.meta
    found: list[Entry] = []

    def add(section: str, anchor: str, label: str, text: str) -> None:
        found.append(Entry(game.id, game.title, section, SECTION_TITLES[section], anchor,
                           plain_text(label), plain_text(text)))

    add("summary", "", "In 30 Sekunden", content.summary)
    add("summary", "", "Wer beginnt?", content.starts)
    if meta.items:
        add("summary", "", "Gegenstände/Farben", ", ".join(item.name for item in meta.items))
    for step in content.steps:
        add("turn", step.id, step.title, step.text)
    for number in content.numbers:
        add("numbers", number.id, number.label, number.value)
    for pitfall in content.pitfalls:
        add("pitfalls", pitfall.id, pitfall.title,
            f"Nicht: {pitfall.wrong}\nRichtig: {pitfall.right}")
    for item in game.quiz:
        add("quiz", item.id, item.question, f"{item.answer}\n{item.explanation}")
    for interp in content.interpretations:
        add("interpretations", interp.id, f"{interp.code} {interp.title}",
            f"{interp.ruling}\nWarum: {interp.reason}")
    for question in content.open_questions:
        add("interpretations", question.id, "Offene Frage", question.text)
    for variant in content.variants:
        add("variants", variant.id, variant.title, variant.text)
    facts = [meta.title, meta.publisher + (f", {meta.year}" if meta.year else "")]
    if meta.designer:
        facts.append(f"Autor: {meta.designer}")
    facts += [f"{meta.players} Personen", f"Ausgabe: {meta.edition}", meta.booklet]
    add("source", "", "Spiel und Ausgabe", " · ".join(facts))
    add("source", "", "Hinweis zur Quelle", meta.source_note)
    return found


class SearchIndex:
    """All entries of a library, folded once; :meth:`search` runs per keystroke."""

    def __init__(self, entries: Iterable[Entry] = ()):
        self._items: list[_Indexed] = []
        self._vocabulary: set[str] = set()
        self._prefixes: dict[int, list[str]] = {}
        self._variants_cache: dict[str, tuple[str, ...]] = {}
        game_ranks: dict[str, int] = {}
        for order, entry in enumerate(entries):
            rank = game_ranks.setdefault(entry.game_id, len(game_ranks))
            context = fold_text(f"{entry.game_title} {entry.section_title}")
            item = _Indexed(entry, fold(entry.label), fold(entry.text), context,
                            entry.section_key not in _UNTITLED_SECTIONS, rank, order)
            self._items.append(item)
            self._vocabulary.update(_WORD.findall(item.label.text))
            self._vocabulary.update(_WORD.findall(item.text.text))

    @classmethod
    def build(cls, library: Library) -> SearchIndex:
        return cls.from_games(loaded.game for loaded in library.games)

    @classmethod
    def from_games(cls, games: Iterable[Game]) -> SearchIndex:
        return cls(entry for game in games for entry in entries_for(game))

    def __len__(self) -> int:
        return len(self._items)

    @property
    def entries(self) -> list[Entry]:
        return [item.entry for item in self._items]

    def search(self, query: str, limit: int = 50, *, game_id: str | None = None,
               snippet_chars: int = SNIPPET_CHARS) -> list[Hit]:
        """Entries containing every word of ``query``, best first; ``game_id`` ranks first.

        A word found nowhere may match with one typo (see the module's notes); entries that
        need such a guess come after all exact ones.
        """
        words = query_words(query)
        if not words or limit <= 0:
            return []
        variants = {word: self.variants(word) for word in words
                    if len(word) >= FUZZY_MIN_LENGTH and not self._occurs(word)}
        ranked = []
        for item in self._items:
            label, text = item.label.text, item.text.text
            in_label = in_text = quality = guessed = 0
            for word in words:
                found = label.find(word)
                if found >= 0:
                    in_label += 1
                    quality += _quality(label, found, word)
                    continue
                found = text.find(word)
                if found >= 0:
                    in_text += 1
                    quality += _quality(text, found, word)
                elif word in item.context:
                    continue
                elif any(v in label for v in variants.get(word, ())):
                    in_label += 1
                    guessed += 1
                elif any(v in text for v in variants.get(word, ())):
                    in_text += 1
                    guessed += 1
                else:
                    break
            else:
                if in_label or in_text:
                    key = (guessed, -in_label if item.titled else 0,
                           item.entry.game_id != game_id, -quality,
                           SECTION_ORDER[item.entry.section_key], item.game_rank, item.order)
                    ranked.append((key, item))
        ranked.sort(key=lambda pair: pair[0])
        marked = words + [v for found in variants.values() for v in found]
        return [self._hit(item, marked, snippet_chars) for _, item in ranked[:limit]]

    def _occurs(self, word: str) -> bool:
        return any(word in item.label.text or word in item.text.text or word in item.context
                   for item in self._items)

    def variants(self, word: str) -> tuple[str, ...]:
        """Words of the index that ``word`` may be with one typo, or that begin so.

        „bruke“ → „brucke“ and „brucken“; „hlem“ → „helm“. Folded forms, longest first.
        """
        cached = self._variants_cache.get(word)
        if cached is not None:
            return cached
        found: set[str] = set()
        for length in (len(word) - 1, len(word), len(word) + 1):
            starts = self._starts(length)
            for _start, _distance, index in process.extract(
                    word, starts, scorer=OSA.distance, score_cutoff=1, limit=None):
                found.add(starts[index])
        # A beginning stands for the whole words it begins; the text search finds them then.
        result = tuple(sorted(found, key=len, reverse=True))
        self._variants_cache[word] = result
        return result

    def _starts(self, length: int) -> list[str]:
        """Every word of the index cut to ``length`` letters (shorter words left out)."""
        starts = self._prefixes.get(length)
        if starts is None:
            starts = sorted({w[:length] for w in self._vocabulary
                             if len(w) >= length >= FUZZY_MIN_LENGTH - 1})
            self._prefixes[length] = starts
        return starts

    @staticmethod
    def _hit(item: _Indexed, words: list[str], snippet_chars: int) -> Hit:
        text_spans = _spans(item.text, words)
        snippet, snippet_spans = make_snippet(item.entry.text, text_spans, snippet_chars)
        return Hit(item.entry, _spans(item.label, words), text_spans, snippet, snippet_spans)


def _quality(haystack: str, position: int, word: str) -> int:
    """2 for a whole word, 1 for a word start, 0 inside a word."""
    starts = position == 0 or not haystack[position - 1].isalnum()
    end = position + len(word)
    ends = end == len(haystack) or not haystack[end].isalnum()
    return (1 + ends) if starts else 0


def make_snippet(text: str, spans: tuple[Span, ...],
                 chars: int = SNIPPET_CHARS) -> tuple[str, tuple[Span, ...]]:
    """About ``chars`` characters of ``text`` around the first span, cut at word gaps.

    Returns the snippet (with „…“ where text was cut) and the spans that fall into it,
    re-based to the snippet.
    """
    chars = max(chars, 20)
    if len(text) <= chars:
        return text, spans
    start = 0
    if spans and spans[0][0] > _SNIPPET_LEAD:
        start = spans[0][0] - _SNIPPET_LEAD
        gap = text.find(" ", start, spans[0][0])
        if gap >= 0:
            start = gap + 1
    # Keep the whole first match visible even if it is longer than the window.
    end = max(start + chars, spans[0][1] if spans else 0)
    if end < len(text):
        gap = text.rfind(" ", max(start + chars // 2, spans[0][1] if spans else 0), end + 1)
        if gap > start:
            end = gap
    else:
        end = len(text)
        start = max(0, min(start, end - chars))
        if start:
            gap = text.find(" ", start, spans[0][0] if spans else end)
            if gap >= 0:
                start = gap + 1
    prefix = ELLIPSIS if start > 0 else ""
    suffix = ELLIPSIS if end < len(text) else ""
    shift = len(prefix) - start
    inside = tuple((max(s, start) + shift, min(e, end) + shift)
                   for s, e in spans if e > start and s < end)
    return prefix + text[start:end] + suffix, inside
