"""The Atlantis refresher and quiz hold the fact-check (#11) and quiz-review (#21) fixes.

The glossary, address and quiz-coverage rules are checked inline here, so they hold for
Atlantis even before ``regelfrisch --check`` learns them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

import pytest
import yaml

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.quality import review_game
from app.rules.atlantis.setup import LAYOUT_A, LAYOUT_B, PATH_POSITIONS, PATH_TILES, standard_setup
from app.rules.atlantis.types import ATLANTIS, PAWNS_PER_PLAYER, WATER

FOLDER = content_root() / "atlantis"

# Progress is keyed by question id: a question that now asks something else got a new id,
# and the old id must not come back for a different question.
RETIRED_IDS = {"quiz-r1-nicht-bezahlbar", "quiz-festland", "quiz-dritte-figur", "quiz-schlusszug",
               "quiz-wertung", "quiz-kein-zug", "quiz-sparsam-zahlen", "quiz-figur-waehlen",
               "quiz-wasser-statt-plaettchen"}

INTERROGATIVES = {"was", "wie", "wo", "wohin", "woher", "wer", "wem", "wen", "wessen", "welche",
                  "welcher", "welches", "welchen", "welchem", "womit", "wann", "warum", "wieso",
                  "weshalb"}
NOT_CONTENT_KEYS = {"id", "tests", "colour", "accent", "code", "position", "action", "expect"}


@pytest.fixture(scope="module")
def game():
    return load_game(FOLDER, check=False).game


@pytest.fixture(scope="module")
def quiz(game):
    return {item.id: item for item in game.quiz}


def _words(text: str) -> list[str]:
    return re.findall(r"[\wäöüÄÖÜß]+", text)


def _first_word(text: str) -> str:
    words = _words(text)
    return words[0] if words else ""


def _is_yes_no_type(answer: str) -> bool:
    first = _first_word(answer)
    return first in {"Ja", "Nein", "Nichts"} or first.startswith("Kein")


def _asked_sentence(question: str) -> str:
    """The sentence that ends with the question mark."""
    head = question[:question.rindex("?")]
    return re.split(r"(?<=[.!:])\s+(?=[A-ZÄÖÜ])", head)[-1]


def _strings(data, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in NOT_CONTENT_KEYS:
                yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, f"{path}[{index}]")
    elif isinstance(data, str):
        yield path, data


def _all_text() -> Iterator[tuple[str, str]]:
    """Every text a player can read: game.yaml, quiz.yaml, examples' titles and notes."""
    for name in ("game.yaml", "quiz.yaml"):
        data = yaml.safe_load((FOLDER / name).read_text("utf-8"))
        for path, text in _strings(data):
            yield f"{name}:{path}", text
    examples = yaml.safe_load((FOLDER / "examples.yaml").read_text("utf-8"))["examples"]
    for index, example in enumerate(examples):
        for key in ("title", "note"):
            if example.get(key):
                yield f"examples.yaml:examples[{index}].{key}", example[key]


# --- #11 item 5 and #21: which tile is a target -------------------------------------------


def test_mainland_rule_counts_only_visible_top_tiles(game, quiz):
    pitfall = next(p for p in game.content.pitfalls if p.id == "festland-erreichen")
    assert "sichtbar" in pitfall.right and "obenauf" in pitfall.right
    asked = [q for q in quiz.values() if "festland-erreichen" in q.tests
             and "Stapel" in q.question and "Festland" in q.answer]
    assert asked, "a question where the played item lies only under another tile"


def test_only_the_top_tile_of_a_stack_is_a_target_is_asked(quiz):
    asked = [q for q in quiz.values() if "schritt-2" in q.tests and "Stapel" in q.question
             and "Festland" not in q.answer]
    assert asked


# --- #11 item 4: R1 question leaves no way out through the bridge -------------------------


def test_the_r1_question_says_the_bridge_is_already_used(quiz):
    r1_no = [q for q in quiz.values() if "r1" in q.tests and _first_word(q.answer) == "Nein"]
    assert r1_no
    for item in r1_no:
        # R3 lets an unused bridge make the gap free, which would turn „Nein“ into „Ja“.
        assert re.search(r"Brücke liegt (schon|längst|bereits)", item.question), item.id


