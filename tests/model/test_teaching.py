"""The teaching mode's order of screens, its demonstration game and its checks."""

from __future__ import annotations

import re
import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from app.model.loader import ContentError, load_game
from app.model.paths import content_root
from app.model.teaching import (
    CHECKPOINT_PARTS,
    PARTS,
    build_lesson,
    choose_question,
    plain,
)
from app.rules.registry import GAMES
from tests.conftest import FIXTURES

SHIPPED = sorted(GAMES)


@pytest.fixture(scope="module")
def games():
    return {gid: load_game(content_root() / gid, check=False).game for gid in SHIPPED}


@pytest.fixture(scope="module")
def lessons(games):
    return {gid: build_lesson(game) for gid, game in games.items()}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_demonstration_position_is_valid(lessons, game_id):
    lesson = lessons[game_id]
    engine = GAMES[game_id]
    positions = list(lesson.positions())
    assert len(positions) >= 3
    for state in positions:
        assert engine.is_valid(state), engine.violations(state)
        # …and survives the notation both ways, so it is a position the engine can name.
        text = engine.format_position(state)
        assert engine.format_position(engine.parse_position(text)) == text


@pytest.mark.parametrize("game_id", SHIPPED)
def test_each_move_shown_is_the_engines_move_and_its_words_are_the_engines(
        lessons, games, game_id):
    lesson, engine = lessons[game_id], GAMES[game_id]
    teach = games[game_id].content.teach
    # Replay the notations of the content on a fresh seeded game, through the contract only.
    state = engine.new_game(seed=teach.seed, variant=teach.variant, players=teach.players)
    played = [m for s in lesson.screens for m in s.moves]
    notations = [n for s in teach.screens for n in s.moves]
    assert [m.notation for m in played] == [
        engine.format_move(engine.parse_move(n, s), s) for n, s in
        zip(notations, [m.before for m in played], strict=True)]
    for move in played:
        assert engine.format_position(move.before) == engine.format_position(state)
        state, outcome = engine.apply(state, engine.parse_move(move.notation, state))
        assert move.explanation == engine.explain(outcome)
        assert engine.format_position(move.after) == engine.format_position(state)
        assert move.explanation.steps, "a demonstrated move needs words"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_each_board_continues_the_one_before(lessons, game_id):
    engine = GAMES[game_id]
    shown = [s for s in lessons[game_id].screens if s.position is not None and not s.first_move]
    for before, after in pairwise(shown):
        assert engine.format_position(after.position) == \
            engine.format_position(before.last_position)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_order_follows_the_teaching_parts(lessons, game_id):
    lesson = lessons[game_id]
    order = [key for key, _title in PARTS]
    seen = [order.index(s.part) for s in lesson.screens]
    assert seen == sorted(seen), "parts out of order"
    assert [k for k, _ in lesson.parts()] == order
    assert lesson.screens[-1].first_move and lesson.screens[0].part == "worum"
    assert lesson.minutes == lessons[game_id].minutes > 0


@pytest.mark.parametrize("game_id", SHIPPED)
def test_questions_ask_what_was_just_explained_and_nothing_not_yet_explained(
        lessons, games, game_id):
    lesson, game = lessons[game_id], games[game_id]
    rulings = {r.id for r in game.content.interpretations}
    explained: set[str] = set()
    questions = 0
    for index, screen in enumerate(lesson.screens):
        if screen.question is None:
            explained.update(screen.ids)
            continue
        questions += 1
        tests = set(screen.question.tests)
        part_ids = {i for s in lesson.screens if s.part == screen.part for i in s.ids}
        assert tests & part_ids, f"{screen.question.id} tests nothing of „{screen.part}“"
        assert tests <= explained | rulings, f"{screen.question.id} asks ahead"
        assert lesson.screens[index - 1].part == screen.part
    assert questions >= 2
    asked = [s.question.id for s in lesson.screens if s.question is not None]
    assert len(asked) == len(set(asked))


def test_choose_question_prefers_the_question_on_most_of_the_part():
    class Q:
        def __init__(self, qid, tests):
            self.id, self.tests = qid, tests

    quiz = [Q("a", ["x", "later"]), Q("b", ["x"]), Q("c", ["x", "y"]), Q("d", ["z"])]
    assert choose_question(quiz, {"x", "y"}, {"x", "y", "z"}).id == "c"
    assert choose_question(quiz, {"x"}, {"x", "y", "z"}).id == "b"
    assert choose_question(quiz, {"x"}, {"x", "y"}, asked={"b", "c"}) is None
    assert choose_question(quiz, {"q"}, {"q", "x"}) is None


def test_a_pack_without_engine_gets_the_default_order_without_a_board():
    game = load_game(FIXTURES / "minigame", check=False).game
    lesson = build_lesson(game, engine=None)
    kinds = [(s.part, s.kind) for s in lesson.screens]
    assert kinds[0] == ("worum", "text")
    assert ("zug", "text") in kinds and ("achtung", "text") in kinds
    assert all(s.position is None and not s.moves for s in lesson.screens)
    assert not any(s.first_move for s in lesson.screens)
    assert lesson.screens[[s.part for s in lesson.screens].index("zug")].title == "Würfeln"
    question = next(s for s in lesson.screens if s.question is not None)
    assert question.question.id == "quiz-wuerfeln" and question.part in CHECKPOINT_PARTS


