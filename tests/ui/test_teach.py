"""Erklärmodus through the real window, by keys as an explainer with a presenter remote would.

Every game is explained from the first screen to the last in one go at the sizes the table
uses; at each press nothing is cut, the board shows a valid position and the sentence shown
for a move is the engine's explanation of that very move.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.teaching import build_lesson, plain
from app.rules.registry import GAMES
from app.ui.teach import presentation as presentation_module
from app.ui.teach.presentation import Presentation, clock_text, open_presentation
from app.ui.teach.screen_view import BODY_PT
from app.ui.teach.stage import Played, _along
from app.ui.theme import DARK, LIGHT
from tests.conftest import FIXTURES, REPO

SHIPPED = sorted(GAMES)
BODY_NAMES = {"TeachBody", "TeachCaption", "TeachWrong", "TeachRight", "TeachMoveText"}


def _open_by_key(qtbot, window, game_id: str, size: QSize) -> Presentation:
    index = window.game_switcher.findData(game_id)
    window.game_switcher.setCurrentIndex(index)
    qtbot.waitUntil(lambda: window.state.game_id == game_id)
    window.activateWindow()
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    presentation = window.presentation
    qtbot.addWidget(presentation)
    presentation.showNormal()
    presentation.resize(size)
    qtbot.waitUntil(lambda: presentation.size() == size)
    qtbot.waitExposed(presentation)
    return presentation


def _expected_sentence(game_id: str, screen, build: int) -> str:
    """The engine's sentence for ``build``, made anew through the contract."""
    engine = GAMES[game_id]
    move_index, step_index = screen.move_steps[build - 1]
    demo = screen.moves[move_index]
    _after, outcome = engine.apply(demo.before, engine.parse_move(demo.notation, demo.before))
    return engine.explain(outcome).steps[step_index].text


def _walk(qtbot, p: Presentation, game_id: str, *, body_at_full_size: bool) -> list[str]:
    engine = GAMES[game_id]
    size = p.size()
    seen = []
    for _press in range(200):
        qtbot.wait(1)
        p.stage.finish()
        assert p.size() == size and not p.clipped_labels(), (
            p.screen.title, [label.text() for label in p.clipped_labels()])
        if body_at_full_size and not p.screen.first_move:
            for label in p.findChildren(type(p.clock)):
                if label.objectName() in BODY_NAMES and label.isVisibleTo(p):
                    assert label.font().pointSizeF() >= BODY_PT - 1e-6, label.text()
        if p.stage.isVisibleTo(p):
            assert engine.is_valid(p.stage.state), engine.violations(p.stage.state)
        if p.screen.moves and p.build:
            assert p.caption_text() == _expected_sentence(game_id, p.screen, p.build)
        seen.append(f"{p.index}.{p.build}")
        before = (p.index, p.build)
        qtbot.keyClick(p, Qt.Key.Key_PageDown)
        if (p.index, p.build) == before:
            break
    return seen


