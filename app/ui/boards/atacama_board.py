"""The Atacama plan drawn with QPainter: nine sub-boards, fields, derricks, forbidden fields.

The widget only shows an engine :class:`~app.rules.atacama.State` and reports clicks
(``placeRequested``); the view decides what a click means and hands back the next state.
Every field shows its printed value and the resource's initial (K, S, G) as well as its
colour, and the two derrick colours differ in shape too, so the plan reads without colour
vision. Hover and tooltip texts are the engine's own German sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.rules.atacama import (
    Field,
    Place,
    Resource,
    State,
    legal_reason,
    new_game,
    square_name,
    sub_board_of,
    why_illegal,
)
from app.rules.atacama import geometry as geo
from app.ui.boards.accessible import atacama_fields
from app.ui.boards.cell_board import CellBoard, grown, text_factor
from app.ui.theme import DARK, Colours, mix, palette_colours, with_alpha

RESOURCE_COLOURS = {Resource.COPPER: "#B87333", Resource.SILVER: "#A8A9AD",
                    Resource.GOLD: "#D4AF37"}
RESOURCE_INITIALS = {Resource.COPPER: "K", Resource.SILVER: "S", Resource.GOLD: "G"}

LABEL_MARGIN = 22   # row numbers on the left, column letters on top
COUNT_MARGIN = 26   # derricks per row on the right, per column below
GAP = 3             # between the fields of one sub-board
PANEL_PAD = 3       # sub-board frame around its fields
BOARD_GAP = 8       # page background between two sub-boards
EXTRA = 6 * GAP + 2 * (2 * PANEL_PAD + BOARD_GAP) + 2 * PANEL_PAD
CELL_HINT = 44
CELL_MIN = 30
CELL_MAX = 56






@dataclass(frozen=True)
class BoardColours:
    """The plan's colours for one theme; resource colours softened so the values stay legible."""

    dark: bool
    text: QColor
    muted: QColor
    accent: QColor
    wrong: QColor
    frame: QColor
    fields: dict
    initials: dict
    value: QColor
    derrick: QColor
    derrick_text: QColor
    second: QColor
    second_text: QColor
    hatch: QColor
    veil: QColor

    @classmethod
    def from_colours(cls, colours: Colours) -> BoardColours:
        dark = colours is DARK or QColor(colours.bg).lightness() < 128
        if dark:
            fields = {r: mix(c, colours.surface, 0.5) for r, c in RESOURCE_COLOURS.items()}
            initials = {r: mix(c, "#FFFFFF", 0.35) for r, c in RESOURCE_COLOURS.items()}
            return cls(
                dark=True, text=QColor(colours.text), muted=QColor(colours.muted),
                accent=QColor(colours.accent), wrong=QColor(colours.wrong),
                frame=mix(colours.line, "#FFFFFF", 0.06), fields=fields, initials=initials,
                value=QColor("#F2F2EE"), derrick=QColor("#F2F2EE"),
                derrick_text=QColor("#1C1E21"), second=QColor("#C9A2EC"),
                second_text=QColor("#1C1E21"), hatch=with_alpha("#E6E6E6", 75),
                veil=with_alpha(colours.bg, 130),
            )
        fields = {r: mix(c, "#FFFFFF", 0.5) for r, c in RESOURCE_COLOURS.items()}
        initials = {r: mix(c, "#000000", 0.5) for r, c in RESOURCE_COLOURS.items()}
        return cls(
            dark=False, text=QColor(colours.text), muted=QColor(colours.muted),
            accent=QColor(colours.accent), wrong=QColor(colours.wrong),
            frame=mix(colours.line, "#000000", 0.06), fields=fields, initials=initials,
            value=QColor(colours.text), derrick=QColor("#262A30"),
            derrick_text=QColor("#FFFFFF"), second=QColor("#6E3A99"),
            second_text=QColor("#FFFFFF"), hatch=with_alpha("#3A3F46", 110),
            veil=with_alpha(colours.surface, 120),
        )




def _hatch_brush(colour: QColor, spacing: int = 9) -> QBrush:
    """Sparse diagonal lines: Qt's own hatch patterns are too dense to stay calm."""
    tile = QPixmap(spacing, spacing)
    tile.fill(Qt.GlobalColor.transparent)
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(colour, 1.1))
    for shift in (-spacing, 0, spacing):
        painter.drawLine(QPointF(shift - 1, spacing + 1), QPointF(shift + spacing + 1, -1))
    painter.end()
    return QBrush(tile)


