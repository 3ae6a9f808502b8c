"""What every drawn game board shares: a keyboard cursor over its cells, a repaint when focus
comes and goes (the cursor ring shows only with focus), a tooltip per cell, and colours that
follow the application's theme unless fixed ones are given."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QToolTip, QWidget

from app.ui.boards.accessible import announce_change, announce_cursor
from app.ui.settings import DEFAULT_FONT_PT
from app.ui.theme import Colours, palette_colours

_THEME_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                 QEvent.Type.StyleChange)


def text_factor(widget: QWidget) -> float:
    """The widget's text size against the default (Ctrl+Plus/Minus): the text a board draws to
    be read (values, coordinates, counts) follows it, as far as the room it has allows."""
    return max(0.5, widget.font().pointSizeF() / DEFAULT_FONT_PT)


def grown(base: float, factor: float, room: float) -> int:
    """``base`` pixels at normal text, times ``factor``, but not past ``room`` – and never
    smaller than at normal text: a larger text size must not shrink anything."""
    return max(1, round(max(base, min(base * factor, room))))


class CellBoard(QWidget):
    """Subclasses name their cursor attribute and answer ``cell_at``, ``cell_rect`` and
    ``describe``; cells are whatever the game uses (a square number, a hex space)."""

    cursor_attr = "cursor"
    _own_colours: Colours | None = None
    _hovered = None
    _pressed = None

    def is_target(self, cell) -> bool:
        """Whether clicking ``cell`` would do something (pointing-hand cursor over it)."""
        return True

    def can_hold_cursor(self, cell) -> bool:
        return True

    def choose(self, cell) -> None:
        """A cell was clicked (pressed and released on the same cell)."""
        raise NotImplementedError

    def board_colours(self, theme: Colours):
        """The board's own palette for the app's ``theme`` colours."""
        raise NotImplementedError

    def drop_caches(self) -> None:
        """Forget whatever was drawn or measured for the old colours or font."""

    def text_size_changed(self) -> None:
        """The text size stepped: room for labels that grew (margins) is laid out anew."""
        self.updateGeometry()
        self.update()

    def set_colours(self, colours: Colours | None) -> None:
        """Fixed theme colours, or ``None`` to follow the application palette."""
        self._own_colours = colours
        self._refresh_colours()

    def _refresh_colours(self) -> None:
        self._colours = self.board_colours(self._own_colours or palette_colours())
        self.drop_caches()
        self.update()

    def changeEvent(self, event) -> None:
        # The theme controller re-styles the whole application; follow it unless told otherwise.
        if self._own_colours is None and event.type() in _THEME_EVENTS:
            self._refresh_colours()
        if event.type() == QEvent.Type.FontChange:
            self.drop_caches()
            self.text_size_changed()
        super().changeEvent(event)

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
        announce_change(self)

    def move_cursor(self, cell) -> None:
        for old in (getattr(self, self.cursor_attr), cell):
            if old is not None:
                self.update(self.cell_rect(old).adjusted(-4, -4, 4, 4))
        setattr(self, self.cursor_attr, cell)
        self._update_description()
        announce_cursor(self)

    def _set_hovered(self, cell) -> None:
        if cell == self._hovered:
            return
        for old in (self._hovered, cell):
            if old is not None:
                self.update(self.cell_rect(old).adjusted(-4, -4, 4, 4))
        self._hovered = cell
        target = cell is not None and self.is_target(cell)
        self.setCursor(Qt.CursorShape.PointingHandCursor if target else Qt.CursorShape.ArrowCursor)

    def mouseMoveEvent(self, event) -> None:
        self._set_hovered(self.cell_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hovered(None)
        super().leaveEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._pressed = self.cell_at(event.position())
            if self._pressed is not None and self.can_hold_cursor(self._pressed):
                self.move_cursor(self._pressed)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_at(event.position())
            pressed, self._pressed = self._pressed, None
            if cell is not None and cell == pressed:
                self.choose(cell)
                return
        super().mouseReleaseEvent(event)

    def focusInEvent(self, event) -> None:
        self.update()
        super().focusInEvent(event)
        announce_cursor(self)

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
