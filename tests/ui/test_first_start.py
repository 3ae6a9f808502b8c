"""The very first start, with nothing saved: the window fits the screen it opens on."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QRect

import app.ui.application as application
from app.ui.settings import Settings, fit_first_start


class _Screen:
    """A screen of the given available size (a 1366×768 laptop less its 40 px panel)."""

    def __init__(self, width: int, height: int):
        self.rect = QRect(0, 0, width, height)

    def availableGeometry(self) -> QRect:
        return self.rect


def _fits(window, available: QRect) -> None:
    assert available.contains(window.frameGeometry()), (window.frameGeometry(), available)
    assert window.height() + 30 <= available.height(), "room for a title bar"
    status = window.statusBar()
    assert status.isVisible()
    bottom = status.mapTo(window, status.rect().bottomLeft()).y()
    assert bottom < window.height(), "the status bar is not cut off"


def test_the_real_start_fits_the_screen(qtbot, monkeypatch):
    made = []
    real = application.create_main_window

    def remember(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(application, "create_main_window", remember)
    monkeypatch.setenv("REGELFRISCH_EXIT_WHEN_SHOWN", "1")
    args = SimpleNamespace(check=None, screenshot=None, pdf=None, game=None, content=None)
    assert application.run(args) == 0
    window = made[0]
    qtbot.addWidget(window)
    available = window.screen().availableGeometry()
    assert not available.contains(QRect(0, 0, *application.DEFAULT_SIZE)), \
        "offscreen's screen is smaller than the default size"
    _fits(window, available)


def test_a_small_laptop_screen_shows_the_whole_window(qtbot, library):
    application.make_application()
    window = application.create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    screen = _Screen(1366, 728)
    assert fit_first_start(window, window.settings, screen)
    window.show()
    qtbot.waitExposed(window)
    _fits(window, screen.rect)
    assert window.width() == 1280, "wide enough: the default width stays"


def test_a_saved_geometry_is_left_to_restore(qtbot, library):
    application.make_application()
    window = application.create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    settings = Settings()
    settings.save_geometry(window)
    before = window.size()
    assert not fit_first_start(window, settings, _Screen(1000, 500))
    assert window.size() == before


def test_a_window_saved_on_a_larger_screen_fits_a_smaller_one(qtbot, library):
    """Saved at 1280×800 on a large monitor, started again on offscreen's smaller screen:
    the restored window shrinks so that it, its title bar and its status bar fit."""
    application.make_application()
    big = application.create_main_window(library, "atlantis")
    qtbot.addWidget(big)
    big.resize(*application.DEFAULT_SIZE)
    big.settings.save_geometry(big)
    window = application.create_main_window(library, "atlantis")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    available = window.screen().availableGeometry()
    assert not available.contains(QRect(0, 0, *application.DEFAULT_SIZE))
    _fits(window, available)
