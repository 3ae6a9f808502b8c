"""Engine-made practice situations of Atacama and Survive: answerable, honest, from the engine.

Over ``REGELFRISCH_SITUATION_SEEDS`` seeds (default 1,000) per kind, as for Atlantis: exactly one
right choice, and it is what the engine says, worked out here again from the position; every
wrong choice is a different text and marks a pitfall (or step) of that game's content; the
same seed gives the same question.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest

from app.model import atacama_situations, survive_situations
from app.model.loader import load_library
from app.model.paths import content_root
from app.rules import atacama, survive
from app.rules.atacama.scoring import parse_line_label
from app.rules.errors import IllegalMoveError
from app.rules.survive.removal import removal_verdict

SEEDS = int(os.environ.get("REGELFRISCH_SITUATION_SEEDS", "1000"))
GAMES = {"atacama": atacama_situations, "survive": survive_situations}
KINDS = [(game, kind) for game, module in GAMES.items() for kind in module.KINDS]


@pytest.fixture(scope="module")
def targets():
    """What a wrong choice may mark, per game: a pitfall or a step of its content."""
    library = load_library(content_root())
    found = {}
    for game in GAMES:
        content = library.game(game).game.content
        found[game] = ({p.id for p in content.pitfalls}, {s.id for s in content.steps})
    return found


@pytest.fixture(scope="module", params=KINDS, ids=[f"{g}-{k}" for g, k in KINDS])
def made(request):
    game, kind = request.param
    make = GAMES[game].make_situation
    return game, kind, [make(seed, kind) for seed in range(SEEDS)]


def _engine_says(game: str, situation) -> bool | str:
    """The right answer, from the engine and the position alone."""
    if game == "atacama":
        state = atacama.parse_position(situation.position)
        if situation.kind == "setzen":
            return atacama.why_illegal(state, atacama.parse_move(situation.action)) is None
        direction, index = parse_line_label(situation.action)
        player = next(p for p, r in enumerate(state.rights) if r.direction is direction)
        right = state.rights[player].right
        return atacama.signed(atacama.score_line(state, direction, index, right).total)
    if situation.kind == "punkte":
        state = survive.parse_position(situation.position)
        try:
            cost = survive.plan_cost(state, survive.parse_plan(situation.action, state))
        except IllegalMoveError:
            cost = None
        return survive_situations.cost_text(cost)
    if situation.kind == "kreatur":
        creature, contents = survive.parse_encounter(situation.position)
        outcome = survive.resolve_encounter(creature, contents)
        return survive_situations.result_text(contents.boat is not None,
                                              outcome.passengers_after is not None, outcome.lost)
    return situation.action.split()[-1]


def test_exactly_one_right_choice_and_it_is_the_engines(made):
    game, kind, situations = made
    for s in situations:
        right = [c for c in s.choices if c.correct]
        assert len(right) == 1, (kind, s.seed)
        said = _engine_says(game, s)
        if kind == "setzen":
            assert right[0].text.startswith("Ja") is said, (s.seed, s.question, right[0])
        elif kind == "entfernen":
            state = survive.parse_position(s.position)
            for choice in s.choices:
                label = choice.text.split()[0]
                assert removal_verdict(state, label)[0] is choice.correct, (s.seed, choice)
            assert right[0].text.split()[0] == said
        else:
            assert right[0].text == said, (s.seed, s.question)


def test_wrong_choices_differ_and_each_marks_its_misconception(made, targets):
    game, kind, situations = made
    pitfalls, steps = targets[game]
    for s in situations:
        texts = [c.text for c in s.choices]
        assert len(set(texts)) == len(texts) >= 2, (kind, s.seed)
        if kind in ("linie", "entfernen"):
            assert len(texts) == 4, (kind, s.seed)
        for choice in s.choices:
            if not choice.correct:
                assert choice.pitfall in pitfalls | steps, (s.seed, choice)
        assert set(s.tests) <= pitfalls | steps
        assert s.question.endswith("?") and s.explanation


def test_setting_verdicts_are_not_guessable_from_the_kind():
    situations = [atacama_situations.make_situation(seed, "setzen") for seed in range(300)]
    verdicts = Counter(next(c for c in s.choices if c.correct).text.startswith("Ja")
                       for s in situations)
    assert min(verdicts.values()) >= len(situations) // 4, verdicts


def test_same_seed_same_question(made):
    game, kind, situations = made
    for seed in (0, 17, SEEDS - 1):
        assert GAMES[game].make_situation(seed, kind) == situations[seed]


def test_each_wrong_line_score_is_what_its_misconception_gives():
    """Worked out here from the fields, not from the generator's own list."""
    checked = Counter()
    for seed in range(200):
        s = atacama_situations.make_situation(seed, "linie")
        state = atacama.parse_position(s.position)
        direction, _index = parse_line_label(s.action)
        right = next(r for r in state.rights if r.direction is direction).right
        squares = atacama_situations.line_squares(s.action)
        occupied = [(state.board.fields[q], state.derricks[q]) for q in squares
                    if state.derricks[q] != 0]
        doubled = [(f, 2 if code > 1 else 1) for f, code in occupied]
        signed_values = [right.sign(f.resource) * f.value * k for f, k in doubled]
        empty = [state.board.fields[q] for q in squares if state.derricks[q] == 0]
        makes = {
            "werte-zaehlen": {sum(right.sign(f.resource) * k for f, k in doubled)},
            "fehlender-rohstoff-minus": {sum(v for v in signed_values if v > 0)},
            "leere-felder": {sum(signed_values) + sum(f.value for f in empty
                                                       if f.resource is not right.minus),
                             sum(signed_values) + sum(right.sign(f.resource) * f.value
                                                      for f in empty)},
            "unter-vier-nichts": {sum(signed_values), sum(v for v in signed_values if v > 0),
                                  sum(v for v in signed_values if v < 0)},
        }
        for choice in s.choices:
            if not choice.correct:
                assert choice.text in {atacama.signed(v) for v in makes[choice.pitfall]}, \
                    (seed, choice)
                checked[choice.pitfall] += 1
    assert set(checked) == {"werte-zaehlen", "fehlender-rohstoff-minus", "leere-felder",
                            "unter-vier-nichts"}, checked


