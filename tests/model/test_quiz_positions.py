"""Quiz questions that describe a position carry it, and the engine checks it (#26).

A question's ``position``/``action``/``expect`` are checked like a worked example: the position
must be one a game can reach, every expected fact is recomputed, and every expected number must
be the one the answer states. ``--check`` reports a failure at the question's file and line.
"""

from __future__ import annotations

import io
import shutil

import pytest
from pydantic import ValidationError

from app.model.check import run_check
from app.model.examples import check_quiz_positions, states_number
from app.model.loader import load_game
from app.model.paths import content_root
from app.model.schema import QuizItem

SHIPPED = ("atlantis", "atacama", "survive")


def item(**changes) -> QuizItem:
    fields = dict(id="quiz-x", question="Eine Lücke kostet 3. Wie viele Punkte verfallen?",
                  answer="2 – du gibst die 5 ab.", explanation="Wechselgeld gibt es nicht.",
                  tests=["zahl-bezahlen"], position="R3a ~ K5 H4 | a: H S5 = | b: KKKKK",
                  action="1:H", expect={"paid": 5, "change_lost": 2})
    fields.update(changes)
    return QuizItem(**fields)


def verdict(game_id: str = "atlantis", **changes):
    return check_quiz_positions(game_id, [item(**changes)])["quiz-x"]


def test_a_right_position_and_answer_pass():
    assert verdict().ok


def test_a_position_no_game_can_reach_is_refused_with_the_reason():
    result = verdict(position="R3ab ~ K5 H4 | a: HH | b: KKKKK")
    assert not result.ok and "höchstens eine Figur pro Plättchen" in result.message


def test_a_fact_the_rules_do_not_give_is_an_error():
    result = verdict(expect={"change_lost": 3}, answer="3 – du gibst die 5 ab.")
    assert not result.ok
    assert "change_lost: erwartet 3, die Regeln ergeben 2" in result.message


def test_the_answer_must_state_the_engines_number():
    result = verdict(answer="Zwei – du gibst die Fünf ab.")
    assert not result.ok and "nennt die Zahl der Regeln nicht" in result.message
    assert "paid: 5" in result.message and "change_lost: 2" in result.message


def test_a_pack_without_an_engine_cannot_carry_positions():
    result = verdict(game_id="meins")
    assert not result.ok and "keine Regel-Engine" in result.message
    # … and one without positions is not touched.
    assert check_quiz_positions("meins", [item(position=None, action=None, expect=None)]) == {}


def test_position_action_and_expect_come_together():
    with pytest.raises(ValidationError, match="gehören zusammen"):
        item(action=None)
    with pytest.raises(ValidationError, match="gehören zusammen"):
        item(expect={})


@pytest.mark.parametrize(("text", "value", "stated"), [
    ("−6 (−5 − 4 + 1 + 2)", -6, True), ("+7 (2 + 4 − 1 + 2)", 7, True), ("16 Karten", 6, False),
    ("−7 Punkte", 7, False), ("1,5", 1, False), ("0 – nichts", 0, True)])
def test_states_number(text, value, stated):
    assert states_number(text, value) is stated


def test_check_names_file_and_line_of_a_wrong_quiz_position(tmp_path):
    folder = tmp_path / "atlantis"
    shutil.copytree(content_root() / "atlantis", folder)
    quiz = folder / "quiz.yaml"
    text = quiz.read_text(encoding="utf-8")
    assert "      paid: 5\n" in text
    quiz.write_text(text.replace("      paid: 5\n", "      paid: 4\n", 1), encoding="utf-8")
    out = io.StringIO()
    assert run_check(folder, out) == 1
    line = next(x for x in out.getvalue().splitlines() if "quiz-ueberzahlen" in x)
    number = text[: text.index("  - id: quiz-ueberzahlen")].count("\n") + 1
    assert line.startswith(f"{quiz}:")
    assert number < int(line.split(":")[1]) < number + 20
    assert "paid: erwartet 4, die Regeln ergeben 5" in line


@pytest.mark.parametrize(("game_id", "at_least"), [("atlantis", 25), ("atacama", 10),
                                                    ("survive", 12)])
def test_shipped_questions_carry_positions_the_engine_confirms(game_id, at_least):
    game = load_game(content_root() / game_id).game
    verdicts = check_quiz_positions(game_id, game.quiz)
    assert len(verdicts) >= at_least
    assert [v.message for v in verdicts.values() if not v.ok] == []
