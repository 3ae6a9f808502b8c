"""The problems panel of an own pack: every problem as ``datei:zeile: meldung``, one click away
from the spot in the player's editor.

Shown below the refresher while an own pack is open. Errors come from loading (the pack cannot be
shown in this state; the window keeps the last good version) and from the editorial review
(app/model/quality.py); hints are listed after them.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.model.yaml_source import Problem

PATH_ROLE = Qt.ItemDataRole.UserRole


def problem_text(problem: Problem, folder: Path | None) -> str:
    """``game.yaml:12: meldung`` – the file relative to the pack, as the player knows it."""
    name = problem.file
    if folder is not None:
        with contextlib.suppress(ValueError):
            name = problem.file.relative_to(folder)
    where = f"{name}:{problem.line}" if problem.line else f"{name}"
    return f"{where}: {problem.message}"


class ProblemsPanel(QDockWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__("Probleme im eigenen Spiel", parent)
        self.setObjectName("PackProblemsPanel")
        self.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.folder: Path | None = None
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(14, 8, 14, 10)
        layout.setSpacing(6)
        top = QHBoxLayout()
        self.summary = QLabel()
        self.summary.setObjectName("PackProblemsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        top.addWidget(self.summary, 1)
        self.open_buttons: dict[str, QPushButton] = {}
        for name in ("game.yaml", "quiz.yaml"):
            button = QPushButton(f"{name} öffnen")
            button.setProperty("secondary", True)
            button.setToolTip(f"{name} im Texteditor öffnen")
            button.clicked.connect(lambda _=False, n=name: self._open_file(n))
            top.addWidget(button)
            self.open_buttons[name] = button
        folder_button = QPushButton("Ordner öffnen")
        folder_button.setProperty("secondary", True)
        folder_button.clicked.connect(lambda: self._open_file(""))
        top.addWidget(folder_button)
        layout.addLayout(top)
        self.list = QListWidget()
        self.list.setObjectName("PackProblemsList")
        self.list.setAccessibleName("Probleme im eigenen Spiel")
        self.list.setWordWrap(True)
        self.list.setMaximumHeight(150)
        self.list.itemActivated.connect(self._open_item)
        layout.addWidget(self.list)
        self.setWidget(body)

    def show_problems(self, folder: Path, errors: list[Problem], hints: list[Problem],
                      stale: bool) -> None:
        """``stale``: the files have errors, and the window still shows the last good version."""
        self.folder = folder
        self.list.clear()
        for problem, kind in [*((e, "Fehler") for e in errors), *((h, "Hinweis") for h in hints)]:
            item = QListWidgetItem(f"{kind} – {problem_text(problem, folder)}")
            item.setData(PATH_ROLE, str(problem.file))
            item.setToolTip(f"{problem}\nDoppelklick oder Eingabetaste öffnet die Datei.")
            self.list.addItem(item)
        if not errors and not hints:
            item = QListWidgetItem("Keine Probleme gefunden.")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(item)
        if stale:
            text = (f"{len(errors)} Fehler – angezeigt wird weiter die letzte fehlerfreie Fassung. "
                    "Nach dem Speichern lädt Regelfrisch das Spiel sofort neu.")
        elif errors:
            text = f"{len(errors)} Fehler, {len(hints)} Hinweis(e)."
        else:
            text = ("Alles in Ordnung. Bearbeite die Dateien im Texteditor; nach dem Speichern "
                    "erscheint die neue Fassung sofort.")
        self.summary.setText(text)
        self.setWindowTitle(f"Probleme im eigenen Spiel ({len(errors)} Fehler, "
                            f"{len(hints)} Hinweise)")

    def entries(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]

    def _open_item(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if path:
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    def _open_file(self, name: str) -> None:
        if self.folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder / name) if name
                                                        else str(self.folder)))