def _price(state, plan):
    if not plan:
        return 0
    try:
        return survive.plan_cost(state, plan)
    except IllegalMoveError:
        return None


def _replayed(state, plan):
    """Each move of ``plan`` with the position before it, replayed here with the engine."""
    before = []
    for move in plan:
        before.append(state)
        state, _ = survive.apply(replace(state, points=3), move)
    return before


def test_each_wrong_price_is_what_its_misconception_gives():
    """Worked out here from the plan and the engine's refusal, not from the generator's list."""
    checked = Counter()
    for seed in range(SEEDS):
        s = survive_situations.make_situation(seed, "punkte")
        state = survive.parse_position(s.position)
        plan = survive.parse_plan(s.action, state)
        try:
            cost, refusal = survive.plan_cost(state, plan), ""
        except IllegalMoveError as refused:
            cost, refusal = None, refused.code
        ashore = sum(isinstance(m, survive.Step) and m.target.place is survive.Place.ISLAND
                     for m in plan)
        for choice in s.choices:
            if choice.correct:
                continue
            if choice.pitfall in ("boot-steuern", "schwimmer-ein-feld", "nie-zurueck"):
                # Not knowing the rule that forbids it: 1 point per move, as usual.
                forbids = {"boot-steuern": "not_in_control", "schwimmer-ein-feld": "already_swum",
                           "nie-zurueck": "never_back"}[choice.pitfall]
                assert refusal == forbids, (seed, choice)
                makes = {len(plan)}
            elif choice.pitfall == "schritt-2":  # every explorer aboard pays for the boat
                assert cost is not None
                aboard = [len(before.boat_at(m.origin).passengers)
                          for m, before in zip(plan, _replayed(state, plan), strict=True)
                          if isinstance(m, survive.BoatMove)]
                assert max(aboard) > 1
                makes = {cost + sum(n - 1 for n in aboard)}
            else:  # stepping ashore is free, or one point lands them all
                assert choice.pitfall == "aussteigen-kostet" and ashore
                landing = [i for i, m in enumerate(plan) if isinstance(m, survive.Step)
                           and m.target.place is survive.Place.ISLAND]
                makes = {_price(state, [m for i, m in enumerate(plan) if i not in landing]),
                         _price(state, [m for i, m in enumerate(plan)
                                        if i not in landing[1:]])} - {None}
            assert choice.text in {survive_situations.cost_text(n) for n in makes}, \
                (seed, choice)
            checked[choice.pitfall] += 1
    assert set(checked) == {"boot-steuern", "schwimmer-ein-feld", "nie-zurueck", "schritt-2",
                            "aussteigen-kostet"}, checked


def test_price_questions_start_a_move_in_a_reachable_position_and_name_the_way():
    verdicts = Counter()
    for seed in range(min(SEEDS, 300)):
        s = survive_situations.make_situation(seed, "punkte")
        state = survive.parse_position(s.position)
        assert survive.is_valid(state) and state.phase is survive.Phase.ZIEHEN, seed
        assert state.points == 3 and f"Du spielst {state.current.title}." in s.question
        for origin, target in survive_situations.route(s):
            for label in (origin, target):
                island = label in {i.value for i in survive.Island}
                named = survive.Island(label).german if island else label
                assert named in s.question, (seed, label, s.question)
        verdicts[next(c for c in s.choices if c.correct).text] += 1
    # „Gar nicht“ is neither a safe guess nor never right; dearer than 3 comes up too.
    forbidden = verdicts[survive_situations.cost_text(None)]
    assert sum(verdicts.values()) // 4 <= forbidden <= sum(verdicts.values()) * 3 // 5, verdicts
    assert any(text.startswith(("4 ", "5 ")) for text in verdicts), verdicts
