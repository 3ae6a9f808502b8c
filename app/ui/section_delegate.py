"""Draws a sidebar section with its count of marked rules as a small pill on the right."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

COUNT_ROLE = Qt.ItemDataRole.UserRole + 2


class SectionDelegate(QStyledItemDelegate):
    def __init__(self, colours, parent=None):
        super().__init__(parent)
        # A callable, so a theme switch takes effect at the next paint.
        self.colours = colours

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        count = index.data(COUNT_ROLE) or 0
        if not count:
            super().paint(painter, option, index)
            return
        # Sized by the text, so the badge grows with the text size.
        digits = QFontMetrics(option.font).horizontalAdvance(str(count))
        pill_height = QFontMetrics(option.font).height() + 2
        pill_width = max(pill_height, digits + 12)
        narrowed = QStyleOptionViewItem(option)
        narrowed.rect = option.rect.adjusted(0, 0, -(pill_width + 10), 0)
        super().paint(painter, narrowed, index)
        rect = QRect(option.rect.right() - pill_width - 6,
                     option.rect.center().y() - pill_height // 2, pill_width, pill_height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(self.colours().mark_bg))
        painter.drawRoundedRect(rect, pill_height / 2, pill_height / 2)
        painter.setPen(QColor(self.colours().mark))
        font = painter.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 0.85)
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(count))
        painter.restore()
