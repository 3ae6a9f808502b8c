"""The search index: spelling-tolerant matching, spans into the original text, ranking."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.schema import Game
from app.model.search import (
    ELLIPSIS,
    SECTION_TITLES,
    SNIPPET_CHARS,
    SearchIndex,
    entries_for,
    fold,
    fold_text,
    make_snippet,
    match_spans,
    plain_text,
)


def make_game(game_id: str = "probe", title: str = "Probespiel", **overrides) -> Game:
    """A small game with one distinctive word in every kind of section."""
    content = {
        "meta": {"title": title, "publisher": "Testverlag", "players": "2–4",
                 "edition": "Erstausgabe", "booklet": "Probeheft",
                 "source_note": "Nach dem Probeheft, Stand: 01.02.2026. Quellwort Zaunkönig.",
                 "items": [{"id": "helm", "name": "Helm", "colour": "#8A8F98"}]},
        "summary": "Alle suchen den **Bernstein** im Moor.",
        "starts": "Wer zuletzt einen Igel gesehen hat.",
        "steps": [{"id": "schritt-1", "number": 1, "title": "Würfeln",
                   "text": "Würfle und setze die *Kröte* weiter.", "pages": [2]}],
        "numbers": [{"id": "zahl-lucke", "label": "Lücke ohne Brücke",
                     "value": "der kleinere Wert, mindestens **Quarz**", "pages": [3, 4]}],
        "pitfalls": [
            {"id": "fahne-zaehlt", "title": "Die Fahne zählt doppelt",
             "wrong": "Die Fahne zählt einfach.", "right": "Sie zählt **doppelt**.", "pages": [4]},
            {"id": "breite-luecke", "title": "Breite Lücken",
             "wrong": "Breiter ist teurer.", "right": "Es zählt die Straße, nicht die Breite.",
             "pages": [4]},
        ],
        "interpretations": [{"id": "r1", "code": "R1", "title": "Leerer Stapel",
                             "ruling": "Dann nimmst du die Reste.",
                             "reason": "Die Quellen schweigen zum Tintenfisch."}],
        "open_questions": [{"id": "offen-namen", "text": "Heißt das Teil wirklich Walross?"}],
        "variants": [{"id": "profi", "title": "Profivariante",
                      "text": "Mit dem Flamingo spielen.", "pages": [6]}],
    }
    content.update(overrides)
    quiz = [{"id": "quiz-1", "question": "Was kostet die Lücke?",
             "answer": "Den kleineren Wert.", "explanation": "Wie beim Pelikan.",
             "tests": ["zahl-lucke"]}]
    return Game.model_validate({"id": game_id, "content": content, "quiz": quiz,
                                "examples": []})


@pytest.fixture(scope="module")
def probe_index() -> SearchIndex:
    return SearchIndex.from_games([make_game()])


@pytest.fixture(scope="module")
def shipped() -> SearchIndex:
    library = load_library(content_root())
    assert library.games, "no shipped game loaded"
    return SearchIndex.build(library)


# -- folding ------------------------------------------------------------------------------------

FOLDING = [
    ("lucke", "Lücke", True),
    ("luecke", "Lücke", True),
    ("Lücke", "Lücke", True),
    ("LÜCKE", "Lücke", True),
    ("LUECKE", "Lücke", True),
    ("lücke", "Luecke", True),
    ("lucke", "LÜCKEN", True),
    ("strasse", "Straße", True),
    ("Straße", "STRASSE", True),
    ("weiss", "Weißt du's noch?", True),
    ("uber", "Überquerst du", True),
    ("koenig", "König", True),
    ("kaese", "Käse", True),
    ("cafe", "Café", True),
    ("3-4", "S. 3–4", True),
    ("du's", "Weißt du’s noch?", True),
    ("lacke", "Lücke", False),
    ("lücke", "Lücht", False),
    ("brucke", "Bruch", False),
]


@pytest.mark.parametrize("query,text,found", FOLDING,
                         ids=[f"{q}-in-{t}" for q, t, _ in FOLDING])
def test_folding_table(query, text, found):
    assert bool(match_spans(text, query)) is found


@pytest.mark.parametrize("query", ["lucke", "luecke", "Lücke", "LÜCKE"])
def test_every_spelling_finds_the_same_entries(shipped, query):
    reference = [hit.entry for hit in shipped.search("Lücke")]
    assert reference
    assert [hit.entry for hit in shipped.search(query)] == reference


def test_spans_point_at_the_original_text():
    text = "Die LÜCKE, die Luecke und die lücke; dazu eine Straße."
    spans = match_spans(text, "lucke strasse")
    assert [text[s:e] for s, e in spans] == ["LÜCKE", "Luecke", "lücke", "Straße"]


def test_decomposed_umlauts_map_back_to_both_code_points():
    text = "Die Lu\u0308cke"  # "ü" as u + combining diaeresis, as macOS file names have it
    (span,) = match_spans(text, "lücke")
    assert text[span[0]:span[1]] == "Lu\u0308cke"


def test_fold_keeps_one_position_per_folded_character():
    folded = fold("Größe")
    assert folded.text == "grosse"
    assert len(folded.starts) == len(folded.ends) == len(folded.text)
    assert folded.to_original(2, 5) == (2, 4)  # "oss" comes from "öß"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60), st.data())
def test_every_span_covers_text_that_folds_to_the_query(text, data):
    folded = fold(text)
    if not folded.text.strip():
        return
    start = data.draw(st.integers(0, len(folded.text) - 1))
    end = data.draw(st.integers(start + 1, min(len(folded.text), start + 8)))
    word = folded.text[start:end]
    if not word.strip() or any(c.isspace() for c in word):
        return
    spans = match_spans(text, word)
    assert spans, (text, word)
    previous_end = -1
    for s, e in spans:
        assert 0 <= s < e <= len(text)
        assert s >= previous_end  # sorted, never overlapping
        previous_end = e
    assert any(word in fold_text(text[s:e]) for s, e in spans)


# -- what is indexed ----------------------------------------------------------------------------

def test_every_section_kind_is_indexed():
    keys = {entry.section_key for entry in entries_for(make_game())}
    assert keys == set(SECTION_TITLES)


# One word that only one place of the probe game holds: (word, section, anchor, label).
PLACES = [
    ("Bernstein", "summary", "", "In 30 Sekunden"),
    ("Igel", "summary", "", "Wer beginnt?"),
    ("Helm", "summary", "", "Gegenstände/Farben"),
    ("Kröte", "turn", "schritt-1", "Würfeln"),
    ("Quarz", "numbers", "zahl-lucke", "Lücke ohne Brücke"),
    ("doppelt", "pitfalls", "fahne-zaehlt", "Die Fahne zählt doppelt"),
    ("Pelikan", "quiz", "quiz-1", "Was kostet die Lücke?"),
    ("Tintenfisch", "interpretations", "r1", "R1 Leerer Stapel"),
    ("Walross", "interpretations", "offen-namen", "Offene Frage"),
    ("Flamingo", "variants", "profi", "Profivariante"),
    ("Erstausgabe", "source", "", "Spiel und Ausgabe"),
    ("Zaunkönig", "source", "", "Hinweis zur Quelle"),
]


@pytest.mark.parametrize("word,section,anchor,label", PLACES, ids=[p[0] for p in PLACES])
def test_each_place_is_found_with_its_ids(probe_index, word, section, anchor, label):
    (hit,) = probe_index.search(word)
    assert (hit.game_id, hit.section_key, hit.anchor_id, hit.label) == (
        "probe", section, anchor, label)
    assert hit.where == f"Probespiel · {SECTION_TITLES[section]}"
    spans = hit.text_spans or hit.label_spans
    source = hit.entry.text if hit.text_spans else hit.entry.label
    assert fold_text(source[spans[0][0]:spans[0][1]]) == fold_text(word)


def test_markdown_markers_are_stripped(probe_index):
    (hit,) = probe_index.search("Bernstein")
    assert hit.entry.text == "Alle suchen den Bernstein im Moor."
    (hit,) = probe_index.search("Kröte")
    assert "*" not in hit.entry.text


def test_plain_text():
    assert plain_text("**Fett** und *schräg*, `Code`, [Link](http://x)\n- eins\n- zwei") == (
        "Fett und schräg, Code, Link eins zwei")


def test_every_shipped_entry_is_found_by_its_own_label(shipped):
    for entry in shipped.entries:
        found = [hit.entry for hit in shipped.search(entry.label, limit=500)]
        assert entry in found, entry.label


# -- queries ------------------------------------------------------------------------------------

def test_every_word_must_match(probe_index):
    both = probe_index.search("fahne doppelt")
    assert [h.anchor_id for h in both] == ["fahne-zaehlt"]
    assert probe_index.search("fahne walross") == []
    for hit in probe_index.search("lücke brücke"):
        haystack = fold_text(f"{hit.entry.label} {hit.entry.text}")
        assert "lucke" in haystack and "brucke" in haystack


def test_words_may_match_the_game_or_section_title_but_not_only_those():
    index = SearchIndex.from_games([make_game("a", "Atlantis"), make_game("b", "Bohnanza")])
    hits = index.search("bohnanza flamingo")
    assert [(h.game_id, h.anchor_id) for h in hits] == [("b", "profi")]
    # The title alone finds only the place that really names it (the source facts).
    assert [h.label for h in index.search("bohnanza")] == ["Spiel und Ausgabe"]


def test_title_hits_rank_first(shipped):
    # A quiz item's label is its whole question, so it ranks like text, not like a title.
    hits = shipped.search("Lücke")
    titled = [bool(h.label_spans) and h.section_key != "quiz" for h in hits]
    assert titled[0] and not titled[-1]
    assert titled == sorted(titled, reverse=True)


def test_the_current_game_ranks_first():
    index = SearchIndex.from_games([make_game("a", "Atlantis"), make_game("b", "Bohnanza")])
    assert index.search("Flamingo")[0].game_id == "a"
    assert index.search("Flamingo", game_id="b")[0].game_id == "b"


def test_section_order_breaks_ties(probe_index):
    hits = probe_index.search("Lücke")
    order = list(SECTION_TITLES)
    labelled = [h for h in hits if h.label_spans and h.section_key != "quiz"]
    keys = [order.index(h.section_key) for h in labelled]
    assert keys == sorted(keys)


def test_limit(shipped):
    assert len(shipped.search("e", limit=7)) == 7
    assert shipped.search("e", limit=0) == []


WEIRD = ["", "   ", "*", "**", "[", "(", ")", "\\", "?", ".*", "^$", "\x00", "ü\u0308",
         "🙂", "🙂 lücke", "a" * 5000, "lücke " * 300, "\u200b", "ﬀ", "İ", "ß" * 40, "\n\t"]


@pytest.mark.parametrize("query", WEIRD, ids=[repr(q[:12]) for q in WEIRD])
def test_weird_queries_do_not_crash(shipped, query):
    hits = shipped.search(query)
    assert isinstance(hits, list)
    for hit in hits:
        for s, e in hit.snippet_spans:
            assert 0 <= s < e <= len(hit.snippet)


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_blank_queries_find_nothing(shipped, query):
    assert shipped.search(query) == []


@settings(max_examples=120, deadline=None)
@given(st.text(max_size=40))
def test_any_query_is_safe(query):
    index = SearchIndex.from_games([make_game()])
    for hit in index.search(query):
        assert all(0 <= s < e <= len(hit.entry.text) for s, e in hit.text_spans)
        assert all(0 <= s < e <= len(hit.entry.label) for s, e in hit.label_spans)


# -- snippets -----------------------------------------------------------------------------------

def test_snippet_is_short_and_its_spans_mark_the_query(shipped):
    for hit in shipped.search("Wasser"):
        assert len(hit.snippet) <= SNIPPET_CHARS + 2 * len(ELLIPSIS)
        for s, e in hit.snippet_spans:
            assert fold_text(hit.snippet[s:e]) == "wasser"
        if hit.text_spans:
            assert hit.snippet_spans, hit.snippet


def test_snippet_keeps_context_before_a_late_match():
    text = " ".join(f"wort{i}" for i in range(60)) + " Lücke am Ende"
    spans = match_spans(text, "lücke")
    snippet, rebased = make_snippet(text, spans)
    assert snippet.startswith(ELLIPSIS)
    assert snippet.endswith("am Ende")
    (span,) = rebased
    assert snippet[span[0]:span[1]] == "Lücke"
    assert span[0] > 20


def test_snippet_cuts_at_a_word_gap():
    text = "Lücke " + " ".join(["Wasserplättchen"] * 30)
    snippet, spans = make_snippet(text, match_spans(text, "lücke"))
    assert snippet.endswith(ELLIPSIS)
    assert snippet[:-1].endswith("Wasserplättchen")
    assert spans == ((0, 5),)


def test_short_text_is_its_own_snippet():
    assert make_snippet("Kurz und gut.", ((0, 4),)) == ("Kurz und gut.", ((0, 4),))


@pytest.mark.parametrize("text,query", [("𝑨", "a"), ("𝑻T", "tt"), ("ﬁnden", "finden"),
                                         ("Ⅻ", "xii")])
def test_compatibility_characters_fold_like_their_plain_letters(text, query):
    assert match_spans(text, query), text
