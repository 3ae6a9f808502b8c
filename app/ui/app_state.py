"""The app's navigation state, kept outside the widgets; views listen to its signals."""

from __future__ import annotations

from dataclasses import dataclass
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
        # Visited (game, section) places for Alt+Left / Alt+Right.
        self.history: list[tuple[str, str]] = []
        self.history_index = -1
        self._travelling = False
        if library is not None:
            self.set_library(library)

    def entries(self) -> list:
        return self.library.entries() if self.library is not None else []

    def set_library(self, library: Library, game: str | None = None) -> None:
        """``game``: open the new library on this game (as ``select_game`` would, without
        first showing the game that was open)."""
        if game is not None:
            self.wanted_game = game
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

    def visited(self) -> None:
        """The window calls this once a place is on screen; it becomes part of the history."""
        place = (self.game_id, self.section)
        if self._travelling or not self.game_id:
            return
        if self.history_index >= 0 and self.history[self.history_index] == place:
            return
        del self.history[self.history_index + 1:]
        self.history.append(place)
        self.history_index = len(self.history) - 1

    def can_go(self, step: int) -> bool:
        return 0 <= self.history_index + step < len(self.history)

    def go(self, step: int) -> None:
        """Back (-1) or forward (+1) through the visited places."""
        if not self.can_go(step):
            return
        self.history_index += step
        game, section = self.history[self.history_index]
        self._travelling = True
        try:
            self.open(game, section)
        finally:
            self._travelling = False

    def open(self, game_id: str, section: str) -> None:
        """Go straight to ``section`` of ``game_id``, without a stop at the old section."""
        if game_id != self.game_id:
            self.section = section
            self.select_game(game_id)
        self.select_section(section)

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
