"""The subscribed Spiele-Bibliothek sources, remembered in the app's settings (QSettings)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings

from app.ui.settings import app_settings

KEY = "bibliothek/quellen"


class LibrarySources:
    """A :class:`app.model.game_library.SourceStore` kept in the settings."""

    def __init__(self, store: QSettings | None = None):
        if store is None:
            # The command line runs without the application object that names the settings.
            if not QCoreApplication.organizationName():
                QCoreApplication.setOrganizationName("Regelfrisch")
                QCoreApplication.setApplicationName("Regelfrisch")
            store = app_settings()
        self.store = store

    def locations(self) -> list[str]:
        value = self.store.value(KEY, [])
        if isinstance(value, str):
            value = [value]  # QSettings hands back a one-item list as a plain string
        if not isinstance(value, list):
            return []
        return [item for item in value if isinstance(item, str) and item]

    def set_locations(self, locations: list[str]) -> None:
        self.store.setValue(KEY, list(dict.fromkeys(locations)))
        self.store.sync()
