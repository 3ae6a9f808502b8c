"""Helpers for reading what a user would see in a widget tree."""

from __future__ import annotations

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
