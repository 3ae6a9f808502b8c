"""What every board page shares, written once: the session's signals and the page's chrome.

The game itself is a Qt-free :class:`~app.model.play_session.PlaySession`; this module wraps
it in Qt signals (:class:`SessionSignals`) so widgets follow it without owning any of it,
and builds what every board shows around its drawing (:class:`BoardChrome`).
"""

from __future__ import annotations

import re
from html import escape

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QCursor, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.model.play_session import CHANGED, DONE, DRAFT, MESSAGE, MOVED, WRONG, PlaySession
from app.ui.accessibility import announce
from app.ui.widgets import (
    Box,
    ReflowRow,
    expert_toggle,
    flow,
    label,
    markdown_html,
    secondary,
)


class SessionSignals(QObject):
    """Qt signals for one session: the page and its parts connect here, never to globals."""

    changed = Signal()  # the state or the history changed
    draftChanged = Signal()  # the move in the making changed
    messageChanged = Signal()  # the message line changed (``session.message``)
    said = Signal(str, bool)  # a message worth saying aloud, and whether it is a refusal
    moved = Signal()  # a move was played (``session.outcome`` says what it did)

    def __init__(self, session: PlaySession, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        session.subscribe(self._relay)

    def _relay(self, event: str) -> None:
        if event == CHANGED:
            self.changed.emit()
        elif event == DRAFT:
            self.draftChanged.emit()
        elif event == MESSAGE:
            self.messageChanged.emit()
            message = self.session.message
            if message.text:
                self.said.emit(message.spoken, message.kind == WRONG)
        elif event == MOVED:
            self.moved.emit()


class BoardChrome(QObject):
    """What every board page shows around its drawing, written once.

    The header (title, lead, ``↶ Rückgängig`` and ``Wiederherstellen ↷`` top right), the
    message line under the board (green ✓ / red ✗ / plain, announced to screen readers),
    the engine's notation behind „Für Tüftler“ (copy, paste, take over), the undo and redo
    keys, and ruling codes in texts as links to their ruling. A page builds one, puts
    ``header``, ``message_box`` and ``expert`` where the board standard says, and keeps only
    its drawing, side panel and arrangement for itself.
    """

    UNDO_TEXT, REDO_TEXT = "↶ Rückgängig", "Wiederherstellen ↷"

    def __init__(self, page: QWidget, session: PlaySession, board: QWidget,
                 lead: str, services=None, placeholder: str = ""):
        super().__init__(page)
        self.page, self.session, self.board, self.services = page, session, board, services
        self.signals = SessionSignals(session, self)
        self.signals.said.connect(lambda text, urgent: announce(board, text, urgent=urgent))
        self._build_header(lead)
        self._build_message()
        self._build_expert(placeholder)
        for keys, action in ((QKeySequence.StandardKey.Undo, session.undo),
                             (QKeySequence.StandardKey.Redo, session.redo)):
            bind_keys(page, keys, action)
        for signal in (self.signals.changed, self.signals.draftChanged,
                       self.signals.messageChanged):
            signal.connect(self.refresh)
        self.refresh()

    # -- building ------------------------------------------------------------------------

    def _build_header(self, lead: str) -> None:
        title = label("Spielbrett", "H1", rich=False)
        title.setAccessibleName("Spielbrett")
        self.lead = label(lead, "Lead", rich=False)
        self.undo_button = secondary(QPushButton(self.UNDO_TEXT))
        self.undo_button.setAccessibleName("Rückgängig: den letzten Schritt zurücknehmen "
                                           "(Strg+Z)")
        self.undo_button.setToolTip("Den letzten Schritt zurücknehmen (Strg+Z)")
        self.undo_button.clicked.connect(self.session.undo)
        self.redo_button = secondary(QPushButton(self.REDO_TEXT))
        self.redo_button.setAccessibleName("Wiederherstellen: den zurückgenommenen Schritt "
                                           "wieder ausführen (Strg+Umschalt+Z)")
        self.redo_button.setToolTip("Den zurückgenommenen Schritt wieder ausführen "
                                    "(Strg+Umschalt+Z oder Strg+Y)")
        self.redo_button.clicked.connect(self.session.redo)
        for button in (self.undo_button, self.redo_button):
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        top = QHBoxLayout()
        top.setSpacing(12)
        top.addWidget(title)
        top.addStretch(1)
        # Top right on every board, beside the title; one under the other when narrow.
        top.addLayout(flow(self.undo_button, self.redo_button))
        self.header = QWidget()
        header = QVBoxLayout(self.header)
        header.setContentsMargins(0, 0, 0, 0)
        header.setSpacing(4)
        header.addLayout(top)
        header.addWidget(self.lead)

    def _build_message(self) -> None:
        self.message_box = Box("Answer")
        self.message_title = label("", "RightTag", rich=False)
        self.message_title.hide()
        self.message = label("", "Body", rich=False)
        self.message.setAccessibleName("Meldung")
        self.detail = label("", "Muted", rich=False)
        self.detail.hide()
        # What a page offers beside the message (Atlantis: „Ohne Brücke“) goes in this row.
        self.message_row = QHBoxLayout()
        self.message_row.setContentsMargins(0, 0, 0, 0)
        self.message_row.setSpacing(10)
        self.message_box.body.addWidget(self.message_title)
        self.message_box.body.addWidget(self.message)
        self.message_box.body.addWidget(self.detail)
        self.message_box.body.addLayout(self.message_row)

    def _build_expert(self, placeholder: str) -> None:
        self.notation = QLineEdit()
        self.notation.setAccessibleName("Stellung in Textform (kopieren oder einfügen)")
        self.notation.setToolTip("Die Stellung als Text – kopieren, oder eine andere einfügen "
                                 "und Enter drücken")
        if placeholder:
            self.notation.setPlaceholderText(placeholder)
        self.notation.returnPressed.connect(self.load_notation)
        self.notation.setStyleSheet("font-family: monospace;")
        self.load_button = secondary(QPushButton("Übernehmen"))
        self.load_button.setAccessibleName("Eingefügte Stellung übernehmen")
        self.load_button.clicked.connect(self.load_notation)
        self.copy_button = secondary(QPushButton("Kopieren"))
        self.copy_button.setAccessibleName("Stellung in die Zwischenablage kopieren")
        self.copy_button.clicked.connect(self.copy_notation)
        row_ = ReflowRow()
        row_.setSpacing(8)
        row_.addWidget(label("Stellung", "Muted", rich=False))
        row_.addWidget(self.notation, 1)
        row_.addWidget(self.load_button)
        row_.addWidget(self.copy_button)
        self.expert_row = QWidget()
        self.expert_row.setLayout(row_)
        row_.setContentsMargins(0, 0, 0, 0)
        self.expert_row.hide()
        self.expert_button = expert_toggle(self._show_expert)
        self.expert = QVBoxLayout()
        self.expert.setSpacing(8)
        self.expert.addWidget(self.expert_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.expert.addWidget(self.expert_row)

    def _show_expert(self, shown: bool) -> None:
        """The engine's notation is for those who ask for it."""
        self.expert_row.setVisible(shown)
        if shown:
            self.notation.setFocus()

    # -- acting --------------------------------------------------------------------------

    def load_notation(self) -> None:
        text = self.notation.text().strip()
        if text != self.session.notation:
            # A text that cannot be read stays in the field, to be corrected.
            self.session.load_position(text)

    def copy_notation(self) -> None:
        QGuiApplication.clipboard().setText(self.session.notation)
        self.session.say("Stellung kopiert – zum Teilen einfach einfügen.", DONE)

    # -- showing -------------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        self.undo_button.setEnabled(session.can_undo or session.draft.undo_pending_possible())
        self.redo_button.setEnabled(session.can_redo)
        if not self.notation.hasFocus() or self.notation.text() == session.notation:
            self.notation.setText(session.notation)
            self.notation.setCursorPosition(0)

    def show_message(self, hint: str = "") -> None:
        """The session's message (or ``hint`` when there is none) in its colours."""
        message = self.session.message
        kind = message.kind if message.text else ""
        self.message.setText(message.text or hint)
        self.message_title.setText(message.title)
        self.message_title.setVisible(bool(message.title and message.text))
        self.detail.setText(message.detail)
        self.detail.setVisible(bool(message.detail and message.text))
        restyle(self.message_box, {WRONG: "WrongBox", DONE: "RightBox"}.get(kind, "Answer"))
        restyle(self.message_title, "WrongTag" if kind == WRONG else "RightTag")

    def reveal_message(self, *areas: QAbstractScrollArea) -> None:
        """Bring the message into view where it happened (a refusal in a small window)."""
        for area in areas:
            if area.isAncestorOf(self.message_box):
                area.ensureWidgetVisible(self.message_box, 0, 8)

    # -- ruling codes as links -----------------------------------------------------------

    def linked_label(self, text: str = "") -> QLabel:
        """A label whose ruling codes (R9, E2 …) link to the ruling under „Auslegungen“."""
        words = label("", "Body")
        words.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        words.linkActivated.connect(self.open_ruling)
        words.linkHovered.connect(self._ruling_tip)
        words.setText(self.ruling_links(markdown_html(text)))
        return words

    def rulings(self) -> dict[str, tuple[str, str]]:
        loaded = getattr(self.page, "loaded", None)
        if loaded is None:
            return {}
        return {i.code: (i.id, i.title) for i in loaded.game.content.interpretations if i.code}

    def ruling_links(self, html: str) -> str:
        rulings = self.rulings()

        def link(match: re.Match) -> str:
            code = match.group(0)
            if code not in rulings:
                return code
            ruling_id, title = rulings[code]
            return f'<a href="ruling:{ruling_id}" title="{escape(title)}">{code}</a>'

        return re.sub(r"\b[A-Z]\d{1,2}\b", link, html)

    def open_ruling(self, href: str) -> None:
        if href.startswith("ruling:") and self.services is not None:
            self.services.state.request_jump("interpretations", href.removeprefix("ruling:"))

    def _ruling_tip(self, href: str) -> None:
        ruling = href.removeprefix("ruling:")
        title = next((f"{code}: {t} – anklicken zeigt die Auslegung"
                      for code, (i, t) in self.rulings().items() if i == ruling), "")
        if title:
            QToolTip.showText(QCursor.pos(), title, self.page)
        else:
            QToolTip.hideText()


def bind_keys(page: QWidget, standard: QKeySequence.StandardKey, action) -> None:
    """The platform's keys for ``standard`` plus the usual ones (Strg+Z, Strg+Umschalt+Z,
    Strg+Y), each once: a key bound twice would be ambiguous."""
    extra = {QKeySequence.StandardKey.Undo: ["Ctrl+Z"],
             QKeySequence.StandardKey.Redo: ["Ctrl+Shift+Z", "Ctrl+Y"]}.get(standard, [])
    keys = {k.toString(): k for k in QKeySequence.keyBindings(standard)}
    for text in extra:
        keys.setdefault(QKeySequence(text).toString(), QKeySequence(text))
    for key in keys.values():
        shortcut = QShortcut(key, page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(action)


def restyle(widget: QWidget, name: str) -> None:
    """Give ``widget`` the style sheet's object name ``name``; re-polish only on a change."""
    if widget.objectName() != name:
        widget.setObjectName(name)
        widget.style().unpolish(widget)
        widget.style().polish(widget)
