"""What every board page shares, written once: the session's signals and the page's chrome.

The game itself is a Qt-free :class:`~app.model.play_session.PlaySession`; this module wraps
it in Qt signals (:class:`SessionSignals`) so widgets follow it without owning any of it,
and builds what every board shows around its drawing (:class:`BoardChrome`).
"""

from __future__ import annotations

import re
from html import escape

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.model.play_session import CHANGED, DONE, DRAFT, MESSAGE, MOVED, WRONG, PlaySession
from app.ui.accessibility import announce
from app.ui.settings import DEFAULT_FONT_PT
from app.ui.widgets import (
    Box,
    FlowLayout,
    ReflowRow,
    expert_toggle,
    flow,
    label,
    markdown_html,
    relax,
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


class LinkLabel(QLabel):
    """Wrapped rich text whose ruling links open the ruling: by mouse, or by the keys – Tab
    lands on the first link at once (a plain QLabel takes a second Tab to reach it), Enter
    opens it. A Tab stop only while it holds a link."""

    def __init__(self, chrome: BoardChrome, name: str = "Body"):
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        relax(self)
        self.linkActivated.connect(chrome.open_ruling)
        self.linkHovered.connect(chrome._ruling_tip)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def setText(self, html: str) -> None:
        super().setText(html)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if "<a " in html
                            else Qt.FocusPolicy.NoFocus)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        reason = event.reason()
        if reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self.focusNextPrevChild(reason == Qt.FocusReason.TabFocusReason)


class CitedLabel(LinkLabel):
    """The engine's plain sentences (a message, a replay caption): escaped, and the rulings
    they cite („(Auslegung R4)“) as links. ``plain`` keeps the text as given."""

    def __init__(self, chrome: BoardChrome, name: str = "Body"):
        super().__init__(chrome, name)
        self.chrome = chrome
        self.plain = ""

    def setText(self, text: str) -> None:
        self.plain = text
        super().setText(self.chrome.cited_links(escape(text, quote=False)))


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
        self.message = CitedLabel(self, "Body")
        self.message.setAccessibleName("Meldung")
        self.detail = CitedLabel(self, "Muted")
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
        words = LinkLabel(self)
        words.setText(self.ruling_links(markdown_html(text)))
        return words

    def cited_links(self, html: str) -> str:
        """Ruling codes as links where the text cites a ruling: after „Auslegung“ or in
        brackets („(S. 4, Auslegung R8)“, „(R3)“, „(R1, E3)“). Messages may quote a pasted
        position, whose tiles (``R3`` = Ring 3) look like codes and must stay text."""
        def cite(match: re.Match) -> str:
            return match.group(1) + self.ruling_links(match.group(2))

        html = re.sub(r"(Auslegung(?:en)? )([A-Z]\d{1,2}(?:(?:, | und )[A-Z]\d{1,2})*)", cite,
                      html)
        return re.sub(r"(\()((?:[A-Z]\d{1,2})(?:, ?[A-Z]\d{1,2})*)(?=\))", cite, html)

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


class _Content(QWidget):
    """The page's content, only as tall as its parts' minimum heights.

    Side by side, the drawing takes whatever the window leaves (its minimum is small), so
    nothing scrolls; stacked, drawing and panel get fixed minimum heights and the page
    scrolls.
    """

    floor = 0  # what the stacked page really needs (its toolbar wraps)

    def heightForWidth(self, width: int) -> int:
        return max(self.minimumSizeHint().height(), self.floor)


