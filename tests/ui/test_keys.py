"""The advertised keys work where the page says, pressed as a user presses them.

Every key goes to whatever widget has the keyboard focus in the shown window (or, with no
focus, to the window), through Qt's own key delivery: shortcuts, focused buttons, pages.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QListWidget

from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.views.quiz_view import QuizView
from tests.ui.util import visible_text

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def shown(qtbot, library, tmp_path):
    """A fresh window, shown and active, as after start-up."""
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and window.ready)
    return window


def focused():
    QApplication.processEvents()
    return QApplication.focusWidget()


def key(window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """One key press and release on the focused widget, as the keyboard would send it."""
    QTest.keyClick(focused() or window, key, modifier)
    QApplication.processEvents()


def in_page(window) -> bool:
    widget = focused()
    view = window.current_view()
    return widget is not None and (widget is view or view.isAncestorOf(widget))


def test_fresh_start_ctrl5_space_starts_the_quiz(shown):
    key(shown, Qt.Key.Key_5, CTRL)
    view = shown.current_view()
    assert isinstance(view, QuizView)
    assert in_page(shown), "Ctrl+5 gives the quiz the keyboard, not the game chooser"
    key(shown, Qt.Key.Key_Space)
    assert view.round is not None, "Leertaste startet – right away"
    question = view.round.current
    key(shown, Qt.Key.Key_Space)
    assert view.round.revealed and question.answer in visible_text(view.card)


def test_after_clicking_the_sidebar_space_starts_the_quiz(shown, qtbot):
    rect = shown.section_list.visualItemRect(shown.section_list.item(4))
    qtbot.mouseClick(shown.section_list.viewport(), Qt.MouseButton.LeftButton,
                     pos=rect.center())
    view = shown.current_view()
    assert isinstance(view, QuizView) and in_page(shown)
    key(shown, Qt.Key.Key_Space)
    assert view.round is not None


def test_arrows_in_the_sidebar_keep_the_focus_there_enter_opens(shown):
    shown.section_list.setFocus()
    key(shown, Qt.Key.Key_Down)
    assert isinstance(focused(), QListWidget), "browsing the list by arrows stays in the list"
    assert shown.state.section == shown.sections()[1].key
    key(shown, Qt.Key.Key_Return)
    assert in_page(shown)


def test_second_space_after_reveal_does_not_grade(shown):
    key(shown, Qt.Key.Key_5, CTRL)
    view = shown.current_view()
    key(shown, Qt.Key.Key_Space)
    key(shown, Qt.Key.Key_Space)
    assert view.round.revealed
    answered = view.round.index
    key(shown, Qt.Key.Key_Space)
    key(shown, Qt.Key.Key_Return)
    assert view.round.index == answered and view.round.revealed, "no silent „Wusste ich“"
    assert view.round.log == [] or len(view.round.log) == answered
    assert "Leertaste bewertet nicht" in visible_text(view.card)
    key(shown, Qt.Key.Key_2)
    assert view.round.index == answered + 1, "1 / 2 / 3 still grade"


def test_space_before_choosing_a_situation_answer_does_nothing(shown):
    key(shown, Qt.Key.Key_5, CTRL)
    view = shown.current_view()
    view.start_practice([1, 2])
    key(shown, Qt.Key.Key_Space)
    assert not view.round.revealed, "Space picks no answer"
    assert "Wähle zuerst eine Antwort" in visible_text(view.card)
    key(shown, Qt.Key.Key_B)
    assert view.round.revealed
    key(shown, Qt.Key.Key_Space)
    assert view.round.index == 1


@pytest.mark.parametrize("game", ["atacama", "survive"])
def test_tenth_section_by_keys(shown, game):
    shown.state.select_game(game)
    sections = shown.sections()
    assert len(sections) == 10, "Atacama and Survive have ten sections"
    key(shown, Qt.Key.Key_0, ALT)
    assert shown.state.section == sections[9].key == "source"
    assert in_page(shown)
    key(shown, Qt.Key.Key_9, CTRL)
    key(shown, Qt.Key.Key_PageDown, CTRL)
    assert shown.state.section == "source"
    key(shown, Qt.Key.Key_PageDown, CTRL)
    assert shown.state.section == sections[0].key, "round the end"
    key(shown, Qt.Key.Key_PageUp, CTRL)
    assert shown.state.section == "source"


def test_switching_games_by_keys(shown):
    assert shown.state.game_id == "atlantis"
    key(shown, Qt.Key.Key_G, CTRL)
    assert shown.state.game_id == "atacama" and shown.windowTitle().endswith("Atacama")
    assert in_page(shown)
    key(shown, Qt.Key.Key_G, CTRL)
    assert shown.state.game_id == "survive"
    key(shown, Qt.Key.Key_G, CTRL | SHIFT)
    assert shown.state.game_id == "atacama"


def test_back_and_forward_give_the_page_the_focus(shown):
    key(shown, Qt.Key.Key_3, CTRL)
    key(shown, Qt.Key.Key_5, CTRL)
    shown.section_list.setFocus()
    key(shown, Qt.Key.Key_Left, ALT)
    assert shown.state.section == "numbers" and in_page(shown)
    key(shown, Qt.Key.Key_Right, ALT)
    assert isinstance(shown.current_view(), QuizView)
    key(shown, Qt.Key.Key_Space)
    assert shown.current_view().round is not None


def test_search_hit_gets_the_focus(shown, qtbot):
    key(shown, Qt.Key.Key_F, CTRL)
    dialog = shown.last_dialog
    qtbot.waitUntil(lambda: focused() is dialog.field)
    QTest.keyClicks(focused(), "Bruecke")  # QTest types ASCII only
    hit = dialog.current_hit()
    assert hit is not None and hit.anchor_id
    key(shown, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    target = shown.current_view().anchors[hit.anchor_id]
    # The window manager hands the activation back once the popup is gone.
    shown.activateWindow()
    qtbot.waitUntil(lambda: focused() is target)
    assert shown.state.section == hit.section_key


def test_search_popup_leaves_the_page_title_visible(shown, qtbot):
    key(shown, Qt.Key.Key_2, CTRL)
    key(shown, Qt.Key.Key_K, CTRL)
    dialog = shown.last_dialog
    qtbot.waitUntil(dialog.isVisible)
    view = shown.current_view()
    title = next(w for w in view.findChildren(QLabel) if w.objectName() == "H1")
    title_bottom = title.mapToGlobal(QPoint(0, title.height())).y()
    assert dialog.frameGeometry().top() >= title_bottom


def test_f1_lists_board_keys_groups_and_game_switching(shown, qtbot):
    key(shown, Qt.Key.Key_F1)
    dialog = shown.last_dialog
    qtbot.waitUntil(dialog.isVisible)
    text = visible_text(dialog)
    native = QKeySequence.SequenceFormat.NativeText
    for words in ("Nächstes Spiel", "Nächster Abschnitt", "Letzter Abschnitt",
                  QKeySequence("Ctrl+G").toString(native), "R S K H A O F", "Brücke",
                  QKeySequence("Ctrl+Z").toString(native), "Pfeiltasten", "Schürfrecht",
                  "Hai", "Wal"):
        assert words in text, words
    screen = shown.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= screen.height()


def test_bridge_gap_on_the_atlantis_board_by_keys(shown):
    from app.rules.atlantis import parse_state

    key(shown, Qt.Key.Key_7, CTRL)
    view = shown.current_view()
    view.session.load_position("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR")
    assert focused() is view.canvas, "Ctrl+7 gives the board the keyboard"
    key(shown, Qt.Key.Key_B)
    assert view.draft.bridge_mode
    gaps = view.canvas._pawn_stops()
    assert gaps, "the open gaps are the keyboard's stops now"
    assert view.canvas.focused_pawn() == gaps[0]
    key(shown, Qt.Key.Key_Return)
    assert view.session.state.position(gaps[0]).bridge == 0, "Enter laid the bridge there"
    assert not view.draft.bridge_mode
    assert parse_state("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR").position(gaps[0]).bridge is None


def test_bridge_after_the_move_by_keys(shown):
    key(shown, Qt.Key.Key_7, CTRL)
    view = shown.current_view()
    view.session.load_position("R3 H2 S4 ~ K5 =b A2 | a: SOFF | b: RFFFF")
    view.side.bridge_later_box.setChecked(True)
    assert focused() is view.canvas
    key(shown, Qt.Key.Key_Return)  # the focused pawn
    key(shown, Qt.Key.Key_S)  # the statue card
    assert view.draft.awaiting is not None
    assert view.canvas._pawn_stops() == view.draft.preview_gaps() == [2, 4]
    key(shown, Qt.Key.Key_Right)
    key(shown, Qt.Key.Key_Left)
    assert view.canvas.focused_pawn() == 2
    key(shown, Qt.Key.Key_Space)
    assert view.draft.awaiting is None
    assert view.session.state.position(2).bridge == 0


def test_search_forgives_a_typo_typed_in_the_window(shown, qtbot):
    key(shown, Qt.Key.Key_F, CTRL)
    dialog = shown.last_dialog
    qtbot.waitUntil(lambda: focused() is dialog.field)
    QTest.keyClicks(focused(), "Hlem")
    hit = dialog.current_hit()
    assert hit is not None and "Helm" in hit.label + hit.entry.text
    assert "Treffer" in dialog.count.text()


def _tab_to(window, wanted, limit: int = 80) -> None:
    for _ in range(limit):
        if focused() is wanted or (focused() is not None and wanted(focused())
                                   if callable(wanted) else False):
            return
        key(window, Qt.Key.Key_Tab)
    raise AssertionError("Tab never got there")


def test_arrows_move_inside_the_schuerfrecht_group(shown):
    from PySide6.QtWidgets import QRadioButton

    shown.state.select_game("atacama")
    key(shown, Qt.Key.Key_6, CTRL)
    view = shown.current_view()
    radios = [r for r in view.findChildren(QRadioButton) if "Schürfrecht" in r.accessibleName()]
    assert len(radios) == 2
    _tab_to(shown, lambda w: w in radios)
    first = focused()
    reached_by_tab = set()
    for _ in range(30):
        key(shown, Qt.Key.Key_Tab)
        if focused() in radios:
            reached_by_tab.add(focused())
    assert reached_by_tab <= {first}, "Tab does not visit the second option"
    _tab_to(shown, lambda w: w is first)
    key(shown, Qt.Key.Key_Right)
    other = next(r for r in radios if r is not first)
    assert focused() is other and other.isChecked(), "the arrow key moves and chooses"


def test_arrows_move_between_the_survive_creatures(shown):
    shown.state.select_game("survive")
    key(shown, Qt.Key.Key_6, CTRL)
    view = shown.current_view()
    buttons = list(view.creature_buttons.values())
    _tab_to(shown, lambda w: w in buttons)
    start = buttons.index(focused())
    key(shown, Qt.Key.Key_Right)
    assert focused() is buttons[(start + 1) % len(buttons)]


def test_a_section_key_works_as_soon_as_the_window_says_it_is_ready(qtbot, library, tmp_path):
    # The fixtures wait for ``ready`` instead of a guessed number of event-loop turns: the
    # keys are installed right after the first frame, and ``ready`` comes after them.
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    assert not window.ready
    qtbot.waitUntil(lambda: window.ready)
    QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_6, CTRL)
    assert type(window.current_view()).__name__ == "AtlantisCalculators"
