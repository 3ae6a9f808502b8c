"""Fixtures for the UI tests: the shipped content, loaded once, and a shown main window."""

from __future__ import annotations

import pytest

from app.model.loader import load_library
from app.model.paths import content_root
from app.ui.application import create_main_window, make_application


@pytest.fixture(scope="session")
def library():
    # Immutable content: one load serves every UI test.
    return load_library(content_root())


@pytest.fixture
def window(qtbot, library):
    make_application()
    win = create_main_window(library, "atlantis")
    qtbot.addWidget(win)
    win.show()
    # As a user meets it: painted, and what follows the first frame (menus, keys) set up.
    qtbot.waitUntil(lambda: win.ready)
    return win