class FieldPainter:
    """Draws one field; shared by the board and the one-line calculator's cells."""

    def __init__(self, colours: BoardColours, base_font: QFont, cell: int,
                 factor: float = 1.0):
        """``factor``: the text size against normal (:func:`text_factor`); the value and the
        initial grow with it as far as the field holds them apart (the value stays inside a
        derrick's disc, the initial in its corner)."""
        self.colours = colours
        self.cell = cell
        self.value_font = QFont(base_font)
        self.value_font.setPixelSize(grown(max(9, cell * 0.34), factor, cell * 0.5))
        self.value_font.setBold(True)
        self.initial_font = QFont(base_font)
        self.initial_font.setPixelSize(grown(max(8, cell * 0.22), factor, cell * 0.3))
        self.initial_font.setBold(True)
        self.hatch = _hatch_brush(colours.hatch)

    def paint(self, painter: QPainter, rect: QRectF, field: Field, code: int,
              forbidden: bool = False) -> None:
        """``code``: 0 empty, 1 a derrick, 2 or more a derrick of the second colour."""
        c = self.colours
        radius = max(3.0, self.cell * 0.12)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.fields[field.resource])
        painter.drawRoundedRect(rect, radius, radius)
        inset = max(2.0, self.cell * 0.07)
        painter.setFont(self.initial_font)
        painter.setPen(c.initials[field.resource])
        painter.drawText(rect.adjusted(inset + 1, inset - 1, 0, 0),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         RESOURCE_INITIALS[field.resource])
        if forbidden:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(c.veil)
            painter.drawRoundedRect(rect, radius, radius)
            painter.setBrush(self.hatch)
            painter.drawRoundedRect(rect, radius, radius)
        centre = rect.center()
        if code:
            self.paint_derrick(painter, centre, code > 1)
            painter.setPen(c.second_text if code > 1 else c.derrick_text)
        else:
            painter.setPen(c.value)
        painter.setFont(self.value_font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(field.value))

    def paint_derrick(self, painter: QPainter, centre: QPointF, second: bool,
                      ghost: bool = False) -> None:
        """A disc; the second colour also carries a ring, so shape tells them apart too."""
        c = self.colours
        r = self.cell * 0.3
        colour = QColor(c.second if second else c.derrick)
        if ghost:
            colour.setAlpha(90)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(centre, r, r)
        if second:
            ring = r + max(2.5, self.cell * 0.08)
            pen = QPen(colour, max(1.5, self.cell * 0.05))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, ring, ring)


