"""F1: every keyboard shortcut of the window, listed from its actions (so none is missing)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

QUIZ_KEYS = (
    ("Quiz: starten / aufdecken / weiter", "Leertaste"),
    ("Quiz: Wusste ich / Unsicher / Wusste ich nicht", "1 / 2 / 3"),
    ("Quiz: Antwort einer Übungssituation wählen", "1–4 oder A–D"),
)


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    rows = []
    for action in actions:
        if not action.isVisible():
            continue
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        if keys:
            rows.append((action.text().replace("&", ""), " oder ".join(keys)))
    return rows + list(QUIZ_KEYS)


class ShortcutsDialog(QDialog):
    def __init__(self, actions: list[QAction], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Tastenkürzel")
        self.setObjectName("ShortcutsDialog")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 24, 28, 20)
        layout.setSpacing(14)
        title = QLabel("Tastenkürzel")
        title.setObjectName("H1")
        layout.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(28)
        grid.setVerticalSpacing(7)
        self.rows = shortcut_rows(actions)
        for index, (name, keys) in enumerate(self.rows):
            key_label = QLabel(keys)
            key_label.setObjectName("Tag")
            key_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(key_label, index, 0, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(QLabel(name), index, 1)
        # The list scrolls when it is taller than the screen allows (large text sizes).
        body = QWidget()
        body.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setAccessibleName("Liste der Tastenkürzel")
        self.scroll = scroll
        layout.addWidget(scroll, 1)
        close = QPushButton("Schließen")
        close.setAccessibleName("Tastenkürzel schließen")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self._fit_screen(body)

    def _fit_screen(self, body: QWidget) -> None:
        """As tall as the list, but no taller than the screen; as wide as the list."""
        screen = (self.parentWidget().screen() if self.parentWidget() is not None
                  else QGuiApplication.primaryScreen())
        available = screen.availableGeometry().height() if screen is not None else 800
        bar = self.scroll.verticalScrollBar().sizeHint().width()
        self.scroll.setMinimumWidth(body.sizeHint().width() + bar)
        rest = self.sizeHint().height() - self.scroll.sizeHint().height()
        self.resize(self.sizeHint().width(),
                    min(rest + body.sizeHint().height(), max(400, available - 80)))
