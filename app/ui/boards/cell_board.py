"""What every drawn game board shares: a keyboard cursor over its cells, a repaint when focus
comes and goes (the cursor ring shows only with focus), and a tooltip per cell."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QToolTip, QWidget


class CellBoard(QWidget):
    """Subclasses name their cursor attribute and answer ``cell_at``, ``cell_rect`` and
    ``describe``; cells are whatever the game uses (a square number, a hex space)."""

    cursor_attr = "cursor"

    def cell_at(self, pos):
        raise NotImplementedError

    def cell_rect(self, cell):
        raise NotImplementedError

    def describe(self, cell) -> str:
        raise NotImplementedError

    def _update_description(self) -> None:
        cell = getattr(self, self.cursor_attr)
        if cell is not None:
            self.setAccessibleDescription(self.describe(cell))

    def move_cursor(self, cell) -> None:
        for old in (getattr(self, self.cursor_attr), cell):
            if old is not None:
                self.update(self.cell_rect(old).adjusted(-4, -4, 4, 4))
        setattr(self, self.cursor_attr, cell)
        self._update_description()

    def focusInEvent(self, event) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event) -> None:
        self.update()
        super().focusOutEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            cell = self.cell_at(event.pos())
            if cell is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.describe(cell), self,
                                  self.cell_rect(cell))
            return True
        return super().event(event)
