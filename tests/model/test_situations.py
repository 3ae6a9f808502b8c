"""Engine-made quiz situations: the right choice is the engine's, the wrong ones are pitfalls."""

from __future__ import annotations

from collections import Counter

import pytest

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.situations import KINDS, make_situation, payment_text
from app.rules.atlantis import example_facts, parse_payment, parse_state, parse_tile

SEEDS = range(500)


@pytest.fixture(scope="module")
def pitfall_ids():
    """What a wrong choice may mark: a pitfall, or a numbers row (the gap-cost number)."""
    game = load_library(content_root()).game("atlantis").game
    return {p.id for p in game.content.pitfalls} | {n.id for n in game.content.numbers}


@pytest.fixture(scope="module")
def situations():
    return [make_situation(seed) for seed in SEEDS]


def _engine_answer(situation) -> str:
    facts = example_facts(situation.position, situation.action)
    if situation.kind == "landung":
        landing = facts["landing"]
        return "Festland" if landing == "Festland" else f"Feld {landing}"
    if situation.kind == "plaettchen":
        tile = parse_tile(facts["tile_taken"])
        return f"{tile.item.display}, Wert {tile.value}"
    if situation.kind == "kosten":
        return str(facts["total_cost"])
    if situation.kind == "bezahlen":
        return payment_text(parse_payment(facts["payment"]))
    return str(facts["cards_drawn"])


def test_the_right_choice_is_the_engines_answer(situations):
    for situation in situations:
        right = [c for c in situation.choices if c.correct]
        assert len(right) == 1, situation.seed
        assert right[0].text == _engine_answer(situation), (situation.seed, situation.question)


def test_four_unique_choices_and_each_wrong_one_names_a_real_pitfall(situations, pitfall_ids):
    for situation in situations:
        texts = [c.text for c in situation.choices]
        assert len(texts) == 4 and len(set(texts)) == 4, situation.seed
        for choice in situation.choices:
            if not choice.correct:
                assert choice.pitfall in pitfall_ids, (situation.seed, choice)


def test_same_seed_same_question(situations):
    for seed in (0, 17, 499):
        again = make_situation(seed)
        assert again == situations[seed]


def test_every_kind_comes_up(situations):
    kinds = Counter(s.kind for s in situations)
    assert set(kinds) == set(KINDS)
    assert min(kinds.values()) >= 20


def test_positions_round_trip_and_questions_are_german(situations):
    for situation in situations[:50]:
        parse_state(situation.position)
        assert situation.question.endswith("?")
        assert situation.explanation


def _misconceptions(state, gaps) -> dict[str, set[int]]:
    """What each misconception makes of ``gaps``, worked out here from the gaps alone."""
    free = [g for g in gaps if g.bridge is None]
    return {
        "breite-luecken": {sum(min(g.left, g.right) * g.width for g in free),
                           sum(g.width for g in free),
                           max((g.cost for g in gaps), default=0)},
        "zahl-luecke": {sum(max(g.left, g.right) for g in free),
                        sum(g.left + g.right for g in free)},
        "bruecke-fuer-alle": {sum(min(g.left, g.right) if g.bridge not in (None, state.turn)
                                  else g.cost for g in gaps)},
        "zahl-bruecke": {sum(min(g.left, g.right) for g in gaps)},
    }


def test_each_wrong_cost_is_what_its_named_misconception_gives():
    from app.rules.atlantis import apply, parse_move

    checked = 0
    for seed in range(300):
        situation = make_situation(seed, "kosten")
        state = parse_state(situation.position)
        move = parse_move(situation.action)
        gaps = apply(state, move)[1].movement.gaps
        makes = _misconceptions(state, gaps)
        for choice in situation.choices:
            if not choice.correct:
                assert int(choice.text) in makes[choice.pitfall], (seed, choice, gaps)
                checked += 1
        # „Only the last gap“ was offered for one-card moves, where it is no mistake at all.
        if len(move.cards) == 1 and len(gaps) > 1:
            last_only = str(gaps[-1].cost)
            assert all(c.correct or c.text != last_only or int(last_only) in
                       makes[c.pitfall] for c in situation.choices)
    assert checked == 900


def test_unpaid_final_moves_cite_e2_not_r6():
    """Giving everything and counting the rest as minus is ruling E2 (R6 is pawn by pawn)."""
    from app.rules.atlantis import apply, explain, parse_move

    state = parse_state("R3 ~ K5 ~ H2 [aaabb] | b: R | zug:b phase:schluss")
    _after, outcome = apply(state, parse_move("schluss 0"))
    steps = [s for s in explain(outcome).steps if "am Ende minus" in s.text]
    debt = [s.text for s in steps]
    assert debt and all("Auslegung E2" in text and "R6" not in text for text in debt), debt
    assert all("E2" in s.rulings and "R6" not in s.rulings for s in steps)
    assert "zählen 4 am Ende minus" in debt[0]
