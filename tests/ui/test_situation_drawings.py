"""Engine-made practice situations can be answered from their picture, in plain German.

For every kind, ``REGELFRISCH_SITUATION_SEEDS`` seeds (default 1,000) are rendered. The checks
come from the engine and the text, not from the situation's own list of places: every field the
question, a choice or the explanation names, the start pawn, each gap crossed with both its
bordering tiles, the landing and the tile taken must be drawn; each question has exactly one
right choice; and no generated sentence shows a known bad pattern.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt

from app.model.quiz_round import QuizRound, Situation
from app.model.situations import KINDS, make_situation
from app.rules.atlantis import (
    ATLANTIS,
    MAINLAND,
    apply,
    explain,
    parse_move,
    parse_state,
    random_game,
)
from app.ui.boards.atlantis_scene import drawing_for, stretch_layout
from app.ui.situations import covers
from tests.ui.util import visible_text

SEEDS = int(os.environ.get("REGELFRISCH_SITUATION_SEEDS", "1000"))
GAMES = max(10, SEEDS // 50)

# Sentences a careful German reader stumbles over; each was once produced by a generator.
BAD_PATTERNS = {
    "„1“ mit Mehrzahl": re.compile(
        r"\b1 (deiner|Karten|Figuren|Felder|Wasserfelder|Punkte|Plättchen)\b"),
    "„0“ statt „keine“": re.compile(r"\b0 (Karten?|Figuren?|Felder|Plättchen)\b"),
    "Mehrzahl-Verb mit einem": re.compile(
        r"\b(stehen|standen|bleiben|verfallen|zählen) (1|eine?)\b(?! Karte zurück)"),
    "Einzahl-Verb mit mehreren": re.compile(
        r"\b(steht|stand|bleibt|verfällt|zählt) ([2-9]|zwei|drei|vier|fünf)\b"),
    "Festland ohne Artikel": re.compile(r"\b(auf|am) Festland\b"),
    "doppelter Satzteil": re.compile(r"landet auf \S+ und erreicht|erreicht das Festland[^.]*"
                                     r"erreicht das Festland"),
    "Kleinschreibung nach Doppelpunkt": re.compile(
        r": (du|es|das|der|die|dort|sie|er|man|jetzt|dann|also|ab|damit|dabei|danach|hier|"
        r"deine|dein|darauf|zwischen|nichts|niemand)\s+\w+"),
    "Lücke als Wertepaar": re.compile(r"Lücke \d+\s*[–-]\s*\d+"),
    "Spieler-Kennbuchstabe": re.compile(r"Spieler [a-d]\b"),
    "Leere Aufzählung": re.compile(r"\(\)|: \.|, \.| {2}"),
}


def bad_patterns(text: str) -> list[str]:
    return [name for name, pattern in BAD_PATTERNS.items() if pattern.search(text)]


def named_places(text: str) -> set[int]:
    """Places a sentence names: fields by number, the mainland; Atlantis as a place only."""
    places = {int(n) for n in re.findall(r"\bFeld (\d+)", text)}
    places |= {int(b) for _a, b in re.findall(r"\bFeld (\d+)[–-](\d+)", text)}
    if "Festland" in text:
        places.add(MAINLAND)
    if re.search(r"(?<!Richtung )\bAtlantis\b", text):
        places.add(ATLANTIS)
    return places


@pytest.fixture(scope="module")
def all_situations():
    # Seed by seed: the kinds of one seed share the game played to its middle (cached).
    made: dict[str, list] = {kind: [] for kind in KINDS}
    for seed in range(SEEDS):
        for kind in KINDS:
            made[kind].append(Rendered.of(make_situation(seed, kind)))
    return made


@dataclass(frozen=True)
class Rendered:
    """A situation, its position and move as the engine reads them, and the places drawn."""

    s: Situation
    state: object
    move: object
    outcome: object
    drawn: set[int]

    @classmethod
    def of(cls, s: Situation) -> Rendered:
        drawing = drawing_for(s.position, s.action, s.focus, whole=False)
        state = parse_state(s.position)
        move = parse_move(s.action)
        outcome = apply(state, move)[1]
        return cls(s, state, move, outcome,
                   set(stretch_layout(len(state.path), drawing.shown).rects))


@pytest.fixture(params=KINDS)
def situations(request, all_situations):
    return all_situations[request.param]


def test_every_place_the_question_needs_is_drawn(situations):
    for r in situations:
        s, state, move, movement = r.s, r.state, r.move, r.outcome.movement
        needed = {move.origin, movement.landing}
        for gap in movement.gaps:
            needed |= set(range(gap.first - 1, gap.last + 2))
        if s.kind not in ("plaettchen", "nachziehen"):
            # The player has to find the landing: every field passed matters.
            end = len(state.path) if movement.landing == MAINLAND else movement.landing
            needed |= set(range(move.origin, end + 1))
        if movement.taken.position is not None and s.kind == "plaettchen":
            needed.add(movement.taken.position)
        for text in (s.question, s.explanation, *(c.text for c in s.choices)):
            for field in re.findall(r"\bFeld (\d+)", text):
                assert 1 <= int(field) <= len(state.path), (s.seed, text)
            needed |= named_places(text) - ({MAINLAND} if s.kind == "bezahlen" else set())
        missing = needed - r.drawn
        assert not missing, (s.kind, s.seed, sorted(missing), s.question)


def test_exactly_one_right_choice_among_four(situations):
    for r in situations:
        s = r.s
        assert sum(c.correct for c in s.choices) == 1, (s.kind, s.seed)
        assert len({c.text for c in s.choices}) == 4, (s.kind, s.seed)
        assert all(c.pitfall for c in s.choices if not c.correct), (s.kind, s.seed)


def test_generated_sentences_read_well(situations):
    for r in situations:
        s = r.s
        steps = explain(r.outcome).steps
        for text in (s.question, s.explanation, *(c.text for c in s.choices),
                     *(step.text for step in steps)):
            assert not bad_patterns(text), (s.kind, s.seed, bad_patterns(text), text)
        for step in steps:
            for field in re.findall(r"\bFeld (\d+)", step.text):
                assert 1 <= int(field) <= len(r.state.path), (s.seed, step.text)


def test_explanations_of_whole_games_read_well():
    """Buying, bridges, „kein Zug“, final moves and the end of a game are explained too."""
    seen = set()
    for seed in range(GAMES):
        for step in random_game(seed, 2 + seed % 3):
            for line in explain(step.outcome).steps:
                assert not bad_patterns(line.text), (seed, bad_patterns(line.text), line.text)
                for field in re.findall(r"\bFeld (\d+)", line.text):
                    assert 1 <= int(field) <= len(step.before.path), (seed, line.text)
                seen.add(line.text.split(" ")[0])
    assert {"Schlusszug:", "Zu", "Du"} <= seen


def test_the_bad_patterns_catch_the_old_sentences():
    for old in ("Sie landet auf Festland und erreicht das Festland.",
                "Vorher standen 1 deiner Figuren auf dem Festland.",
                "nach dem Ausspielen bleiben dir 0 Karten.",
                "Keine deiner Figuren kann ziehen: du zeigst deine Karten.",
                "Lücke 4–5 (1 breit): 4"):
        assert bad_patterns(old), old


def test_a_situation_the_picture_cannot_answer_marks_nothing(library, tmp_path):
    from dataclasses import replace

    from app.model.progress import ProgressStore

    game = library.game("atlantis").game
    store = ProgressStore.open(tmp_path, game.id)
    blind = replace(make_situation(3), answerable=False)
    seen = make_situation(3)
    round_ = QuizRound(game, store, [blind, seen])
    wrong = next(i for i, c in enumerate(blind.choices) if not c.correct)
    assert round_.choose(wrong) is False
    assert round_.marked_now == [] and not store.marked()
    round_.next()
    wrong = next(i for i, c in enumerate(seen.choices) if not c.correct)
    round_.choose(wrong)
    assert round_.marked_now == [seen.choices[wrong].pitfall]


def test_the_quiz_shows_each_situation_with_its_start_and_gaps(qtbot, window):
    from PySide6.QtWidgets import QApplication

    from app.ui.boards.atlantis_scene import MiniBoard

    view = window.view_for("quiz")
    view.start_practice(list(range(20, 32)))
    for _ in range(12):
        s = view.round.current
        QApplication.processEvents()
        boards = [b for b in view.card.findChildren(MiniBoard) if b.isVisibleTo(view.card)]
        assert len(boards) == 1
        movement = apply(parse_state(s.position), parse_move(s.action))[1].movement
        drawn = boards[0].places()
        assert parse_move(s.action).origin in drawn and set(s.focus) <= drawn
        assert all(g.first - 1 in drawn and g.last + 1 in drawn for g in movement.gaps)
        assert s.answerable and covers(s)
        shown = visible_text(view.card)
        assert "Seed" not in shown and "Übungsnummer" not in shown
        qtbot.keyClick(view.choice_buttons[0], Qt.Key.Key_A + s.correct_index)
        assert view.round.revealed
        qtbot.keyClick(view.next_button, Qt.Key.Key_Space)
    assert view.round.knew_count == 12
