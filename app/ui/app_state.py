"""The app's navigation state, kept outside the widgets; views listen to its signals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from app.model.loader import Library


class AppState(QObject):
    """Which game and which section the user is looking at.

    The library may arrive after the window is shown (see ``application.run``),
    so views must cope with ``library`` being ``None`` until ``libraryChanged``.
    """

    libraryChanged = Signal()
    gameChanged = Signal(str)
    sectionChanged = Signal(str)
    jumpRequested = Signal(str, str)  # section key, anchor id

    def __init__(self, library: Library | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.library: Library | None = None
        self.game_id: str = ""
        self.section: str = "summary"
        self.wanted_game: str | None = None
        if library is not None:
            self.set_library(library)

    def entries(self) -> list:
        return self.library.entries() if self.library is not None else []

    def set_library(self, library: Library) -> None:
        self.library = library
        ids = [e.id for e in library.entries()]
        if self.wanted_game in ids:
            self.game_id = self.wanted_game
        elif self.game_id not in ids:
            self.game_id = ids[0] if ids else ""
        self.libraryChanged.emit()

    def select_game(self, game_id: str) -> None:
        self.wanted_game = game_id
        if game_id != self.game_id and any(e.id == game_id for e in self.entries()):
            self.game_id = game_id
            self.gameChanged.emit(game_id)

    def select_section(self, key: str) -> None:
        if key != self.section:
            self.section = key
            self.sectionChanged.emit(key)

    def request_jump(self, section: str, anchor: str) -> None:
        """Open ``section`` of the current game and bring ``anchor`` into view."""
        self.select_section(section)
        self.jumpRequested.emit(section, anchor)


@dataclass
class Services:
    """What views may ask for beyond their game's content."""

    state: AppState
    progress: object | None = None  # app.ui.progress_model.ProgressModel
    # game id -> app.ui.situations.SituationService, or None where the engine makes none
    situations_for: object | None = None
    extras: dict = field(default_factory=dict)