@pytest.mark.parametrize("size", [QSize(1280, 720), QSize(1920, 1080)],
                         ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", SHIPPED)
def test_each_game_is_explained_by_keys_from_first_to_last_screen(qtbot, window, game_id, size):
    section = window.state.section
    p = _open_by_key(qtbot, window, game_id, size)
    lesson = p.lesson
    seen = _walk(qtbot, p, game_id, body_at_full_size=size.height() == 1080)
    # Every screen and every sentence of every demonstrated move came by, in order.
    expected = [f"{i}.{b}" for i, s in enumerate(lesson.screens) for b in range(s.builds + 1)]
    assert seen == expected
    assert p.screen.first_move and p.shrink == 1.0
    qtbot.keyClick(p, Qt.Key.Key_Escape)
    assert not p.isVisible()
    assert window.state.game_id == game_id and window.state.section == section


def test_dark_screens_are_not_cut_either(qtbot):
    lesson = build_lesson(load_game(content_root() / "survive", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720), colours=DARK)
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    _walk(qtbot, p, "survive", body_at_full_size=False)
    assert DARK.bg in p.styleSheet() and LIGHT.bg not in p.styleSheet()


def test_back_keys_return_build_by_build_and_screen_by_screen(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    play = next(i for i, s in enumerate(lesson.screens) if s.moves)
    p.go_to(play)
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Right, Qt.Key.Key_Down):
        qtbot.keyClick(p, key)
    assert (p.index, p.build) == (play, 3)
    for key in (Qt.Key.Key_PageUp, Qt.Key.Key_Left, Qt.Key.Key_Up):
        qtbot.keyClick(p, key)
    assert (p.index, p.build) == (play, 0) and p.caption_text() == ""
    assert p.stage.state == lesson.screens[play].position
    qtbot.keyClick(p, Qt.Key.Key_PageUp)
    assert (p.index, p.build) == (play - 1, lesson.screens[play - 1].builds)
    qtbot.keyClick(p, Qt.Key.Key_End)
    assert p.screen.first_move
    qtbot.keyClick(p, Qt.Key.Key_Home)
    assert p.index == 0


def test_an_animation_never_holds_a_key(qtbot):
    lesson = build_lesson(load_game(content_root() / "survive", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    play = next(i for i, s in enumerate(lesson.screens) if len(s.moves) >= 2)
    p.go_to(play)
    qtbot.keyClick(p, Qt.Key.Key_PageDown)
    first = lesson.screens[play].moves[0]
    assert p.stage.animating and p.stage.current is first and p.stage.progress < 1.0
    qtbot.keyClick(p, Qt.Key.Key_PageDown)  # at once, mid-animation
    assert p.build == 2
    second = lesson.screens[play].moves[1]
    assert p.stage.current is second and p.stage.animating
    qtbot.keyClick(p, Qt.Key.Key_Escape)
    assert not p.isVisible() and not p.stage.animating
    assert p.stage.state == second.after


def test_b_blacks_the_screen_and_any_key_brings_it_back(qtbot):
    lesson = build_lesson(load_game(content_root() / "atacama", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    qtbot.keyClick(p, Qt.Key.Key_B)
    assert p.black and p.cover.geometry() == p.rect()
    image = p.grab().toImage()
    assert image.pixelColor(image.width() // 2, image.height() // 2).name() == "#000000"
    qtbot.keyClick(p, Qt.Key.Key_PageDown)  # brings the picture back, does not move on
    assert not p.black and p.index == 0
    qtbot.keyClick(p, Qt.Key.Key_Period)
    qtbot.keyClick(p, Qt.Key.Key_B)
    assert not p.black


def test_the_question_reveals_its_answer_on_the_next_press(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    index = next(i for i, s in enumerate(lesson.screens) if s.question is not None)
    p.go_to(index)
    assert not p.view.answer.isVisibleTo(p)
    qtbot.keyClick(p, Qt.Key.Key_PageDown)
    assert p.view.answer.isVisibleTo(p) and p.index == index
    texts = " ".join(label.text() for label in p.view.answer.findChildren(type(p.clock)))
    assert lesson.screens[index].question.answer.split()[0] in texts


def test_the_screen_reader_hears_each_screen_and_each_sentence(qtbot, monkeypatch):
    heard: list[str] = []
    monkeypatch.setattr(presentation_module, "announce", lambda _w, text, **_k: heard.append(text))
    lesson = build_lesson(load_game(content_root() / "atacama", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.keyClick(p, Qt.Key.Key_PageDown)
    assert lesson.screens[1].text() in heard[-1] and "Seite 2 von" in heard[-1]
    play = next(i for i, s in enumerate(lesson.screens) if s.moves)
    p.go_to(play)
    qtbot.keyClick(p, Qt.Key.Key_PageDown)
    assert heard[-1] == lesson.screens[play].moves[0].explanation.steps[0].text


def test_erster_zug_offers_the_legal_moves_and_explains_each_as_it_is_played(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    engine = lesson.engine
    p = open_presentation(lesson, screens=[], size=QSize(1920, 1080))
    qtbot.addWidget(p)
    qtbot.keyClick(p, Qt.Key.Key_End)
    view = p.view
    state = engine.new_game(seed=lesson.seed, players=3)
    moves = list(engine.legal_moves(state))
    assert len(view.moves) == len(moves)
    qtbot.keyClick(p, Qt.Key.Key_Down)
    chosen = moves[view.selected]
    _after, outcome = engine.apply(state, chosen)
    words = [step.text for step in engine.explain(outcome).steps]
    assert [label.text() for label in view.move_labels()] == words
    assert f"Zug {view.selected + 1} von {len(moves)}" in view.which.text()
    assert "(Taste\u00a02–4)" in view.which.text()  # never broken before the keys
    # The sentences of the move considered before are gone from this very frame.
    stale = [label for label in view.findChildren(type(p.clock), "TeachMoveText")
             if label.isVisibleTo(view) and label.text() not in words]
    assert stale == []
    qtbot.wait(1)
    shown = [label for label in view.findChildren(type(p.clock), "TeachMoveText")
             if label.isVisibleTo(view)]
    assert [label.text() for label in shown] == words
    assert p.stage.considered is not None and p.stage.considered.move == chosen
    assert not p.clipped_labels()
    qtbot.keyClick(p, Qt.Key.Key_Return)
    assert view.heading.text().startswith("Gespielt – Blau (a)")
    assert [label.text() for label in view.move_labels()] == words
    p.stage.finish()
    assert engine.format_position(p.stage.state) == engine.format_position(_after)
    assert view.who.text() == "Weiß (b) ist dran"
    qtbot.keyClick(p, Qt.Key.Key_2)  # set up anew for two players
    assert view.players == 2 and engine.format_position(view.state) == \
        engine.format_position(engine.new_game(seed=lesson.seed, players=2))
    qtbot.keyClick(p, Qt.Key.Key_7)  # Atlantis has no seven-player game: nothing changes
    assert view.players == 2


class _FakeScreen:
    def __init__(self, rect: QRect):
        self.rect = rect

    def geometry(self) -> QRect:
        return self.rect


def test_with_a_second_screen_the_explainer_gets_the_notes(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    screens = [_FakeScreen(QRect(0, 0, 1280, 800)), _FakeScreen(QRect(1280, 0, 1920, 1080))]
    p = open_presentation(lesson, screens=screens, size=QSize(1280, 720))
    qtbot.addWidget(p)
    notes = p.notes
    assert notes is not None and notes.isVisible()
    qtbot.addWidget(notes)
    assert notes.title.text() == lesson.screens[0].title
    assert notes.say.text() == plain(lesson.screens[0].notes) and notes.say.text()
    assert "Seite 1 von" in notes.where.text()
    assert notes.next_text.text() == f"Nächste Seite: {lesson.screens[1].title}"
    qtbot.keyClick(notes, Qt.Key.Key_PageDown)  # the explainer's keyboard works too
    assert p.index == 1 and notes.title.text() == lesson.screens[1].title
    pitfall = next(i for i, s in enumerate(lesson.screens) if s.pitfalls and not s.moves)
    p.go_to(pitfall)
    wrong = lesson.screens[pitfall].pitfalls[0]
    assert notes.wrong.isVisibleTo(notes) and "Nicht:" in notes.wrong.text()
    assert plain(wrong.wrong) in notes.wrong.text() and plain(wrong.text) in notes.wrong.text()
    play = next(i for i, s in enumerate(lesson.screens) if s.moves)
    p.go_to(play)
    first = lesson.screens[play].moves[0].explanation.steps[0].text
    assert notes.next_text.text() == f"Nächster Satz: {first}"
    assert notes.clock.text() == p.clock.text()
    qtbot.keyClick(p, Qt.Key.Key_Escape)
    assert not notes.isVisible()


def test_erster_zug_names_only_player_counts_the_game_has(qtbot):
    lesson = build_lesson(load_game(content_root() / "atacama", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.keyClick(p, Qt.Key.Key_End)
    assert "(Taste\u00a02 oder 4)" in p.view.which.text()
    qtbot.keyClick(p, Qt.Key.Key_3)  # Atacama has no three-player game
    assert p.view.players == 2
    qtbot.keyClick(p, Qt.Key.Key_4)
    assert p.view.players == 4 and "4 Spieler" in p.view.which.text()


def test_one_screen_means_no_notes_window(qtbot):
    lesson = build_lesson(load_game(content_root() / "atacama", check=False).game)
    p = open_presentation(lesson, screens=[_FakeScreen(QRect(0, 0, 1280, 720))],
                          size=QSize(1280, 720))
    qtbot.addWidget(p)
    assert p.notes is None


def test_an_own_pack_is_explained_without_a_board(qtbot):
    game = load_game(FIXTURES / "minigame", check=False).game
    lesson = build_lesson(game, engine=None)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    assert p.stage is None
    for _ in range(len(lesson.screens) + 2):
        assert not p.clipped_labels()
        qtbot.keyClick(p, Qt.Key.Key_PageDown)
    assert p.index == len(lesson.screens) - 1


def test_clock_says_time_taken_and_target():
    assert clock_text(0, 8) == "0:00 von ≈ 8 Min."
    assert clock_text(61_999, 10) == "1:01 von ≈ 10 Min."


HIGH_DPI = r"""
import json, os, sys
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication
from app.model.loader import load_game
from app.model.paths import content_root
from app.model.teaching import build_lesson, plain
from app.ui.teach.presentation import open_presentation
app = QApplication([])
report = {"ratio": app.primaryScreen().devicePixelRatio(), "games": {}}
for gid in ("atlantis", "atacama", "survive"):
    lesson = build_lesson(load_game(content_root() / gid, check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1920, 1080))
    cut, presses = [], 0
    while True:
        app.processEvents()
        if p.stage: p.stage.finish()
        cut += [p.screen.title for _ in p.clipped_labels()]
        before = (p.index, p.build)
        p.next()
        presses += 1
        if (p.index, p.build) == before: break
    image = p.grab()
    report["games"][gid] = {"cut": cut, "presses": presses, "shrink": p.shrink,
                            "pixels": [image.width(), image.height()]}
    p.close()
print(json.dumps(report))
"""


def test_high_dpi_3840x2160_cuts_nothing():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2",
               PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", HIGH_DPI], env=env, capture_output=True,
                         text=True, timeout=240, cwd=REPO)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["ratio"] == 2.0
    for gid, result in report["games"].items():
        assert result["cut"] == [], gid
        assert result["pixels"] == [3840, 2160] and result["shrink"] == 1.0
        assert result["presses"] > 10


def _board_image(stage) -> QImage:
    canvas = stage._canvas()
    ratio = canvas.devicePixelRatioF()
    image = QImage(round(canvas.width() * ratio), round(canvas.height() * ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    stage.paint_board_uncached(painter)
    painter.end()
    return image


@pytest.mark.parametrize("game_id", SHIPPED)
def test_after_a_pause_a_press_paints_no_board_from_scratch(qtbot, game_id):
    """The stage paints the next press's board while idle; the press only blits it, the
    picture is the drawing itself, and the board keeps its size from screen to screen."""
    lesson = build_lesson(load_game(content_root() / game_id, check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    stage = p.stage
    sizes, blits, compared = set(), 0, 0
    while not p.screen.first_move:
        qtbot.waitUntil(lambda: not stage.preparing)
        fresh = stage.painted_fresh
        qtbot.keyClick(p, Qt.Key.Key_PageDown)
        p.grab()  # the frame after the press
        if stage.isVisibleTo(p) and not p.screen.first_move:
            sizes.add(stage.size().toTuple())
            assert stage.painted_fresh == fresh, (p.index, p.build)
            blits += 1
            if compared < 3 and p.build:
                stage.finish()
                picture = stage.picture()
                assert picture is not None
                assert picture.toImage().convertToFormat(
                    QImage.Format.Format_ARGB32_Premultiplied) == _board_image(stage)
                compared += 1
    assert blits >= 5 and compared == 3
    assert len(sizes) == 1, sizes


def _read_all_pages(qtbot, p: Presentation) -> list[str]:
    """Every sentence of the move on show, page by page (Leertaste), checking nothing is cut."""
    view = p.view
    read = []
    while True:
        qtbot.wait(1)
        assert not p.clipped_labels(), [label.text() for label in p.clipped_labels()]
        shown = [label.text() for label in view.move_labels()]
        assert shown, "a page without a sentence"
        read += shown
        if view.words.last >= len(view.sentences):
            return read
        assert "Leertaste: weiter" in view.more.text()
        qtbot.keyClick(p, Qt.Key.Key_Space)


@pytest.mark.parametrize("size", [QSize(1280, 720), QSize(1920, 1080)],
                         ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", SHIPPED)
def test_erster_zug_explains_every_legal_first_move_without_cutting_it(qtbot, game_id, size):
    lesson = build_lesson(load_game(content_root() / game_id, check=False).game)
    engine = lesson.engine
    p = open_presentation(lesson, screens=[], size=size)
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    qtbot.keyClick(p, Qt.Key.Key_End)
    view = p.view
    start = lesson.first_move_game()
    moves = list(engine.legal_moves(start))
    assert len(view.moves) == len(moves) > 1
    seen = set()
    for _ in moves:
        qtbot.keyClick(p, Qt.Key.Key_Down)
        move = moves[view.selected]
        seen.add(view.selected)
        _after, outcome = engine.apply(start, move)
        assert _read_all_pages(qtbot, p) == [s.text for s in engine.explain(outcome).steps]
    assert seen == set(range(len(moves)))
    assert p.index == len(lesson.screens) - 1


def test_a_long_explanation_goes_page_by_page_and_back(qtbot):
    """Later in a practice game an Atlantis move may cross five gaps: sixteen sentences. They
    come a page at a time in full size; Rücktaste goes back a page before it leaves."""
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    engine = lesson.engine
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    qtbot.keyClick(p, Qt.Key.Key_End)
    view = p.view

    def words(move) -> list[str]:
        return [s.text for s in engine.explain(engine.apply(view.state, move)[1]).steps]

    rng = random.Random(3)
    for _turn in range(60):
        lengths = [sum(map(len, words(m))) for m in view.moves]
        if max(lengths) > 900:
            break
        for _ in range(rng.randrange(len(view.moves))):
            qtbot.keyClick(p, Qt.Key.Key_Down)
        qtbot.keyClick(p, Qt.Key.Key_Return)
    else:
        pytest.fail("no long explanation came up in 60 turns")
    target = lengths.index(max(lengths))
    while view.selected != target:
        qtbot.keyClick(p, Qt.Key.Key_Down)
    expected = words(view.moves[target])
    assert _read_all_pages(qtbot, p) == expected
    assert view.words.first > 0 and view.body_size_kept()
    last_page_start = view.words.first
    qtbot.keyClick(p, Qt.Key.Key_Backspace)  # one page back, still on „Erster Zug“
    assert p.screen.first_move and view.words.first < last_page_start
    while view.words.first > 0:
        qtbot.keyClick(p, Qt.Key.Key_Backspace)
    assert view.move_labels()[0].text() == expected[0]
    qtbot.keyClick(p, Qt.Key.Key_Backspace)  # from the first page the key goes back a screen
    assert not p.screen.first_move


def _shows_colour(image: QImage, centre, radius: int, colour, tolerance: int = 24) -> bool:
    """Whether a pixel near ``centre`` (device pixels) has ``colour``."""
    target = QColor(colour)
    for x in range(int(centre.x()) - radius, int(centre.x()) + radius + 1, 2):
        for y in range(int(centre.y()) - radius, int(centre.y()) + radius + 1, 2):
            if 0 <= x < image.width() and 0 <= y < image.height():
                pixel = image.pixelColor(x, y)
                if max(abs(pixel.red() - target.red()), abs(pixel.green() - target.green()),
                       abs(pixel.blue() - target.blue())) <= tolerance:
                    return True
    return False


def _at(stage, fraction: float) -> QImage:
    stage._animation.setCurrentTime(int(stage._animation.duration() * fraction))
    return stage.grab().toImage()


def _overlay_at(stage, fraction: float) -> QImage:
    """Only what the stage paints over the drawing, ``fraction`` into the animation."""
    stage._animation.setCurrentTime(int(stage._animation.duration() * fraction))
    image = QImage(stage.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    stage.paint_overlay(painter)
    painter.end()
    return image


def test_a_bridge_is_laid_across_the_gap_as_it_is_played(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    qtbot.keyClick(p, Qt.Key.Key_End)
    view, stage = p.view, p.stage
    assert stage.current is None and stage.considered.outcome.movement is not None
    while type(view.moves[view.selected]).__name__ != "PlaceBridge":
        qtbot.keyClick(p, Qt.Key.Key_Up)
    qtbot.keyClick(p, Qt.Key.Key_Return)
    assert stage.animating
    gap = stage.current.outcome.bridges[0].gap
    points = stage._plank_points(gap)
    near_start = _along(points, 0.3)  # the water next to the bank the plank starts from
    near_end = _along(points, 0.7)
    plank = stage.scene.colours.plank
    early, later = _at(stage, 0.2), _at(stage, 0.8)
    assert not _shows_colour(early, near_end, 2, plank)
    assert _shows_colour(early, near_start, 2, plank) or _shows_colour(later, near_start, 2, plank)
    assert _shows_colour(later, near_end, 2, plank)
    qtbot.keyClick(p, Qt.Key.Key_Down)  # mid-animation: the key acts at once
    assert not stage.animating and stage.considered is not None


def test_bought_cards_come_in_as_the_tile_goes(qtbot):
    lesson = build_lesson(load_game(content_root() / "atlantis", check=False).game)
    engine = lesson.engine
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    state = lesson.first_move_game()
    for notation in ("0:K", "0:S", "0:SF"):
        state, _outcome = engine.apply(state, engine.parse_move(notation, state))
    move = engine.parse_move("kaufen F6", state)
    after, outcome = engine.apply(state, move)
    assert len(outcome.purchase.draw.cards) == 3
    qtbot.keyClick(p, Qt.Key.Key_End)
    stage = p.stage
    stage.play(Played(state, move, after, outcome))
    assert stage.animating and stage.duration(stage.current) >= 600
    first_card = QColor(outcome.purchase.draw.cards[0].colour)
    tile = QColor(outcome.purchase.tile.item.colour)
    start, end = _overlay_at(stage, 0.05), _overlay_at(stage, 0.95)
    centre, region = stage.rect().center(), max(stage.width(), stage.height()) // 2
    assert _shows_colour(start, centre, region, tile, 12)
    assert first_card == tile or not _shows_colour(start, centre, region, first_card, 6)
    assert _shows_colour(end, centre, region, first_card, 6)
    stage.finish()
    assert stage.state == after


def test_the_creature_die_tumbles_to_the_creature_rolled(qtbot):
    from app.ui.boards.survive_map import current_colours

    lesson = build_lesson(load_game(content_root() / "survive", check=False).game)
    p = open_presentation(lesson, screens=[], size=QSize(1280, 720))
    qtbot.addWidget(p)
    qtbot.waitExposed(p)
    index = next(i for i, s in enumerate(lesson.screens)
                 if any(type(m.move).__name__ == "Roll" for m in s.moves))
    p.go_to(index)
    qtbot.keyClick(p, Qt.Key.Key_PageDown)
    stage = p.stage
    roll = stage.current.move
    assert type(roll).__name__ == "Roll" and stage.animating
    colour = current_colours().creatures[roll.creature]
    centre = stage.rect().center()
    rest = _at(stage, 0.9)
    assert _shows_colour(rest, centre, int(stage.board.radius), colour, 10)
    build = p.build
    qtbot.keyClick(p, Qt.Key.Key_PageDown)  # at once, mid-tumble
    assert p.build == build + 1 and stage.current is not None
