"""The Survive practice map drawn with QPainter: sea, island tiles, safe islands, pieces.

The widget shows an engine :class:`~app.rules.survive.State` and reports which tile the user
chose (``tileChosen``); the view asks the engine what that means. Every terrain tile carries
its letter (S, W, B) besides its colour, and tooltips name terrain and pieces, so the map reads
without colour vision. The engine's verdict (``removal_check``) is the puzzle's answer: tooltips
and the screen-reader description carry it only while „Erlaubte zeigen“ is on.

The glyphs (explorers, boats, the three creatures) are shared with the encounter drawing of
„Was passiert?“.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.rules.survive import (
    PRACTICE_MAP_LABEL,
    Colour,
    Creature,
    Explorer,
    Kind,
    Space,
    State,
    removable_tiles,
    removal_check,
)
from app.rules.survive import space as parse_space
from app.rules.survive.board import CELLS, COLUMNS, ISLAND_AT, ROWS, SPACES, Cell
from app.rules.survive.encounter import names
from app.ui.boards.accessible import announce_cursor, survive_fields
from app.ui.boards.cell_board import CellBoard, grown, text_factor
from app.ui.theme import DARK, Colours, mix, palette_colours, with_alpha

SQRT3 = math.sqrt(3.0)
MAP_COLUMNS = len(COLUMNS)
LABEL_MARGIN = 18  # column letters above, row numbers on the left
RADIUS_HINT = 26
RADIUS_MIN = 14
RADIUS_MAX = 34

TERRAIN_COLOURS = {Kind.STRAND: "#E9D8A6", Kind.WALD: "#3E7C3A", Kind.BERG: "#8C8C8C"}
TERRAIN_LETTERS = {Kind.STRAND: "S", Kind.WALD: "W", Kind.BERG: "B"}
CELL_KIND = {Cell.STRAND: Kind.STRAND, Cell.WALD: Kind.WALD, Cell.BERG: Kind.BERG}
PLAYER_COLOURS = {Colour.ROT: "#C8372D", Colour.BLAU: "#2F6FD0", Colour.GELB: "#E8B923",
                  Colour.GRUEN: "#3C9A4A"}
# Two letters: Gelb and Grün share their initial.
PLAYER_CODES = {Colour.ROT: "Ro", Colour.BLAU: "Bl", Colour.GELB: "Ge", Colour.GRUEN: "Gr"}






@dataclass(frozen=True)
class MapColours:
    """The map's colours for one theme; game colours stay as printed, water follows the theme."""

    dark: bool
    bg: QColor
    surface: QColor
    text: QColor
    muted: QColor
    accent: QColor
    wrong: QColor
    sea: QColor
    hole: QColor
    island: QColor
    island_text: QColor
    terrain: dict
    terrain_text: dict
    players: dict
    player_text: dict
    outline: QColor
    boat: QColor
    creatures: dict

    @classmethod
    def from_colours(cls, colours: Colours) -> MapColours:
        dark = colours is DARK or QColor(colours.bg).lightness() < 128
        terrain = {k: QColor(c) for k, c in TERRAIN_COLOURS.items()}
        if dark:
            # Printed colours, slightly dimmed so the beach does not glare on a dark page.
            terrain = {k: mix(c, colours.bg, 0.12) for k, c in TERRAIN_COLOURS.items()}
        return cls(
            dark=dark, bg=QColor(colours.bg), surface=QColor(colours.surface),
            text=QColor(colours.text), muted=QColor(colours.muted),
            accent=QColor(colours.accent), wrong=QColor(colours.wrong),
            sea=QColor("#1E3547" if dark else "#D5E6F1"),
            hole=QColor("#24425A" if dark else "#C2D9E9"),
            island=QColor("#4E7A52" if dark else "#A9CF98"),
            island_text=QColor("#FFFFFF" if dark else "#24452A"),
            terrain=terrain,
            terrain_text={Kind.STRAND: QColor("#5B4A1C"), Kind.WALD: QColor("#F2F5EE"),
                          Kind.BERG: QColor("#111111")},
            players={c: QColor(v) for c, v in PLAYER_COLOURS.items()},
            # Dark letters on the light discs: white reads at under 4.5:1 on green.
            player_text={c: QColor("#111111" if c in (Colour.GELB, Colour.GRUEN) else "#FFFFFF")
                         for c in Colour},
            outline=QColor("#F2F2EE" if dark else "#1F2328"),
            boat=QColor("#A0703F" if dark else "#8B5A2B"),
            creatures={Creature.SCHLANGE: QColor("#5FC2A8" if dark else "#2B7F6A"),
                       Creature.HAI: QColor("#B2BFCC" if dark else "#56667A"),
                       Creature.WAL: QColor("#8DB4E0" if dark else "#2F5D8A")},
        )


