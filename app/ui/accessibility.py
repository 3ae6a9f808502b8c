"""What a screen reader needs beyond the visible text: labels linked to combo boxes, names for
controls Qt makes on its own, and the boards' field-by-field interfaces (installed once).

On Linux Qt reports a combo box's current text as its name and ignores ``setAccessibleName``;
only a label linked with ``QLabel.setBuddy`` (the "Label" relation) says what the box is for.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6 import QtGui

# QtGui's types used here only later (QAccessible, QTextDocument, QAction) are imported where
# they are used: PySide makes a type and its enums on first import, and this module is loaded
# before the first frame (issue #27).
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLineEdit


class _FollowParent(QObject):
    """Keeps a hidden buddy label beside its widget: Qt looks for Label relations among the
    widget's siblings only, and the widget's parent is often set later by a layout."""

    def __init__(self, label: QLabel, widget: QWidget):
        super().__init__(widget)
        self.label = label
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.ParentChange:
            parent = obj.parentWidget()
            self.label.setParent(parent if parent is not None else obj)
            self.label.hide()
        return False


def link_label(widget: QWidget, text: str, label: QLabel | None = None) -> QLabel:
    """Name ``widget`` (mostly a combo box) for screen readers by a linked label.

    With ``label`` the visible label is linked; otherwise a hidden one carrying ``text`` is
    made and kept beside the widget. The accessible name is set too, for platforms that read it.
    """
    if not widget.accessibleName():
        widget.setAccessibleName(text)
    if label is None:
        label = QLabel(text)
        label.setObjectName("HiddenBuddy")
        parent = widget.parentWidget()
        label.setParent(parent if parent is not None else widget)
        label.hide()
        _FollowParent(label, widget)
    label.setBuddy(widget)
    return label


def name_clear_button(field: QLineEdit, text: str) -> None:
    """The little cross of ``setClearButtonEnabled`` is a nameless button otherwise."""
    from PySide6.QtGui import QAction

    action = field.findChild(QAction, "_q_qlineeditclearaction")
    if action is not None:
        action.setText(text)
        action.setToolTip(text)


def name_page(view: QWidget, title: str) -> QWidget:
    """A section's page is a Tab stop of its own (it scrolls): it carries the section's title."""
    name = f"Abschnitt „{title}“"
    if not view.accessibleName():
        view.setAccessibleName(name)
    # Views that scroll parts of themselves (the Atlantis board's panel) have inner stops too.
    for area in view.findChildren(QScrollArea):
        if not area.accessibleName() and area.focusPolicy() & Qt.FocusPolicy.TabFocus:
            area.setAccessibleName(name)
    return view


def _plain(label: QLabel) -> str:
    text = label.text()
    if label.textFormat() == Qt.TextFormat.RichText or (
            label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)):
        from PySide6.QtGui import QTextDocument

        document = QTextDocument()
        document.setHtml(text)
        text = document.toPlainText()
    return " ".join(text.split())


def name_by_text(widget: QWidget) -> QWidget:
    """Name a group the keyboard can land on (a card, a table row) by what it shows: its first
    text as the name, the rest as the description. Without it a screen reader says only
    „Gruppe“ when a search jump puts the focus there."""
    texts = [text for text in (_plain(label) for label in
                               ([widget] if isinstance(widget, QLabel) else [])
                               + widget.findChildren(QLabel)
                               if label.isVisibleTo(widget) or label is widget) if text]
    # A rank number or a page pill alone is no name: the first text with a word is.
    words = [text for text in texts if re.search(r"[A-Za-zÄÖÜäöüß]", text)]
    if words and not widget.accessibleName():
        widget.setAccessibleName(words[0])
        if not widget.accessibleDescription():
            widget.setAccessibleDescription(" ".join(t for t in texts if t != words[0]))
    return widget


class _GrowWithText(QObject):
    """Keeps a fixed width, widened whenever the text at the current size needs more."""

    def __init__(self, widget: QWidget, width: int):
        super().__init__(widget)
        self.width = width
        widget.installEventFilter(self)
        self.fit(widget)

    def fit(self, widget: QWidget) -> None:
        if isinstance(widget, QLabel):
            # A word-wrapped label needs its longest word; a plain one its whole text.
            need = widget.minimumSizeHint().width()
        else:
            need = widget.sizeHint().width()
        widget.setFixedWidth(max(self.width, need))

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange,
                            QEvent.Type.Polish):
            self.fit(obj)
        return False


def fixed_width(widget: QWidget, width: int) -> QWidget:
    """Like ``setFixedWidth(width)``, but never narrower than the text needs (large text
    sizes would cut a fixed-width label or button otherwise)."""
    _GrowWithText(widget, width)
    return widget


def install() -> None:
    """Install the boards' accessible interfaces (idempotent; call once a QApplication exists)."""
    from app.ui.boards.accessible import install_board_factory

    install_board_factory()


def announce(widget: QWidget, text: str, *, urgent: bool = False) -> None:
    """Have a screen reader say ``text`` now: what a move did, why it was refused.

    Those land in labels away from the focus, which a screen reader does not read out by
    itself (AT-SPI ``object:announcement``; ``urgent`` interrupts, for refusals)."""
    if not text:
        return
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

    event = QAccessibleAnnouncementEvent(widget, text)
    if urgent:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)
