"""One typo per word is forgiven, and such guesses rank below every exact hit."""

from __future__ import annotations

import pytest

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.search import SearchIndex, fold_text
from tests.model.test_search import make_game


@pytest.fixture(scope="module")
def index():
    return SearchIndex.build(load_library(content_root()))


@pytest.mark.parametrize(("typo", "meant"), [
    ("Brüke", "Brücke"),      # a letter missing
    ("Hlem", "Helm"),         # two neighbours swapped
    ("Brücle", "Brücke"),     # a letter changed
    ("Lüccke", "Lücke"),      # a letter too many
    ("Bruecke", "Brücke"),    # spelt-out umlaut is no typo at all
])
def test_one_typo_finds_the_word(index, typo, meant):
    hits = index.search(typo)
    assert hits, typo
    assert any(fold_text(meant) in fold_text(h.label + " " + h.entry.text) for h in hits[:5])
    spans = hits[0].label_spans or hits[0].text_spans
    assert spans, "the guessed word is highlighted"


def test_a_typo_finds_what_the_right_word_finds():
    index = SearchIndex.from_games([make_game()])
    exact = [h.anchor_id for h in index.search("Bernstein")]
    assert exact and [h.anchor_id for h in index.search("Bernstien")] == exact


def test_a_word_that_is_there_is_never_guessed():
    index = SearchIndex.from_games([make_game(
        summary="Der Helm liegt neben dem Held.", starts="Wer zuerst den Hlem findet.")])
    # „hlem“ occurs exactly (in „Wer beginnt?“): exact hits only, no „Helm“ guessed beside.
    assert [h.label for h in index.search("Hlem")] == ["Wer beginnt?"]


def test_short_words_and_nonsense_stay_exact(index):
    assert index.search("xyzq") == []
    assert index.search("Hlm") == [], "three letters: too many neighbours to guess"
