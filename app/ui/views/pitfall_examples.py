"""Drawings under the pitfalls of „Leicht vergessen“: the first worked example of a pitfall.

A game draws its examples when its entry in the game registry has ``drawn_example`` (so far
Atlantis); for every other game :func:`example_panel` returns ``None`` and the pitfall card
stays as it is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QPushButton, QVBoxLayout, QWidget

from app.model.loader import LoadedGame
from app.rules.contract import DRAWN_EXAMPLES
from app.rules.errors import RulesError
from app.ui.app_state import Services
from app.ui.game_registry import offers, ui_for_id
from app.ui.widgets import label, pill, row


def examples_for(loaded: LoadedGame, pitfall_id: str) -> list:
    """The worked examples that illustrate ``pitfall_id`` (their ``tests`` name it)."""
    return [example for example in loaded.game.examples if pitfall_id in example.tests]


def example_panel(loaded: LoadedGame, pitfall_id: str,
                  services: Services | None = None) -> QWidget | None:
    """A small drawing of the pitfall's first worked example, or ``None`` if there is none."""
    own = loaded.own_pack  # set by app.model.packs on an own pack
    if DRAWN_EXAMPLES not in offers(loaded.id, own_pack=own):
        return None
    examples = examples_for(loaded, pitfall_id)
    if not examples:
        return None
    return ExamplePanel(loaded, examples[0], services)


class ExamplePanel(QFrame):
    """Title, „geprüft“ badge, the stretch of the board and a way to play it on the board."""

    def __init__(self, loaded: LoadedGame, example, services: Services | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.example = example
        self.services = services
        self.setObjectName("ExamplePanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(6)

        title = label(f"Beispiel: {example.title}", "Muted", rich=False)
        result = loaded.examples.get(example.id)
        self.badge = None
        if result is not None and result.ok:
            self.badge = pill("geprüft", "CheckedBadge")
            self.badge.setToolTip("Von der Regel-Engine nachgerechnet")
            self.badge.setAccessibleName("Von der Regel-Engine geprüft")
        layout.addLayout(row(title, self.badge, grow=0))

        self.board = None
        try:
            self.board = ui_for_id(loaded.id).drawn_example(example)
            layout.addWidget(self.board)
        except RulesError:
            # A position the engine cannot read is reported by the content check; the
            # card then simply shows no drawing.
            pass

        self.open_button = QPushButton("Auf dem Spielbrett öffnen")
        self.open_button.setProperty("secondary", True)
        self.open_button.setAccessibleName(f"Beispiel „{example.title}“ auf dem Spielbrett "
                                           "öffnen")
        self.open_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.open_button.clicked.connect(self.open_on_board)
        self.open_button.setEnabled(services is not None)
        layout.addLayout(row(self.open_button))

    def open_on_board(self) -> None:
        if self.services is not None:
            self.services.state.request_jump("board", "example:" + self.example.id)


def atlantis_example_drawing(example) -> QWidget:
    """The stretch of the Atlantis path a worked example is about, with its highlights."""
    from app.ui.boards.atlantis_scene import MiniBoard, drawing_for

    drawing = drawing_for(example.position, example.action)
    return MiniBoard(drawing.state, drawing.first, drawing.last, drawing.highlights,
                     shown=drawing.shown)
