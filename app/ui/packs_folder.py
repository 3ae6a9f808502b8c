"""The packs folder, watched: a pack made or removed beside the window appears or goes.

A player runs ``regelfrisch --neu`` in a terminal, copies a pack folder in with the file
manager, or deletes one, while the window is open. ``PacksFolderWatch`` watches the packs
folder (or, before the first pack, the data folder it will appear in) with a
QFileSystemWatcher, waits until a burst of changes is over, then

- drops the packs whose folders are gone (their progress files stay, as after „Entfernen“);
- reads new folders, and folders that did not load yet, beside the window. A folder whose
  files change during the reading is read again later, so half a copy is never shown as a
  game; one that does not load is listed with its problems (as after a restart), and its
  folder and files stay watched, so the fix shows too.

``--neu`` and an import build their pack in a dot folder and rename it when it is whole
(:func:`app.model.packs.pack_folders` skips dot folders).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer

from app.ui.background import BackgroundJob

if TYPE_CHECKING:
    from app.ui.pack_actions import PackActions

# A pack folder copied in or removed changes the packs folder several times; one look after.
RESCAN_DELAY_MS = 300


class PacksFolderWatch(QObject):
    def __init__(self, actions: PackActions):
        super().__init__(actions)
        self.actions = actions
        # The reading of new (or not yet loading) pack folders beside the window.
        self.scanning: _ScanRun | None = None
        self.watcher = QFileSystemWatcher(self)
        self.watcher.directoryChanged.connect(lambda _path: self.look_soon())
        self.watcher.fileChanged.connect(lambda _path: self.look_soon())
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(RESCAN_DELAY_MS)
        self.timer.timeout.connect(self.look)
        self.watch()

    def look_soon(self) -> None:
        self.timer.start()

    def watch(self) -> None:
        """Watch the packs folder (or, before the first pack, the data folder it appears in)
        and every pack folder that does not load yet, so its fix is seen too."""
        root_exists = self.actions.root.is_dir()
        wanted = {str(self.actions.root if root_exists else self.actions.data)}
        if root_exists:
            for entry in self.actions.own_entries():
                if not hasattr(entry, "game") and entry.folder.parent == self.actions.root:
                    # Only now: the window's first frame must not wait for the model.
                    from app.model.packs import PACK_FILES

                    # A copy still writing into a file changes it, not the folder.
                    wanted |= {str(entry.folder), *(str(entry.folder / n) for n in PACK_FILES)}
        watched = set(self.watcher.directories() + self.watcher.files())
        if watched - wanted:
            self.watcher.removePaths(sorted(watched - wanted))
        missing = [p for p in sorted(wanted - watched) if Path(p).exists()]
        if missing:
            self.watcher.addPaths(missing)

    def look(self) -> None:
        """Show pack folders made beside the window, drop removed ones, and read again the
        ones that did not load (they may be whole now). Reads beside the window; a folder
        whose files changed during the reading waits for the next look."""
        library = self.actions.state.library
        self.watch()
        if library is None:
            return
        if self.scanning is not None:
            self.scanning.again = True
            return
        from app.model.packs import pack_folders, read_pack_version, reserved_ids

        root = self.actions.root
        here = {e.folder: e for e in self.actions.own_entries() if e.folder.parent == root}
        on_disk = pack_folders(root)
        gone = [f for f in here if f not in on_disk]
        if gone:
            self._drop(gone)
        # The open pack is the live preview's (PackActions.reload): read once, not twice.
        current = self.actions.current()
        open_folder = current.folder if current is not None and current.own_pack else None
        unread = [f for f in on_disk
                  if not hasattr(here.get(f), "game") and (f != open_folder or f not in here)]
        if not unread:
            return
        reserved = reserved_ids(library)
        run = _ScanRun(self)
        run.job = BackgroundJob(
            lambda _stop: [(f, read_pack_version(f, reserved)) for f in unread], run)
        run.job.done.connect(run.finished)
        self.scanning = run
        run.job.start()

    def _scanned(self, run: _ScanRun, versions, error) -> None:
        from app.model.library import Library
        from app.model.packs import failed_pack, reserved_ids

        if self.scanning is run:
            self.scanning = None
        library = self.actions.state.library
        if error is not None or library is None:
            if error is not None:
                print(f"Interner Fehler beim Lesen von {self.actions.root}: {type(error).__name__}",
                      file=sys.stderr)
            return
        here = {e.folder: e for e in self.actions.own_entries()}
        fresh = []
        for folder, version in versions:
            if not version.settled:
                run.again = True  # half-written: look again once the files hold still
                continue
            if not folder.is_dir() or hasattr(here.get(folder), "game"):
                continue  # gone meanwhile, or loaded by the window itself meanwhile
            known = here.get(folder)
            if known is not None and getattr(known, "fingerprint", None) == version.fingerprint:
                continue
            if version.entry is None:
                entry = failed_pack(folder, version.problems, reserved_ids(library))
                entry.fingerprint = version.fingerprint
            else:
                entry = version.entry
            fresh.append(entry)
        if fresh:
            folders = {e.folder for e in fresh}

            def other(e) -> bool:
                return not (e.own_pack and e.folder in folders)

            games = [g for g in library.games if other(g)]
            failures = [f for f in library.failures if other(f)]
            games += [e for e in fresh if hasattr(e, "game")]
            failures += [e for e in fresh if not hasattr(e, "game")]
            self._set_library_keeping_place(Library(games=games, failures=failures))
            new = [e.folder.name for e in fresh if e.folder not in here]
            if new:
                names = ", ".join(f"„{name}“" for name in new)
                self.actions.window.status_text.setText(
                    f"Neues eigenes Spiel im Ordner: {names}.")
        if run.again:
            self.look_soon()

    def _drop(self, folders: list[Path]) -> None:
        """Take the packs in ``folders`` (removed from disk) out of the window; their
        progress files stay, as after „Spiele verwalten … → Entfernen“."""
        from app.model.library import Library

        library = self.actions.state.library

        def other(e) -> bool:
            return not (e.own_pack and e.folder in folders)

        for folder in folders:
            self.actions.forget(folder)
        self._set_library_keeping_place(Library(
            games=[g for g in library.games if other(g)],
            failures=[f for f in library.failures if other(f)]))
        names = ", ".join(f"„{f.name}“" for f in folders)
        self.actions.window.status_text.setText(f"Eigenes Spiel nicht mehr im Ordner: {names}.")

    def _set_library_keeping_place(self, library) -> None:
        # The game on screen stays (unless it is the one that went).
        game_id = self.actions.state.game_id
        self.actions.state.set_library(library)
        if any(e.id == game_id for e in library.entries()):
            self.actions.state.select_game(game_id)


class _ScanRun(QObject):
    """One reading of the packs folder's new (or not yet loading) pack folders."""

    def __init__(self, owner: PacksFolderWatch):
        super().__init__(owner)
        self.owner = owner
        self.again = False
        self.job: BackgroundJob | None = None

    def finished(self, versions, error) -> None:
        self.job.finish()
        self.owner._scanned(self, versions, error)
        self.deleteLater()
