"""Own packs in the main window: the Datei menu entries, the live preview, drag & drop.

``PackActions`` is created by the main window while it builds its menus. It

- adds Datei → „Neues Spiel …“, „Spiel importieren …“, „Spiel exportieren …“,
  „Spiele verwalten …“ and „Als Anki-Stapel exportieren …“;
- watches the open pack's files (QFileSystemWatcher) and reloads the pack beside the window
  once a burst of saves is over, keeping the last good version on screen while the files have
  errors (and never showing what a half-written file says);
- shows the problems panel while an own pack is open;
- watches the packs folder itself, so a pack made or removed beside the window (by
  ``regelfrisch --neu`` or a file manager) appears or goes without a restart;
- accepts a ``.regelfrisch`` file dropped on the window.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QMainWindow

from app.model.paths import packs_root
from app.model.safe_files import german_os_error
from app.ui.background import BackgroundJob
from app.ui.packs_folder import PacksFolderWatch
from app.ui.problems_panel import ProblemsPanel
from app.ui.progress_model import default_data_dir
from app.ui.switcher import is_own, switcher_icon, switcher_title  # noqa: F401 - API

# The model (pydantic, the loader) is imported only once a pack is used: the window is built
# before the content loads, and nothing here may delay its first frame.
SUFFIX = ".regelfrisch"
# Editors save in bursts (write, rename, touch); one reload after the burst is enough.
RELOAD_DELAY_MS = 250
# An import that takes longer than this shows its progress dialog.
IMPORT_DIALOG_DELAY_MS = 300


def with_own_packs(library, data: Path | None = None, keep_loaded: bool = False):
    """The shipped ``library`` plus the player's packs from the data folder (``keep_loaded``:
    see ``app.model.packs.with_packs``)."""
    from app.model.packs import packs_root, with_packs

    return with_packs(library, packs_root(data or default_data_dir()), keep_loaded)


class PackActions(QObject):
    def __init__(self, window: QMainWindow, file_menu):
        super().__init__(window)
        self.window = window
        self.state = window.state
        progress = window.services.progress
        self.data = Path(progress.folder) if progress is not None else default_data_dir()
        self.root = packs_root(self.data)
        self.last_dialog = None
        # Per pack folder: the files' fingerprint and the errors of the newest version on disk
        # (empty when the version on screen is the newest).
        self._fingerprints: dict[Path, str] = {}
        self._stale: dict[Path, list] = {}
        # Per pack folder: (the game reviewed, its fingerprint, the review); and the reviews
        # running beside the window.
        self._reviews: dict[Path, tuple] = {}
        self._reviewing: dict[Path, _ReviewRun] = {}
        self.importing: _ImportRun | None = None
        # The live preview: the reading beside the window, and a count of file events so a
        # reading that overlapped one is recognised.
        self.reloading: _ReloadRun | None = None
        self._generation = 0
        self._applying = False
        # Notices that hold only while their pack is there („Neues Spiel angelegt …“).
        self._notices: dict[Path, str] = {}

        add = window._action
        file_menu.addSeparator()
        add("new_pack", "Neues Spiel …", [], self.new_pack, file_menu)
        add("import_pack", "Spiel importieren …", [], self.import_pack, file_menu)
        add("export_pack", "Spiel exportieren …", [], self.export_pack, file_menu)
        add("manage_packs", "Spiele verwalten …", [], self.manage_packs, file_menu)
        add("anki", "Als Anki-Stapel exportieren …", [], self.export_anki, file_menu)

        self.panel = ProblemsPanel()
        self.panel.hide()
        _column_of(window.stack).addWidget(self.panel)

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self.watcher.directoryChanged.connect(self._changed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(RELOAD_DELAY_MS)
        self.timer.timeout.connect(self.reload)
        self.folder_watch = PacksFolderWatch(self)

        window.setAcceptDrops(True)
        window.installEventFilter(self)
        self.state.libraryChanged.connect(self._follow)
        self.state.gameChanged.connect(lambda _id: self._follow())
        self._follow()

    # -- which pack is open ------------------------------------------------------------------

    def current(self):
        return next((e for e in self.state.entries() if e.id == self.state.game_id), None)

    def own_entries(self) -> list:
        return [e for e in self.state.entries() if is_own(e)]

    def _follow(self) -> None:
        """Watch the open pack (if any), show its problems, enable what applies."""
        self._withdraw_notices()
        self.folder_watch.watch()
        entry = self.current()
        own = is_own(entry)
        self.window.actions_by_name["export_pack"].setEnabled(own and hasattr(entry, "game"))
        self.window.actions_by_name["anki"].setEnabled(hasattr(entry, "game"))
        watched = self.watcher.files() + self.watcher.directories()
        if watched:
            self.watcher.removePaths(watched)
        if not own:
            self.panel.hide()
            return
        self._watch(entry.folder)
        folder = entry.folder
        self._fingerprints.setdefault(folder, getattr(entry, "fingerprint", None) or "")
        self._show_problems(entry)
        # Edited while another game was open (only the open pack is watched)? The reading
        # compares the fingerprint beside the window and changes nothing if it is the same.
        if not self._applying:
            self.reload()

    def _watch(self, folder: Path) -> None:
        from app.model.packs import PACK_FILES

        # Editors often replace a file on save, which drops it from the watcher: re-add each time.
        paths = [str(folder)] + [str(folder / n) for n in PACK_FILES if (folder / n).exists()]
        missing = [p for p in paths if p not in self.watcher.files() + self.watcher.directories()]
        if missing:
            self.watcher.addPaths(missing)

    def _show_problems(self, entry) -> None:
        from app.model.packs import pack_report

        folder = entry.folder
        stale = self._stale.get(folder, [])
        if not hasattr(entry, "game"):
            report = pack_report(entry)  # a pack that did not load: no files to read again
            self.panel.show_problems(folder, report.errors, report.hints, stale=False)
            self.panel.show()
            return
        if stale:
            # What the files on disk have now, as --check says it; the review of the
            # version still on screen would list old lines beside it.
            self.panel.show_problems(folder, stale, [], stale=True)
            self.panel.show()
            return
        fingerprint = getattr(entry, "fingerprint", None)
        cached = self._reviews.get(folder)
        if cached is not None and cached[0] is entry.game and cached[1] == fingerprint:
            report = cached[2]
            self.panel.show_problems(folder, report.errors, report.hints, stale=False)
        else:
            # The review reads the files again and checks every text: for a large pack that
            # is more than a frame, so it runs beside the window and fills the panel later.
            self.panel.show_problems(folder, [], [], stale=False, checking=True)
            self._review_in_background(entry)
        self.panel.show()

    def _review_in_background(self, entry) -> None:
        folder = entry.folder
        if folder in self._reviewing:
            return
        from app.model.packs import pack_report

        game, fingerprint = entry.game, getattr(entry, "fingerprint", None)
        run = _ReviewRun(self, entry)
        # The same report as `regelfrisch --check`, so the two never differ.
        job = BackgroundJob(lambda _stop: pack_report(entry), run)
        job.done.connect(run.finished)
        self._reviewing[folder] = run
        run.job = job
        run.key = (game, fingerprint)
        job.start()

    def _reviewed(self, run: _ReviewRun, review, error) -> None:
        folder = run.entry.folder
        if self._reviewing.get(folder) is run:
            del self._reviewing[folder]
        if error is not None:
            print(f"Interner Fehler bei der Prüfung von {folder}: {type(error).__name__}",
                  file=sys.stderr)
            return
        self._reviews[folder] = (*run.key, review)
        entry = self.current()
        if is_own(entry) and entry.folder == folder and getattr(entry, "game", None) is run.key[0]:
            self._show_problems(entry)
        elif is_own(entry) and entry.folder == folder:
            self._show_problems(entry)  # a newer version arrived meanwhile: review that one

    # -- live preview ------------------------------------------------------------------------

    def _changed(self, _path: str) -> None:
        # A reading started before this event may have met a half-written file.
        self._generation += 1
        self.timer.start()

    def forget(self, folder: Path) -> None:
        """Drop what is known of the pack in ``folder`` (it was removed)."""
        self._fingerprints.pop(folder, None)
        self._stale.pop(folder, None)
        self._reviews.pop(folder, None)

    def _withdraw_notices(self) -> None:
        folders = {e.folder for e in self.own_entries()}
        for folder in [f for f in self._notices if f not in folders]:
            self.window.notice_bar.withdraw(self._notices.pop(folder))

    # -- live preview, continued ---------------------------------------------------------------

    def reload(self) -> None:
        """Load the open pack again beside the window if its files changed; keep the last
        good version on errors.

        One reading runs at a time. Its answer is shown only if no file event arrived while
        it ran and the files held still during it (see ``read_pack_version``); else it is
        dropped and the timer reads once more after the burst. So an editor's save in
        several steps never shows the error of a half-written file."""
        entry = self.current()
        if not is_own(entry):
            return
        folder = entry.folder
        if not folder.is_dir():
            # Removed from outside: the packs folder's watch takes it out of the window.
            self.folder_watch.look_soon()
            return
        self._watch(folder)
        if self.reloading is not None:
            self.reloading.again = True
            return
        from app.model.packs import read_pack_version, reserved_ids

        reserved = reserved_ids(self.state.library)
        known = self._fingerprints.get(folder)
        run = _ReloadRun(self, folder, self._generation)
        run.job = BackgroundJob(lambda _stop: read_pack_version(folder, reserved, known), run)
        run.job.done.connect(run.finished)
        self.reloading = run
        run.job.start()

    def _reloaded(self, run: _ReloadRun, version, error) -> None:
        if self.reloading is run:
            self.reloading = None
        entry = self.current()
        folder = run.folder
        if not (is_own(entry) and entry.folder == folder):
            if is_own(entry):
                self.reload()  # the player switched packs meanwhile: read the open one
            return
        if not folder.is_dir():
            self.folder_watch.look_soon()  # removed meanwhile: not a pack with errors
            return
        if error is not None:
            print(f"Interner Fehler beim Neuladen von {folder}: {type(error).__name__}",
                  file=sys.stderr)
            return
        if run.generation != self._generation or (version is not None and not version.settled):
            # Saved again meanwhile: the timer (restarted by the event) reads once more.
            if not self.timer.isActive():
                self.timer.start()
            return
        if version is not None:
            self._apply(entry, version)
        if run.again:
            self.reload()

    def _apply(self, entry, version) -> None:
        from app.model.packs import failed_pack, replace_pack, reserved_ids

        folder = entry.folder
        self._fingerprints[folder] = version.fingerprint
        library = self.state.library
        if version.entry is None:
            if hasattr(entry, "game"):
                self._stale[folder] = version.problems
                self._show_problems(entry)
                self.window.status_text.setText(
                    f"{len(version.problems)} Fehler in „{folder.name}“ – die letzte "
                    "fehlerfreie Fassung bleibt sichtbar.")
                return
            fresh = failed_pack(folder, version.problems, reserved_ids(library))
            fresh.fingerprint = version.fingerprint
        else:
            fresh = version.entry
        self._stale.pop(folder, None)
        self._applying = True  # the files were just read: _follow need not read them again
        try:
            self.state.set_library(replace_pack(library, folder, fresh))
            self.state.select_game(fresh.id)
        finally:
            self._applying = False
        self.window.status_text.setText(f"„{folder.name}“ neu geladen.")

    # -- the menu entries --------------------------------------------------------------------

    def new_pack(self) -> None:
        from app.model.packs import reserved_ids
        from app.ui.pack_dialogs import NewPackDialog

        dialog = NewPackDialog(self.root, reserved_ids(self.state.library), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.created.connect(self._created)
        self._open(dialog)

    def _created(self, folder: Path) -> None:
        self.refresh_library(select=folder.name)
        notice = (f"Neues Spiel angelegt in {folder}. Öffne game.yaml und quiz.yaml in deinem "
                  "Texteditor (Knöpfe unten); was du speicherst, erscheint sofort hier.")
        # Said only while that game is there: removing it takes the notice back.
        self._notices[folder] = notice
        self.window.notice_bar.show_notice(notice)

    def refresh_library(self, select: str | None = None) -> None:
        library = self.state.library
        if library is None:
            return
        from app.model.packs import with_packs

        self._fingerprints.clear()
        self._stale.clear()
        self.state.set_library(with_packs(library, self.root))
        if select:
            self.state.select_game(select)

    def export_pack(self) -> None:
        entry = self.current()
        if not (is_own(entry) and hasattr(entry, "game")):
            return
        from app.model.packs import export_pack

        suggested = str(Path.home() / f"{entry.id}{SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self.window, "Spiel exportieren", suggested,
                                              f"Regelfrisch-Spiele (*{SUFFIX})")
        if not path:
            return
        try:
            out = export_pack(entry, Path(path))
        except OSError as exc:
            self.window.notice_bar.show_notice(
                f"Das Spiel ließ sich nicht exportieren ({_reason(exc)}).")
            return
        self.window.status_text.setText(f"Spiel exportiert: {out}")

    def export_anki(self) -> None:
        entry = self.current()
        if not hasattr(entry, "game"):
            return
        from app.model.anki_export import export_apkg

        suggested = str(Path.home() / f"{entry.id}.apkg")
        path, _ = QFileDialog.getSaveFileName(self.window, "Als Anki-Stapel exportieren",
                                              suggested, "Anki-Stapel (*.apkg)")
        if not path:
            return
        out = Path(path) if path.endswith(".apkg") else Path(path + ".apkg")
        try:
            count = export_apkg(entry.game, out)
        except OSError as exc:
            self.window.notice_bar.show_notice(
                f"Der Anki-Stapel ließ sich nicht speichern ({_reason(exc)}).")
            return
        self.window.status_text.setText(
            f"Anki-Stapel gespeichert: {out} ({count} Karte{'n' if count != 1 else ''}). "
            "In Anki: Datei → Importieren.")

    def import_pack(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Spiel importieren", str(Path.home()),
                                              f"Regelfrisch-Spiele (*{SUFFIX})")
        if path:
            self.import_file(Path(path))

    def import_file(self, archive: Path) -> None:
        """Check ``archive`` in a temporary folder beside the window (with a progress dialog
        and Cancel); install only a clean pack, asking before it replaces one."""
        from app.model.packs import inspect_archive, reserved_ids
        from app.ui.pack_dialogs import ImportProgressDialog

        library = self.state.library
        if library is None:
            return
        if self.importing is not None:
            self.window.notice_bar.show_notice(
                "Es wird gerade schon ein Spiel importiert. Warte, bis es fertig ist, oder "
                "brich es ab.")
            return
        reserved = reserved_ids(library)
        work = Path(tempfile.mkdtemp(prefix="regelfrisch-import-"))
        run = _ImportRun(self, archive, work)
        run.job = BackgroundJob(
            lambda stop: inspect_archive(archive, work, reserved, should_stop=stop.is_set), run)
        run.job.done.connect(run.finished)
        run.dialog = ImportProgressDialog(archive, self.window)
        run.dialog.canceled.connect(run.cancel)
        self.importing = run
        run.job.start()
        # A quick import shows no flash of a dialog; a slow one says what is going on.
        QTimer.singleShot(IMPORT_DIALOG_DELAY_MS, run.show_progress)

    def _inspected(self, run: _ImportRun, result, error) -> None:
        from app.model.yaml_source import Problem
        from app.ui.pack_dialogs import ImportProblemsDialog, ReplacePackDialog

        if self.importing is run:
            self.importing = None
        run.done = True  # closing a QProgressDialog emits its canceled signal
        run.dialog.close()
        if run.cancelled or error is not None or not result.ok:
            _remove_tree(run.work)
        if run.cancelled:
            return
        if error is not None:
            print(f"Interner Fehler beim Import von {run.archive}: {type(error).__name__}",
                  file=sys.stderr)
            result_problems = [Problem(Path(run.archive.name), None,
                                       "Die Datei ließ sich nicht prüfen (interner Fehler; "
                                       "bitte melden).")]
        else:
            result_problems = result.problems
        if error is not None or not result.ok:
            dialog = ImportProblemsDialog(run.archive, result_problems, self.window)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self._open(dialog)
            return
        installed = next((e for e in self.own_entries()
                          if e.folder.name == result.pack_id), None)
        if installed is None:
            self._install(result.loaded.folder, replace=False, inspection=result)
            _remove_tree(run.work)
            return
        # Ask; the checked copy stays in the work folder while the dialog is open.
        dialog = ReplacePackDialog(installed, result.loaded, run.archive, self.window,
                                   incoming_modified=result.modified)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        staged = result.loaded.folder
        dialog.accepted.connect(
            lambda: self._install(staged, replace=True, inspection=result))
        dialog.finished.connect(lambda _r: _remove_tree(run.work))
        self._open(dialog)

    def _install(self, folder: Path, *, replace: bool, inspection=None) -> None:
        """Install the checked pack in ``folder``. ``inspection``: the import's check of it;
        it is the same bytes, so the pack is shown as the check loaded it (a large pack took a
        second to load on the window's thread) and its problems panel shows the check's review
        (reviewing a large pack again took the interpreter from the window just as the new
        game opened)."""
        checked = inspection.loaded if inspection is not None else None
        from app.model.packs import PackGame, install_pack, pack_fingerprint, replace_pack

        try:
            target = install_pack(folder, self.root, replace=replace)
        except OSError as exc:
            self.window.notice_bar.show_notice(
                f"Das Spiel ließ sich nicht installieren ({_reason(exc)}). Es wurde nichts "
                "verändert.")
            return
        library = self.state.library
        if checked is None or library is None:
            self.refresh_library(select=target.name)
        else:
            pack = PackGame(checked.game, target, checked.examples)
            pack.fingerprint = pack_fingerprint(target)
            self._fingerprints.pop(target, None)
            self._stale.pop(target, None)
            if inspection.report is not None:
                self._reviews[target] = (pack.game, pack.fingerprint,
                                         inspection.report.moved(checked.folder, target))
            # The new library opens on the new game: only its page is built.
            self.state.set_library(replace_pack(library, target, pack), game=pack.id)
        self.window.status_text.setText(f"Spiel „{target.name}“ importiert.")

    def manage_packs(self) -> None:
        from app.model.packs import remove_pack
        from app.ui.pack_dialogs import ManagePacksDialog

        dialog = ManagePacksDialog(self.own_entries(), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def remove(pack_id: str) -> None:
            try:
                remove_pack(self.root, pack_id)
            except ValueError as exc:
                self.window.notice_bar.show_notice(f"Nicht entfernt: {exc}")
                return
            except OSError as exc:
                self.window.notice_bar.show_notice(f"Nicht entfernt ({_reason(exc)}).")
                return
            self.refresh_library()
            dialog.set_packs(self.own_entries())
            self.window.status_text.setText(f"Eigenes Spiel „{pack_id}“ entfernt.")

        dialog.removeRequested.connect(remove)
        def open_folder(pack_id: str) -> None:
            from app.ui.editor_launch import open_path

            folder = self.root / pack_id
            dialog.unopened.hide()
            if not open_path(folder):
                dialog.unopened.show_for(folder, f"Der Ordner von „{pack_id}“", folder=True)
                dialog.fit()

        dialog.openFolderRequested.connect(open_folder)
        self._open(dialog)

    def _open(self, dialog) -> None:
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        self.last_dialog = dialog
        self.window.last_dialog = dialog

    # -- drag & drop -------------------------------------------------------------------------

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if _dropped_pack(event) is not None:
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            archive = _dropped_pack(event)
            if archive is not None:
                event.acceptProposedAction()
                # After the drop returns: the source application is not kept waiting.
                QTimer.singleShot(0, lambda: self.import_file(archive))
                return True
        return super().eventFilter(watched, event)


class _ImportRun(QObject):
    """One import in flight: the archive, its work folder, the job and the progress dialog."""

    def __init__(self, actions: PackActions, archive: Path, work: Path):
        super().__init__(actions)
        self.actions = actions
        self.archive = archive
        self.work = work
        self.cancelled = False
        self.done = False
        self.job: BackgroundJob | None = None
        self.dialog = None

    def show_progress(self) -> None:
        if self.actions.importing is self and not (self.cancelled or self.done):
            self.dialog.open()

    def cancel(self) -> None:
        """Cancel: nothing is installed; the work stops at its next step and is cleaned up."""
        if self.cancelled or self.done:
            return
        self.cancelled = True
        self.job.cancel()
        self.dialog.close()
        if self.actions.importing is self:
            self.actions.importing = None
        self.actions.window.status_text.setText(
            f"Import von „{self.archive.name}“ abgebrochen – nichts installiert.")

    def finished(self, result, error) -> None:
        self.job.finish()
        # In the next turn: the window answers once between the end of the check and
        # installing and opening the game.
        QTimer.singleShot(0, self, lambda: self._conclude(result, error))

    def _conclude(self, result, error) -> None:
        self.actions._inspected(self, result, error)
        self.deleteLater()


class _ReloadRun(QObject):
    """One reading of the open pack for the live preview."""

    def __init__(self, actions: PackActions, folder: Path, generation: int):
        super().__init__(actions)
        self.actions = actions
        self.folder = folder
        self.generation = generation
        # Asked to read while this one ran: read again when it ends.
        self.again = False
        self.job: BackgroundJob | None = None

    def finished(self, version, error) -> None:
        self.job.finish()
        self.actions._reloaded(self, version, error)
        self.deleteLater()


class _ReviewRun(QObject):
    def __init__(self, actions: PackActions, entry):
        super().__init__(actions)
        self.actions = actions
        self.entry = entry
        self.key: tuple = ()
        self.job: BackgroundJob | None = None

    def finished(self, review, error) -> None:
        self.job.finish()
        self.actions._reviewed(self, review, error)
        self.deleteLater()


def _reason(exc: OSError) -> str:
    return german_os_error(exc)


def _column_of(widget):
    """The layout that holds ``widget`` (the window's right-hand column below the notices)."""
    def search(layout):
        if layout.indexOf(widget) >= 0:
            return layout
        for index in range(layout.count()):
            child = layout.itemAt(index).layout()
            found = search(child) if child is not None else None
            if found is not None:
                return found
        return None

    return search(widget.parentWidget().layout())


def _dropped_pack(event) -> Path | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    files = [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile()]
    if len(files) == 1 and files[0].suffix == SUFFIX:
        return files[0]
    return None


def _remove_tree(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
