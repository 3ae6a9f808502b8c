"""The app's navigation state, kept outside the widgets; views listen to its signals."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from app.model.loader import Library


class AppState(QObject):
    """Which game and which section the user is looking at."""

    gameChanged = Signal(str)
    sectionChanged = Signal(str)

    def __init__(self, library: Library, parent: QObject | None = None):
        super().__init__(parent)
        self.library = library
        entries = library.entries()
        self.game_id: str = entries[0].id if entries else ""
        self.section: str = "summary"

    def select_game(self, game_id: str) -> None:
        if game_id != self.game_id and any(e.id == game_id for e in self.library.entries()):
            self.game_id = game_id
            self.gameChanged.emit(game_id)

    def select_section(self, key: str) -> None:
        if key != self.section:
            self.section = key
            self.sectionChanged.emit(key)


@dataclass
class Services:
    """What views may ask for beyond their game's content."""

    state: AppState
    extras: dict = field(default_factory=dict)
