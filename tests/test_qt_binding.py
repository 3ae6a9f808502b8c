"""The Qt binding must not leak references to None (PySide6 6.12.0 on Python 3.11 did)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel

from app.ui.application import make_application


def test_void_qt_calls_keep_none_alive():
    make_application()
    document, text = QTextDocument(), QLabel()
    before = sys.getrefcount(None)
    for _ in range(2000):
        document.setDocumentMargin(0)
        text.setObjectName("x")
        text.setText("y")
    # A few references come and go with the interpreter's own work; a leak loses 6,000.
    assert sys.getrefcount(None) > before - 100