def current_colours() -> MapColours:
    return MapColours.from_colours(palette_colours())


# -- glyphs -----------------------------------------------------------------------------------


_HEX_CORNERS = tuple((math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30)))
                     for i in range(6))


def hex_polygon(centre: QPointF, radius: float) -> QPolygonF:
    """A pointy-top hexagon, as the map's odd-r rows need."""
    x, y = centre.x(), centre.y()
    return QPolygonF([QPointF(x + radius * dx, y + radius * dy) for dx, dy in _HEX_CORNERS])


def paint_explorer(painter: QPainter, c: MapColours, centre: QPointF, radius: float,
                   explorer: Explorer | Colour, *, ghost: bool = False,
                   font: QFont | None = None) -> None:
    """A disc in the player's colour; with ``font`` it also carries the colour's letters."""
    colour = explorer.colour if isinstance(explorer, Explorer) else explorer
    fill = QColor(c.players[colour])
    line = QColor(c.outline)
    if ghost:
        fill.setAlpha(70)
        line.setAlpha(90)
    painter.setPen(QPen(line, max(1.0, radius * 0.14)))
    painter.setBrush(fill)
    painter.drawEllipse(centre, radius, radius)
    if font is not None:
        text = QColor(c.player_text[colour])
        if ghost:
            text.setAlpha(110)
        painter.setPen(text)
        painter.setFont(font)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, PLAYER_CODES[colour])
    if ghost:
        # Crossed out: eaten, out of the game.
        pen = QPen(c.wrong, max(1.5, radius * 0.18))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        d = radius * 0.8
        painter.drawLine(QPointF(centre.x() - d, centre.y() - d),
                         QPointF(centre.x() + d, centre.y() + d))
        painter.drawLine(QPointF(centre.x() - d, centre.y() + d),
                         QPointF(centre.x() + d, centre.y() - d))


def boat_path(rect: QRectF) -> QPainterPath:
    """A simple hull: wide deck, narrower keel, raised bow."""
    path = QPainterPath()
    w, h = rect.width(), rect.height()
    path.moveTo(rect.left(), rect.top())
    path.lineTo(rect.right(), rect.top() - h * 0.25)
    path.lineTo(rect.right() - w * 0.16, rect.bottom())
    path.lineTo(rect.left() + w * 0.12, rect.bottom())
    path.closeSubpath()
    return path


