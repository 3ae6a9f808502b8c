"""„Über Regelfrisch“: version, where each game's content comes from, and our rulings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout

from app import __version__
from app.ui.widgets import label


def about_text(library) -> str:
    lines = [f"**Regelfrisch {__version__}** – Brettspielregeln auffrischen, vor dem Spieleabend, "
             "in zehn Minuten.", "", "**Quellen der Inhalte:**", ""]
    for entry in library.games if library else []:
        meta = entry.game.content.meta
        lines.append(f"- **{meta.title}** ({meta.publisher}): {meta.booklet}. {meta.source_note}")
    lines += ["", "Wo die Quellen schweigen oder sich widersprechen, haben wir entschieden. Jede "
              "dieser Entscheidungen steht im Abschnitt **Auslegungen** des Spiels – und die "
              "Regel-Engine rechnet genau so. Verbindlich ist immer die Spielregel des Verlags."]
    return "\n".join(lines)


class AboutDialog(QDialog):
    def __init__(self, library, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Über Regelfrisch")
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 24, 28, 20)
        layout.setSpacing(14)
        self.text = label(about_text(library))
        layout.addWidget(self.text)
        close = QPushButton("Schließen")
        close.setAccessibleName("Über Regelfrisch schließen")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
