"""The quiz round by keyboard, the „Nachlesen“ marks it leaves, and what survives a restart."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.progress import Grade
from app.model.quiz_round import SECTION_OF_KIND, QuizRound
from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.views.quiz_view import QuizView
from tests.ui.util import visible_text


def open_window(qtbot, library, folder):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(folder))
    qtbot.addWidget(window)
    window.show()
    return window


def press(qtbot, view, key):
    # Like a user: the key goes to whatever has focus in the quiz card.
    focused = QApplication.focusWidget()
    target = focused if focused is not None and view.isAncestorOf(focused) else view.card
    qtbot.keyClick(target, key)


def quiz_view(window) -> QuizView:
    view = window.view_for("quiz")
    assert isinstance(view, QuizView)
    return view


def test_full_round_by_keyboard(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    press(qtbot, view, Qt.Key.Key_Return)  # the focused start button
    assert view.round is not None and len(view.round.questions) == 10
    first = view.round.current
    assert first.answer not in visible_text(view.card), "the answer stays hidden until revealed"
    assert view.grade_buttons == {}, "no grade buttons before revealing"
    press(qtbot, view, Qt.Key.Key_3)
    assert view.round.index == 0, "grading before revealing does nothing"
    grades = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3] * 4
    for i in range(10):
        item = view.round.current
        press(qtbot, view, Qt.Key.Key_Space)
        assert view.round.revealed
        shown = visible_text(view.card)
        assert item.explanation.split()[0] in shown
        assert set(view.grade_buttons) == set(Grade)
        assert "Sei streng" in shown
        press(qtbot, view, grades[i])
    assert view.round.finished
    summary = visible_text(view.card)
    assert "Runde beendet" in summary and "von 10 gewusst" in summary
    store = window.services.progress.store("atlantis")
    assert store.answers == 10


def answer_first(qtbot, view, key):
    press(qtbot, view, Qt.Key.Key_Return)
    item = view.round.current
    press(qtbot, view, Qt.Key.Key_Space)
    press(qtbot, view, key)
    return item


def test_did_not_know_marks_refresher_and_survives_restart(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    item = answer_first(qtbot, quiz_view(window), Qt.Key.Key_3)
    pitfalls = [t for t in item.tests
                if t in {p.id for p in library.game("atlantis").game.content.pitfalls}]
    assert pitfalls, "the first question tests a pitfall"
    view = window.view_for("pitfalls")
    for pitfall in pitfalls:
        assert view.mark_badges[pitfall].isVisible()
        assert view.anchors[pitfall].property("marked") is True
    assert window.marked_count("pitfalls") == len(pitfalls)
    assert window.section_list.item(3).text() == "Leicht vergessen"
    window.close()

    # A new window on the same data folder still shows the marks.
    second = open_window(qtbot, library, tmp_path)
    view = second.view_for("pitfalls")
    assert all(view.mark_badges[p].isVisible() for p in pitfalls)

    # Answering the same question "Wusste ich" later clears them.
    quiz = quiz_view(second)
    press(qtbot, quiz, Qt.Key.Key_Return)
    assert quiz.round.current.id == item.id, "what you did not know comes back first"
    press(qtbot, quiz, Qt.Key.Key_Space)
    press(qtbot, quiz, Qt.Key.Key_1)
    view = second.view_for("pitfalls")
    assert not any(view.mark_badges[p].isVisible() for p in pitfalls)
    assert second.marked_count("pitfalls") == 0


def test_mark_cleared_by_hand(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    item = answer_first(qtbot, quiz_view(window), Qt.Key.Key_2)
    target = item.tests[0]
    section = {"pitfall": "pitfalls", "number": "numbers", "step": "turn"}[
        library.game("atlantis").game.linkable_ids()[target]]
    view = window.view_for(section)
    badge = view.mark_badges[target]
    assert badge.isVisible()
    from PySide6.QtWidgets import QToolButton
    button = badge.findChild(QToolButton)
    # As a user sees it: once the page has been laid out and painted.
    qtbot.waitUntil(lambda: button.height() > 0)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not badge.isVisible()
    assert target not in window.services.progress.marked("atlantis")


def test_summary_lists_what_to_reread_and_jumps_there(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    view.start_round(2)
    for _ in range(2):
        view.reveal()
        view.grade(Grade.DID_NOT_KNOW)
    entries = view.round.re_read()
    assert entries
    text = visible_text(view.card)
    assert entries[0].title in text and "S. " in text
    last = entries[-1]
    view.jump(last.kind, last.target)
    assert window.state.section == SECTION_OF_KIND[last.kind]
    target = window.current_view().anchors[last.target]
    QApplication.processEvents()
    assert not target.visibleRegion().isEmpty(), "the jump scrolls the rule into view"


def test_reset_needs_confirmation(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    answer_first(qtbot, view, Qt.Key.Key_3)
    view.show_start()
    view.confirm = lambda text: False
    view.reset_progress()
    assert window.services.progress.marked("atlantis")
    view.confirm = lambda text: "löschen" in text
    view.reset_progress()
    assert window.services.progress.marked("atlantis") == set()


def test_corrupt_progress_shows_notice_and_app_goes_on(qtbot, library, tmp_path):
    (tmp_path / "fortschritt-atlantis.json").write_bytes(b"\x00\xff{kaputt")
    window = open_window(qtbot, library, tmp_path)
    quiz_view(window)
    assert window.notice_bar.isVisible()
    assert "unlesbar" in window.notice_bar.text.text()
    kept = list(tmp_path.glob("fortschritt-atlantis.json.kaputt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00\xff{kaputt"


def test_engine_situations_by_keyboard_mark_the_chosen_misconception(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    assert "Übungssituationen" in visible_text(view.card)
    view.start_practice([3, 4])
    situation = view.round.current
    assert situation.question in visible_text(view.card)
    assert len(view.choice_buttons) == 4
    wrong = next(i for i, c in enumerate(situation.choices) if not c.correct)
    press(qtbot, view, Qt.Key.Key_1 + wrong)
    assert view.round.revealed
    text = visible_text(view.card)
    assert "Nicht ganz" in text and "zum Nachlesen markiert" in text
    pitfall = situation.choices[wrong].pitfall
    assert pitfall in window.services.progress.marked("atlantis")
    press(qtbot, view, Qt.Key.Key_Space)
    second = view.round.current
    right = second.correct_index
    press(qtbot, view, Qt.Key.Key_A + right)
    assert "Richtig!" in visible_text(view.card)
    press(qtbot, view, Qt.Key.Key_Space)
    assert view.round.finished
    assert "1 von 2 gewusst" in visible_text(view.card)


def test_situation_shows_a_drawing_that_does_not_give_the_answer_away(qtbot, library, tmp_path):
    from app.ui.boards.atlantis_scene import MiniBoard

    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    view.start_practice([11])
    QApplication.processEvents()
    boards = [b for b in view.card.findChildren(MiniBoard) if b.isVisibleTo(view.card)]
    assert len(boards) == 1
    marks = boards[0].highlights
    assert marks.selected is not None
    assert marks.targets == () and marks.taken is None and marks.gaps == ()


def test_a_ruling_marked_by_the_quiz_shows_its_badge_and_count(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    view = quiz_view(window)
    game = library.game("atlantis").game
    ruling_question = next(q for q in game.quiz if "r1" in q.tests)
    view.round = QuizRound(game, window.services.progress.store("atlantis"), [ruling_question])
    view.show_question()
    view.reveal()
    view.grade(Grade.DID_NOT_KNOW)
    assert window.marked_count("interpretations") >= 1
    rulings = window.view_for("interpretations")
    assert rulings.mark_badges["r1"].isVisible()


def test_views_of_an_old_library_do_not_break_later_answers(qtbot, library, tmp_path):
    window = open_window(qtbot, library, tmp_path)
    window.view_for("pitfalls")
    window.state.set_library(load_library(content_root()))  # views are rebuilt
    QApplication.sendPostedEvents(None, 52)  # QEvent.DeferredDelete: the old views go
    answer_first(qtbot, quiz_view(window), Qt.Key.Key_3)
    assert window.services.progress.marked("atlantis")
