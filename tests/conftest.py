"""Shared test set-up: Qt runs offscreen, user data goes to a temporary folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest
from hypothesis import settings

# CI explores the same examples every run, so a red build is reproducible; locally each
# run explores new ones and may find new bugs.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "model" / "fixtures"


@pytest.fixture(autouse=True)
def _delete_windows_after_each_test():
    # pytest-qt only closes the widgets a test made; deleting them keeps later tests from
    # re-polishing thousands of dead widgets whenever the style sheet changes. Only where a
    # test brought Qt in: the engine and model tests run without PySide6 installed at all.
    yield
    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    for widget in QApplication.topLevelWidgets():
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    # Tests must never read or write a real user's progress or settings.
    data = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("REGELFRISCH_DATA", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(data / "config"))
    # Nor start the tester's own text editor when a test opens a pack file.
    for name in ("REGELFRISCH_EDITOR", "VISUAL", "EDITOR"):
        monkeypatch.delenv(name, raising=False)
    return data
