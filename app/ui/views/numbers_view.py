"""„Die Zahlen“: every number worth knowing, as a two-column table with page pills."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGridLayout, QVBoxLayout

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Container, Frame, PageColumn, label, page_pill

NAME_WIDTH = 190
# Below this column width the value column would be squeezed to a narrow strip.
STACK_BELOW = 600
QWIDGETSIZE_MAX = (1 << 24) - 1


class NumbersView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Die Zahlen", "Alles, was man nachzählen müsste – auf einen Blick.")
        self.anchors = {}
        self.rows: list[tuple] = []
        self.stacked: bool | None = None
        table = Frame()
        table.setObjectName("Table")
        rows = QVBoxLayout(table)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(0)
        for index, number in enumerate(loaded.game.content.numbers):
            line = Container()
            line.setObjectName("Row")
            line.setProperty("zebra", index % 2 == 1)
            grid = QGridLayout(line)
            grid.setContentsMargins(16, 11, 16, 11)
            grid.setHorizontalSpacing(18)
            grid.setVerticalSpacing(4)
            name = label(number.label, "RowLabel")
            value = label(number.value, "RowValue")
            self.rows.append((grid, name, value, self.mark_badge(number.id),
                              page_pill(number.pages)))
            self.anchors[number.id] = line
            rows.addWidget(line)
        self.add(table)
        self.arrange(stacked=False)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)

    def arrange(self, stacked: bool) -> None:
        """Name beside value in a wide column; in a narrow one the name goes above the value,
        so the value keeps the width to read in one or two lines, not six."""
        if stacked == self.stacked:
            return
        self.stacked = stacked
        # Wide enough for the longest single word at this text size („Bewegungspunkte“ at
        # 20 pt): a label may wrap between words, never inside one.
        name_width = max([NAME_WIDTH] + [
            name.fontMetrics().horizontalAdvance(word) + 6
            for _grid, name, *_ in self.rows for word in name.text().split()])
        for grid, name, value, badge, pages in self.rows:
            for widget in (name, value, badge, pages):
                if widget is not None:
                    grid.removeWidget(widget)
            name.setFixedWidth(QWIDGETSIZE_MAX if stacked else name_width)
            if stacked:
                name.setMinimumWidth(0)
                grid.addWidget(name, 0, 0)
                grid.addWidget(value, 1, 0)
                grid.setColumnStretch(0, 1)
                grid.setColumnStretch(1, 0)
            else:
                grid.addWidget(name, 0, 0)
                grid.addWidget(value, 0, 1)
                grid.setColumnStretch(0, 0)
                grid.setColumnStretch(1, 1)
            grid.addWidget(badge, 0, 2)
            if pages is not None:
                grid.addWidget(pages, 0, 3)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.arrange(stacked=self.column.width() < STACK_BELOW)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and self.rows:
            self.stacked = None  # measure the words again at the new text size
            self.arrange(stacked=self.column.width() < STACK_BELOW)
