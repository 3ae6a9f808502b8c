"""Helpers for reading what a user would see in a widget tree."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def visible_text(widget: QWidget) -> str:
    """All label and button text under ``widget`` that is not hidden, as plain text."""
    # Widgets added to a shown layout become visible through a queued call.
    QApplication.processEvents()
    parts = []
    for child in widget.findChildren(QLabel) + widget.findChildren(QAbstractButton):
        if child.isVisibleTo(widget):
            parts.append(plain(child.text()))
    return "\n".join(parts)


def second_start(data: Path, probe: str) -> dict:
    """Run ``probe`` (Python that calls ``application.run`` and prints one JSON line) as the
    everyday start does, in a user folder ``data`` that remembers Atlantis, „Dein Zug“: twice,
    the second start opening from the snapshot the first wrote. Its JSON line."""
    import json
    import os
    import subprocess
    import sys

    from tests.conftest import REPO

    data.mkdir(exist_ok=True)
    (data / "einstellungen.ini").write_text(
        "[General]\nlast_game=atlantis\nlast_section=turn\n", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_DATA": str(data),
           "REGELFRISCH_EXIT_WHEN_SHOWN": "content"}
    env.pop("REGELFRISCH_CACHE", None)
    for _start in range(2):
        result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])
