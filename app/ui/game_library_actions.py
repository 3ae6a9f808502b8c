"""Datei → „Spiele-Bibliothek …“ and „In Bibliothek übernehmen …“ in the main window.

Light on purpose: the menus are filled right after the first frame, and nothing here may pull
in the content model (pydantic, the loader); the dialog and the model load on first use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QFileDialog

from app.ui.game_library_sources import LibrarySources


def _stop_jobs() -> None:
    dialog_module = sys.modules.get("app.ui.game_library_dialog")
    if dialog_module is not None:
        dialog_module.stop_jobs()


class LibraryActions(QObject):
    """Datei → „Spiele-Bibliothek …“ and „In Bibliothek übernehmen …“."""

    def __init__(self, window, packs, file_menu):
        super().__init__(window)
        self.window = window
        self.packs = packs  # app.ui.pack_actions.PackActions: the own-packs folder and reload
        self.dialog = None
        self.sources = LibrarySources()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(_stop_jobs)
        add = window._action
        add("game_library", "Spiele-Bibliothek …", ["Ctrl+Shift+B"], self.open_library,
            file_menu)
        add("publish_pack", "In Bibliothek übernehmen …", [], self.publish_current, file_menu)
        window.state.gameChanged.connect(lambda _id: self._follow())
        window.state.libraryChanged.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        entry = self.packs.current()
        from app.ui.switcher import is_own

        self.window.actions_by_name["publish_pack"].setEnabled(
            is_own(entry) and hasattr(entry, "game"))

    def open_library(self):
        from app.ui.game_library_dialog import GameLibraryDialog

        def own_entry(pack_id):
            return next((e for e in self.packs.own_entries() if e.folder.name == pack_id), None)

        dialog = GameLibraryDialog(self.packs.data, self.packs.root, self.sources, own_entry,
                                   self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.installed.connect(self._installed)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        self.dialog = dialog
        self.window.last_dialog = dialog
        return dialog

    def _installed(self, pack_id: str) -> None:
        self.packs.refresh_library()
        self.window.status_text.setText(f"Spiel „{pack_id}“ aus der Bibliothek installiert.")

    def publish_current(self, clone: str | None = None) -> None:
        entry = self.packs.current()
        from app.ui.switcher import is_own

        if not (is_own(entry) and hasattr(entry, "game")):
            return
        store = self.sources.store
        if not clone:
            clone = QFileDialog.getExistingDirectory(
                self.window, "Lokale Kopie der Bibliothek wählen",
                str(store.value("bibliothek/kopie", str(Path.home()))))
        if not clone:
            return
        store.setValue("bibliothek/kopie", clone)
        from app.model.game_library import publish
        from app.model.game_library_git import LibraryError
        from app.model.packs import reserved_ids

        try:
            sha = publish(entry.folder, Path(clone), reserved_ids())
        except LibraryError as exc:
            self.window.notice_bar.show_notice(f"Nicht übernommen: {exc}")
            return
        self.window.status_text.setText(
            f"„{entry.title}“ in die Bibliothek übernommen (Commit {sha[:10]}). Hochladen mit "
            f"deinem git-Programm: git push im Ordner {clone}.")
