"""The progress stores of all games, as a QObject the views can listen to."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStandardPaths, Signal

from app.model.paths import data_dir

if TYPE_CHECKING:
    from app.model.progress import ProgressStore


def default_data_dir() -> Path:
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return data_dir(Path(location) if location else Path.home() / ".regelfrisch")


class ProgressModel(QObject):
    """Opens each game's store on first use; emits when marks change."""

    marksChanged = Signal(str)  # game id
    noticeRaised = Signal(str)  # German text for the user

    def __init__(self, folder: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.folder = folder or default_data_dir()
        self._stores: dict[str, ProgressStore] = {}
        self._told: set[int] = set()

    def store(self, game_id: str) -> ProgressStore:
        if game_id not in self._stores:
            # Imported here: FSRS is only needed once the user looks at progress.
            from app.model.progress import ProgressStore

            self._stores[game_id] = ProgressStore.open(self.folder, game_id)
        store = self._stores[game_id]
        self._tell(store)
        return store

    def marked(self, game_id: str) -> set[str]:
        return self.store(game_id).marked()

    def changed(self, game_id: str) -> None:
        """Call after recording answers: tells listeners and surfaces any new notice."""
        self._tell(self.store(game_id))
        self.marksChanged.emit(game_id)

    def clear_mark(self, game_id: str, target: str) -> None:
        self.store(game_id).clear_mark(target)
        self.changed(game_id)

    def reset(self, game_id: str) -> None:
        self.store(game_id).reset()
        self.changed(game_id)


    def _tell(self, store: ProgressStore) -> None:
        for notice in store.notices:
            if id(notice) not in self._told:
                self._told.add(id(notice))
                self.noticeRaised.emit(notice.message)
