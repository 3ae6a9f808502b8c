"""F1: every keyboard shortcut of the window, listed from its actions (so none is missing).

After the window's own shortcuts come the keys that work inside a page (quiz, boards,
calculators) and how the focus moves: Tab from control to control, arrow keys inside a
group of options.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
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
    ("Quiz: Wusste ich / Unsicher / Wusste ich nicht (die Leertaste bewertet nie)", "1 / 2 / 3"),
    ("Quiz: Antwort einer Übungssituation wählen", "1–4 oder A–D"),
)
MOVING_KEYS = (
    ("Zum nächsten / vorigen Bedienelement", "Tab / Umschalt+Tab"),
    ("Innerhalb einer Gruppe von Optionen (z. B. das zweite „Schürfrecht“ im Atacama-Rechner, "
     "„Hai“ / „Wal“ / „Seeschlange“ im Survive-Rechner): Tab springt in die Gruppe, die "
     "Pfeiltasten wählen darin", "Pfeiltasten"),
    ("Abschnitte in der Seitenleiste durchgehen / öffnen", "Pfeiltasten / Eingabe"),
    ("Eine Seite blättern", "Bild↑ / Bild↓"),
)


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """The window's shortcuts first, then the keys inside pages and for moving the focus."""
    return window_rows(actions) + list(QUIZ_KEYS) + native(board_keys()) + list(MOVING_KEYS)


def board_keys() -> list[tuple[str, str]]:
    """Each game's board and calculator keys, from the game registry."""
    from app.ui.game_registry import help_lines

    return help_lines()


def native(rows) -> list[tuple[str, str]]:
    """``rows`` with „Ctrl+“ written as the window's own shortcuts write it (German: „Strg+“)."""
    ctrl = QKeySequence("Ctrl+A").toString(QKeySequence.SequenceFormat.NativeText)[:-1]
    return [(name, keys.replace("Ctrl+", ctrl)) for name, keys in rows]


def window_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    rows = []
    for action in actions:
        if not action.isVisible():
            continue
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        if keys:
            rows.append((action.text().replace("&", ""), " oder ".join(keys)))
    return rows


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
        self.rows = shortcut_rows(actions)
        body = QWidget()
        body.setObjectName("Column")
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 12, 0)
        column.setSpacing(10)
        for heading, rows in (("Überall im Fenster", window_rows(actions)),
                              ("Im Quiz", QUIZ_KEYS),
                              ("Auf den Spielbrettern und in den Rechnern",
                               native(board_keys())),
                              ("Fokus bewegen", MOVING_KEYS)):
            head = QLabel(heading)
            head.setObjectName("H2")
            head.setWordWrap(True)  # a long heading wraps at the largest text size
            column.addWidget(head)
            column.addLayout(_grid(rows))
        column.addStretch(1)
        # Scrolls rather than growing past a small screen or at the largest text size.
        scroll = QScrollArea()
        scroll.setObjectName("Page")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        scroll.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        scroll.setAccessibleName("Liste der Tastenkürzel")
        layout.addWidget(scroll, 1)
        close = QPushButton("Schließen")
        close.setAccessibleName("Tastenkürzel schließen")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self._fit(body)

    def _fit(self, body: QWidget) -> None:
        # The list's own width (at large text its minimum can exceed its hint), the dialog's
        # margins and the scroll bar: no heading runs out of sight on the right.
        bar = self.style().pixelMetric(self.style().PixelMetric.PM_ScrollBarExtent)
        needed = max(body.sizeHint().width(), body.minimumSizeHint().width())
        width = max(640, needed + 56 + bar + 12)
        height = body.sizeHint().height() + 160
        parent = self.parentWidget()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(width, screen.width() - 40), min(height, screen.height() - 60))


def _grid(rows) -> QGridLayout:
    grid = QGridLayout()
    grid.setHorizontalSpacing(20)
    grid.setVerticalSpacing(7)
    for index, (name, keys) in enumerate(rows):
        key_label = QLabel(keys)
        key_label.setObjectName("Tag")
        key_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(key_label, index, 0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        text = QLabel(name)
        text.setWordWrap(True)
        text.setMinimumWidth(160)  # wraps rather than widening the dialog past the screen
        grid.addWidget(text, index, 1)
    grid.setColumnStretch(1, 1)
    return grid
