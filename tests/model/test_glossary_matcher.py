"""The glossary check costs one pass per text, whatever the glossary holds (issue #30): it
once compiled one pattern per avoided word and scanned every text with each, so 1,000 words
froze the window at every switch to the pack and a repeated word gave a million lines."""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from app.model import avoid_words
from app.model.avoid_words import MAX_AVOID_CHARS, AvoidMatcher, _word_pattern
from app.model.packs import create_pack, load_pack
from app.model.quality import MAX_REVIEW_PROBLEMS, review_game
from tests.bench.bench_pack_switch import make_glossary_pack


def _count_calls(monkeypatch, owner, name: str) -> list:
    calls: list = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_thousand_avoided_words_cost_one_pass_per_text(tmp_path, monkeypatch):
    avoid_words.avoid_matcher.cache_clear()
    small = make_glossary_pack(tmp_path / "klein", 10, "klein")
    large = make_glossary_pack(tmp_path / "gross", 1000, "gross")
    work = {}
    for folder in (small, large):
        compiles = _count_calls(monkeypatch, re, "compile")
        scans = _count_calls(monkeypatch, AvoidMatcher, "find")
        started = time.perf_counter()
        review = review_game(load_pack(folder).game, folder)
        spent = time.perf_counter() - started
        monkeypatch.undo()
        assert review.errors == []
        work[folder.name] = (len(scans), len(compiles), spent)
    # The same texts are scanned once each, and building the matcher compiles a constant
    # number of patterns, not one per word.
    assert work["gross"][0] == work["klein"][0] > 0
    assert work["gross"][1] <= work["klein"][1] + 1
    assert work["gross"][2] < 3.0  # was 0.2–12 s; a generous bound, the counts above are exact


def test_the_same_avoided_word_many_times_gives_one_message_per_place(tmp_path):
    folder = create_pack(tmp_path, "Mein Spiel")
    (folder / "glossary.yaml").write_text(
        "address: du\nterms:\n  - term: Ziel\n    avoid: [" + ", ".join(["Zweck"] * 5000)
        + "]\n", "utf-8")
    quiz = folder / "quiz.yaml"
    quiz.write_text(quiz.read_text("utf-8").replace("Die kurze Antwort.",
                                                    "Der Zweck. " * 150), "utf-8")
    review = review_game(load_pack(folder).game, folder)
    glossary = [p for p in review.errors if "dieses Spiel sagt" in p.message]
    assert len(glossary) == 1, glossary
    assert glossary[0].message == "„Zweck“ – dieses Spiel sagt „Ziel“ (glossary.yaml)."


def test_many_different_problems_are_bounded_and_counted(tmp_path):
    folder = create_pack(tmp_path, "Mein Spiel")
    words = [f"w{n}" for n in range(300)]
    (folder / "glossary.yaml").write_text(
        "address: du\nterms:\n  - term: Ziel\n    avoid: [" + ", ".join(words) + "]\n",
        "utf-8")
    quiz = folder / "quiz.yaml"
    quiz.write_text(quiz.read_text("utf-8").replace(
        "Die kurze Antwort.", "'" + " ".join(words) + "'"), "utf-8")
    review = review_game(load_pack(folder).game, folder)
    assert len(review.errors) == MAX_REVIEW_PROBLEMS + 1
    assert review.errors[-1].message == f"… und {300 - MAX_REVIEW_PROBLEMS} weitere Probleme."


def test_an_overlong_avoided_phrase_is_named_and_not_searched(tmp_path):
    folder = create_pack(tmp_path, "Mein Spiel")
    (folder / "glossary.yaml").write_text(
        "address: du\nterms:\n  - term: Ziel\n    avoid: [" + "a " * 100 + "]\n", "utf-8")
    review = review_game(load_pack(folder).game, folder)
    assert [p.message for p in review.errors] == [
        f"„a a a a a a a a a a a a a a a a a a a a…“ ist zu lang für ein gemiedenes Wort "
        f"(höchstens {MAX_AVOID_CHARS} Zeichen); es wird nicht gesucht."]
    assert review.errors[0].line == 4


_LETTERS = "abzäöüßAZÄÖÜ"
_VARIANT = st.text(_LETTERS, min_size=1, max_size=5) | st.builds(
    lambda a, sep, b: a + sep + b, st.text(_LETTERS, min_size=1, max_size=4),
    st.sampled_from([" ", "-", "/"]), st.text(_LETTERS, min_size=1, max_size=4))


@settings(max_examples=150, deadline=None)
@given(variants=st.lists(_VARIANT, min_size=1, max_size=8),
       text=st.text(_LETTERS + " -/.\n", max_size=80))
def test_every_word_the_old_patterns_found_is_still_found(variants, text):
    matcher = AvoidMatcher(tuple(("Begriff", v) for v in variants))
    found = matcher.find(text)
    covered = [(start, start + len(words)) for start, words, _term in found]
    for variant in variants:
        for match in _word_pattern(variant).finditer(text):
            # Found itself, or inside a longer avoided phrase found at the same place.
            assert any(a <= match.start() and match.end() <= b for a, b in covered), (
                variant, text, found)
    for start, words, _term in found:
        assert any(_word_pattern(v).fullmatch(words) for v in variants), (words, variants)
        assert text[start:start + len(words)] == words
