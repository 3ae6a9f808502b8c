"""Editorial checks: glossary words, form of address, ruling links, quiz coverage and balance."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
import yaml

from app.model.check import run_check
from app.model.loader import load_game
from app.model.paths import content_root
from app.model.quality import (
    MAX_YES_NO_SHARE,
    MIN_RULING_COVERAGE,
    MIN_YES_SHARE,
    answer_kind,
    coverage,
    is_yes_no_question,
    review_game,
)
from tests.conftest import FIXTURES

SHIPPED = ("atlantis", "atacama", "survive")


@pytest.fixture
def minigame(tmp_path) -> Path:
    folder = tmp_path / "minigame"
    shutil.copytree(FIXTURES / "minigame", folder)
    return folder


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _review(folder: Path):
    return review_game(load_game(folder).game, folder)


def test_a_glossary_variant_is_an_error_with_file_and_line(minigame):
    (minigame / "glossary.yaml").write_text(
        "address: du\nterms:\n  - term: Würfel\n    avoid: [Kubus, Kuben]\n", encoding="utf-8")
    game_yaml = minigame / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "text: Würfle einmal.", "text: Wirf den Kubus einmal."), encoding="utf-8")
    review = _review(minigame)
    assert [str(p) for p in review.errors] == [
        f"{game_yaml}:15: „Kubus“ – dieses Spiel sagt „Würfel“ (glossary.yaml)."]


def test_a_variant_inside_a_longer_word_is_not_flagged(minigame):
    (minigame / "glossary.yaml").write_text(
        "terms:\n  - term: Zug\n    avoid: [Runde]\n", encoding="utf-8")
    _append(minigame / "game.yaml", "variants:\n  - id: v\n    title: Rundenende\n"
                                    "    text: Am Rundenende zählt ihr Stapel.\n")
    assert _review(minigame).errors == []


def test_plural_address_in_a_du_game_is_an_error_on_its_own_line(minigame):
    (minigame / "glossary.yaml").write_text("address: du\n", encoding="utf-8")
    _append(minigame / "game.yaml",
            "variants:\n  - id: v\n    title: Zu zweit\n    text: |\n      Erste Zeile.\n"
            "      Dann legt ihr zwei Steine, und jeder nimmt ihr Boot.\n")
    errors = _review(minigame).errors
    assert len(errors) == 1
    assert errors[0].line == 33
    assert "„legt ihr“" in errors[0].message and "„du“" in errors[0].message


def test_her_is_not_plural_address(minigame):
    (minigame / "glossary.yaml").write_text("address: du\n", encoding="utf-8")
    _append(minigame / "game.yaml",
            "variants:\n  - id: v\n    title: Zu zweit\n    text: >-\n"
            "      Die Brücke gehört dir, und mit ihr ist der Zug möglich; ihr Besitzer\n"
            "      zieht, und nicht ihr gilt der Zug.\n")
    assert _review(minigame).errors == []


def test_euch_is_plural_address(minigame):
    (minigame / "glossary.yaml").write_text("address: du\n", encoding="utf-8")
    quiz = minigame / "quiz.yaml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "Ein Wurf pro Zug.", "Einer von euch würfelt."), encoding="utf-8")
    assert any("„euch“" in p.message for p in _review(minigame).errors)


def test_a_broken_glossary_is_reported_with_file_and_line(minigame):
    (minigame / "glossary.yaml").write_text("address: sie\nterms: []\n", encoding="utf-8")
    errors = _review(minigame).errors
    assert errors and errors[0].file.name == "glossary.yaml" and errors[0].line == 1


def test_a_question_naming_a_ruling_must_link_it(minigame):
    _append(minigame / "game.yaml",
            "interpretations:\n  - id: auslegung-eins\n    code: X1\n    title: Eins\n"
            "    ruling: So.\n    reason: Darum.\n")
    quiz = minigame / "quiz.yaml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "Ein Wurf pro Zug.", "Ein Wurf pro Zug (Auslegung X1)."), encoding="utf-8")
    errors = _review(minigame).errors
    assert len(errors) == 1 and "X1" in errors[0].message and errors[0].line == 7
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "tests: [nur-einmal, zahl-wuerfel]", "tests: [nur-einmal, auslegung-eins]"),
        encoding="utf-8")
    assert _review(minigame).errors == []


def test_coverage_names_untested_pitfalls_and_check_still_passes(minigame):
    _append(minigame / "game.yaml", "  - id: zweite-falle\n    title: Zwei\n"
                                    "    wrong: Falsch.\n    right: Richtig.\n")
    review = _review(minigame)
    assert review.errors == []
    assert review.coverage.untested_pitfalls == ["zweite-falle"]
    out = io.StringIO()
    assert run_check(minigame, out) == 0
    text = out.getvalue()
    assert "Hinweis: keine Quizfrage prüft diese Fallen: zweite-falle." in text
    assert "Quiz-Abdeckung minigame:" in text
    assert text.rstrip().splitlines()[-1].startswith("Alles in Ordnung")


def test_check_fails_on_an_editorial_error(minigame):
    (minigame / "glossary.yaml").write_text(
        "terms:\n  - term: Würfel\n    avoid: [Würfle]\n", encoding="utf-8")
    out = io.StringIO()
    assert run_check(minigame, out) == 1
    assert "game.yaml:15: „Würfle“" in out.getvalue()


@pytest.mark.parametrize(("answer", "kind"), [
    ("Ja, sofort.", True), ("Nein – erst danach.", False), ("Nichts.", False),
    ("Keine einzige.", False), ("3 Karten.", None), ("Jaguar", None)])
def test_answer_kind(answer, kind):
    assert answer_kind(answer) is kind


@pytest.mark.parametrize(("question", "yes_no"), [
    ("Darfst du das?", True),
    ("Blau steht auf Feld 3. Zählt der Helm dort?", True),
    ("Was kostet die Lücke?", False),
    ("Und mit wie vielen Karten?", False),
    ("Du hast 2 Ringe. Wohin zieht die Figur?", False)])
def test_yes_no_question(question, yes_no):
    assert is_yes_no_question(question) is yes_no


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_games_have_a_glossary_and_no_editorial_error(game_id):
    folder = content_root() / game_id
    glossary = yaml.safe_load((folder / "glossary.yaml").read_text(encoding="utf-8"))
    assert glossary["address"] == "du"
    assert all(t["term"] and t["avoid"] for t in glossary["terms"])
    review = _review(folder)
    assert [str(p) for p in review.errors] == []


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_quiz_covers_every_pitfall_most_rulings_and_is_balanced(game_id):
    folder = content_root() / game_id
    cov = coverage(load_game(folder).game)
    assert cov.untested_pitfalls == []
    assert cov.ruling_share >= MIN_RULING_COVERAGE, cov.untested_rulings
    assert cov.yes_share >= MIN_YES_SHARE, (cov.yes_answers, cov.yes_no_answers)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_answers_answer_the_question_asked(game_id):
    folder = content_root() / game_id
    hints = [str(h) for h in _review(folder).hints if "Quizfrage" not in h.message
             and "Auslegungen" not in h.message and "Ja/Nein" not in h.message]
    assert hints == []


# -- #26: a precise quiz -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SHIPPED)
def test_at_most_forty_percent_of_questions_are_yes_no(game_id):
    cov = coverage(load_game(content_root() / game_id).game)
    assert cov.questions and cov.yes_no_share <= MAX_YES_NO_SHARE, (
        cov.yes_no_questions, cov.questions)


def test_too_many_yes_no_questions_is_a_hint(minigame):
    quiz = minigame / "quiz.yaml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "question: Wie oft würfelst du?", "question: Würfelst du zweimal?").replace(
        "answer: Einmal.", "answer: Nein, einmal."), encoding="utf-8")
    hints = [h.message for h in _review(minigame).hints]
    assert any("Ja/Nein-Fragen" in h for h in hints), hints


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_links_name_nothing_the_question_merely_states(game_id):
    folder = content_root() / game_id
    hints = [str(h) for h in _review(folder).hints if "verweist auf" in h.message]
    assert hints == []


def test_a_link_to_what_the_question_states_is_a_hint(minigame):
    quiz = minigame / "quiz.yaml"
    text = quiz.read_text(encoding="utf-8")
    quiz.write_text(text.replace("question: Wie oft würfelst du?",
                                 "question: Du würfelst nur einmal pro Zug. Was zählt?").replace(
        "answer: Einmal.", "answer: Die Augenzahl.").replace(
        "explanation: Ein Wurf pro Zug.", "explanation: Die Augen entscheiden."),
        encoding="utf-8")
    hints = [h for h in _review(minigame).hints if "verweist auf" in h.message]
    assert [h.line for h in hints] == [7]
    assert "„nur-einmal“" in hints[0].message


@pytest.mark.parametrize(("game_id", "asked"), [
    ("atlantis", ["r7", "e1", "e5", "zahl-dritte-figur"]),
    ("atacama", ["zahl-tuerme"]),
    ("survive", ["zahl-entdecker"]),
])
def test_the_rules_issue_26_named_are_asked(game_id, asked):
    game = load_game(content_root() / game_id).game
    tested = {t for q in game.quiz for t in q.tests}
    assert set(asked) <= tested
    # A final score in Survive, recomputed from a position by the engine.
    if game_id == "survive":
        assert any(q.action == "wertung" and "score_rot" in (q.expect or {}) for q in game.quiz)
