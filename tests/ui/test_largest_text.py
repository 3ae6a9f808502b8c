"""The largest text size (20 pt) at 1280×800: every section of every game opened, nothing cut.

A label, button or combo box is cut when it is smaller than its text needs: a word-wrapped label
lower than ``heightForWidth`` at its width (or narrower than its longest word), any other
narrower or lower than its size hint. Dialogs must fit an 800 px high screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QLabel,
    QListWidget,
    QToolButton,
    QWidget,
)

from app.ui.section_delegate import COUNT_ROLE, badge_room
from app.ui.settings import MAX_FONT_PT

WINDOW = QSize(1280, 800)
SCREEN_HEIGHT = 800
SLACK = 1  # rounding between hints and geometry


def _what(widget: QWidget) -> str:
    text = widget.text() if hasattr(widget, "text") else getattr(widget, "currentText",
                                                                 lambda: "")()
    where = []
    obj = widget
    while obj is not None and len(where) < 3:
        where.append(f"{type(obj).__name__}#{obj.objectName()}")
        obj = obj.parentWidget()
    return f"{'/'.join(where)} „{text[:40]}“ {widget.width()}×{widget.height()}"


def cut_widgets(root: QWidget) -> list[str]:
    """Every visible label, button and combo box below ``root`` smaller than its text needs."""
    for _ in range(3):  # a re-layout may post the next one (the status bar after its text)
        QApplication.processEvents()
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root) or widget.width() <= 0:
            continue
        if isinstance(widget, QLabel):
            if not widget.text().strip() or not widget.pixmap().isNull():
                continue
            if widget.wordWrap():
                need_height = widget.heightForWidth(widget.width())
                if need_height > widget.height() + SLACK \
                        or widget.minimumSizeHint().width() > widget.width() + SLACK:
                    found.append(_what(widget))
                continue
            need = widget.minimumSizeHint()
        elif isinstance(widget, QAbstractButton):
            icon_only = isinstance(widget, QToolButton) and not widget.icon().isNull() and \
                widget.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
            if not widget.text().strip() or icon_only:  # its text is only a name
                continue
            need = widget.sizeHint()
            if widget.maximumWidth() < need.width():
                # Its size is fixed by the style sheet (the round +/− buttons): the text
                # itself must fit.
                metrics = widget.fontMetrics()
                icon = widget.iconSize().width() + 4 if not widget.icon().isNull() else 0
                need = QSize(metrics.horizontalAdvance(widget.text()) + icon + 4,
                             metrics.height())
        elif isinstance(widget, QComboBox):
            need = widget.minimumSizeHint()
        else:
            continue
        if widget.width() + SLACK < need.width() or widget.height() + SLACK < need.height():
            found.append(_what(widget))
        elif _outside(widget, root):
            found.append("außerhalb des sichtbaren Bereichs: " + _what(widget))
    return found


def _outside(widget: QWidget, root: QWidget) -> bool:
    """Whether a parent cuts the widget off: it sticks out of a parent's rectangle, except
    downwards or sideways in a scroll area that can scroll that way."""
    parent = widget.parentWidget()
    down = True  # still to check up and down (not once a scroll area scrolls that way)
    while parent is not None and parent is not root.parentWidget():
        rect = QRect(widget.mapTo(parent, QPoint(0, 0)), widget.size())
        inside = parent.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK)
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and parent is area.viewport():
            if area.horizontalScrollBar().isVisible():
                return False
            down = False
        if rect.left() < inside.left() or rect.right() > inside.right():
            return True
        if down and (rect.top() < inside.top() or rect.bottom() > inside.bottom()):
            return True
        if parent.isWindow():
            break
        parent = parent.parentWidget()
    return False


def cut_list_items(widget: QListWidget) -> list[str]:
    """Sidebar entries: the text (and the count pill beside it) fit the row's width."""
    found = []
    metrics = QFontMetrics(widget.font())
    room = widget.viewport().width() - 2 * 8 - widget.iconSize().width() - 8
    for row in range(widget.count()):
        item = widget.item(row)
        count = item.data(COUNT_ROLE) or 0
        pill = badge_room(widget.font(), count) if count else 0
        if metrics.horizontalAdvance(item.text()) + pill > room:
            found.append(f"Seitenleiste „{item.text()}“")
    return found


@pytest.fixture
def largest(window):
    window.theme.set_font_pt(MAX_FONT_PT)
    window.resize(WINDOW)
    QApplication.processEvents()
    yield window
    window.theme.set_font_pt(11.0)


def test_largest_text_is_20_pt():
    assert MAX_FONT_PT == 20.0


@pytest.mark.parametrize("game", ["atlantis", "atacama", "survive"])
def test_nothing_is_cut_in_any_section_at_the_largest_text(largest, game):
    window = largest
    window.state.select_game(game)
    problems = []
    for section in window.sections():
        window.view_for(section.key)
        QApplication.processEvents()
        problems += [f"{section.key}: {p}" for p in cut_widgets(window)]
        problems += cut_list_items(window.section_list)
    assert window.width() == WINDOW.width()
    assert not problems, "\n".join(sorted(set(problems)))


def test_dialogs_fit_an_800_pixel_screen_at_the_largest_text(largest, qtbot):
    window = largest
    for opener in (window.show_shortcuts, window.show_about, window.open_search):
        opener()
        dialog = window.last_dialog
        QApplication.processEvents()
        assert dialog.height() <= SCREEN_HEIGHT - 60, (dialog.objectName(), dialog.height())
        assert dialog.width() <= WINDOW.width()
        assert not cut_widgets(dialog), cut_widgets(dialog)
        # The way out is on screen, not below it.
        closers = [b for b in dialog.findChildren(QAbstractButton)
                   if b.isVisibleTo(dialog) and b.text() == "Schließen"]
        for button in closers:
            bottom = button.mapTo(dialog, button.rect().bottomLeft()).y()
            assert bottom <= dialog.height()
        dialog.close()


