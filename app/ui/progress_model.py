"""The progress stores of all games, as a QObject the views can listen to."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QFileSystemWatcher,
    QLockFile,
    QObject,
    QStandardPaths,
    QTimer,
    Signal,
)

from app.model.paths import data_dir

if TYPE_CHECKING:
    from app.model.progress import ProgressStore


ORGANIZATION = APPLICATION = "Regelfrisch"


def name_application() -> None:
    """The names Qt builds the data folder from, also for a command line with no window."""
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)


def default_data_dir() -> Path:
    # Without the names Qt answers ~/.local/share itself, and `--neu` would put games where
    # the window never looks.
    name_application()
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return data_dir(Path(location) if location else Path.home() / ".regelfrisch")


# A save holds the lock for milliseconds; a window that waits longer than this gives up for
# this answer (the answer stays in memory and goes out with the next save).
LOCK_WAIT_MS = 5000


@contextmanager
def qt_file_lock(path: Path) -> Iterator[None]:
    """The lock every window takes around read-merge-write of ``path``.

    ``QLockFile`` notices a lock whose process died (kill -9, crash) and takes it over.
    """
    lock = QLockFile(str(path) + ".lock")
    if not lock.tryLock(LOCK_WAIT_MS):
        error = lock.error()
        if error == QLockFile.LockError.LockFailedError:
            raise TimeoutError(errno.ETIMEDOUT, "ein anderes Regelfrisch-Fenster hält die Sperre")
        if error == QLockFile.LockError.PermissionError:
            raise PermissionError(errno.EACCES, "keine Schreibrechte für die Sperrdatei")
        raise OSError(errno.EIO, "die Sperrdatei ließ sich nicht anlegen")
    try:
        yield
    finally:
        lock.unlock()


class ProgressModel(QObject):
    """Opens each game's store on first use; emits when marks change – also when another
    window saved answers (the data folder is watched)."""

    marksChanged = Signal(str)  # game id
    noticeRaised = Signal(str)  # German text for the user

    def __init__(self, folder: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.folder = folder or default_data_dir()
        self._stores: dict[str, ProgressStore] = {}
        self._told: set[int] = set()
        self._watcher: QFileSystemWatcher | None = None
        # Saves come in bursts (temp file, rename, lock file): look once they have settled.
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(150)
        self._settle.timeout.connect(self._reread)

    def store(self, game_id: str) -> ProgressStore:
        if game_id not in self._stores:
            # Imported here: FSRS is only needed once the user looks at progress.
            from app.model.progress import ProgressStore

            self._stores[game_id] = ProgressStore.open(self.folder, game_id,
                                                        lock=qt_file_lock)
            self._watch()
        store = self._stores[game_id]
        self._tell(store)
        return store

    def marked(self, game_id: str) -> set[str]:
        return self.store(game_id).marked()

    def changed(self, game_id: str) -> None:
        """Call after recording answers: tells listeners and surfaces any new notice."""
        self._watch()  # the first save may have made the folder
        self._tell(self.store(game_id))
        self.marksChanged.emit(game_id)

    def clear_mark(self, game_id: str, target: str) -> None:
        self.store(game_id).clear_mark(target)
        self.changed(game_id)

    def reset(self, game_id: str) -> None:
        self.store(game_id).reset()
        self.changed(game_id)

    def marked_for_job(self, game_id: str, err) -> set[str]:
        """The marks for a run without a window (``--pdf``): what the user must be told goes
        to ``err`` now and is kept for the next window start, never dropped silently."""
        store = self.store(game_id)
        for notice in store.notices:
            print(notice.message, file=err)
        store.defer_notices()
        return store.marked()

    def _watch(self) -> None:
        # The folder, not the files: every save renames a new file into place.
        if self._watcher is None:
            self._watcher = QFileSystemWatcher(self)
            self._watcher.directoryChanged.connect(lambda _path: self._settle.start())
        if not self._watcher.directories() and self.folder.is_dir():
            self._watcher.addPath(str(self.folder))

    def _reread(self) -> None:
        for game_id, store in list(self._stores.items()):
            if store.refresh():
                self.marksChanged.emit(game_id)

    def _tell(self, store: ProgressStore) -> None:
        for notice in store.notices:
            if id(notice) not in self._told:
                self._told.add(id(notice))
                self.noticeRaised.emit(notice.message)
