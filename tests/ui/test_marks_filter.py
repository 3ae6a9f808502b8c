"""„Leicht vergessen“ and the other marked sections open at the first mark; „nur Markierte“."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox

from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def shown(qtbot, library, tmp_path):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and window.ready)
    return window


def key(window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QApplication.processEvents()
    QTest.keyClick(QApplication.focusWidget() or window, key, modifier)
    QApplication.processEvents()


def mark(window, targets: list[str]) -> None:
    """What a quiz answer „Wusste ich nicht“ leaves behind (the quiz has its own tests)."""
    progress = window.services.progress
    for target in targets:
        progress.store("atlantis").marks[target] = ["quiz"]
    progress.changed("atlantis")


def on_screen(view, widget) -> bool:
    top = widget.mapTo(view.viewport(), QPoint(0, 0)).y()
    return 0 <= top < view.viewport().height()


def test_opening_with_marks_scrolls_to_the_first_and_filters(shown, qtbot):
    pitfalls = shown.state.library.game("atlantis").game.content.pitfalls
    late = [p.id for p in pitfalls[-2:]]
    key(shown, Qt.Key.Key_4, CTRL)
    view = shown.current_view()
    assert view.verticalScrollBar().value() == 0
    filter_box = view.findChild(QCheckBox, "MarkFilter")
    assert filter_box is not None and not filter_box.isVisibleTo(view), "no marks, no filter"
    key(shown, Qt.Key.Key_1, CTRL)
    mark(shown, late)
    key(shown, Qt.Key.Key_4, CTRL)
    qtbot.waitUntil(lambda: on_screen(view, view.anchors[late[0]]))
    assert view.verticalScrollBar().value() > 0, "opened far down, at the first mark"
    assert filter_box.isVisibleTo(view) and "(2)" in filter_box.text()

    # The filter by keyboard: Tab from the page reaches it first, Space ticks it.
    assert QApplication.focusWidget() is view
    key(shown, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is filter_box
    key(shown, Qt.Key.Key_Space)
    assert filter_box.isChecked()
    shown_ids = [pid for pid, card in view.anchors.items() if card.isVisibleTo(view)]
    assert shown_ids == late
    key(shown, Qt.Key.Key_Space)
    assert all(card.isVisibleTo(view) for card in view.anchors.values())


def test_a_jump_wins_over_the_first_mark(shown, qtbot):
    pitfalls = shown.state.library.game("atlantis").game.content.pitfalls
    mark(shown, [pitfalls[-1].id])
    shown.state.request_jump("pitfalls", pitfalls[0].id)
    view = shown.current_view()
    qtbot.wait(50)
    assert on_screen(view, view.anchors[pitfalls[0].id])