class BoardPage(QWidget):
    """The one „Spielbrett“ page: every game's board is this page with its drawing.

    Written once here: the chrome (:class:`BoardChrome`: title, undo/redo, the message line
    under the drawing, „Für Tüftler“), the toolbar (a game's „Neue Partie“ and practice
    number), a line about where the position comes from, the drawing with what belongs
    under it, the optional side panel, and where they go for the window's width and text
    size: side by side with a splitter, or (small windows, large text) the drawing at full
    width on top and the panel below, the page scrolling.

    A game's page (``AtlantisBoardView`` …) only makes its session, drawing and panel, hands
    them over (``add_tools``, ``add_info``, ``add_under_board``, ``set_panel``) and answers the
    hooks :meth:`fits_beside`, :meth:`fit_drawing` and :meth:`stacked_drawing_height`.
    """

    PANEL_WIDTH = 330  # what the panel gets beside the drawing at normal text
    COLUMN_MAX: int | None = None  # a drawing of fixed size: the page's parts stay this wide
    DRAWING_GROWS = True  # the drawing takes the column's spare height (else what is under it)
    STACKED_DRAWING_MIN = 180  # the drawing never gets lower than this; then the page scrolls

    def __init__(self, loaded, services, session: PlaySession, drawing: QWidget, *,
                 lead: str, placeholder: str = ""):
        super().__init__()
        self.setObjectName("Page")
        self.loaded, self.services, self.session = loaded, services, session
        self.draft = session.draft
        self.drawing = drawing
        self.anchors: dict[str, QWidget] = {}  # app/ui/page.py
        self._arranged = self._user_sized = False
        self.chrome = BoardChrome(self, session, drawing, lead=lead, services=services,
                                  placeholder=placeholder)
        chrome = self.chrome
        self.signals = chrome.signals
        self.lead = chrome.lead
        self.undo_button, self.redo_button = chrome.undo_button, chrome.redo_button
        self.message_box, self.message = chrome.message_box, chrome.message
        self.notation, self.expert_button = chrome.notation, chrome.expert_button
        self.expert_row = chrome.expert_row
        self.load_button, self.copy_button = chrome.load_button, chrome.copy_button
        self._build()

    # -- building ------------------------------------------------------------------------

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.page = QScrollArea()
        self.page.setObjectName("Page")
        self.page.setWidgetResizable(True)
        self.page.setFrameShape(QFrame.Shape.NoFrame)
        # At a big text size in a small window the toolbar may still be too wide: scroll.
        self.page.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer.addWidget(self.page)
        self.content = _Content()
        self.content.setObjectName("Column")
        self.page.setWidget(self.content)
        self.root = QVBoxLayout(self.content)
        self.root.setContentsMargins(24, 16, 24, 12)
        self.root.setSpacing(8)
        self.root.addWidget(self.chrome.header)
        self.toolbar = FlowLayout(spacing=10)  # wraps instead of running off a narrow window
        self.root.addLayout(self.toolbar)
        self.info = QHBoxLayout()
        self.info.setContentsMargins(0, 0, 0, 0)
        self.info.setSpacing(10)
        self.root.addLayout(self.info)

        self.board_column = QWidget()
        self.board_layout = QVBoxLayout(self.board_column)
        self.board_layout.setContentsMargins(0, 0, 0, 0)
        self.board_layout.setSpacing(8)
        self.board_layout.addWidget(self.drawing, 1 if self.DRAWING_GROWS else 0)
        # The message line sits under the drawing on every board (LOOK.md: the same places).
        self.board_layout.addWidget(self.message_box)
        if not self.DRAWING_GROWS:
            self.board_layout.addStretch(1)

        self.panel_scroll = QScrollArea()
        self.panel_scroll.setObjectName("Page")
        self.panel_scroll.setWidgetResizable(True)
        self.panel_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.panel_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.panel_scroll.hide()
        self.panel: QWidget | None = None

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(12)
        self.splitter.setStyleSheet("QSplitter::handle { background: transparent; }")
        self.splitter.addWidget(self.board_column)
        self.splitter.addWidget(self.panel_scroll)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.splitterMoved.connect(lambda *_: setattr(self, "_user_sized", True))
        self.root.addWidget(self.splitter, 1)
        # In a box of its own, so a page may give „Für Tüftler“ another place (Atlantis: under
        # its side panel, leaving the board's column the window's whole height).
        self.expert_box = QWidget()
        self.expert_box.setLayout(self.chrome.expert)
        self.chrome.expert.setContentsMargins(0, 0, 0, 0)
        self.root.addWidget(self.expert_box)

    def add_tools(self, *group: QWidget) -> None:
        """Toolbar controls that stay on one line together when the toolbar wraps."""
        if len(group) == 1:
            self.toolbar.addWidget(group[0])
            return
        box = QWidget()
        together = QHBoxLayout(box)
        together.setContentsMargins(0, 0, 0, 0)
        together.setSpacing(8)
        for widget in group:
            together.addWidget(widget)
        self.toolbar.addWidget(box)

    def add_info(self, *widgets: QWidget) -> None:
        """The line under the toolbar: where the position comes from, a practice note."""
        for widget in widgets:
            # The first (where the position comes from) takes the spare width: a wrapping
            # label without it would get only its narrowest width, one word a line.
            self.info.addWidget(widget, 0 if self.info.count() else 1)

    def add_under_board(self, widget: QWidget, before_message: bool = True) -> None:
        index = self.board_layout.indexOf(self.message_box)
        self.board_layout.insertWidget(index if before_message else index + 1, widget)

    def set_panel(self, panel: QWidget) -> None:
        """The game's side panel: beside the drawing when there is room, else under it."""
        self.panel = panel
        self.panel_scroll.setWidget(panel)
        self.panel_scroll.show()

    # -- the page's contract with the window (app/ui/page.py) ----------------------------

    def focus_target(self) -> QWidget | None:
        """The drawing takes the keys (arrows, Enter …), as F1 says."""
        return self.drawing if self.drawing.isVisibleTo(self) else None

    def scroll_to(self, widget: QWidget) -> None:
        self.page.ensureWidgetVisible(widget, 0, 40)

    def show_first_mark(self) -> None:
        """A board has no marked rules."""

    def text_root(self) -> QWidget:
        return self.content

    def reveal_message(self) -> None:
        """Bring the message into view where it happened (a refusal in a small window)."""
        self.chrome.reveal_message(self.panel_scroll, self.page)

    # -- hooks for the game's page -------------------------------------------------------

    def text_scale(self) -> float:
        """How much larger than normal the text is: widths grow with it, so large text gets
        the stacked arrangement instead of a page wider than the window."""
        return max(1.0, self.font().pointSizeF() / DEFAULT_FONT_PT)

    def fits_beside(self, width: int) -> bool:
        """Whether drawing and panel fit side by side in ``width`` (the page's inner width)."""
        if self.panel is None:
            return True
        need = self.drawing.minimumSizeHint().width() or self.drawing.sizeHint().width()
        return width >= need + self.panel_width() + self.splitter.handleWidth()

    def fit_drawing(self, width: int, stacked: bool) -> None:
        """Size the drawing for the ``width`` its column has (a map with a radius …)."""

    def stacked_drawing_height(self, width: int) -> int:
        """The drawing's height when it sits on top at full ``width``."""
        return max(self.STACKED_DRAWING_MIN, self.drawing.sizeHint().height())

    def wide_drawing_height(self) -> int:
        """The drawing's least height beside the panel (it grows with the window)."""
        return 200

    def arranged(self, stacked: bool) -> None:
        """Called after each arrangement: move what belongs elsewhere when stacked."""

    # -- arranging -----------------------------------------------------------------------

    def inner_width(self) -> int:
        """The width the page's parts get, from the page's own width: the scroll area's
        viewport follows only after this page's resize. Room for the scroll bar is kept."""
        side = self.root.contentsMargins().left()
        return (self.width() - self.page.verticalScrollBar().sizeHint().width() - 2 * side)

    def preferred_panel_width(self, total: int) -> int:
        """The panel's width beside the drawing when the splitter is ``total`` wide: what
        it needs, and the rest for the drawing."""
        return self.panel_width()

    def stacked(self) -> bool:
        return not self.fits_beside(self.width() - self.page.verticalScrollBar().sizeHint().width()
                                    - 48)

    def panel_width(self) -> int:
        """PANEL_WIDTH, or what the panel needs at a larger text size."""
        if self.panel is None:
            return 0
        # Beside the scroll bar, the #Page focus ring's 2 px border on both sides.
        return max(round(self.PANEL_WIDTH * self.text_scale()),
                   self.panel.minimumSizeHint().width()
                   + self.panel_scroll.verticalScrollBar().sizeHint().width() + 4)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.arrange()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "splitter"):
            self.arrange()

    def arrange(self) -> None:
        narrow = self.stacked()
        side = 16 if narrow else 24
        if self.COLUMN_MAX is not None:  # centred in a wide window
            room = self.width() - self.page.verticalScrollBar().sizeHint().width()
            side = max(side, (room - self.COLUMN_MAX) // 2)
        self.root.setContentsMargins(side, 16, side, 12)
        # The lead is an introduction: a short window keeps its line for the game.
        scale = self.text_scale()
        self.lead.setVisible(self.width() >= 1000 * scale and self.height() >= 860 * scale)
        orientation = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        turned = self.splitter.orientation() != orientation or not self._arranged
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)
        self.arranged(narrow)
        width = self.inner_width()
        if narrow:
            self.fit_drawing(width, True)
            self.drawing.setMinimumHeight(self.stacked_drawing_height(width))
            self.panel_scroll.setMinimumWidth(0)
            if self.panel is not None:
                height = self.panel.heightForWidth(width)
                self.panel_scroll.setMinimumHeight(
                    height if height > 0 else self.panel.sizeHint().height())
            self.panel_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            QTimer.singleShot(0, self, self.fit_page)
        else:
            panel = self.panel_width()
            self.fit_drawing(width - panel - self.splitter.handleWidth(), False)
            self.drawing.setMinimumHeight(self.wide_drawing_height())
            self.board_column.setMinimumHeight(0)
            self.splitter.setMinimumHeight(0)
            self.content.floor = 0
            self.panel_scroll.setMinimumWidth(panel)
            self.panel_scroll.setMinimumHeight(0)
            self.panel_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            if turned or not self._user_sized:
                QTimer.singleShot(0, self, self.size_panel)  # once the splitter has its width

    def fit_page(self) -> None:
        if self.splitter.orientation() == Qt.Orientation.Vertical:
            # Now that the toolbar has its height, the drawing takes what is left.
            wanted = self.stacked_drawing_height(self.inner_width())
            if wanted != self.drawing.minimumHeight():
                self.drawing.setMinimumHeight(wanted)
            # The splitter does not always notice that the drawing's column grew.
            column = self.board_column
            column.layout().activate()
            column.setMinimumHeight(column.layout().minimumSize().height())
            panel = self.panel_scroll.minimumHeight() if self.panel is not None else 0
            self.splitter.setMinimumHeight(column.minimumHeight() + self.splitter.handleWidth()
                                           + panel)
            self.splitter.setSizes([column.minimumHeight(), panel])
            self.root.invalidate()
        # The scroll area grows its page on its own but does not always shrink it again.
        viewport = self.page.viewport()
        height = max(viewport.height(), self.content.minimumSizeHint().height())
        if self.splitter.orientation() == Qt.Orientation.Vertical and self.splitter.y() > 0:
            # The wrapping toolbar is taller than its minimum: count what is really above.
            below = self.root.spacing() + self.expert_box.sizeHint().height() \
                if self.root.indexOf(self.expert_box) >= 0 else 0
            height = max(height, self.splitter.y() + self.splitter.minimumHeight() + below
                         + self.root.contentsMargins().bottom())
            self.content.floor = height
        else:
            self.content.floor = 0
        if self.content.height() != height:
            self.content.resize(viewport.width(), height)

    def size_panel(self) -> None:
        total = sum(self.splitter.sizes())
        width = max(self.panel_width(), self.preferred_panel_width(total))
        if self.splitter.orientation() == Qt.Orientation.Horizontal and total > 2 * width:
            self.splitter.setSizes([total - width, width])
            self._arranged = True
