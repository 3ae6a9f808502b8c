"""Atacama's shipped refresher and quiz: the facts of issue #11 and the quiz rules of #21.

Each test fails on the text it replaced (e.g. "3 Türme" per Aufbau stage, −6 without A1), and
every answer the engine can compute is recomputed here.
"""

from __future__ import annotations

import re

import pytest

from app.rules import atacama
from app.rules.atacama.types import Right
from tests.model import content_checks as cc

GAME = "atacama"


def g():
    return cc.game(GAME)


def row(row_id: str) -> str:
    return next(n.value for n in g().content.numbers if n.id == row_id)


def variant(variant_id: str) -> str:
    return next(v.text for v in g().content.variants if v.id == variant_id)


def quiz(item_id: str):
    return next(q for q in g().quiz if q.id == item_id)


def ruling_id(code: str) -> str:
    return next(i.id for i in g().content.interpretations if i.code == code)


def line_total(line: str, right: str, unit: bool = False) -> int:
    return atacama.score_free_line(atacama.parse_line(line), Right(right), unit_values=unit).total


# -- #11.1: the Aufbauspiel counts turns, not derricks -------------------------------------


def test_aufbau_stages_are_three_turns_and_a_right_is_a_turn():
    value = row("zahl-aufbau")
    assert "**3** Züge" in value and "**3** Türme" not in value
    assert re.search(r"Schürfrecht[^.]*auch ein Zug", value)
    text = variant("aufbauspiel")
    assert "3 Züge" in text and "dreimal" not in text
    assert re.search(r"auch das ist\s+einer der 3 Züge", text)


def test_engine_delivers_boards_after_three_turns_each_even_with_a_right_taken():
    # Both players made 3 turns; one of them took a right, so only 5 derricks stand.
    state = atacama.parse_position(
        "2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3 rechte=kg-s/r!,sg-k/s")
    assert (state.turns_of(0), state.turns_of(1)) == (3, 3)
    assert len(state.revealed_boards) == 6
    item = quiz("quiz-aufbau-zuege")
    assert item.answer.startswith("Ja") and "Züge, nicht Türme" in item.answer
    assert ruling_id("P4") in item.tests


def test_aufbau_price_question_matches_the_engine():
    state = atacama.parse_position(
        "2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3 rechte=kg-s/r!,sg-k/s")
    def whole_game(player: int) -> int:
        return state.base_placed(player) + state.second_placed(player) + state.derricks_left(
            player)

    assert (whole_game(0), whole_game(1)) == (13, 14)  # player 1 paid for „kg-s“
    assert quiz("quiz-aufbau-preis").answer.startswith("13")


def test_last_turn_must_take_a_right_when_none_is_taken():
    state = atacama.new_game(atacama.parse_position("2p+aufbau plan=übung:1 rechte=offen").variant)
    while state.turns < state.variant.total_turns - 1:
        state, _ = atacama.apply(state, next(
            m for m in atacama.legal_moves(state) if isinstance(m, atacama.Place)))
    assert all(isinstance(m, atacama.TakeRight) for m in atacama.legal_moves(state))
    item = quiz("quiz-aufbau-letzter-zug")
    assert item.answer.startswith("Nein") and ruling_id("P5") in item.tests


# -- #11.2 / #21.2: the tactical minus follows A1 and says so -------------------------------


def test_taktik_minus_links_a1_and_engine_agrees():
    item = quiz("quiz-taktik-minus")
    assert ruling_id("A1") in item.tests
    assert "A1" in item.answer
    line = "linie K1 s1 S3* g1 G2 k1 K1 s1 s1"
    field = next(f for f in atacama.score_free_line(atacama.parse_line(line), Right("kg-s")).fields
                 if f.second)
    unit = next(f for f in atacama.score_free_line(atacama.parse_line(line), Right("kg-s"),
                                                   unit_values=True).fields if f.second)
    assert atacama.signed(field.points) in item.answer
    assert atacama.signed(unit.points) in item.explanation


# -- #11.7: a line scores only with 4 or 5 -----------------------------------------------


def test_five_at_most_says_a_line_scores_only_with_four_or_five():
    right = next(p.right for p in g().content.pitfalls if p.id == "hoechstens-fuenf")
    assert "Rechne mit" not in right
    assert re.search(r"nur, wenn genau 4 oder 5", right)
    assert atacama.MAX_DERRICKS_PER_LINE == 5 and atacama.MIN_DERRICKS_PER_LINE == 4


# -- #11 missing against seed 002: set-up, the two rights, step 1 --------------------------


def test_base_setup_and_both_rights_are_in_the_refresher():
    rights = row("zahl-schuerfrechte")
    assert "Kupfer + Gold − Silber" in rights and "Silber + Gold − Kupfer" in rights
    setup = row("zahl-aufbau-grundspiel")
    assert "offen" in setup and "vor dem ersten Turm" in setup
    assert "bevor der erste Turm steht" in g().content.summary
    assert {"zahl-aufbau-grundspiel", "zahl-schuerfrechte", "schritt-1"} <= cc.tested(g())