class AtacamaBoardWidget(CellBoard):
    """The 9×9 plan of a state. Click, or arrows and Enter/Space, ask to place on a square."""

    placeRequested = Signal(int)

    def __init__(self, state: State | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._state = state if state is not None else new_game()
        self._last: int | None = None
        self._second = False
        self._hovered: int | None = None
        self._pressed: int | None = None
        self.cursor_square = 4 * geo.SIZE + 4  # e5
        self._colours = BoardColours.from_colours(palette_colours())
        self._cell = CELL_HINT
        self._margins = (LABEL_MARGIN, COUNT_MARGIN)
        self._xs: list[int] = []
        self._ys: list[int] = []
        self._painter: FieldPainter | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Spielbrett: Pfeiltasten wählen ein Feld, Eingabe setzt")
        self._layout()

    # -- state in, clicks out ------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    def set_state(self, state: State, last_square: int | None = None) -> None:
        self._state = state
        self._last = last_square
        self._update_description()
        self.update()

    def set_second(self, second: bool) -> None:
        """Whether the next derrick is of the second colour (hover preview and reasons)."""
        self._second = second
        self.update()

    def board_colours(self, theme: Colours) -> BoardColours:
        return BoardColours.from_colours(theme)

    def drop_caches(self) -> None:
        self._painter = None

    def is_target(self, cell) -> bool:
        return self.is_placeable(cell)

    def choose(self, cell) -> None:
        self.placeRequested.emit(cell)

    # -- geometry ------------------------------------------------------------------------

    def margins(self) -> tuple[int, int]:
        """Room for the coordinates (left, top) and the counts (right, bottom): wider with
        larger text, so the labels grow without running into the fields."""
        factor = max(1.0, text_factor(self))
        return round(LABEL_MARGIN * factor), round(COUNT_MARGIN * factor)

    def sizeHint(self) -> QSize:
        side = sum(self.margins()) + 9 * CELL_HINT + EXTRA
        return QSize(side, side)

    def minimumSizeHint(self) -> QSize:
        side = sum(self.margins()) + 9 * CELL_MIN + EXTRA
        return QSize(side, side)

    def text_size_changed(self) -> None:
        self._layout()
        super().text_size_changed()

    def resizeEvent(self, event) -> None:
        self._layout()
        super().resizeEvent(event)

    def _layout(self) -> None:
        label, count = self._margins = self.margins()
        room = min(self.width(), self.height()) - label - count - EXTRA
        cell = max(12, min(CELL_MAX, room // 9))
        if cell != self._cell:
            self._painter = None
        self._cell = cell
        total = label + count + 9 * cell + EXTRA
        left = max(0, (self.width() - total) // 2) + label + PANEL_PAD
        top = max(0, (self.height() - total) // 2) + label + PANEL_PAD
        step = 2 * PANEL_PAD + BOARD_GAP
        self._xs = [left + i * cell + (i - i // 3) * GAP + (i // 3) * step for i in range(9)]
        self._ys = [top + i * cell + (i - i // 3) * GAP + (i // 3) * step for i in range(9)]

    def square_rect(self, square: int) -> QRect:
        """The square's field on screen (for clicks in tests and for partial repaints)."""
        row, col = divmod(square, geo.SIZE)
        return QRect(self._xs[col], self._ys[row], self._cell, self._cell)

    def square_at(self, pos: QPoint | QPointF) -> int | None:
        x, y = pos.x(), pos.y()
        col = next((i for i, left in enumerate(self._xs) if left <= x < left + self._cell), None)
        row = next((i for i, top in enumerate(self._ys) if top <= y < top + self._cell), None)
        if col is None or row is None:
            return None
        return row * geo.SIZE + col

    def _sub_board_rect(self, index: int) -> QRectF:
        top_left = self.square_rect(index // 3 * 27 + index % 3 * 3)
        bottom_right = self.square_rect(index // 3 * 27 + index % 3 * 3 + 20)
        rect = QRectF(top_left.topLeft(), bottom_right.bottomRight() + QPoint(1, 1))
        return rect.adjusted(-PANEL_PAD, -PANEL_PAD, PANEL_PAD, PANEL_PAD)

    # -- what the engine says about a square -------------------------------------------

    def reason_at(self, square: int) -> str:
        """The engine's German sentence on placing here: why not, or why it is fine."""
        reason = why_illegal(self._state, Place(square, self._second))
        return reason if reason is not None else legal_reason(self._state, square)

    def is_placeable(self, square: int) -> bool:
        return why_illegal(self._state, Place(square, self._second)) is None

    def describe(self, square: int) -> str:
        state = self._state
        head = f"{square_name(square)} · Teilplan {sub_board_of(square)}"
        if state.revealed_mask >> square & 1:
            head += f" · {state.board[square].german}"
        derrick = state.derrick_at(square)
        if derrick is not None:
            if derrick.second:
                head += f" · Bohrturm der zweiten Farbe (Person {derrick.placer + 1})"
            else:
                head += " · Bohrturm"
        return f"{head}\n{self.reason_at(square)}"

    cursor_attr = "cursor_square"

    def accessible_fields(self):
        """The squares for screen readers (app/ui/boards/accessible.py)."""
        return atacama_fields(self)

    def cell_at(self, pos):
        return self.square_at(pos)

    def cell_rect(self, cell):
        return self.square_rect(cell)

    # -- painting ------------------------------------------------------------------------

    def _field_painter(self) -> FieldPainter:
        if self._painter is None:
            self._painter = FieldPainter(self._colours, self.font(), self._cell,
                                         text_factor(self))
        return self._painter

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_board(painter)
        painter.end()

    def paint_board(self, painter: QPainter) -> None:
        state = self._state
        c = self._colours
        fields = self._field_painter()
        cell = self._cell
        revealed = state.revealed_mask
        occupied = state.occupied
        forbidden = geo.edge_mask(occupied) & ~occupied & revealed
        self._paint_coordinates(painter)
        for index, letter in enumerate(geo.BOARD_LETTERS):
            rect = self._sub_board_rect(index)
            if geo.sub_board_mask(letter) & revealed:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(c.frame)
                painter.drawRoundedRect(rect, 8, 8)
            else:
                self._paint_covered(painter, rect, letter)
        derricks = state.derricks
        board = state.board
        for square in range(geo.SQUARES):
            if revealed >> square & 1:
                fields.paint(painter, QRectF(self.square_rect(square)), board[square],
                             derricks[square], bool(forbidden >> square & 1))
        for index, letter in enumerate(geo.BOARD_LETTERS):
            if geo.sub_board_mask(letter) & revealed:
                self._paint_board_letter(painter, self._sub_board_rect(index), letter)
        self._paint_counts(painter)
        if self._last is not None and occupied >> self._last & 1:
            self._outline(painter, self._last, c.accent, 2.0, Qt.PenStyle.SolidLine, 2)
        hovered = self._hovered
        if hovered is not None and revealed >> hovered & 1:
            placeable = self.is_placeable(hovered)
            if placeable:
                fields.paint_derrick(painter, QRectF(self.square_rect(hovered)).center(),
                                     self._second, ghost=True)
            self._outline(painter, hovered, c.accent if placeable else c.muted, 2.0,
                          Qt.PenStyle.SolidLine, 0)
        if self.hasFocus():
            self._outline(painter, self.cursor_square, c.text, max(2.0, cell * 0.05),
                          Qt.PenStyle.DashLine, -2)

    def _outline(self, painter: QPainter, square: int, colour: QColor, width: float,
                 style: Qt.PenStyle, grow: int) -> None:
        rect = QRectF(self.square_rect(square)).adjusted(-grow, -grow, grow, grow)
        pen = QPen(colour, width, style)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = max(3.0, self._cell * 0.12) + grow
        painter.drawRoundedRect(rect.adjusted(width / 2, width / 2, -width / 2, -width / 2),
                                radius, radius)

    def _small_font(self, bold: bool = False, scale: float = 0.27,
                    room: float | None = None) -> QFont:
        """The labels' font: it grows with the text size up to ``room`` pixels (by default
        what the narrower margin holds)."""
        font = QFont(self.font())
        base = max(9, min(13, round(self._cell * scale)))
        if room is None:
            room = (min(self._margins) - 4) * 0.8
        font.setPixelSize(grown(base, text_factor(self), room))
        font.setBold(bold)
        return font

    def fonts(self) -> dict[str, QFont]:
        """The fonts the board draws its text in now: field value, coordinates, counts."""
        return {"value": self._field_painter().value_font, "coordinates": self._small_font(),
                "counts": self._small_font(bold=True)}

    def _paint_coordinates(self, painter: QPainter) -> None:
        painter.setFont(self._small_font())
        painter.setPen(self._colours.muted)
        cell = self._cell
        label = self._margins[0]
        top = self._ys[0] - PANEL_PAD - label
        left = self._xs[0] - PANEL_PAD - label
        for i in range(geo.SIZE):
            painter.drawText(QRect(self._xs[i], top, cell, label - 2),
                             Qt.AlignmentFlag.AlignCenter, geo.COLUMN_LETTERS[i])
            painter.drawText(QRect(left, self._ys[i], label - 4, cell),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             geo.ROW_DIGITS[i])

    def _paint_counts(self, painter: QPainter) -> None:
        # Derricks per line in the margins: 4 or more (the line scores) stand out.
        derricks = self._state.derricks
        cell = self._cell
        count_margin = self._margins[1]
        right = self._xs[8] + cell + PANEL_PAD + 4
        bottom = self._ys[8] + cell + PANEL_PAD + 2
        plain, strong = self._small_font(), self._small_font(bold=True)
        for i in range(geo.SIZE):
            for squares, rect in (
                (geo.ROWS[i], QRect(right, self._ys[i], count_margin - 4, cell)),
                (geo.COLUMNS[i], QRect(self._xs[i], bottom, cell, count_margin - 4)),
            ):
                count = sum(1 for sq in squares if derricks[sq])
                if not count:
                    continue
                scores = count >= 4
                painter.setFont(strong if scores else plain)
                painter.setPen(self._colours.accent if scores else self._colours.muted)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(count))

    def _paint_board_letter(self, painter: QPainter, rect: QRectF, letter: str) -> None:
        # A small tag straddling the sub-board's top-right corner, clear of the fields' text
        # (values sit in the middle, initials top left): it may grow to half a field.
        base = max(14.0, self._cell * 0.36)
        size = max(base, min(base * text_factor(self), self._cell * 0.5))
        tag = QRectF(rect.right() - size + 4, rect.top() - 4, size, size)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._colours.frame)
        painter.drawEllipse(tag)
        painter.setFont(self._small_font(bold=True, scale=0.24, room=size * 0.62))
        painter.setPen(self._colours.muted)
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, letter)

    def _paint_covered(self, painter: QPainter, rect: QRectF, letter: str) -> None:
        pen = QPen(self._colours.muted, 1.2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 8, 8)
        painter.setFont(self._small_font(bold=True, scale=0.5, room=rect.height() * 0.3))
        painter.drawText(rect.adjusted(0, 0, 0, -rect.height() * 0.2),
                         Qt.AlignmentFlag.AlignCenter, letter)
        # Two lines in the lower third of a sub-board three fields wide.
        painter.setFont(self._small_font(scale=0.26, room=rect.height() * 0.13))
        painter.drawText(rect.adjusted(0, rect.height() * 0.35, 0, 0),
                         Qt.AlignmentFlag.AlignCenter, "liegt noch\nnicht aus")

    # -- mouse, keyboard, tooltip --------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            dr, dc = moves[key]
            row, col = divmod(self.cursor_square, geo.SIZE)
            row = min(geo.SIZE - 1, max(0, row + dr))
            col = min(geo.SIZE - 1, max(0, col + dc))
            self.move_cursor(row * geo.SIZE + col)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.placeRequested.emit(self.cursor_square)
            event.accept()
            return
        super().keyPressEvent(event)


