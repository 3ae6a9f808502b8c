"""„Die Zahlen“: every number worth knowing, as a two-column table with page pills."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QGridLayout, QVBoxLayout, QWidget

from app.model.loader import LoadedGame
from app.ui.accessibility import fixed_width
from app.ui.app_state import Services
from app.ui.widgets import PageColumn, label, page_pill


class NumbersView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Die Zahlen", "Alles, was man nachzählen müsste – auf einen Blick.")
        self.anchors = {}
        table = QFrame()
        table.setObjectName("Table")
        rows = QVBoxLayout(table)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(0)
        for index, number in enumerate(loaded.game.content.numbers):
            line = QWidget()
            line.setObjectName("Row")
            line.setProperty("zebra", index % 2 == 1)
            grid = QGridLayout(line)
            grid.setContentsMargins(16, 11, 16, 11)
            grid.setHorizontalSpacing(18)
            name = label(number.label, "RowLabel")
            fixed_width(name, 190)
            grid.addWidget(name, 0, 0)
            grid.addWidget(label(number.value, "RowValue"), 0, 1)
            grid.addWidget(self.mark_badge(number.id), 0, 2)
            badge = page_pill(number.pages)
            if badge is not None:
                grid.addWidget(badge, 0, 3)
            grid.setColumnStretch(1, 1)
            self.anchors[number.id] = line
            rows.addWidget(line)
        self.add(table)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)
