"""The avoided words of a glossary, found in one pass over a text whatever their number.

A glossary may list thousands of words to avoid (a shared pack can hold anything); checking a
text costs the length of the text, not the text times the glossary.

>>> matcher = avoid_matcher((("Wasserfeld", "Wasserplättchen"), ("Karte", "Spielkarte"),
...                          ("Insel", "die Insel-Plättchen")))
>>> matcher.find("Leg ein Wasserplättchen auf die Insel-Plättchen.")
[(8, 'Wasserplättchen', 'Wasserfeld'), (28, 'die Insel-Plättchen', 'Insel')]
"""

from __future__ import annotations

import re
from functools import lru_cache


def _word_pattern(word: str) -> re.Pattern[str]:
    # One pattern per word: what the matcher replaces, kept as the tests' reference.
    return re.compile(rf"(?<![\wäöüÄÖÜß]){re.escape(word)}(?![\wäöüÄÖÜß])", re.IGNORECASE)


# An avoided word or phrase is a few words; a longer one is a mistake in the glossary, and the
# bound keeps the matcher's work per position of a text small whatever the glossary holds.
MAX_AVOID_CHARS = 60
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


def avoid_pairs(glossary) -> tuple[tuple[str, str], ...]:
    return tuple((term.term, variant) for term in glossary.terms for variant in term.avoid)
