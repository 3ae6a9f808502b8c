"""The problems panel of an own pack: every problem as ``datei:zeile: meldung``, one click away
from the spot in the player's editor (at the line where the editor can be told it, see
app/ui/editor_launch.py).

Shown below the refresher (not below the sidebar) while an own pack is open. Errors come from
loading (the pack cannot be shown in this state; the window keeps the last good version) and from
the editorial review (app/model/quality.py); hints are listed after them.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.ui.editor_launch import Opened, UnopenedNote, open_in_editor, open_path

if TYPE_CHECKING:
    from app.model.yaml_source import Problem

MAX_ROWS = 5
PATH_ROLE = Qt.ItemDataRole.UserRole
LINE_ROLE = Qt.ItemDataRole.UserRole + 1


HINT = "Hinweis"


def problem_text(problem: Problem, folder: Path | None, kind: str = "") -> str:
    """``game.yaml:12: meldung`` – the file relative to the pack, as the player knows it.

    ``kind``: the word the row starts with; a message that starts with it too (the review's
    hints say „Hinweis: …“ for --check) does not say it twice."""
    name = problem.file
    if folder is not None:
        with contextlib.suppress(ValueError):
            name = problem.file.relative_to(folder)
    where = f"{name}:{problem.line}" if problem.line else f"{name}"
    message = problem.message
    if kind:
        message = message.removeprefix(f"{kind}: ")
    return f"{where}: {message}"


class ProblemsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("PackProblemsPanel")
        # Its full height always: the refresher above scrolls, this panel does not.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.folder: Path | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 8, 14, 10)
        layout.setSpacing(6)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.title = _ElidedLabel("Eigenes Spiel")
        self.title.setObjectName("PackProblemsTitle")
        # The title gives way first when the window is narrow; the buttons keep their text.
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setMinimumWidth(0)
        top.addWidget(self.title, 1)
        self.open_buttons: dict[str, QPushButton] = {}
        for name in ("game.yaml", "quiz.yaml"):
            button = QPushButton(name)
            button.setProperty("secondary", True)
            button.setToolTip(f"{name} im Texteditor öffnen")
            button.setAccessibleName(f"{name} im Texteditor öffnen")
            button.clicked.connect(lambda _=False, n=name: self._open_file(n))
            button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            top.addWidget(button)
            self.open_buttons[name] = button
        folder_button = QPushButton("Ordner")
        folder_button.setProperty("secondary", True)
        folder_button.setToolTip("Den Ordner des Spiels öffnen")
        folder_button.setAccessibleName("Den Ordner des Spiels öffnen")
        folder_button.clicked.connect(lambda: self._open_file(""))
        folder_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        top.addWidget(folder_button)
        layout.addLayout(top)
        self.summary = QLabel()
        self.summary.setObjectName("PackProblemsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.summary)
        self.unopened = UnopenedNote()
        layout.addWidget(self.unopened)
        self.list = QListWidget()
        self.list.setObjectName("PackProblemsList")
        self.list.setAccessibleName("Probleme im eigenen Spiel")
        # One line per problem, the full text in its tooltip: the panel keeps a steady height.
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemActivated.connect(self._open_item)
        layout.addWidget(self.list)

    def show_problems(self, folder: Path, errors: list[Problem], hints: list[Problem],
                      stale: bool, checking: bool = False) -> None:
        """``stale``: the files have errors, and the window still shows the last good version.
        ``checking``: the editorial review is still running beside the window."""
        self.folder = folder
        self.unopened.hide()
        self.list.clear()
        for problem, kind in [*((e, "Fehler") for e in errors), *((h, HINT) for h in hints)]:
            item = QListWidgetItem(f"{kind} – {problem_text(problem, folder, kind)}")
            item.setData(PATH_ROLE, str(problem.file))
            item.setData(LINE_ROLE, problem.line or 0)
            item.setToolTip(f"{problem}\nDoppelklick oder Eingabetaste öffnet die Datei.")
            self.list.addItem(item)
        self.list.setVisible(bool(errors or hints))
        if stale:
            text = (f"{len(errors)} Fehler – du siehst weiter die letzte fehlerfreie Fassung.")
        elif checking:
            text = "Das Spiel wird geprüft …"
        elif errors:
            text = f"{len(errors)} Fehler, {len(hints)} Hinweis(e). Doppelklick öffnet die Stelle."
        elif hints:
            text = f"{len(hints)} Hinweis(e). Gespeicherte Änderungen erscheinen sofort."
        else:
            text = "Alles in Ordnung. Gespeicherte Änderungen erscheinen sofort."
        self.summary.setText(text)
        # As tall as the entries need, up to a few rows: the refresher keeps the room.
        rows = min(self.list.count(), MAX_ROWS)
        height = sum(self.list.sizeHintForRow(r) for r in range(rows))
        self.list.setFixedHeight(height + 2 * self.list.frameWidth() + 4)

    def entries(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]

    def _open_item(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if not path:
            return
        line = item.data(LINE_ROLE) or None
        opened = open_in_editor(Path(path), line)
        self.unopened.hide()
        if opened is Opened.NOTHING:
            self.unopened.show_for(Path(path), Path(path).name, line)
        elif opened is Opened.FILE and line:
            # The desktop's editor was not told the line: the panel says it instead.
            self.summary.setText(f"{Path(path).name} wird geöffnet – die Stelle ist Zeile {line}.")

    def _open_file(self, name: str) -> None:
        if self.folder is None:
            return
        path = self.folder / name if name else self.folder
        self.unopened.hide()
        if not open_path(path):
            self.unopened.show_for(path, name or "Der Ordner des Spiels", folder=not name)


class _ElidedLabel(QLabel):
    """A one-line label that ends in „…“ rather than being cut off mid-letter."""

    def __init__(self, text: str):
        super().__init__(text)
        self.full_text = text
        self.setTextFormat(Qt.TextFormat.PlainText)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        elided = self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight,
                                               self.width())
        if elided != self.text():
            self.setText(elided)
