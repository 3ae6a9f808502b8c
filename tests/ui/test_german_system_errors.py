"""What the window and the start say when the system refuses a write: German, never the
system's English text („No space left on device“) or an errno."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from app.model import safe_files
from app.ui import application
from app.ui.application import ContentLoader, create_main_window, make_application
from app.ui.progress_model import ProgressModel
from tests.conftest import REPO


def _refuse(code: int):
    def refuse(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))
    return refuse


@pytest.mark.parametrize("where,german", [
    ("full-disk", "kein Platz mehr auf dem Datenträger"),
    ("read-only-disk", "der Datenträger ist schreibgeschützt"),
    ("no-such-place", "nicht gefunden"),
])
def test_the_sheet_that_cannot_be_saved_says_why_in_german(qtbot, library, tmp_path,
                                                           monkeypatch, where, german):
    win = create_main_window(library, "atlantis", remember=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.ready)
    target = tmp_path / "atlantis-spickzettel.pdf"
    if where == "full-disk":
        monkeypatch.setattr(safe_files.os, "fsync", _refuse(errno.ENOSPC))
    elif where == "read-only-disk":
        # A folder on a read-only disk refuses the temporary file beside the target.
        monkeypatch.setattr(safe_files.tempfile, "mkstemp", _refuse(errno.EROFS))
    else:
        target = Path("/proc/regelfrisch-spickzettel.pdf")
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))

    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(win.notice_bar.isVisible)
    said = win.notice_bar.text.text()
    assert said == f"Der Spickzettel ließ sich nicht speichern ({german})."
    assert not target.exists() and list(tmp_path.iterdir()) == []
    assert "Spickzettel gespeichert" not in win.status_text.text()


def test_a_snapshot_that_cannot_be_written_is_a_german_hint(qtbot, tmp_path, monkeypatch,
                                                             capfd):
    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    monkeypatch.setattr(application, "write_atomically", _refuse(errno.ENOSPC))
    make_application()
    window = create_main_window(None, "atlantis", ProgressModel(tmp_path / "fortschritt"),
                                remember=False)
    qtbot.addWidget(window)
    loader = ContentLoader(window.state, root, tmp_path / "cache", parent=window)
    assert not loader.start(first=window.state.wanted_game)
    qtbot.waitUntil(lambda: window.state.library is not None, timeout=30_000)
    loader.wait()
    err = capfd.readouterr().err
    assert "Hinweis: Zwischenspeicher nicht geschrieben (kein Platz mehr auf dem " \
           "Datenträger)." in err
    assert "No space" not in err and "Errno" not in err
