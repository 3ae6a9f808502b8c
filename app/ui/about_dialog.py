"""„Über Regelfrisch“: version, where each game's content comes from, and our rulings."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFrame, QPushButton, QScrollArea, QVBoxLayout

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
        # The text scrolls when it is taller than the screen allows (large text sizes).
        scroll = QScrollArea()
        scroll.setWidget(self.text)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setAccessibleName("Über Regelfrisch")
        layout.addWidget(scroll, 1)
        close = QPushButton("Schließen")
        close.setAccessibleName("Über Regelfrisch schließen")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self._fit_screen(scroll, close)

    def _fit_screen(self, scroll: QScrollArea, close: QPushButton) -> None:
        """Wider with larger text, as tall as the text needs but within the screen."""
        screen = (self.parentWidget().screen() if self.parentWidget() is not None
                  else QGuiApplication.primaryScreen())
        room = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)
        scale = max(1.0, self.font().pointSizeF() / 11.0)
        width = min(round(560 * scale), room.width() - 80)
        margins = self.layout().contentsMargins()
        inner = width - margins.left() - margins.right()
        bar = scroll.verticalScrollBar().sizeHint().width()
        text = self.text.heightForWidth(inner - bar)
        rest = (margins.top() + margins.bottom() + self.layout().spacing()
                + close.sizeHint().height())
        self.resize(width, min(text + rest + 4, max(300, room.height() - 80)))