# --- #11 items 9 and 10: rulings are linked, pages only for the base rule ------------------


def test_every_ruling_named_in_a_question_is_in_its_tests(game, quiz):
    by_code = {i.code: i.id for i in game.content.interpretations}
    for item in quiz.values():
        text = " ".join((item.question, item.answer, item.explanation))
        for code in set(re.findall(r"\b([A-Z]{1,2}\d{1,2})\b", text)) & set(by_code):
            assert by_code[code] in item.tests, f"{item.id} nennt {code}"


@pytest.mark.parametrize("ruling", ["r1", "r2", "r3", "r4", "r6", "r8", "r9"])
def test_ruling_questions_mark_the_ruling_and_cite_only_the_base_rule(game, quiz, ruling):
    asked = [q for q in quiz.values() if ruling in q.tests]
    assert asked
    code = next(i.code for i in game.content.interpretations if i.id == ruling)
    assert any(code in q.explanation for q in asked)


def test_ruling_questions_cite_no_page_beyond_their_base_rule(game, quiz):
    rulings = {i.id for i in game.content.interpretations}
    pages_of = {e.id: set(e.pages) for section in (game.content.steps, game.content.numbers,
                                                   game.content.pitfalls) for e in section}
    for item in quiz.values():
        if rulings & set(item.tests):
            base = set().union(*(pages_of.get(t, set()) for t in item.tests))
            assert set(item.pages) <= base, item.id


# --- #11 set-up facts from seed 001 --------------------------------------------------------


def _numbers(game) -> dict[str, str]:
    return {row.id: row.value for row in game.content.numbers}


def test_set_up_of_the_path_matches_the_engine(game, quiz):
    value = _numbers(game)["zahl-aufbau-weg"]
    counts = [count for count, _ in LAYOUT_A + LAYOUT_B]
    numbers = iter(int(n) for n in re.findall(r"\d+", value))
    assert all(count in numbers for count in counts), "the stacks and singles in path order"
    assert str(PATH_POSITIONS) in value and str(PATH_TILES) in value
    assert "Stapel" in value and "einzeln" in value
    asked = [q for q in quiz.values() if "zahl-aufbau-weg" in q.tests]
    assert len(asked) == 1
    assert _first_word(asked[0].answer) == str(LAYOUT_A[0][0]) and LAYOUT_A[0][1] == 2


def test_one_water_field_in_the_middle_at_the_start(game, quiz):
    path = standard_setup(4).path
    water = [number for number, position in enumerate(path, start=1) if position == WATER]
    middle = (len(path) + 1) // 2
    assert water == [middle]
    value = _numbers(game)["zahl-aufbau-wasser"]
    assert "Mitte" in value and f"Feld {middle} von {len(path)}" in value
    asked = [q for q in quiz.values() if "zahl-aufbau-wasser" in q.tests]
    assert len(asked) == 1
    assert f"Feld {middle}," in asked[0].question and "Wasserfeld" in asked[0].answer


def test_all_pawns_start_on_atlantis(game, quiz):
    start = standard_setup(3)
    assert all(p.pawns == (ATLANTIS,) * PAWNS_PER_PLAYER for p in start.players)
    value = _numbers(game)["zahl-aufbau-figuren"]
    assert str(PAWNS_PER_PLAYER) in value and "Atlantis" in value
    asked = [q for q in quiz.values() if "zahl-aufbau-figuren" in q.tests]
    assert len(asked) == 1 and "Atlantis" in asked[0].answer


# --- #21: single questions ---------------------------------------------------------------


def test_selling_a_tile_is_optional(game, quiz):
    r8 = next(i for i in game.content.interpretations if i.id == "r8")
    for text in [r8.ruling, *(q.answer for q in quiz.values() if "r8" in q.tests)]:
        assert not re.search(r"genau\W+ein\b", text), text
    assert "höchstens" in quiz["quiz-zwei-plaettchen"].answer


