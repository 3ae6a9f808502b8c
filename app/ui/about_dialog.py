"""„Über Regelfrisch“: version, where each game's content comes from, and our rulings."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app import __version__
from app.model.paths import resources_root
from app.ui.widgets import label

ICON_SIZE = 64


def about_text(library, with_title: bool = True) -> str:
    lines = [f"**Regelfrisch {__version__}** – Brettspielregeln auffrischen, vor dem Spieleabend, "
             "in zehn Minuten.", ""] if with_title else []
    lines += ["**Quellen der Inhalte:**", ""]
    for entry in library.games if library else []:
        meta = entry.game.content.meta
        lines.append(f"- **{meta.title}** ({meta.publisher}): {meta.booklet}. {meta.source_note}")
    lines += ["", "Wo die Quellen schweigen oder sich widersprechen, haben wir entschieden. Jede "
              "dieser Entscheidungen steht im Abschnitt **Auslegungen** des Spiels – und die "
              "Regel-Engine rechnet genau so. Verbindlich ist immer die Spielregel des Verlags."]
    return "\n".join(lines)


class AboutDialog(QDialog):
    """Icon and name on top, then the sources; the text scrolls instead of being cut off."""

    def __init__(self, library, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Über Regelfrisch")
        self.setObjectName("AboutDialog")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 24, 28, 20)
        layout.setSpacing(14)

        head = QHBoxLayout()
        head.setSpacing(16)
        self.icon = QLabel()
        self.icon.setPixmap(QIcon(str(resources_root() / "app-icon.svg")).pixmap(
            QSize(ICON_SIZE, ICON_SIZE), self.devicePixelRatioF()))
        self.icon.setAccessibleName("Symbol von Regelfrisch")
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(2)
        title = QLabel(f"Regelfrisch {__version__}")
        title.setObjectName("H1")
        names.addWidget(title)
        names.addWidget(label("Brettspielregeln auffrischen, vor dem Spieleabend, in zehn "
                              "Minuten.", "Lead"))
        head.addLayout(names, 1)
        layout.addLayout(head)

        body = QWidget()
        body.setObjectName("Column")
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 8, 0)
        column.setSpacing(10)
        self.text = label(about_text(library, with_title=False))
        column.addWidget(self.text)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("Page")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        scroll.setAccessibleName("Über Regelfrisch")
        layout.addWidget(scroll, 1)

        close = QPushButton("Schließen")
        close.setAccessibleName("Über Regelfrisch schließen")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self._fit(body)

    def _fit(self, body: QWidget) -> None:
        parent = self.parentWidget()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        width = min(640, screen.width() - 40)
        text_width = width - 56 - 8
        height = (self.text.heightForWidth(text_width) + ICON_SIZE + 160)
        self.resize(width, min(height, screen.height() - 60))