def test_a_shipped_game_without_teach_section_still_gets_a_demonstration(games):
    game = games["atlantis"]
    bare = game.model_copy(update={"content": game.content.model_copy(update={"teach": None})})
    lesson = build_lesson(bare)
    played = [s for s in lesson.screens if s.moves]
    assert len(played) == 1 and played[0].part == "zug"
    assert all(GAMES["atlantis"].is_valid(p) for p in lesson.positions())
    assert lesson.screens[-1].first_move


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_screen_has_notes_for_the_explainer(games, lessons, game_id):
    """What to say and what goes wrong here, for the second screen: on every screen of the
    ``teach:`` order; a ruling it names is one of the game's own."""
    codes = {r.code for r in games[game_id].content.interpretations}
    screens = [s for s in lessons[game_id].screens if s.question is None and not s.first_move]
    assert len(screens) == len(games[game_id].content.teach.screens)
    for screen in screens:
        notes = plain(screen.notes)
        assert notes, screen.title
        assert notes.count(". ") + notes.count(": ") >= 1 and 80 <= len(notes) <= 650, notes
        assert notes not in screen.text()
        for code in re.findall(r"Auslegung ([A-Z]\d+)", notes):
            assert code in codes, (screen.title, code)


def test_plain_drops_markdown_emphasis():
    assert plain("**14** der _Grundfarbe_ –\n gesetzt") == "14 der Grundfarbe – gesetzt"


def test_screen_text_is_what_a_screen_reader_hears(lessons):
    screen = next(s for s in lessons["atlantis"].screens if s.ids == ("zweite-karte",))
    text = screen.text()
    assert text.startswith("Achtung: Eine zweite Karte nur, wenn das Ziel besetzt ist.")
    assert "Nicht: Ich lege zwei Karten" in text and "Richtig:" in text and "**" not in text


# --- `teach:` problems name file and line -----------------------------------------------------

TEACH_HEAD = "teach:\n  minutes: 7\n  seed: 1\n  players: 2\n  screens:\n"


@pytest.fixture
def atacama_copy(tmp_path: Path) -> Path:
    target = tmp_path / "atacama"
    shutil.copytree(content_root() / "atacama", target)
    text = (target / "game.yaml").read_text(encoding="utf-8")
    head = text.index("\nteach:")
    (target / "game.yaml").write_text(text[:head + 1], encoding="utf-8")
    return target


def _with_teach(folder: Path, screens: str) -> int:
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + TEACH_HEAD + screens, encoding="utf-8")
    return text.count("\n") + TEACH_HEAD.count("\n") + 1  # first screen line


@pytest.mark.parametrize(("screens", "offset", "words"), [
    ("    - part: zug\n      show: [schritt-1, gibt-es-nicht]\n", 1, "„gibt-es-nicht“ ist kein"),
    ("    - part: worum\n      summary: [9]\n", 1, "nur 3 Absätze"),
    ("    - part: zug\n      show: [schritt-1]\n      moves: [e5, e6]\n", 2,
     "Der Vorführzug „e6“ geht hier nicht: e6 teilt eine Kante"),
    ("    - part: zug\n      moves: [z9]\n", 1, "„z9“"),
    ("    - part: ende\n      ask: quiz-gibt-es-nicht\n", 1, "Quizfrage"),
    ("    - part: ende\n", 0, "zeigt nichts"),
    ("    - part: erster-zug\n      summary: [1]\n", 0, "am Schluss"),
])
def test_teach_problems_name_file_and_line(atacama_copy, screens, offset, words):
    first = _with_teach(atacama_copy, screens)
    with pytest.raises(ContentError) as info:
        load_game(atacama_copy, check=False)
    problems = info.value.problems
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.file == atacama_copy / "game.yaml"
    assert problem.line == first + offset, (problem, first)
    assert words in problem.message


def test_teach_schema_problems_name_file_and_line(atacama_copy):
    first = _with_teach(atacama_copy, "    - part: pause\n      summary: [1]\n")
    with pytest.raises(ContentError) as info:
        load_game(atacama_copy, check=False)
    (problem,) = info.value.problems
    assert problem.line == first and problem.file.name == "game.yaml"


def test_a_teach_section_of_a_game_without_engine_may_not_play_moves(tmp_path):
    folder = tmp_path / "minigame"
    shutil.copytree(FIXTURES / "minigame", folder)
    first = _with_teach(folder, "    - part: zug\n      show: [schritt-1]\n      moves: [w6]\n")
    with pytest.raises(ContentError) as info:
        load_game(folder, check=False)
    (problem,) = info.value.problems
    assert problem.line == first + 2 and "Regel-Engine" in problem.message


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_snapshot_record_explains_the_same_as_the_full_model(games, lessons, game_id):
    # The window may hold a game read from the start-up snapshot: plain records, no pydantic.
    import json

    from app.model.snapshot import GameRecord, _revive, plain

    data = json.loads(json.dumps(plain(games[game_id])))
    record = GameRecord({k: _revive(v) for k, v in data.items()})
    lesson = build_lesson(record)
    full = lessons[game_id]
    assert [(s.part, s.title, s.ids, [m.notation for m in s.moves]) for s in lesson.screens] == \
        [(s.part, s.title, s.ids, [m.notation for m in s.moves]) for s in full.screens]