def test_questions_are_about_the_game_not_the_app(quiz):
    for item in quiz.values():
        assert not re.search(r"\b(Programm|App)\b", item.question + item.answer), item.id


def test_the_no_move_rule_is_asked_once(quiz):
    assert len([q for q in quiz.values() if "kein-zug" in q.tests]) == 1


def test_retired_ids_are_not_reused(quiz):
    assert not RETIRED_IDS & set(quiz)


def test_rulings_e2_and_e4_are_asked(quiz):
    e4 = [q for q in quiz.values() if "e4" in q.tests]
    assert e4 and all("nachdem" in q.question and "Brücke" in q.question for q in e4)
    # The bridge comes too late: the gap is paid in full (the engine recomputes the number).
    assert all(q.answer.startswith(f"{q.expect['total_cost']} –") and "zu spät" in q.answer
               for q in e4)
    assert any("e2" in q.tests and "Spielende" in q.question for q in quiz.values())


# --- #21: one fact per card, answers answer the question ---------------------------------


def test_one_question_per_card_and_no_open_prompt(quiz):
    for item in quiz.values():
        assert item.question.count("?") == 1, item.id
        assert not re.search(r"\bund (wie|wann|welche\w*|wohin|was|darf)\b", item.question,
                             re.IGNORECASE), item.id
        assert not re.search(r"\b(Was (passiert|geschieht)|Was nun|Wie geht es weiter)\b",
                             item.question), item.id


def test_answers_answer_the_question_asked(quiz):
    for item in quiz.values():
        asked = _asked_sentence(item.question)
        opening = [w.lower() for w in _words(asked)[:3]]
        if re.search(r"\bwie viele?\b|^Was kostet", asked, re.IGNORECASE):
            assert re.match(r"[−-]?\d", item.answer), item.id
        elif not INTERROGATIVES & set(opening):
            assert _first_word(item.answer) in {"Ja", "Nein"}, item.id


def test_no_is_not_the_safe_guess(quiz):
    yes_no = [q for q in quiz.values() if _is_yes_no_type(q.answer)]
    yes = [q for q in yes_no if _first_word(q.answer) == "Ja"]
    assert yes_no and Fraction(len(yes), len(yes_no)) >= Fraction(1, 3)


def test_every_pitfall_and_most_rulings_are_asked(game, quiz):
    tested = {t for q in quiz.values() for t in q.tests}
    assert {p.id for p in game.content.pitfalls} <= tested
    rulings = [i.id for i in game.content.interpretations]
    assert Fraction(len(tested & set(rulings)), len(rulings)) >= Fraction(7, 10)


# --- #11: one word for one thing, du, relative path --------------------------------------


def test_glossary_variants_appear_nowhere():
    glossary = yaml.safe_load((FOLDER / "glossary.yaml").read_text("utf-8"))
    assert glossary["address"] == "du"
    chosen = {term["term"].lower() for term in glossary["terms"]}
    found = []
    for term in glossary["terms"]:
        assert chosen.isdisjoint(w.lower() for w in term["avoid"]), term["term"]
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, term["avoid"])) + r")\b",
                             re.IGNORECASE)
        for where, text in _all_text():
            found += [f"{where}: „{m.group(1)}“ – sagt „{term['term']}“"
                      for m in pattern.finditer(text)]
    assert not found, "\n".join(found)


def test_the_chosen_words_are_used():
    text = " ".join(t for _, t in _all_text())
    for word in ("Lücke", "Feld", "Wasserfeld", "nimmst", "gelegt"):
        assert re.search(rf"\b{word}\b", text), word


def test_running_text_says_du_not_ihr():
    # The same check --check runs (app/model/quality.py), which knows the dative „mit ihr“.
    review = review_game(load_game(FOLDER).game, FOLDER)
    found = [str(p) for p in review.errors if "spricht mit" in p.message]
    assert not found, "\n".join(found)


def test_game_file_names_the_rules_notes_by_relative_path():
    first = (FOLDER / "game.yaml").read_text("utf-8").splitlines()[0]
    assert first.startswith("#") and "../shared/rules/atlantis.md" in first
    assert "/work/" not in (FOLDER / "game.yaml").read_text("utf-8")
