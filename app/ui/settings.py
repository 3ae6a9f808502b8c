"""What the app remembers between runs: geometry, last game and section, text size, theme."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings
from PySide6.QtWidgets import QWidget

from app.model.paths import DATA_ENV

THEMES = ("system", "hell", "dunkel")
DEFAULT_FONT_PT = 11.0
MIN_FONT_PT, MAX_FONT_PT = 8.0, 20.0


def app_settings() -> QSettings:
    # With REGELFRISCH_DATA set (tests, portable use) the settings live beside the progress
    # files, so nothing touches the user's real configuration.
    override = os.environ.get(DATA_ENV)
    if override:
        return QSettings(str(Path(override) / "einstellungen.ini"), QSettings.Format.IniFormat)
    return QSettings()


class Settings:
    """Typed access to the few values we keep."""

    def __init__(self, store: QSettings | None = None):
        self.store = store or app_settings()

    def _get(self, key: str, default, kind):
        value = self.store.value(key, default)
        try:
            return kind(value)
        except (TypeError, ValueError):
            return default

    @property
    def theme(self) -> str:
        value = self._get("theme", "system", str)
        return value if value in THEMES else "system"

    @theme.setter
    def theme(self, value: str) -> None:
        self.store.setValue("theme", value if value in THEMES else "system")

    @property
    def font_pt(self) -> float:
        value = self._get("font_pt", DEFAULT_FONT_PT, float)
        return min(MAX_FONT_PT, max(MIN_FONT_PT, value))

    @font_pt.setter
    def font_pt(self, value: float) -> None:
        self.store.setValue("font_pt", min(MAX_FONT_PT, max(MIN_FONT_PT, float(value))))

    @property
    def last_game(self) -> str | None:
        return self._get("last_game", None, lambda v: v if isinstance(v, str) else None)

    @property
    def last_section(self) -> str | None:
        return self._get("last_section", None, lambda v: v if isinstance(v, str) else None)

    def remember_place(self, game: str, section: str) -> None:
        self.store.setValue("last_game", game)
        self.store.setValue("last_section", section)

    @property
    def item_margins(self) -> tuple[int, int] | None:
        """The sidebar items' text margins as last measured (app/ui/sidebar.py)."""
        value = self._get("sidebar_item_margins", "", str)
        parts = value.split(",")
        if len(parts) == 2 and all(p.isdigit() and len(p) < 4 for p in parts):
            return int(parts[0]), int(parts[1])
        return None

    @item_margins.setter
    def item_margins(self, margins: tuple[int, int]) -> None:
        self.store.setValue("sidebar_item_margins", f"{margins[0]},{margins[1]}")

    def save_geometry(self, window: QWidget) -> None:
        self.store.setValue("geometry", window.saveGeometry())
        self.store.sync()

    def has_geometry(self) -> bool:
        return isinstance(self.store.value("geometry"), QByteArray | bytes)

    def restore_geometry(self, window: QWidget) -> bool:
        """Restore the window where it was; the caller keeps it on a visible screen."""
        data = self.store.value("geometry")
        return isinstance(data, QByteArray | bytes) and window.restoreGeometry(data)


def clamp_to(window: QWidget, available: QRect) -> None:
    """Shrink and move ``window`` so all of it lies inside ``available``, its title bar too."""
    frame = window.frameGeometry()
    extra_w = frame.width() - window.width()
    extra_h = frame.height() - window.height()
    if not window.isVisible():
        # Not shown yet: no frame to measure, and the one the window manager adds on show
        # would push a window of the screen's full height past its bottom.
        extra_w, extra_h = max(extra_w, FRAME_ALLOWANCE[0]), max(extra_h, FRAME_ALLOWANCE[1])
    width = min(window.width(), available.width() - extra_w)
    height = min(window.height(), available.height() - extra_h)
    window.resize(max(width, window.minimumWidth()), max(height, window.minimumHeight()))
    frame = window.frameGeometry()
    outer_w, outer_h = window.width() + extra_w, window.height() + extra_h
    x = min(max(frame.x(), available.left()), available.right() - outer_w + 1)
    y = min(max(frame.y(), available.top()), available.bottom() - outer_h + 1)
    window.move(max(x, available.left()), max(y, available.top()))


# Title bar and borders the window manager adds around a window not yet shown.
FRAME_ALLOWANCE = (16, 48)


def fit_first_start(window: QWidget, settings: Settings | None, screen) -> bool:
    """On the very first start (nothing saved): the default size, shrunk to fit ``screen``
    with its title bar, and centred – a 1366×768 laptop sees the status bar too.

    Returns whether it placed the window (False when a saved geometry takes over)."""
    if screen is None or (settings is not None and settings.has_geometry()):
        return False
    available = screen.availableGeometry()
    extra_w, extra_h = FRAME_ALLOWANCE
    width = min(window.width(), available.width() - extra_w)
    height = min(window.height(), available.height() - extra_h)
    window.resize(max(width, window.minimumWidth()), max(height, window.minimumHeight()))
    x = available.left() + max(0, (available.width() - window.width() - extra_w) // 2)
    y = available.top() + max(0, (available.height() - window.height() - extra_h) // 2)
    window.move(x, y)
    return True
