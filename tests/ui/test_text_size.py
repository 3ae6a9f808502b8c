"""A text-size step restyles what is on screen; hidden pages follow when they are shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QWidget

from app.ui.application import create_main_window
from app.ui.settings import DEFAULT_FONT_PT
from app.ui.text_size import ROLE_SCALES, role_pt

VISITED = ("pitfalls", "numbers", "calculators", "quiz")


class Restyles(QObject):
    """Counts what a re-style sends a widget (the style sheet's StyleChange, a polish, a
    font change)."""

    KINDS = (QEvent.Type.StyleChange, QEvent.Type.Polish, QEvent.Type.PolishRequest,
             QEvent.Type.FontChange)

    def __init__(self, widgets):
        super().__init__()
        self.count = 0
        self.widgets = list(widgets)
        for widget in self.widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() in self.KINDS:
            self.count += 1
        return False

    def remove(self):
        for widget in self.widgets:
            widget.removeEventFilter(self)


def trigger(window, _qtbot, keys: str) -> None:
    """The keys as a user presses them, into whatever has the focus."""
    window.activateWindow()
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(keys))


def _fonts(page: QWidget) -> list[tuple[str, str, float, int]]:
    return [(type(w).__name__, w.objectName(), w.font().pointSizeF(), w.font().weight())
            for w in [page, *page.findChildren(QWidget)]]


@pytest.fixture
def visited(window, qtbot):
    """The window after a player looked at a few pages, back on „In 30 Sekunden“."""
    for key in VISITED:
        window.state.select_section(key)
    window.state.select_section("summary")
    qtbot.waitUntil(lambda: window.current_view().isVisible())
    yield window
    window.theme.set_font_pt(DEFAULT_FONT_PT)


def test_a_step_restyles_no_hidden_page(visited, qtbot):
    hidden = [visited._views[(visited.state.game_id, key)] for key in VISITED]
    widgets = [w for page in hidden for w in [page, *page.findChildren(QWidget)]]
    assert len(widgets) > 200  # the pages a full re-style would have gone through
    counter = Restyles(widgets)
    try:
        trigger(visited, qtbot, "Ctrl++")
        trigger(visited, qtbot, "Ctrl++")
        QApplication.processEvents()
        assert visited.theme.font_pt == DEFAULT_FONT_PT + 2
        assert counter.count == 0
    finally:
        counter.remove()
    # The page on screen did follow.
    shown = visited.current_view()
    heading = shown.findChildren(QLabel, "H1")[0]
    assert heading.font().pointSizeF() == role_pt("H1", DEFAULT_FONT_PT + 2)


def test_a_hidden_page_shown_later_looks_as_if_built_at_that_size(visited, qtbot, library):
    trigger(visited, qtbot, "Ctrl++")
    trigger(visited, qtbot, "Ctrl++")
    trigger(visited, qtbot, "Ctrl+-")
    size = DEFAULT_FONT_PT + 1
    fresh = create_main_window(library, visited.state.game_id, remember=False)
    qtbot.addWidget(fresh)
    fresh.theme.set_font_pt(size)
    # Shown, as the visited window is: parts a page draws when first shown (the worked
    # examples' pictures) exist in both.
    fresh.show()
    qtbot.waitUntil(lambda: fresh.ready)
    for key in VISITED:
        visited.state.select_section(key)
        fresh.state.select_section(key)
        QApplication.processEvents()  # what a page adds when first shown gets its style
        caught_up, built = visited.current_view(), fresh.current_view()
        assert _fonts(caught_up) == _fonts(built), key
        # Roles carry their size, everything else the body size.
        for widget in caught_up.findChildren(QWidget):
            if widget.objectName() in ROLE_SCALES:
                assert widget.font().pointSizeF() == role_pt(widget.objectName(), size)


def test_roles_made_after_a_step_get_their_size(visited, qtbot):
    trigger(visited, qtbot, "Ctrl++")
    visited.state.select_section("quiz")
    quiz = visited.current_view()
    # Starting the round builds new cards (headings, tags, muted notes) on this page.
    qtbot.keyClick(quiz.focus_target() or quiz, Qt.Key.Key_Space)
    QApplication.processEvents()
    roles = [w for w in quiz.findChildren(QLabel) if w.objectName() in ROLE_SCALES
             and w.isVisible()]
    assert roles
    for widget in roles:
        assert widget.font().pointSizeF() == role_pt(widget.objectName(), DEFAULT_FONT_PT + 1)


def test_a_wrapped_label_remembers_its_height_only_while_its_text_and_font_stay(qtbot):
    from PySide6.QtGui import QFont

    from app.ui.widgets import WrappedLabel, label

    widget = label("Eine Brücke über eine breite Lücke kostet nicht mehr als eine schmale.")
    qtbot.addWidget(widget)
    assert isinstance(widget, WrappedLabel)
    one = widget.heightForWidth(160)
    assert widget.heightForWidth(160) == one and widget.heightForWidth(2000) < one
    # Longer text, bigger font, wider margins: each asks for more height at the same width.
    widget.setText(widget.text() * 3)
    longer = widget.heightForWidth(160)
    assert longer > one
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    widget.setFont(font)
    bigger = widget.heightForWidth(160)
    assert bigger > longer
    widget.setContentsMargins(0, 20, 0, 20)
    assert widget.heightForWidth(160) == bigger + 40
    # What a fresh label says at each width, the remembering one says too.
    fresh = WrappedLabel(widget.text())
    qtbot.addWidget(fresh)
    fresh.setTextFormat(widget.textFormat())
    fresh.setWordWrap(True)
    fresh.setFont(font)
    fresh.setContentsMargins(0, 20, 0, 20)
    assert [widget.heightForWidth(w) for w in (90, 160, 400)] == \
        [fresh.heightForWidth(w) for w in (90, 160, 400)]


def test_a_step_grows_the_sidebar_and_every_named_part_on_screen(window, qtbot):
    # Named widgets (#Sidebar, the notice bar …) once kept their size: the walk asked for
    # children with an empty name only.
    window.resize(1280, 800)
    sidebar = window.findChild(QWidget, "Sidebar")
    listing = sidebar.findChild(QListWidget)
    before_pt, before_width = window.font().pointSizeF(), sidebar.width()
    named = [w for w in window.findChildren(QWidget) if w.objectName() and w.isVisible()
             and w.objectName() not in ROLE_SCALES]
    try:
        trigger(window, qtbot, "Ctrl++")
        trigger(window, qtbot, "Ctrl++")
        qtbot.waitUntil(lambda: sidebar.width() > before_width)
        after_pt = QApplication.font().pointSizeF()
        assert after_pt > before_pt
        assert abs(listing.font().pointSizeF() - after_pt) < 0.05
        behind = [w.objectName() for w in named if w.isVisible()
                  and abs(w.font().pointSizeF() - before_pt) < 0.05]
        assert behind == []
    finally:
        window.theme.set_font_pt(DEFAULT_FONT_PT)
