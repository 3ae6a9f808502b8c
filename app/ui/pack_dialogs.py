"""Dialogs for own packs: a new game, import results, replacing a pack, managing packs.

Every dialog is window-modal and opened with ``open()``; the caller reacts to its signals, so
the event loop (and the live preview) keeps running while it is shown.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.model.packs import compare_packs, create_pack, slug
from app.model.yaml_source import Problem
from app.ui.editor_launch import UnopenedNote


class _Dialog(QDialog):
    """A dialog that grows to fit its wrapped text (a QLabel's height depends on its width)."""

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit()

    def fit(self) -> None:
        # Wide enough for its buttons whatever the text size (they never wrap), else as wide
        # as it is or is meant to be.
        width = max(self.width(), self.minimumWidth(), self.layout().minimumSize().width())
        self.resize(width, max(self.heightForWidth(width), self.height()))


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    for button in buttons:
        row.addWidget(button)
    return row


def _plain_label(text: str, name: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # names and messages come from a pack
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


class NewPackDialog(_Dialog):
    """Asks for the game's name and makes the pack folder from the templates."""

    created = Signal(Path)

    def __init__(self, root: Path, reserved: set[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.root = root
        self.reserved = reserved
        self.setWindowTitle("Neues Spiel")
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(12)
        layout.addWidget(_plain_label(
            "Regelfrisch legt einen Ordner mit zwei kommentierten Vorlagen an: game.yaml für die "
            "Kurzfassung der Regeln und quiz.yaml für die Fragen. Du bearbeitest sie in einem "
            "Texteditor; jede gespeicherte Änderung erscheint sofort hier im Fenster."))
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("z. B. Carcassonne")
        self.name.setAccessibleName("Name des Spiels")
        self.name.setMaxLength(80)
        self.author = QLineEdit()
        self.author.setPlaceholderText("freiwillig, steht beim Teilen dabei")
        self.author.setAccessibleName("Dein Name")
        self.author.setMaxLength(80)
        form.addRow("Name des Spiels:", self.name)
        form.addRow("Dein Name:", self.author)
        layout.addLayout(form)
        self.where = _plain_label("", "NewPackFolder")
        self.error = _plain_label("", "NewPackError")
        self.error.hide()
        layout.addWidget(self.where)
        layout.addWidget(self.error)
        self.create_button = QPushButton("Anlegen")
        self.create_button.setDefault(True)
        self.create_button.clicked.connect(self._create)
        cancel = QPushButton("Abbrechen")
        cancel.setProperty("secondary", True)
        cancel.clicked.connect(self.reject)
        layout.addLayout(_buttons(cancel, self.create_button))
        self.name.textChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        pack_id = slug(self.name.text())
        self.create_button.setEnabled(bool(pack_id))
        self.where.setText(f"Ordner: {self.root / pack_id}" if pack_id else
                           f"Ordner: {self.root}")
        self.error.hide()

    def _create(self) -> None:
        try:
            folder = create_pack(self.root, self.name.text(), self.reserved,
                                 self.author.text().strip())
        except (ValueError, OSError) as exc:
            self.error.setText(f"Nicht angelegt: {exc}")
            self.error.show()
            self.fit()
            return
        self.accept()
        self.created.emit(folder)


class ImportProgressDialog(QProgressDialog):
    """While an archive is checked beside the window: what is going on, and Cancel."""

    def __init__(self, archive: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Spiel importieren")
        label = _plain_label("", "ImportProgressText")
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        label.setContentsMargins(6, 8, 6, 6)
        self.setLabel(label)  # a file name from elsewhere: plain text, wrapped, not centred
        self.setLabelText(f"Prüfe „{_short_name(archive.name)}“ …\n"
                          "Erst ein fehlerfreies Spiel wird installiert.")
        self.setCancelButtonText("Abbrechen")
        self.setRange(0, 0)  # no steps to count: a busy bar
        self.setMinimumWidth(480)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        # QProgressDialog shows itself after its minimum duration; the caller decides instead.
        self.setMinimumDuration(2**31 - 1)
        self.cancel_button = next(b for b in self.findChildren(QPushButton))
        self.cancel_button.setAccessibleName("Import abbrechen")
        self.hide()


def _short_name(name: str) -> str:
    return name if len(name) <= 60 else name[:59] + "…"


class ImportProblemsDialog(_Dialog):
    """Why an archive was not installed: every problem, and that nothing changed."""

    def __init__(self, archive: Path, problems: list[Problem], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Spiel nicht importiert")
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(10)
        count = len(problems)
        layout.addWidget(_plain_label(
            f"„{archive.name}“ wurde nicht importiert: {count} Problem"
            f"{'e' if count != 1 else ''}. Es wurde nichts installiert oder verändert.",
            "ImportVerdict"))
        self.list = QListWidget()
        self.list.setAccessibleName("Probleme der Datei")
        self.list.setWordWrap(True)
        for problem in problems:
            self.list.addItem(QListWidgetItem(str(problem)))
        layout.addWidget(self.list, 1)
        close = QPushButton("Schließen")
        close.setDefault(True)
        close.clicked.connect(self.accept)
        layout.addLayout(_buttons(close))

    def problems(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]


def describe(meta, quiz_count: int, folder_or_file: str) -> str:
    return "\n".join([
        f"Titel: {meta.title}",
        f"Fassung: {meta.version or '–'}",
        f"Von: {meta.author or '–'}",
        f"Quizfragen: {quiz_count}",
        f"Quelle: {meta.source_note}",
        f"Ort: {folder_or_file}",
    ])


class ReplacePackDialog(_Dialog):
    """A pack with this id is installed: show both versions, replace only when asked."""

    def __init__(self, installed, incoming, archive: Path, parent: QWidget | None = None, *,
                 incoming_heading: str = "Aus der Datei", question: str | None = None,
                 incoming_modified=None):
        """``incoming_modified``: when the incoming files were last changed (a datetime),
        if known; with the installed files' date it tells which copy is newer."""
        super().__init__(parent)
        self.setWindowTitle("Eigenes Spiel ersetzen?")
        self.setMinimumWidth(620)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(12)
        self.question = _plain_label(question or (
            f"Das Spiel „{incoming.id}“ ist schon installiert. Soll die installierte Fassung "
            "durch die aus der Datei ersetzt werden? Dein Quiz-Fortschritt bleibt erhalten, "
            "soweit die Fragen ihre ids behalten."))
        layout.addWidget(self.question)
        # Both copies and their differences scroll when large text makes them taller than
        # the window; the question and the buttons stay in view.
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 10, 0)  # air between the text and a scroll bar
        body.setSpacing(12)
        # Which copy has the newer text is what the player decides by, so it comes first;
        # the metadata below often says nothing about it (one version, edited twice).
        self.difference = compare_packs(installed, incoming, incoming_modified=incoming_modified)
        heading = _plain_label("Was sich unterscheidet", "ReplaceHeading")
        heading.setStyleSheet("font-weight: 600;")
        body.addWidget(heading)
        difference = self.difference
        newer = _plain_label(difference.newer_text, "ReplaceNewer")
        newer.setStyleSheet("font-weight: 600;")
        body.addWidget(newer)
        summary = [" · ".join(part) for part in (difference.files, difference.counts) if part]
        if summary:
            body.addWidget(_plain_label("\n".join(summary), "ReplaceDifference"))
        for item in difference.items:
            body.addWidget(_plain_label(f"• {item}", "ReplaceDifference"))
        row = QHBoxLayout()
        row.setSpacing(16)
        for heading, loaded, where in (
                ("Installiert", installed, str(installed.folder)),
                (incoming_heading, incoming, str(archive))):
            column = QVBoxLayout()
            title = _plain_label(heading, "ReplaceHeading")
            title.setStyleSheet("font-weight: 600;")
            column.addWidget(title)
            text = (describe(loaded.game.content.meta, len(loaded.game.quiz), where)
                    if hasattr(loaded, "game") else
                    f"Lässt sich zurzeit nicht laden ({len(loaded.problems)} Problem"
                    f"{'e' if len(loaded.problems) != 1 else ''}).\nOrt: {where}")
            column.addWidget(_plain_label(text, "ReplaceSide"))
            column.addStretch(1)
            row.addLayout(column, 1)
        body.addLayout(row)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.body)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.scroll, 1)
        self.replace_button = QPushButton("Ersetzen")
        self.replace_button.clicked.connect(self.accept)
        keep = QPushButton("Installierte behalten")
        keep.setProperty("secondary", True)
        keep.setDefault(True)  # the safe choice is the default
        keep.clicked.connect(self.reject)
        self.buttons = _buttons(keep, self.replace_button)
        layout.addLayout(self.buttons)

    def fit(self) -> None:
        # As wide as the window allows (less wrapping, less height), and never taller than
        # it: what does not fit scrolls.
        room = _room(self)
        width = max(self.minimumWidth(), min(REPLACE_WIDTH, room.width() - 40))
        margins = self.layout().contentsMargins()
        inner = width - margins.left() - margins.right()
        spacing = self.layout().spacing()
        fixed = (self.question.heightForWidth(inner) + self.buttons.sizeHint().height()
                 + margins.top() + margins.bottom() + 2 * spacing)
        scrollbar = self.scroll.verticalScrollBar().sizeHint().width()
        wanted = self.body.layout().totalHeightForWidth(inner)
        if fixed + wanted > room.height() - 40:
            wanted = self.body.layout().totalHeightForWidth(inner - scrollbar)
        body = max(80, min(wanted, room.height() - 40 - fixed))
        self.scroll.setFixedHeight(body)
        self.resize(width, fixed + body)


REPLACE_WIDTH = 760


def _room(dialog: QDialog):
    """The size a dialog may take: its window's, else the screen's."""
    parent = dialog.parentWidget()
    if parent is not None:
        return parent.window().size()
    return dialog.screen().availableGeometry().size()


class ManagePacksDialog(_Dialog):
    """Lists the own packs; removes one after a confirmation."""

    removeRequested = Signal(str)
    openFolderRequested = Signal(str)

    def __init__(self, packs: list, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Spiele verwalten")
        self.setMinimumWidth(560)
        self.setMinimumHeight(340)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 18)
        layout.setSpacing(10)
        layout.addWidget(_plain_label(
            "Deine eigenen Spiele. Die mitgelieferten Spiele lassen sich nicht entfernen."))
        self.list = QListWidget()
        self.list.setAccessibleName("Eigene Spiele")
        self.list.setWordWrap(True)
        layout.addWidget(self.list, 1)
        self.empty = _plain_label("Noch keine eigenen Spiele. Lege eins an mit Datei → "
                                  "„Neues Spiel …“ oder importiere eins mit Datei → "
                                  "„Spiel importieren …“.")
        layout.addWidget(self.empty)
        self.unopened = UnopenedNote()
        layout.addWidget(self.unopened)
        self.remove_button = QPushButton("Entfernen …")
        self.remove_button.clicked.connect(self._ask_remove)
        self.folder_button = QPushButton("Ordner öffnen")
        self.folder_button.setProperty("secondary", True)
        self.folder_button.clicked.connect(
            lambda: self.selected() and self.openFolderRequested.emit(self.selected()))
        close = QPushButton("Schließen")
        close.setProperty("secondary", True)
        close.clicked.connect(self.accept)
        layout.addLayout(_buttons(self.folder_button, self.remove_button, close))
        self.list.currentItemChanged.connect(lambda *_: self._update())
        self.set_packs(packs)

    def set_packs(self, packs: list) -> None:
        self.list.clear()
        for entry in packs:
            if hasattr(entry, "game"):
                meta = entry.game.content.meta
                text = (f"{meta.title} – Fassung {meta.version or '–'}"
                        f"{', von ' + meta.author if meta.author else ''}\n{entry.folder}")
            else:
                text = f"{entry.id} (fehlerhaft)\n{entry.folder}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, entry.folder.name)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.empty.setVisible(self.list.count() == 0)
        self._update()

    def selected(self) -> str:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else ""

    def _update(self) -> None:
        self.remove_button.setEnabled(bool(self.selected()))
        self.folder_button.setEnabled(bool(self.selected()))

    def _ask_remove(self) -> None:
        pack_id = self.selected()
        if not pack_id:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Spiel entfernen?",
                          f"Das eigene Spiel „{pack_id}“ mit seinem Ordner löschen? Das lässt "
                          "sich nicht rückgängig machen. Exportiere es vorher, wenn du es "
                          "behalten willst. Dein Quiz-Fortschritt dazu bleibt gespeichert und "
                          "gilt wieder, wenn du das Spiel erneut importierst.", parent=self)
        remove = box.addButton("Entfernen", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Behalten", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(
            lambda _r: box.clickedButton() is remove and self.removeRequested.emit(pack_id))
        box.open()
        self.confirmation = box
