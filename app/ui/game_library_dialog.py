"""Datei → „Spiele-Bibliothek …“ and „In Bibliothek übernehmen …“.

The dialog lists every pack of every subscribed library (app/model/game_library.py), with a
search by title, a preview of the refresher, and install / update. Everything that touches the
network, and every check of a whole library, runs in a :class:`LibraryJob` thread with a
cancellable progress bar; the list stays usable meanwhile.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.model.game_library import (
    LibraryPack,
    LibraryView,
    install,
    install_state,
    pending_updates,
    read_library,
    staged_pack,
    sync,
)
from app.model.game_library_git import Cancelled, LibraryError, Source, parse_source
from app.ui.game_library_sources import LibrarySources
from app.ui.safe_text import SafeTextDocument
from app.ui.theme import palette_colours

PACK_ROLE = Qt.ItemDataRole.UserRole + 1
STATE_ROLE = Qt.ItemDataRole.UserRole + 2
SOURCE_ROLE = Qt.ItemDataRole.UserRole + 3
STATE_TEXT = {"": "", "installed": "installiert", "update": "neue Fassung",
              "edited": "von dir geändert", "other": "eigenes Spiel gleichen Namens"}
ALL_SOURCES = ""


# -- the work off the UI thread ------------------------------------------------------------------

# Jobs whose thread still runs (each is held until its thread ends: a job may outlive the
# dialog that started it, and its thread must never find its object gone).
_RUNNING: set[LibraryJob] = set()


@dataclass
class JobResult:
    views: list[LibraryView] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    changed: bool = False
    cancelled: bool = False


class LibraryJob(QObject):
    """Fetch (optionally) and read the given sources in a thread; never touches a widget.

    A daemon thread, not a QThread: a read waiting for a silent server ends only with its
    timeout (15 s), and quitting must not wait for it (issue #30). A QThread still running
    when the app ends aborts the process, so the old quit waited; a daemon thread simply
    ends with the process. That leaves the cache as it was: a first fetch builds the mirror
    in a folder of its own and renames it only when complete, a later one moves the mirror's
    head only after every object is stored, and the check records are replaced atomically.
    Once told to stop, the job reports nothing more."""

    progressed = Signal(float, str)  # fraction (−1: unknown), German text
    done = Signal(object)  # JobResult

    def __init__(self, data: Path, sources: list[Source], fetch: bool, parent=None,
                 timeout: float | None = None):
        super().__init__(parent)
        self.data = data
        self.sources = sources
        self.fetch = fetch
        self.timeout = timeout
        self.cancel = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        _RUNNING.add(self)
        self._thread = threading.Thread(target=self._run_then_leave, daemon=True,
                                        name="regelfrisch-bibliothek")
        self._thread.start()

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, seconds: float | None = None) -> bool:
        """Block until the thread has ended (tests); whether it has."""
        if self._thread is not None:
            self._thread.join(seconds)
        return not self.is_running()

    def _run_then_leave(self) -> None:
        try:
            self.run()
        finally:
            _RUNNING.discard(self)

    def _report(self, signal, *args) -> None:
        if self.cancel.is_set():
            return  # nobody waits for it any more (cancelled, or the app is quitting)
        # RuntimeError: the object is gone with the app.
        with contextlib.suppress(RuntimeError):
            signal.emit(*args)

    def run(self) -> None:
        result = JobResult()
        count = max(1, len(self.sources))
        for number, source in enumerate(self.sources):
            def progress(fraction, text, number=number, source=source):
                share = -1.0 if fraction is None else (number + fraction) / count
                self._report(self.progressed, share, f"{source.label}: {text}")

            if self.cancel.is_set():
                return
            if self.fetch:
                try:
                    fetched = sync(source, self.data, progress=progress, cancel=self.cancel,
                                   timeout=self.timeout)
                    result.changed |= fetched.changed
                except Cancelled:
                    result.cancelled = True
                except LibraryError as exc:
                    result.errors.append(f"{source.label}: {exc}")
            if self.cancel.is_set():
                return
            self._report(self.progressed, -1.0, f"{source.label}: Spiele prüfen …")
            try:
                result.views.append(read_library(source, self.data))
            except Exception as exc:  # a broken cache must not take the dialog down
                result.errors.append(f"{source.label}: Der Zwischenspeicher lässt sich nicht "
                                     f"lesen ({type(exc).__name__}). Wähle „Aktualisieren“.")
        self._report(self.done, result)


# -- the list ------------------------------------------------------------------------------------


@dataclass
class Row:
    pack: LibraryPack
    state: str
    library: str  # the library's title


class PackListModel(QAbstractListModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.all_rows: list[Row] = []
        self.rows: list[Row] = []
        self.search = ""
        self.source = ALL_SOURCES

    def set_rows(self, rows: list[Row]) -> None:
        self.all_rows = rows
        self.refilter()

    def refilter(self) -> None:
        self.beginResetModel()
        words = self.search.casefold().split()
        self.rows = [r for r in self.all_rows
                     if (not self.source or r.pack.source.location == self.source)
                     and all(w in f"{r.pack.title} {r.pack.pack_id}".casefold() for w in words)]
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.pack.title
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return accessible_text(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return accessible_text(row)
        if role == PACK_ROLE:
            return row.pack
        if role == STATE_ROLE:
            return row.state
        if role == SOURCE_ROLE:
            return row.library
        return None


def facts_line(row: Row) -> str:
    pack = row.pack
    parts = [f"Fassung {pack.version or '–'}"]
    if pack.author:
        parts.append(f"von {pack.author}")
    if pack.ok:  # a pack that fails its check was not read far enough to count questions
        parts.append(f"{pack.questions} Frage{'n' if pack.questions != 1 else ''}")
    parts.append(row.library)
    return " · ".join(parts)


def accessible_text(row: Row) -> str:
    pack = row.pack
    state = STATE_TEXT[row.state]
    return (f"{pack.title}, {facts_line(row)}. {pack.check_text}. {pack.review.text}."
            + (f" {state[0].upper()}{state[1:]}." if state else ""))


class PackDelegate(QStyledItemDelegate):
    """A pack as a small card: title and state, facts, check and review in colour and words."""

    PAD = 10

    def sizeHint(self, option, index) -> QSize:
        metrics = QFontMetrics(option.font)
        return QSize(200, self.PAD * 2 + metrics.height() * 3 + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        colours = palette_colours()
        pack: LibraryPack = index.data(PACK_ROLE)
        state = index.data(STATE_ROLE) or ""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = option.rect.adjusted(2, 2, -2, -2)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.setPen(QColor(colours.accent if selected else colours.line))
        painter.setBrush(QColor(colours.accent_soft if selected else colours.surface))
        painter.drawRoundedRect(rect, 8, 8)
        if option.state & QStyle.StateFlag.State_HasFocus:
            pen = painter.pen()
            pen.setWidth(2)
            pen.setColor(QColor(colours.accent))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 7, 7)
        inner = rect.adjusted(self.PAD, self.PAD - 2, -self.PAD, -self.PAD + 2)
        metrics = QFontMetrics(option.font)
        line = metrics.height() + 2

        bold = QFont(option.font)
        bold.setBold(True)
        small = QFont(option.font)
        small.setPointSizeF(option.font.pointSizeF() * 0.9)
        state_text = STATE_TEXT[state]
        pill_w = 0
        if state_text:
            pill_font = QFont(small)
            pill_font.setBold(True)
            pill_metrics = QFontMetrics(pill_font)
            pill_w = pill_metrics.horizontalAdvance(state_text) + 16
            pill = QRect(inner.right() - pill_w, inner.top(), pill_w, pill_metrics.height() + 2)
            fg, bg = ((colours.mark, colours.mark_bg) if state in ("update", "edited", "other")
                      else (colours.right, colours.right_bg))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(bg))
            painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            painter.setPen(QColor(fg))
            painter.setFont(pill_font)
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, state_text)
        painter.setFont(bold)
        painter.setPen(QColor(colours.text))
        title_rect = QRect(inner.left(), inner.top(), inner.width() - pill_w - 8, line)
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(bold).elidedText(pack.title, Qt.TextElideMode.ElideRight,
                                                       title_rect.width()))
        painter.setFont(small)
        small_metrics = QFontMetrics(small)
        painter.setPen(QColor(colours.muted))
        facts = facts_line(Row(pack, state, index.data(SOURCE_ROLE) or ""))
        facts_rect = QRect(inner.left(), inner.top() + line, inner.width(), line)
        painter.drawText(facts_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         small_metrics.elidedText(facts, Qt.TextElideMode.ElideRight,
                                                  facts_rect.width()))
        # Never colour alone: the words carry the meaning, the colour helps.
        check = ("✓ " if pack.ok else "✗ ") + pack.check_text
        review = {"checked": "✓ ", "changed": "! ", "none": ""}[pack.review.status] + \
            pack.review.text
        x = inner.left()
        y = inner.top() + 2 * line
        for text, colour in ((check, colours.right if pack.ok else colours.wrong),
                             ("  ·  ", colours.muted),
                             (review, {"checked": colours.right, "changed": colours.wrong,
                                       "none": colours.muted}[pack.review.status])):
            room = inner.right() - x
            if room <= 0:
                break
            shown = small_metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
            painter.setPen(QColor(colour))
            painter.drawText(QRect(x, y, room, line),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
            x += small_metrics.horizontalAdvance(shown)
        painter.restore()


def _plain(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # titles, names and messages come from packs
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


def _secondary(text: str) -> QPushButton:
    button = QPushButton(text)
    button.setProperty("secondary", True)
    return button


# -- the dialog ----------------------------------------------------------------------------------


class GameLibraryDialog(QDialog):
    """Subscribe, browse, preview, install and update packs of shared libraries."""

    installed = Signal(str)  # a pack id, after it was installed or updated

    def __init__(self, data: Path, packs_folder: Path, sources: LibrarySources,
                 own_entry=None, parent: QWidget | None = None, timeout: float | None = None):
        super().__init__(parent)
        self.data = data
        self.packs_folder = packs_folder
        self.sources = sources
        # The own pack a replacement would show on the left (the window knows what it loaded).
        self.own_entry = own_entry or (lambda pack_id: None)
        self.timeout = timeout
        self.views: dict[str, LibraryView] = {}
        self.job: LibraryJob | None = None
        self.fetching = False
        self.last_error = ""
        self._preview_memo: dict[str, str] = {}
        self.setWindowTitle("Spiele-Bibliothek")
        self.setMinimumSize(720, 500)
        self.resize(980, 680)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 14)
        layout.setSpacing(10)
        filter_row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Suchen nach Titel")
        self.search.setAccessibleName("Spiele suchen")
        self.search.setClearButtonEnabled(True)
        self.source_box = QComboBox()
        self.source_box.setAccessibleName("Bibliothek")
        self.source_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.source_box.setMinimumContentsLength(len("Alle Bibliotheken"))
        self.search.setMinimumWidth(150)
        self.unsubscribe_button = _secondary("Abo beenden …")
        self.show_add_button = _secondary("Hinzufügen …")
        self.show_add_button.setToolTip("Eine weitere Bibliothek abonnieren")
        self.refresh_button = QPushButton("Aktualisieren")
        self.refresh_button.setToolTip("Alle Bibliotheken neu laden (F5)")
        self.refresh_button.setShortcut("F5")
        filter_row.addWidget(self.search, 1)
        filter_row.addWidget(self.source_box)
        filter_row.addWidget(self.unsubscribe_button)
        filter_row.addWidget(self.show_add_button)
        filter_row.addWidget(self.refresh_button)
        layout.addLayout(filter_row)

        # Subscribing: shown while no library is subscribed, else on „Hinzufügen …“.
        add_row = QHBoxLayout()
        add_row.setContentsMargins(0, 0, 0, 0)
        self.location = QLineEdit()
        self.location.setPlaceholderText("https://… oder Ordner einer Bibliothek")
        self.location.setAccessibleName("Adresse oder Ordner der Bibliothek")
        self.folder_button = _secondary("Ordner …")
        self.add_button = QPushButton("Abonnieren")
        add_row.addWidget(self.location, 1)
        add_row.addWidget(self.folder_button)
        add_row.addWidget(self.add_button)
        self.add_widget = QWidget()
        self.add_widget.setLayout(add_row)
        layout.addWidget(self.add_widget)

        busy_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Fortschritt")
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.progress_text = _plain("", "Muted")
        self.progress_text.setWordWrap(False)
        self.cancel_button = _secondary("Abbrechen")
        busy_row.addWidget(self.progress, 1)
        busy_row.addWidget(self.progress_text, 2)
        busy_row.addWidget(self.cancel_button)
        self.busy_widget = QWidget()
        self.busy_widget.setLayout(busy_row)
        busy_row.setContentsMargins(0, 0, 0, 0)
        self.busy_widget.hide()
        layout.addWidget(self.busy_widget)

        self.message = _plain("", "LibraryMessage")
        self.message.hide()
        layout.addWidget(self.message)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.list_stack = QStackedWidget()
        self.model = PackListModel(self)
        self.list = QListView()
        self.list.setObjectName("LibraryList")
        self.list.setAccessibleName("Spiele der Bibliotheken")
        self.list.setModel(self.model)
        self.list.setItemDelegate(PackDelegate(self.list))
        self.list.setUniformItemSizes(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setVerticalScrollMode(QListView.ScrollMode.ScrollPerPixel)
        self.empty = _plain("", "LibraryEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setMargin(24)
        self.list_stack.addWidget(self.list)
        self.list_stack.addWidget(self.empty)
        self.list_stack.setMinimumWidth(280)
        self.splitter.addWidget(self.list_stack)
        self.splitter.addWidget(self._build_detail())
        self.splitter.setStretchFactor(0, 5)
        self.splitter.setStretchFactor(1, 6)
        layout.addWidget(self.splitter, 1)

        bottom = QHBoxLayout()
        self.notices_button = _secondary("Übersprungen …")
        self.notices_button.hide()
        self.updates_label = _plain("", "LibraryUpdates")
        close = _secondary("Schließen")
        close.clicked.connect(self.reject)
        bottom.addWidget(self.notices_button)
        bottom.addWidget(self.updates_label, 1)
        bottom.addWidget(close)
        layout.addLayout(bottom)

        self.show_add_button.clicked.connect(self.show_add)
        self.add_button.clicked.connect(self.subscribe)
        self.location.returnPressed.connect(self.subscribe)
        self.folder_button.clicked.connect(self._choose_folder)
        self.refresh_button.clicked.connect(self.refresh)
        self.cancel_button.clicked.connect(self.cancel)
        self.unsubscribe_button.clicked.connect(self._ask_unsubscribe)
        self.search.textChanged.connect(self._filter)
        self.source_box.currentIndexChanged.connect(self._filter)
        self.notices_button.clicked.connect(self.show_notices)
        self.list.selectionModel().currentChanged.connect(lambda *_: self._show_current())
        self.install_button.clicked.connect(self.install_current)
        self.finished.connect(lambda _r: self.cancel())

        self._fill_sources()
        self._update_list()
        if self.sources.locations():
            self._start(self._subscribed(), fetch=False)

    def _build_detail(self) -> QWidget:
        detail = QWidget()
        column = QVBoxLayout(detail)
        column.setContentsMargins(12, 0, 0, 0)
        column.setSpacing(6)
        self.detail_title = _plain("", "H2")
        self.detail_facts = _plain("", "Muted")
        self.detail_facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_check = _plain("", "LibraryCheck")
        self.detail_review = _plain("", "LibraryReview")
        self.problems = QListWidget()
        self.problems.setObjectName("LibraryProblems")
        self.problems.setAccessibleName("Probleme des Spiels")
        self.problems.setWordWrap(True)
        self.preview = QTextBrowser()
        self.preview.setObjectName("LibraryPreview")
        self.preview.setAccessibleName("Vorschau des Spickzettels")
        self.preview.setDocument(SafeTextDocument(self.preview))
        self.preview.setOpenLinks(False)
        self.preview.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.preview.setOpenExternalLinks(False)
        buttons = QHBoxLayout()
        # For reviewers: the hash that pruefungen.yaml names (README, „Spiele-Bibliothek“).
        self.copy_hash_button = _secondary("Hash kopieren")
        self.copy_hash_button.setToolTip("Den Prüf-Hash für pruefungen.yaml kopieren")
        self.copy_hash_button.clicked.connect(self.copy_hash)
        buttons.addWidget(self.copy_hash_button)
        buttons.addStretch(1)
        self.install_button = QPushButton("Installieren")
        buttons.addWidget(self.install_button)
        for widget in (self.detail_title, self.detail_facts, self.detail_check,
                       self.detail_review):
            column.addWidget(widget)
        column.addWidget(self.problems, 1)
        column.addWidget(self.preview, 1)
        column.addLayout(buttons)
        detail.setMinimumWidth(300)
        return detail

    # -- sources -----------------------------------------------------------------------------

    def _subscribed(self) -> list[Source]:
        return [Source(location) for location in self.sources.locations()]

    def _fill_sources(self) -> None:
        current = self.source_box.currentData()
        self.source_box.blockSignals(True)
        self.source_box.clear()
        self.source_box.addItem("Alle Bibliotheken", ALL_SOURCES)
        for source in self._subscribed():
            view = self.views.get(source.location)
            self.source_box.addItem(view.title if view else source.label, source.location)
            self.source_box.setItemData(self.source_box.count() - 1, source.location,
                                        Qt.ItemDataRole.ToolTipRole)
        index = self.source_box.findData(current)
        self.source_box.setCurrentIndex(max(0, index))
        self.source_box.blockSignals(False)
        self.unsubscribe_button.setVisible(bool(self.source_box.currentData()))
        subscribed = bool(self.sources.locations())
        self.add_widget.setVisible(not subscribed or bool(self.location.text()))
        self.show_add_button.setVisible(subscribed)
        self.source_box.setVisible(subscribed)
        self.search.setEnabled(subscribed)
        self.refresh_button.setEnabled(subscribed and not self.busy)

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Ordner einer Bibliothek wählen",
                                                  str(Path.home()))
        if folder:
            self.location.setText(folder)
            self.subscribe()

    def subscribe(self) -> None:
        if self.busy:
            return
        try:
            source = parse_source(self.location.text())
        except LibraryError as exc:
            self._say(str(exc), error=True)
            return
        if source.location in self.sources.locations():
            self._say(f"„{source.label}“ ist schon abonniert.", error=False)
            return
        self._pending_source = source
        self._start([source], fetch=True)

    def _ask_unsubscribe(self) -> None:
        location = self.source_box.currentData()
        if not location:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Abo beenden?",
                          f"Die Bibliothek „{self.source_box.currentText()}“ nicht mehr "
                          "anzeigen? Installierte Spiele bleiben installiert.", parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        end = box.addButton("Abo beenden", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Behalten", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.finished.connect(lambda _r: box.clickedButton() is end and self.unsubscribe(location))
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self.confirmation = box

    def unsubscribe(self, location: str) -> None:
        self.sources.set_locations([loc for loc in self.sources.locations() if loc != location])
        self.views.pop(location, None)
        self._fill_sources()
        self._update_list()
        self._say("Abo beendet. Installierte Spiele bleiben.", error=False)

    def refresh(self) -> None:
        """„Aktualisieren“: fetch every source; the list stays usable meanwhile."""
        if self.busy:
            return
        sources = self._subscribed()
        if not sources:
            self._say("Noch keine Bibliothek abonniert.", error=False)
            return
        self._pending_source = None
        self._start(sources, fetch=True)

    # -- the job -----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.job is not None

    def _start(self, sources: list[Source], fetch: bool) -> None:
        self.fetching = fetch
        self.job = LibraryJob(self.data, sources, fetch, timeout=self.timeout)
        self.job.progressed.connect(self._progressed)
        self.job.done.connect(self._done)
        self.busy_widget.show()
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, 0)
        self.progress_text.setText("Laden …" if fetch else "Bibliotheken lesen …")
        self.add_button.setEnabled(False)
        self.refresh_button.setEnabled(False)
        self.message.hide()
        self.job.start()

    def _progressed(self, fraction: float, text: str) -> None:
        if fraction < 0:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(round(fraction * 1000))
        metrics = QFontMetrics(self.progress_text.font())
        self.progress_text.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight,
                                                      max(80, self.progress_text.width())))

    def cancel(self) -> None:
        """Stop now: the job is told to stop and left to end on its own (a read waiting for a
        silent server ends only with its timeout); what it finds is no longer wanted."""
        job = self.job
        if job is None:
            return
        job.cancel.set()
        job.done.disconnect()
        job.progressed.disconnect()
        self.progress_text.setText("Wird abgebrochen …")
        self._done(JobResult(cancelled=True))

    def _done(self, result: JobResult) -> None:
        self.job = None
        self.busy_widget.hide()
        self.add_button.setEnabled(True)
        self.refresh_button.setEnabled(True)
        self.cancel_button.setEnabled(True)
        pending = getattr(self, "_pending_source", None)
        self._pending_source = None
        for view in result.views:
            if pending is not None and view.source == pending and (result.errors or
                                                                   result.cancelled):
                continue  # a failed subscription leaves no trace
            self.views[view.source.location] = view
        if pending is not None and not result.errors and not result.cancelled:
            self.sources.set_locations([*self.sources.locations(), pending.location])
            self.location.clear()
            self.add_widget.hide()
            view = self.views.get(pending.location)
            count = len(view.packs) if view else 0
            self._say(f"Abonniert: „{view.title if view else pending.label}“ mit {count} "
                      f"Spiel{'en' if count != 1 else ''}.", error=False)
        elif result.cancelled:
            self._say("Abgebrochen. Es wurde nichts verändert.", error=False)
        elif result.errors:
            self._say("\n".join(result.errors), error=True)
        elif self.views and self.fetching:
            self._say("Alle Bibliotheken sind auf dem neuesten Stand." if not result.changed
                      else "Neue Fassungen geladen.", error=False)
        self._fill_sources()
        self._update_list()

    def _say(self, text: str, *, error: bool) -> None:
        self.last_error = text if error else ""
        self.message.setProperty("error", error)
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- the list ----------------------------------------------------------------------------

    def _filter(self) -> None:
        self.model.search = self.search.text()
        self.model.source = self.source_box.currentData() or ALL_SOURCES
        self.unsubscribe_button.setVisible(bool(self.source_box.currentData()))
        selected = self.current_pack()
        self.model.refilter()
        self._reselect(selected)
        self._update_empty()

    def _update_list(self) -> None:
        selected = self.current_pack()
        rows = []
        for location in self.sources.locations():
            view = self.views.get(location)
            if view is None:
                continue
            for pack in view.packs:
                rows.append(Row(pack, install_state(pack, self.packs_folder), view.title))
        rows.sort(key=lambda r: (r.pack.title.casefold(), r.library.casefold()))
        self.model.set_rows(rows)
        self._reselect(selected)
        self._update_empty()
        notices = sum(len(v.notices) for v in self.views.values())
        self.notices_button.setVisible(bool(notices))
        self.notices_button.setText(f"Übersprungen ({notices}) …")
        updates = pending_updates([self.views[loc] for loc in self.sources.locations()
                                   if loc in self.views], self.packs_folder)
        self.updates_label.setText(
            ("Neue Fassung für: " + ", ".join(u.pack.title for u in updates) + ".")
            if updates else "")

    def _reselect(self, previous: LibraryPack | None) -> None:
        target = 0
        if previous is not None:
            for number, row in enumerate(self.model.rows):
                if (row.pack.pack_id, row.pack.source) == (previous.pack_id, previous.source):
                    target = number
                    break
        if self.model.rows:
            self.list.setCurrentIndex(self.model.index(target))
        self._show_current()

    def _update_empty(self) -> None:
        if not self.sources.locations():
            text = ("Noch keine Bibliothek abonniert.\n\nGib oben die Adresse einer Bibliothek "
                    "ein oder wähle einen Ordner. Eine eigene legst du an mit:\n"
                    "regelfrisch --bibliothek neu ORDNER")
        elif not self.model.all_rows:
            text = ("Die Bibliotheken sind noch nicht geladen oder enthalten keine Spiele.\n\n"
                    "Wähle „Aktualisieren“.") if not self.busy or self.views else "Laden …"
        elif not self.model.rows:
            text = "Kein Spiel passt zur Suche."
        else:
            text = ""
        self.empty.setText(text)
        self.list_stack.setCurrentWidget(self.empty if text else self.list)

    def current_pack(self) -> LibraryPack | None:
        index = self.list.currentIndex()
        return index.data(PACK_ROLE) if index.isValid() else None

    def current_state(self) -> str:
        index = self.list.currentIndex()
        return index.data(STATE_ROLE) or "" if index.isValid() else ""

    def _show_current(self) -> None:
        pack = self.current_pack()
        has = pack is not None
        for widget in (self.detail_title, self.detail_facts, self.detail_check,
                       self.detail_review, self.install_button, self.copy_hash_button):
            widget.setVisible(has)
        if not has:
            self.problems.hide()
            self.preview.hide()
            return
        row = self.model.rows[self.list.currentIndex().row()]
        self.detail_title.setText(pack.title)
        self.detail_facts.setText(f"{facts_line(row)}\nLetzte Änderung: "
                                  f"{pack.last_change_text}")
        self.detail_facts.setToolTip(f"Quelle: {pack.source.location}\n"
                                     f"Prüf-Hash: {pack.fingerprint}")
        self._tone(self.detail_check, "right" if pack.ok else "wrong",
                   ("✓ " if pack.ok else "✗ ") + pack.check_text +
                   ("" if pack.ok else " – so lässt es sich nicht installieren."))
        review = pack.review
        verdict = f"\n„{review.review.verdict}“" if review.review and \
            review.status == "checked" else ""
        self._tone(self.detail_review, {"checked": "right", "changed": "wrong",
                                        "none": "muted"}[review.status],
                   {"checked": "✓ ", "changed": "! ", "none": ""}[review.status]
                   + review.text + verdict)
        self.problems.clear()
        self.problems.addItems(pack.problems)
        self.problems.setVisible(not pack.ok)
        self.preview.setVisible(pack.ok)
        if pack.ok:
            self.preview.setHtml(self._preview_html(pack))
        state = row.state
        self.install_button.setText({"": "Installieren", "installed": "Installiert",
                                     "update": "Neue Fassung installieren …",
                                     "edited": "Neue Fassung installieren …",
                                     "other": "Ersetzen …"}[state])
        self.install_button.setEnabled(pack.ok and state != "installed")

    def copy_hash(self) -> None:
        from PySide6.QtGui import QGuiApplication

        pack = self.current_pack()
        if pack is not None:
            QGuiApplication.clipboard().setText(pack.fingerprint)
            self._say(f"Prüf-Hash von „{pack.title}“ kopiert: {pack.fingerprint}", error=False)

    def show_add(self) -> None:
        self.add_widget.show()
        self.location.setFocus()

    def _tone(self, label: QLabel, tone: str, text: str) -> None:
        label.setProperty("tone", tone)
        label.style().unpolish(label)
        label.style().polish(label)
        label.setText(text)

    def _preview_html(self, pack: LibraryPack) -> str:
        key = f"{pack.source.location}|{pack.tree}|{self.font().pointSizeF()}"
        if key not in self._preview_memo:
            from app.ui.print_sheet import sheet_html

            try:
                with tempfile.TemporaryDirectory(prefix=".vorschau-",
                                                 dir=self._work_root()) as work:
                    inspection, _staged = staged_pack(pack, self.data, Path(work),
                                                      _reserved())
                    html = sheet_html(inspection.loaded, font_pt=self.font().pointSizeF() - 1,
                                      footer=False)
            except LibraryError as exc:
                html = f"<p>{_escape(str(exc))}</p>"
            self._preview_memo[key] = html
        return self._preview_memo[key]

    def _work_root(self) -> str:
        from app.model.game_library_git import libraries_root

        root = libraries_root(self.data)
        root.mkdir(parents=True, exist_ok=True)
        return str(root)

    # -- install and update ------------------------------------------------------------------

    def install_current(self) -> None:
        pack = self.current_pack()
        if pack is None or not pack.ok:
            return
        state = install_state(pack, self.packs_folder)
        if state == "installed":
            return
        if not state:
            self._install(pack, replace=False)
            return
        self._ask_replace(pack, state)

    def _ask_replace(self, pack: LibraryPack, state: str) -> None:
        from app.model.packs import load_pack
        from app.model.yaml_source import ContentError
        from app.ui.pack_dialogs import ReplacePackDialog

        installed = self.own_entry(pack.pack_id)
        if installed is None:
            try:
                installed = load_pack(self.packs_folder / pack.pack_id)
            except ContentError as exc:
                from app.model.packs import FailedPack

                installed = FailedPack(pack.pack_id, self.packs_folder / pack.pack_id,
                                       exc.problems)
        question = {
            "update": (f"Die Bibliothek hat eine neue Fassung von „{pack.title}“. Installieren? "
                       "Dein Quiz-Fortschritt bleibt erhalten, soweit die Fragen ihre ids "
                       "behalten."),
            "edited": (f"Du hast „{pack.title}“ nach der Installation geändert. Die neue "
                       "Fassung ersetzt deine Änderungen; exportiere dein Spiel vorher, wenn "
                       "du sie behalten willst."),
            "other": (f"Ein eigenes Spiel „{pack.pack_id}“ ist schon installiert, nicht aus "
                      "dieser Bibliothek. Durch die Fassung der Bibliothek ersetzen?"),
        }[state]
        try:
            with tempfile.TemporaryDirectory(prefix=".vergleich-", dir=self._work_root()) as work:
                inspection, _staged = staged_pack(pack, self.data, Path(work), _reserved())
                dialog = ReplacePackDialog(installed, inspection.loaded,
                                           Path(f"{pack.source.label}/{pack.pack_id}"), self,
                                           incoming_heading="Aus der Bibliothek",
                                           question=question)
        except LibraryError as exc:
            self._say(str(exc), error=True)
            return
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.accepted.connect(lambda: self._install(pack, replace=True))
        dialog.open()
        self.replace_dialog = dialog

    def _install(self, pack: LibraryPack, *, replace: bool) -> None:
        try:
            folder = install(pack, self.data, self.packs_folder, replace=replace,
                             reserved=_reserved())
        except (LibraryError, OSError) as exc:
            self._say(f"Nicht installiert: {exc}", error=True)
            return
        self._say(f"„{pack.title}“ (Fassung {pack.version or '–'}) installiert in {folder}.",
                  error=False)
        self._update_list()
        self.installed.emit(pack.pack_id)

    def show_notices(self) -> None:
        lines = [f"{view.title}: {notice}" for view in self.views.values()
                 for notice in view.notices]
        box = QMessageBox(QMessageBox.Icon.Information, "Übersprungen",
                          "Diese Einträge der Bibliotheken wurden nicht geladen:\n\n"
                          + "\n".join(lines[:200]), parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self.notices_box = box


def stop_jobs() -> None:
    """At quit: tell every job to stop, and do not wait (see :class:`LibraryJob`)."""
    for job in list(_RUNNING):
        job.cancel.set()


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def _reserved() -> set[str]:
    from app.model.packs import reserved_ids

    return reserved_ids()