def paint_boat(painter: QPainter, c: MapColours, rect: QRectF, *, wrecked: bool = False) -> None:
    path = boat_path(rect)
    if wrecked:
        pen = QPen(c.muted, 1.4, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        return
    painter.setPen(QPen(mix(c.boat, "#000000", 0.35), max(1.0, rect.height() * 0.08)))
    painter.setBrush(c.boat)
    painter.drawPath(path)


def paint_creature(painter: QPainter, c: MapColours, creature: Creature, centre: QPointF,
                   size: float) -> None:
    """Serpent: a winding body; shark: a fin over a wave; whale: a body with flukes."""
    colour = c.creatures[creature]
    x, y, s = centre.x(), centre.y(), size
    painter.save()
    if creature is Creature.SCHLANGE:
        path = QPainterPath()
        left, width, amp = x - s * 0.45, s * 0.72, s * 0.16
        path.moveTo(left, y)
        steps = 24
        for i in range(1, steps + 1):
            t = i / steps
            path.lineTo(left + width * t, y + amp * math.sin(t * 3 * math.pi))
        pen = QPen(colour, max(1.6, s * 0.13))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        head = QPointF(left + width + s * 0.07, y - s * 0.05)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(head, s * 0.13, s * 0.11)
        painter.setBrush(c.surface)
        painter.drawEllipse(QPointF(head.x() + s * 0.04, head.y() - s * 0.03), s * 0.03,
                            s * 0.03)
    elif creature is Creature.HAI:
        base = y + s * 0.14
        fin = QPainterPath()
        fin.moveTo(x - s * 0.26, base)
        fin.quadTo(x - s * 0.02, base - s * 0.18, x + s * 0.08, y - s * 0.36)
        fin.quadTo(x + s * 0.06, base - s * 0.14, x + s * 0.26, base)
        fin.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPath(fin)
        wave = QPainterPath()
        wave.moveTo(x - s * 0.45, base + s * 0.02)
        for i in range(1, 4):
            mid = x - s * 0.45 + (i - 0.5) * s * 0.3
            wave.quadTo(mid, base + s * (0.12 if i % 2 else -0.08), x - s * 0.45 + i * s * 0.3,
                        base + s * 0.02)
        pen = QPen(colour, max(1.2, s * 0.07))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(wave)
    else:
        body = QPainterPath()
        body.moveTo(x + s * 0.42, y + s * 0.02)
        body.cubicTo(x + s * 0.42, y - s * 0.26, x - s * 0.08, y - s * 0.26, x - s * 0.22,
                     y - s * 0.02)
        body.lineTo(x - s * 0.36, y - s * 0.16)  # upper fluke
        body.lineTo(x - s * 0.32, y + s * 0.06)
        body.lineTo(x - s * 0.40, y + s * 0.22)  # lower fluke
        body.lineTo(x - s * 0.16, y + s * 0.12)
        body.cubicTo(x - s * 0.02, y + s * 0.24, x + s * 0.42, y + s * 0.24, x + s * 0.42,
                     y + s * 0.02)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPath(body)
        painter.setBrush(c.surface)
        painter.drawEllipse(QPointF(x + s * 0.26, y - s * 0.02), s * 0.03, s * 0.03)
        pen = QPen(colour, max(1.0, s * 0.06))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        top = y - s * 0.2
        painter.drawLine(QPointF(x + s * 0.14, top), QPointF(x + s * 0.14, top - s * 0.14))
        painter.drawLine(QPointF(x + s * 0.14, top - s * 0.1), QPointF(x + s * 0.06,
                                                                      top - s * 0.2))
        painter.drawLine(QPointF(x + s * 0.14, top - s * 0.1), QPointF(x + s * 0.22,
                                                                      top - s * 0.2))
    painter.restore()


def creature_pixmap(creature: Creature, size: int, colours: MapColours, ratio: float = 2.0
                    ) -> QPixmap:
    """The glyph as a transparent pixmap, for button icons."""
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_creature(painter, colours, creature, QPointF(size / 2, size / 2), size)
    painter.end()
    return pixmap


def explorer_pixmap(colour: Colour, size: int, colours: MapColours, ratio: float = 2.0
                    ) -> QPixmap:
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_explorer(painter, colours, QPointF(size / 2, size / 2), size / 2 - 1.5, colour)
    painter.end()
    return pixmap


# -- words for tooltips -----------------------------------------------------------------------


def cell_name(space: Space, state: State) -> str:
    cell = CELLS[space]
    if cell is Cell.ISLAND:
        return f"{ISLAND_AT[space].german} (sichere Insel)"
    if cell is Cell.SEA:
        return "Meer"
    kind = CELL_KIND[cell]
    if space in state.removed:
        return f"Meer (hier lag {kind.german})"
    return f"{kind.german}plättchen"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def contents_text(space: Space, state: State) -> str:
    """Who and what is on a space, in German (values stay hidden as in the game)."""
    parts = []
    for stacks, word in ((state.land, "Auf dem Plättchen"), (state.sea, "Schwimmer"),
                         (state.safe, "Gerettet")):
        for s, explorers in stacks:
            if s == space:
                parts.append(f"{word}: {names(explorers)}")
    boat = state.boat_at(space)
    if boat is not None:
        parts.append(f"Boot mit {names(boat.passengers)}" if boat.passengers else "leeres Boot")
    for creature in Creature:
        n = state.creatures(creature).count(space)
        if n:
            parts.append(_count(n, creature.german, {Creature.SCHLANGE: "Seeschlangen",
                                                     Creature.HAI: "Haie",
                                                     Creature.WAL: "Wale"}[creature]))
    return " · ".join(parts)


# -- the map ----------------------------------------------------------------------------------


class SurviveMapWidget(CellBoard):
    """The practice map of a state. Click, or arrows and Enter/Space, choose a tile."""

    tileChosen = Signal(object)  # a Space

    def __init__(self, state: State | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._state = state
        self._show_allowed = False
        self._show_pieces = True
        self._allowed: frozenset[Space] = frozenset()
        self._last_removed: Space | None = None
        self._last_wrong: Space | None = None
        self._hovered: Space | None = None
        self._pressed: Space | None = None
        self.cursor_space: Space | None = None
        self._colours = current_colours()
        self._radius = float(RADIUS_HINT)
        self._centres: dict[Space, QPointF] = {}
        self._polygons: dict[Space, QPolygonF] = {}
        self._fonts: dict[str, QFont] = {}
        self._background = QPixmap()
        self._background_key: tuple | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(f"Spielbrett ({PRACTICE_MAP_LABEL}): Pfeiltasten wählen ein "
                               "Plättchen, Eingabe nimmt es weg")
        self.set_radius(RADIUS_HINT)

    # -- state in, choices out -----------------------------------------------------------

    @property
    def state(self) -> State | None:
        return self._state

    @property
    def allowed(self) -> frozenset[Space]:
        return self._allowed

    @property
    def show_allowed(self) -> bool:
        return self._show_allowed

    def set_state(self, state: State, last_removed: Space | None = None,
                  last_wrong: Space | None = None) -> None:
        self._state = state
        self._allowed = frozenset(removable_tiles(state)) if state.ended is None else frozenset()
        self._last_removed = last_removed
        self._last_wrong = last_wrong
        tiles = self.tiles()
        if self.cursor_space not in tiles:
            self.cursor_space = self._nearest_tile(self.cursor_space, tiles)
            announce_cursor(self)  # the tile under it went: say where the cursor is now
        self._update_description()
        self.update()

    def set_show_allowed(self, show: bool) -> None:
        self._show_allowed = show
        self._update_description()
        self.update()

    def set_show_pieces(self, show: bool) -> None:
        self._show_pieces = show
        self.update()

    def board_colours(self, theme: Colours) -> MapColours:
        return MapColours.from_colours(theme)

    def drop_caches(self) -> None:
        self._fonts.clear()

    def is_target(self, cell) -> bool:
        return cell in set(self.tiles())

    can_hold_cursor = is_target

    def choose(self, cell) -> None:
        self.tileChosen.emit(cell)

    def tiles(self) -> list[Space]:
        """Terrain tiles still on the island, in reading order (the keyboard cursor's stops)."""
        state = self._state
        if state is None:
            return []
        return [s for s in SPACES if CELLS[s] in CELL_KIND and s not in state.removed]

    # -- geometry ------------------------------------------------------------------------

    def margin(self) -> int:
        """Room for the column letters above and the row numbers on the left: wider with
        larger text, so the coordinates grow without running into the sea."""
        return round(LABEL_MARGIN * max(1.0, text_factor(self)))

    def size_for(self, radius: float) -> QSize:
        width, margin = SQRT3 * radius, self.margin()
        return QSize(math.ceil(margin + (MAP_COLUMNS + 0.5) * width) + 2,
                     math.ceil(margin + (2 + (ROWS - 1) * 1.5) * radius) + 2)

    def radius_for_width(self, width: int) -> int:
        room = width - self.margin() - 2
        return max(RADIUS_MIN, min(RADIUS_MAX, int(room / ((MAP_COLUMNS + 0.5) * SQRT3))))

    def text_size_changed(self) -> None:
        # The page fits the map to its width again (its FontChange comes after this one);
        # until then the map keeps its radius with the new margin.
        self.set_radius(self._radius)
        super().text_size_changed()

    def set_radius(self, radius: float) -> None:
        radius = float(max(RADIUS_MIN, min(RADIUS_MAX, radius)))
        self._radius = radius
        self._fonts.clear()
        self.setFixedSize(self.size_for(radius))
        width, margin = SQRT3 * radius, self.margin()
        self._centres.clear()
        self._polygons.clear()
        # Drawn a little smaller than the grid: the page shows through as a fine seam. One
        # hexagon moved to each space (a text-size step re-fits every map on the page).
        seam = hex_polygon(QPointF(0.0, 0.0), radius - 1.0)
        for s in SPACES:
            col, r = s.col, s.r
            centre = QPointF(margin + width / 2 + col * width + (width / 2 if r & 1 else 0),
                             margin + radius + r * 1.5 * radius)
            self._centres[s] = centre
            self._polygons[s] = seam.translated(centre)
        self.update()

    @property
    def radius(self) -> float:
        return self._radius

    def sizeHint(self) -> QSize:
        return self.size_for(self._radius)

    def tile_point(self, label_or_space: str | Space) -> QPoint:
        """The centre of a space on screen (tests click here)."""
        s = parse_space(label_or_space) if isinstance(label_or_space, str) else label_or_space
        return self._centres[s].toPoint()

    def tile_rect(self, s: Space) -> QRect:
        c, r = self._centres[s], self._radius
        return QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r).toAlignedRect()

    def space_at(self, pos: QPoint | QPointF) -> Space | None:
        x, y = pos.x(), pos.y()
        best, best_d = None, self._radius * self._radius
        for s, c in self._centres.items():
            d = (c.x() - x) ** 2 + (c.y() - y) ** 2
            if d < best_d:
                best, best_d = s, d
        if best is not None and self._polygons[best].containsPoint(
                QPointF(x, y), Qt.FillRule.OddEvenFill):
            return best
        return None

    # -- what the engine says ------------------------------------------------------------

    def describe(self, s: Space, verdict: bool | None = None) -> str:
        """Label, what lies there, who is there and, with ``verdict`` (by default: while the
        allowed tiles are shown), the engine's removal verdict – that is the puzzle's answer."""
        state = self._state
        if state is None:
            return s.label
        lines = [f"{s.label} · {cell_name(s, state)}"]
        there = contents_text(s, state)
        if there:
            lines.append(there)
        if self._show_allowed if verdict is None else verdict:
            said = self.verdict(s)
            if said:
                lines.append(said)
        return "\n".join(lines)

    def verdict(self, s: Space) -> str:
        """The engine's answer whether tile ``s`` may go now ("" for sea and safe islands)."""
        state = self._state
        if state is None or CELLS[s] not in CELL_KIND or s in state.removed:
            return ""
        return removal_check(state, s)[1]

    def spaces(self) -> list[Space]:
        """Every space of the map in reading order, sea and safe islands included."""
        return list(SPACES)

    cursor_attr = "cursor_space"

    def accessible_fields(self):
        """The tiles for screen readers (app/ui/boards/accessible.py)."""
        return survive_fields(self)

    def cell_at(self, pos):
        return self.space_at(pos)

    def cell_rect(self, cell):
        return self.tile_rect(cell)

    def _update_description(self) -> None:
        if self._state is not None:
            super()._update_description()

    # -- painting ------------------------------------------------------------------------

    def _font(self, key: str) -> QFont:
        font = self._fonts.get(key)
        if font is None:
            font = QFont(self.font())
            r, factor = self._radius, text_factor(self)
            # Each grows with the text size as far as its room: a terrain letter in the
            # upper part of its hex, the coordinates in the margin, „sicher“ (and „+2“)
            # across the lower half of a hex.
            size, bold = {"letter": (grown(max(9, r * 0.42), factor, r * 0.62), True),
                          "coord": (grown(max(9, min(12, r * 0.4)), factor,
                                          (self.margin() - 3) * 0.75), False),
                          "small": (grown(max(8, r * 0.3), factor, r * 0.42), True)}[key]
            font.setPixelSize(size)
            font.setBold(bold)
            self._fonts[key] = font
        return font

    def fonts(self) -> dict[str, QFont]:
        """The fonts the map draws its text in now: terrain letters, coordinates, „sicher“."""
        return {"letter": self._font("letter"), "coordinates": self._font("coord"),
                "small": self._font("small")}

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_map(painter)
        painter.end()

    def paint_map(self, painter: QPainter) -> None:
        state = self._state
        if state is None:
            self._paint_coordinates(painter)
            return
        # Sea, island and letters change only when a tile goes: drawn once, then reused.
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        key = (state.removed, self._radius, ratio, self._colours, self._show_pieces,
               self.font().key())
        if self._background_key != key:
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            cached = QPainter(pixmap)
            cached.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_coordinates(cached)
            self._paint_ground(cached, state)
            cached.end()
            self._background, self._background_key = pixmap, key
        painter.drawPixmap(0, 0, self._background)
        self._paint_overlays(painter, state)

    def _paint_ground(self, painter: QPainter, state: State) -> None:
        c = self._colours
        removed = state.removed
        letter_font = self._font("letter")
        small_font = self._font("small")
        r = self._radius
        painter.setPen(Qt.PenStyle.NoPen)
        for s, polygon in self._polygons.items():
            cell = CELLS[s]
            kind = CELL_KIND.get(cell)
            if kind is not None and s not in removed:
                painter.setBrush(c.terrain[kind])
            elif cell is Cell.ISLAND:
                painter.setBrush(c.island)
            elif s in removed:
                painter.setBrush(c.hole)
            else:
                painter.setBrush(c.sea)
            painter.drawPolygon(polygon)
        # Holes keep a faint outline: they are sea now, but you can see the island shrink.
        hole_pen = QPen(with_alpha(c.muted, 110), 1.0, Qt.PenStyle.DashLine)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(hole_pen)
        for s in removed:
            painter.drawPolygon(hex_polygon(self._centres[s], r - 3.5))
        for s, centre in self._centres.items():
            cell = CELLS[s]
            kind = CELL_KIND.get(cell)
            if kind is not None and s not in removed:
                painter.setFont(letter_font)
                painter.setPen(c.terrain_text[kind])
                top = centre.y() - r * (0.62 if self._show_pieces else 0.36)
                painter.drawText(QRectF(centre.x() - r, top, 2 * r, r * 0.72),
                                 Qt.AlignmentFlag.AlignCenter, TERRAIN_LETTERS[kind])
            elif cell is Cell.ISLAND:
                self._paint_island(painter, centre, small_font)

    def _paint_overlays(self, painter: QPainter, state: State) -> None:
        c = self._colours
        r = self._radius
        removed = state.removed
        if self._show_allowed:
            # A ring, not a tint: the tile keeps its terrain colour. The light under-ring keeps
            # the accent visible on dark forest and grey mountain alike.
            width = max(2.0, r * 0.11)
            halo = QPen(c.surface, width + 3)
            ring = QPen(c.accent, width)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for pen in (halo, ring):
                painter.setPen(pen)
                for s in self._allowed:
                    painter.drawPolygon(hex_polygon(self._centres[s], r - 1.5 - width / 2))
        if self._show_pieces:
            self._paint_pieces(painter, state)
        if self._last_removed is not None:
            pen = QPen(c.accent, 2.0)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(self._centres[self._last_removed], r - 2.0))
        if self._last_wrong is not None and self._last_wrong not in removed:
            painter.setPen(QPen(c.wrong, max(2.0, r * 0.1)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(self._centres[self._last_wrong], r - 2.0))
        hovered = self._hovered
        if hovered is not None:
            tile = CELLS[hovered] in CELL_KIND and hovered not in removed
            painter.setPen(QPen(c.text if tile else c.muted, 1.6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(self._centres[hovered], r - 1.5))
        if self.hasFocus() and self.cursor_space is not None:
            pen = QPen(c.text, max(2.0, r * 0.09), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(self._centres[self.cursor_space], r + 0.5))

    def _paint_coordinates(self, painter: QPainter) -> None:
        painter.setFont(self._font("coord"))
        painter.setPen(self._colours.muted)
        width, margin = SQRT3 * self._radius, self.margin()
        line = margin  # a row number's line: as tall as the margin is wide, at most a row
        for col, letter in enumerate(COLUMNS):
            x = margin + col * width
            painter.drawText(QRectF(x, 0, width, margin - 2), Qt.AlignmentFlag.AlignCenter,
                             letter)
        for row in range(ROWS):
            y = margin + self._radius + row * 1.5 * self._radius
            painter.drawText(QRectF(0, y - line / 2, margin - 3, line),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             str(row + 1))

    def _paint_island(self, painter: QPainter, centre: QPointF, font: QFont) -> None:
        # A little flag and the word: safe ground.
        c, r = self._colours, self._radius
        pole = QPen(c.island_text, max(1.2, r * 0.07))
        pole.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pole)
        base = QPointF(centre.x() - r * 0.12, centre.y() + r * 0.02)
        top = QPointF(base.x(), base.y() - r * 0.5)
        painter.drawLine(base, top)
        flag = QPolygonF([top, QPointF(top.x() + r * 0.34, top.y() + r * 0.12),
                          QPointF(top.x(), top.y() + r * 0.24)])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.island_text)
        painter.drawPolygon(flag)
        painter.setFont(font)
        painter.setPen(c.island_text)
        painter.drawText(QRectF(centre.x() - r, centre.y() + r * 0.08, 2 * r, r * 0.5),
                         Qt.AlignmentFlag.AlignCenter, "sicher")

    def _paint_pieces(self, painter: QPainter, state: State) -> None:
        c, r = self._colours, self._radius
        dot = max(3.5, r * 0.17)
        for s, explorers in (*state.land, *state.safe):
            self._paint_row(painter, self._centres[s], r * 0.34, explorers, dot)
        for boat in state.boats:
            centre = self._centres[boat.space]
            hull = QRectF(centre.x() - r * 0.5, centre.y() - r * 0.02, r * 1.0, r * 0.3)
            paint_boat(painter, c, hull)
            self._paint_row(painter, QPointF(centre.x(), centre.y() - dot * 0.6),
                            0, boat.passengers, dot)
        for s, explorers in state.sea:
            y = r * (0.5 if state.boat_at(s) is not None else 0.3)
            self._paint_row(painter, self._centres[s], y, explorers, dot)
        seen: dict[Space, int] = {}  # several creatures on one space sit side by side
        for creature in Creature:
            for s in state.creatures(creature):
                index = seen.get(s, 0)
                seen[s] = index + 1
                centre = self._centres[s]
                busy = state.boat_at(s) is not None or any(x == s for x, _ in state.sea)
                size = r * (0.8 if busy else 1.15)
                y = centre.y() - (r * 0.5 if busy else 0)
                paint_creature(painter, c, creature, QPointF(centre.x() + index * r * 0.3, y),
                               size)

    def _paint_row(self, painter: QPainter, centre: QPointF, dy: float, explorers, dot: float
                   ) -> None:
        shown = list(explorers)[:4]
        step = dot * 2.1
        x0 = centre.x() - step * (len(shown) - 1) / 2
        for i, explorer in enumerate(shown):
            paint_explorer(painter, self._colours, QPointF(x0 + i * step, centre.y() + dy), dot,
                           explorer)
        if len(explorers) > len(shown):
            painter.setPen(self._colours.text)
            painter.setFont(self._font("small"))
            painter.drawText(QPointF(x0 + len(shown) * step - dot, centre.y() + dy + dot),
                             f"+{len(explorers) - len(shown)}")

    # -- mouse, keyboard, tooltip --------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        key = event.key()
        directions = {Qt.Key.Key_Left: (-1.0, 0.0), Qt.Key.Key_Right: (1.0, 0.0),
                      Qt.Key.Key_Up: (0.0, -1.0), Qt.Key.Key_Down: (0.0, 1.0)}
        if key in directions and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            target = self._step(*directions[key])
            if target is not None:
                self.move_cursor(target)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.cursor_space is not None:
                self.tileChosen.emit(self.cursor_space)
            event.accept()
            return
        super().keyPressEvent(event)

    def _step(self, dx: float, dy: float) -> Space | None:
        """The nearest tile in that direction; sideways distance counts double."""
        tiles = self.tiles()
        if not tiles:
            return None
        current = self.cursor_space
        if current is None:
            return tiles[0]
        here = self._centres[current]
        best, best_score = None, math.inf
        for s in tiles:
            if s == current:
                continue
            p = self._centres[s]
            vx, vy = p.x() - here.x(), p.y() - here.y()
            ahead = vx * dx + vy * dy
            side = abs(vx * dy - vy * dx)
            if ahead <= 1 or side > ahead * 1.8:
                continue
            score = ahead + 2 * side
            if score < best_score:
                best, best_score = s, score
        return best

    def _nearest_tile(self, s: Space | None, tiles: list[Space]) -> Space | None:
        if not tiles:
            return None
        if s is None:
            return tiles[len(tiles) // 2]
        here = self._centres[s]
        return min(tiles, key=lambda t: (self._centres[t].x() - here.x()) ** 2
                   + (self._centres[t].y() - here.y()) ** 2)




