"""A spin box as wide as its widest value (the Atlantis board's toolbar).

Its own module: defining it makes PySide create ``QSpinBox`` and its enums, which the pages
shown at start-up do without (issue #27, ``tests/ui/test_first_frame.py``).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QSpinBox


class CompactSpinBox(QSpinBox):
    """A spin box as wide as its widest value and no wider.

    Under the app's sheet Qt's hint counts the arrows twice (the sheet's right padding
    already makes room for them): a six-digit box asked for 138 px where 97 show every digit,
    and the Atlantis board's toolbar wrapped to a second line at 1280×800.
    """

    def _width(self) -> int | None:
        from PySide6.QtWidgets import QStyle, QStyleOptionSpinBox  # not before the first frame

        option = QStyleOptionSpinBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                            QStyle.SubControl.SC_SpinBoxEditField, self)
        chrome = option.rect.width() - field.width()
        if field.width() <= 0 or chrome <= 0:
            return None  # not laid out sensibly yet: Qt's own hint
        metrics = self.fontMetrics()
        widest = max(metrics.horizontalAdvance(self.prefix() + self.textFromValue(v)
                                               + self.suffix())
                     for v in (self.minimum(), self.maximum()))
        # The text cursor and the edit field's own margin, a few pixels.
        return widest + chrome + metrics.horizontalAdvance("0") // 2 + 6

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        width = self._width()
        return hint if width is None else QSize(min(width, hint.width()), hint.height())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        width = self._width()
        return hint if width is None else QSize(min(width, hint.width()), hint.height())