# -- #21: table situations with engine-checked answers ------------------------------------

REMOVED_TRIVIA = ["quiz-plan", "quiz-taktik-anzahl", "quiz-vier-taktik", "quiz-ende",
                  "quiz-aufbau-runden", "quiz-gold", "quiz-sechs", "quiz-vier", "quiz-diagonal"]


def test_setup_count_trivia_is_gone():
    ids = {q.id for q in g().quiz}
    assert not ids & set(REMOVED_TRIVIA)


# quiz id → (line, right, start of the answer); the signed total is the engine's (ruling A1)
SCORED_LINES = {
    "quiz-plus-sieben": ("linie K2 s3 G4 k1 S1 g2 K2 s5 g1", "kg-s", "+7"),
    "quiz-vierter-turm-kostet": ("linie S5 k1 S4 g2 K1 s1 K2 g1 s1", "kg-s", "−6"),
    "quiz-vier-reihe": ("linie G2 s1 K3 g1 S5 k1 K1 g1 s1", "sg-k", "Dir +3"),
}


@pytest.mark.parametrize("item_id", sorted(SCORED_LINES))
def test_line_answers_are_what_the_engine_scores(item_id):
    line, right, expected = SCORED_LINES[item_id]
    total = line_total(line, right)
    assert expected.endswith(atacama.signed(total))
    assert quiz(item_id).answer.startswith(expected)


def test_four_player_row_scores_differently_for_the_other_right():
    line, _, _ = SCORED_LINES["quiz-vier-reihe"]
    other = line_total(line, "kg-s")
    assert f"der Mitspielerin {atacama.signed(other)}" in quiz("quiz-vier-reihe").answer


def test_vierter_turm_unit_reading_in_explanation():
    line, right, _ = SCORED_LINES["quiz-vierter-turm-kostet"]
    three = atacama.parse_line(line.replace("K2", "k2"))
    assert atacama.score_free_line(three, Right(right)).total == 0  # 3 derricks: nothing
    assert f"wären es {line_total(line, right, unit=True)}" in quiz(
        "quiz-vierter-turm-kostet").explanation


def test_gold_is_plus_for_both_with_its_printed_value():
    line = atacama.parse_line("linie K1 s1 k1 s1 G3 k1 K1 s1 S1")  # gold 3 among 4 derricks
    gold = [next(f for f in atacama.score_free_line(line, right).fields if f.offset == 4)
            for right in Right]
    assert all(atacama.score_free_line(line, right).counted for right in Right)
    plus_kg, plus_sg = (f.points for f in gold)
    assert plus_kg == plus_sg == 3
    assert quiz("quiz-gold-beide").answer == f"Jedem {atacama.signed(plus_kg)}."


def test_second_colour_doubles_for_whoever_scores_the_line():
    line = atacama.parse_line("linie s1 G4* k1 S1 g1 K1 s1 G1 s1")
    for right in Right:
        field = next(f for f in atacama.score_free_line(line, right).fields if f.second)
        assert field.points == 8
    assert quiz("quiz-vier-taktik-fremd").answer == "Ja – es bringt dir +8."


def test_placement_answers_are_what_the_engine_allows():
    alone = atacama.parse_position("2p plan=übung:1 türme=e5 rechte=kg-s/r,sg-k/s")
    around = {"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}
    allowed = sorted(atacama.move_text(m) for m in atacama.legal_moves(alone)
                     if atacama.move_text(m) in around)
    assert allowed == ["d4", "d6", "f4", "f6"]
    assert all(sq in quiz("quiz-nachbarfelder").answer for sq in allowed)

    between = atacama.parse_position("2p plan=übung:1 türme=d3,f5 rechte=kg-s/r,sg-k/s")
    assert atacama.why_illegal(between, atacama.parse_move("e4")) is None
    assert quiz("quiz-zwischen-zwei").answer.startswith("Ja")

    row3 = atacama.parse_position("2p plan=übung:1 türme=a3,c3,e3,g3 rechte=kg-s/r,sg-k/s")
    in_row = [atacama.move_text(m) for m in atacama.legal_moves(row3)
              if re.fullmatch(r"[a-i]3", atacama.move_text(m))]
    assert in_row == ["i3"]
    assert quiz("quiz-fuenfter-turm").answer.startswith("Nur auf i3")

    taken = atacama.parse_position("2p+taktik plan=übung:1 türme=e5 rechte=kg-s/r,sg-k/s")
    assert atacama.why_illegal(taken, atacama.parse_move("e5*")) is not None
    assert quiz("quiz-ein-turm-pro-feld").answer.startswith("Nein")


# -- Quiz rules (#11.10, #21.3–5) computed from the loaded content ---------------------------


def test_every_pitfall_and_variant_is_asked():
    c = g().content
    tested = cc.tested(g())
    assert [p.id for p in c.pitfalls if p.id not in tested] == []
    assert [v.id for v in c.variants if v.id not in tested] == []


def test_rulings_covered():
    assert cc.ruling_coverage(g()) >= 0.7
    assert {ruling_id(code) for code in ("A1", "P4", "P5")} <= cc.tested(g())
