"""Draws a sidebar section with its count of marked rules as a small pill on the right."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

COUNT_ROLE = Qt.ItemDataRole.UserRole + 2
BADGE_RIGHT = 6  # from the pill to the item's right edge; the item's padding is left of it


def pill_font(font: QFont) -> QFont:
    pill = QFont(font)
    pill.setBold(True)
    pill.setPointSizeF(pill.pointSizeF() * 0.85)
    return pill


def pill_size(font: QFont, count: int) -> tuple[int, int]:
    """Width and height of the count pill for the list's ``font`` (it grows with the text):
    the digits with 6 px either side, never narrower than high (a round „1“)."""
    metrics = QFontMetrics(pill_font(font))
    height = max(16, metrics.height() + 2)
    return max(height, metrics.horizontalAdvance(str(count)) + 12), height


def badge_room(font: QFont, count: int) -> int:
    """How much of an item's width the pill for ``count`` takes from its name."""
    return pill_size(font, count)[0] + BADGE_RIGHT


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
        # QStyle only here: naming it makes PySide build its enums (≈ 7 ms), and the first
        # frame has no counts yet (they follow it).
        from PySide6.QtWidgets import QStyle

        pill_width, pill_height = pill_size(option.font, count)
        # The item is drawn whole (its highlight spans the row, under the pill too); the
        # name keeps clear of the pill. The sidebar is made wide enough for the name
        # (app/ui/sidebar.py), so the eliding is only a guard.
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
        bold = QFont(item.font)
        bold.setWeight(QFont.Weight.DemiBold)  # the chosen item's weight (style.qss)
        room = text.width() - badge_room(option.font, count)
        item.text = QFontMetrics(bold).elidedText(item.text, Qt.TextElideMode.ElideRight,
                                                  max(0, room))
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        rect = QRect(option.rect.right() + 1 - BADGE_RIGHT - pill_width,
                     option.rect.center().y() - pill_height // 2 + 1, pill_width, pill_height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(self.colours().mark_bg))
        painter.drawRoundedRect(rect, pill_height / 2, pill_height / 2)
        painter.setPen(QColor(self.colours().mark))
        painter.setFont(pill_font(option.font))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(count))
        painter.restore()
