"""The Atlantis path drawn as a QGraphicsScene from an engine :class:`State`.

Two layouts share one set of items: :func:`board_scene` winds the whole path in rows (a snake)
from the island of Atlantis to the mainland, :func:`strip_scene` shows one stretch of it in a
single row (for the quiz and the pitfall cards, see :class:`MiniBoard`).

Every tile shows its value in a white disc and the item's glyph as well as its colour, so the
board reads without colour vision. :class:`Highlights` marks what an explanation talks about:
a soft glow on a target, a dashed outline on an occupied tile that was passed, a cost label over
each crossed gap, an arrow to the tile taken. Position numbers are the engine's (1 … n,
0 = Atlantis, ``MAINLAND`` for the mainland); the scene only draws, it never changes a state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from PySide6.QtCore import QByteArray, QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.model.paths import resources_root
from app.rules.atlantis import (
    ATLANTIS,
    MAINLAND,
    Gap,
    Item,
    Outcome,
    State,
    gaps,
)
from app.ui.theme import DARK, Colours, mix, palette_colours, with_alpha

# Geometry in scene units (pixels at scale 1).
TILE = 44.0
TILE_RADIUS = 7.0
GAP_X = 14.0
PITCH_X = TILE + GAP_X
ROW_PITCH = 94.0
ISLAND = 80.0
MAINLAND_W = 2 * PITCH_X - GAP_X
MARGIN = 14.0
TOP = 34.0  # room above the first row for pawns and cost labels
BOTTOM = 22.0  # room below the last row for the position numbers
PAWN_R = 11.0
STRIP_ISLAND = 58.0
STRIP_MAINLAND_W = 78.0
STUB = 22.0  # the path going on beyond a strip's ends
NUMBER_ROOM = 19.0  # the tallest position number that fits under a tile (scene units)

PLAYER_COLOURS = ("#2456C6", "#F7F7F4", "#25272A", "#CC2F2F")
PLAYER_NAMES = ("Blau", "Weiß", "Schwarz", "Rot")
PLAYER_LETTERS = "abcd"
DEFAULT_COLUMNS = 11

# z order: track, water, planks, glow, tiles, outlines, pawns, labels and arrows on top.
Z_TRACK, Z_WATER, Z_PLANK, Z_GLOW, Z_TILE, Z_MARK, Z_PAWN, Z_LABEL = range(8)


def player_name(player: int) -> str:
    """``Blau (a)``: the pawn colour with the notation's letter."""
    return f"{PLAYER_NAMES[player]} ({PLAYER_LETTERS[player]})"






def _luminance(colour: QColor) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green()) \
        + 0.0722 * channel(colour.blue())


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


INK = "#1F2328"


def ink_on(colour: str | QColor) -> QColor:
    """White or dark ink, whichever reads better on ``colour``."""
    back = QColor(colour)
    white, dark = QColor("#FFFFFF"), QColor(INK)
    return white if _contrast(back, white) >= _contrast(back, dark) else dark




@dataclass(frozen=True)
class BoardColours:
    """Everything the drawing needs for one theme; item colours stay the game's own."""

    dark: bool
    background: QColor
    text: QColor
    muted: QColor
    accent: QColor
    track: QColor
    water: QColor
    water_edge: QColor
    wave: QColor
    plank: QColor
    plank_edge: QColor
    sand: QColor
    sand_edge: QColor
    land: QColor
    land_dark: QColor
    tile_back: QColor
    glow: QColor
    label_bg: QColor
    label_text: QColor
    free_label_bg: QColor
    shadow: QColor

    @classmethod
    def from_colours(cls, colours: Colours) -> BoardColours:
        dark = colours is DARK or QColor(colours.bg).lightness() < 128
        if dark:
            return cls(
                dark=True, background=QColor(colours.bg), text=QColor(colours.text),
                muted=QColor(colours.muted), accent=QColor(colours.accent),
                track=QColor("#3A3F45"), water=QColor("#24527A"), water_edge=QColor("#3B6F9C"),
                wave=with_alpha("#9CC8EE", 150), plank=QColor("#9C6B3A"),
                plank_edge=QColor("#5A3A1C"), sand=QColor("#8F7B4C"), sand_edge=QColor("#B49C63"),
                land=QColor("#5E7A37"), land_dark=QColor("#6B5232"), tile_back=QColor("#5B564C"),
                glow=QColor("#FFD166"), label_bg=QColor(colours.accent),
                label_text=QColor(colours.bg), free_label_bg=QColor(colours.right),
                shadow=with_alpha("#000000", 110),
            )
        return cls(
            dark=False, background=QColor(colours.bg), text=QColor(colours.text),
            muted=QColor(colours.muted), accent=QColor(colours.accent),
            track=QColor("#DEDCD3"), water=QColor("#A9D2EF"), water_edge=QColor("#7DB2DC"),
            wave=with_alpha("#FFFFFF", 210), plank=QColor("#B9844C"), plank_edge=QColor("#7A5227"),
            sand=QColor("#EBDDB5"), sand_edge=QColor("#C9B37C"), land=QColor("#7E9A4A"),
            land_dark=QColor("#8C6A3E"), tile_back=QColor("#D5CBB2"), glow=QColor("#F2A900"),
            label_bg=QColor(colours.accent), label_text=QColor("#FFFFFF"),
            free_label_bg=QColor(colours.right), shadow=with_alpha("#000000", 60),
        )


@lru_cache(maxsize=4)
def board_colours(colours: Colours) -> BoardColours:
    return BoardColours.from_colours(colours)


# --- item glyphs -------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _glyph_renderer(letter: str, stroke: str) -> QSvgRenderer:
    svg = (resources_root() / "items" / f"{letter}.svg").read_text(encoding="utf-8")
    # The glyphs are drawn in the app's ink; dark tiles get a light stroke at load time.
    return QSvgRenderer(QByteArray(svg.replace('stroke="#1F2328"', f'stroke="{stroke}"')
                                   .encode("utf-8")))


@lru_cache(maxsize=256)
def glyph_pixmap(letter: str, stroke: str, pixels: int) -> QPixmap:
    """The item glyph ``letter`` in ``stroke`` colour, ``pixels`` square (cached)."""
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _glyph_renderer(letter, stroke).render(painter, QRectF(0, 0, pixels, pixels))
    painter.end()
    return QPixmap.fromImage(image)


def draw_glyph(painter: QPainter, item: Item, stroke: QColor, rect: QRectF) -> None:
    """The glyph sharp at any zoom: rendered once per device size and colour."""
    scale = max(abs(painter.worldTransform().m11()), 0.1)
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    pixels = max(8, math.ceil(rect.width() * scale * ratio / 4) * 4)
    painter.drawPixmap(rect, glyph_pixmap(item.letter, stroke.name(), pixels),
                       QRectF(0, 0, pixels, pixels))


def text_factor() -> float:
    """The app's text size against the default 11 pt (Ctrl+Plus/Minus): drawn text that is
    read follows it."""
    return max(0.5, QApplication.font().pointSizeF() / 11.0)


@lru_cache(maxsize=64)
def _font(pixels: float, weight: int = 400) -> QFont:
    font = QFont(QApplication.font())
    font.setPixelSize(max(1, round(pixels)))
    font.setWeight(QFont.Weight(weight))
    return font


# --- what to highlight -------------------------------------------------------------------------


@dataclass(frozen=True)
class Highlights:
    """What an explanation points at; numbers are positions of the state drawn.

    ``targets`` glow softly, ``passed`` get a dashed outline (an occupied tile the pawn went
    past), every gap in ``gaps`` carries a floating cost label, an arrow runs from
    ``arrow_from`` (default: the landing, else the last target) to ``taken``. ``selected`` and
    ``focus`` ring a pawn of ``player`` (the one to move), ``ghost`` marks where a pawn came
    from, ``arrival`` shows a see-through pawn of ``player`` where it is going to land,
    ``bridge_mode`` outlines every gap a bridge could go on.
    """

    targets: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    gaps: tuple[Gap, ...] = ()
    taken: int | None = None
    arrow_from: int | None = None
    selected: int | None = None
    focus: int | None = None
    player: int | None = None
    ghost: int | None = None
    arrival: int | None = None
    fresh_water: tuple[int, ...] = ()
    bridge_mode: bool = False

    @classmethod
    def for_outcome(cls, outcome: Outcome | None) -> Highlights:
        """The whole move at a glance, on the state it was applied to."""
        if outcome is None or outcome.movement is None:
            if outcome is not None and outcome.finals:
                final = outcome.finals[-1]
                return cls(gaps=final.gaps, selected=final.origin, player=outcome.player)
            return cls()
        move = outcome.movement
        return cls(
            targets=tuple(step.target for step in move.steps),
            passed=tuple(s.target for s in move.steps if s.occupied_by is not None),
            gaps=move.gaps, taken=move.taken.position, arrow_from=move.landing,
            arrival=move.landing if move.landing != MAINLAND else None,
            player=outcome.player,
        )

    def with_(self, **changes) -> Highlights:
        values = {name: getattr(self, name) for name in self.__dataclass_fields__}
        values.update(changes)
        return Highlights(**values)


NO_HIGHLIGHTS = Highlights()


# --- layout ------------------------------------------------------------------------------------


@dataclass
class Layout:
    """Where each place of the path lies: ``rects`` by position number (0 Atlantis, MAINLAND)."""

    rects: dict[int, QRectF]
    order: list[int]  # the places drawn, in walking order
    size: QSize
    stub_before: bool = False  # the path goes on before the first place drawn (strips)
    stub_after: bool = False
    small_islands: bool = False
    number_font: float = 10.0
    # "…" for places left out: (place before, place after) → where the "…" is drawn
    elided: dict[tuple[int, int], QRectF] = field(default_factory=dict)
    end_leftward: bool = False  # the last row runs right to left (the stub points left)

    def centre(self, location: int) -> QPointF:
        return self.rects[location].center()


def snake_layout(length: int, columns: int) -> Layout:
    """Rows of ``columns`` positions, alternating direction, Atlantis left of the first row."""
    columns = max(2, columns)
    x0 = MARGIN + ISLAND + GAP_X * 1.5
    y0 = TOP
    rects: dict[int, QRectF] = {}

    def cell(row: int, col: int) -> QRectF:
        return QRectF(x0 + col * PITCH_X, y0 + row * ROW_PITCH, TILE, TILE)

    for p in range(1, length + 1):
        i = p - 1
        row, k = divmod(i, columns)
        col = k if row % 2 == 0 else columns - 1 - k
        rects[p] = cell(row, col)
    row0_mid = y0 + TILE / 2
    rects[ATLANTIS] = QRectF(MARGIN, row0_mid - ISLAND / 2, ISLAND, ISLAND)
    if length == 0:
        row, first = 0, 0
        left_to_right = True
    else:
        last_row, k = divmod(length - 1, columns)
        used = k + 1
        if columns - used >= 2:
            row, first, left_to_right = last_row, used, last_row % 2 == 0
        else:
            row, first, left_to_right = last_row + 1, 0, (last_row + 1) % 2 == 0
    col = first if left_to_right else columns - 2 - first
    start = cell(row, col)
    mid = start.center().y()
    rects[MAINLAND] = QRectF(start.left(), mid - ISLAND / 2, MAINLAND_W, ISLAND)
    width = max(r.right() for r in rects.values()) + MARGIN
    height = max(r.bottom() for r in rects.values()) + BOTTOM
    order = [ATLANTIS, *range(1, length + 1), MAINLAND]
    return Layout(rects, order, QSize(math.ceil(width), math.ceil(height)))


@lru_cache(maxsize=512)
def _snake_extent(length: int, columns: int) -> tuple[int, int]:
    size = snake_layout(length, columns).size
    return size.width(), size.height()


def snake_size(length: int, columns: int) -> QSize:
    """``snake_layout(length, columns).size``, remembered: fitting the board to its room
    asks it for every row length at each resize (a text-size step: ~90 layouts)."""
    return QSize(*_snake_extent(length, columns))


def strip_layout(length: int, first: int, last: int) -> Layout:
    """One row: positions ``first`` … ``last`` (0 = Atlantis; beyond the path = the mainland)."""
    first = max(ATLANTIS, min(first, length + 1))
    last = max(first, min(last, length + 1))
    rects: dict[int, QRectF] = {}
    order: list[int] = []
    x = MARGIN
    mid = TOP + TILE / 2
    stub_before = first > ATLANTIS
    if stub_before:
        x += STUB
    if first == ATLANTIS:
        rects[ATLANTIS] = QRectF(x, mid - STRIP_ISLAND / 2, STRIP_ISLAND, STRIP_ISLAND)
        order.append(ATLANTIS)
        x += STRIP_ISLAND + GAP_X
    for p in range(max(1, first), min(last, length) + 1):
        rects[p] = QRectF(x, TOP, TILE, TILE)
        order.append(p)
        x += PITCH_X
    stub_after = last <= length
    if not stub_after:
        rects[MAINLAND] = QRectF(x, mid - STRIP_ISLAND / 2, STRIP_MAINLAND_W, STRIP_ISLAND)
        order.append(MAINLAND)
        x += STRIP_MAINLAND_W + GAP_X
    else:
        x += STUB
    width = x - GAP_X + MARGIN
    height = TOP + TILE + BOTTOM
    return Layout(rects, order, QSize(math.ceil(width), math.ceil(height)), stub_before,
                  stub_after, small_islands=True)


def stretch_layout(length: int, shown, columns: int | None = None) -> Layout:
    """The places ``shown`` (0 Atlantis, 1 … ``length``, anything beyond: the mainland) in
    walking order; a visible "…" stands for every run of places left out, and rows wind like
    the full board (a snake) once more than ``columns`` cells would make one row too small."""
    columns = columns or STRIP_MAX
    places = sorted({MAINLAND if p > length else p for p in shown if p >= ATLANTIS})
    if not places:
        places = [ATLANTIS]

    def index(place: int) -> int:
        return length + 1 if place == MAINLAND else place

    cells: list[int | tuple[int, int]] = []  # a place, or the pair a "…" stands between
    for before, place in zip([None, *places], places, strict=False):
        if before is not None and index(place) > index(before) + 1:
            cells.append((before, place))
        cells.append(place)
    atlantis = places[0] == ATLANTIS
    if atlantis:
        cells.pop(0)
        if cells and isinstance(cells[0], tuple):
            cells.pop(0)
    spans = [2 if cell == MAINLAND else 1 for cell in cells]
    per_row = max(2, min(columns, sum(spans) or 1))
    x0 = MARGIN + (STRIP_ISLAND + GAP_X if atlantis else STUB)
    rects: dict[int, QRectF] = {}
    elided: dict[tuple[int, int], QRectF] = {}
    row = col = 0
    for cell, span in zip(cells, spans, strict=True):
        if col + span > per_row:
            row, col = row + 1, 0
        start = col if row % 2 == 0 else per_row - col - span
        x, y = x0 + start * PITCH_X, TOP + row * ROW_PITCH
        if isinstance(cell, tuple):
            elided[cell] = QRectF(x, y, TILE, TILE)
        elif cell == MAINLAND:
            room = span * PITCH_X - GAP_X
            rects[MAINLAND] = QRectF(x + (room - STRIP_MAINLAND_W) / 2,
                                     y + TILE / 2 - STRIP_ISLAND / 2, STRIP_MAINLAND_W,
                                     STRIP_ISLAND)
        else:
            rects[cell] = QRectF(x, y, TILE, TILE)
        col += span
    if atlantis:
        rects[ATLANTIS] = QRectF(MARGIN, TOP + TILE / 2 - STRIP_ISLAND / 2, STRIP_ISLAND,
                                 STRIP_ISLAND)
    stub_after = places[-1] != MAINLAND
    width = x0 + per_row * PITCH_X - GAP_X + (STUB if stub_after else 0) + MARGIN
    height = TOP + row * ROW_PITCH + TILE + BOTTOM
    return Layout(rects, places, QSize(math.ceil(width), math.ceil(height)),
                  stub_before=not atlantis, stub_after=stub_after, small_islands=True,
                  elided=elided, end_leftward=row % 2 == 1)


# --- the scene ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    """What a click landed on: a pawn (``player`` set), a path position, Atlantis, mainland."""

    kind: str  # "pawn", "position", "atlantis", "mainland"
    location: int
    player: int | None = None


@dataclass
class _Pawn:
    location: int
    player: int
    centre: QPointF
    radius: float


class AtlantisScene(QGraphicsScene):
    """The drawn state; ask it where things are (for clicks, keyboard focus and tests)."""

    def __init__(self, state: State, layout: Layout, highlights: Highlights,
                 colours: BoardColours, parent=None):
        super().__init__(parent)
        self.state = state
        self.layout = layout
        self.highlights = highlights
        self.colours = colours
        self.pawns: list[_Pawn] = []
        self.setSceneRect(QRectF(0, 0, layout.size.width(), layout.size.height()))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        _populate(self)

    def rect_of(self, location: int) -> QRectF | None:
        return self.layout.rects.get(location)

    def pawn_centre(self, location: int, player: int | None = None) -> QPointF | None:
        """Centre of a pawn at ``location`` (of ``player``, if given): the first one found."""
        for pawn in self.pawns:
            if pawn.location == location and (player is None or pawn.player == player):
                return pawn.centre
        return None

    def hit(self, point: QPointF) -> Hit | None:
        for pawn in reversed(self.pawns):
            if math.dist((point.x(), point.y()), (pawn.centre.x(), pawn.centre.y())) \
                    <= pawn.radius + 3:
                return Hit("pawn", pawn.location, pawn.player)
        for location, rect in self.layout.rects.items():
            if rect.adjusted(-GAP_X / 2, -GAP_X / 2, GAP_X / 2, GAP_X / 2).contains(point):
                kind = {ATLANTIS: "atlantis", MAINLAND: "mainland"}.get(location, "position")
                return Hit(kind, location)
        return None


def board_scene(state: State, highlights: Highlights | None = None,
                colours: Colours | None = None, *, columns: int = DEFAULT_COLUMNS
                ) -> AtlantisScene:
    """The whole path from Atlantis to the mainland, ``columns`` positions per row."""
    return AtlantisScene(state, snake_layout(len(state.path), columns),
                         highlights or NO_HIGHLIGHTS, board_colours(colours or palette_colours()))


def strip_scene(state: State, first: int, last: int, highlights: Highlights | None = None,
                colours: Colours | None = None) -> AtlantisScene:
    """One row with positions ``first`` … ``last``: 0 adds Atlantis, anything past the last
    position (e.g. ``MAINLAND``) adds the mainland."""
    return AtlantisScene(state, strip_layout(len(state.path), first, last),
                         highlights or NO_HIGHLIGHTS, board_colours(colours or palette_colours()))


def stretch_scene(state: State, shown, highlights: Highlights | None = None,
                  colours: Colours | None = None) -> AtlantisScene:
    """The places ``shown``, in rows if need be, with a "…" for each run left out."""
    return AtlantisScene(state, stretch_layout(len(state.path), shown),
                         highlights or NO_HIGHLIGHTS, board_colours(colours or palette_colours()))


def _populate(scene: AtlantisScene) -> None:
    state, layout, marks, c = scene.state, scene.layout, scene.highlights, scene.colours
    rects = layout.rects
    scene.addItem(_TrackItem(layout, c))
    for gap in gaps(state):
        water = [p for p in range(gap.first, gap.last + 1) if p in rects]
        if water:
            scene.addItem(_WaterItem(layout, water, c, marks.bridge_mode and gap.bridge is None))
            if gap.bridge is not None:
                scene.addItem(_PlankItem(layout, gap, water, c))
    # A water position outside any gap cannot exist, except at a path end in odd examples.
    for p in range(1, len(state.path) + 1):
        if state.position(p).is_water and p in rects \
                and not any(g.first <= p <= g.last for g in gaps(state)):
            scene.addItem(_WaterItem(layout, [p], c, False))
    for location in (*marks.targets, *marks.fresh_water):
        if location in rects:
            scene.addItem(_GlowItem(rects[location], c, location in (ATLANTIS, MAINLAND)))
    for p in layout.order:
        if p in (ATLANTIS, MAINLAND):
            crowded = sum(ps.pawns.count(p) for ps in state.players) > 4
            scene.addItem(_IslandItem(rects[p], p == MAINLAND, c, layout.small_islands, crowded))
        elif not state.position(p).is_water:
            scene.addItem(_TileItem(rects[p], state.position(p).tiles, c))
    scene.addItem(_NumbersItem(layout, state, c))
    for p in marks.passed:
        if p in rects:
            scene.addItem(_DashedItem(rects[p], c.text))
    _add_pawns(scene)
    for gap in marks.gaps:
        water = [p for p in range(gap.first, gap.last + 1) if p in rects]
        if water:
            scene.addItem(_CostLabel(layout, gap, water, c))
    if marks.taken is not None and marks.taken in rects:
        start = marks.arrow_from if marks.arrow_from is not None else (
            marks.targets[-1] if marks.targets else None)
        if start is not None and start in rects and start != marks.taken:
            scene.addItem(_ArrowItem(rects[start], rects[marks.taken], c))


def _island_slots(rect: QRectF, count: int, small: bool) -> list[tuple[QPointF, float]]:
    """Pawn spots on an island: a grid in its lower part, pawns shrinking when many."""
    if not count:
        return []
    per_row = min(count, 4 if rect.width() < 90 else 5)
    rows = math.ceil(count / per_row)
    usable_w = rect.width() - 10
    usable_h = rect.height() * (0.62 if not small else 0.7)
    radius = min(PAWN_R * (0.85 if small else 1.0), usable_w / per_row / 2 - 1,
                 usable_h / rows / 2 - 1)
    top = rect.bottom() - 6 - rows * (2 * radius + 2)
    spots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        step = 2 * radius + 2
        x0 = rect.center().x() - (in_row - 1) * step / 2
        spots.append((QPointF(x0 + col * step, top + row * step + radius + 1), radius))
    return spots


def _add_pawns(scene: AtlantisScene) -> None:
    state, layout, marks, c = scene.state, scene.layout, scene.highlights, scene.colours
    rects = layout.rects
    n = len(state.path)
    by_place: dict[int, list[int]] = {}
    for player, ps in enumerate(state.players):
        for location in ps.pawns:
            place = location if location in (ATLANTIS, MAINLAND) or location <= n else None
            if place is not None:
                by_place.setdefault(place, []).append(player)
    for place, players in by_place.items():
        if place not in rects:
            continue
        rect = rects[place]
        if place in (ATLANTIS, MAINLAND):
            spots = _island_slots(rect, len(players), layout.small_islands)
        else:
            spots = [(QPointF(rect.right() - 7, rect.top() + 1), PAWN_R)] * len(players)
        for player, (centre, radius) in zip(sorted(players), spots, strict=True):
            scene.pawns.append(_Pawn(place, player, centre, radius))
    first_of: dict[tuple[int, int], _Pawn] = {}
    for pawn in scene.pawns:
        first_of.setdefault((pawn.location, pawn.player), pawn)
    if marks.ghost is not None and marks.ghost in rects and marks.ghost not in (MAINLAND,):
        ghost_rect = rects[marks.ghost]
        if marks.ghost == ATLANTIS:
            centre = QPointF(ghost_rect.center().x(), ghost_rect.top() + 16)
        else:
            centre = QPointF(ghost_rect.right() - 7, ghost_rect.top() + 1)
        if marks.ghost == ATLANTIS or pawn_owner(state, marks.ghost) is None:
            scene.addItem(_GhostItem(centre, PAWN_R, c))
    if marks.arrival is not None and marks.arrival in rects and marks.player is not None \
            and marks.arrival not in (ATLANTIS, MAINLAND):
        rect = rects[marks.arrival]
        scene.addItem(_PawnItem(QPointF(rect.right() - 7, rect.top() + 1), PAWN_R,
                                marks.player, c, "arrival"))
    for pawn in scene.pawns:
        ring = None
        if marks.player == pawn.player and first_of.get((pawn.location, pawn.player)) is pawn:
            if marks.selected == pawn.location:
                ring = "selected"
            elif marks.focus == pawn.location:
                ring = "focus"
        scene.addItem(_PawnItem(pawn.centre, pawn.radius, pawn.player, c, ring))


def pawn_owner(state: State, position: int) -> int | None:
    for player, ps in enumerate(state.players):
        if position in ps.pawns:
            return player
    return None


# --- items -------------------------------------------------------------------------------------


class _Item(QGraphicsItem):
    """A painted item with a fixed bounding rectangle."""

    def __init__(self, bounds: QRectF, z: int):
        super().__init__()
        self._bounds = bounds
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._bounds


class _TrackItem(_Item):
    """The thin path line from place to place, behind everything."""

    def __init__(self, layout: Layout, c: BoardColours):
        super().__init__(QRectF(0, 0, layout.size.width(), layout.size.height()), Z_TRACK)
        self.layout, self.c = layout, c

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        layout = self.layout
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.c.track, 4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        dashed = QPen(self.c.track, 4, Qt.PenStyle.DotLine)
        dashed.setCapStyle(Qt.PenCapStyle.RoundCap)
        for a, b in pairwise(layout.order):
            between = layout.elided.get((a, b))
            if between is None:
                painter.setPen(pen)
                painter.drawLine(*_anchor(layout, a, b))
            else:
                painter.setPen(dashed)
                painter.drawLine(layout.rects[a].center(), between.center())
                painter.drawLine(between.center(), layout.rects[b].center())
        if layout.order:
            painter.setPen(dashed)
            first = layout.rects[layout.order[0]]
            last = layout.rects[layout.order[-1]]
            if layout.stub_before:
                painter.drawLine(QPointF(MARGIN, first.center().y()),
                                 QPointF(first.left() - 4, first.center().y()))
            if layout.stub_after and layout.end_leftward:
                painter.drawLine(QPointF(last.left() - 4, last.center().y()),
                                 QPointF(last.left() - STUB, last.center().y()))
            elif layout.stub_after:
                painter.drawLine(QPointF(last.right() + 4, last.center().y()),
                                 QPointF(last.right() + STUB, last.center().y()))
        for rect in layout.elided.values():
            # A calm pill over the dotted line: here the path goes on, left out of the picture.
            pill = QRectF(rect.center().x() - 17, rect.center().y() - 11, 34, 22)
            painter.setPen(QPen(self.c.muted, 1.2))
            painter.setBrush(self.c.background)
            painter.drawRoundedRect(pill, 11, 11)
            painter.setFont(_font(15, 700))
            painter.drawText(pill.adjusted(0, -4, 0, 0), Qt.AlignmentFlag.AlignCenter, "…")


def _anchor(layout: Layout, a: int, b: int) -> tuple[QPointF, QPointF]:
    """The track segment from place ``a`` to the next place ``b``."""
    ra, rb = layout.rects[a], layout.rects[b]
    start, end = ra.center(), rb.center()
    if b == MAINLAND and abs(start.y() - end.y()) > 1:
        end = QPointF(min(max(start.x(), rb.left() + 24), rb.right() - 24), end.y())
    return start, end


def _union(layout: Layout, positions: list[int], radius: float = 9.0) -> QPainterPath:
    """One body of water over consecutive positions (also around a row's turn)."""
    rects = layout.rects
    body = QPainterPath()
    for p in positions:
        part = QPainterPath()
        part.addRoundedRect(rects[p].united(rects[p + 1]) if p + 1 in positions else rects[p],
                            radius, radius)
        body = body.united(part)
    return body


class _WaterItem(_Item):
    def __init__(self, layout: Layout, positions: list[int], c: BoardColours, clickable: bool):
        self.shape_ = _union(layout, positions)
        super().__init__(self.shape_.boundingRect().adjusted(-4, -4, 4, 4), Z_WATER)
        self.c, self.clickable = c, clickable
        corner = self.boundingRect().topLeft()
        # The same body of water (shape relative to its corner) looks the same anywhere.
        self.key = ("water", c.dark, clickable, *(
            (round(layout.rects[p].left() - corner.x(), 1),
             round(layout.rects[p].top() - corner.y(), 1)) for p in positions))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        bounds = self.boundingRect()
        painter.save()
        painter.translate(bounds.topLeft())
        _draw_cached(painter, self.key, QRectF(0, 0, bounds.width(), bounds.height()),
                     self._paint_at_origin)
        painter.restore()

    def _paint_at_origin(self, painter: QPainter) -> None:
        painter.translate(-self.boundingRect().topLeft())
        self._paint(painter)

    def _paint(self, painter: QPainter) -> None:
        c = self.c
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(c.water_edge, 1.2))
        painter.setBrush(c.water)
        painter.drawPath(self.shape_)
        painter.save()
        painter.setClipPath(self.shape_)
        pen = QPen(c.wave, 1.6)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = self.shape_.boundingRect()
        y = box.top() + 12
        row = 0
        while y < box.bottom() - 6:
            wave = QPainterPath()
            x = box.left() - 12 + (6 if row % 2 else 0)
            wave.moveTo(x, y)
            while x < box.right() + 12:
                wave.quadTo(x + 4, y - 3.2, x + 8, y)
                wave.quadTo(x + 12, y + 3.2, x + 16, y)
                x += 16
            painter.drawPath(wave)
            y += 11
            row += 1
        painter.restore()
        if self.clickable:
            pen = QPen(c.accent, 2.2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(_grow(self.shape_, 3))


def _grow(path: QPainterPath, by: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(2 * by)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(path).united(path).simplified()


class _PlankItem(_Item):
    """A wooden plank across the whole gap, with its owner's colour."""

    def __init__(self, layout: Layout, gap: Gap, water: list[int], c: BoardColours):
        rects = layout.rects
        line = QPainterPath()
        before = gap.first - 1 if gap.first - 1 in rects else (
            ATLANTIS if gap.first == 1 and ATLANTIS in rects else None)
        after = gap.last + 1 if gap.last + 1 in rects else (
            MAINLAND if MAINLAND in rects and gap.last + 1 not in rects and
            water[-1] == gap.last else None)
        points = [rects[p].center() for p in water]
        if before is not None:
            points.insert(0, _reach(rects[before], points[0]))
        if after is not None and after in rects:
            points.append(_reach(rects[after], points[-1]))
        line.moveTo(points[0])
        for point in points[1:]:
            line.lineTo(point)
        self.line = line
        self.owner = gap.bridge if gap.bridge is not None else 0
        self.marker = self._middle(points)
        super().__init__(line.boundingRect().adjusted(-12, -12, 12, 12), Z_PLANK)
        self.c = c

    @staticmethod
    def _middle(points: list[QPointF]) -> QPointF:
        if len(points) == 1:
            return points[0]
        lengths = [math.dist((a.x(), a.y()), (b.x(), b.y())) for a, b in pairwise(points)]
        half = sum(lengths) / 2
        for (a, b), length in zip(pairwise(points), lengths, strict=True):
            if half <= length and length:
                t = half / length
                return QPointF(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t)
            half -= length
        return points[-1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        c = self.c
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for colour, width in ((c.plank_edge, 17.0), (c.plank, 14.0)):
            pen = QPen(colour, width)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.drawPath(self.line)
        # Short dashes across a wide pen read as the boards of the plank.
        seams = QPen(c.plank_edge, 13.0)
        seams.setCapStyle(Qt.PenCapStyle.FlatCap)
        seams.setDashPattern([0.09, 0.7])
        painter.setPen(seams)
        painter.drawPath(self.line)
        _draw_pawn_disc(painter, self.marker, 7.5, self.owner, c, letter_px=9)


def _reach(rect: QRectF, towards: QPointF) -> QPointF:
    """Where a plank coming from ``towards`` ends: a little under the bordering tile."""
    centre = rect.center()
    dx, dy = towards.x() - centre.x(), towards.y() - centre.y()
    if abs(dx) >= abs(dy):
        x = rect.right() - 6 if dx > 0 else rect.left() + 6
        return QPointF(x, towards.y())
    y = rect.bottom() - 6 if dy > 0 else rect.top() + 6
    return QPointF(towards.x(), y)


class _GlowItem(_Item):
    """A soft halo behind a target."""

    def __init__(self, rect: QRectF, c: BoardColours, island: bool):
        super().__init__(rect.adjusted(-12, -12, 12, 12), Z_GLOW)
        self.rect, self.c, self.radius = rect, c, 14.0 if island else TILE_RADIUS

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for grow, alpha in ((11, 34), (8, 60), (5, 105), (2.5, 170)):
            painter.setBrush(with_alpha(self.c.glow, alpha))
            painter.drawRoundedRect(self.rect.adjusted(-grow, -grow, grow, grow),
                                    self.radius + grow, self.radius + grow)


class _DashedItem(_Item):
    """A dashed outline: an occupied tile the pawn had to go past."""

    def __init__(self, rect: QRectF, colour: QColor):
        super().__init__(rect.adjusted(-6, -6, 6, 6), Z_MARK)
        self.rect, self.colour = rect, colour

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.colour, 2.0, Qt.PenStyle.CustomDashLine)
        pen.setDashPattern([3, 2.5])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(self.rect.adjusted(-4.5, -4.5, 4.5, 4.5), 10, 10)


TILE_PAD = (2.0, 2.0, 6.0, 7.0)  # shadow and the stacked tile's edge around a tile
_picture_cache: dict[tuple, QPixmap] = {}


def _device_scale(painter: QPainter) -> float | None:
    """Scene-to-pixel scale, rounded so a window resized a little reuses the pictures."""
    transform = painter.worldTransform()
    if transform.isRotating():
        return None
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return max(0.25, round(abs(transform.m11()) * ratio * 40) / 40)


def _draw_cached(painter: QPainter, key: tuple, bounds: QRectF, draw) -> None:
    """Paint ``draw(painter)`` (scene coordinates inside ``bounds``) once per look and scale,
    then copy the picture: a board redraw after a move repaints mostly the same things."""
    scale = _device_scale(painter)
    if scale is None:
        draw(painter)
        return
    full_key = (*key, scale)
    pixmap = _picture_cache.get(full_key)
    if pixmap is None:
        image = QImage(math.ceil(bounds.width() * scale), math.ceil(bounds.height() * scale),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        inner = QPainter(image)
        inner.scale(scale, scale)
        inner.translate(-bounds.left(), -bounds.top())
        draw(inner)
        inner.end()
        if len(_picture_cache) > 800:
            _picture_cache.clear()
        pixmap = _picture_cache[full_key] = QPixmap.fromImage(image)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(QRectF(bounds.left(), bounds.top(), pixmap.width() / scale,
                              pixmap.height() / scale), pixmap,
                       QRectF(0, 0, pixmap.width(), pixmap.height()))


def paint_tile(painter: QPainter, rect: QRectF, tiles: tuple, c: BoardColours) -> None:
    """A tile (or a stack): item colour, glyph top left, value in a white disc."""
    top = tiles[-1]
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(c.shadow)
    painter.drawRoundedRect(rect.translated(0, 1.6), TILE_RADIUS, TILE_RADIUS)
    if len(tiles) > 1:
        # The tile underneath is face down in the game: only its edge shows.
        under = rect.translated(3.5, 4.5)
        painter.setPen(QPen(mix(c.tile_back, "#000000", 0.3), 1))
        painter.setBrush(c.tile_back)
        painter.drawRoundedRect(under, TILE_RADIUS, TILE_RADIUS)
    colour = QColor(top.item.colour)
    edge = mix(colour, "#000000", 0.28) if top.item is not Item.STATUE else QColor("#9AA0A6")
    painter.setPen(QPen(edge, 1.2))
    painter.setBrush(colour)
    painter.drawRoundedRect(rect, TILE_RADIUS, TILE_RADIUS)
    draw_glyph(painter, top.item, ink_on(colour), QRectF(rect.left() + 4, rect.top() + 4, 19, 19))
    disc = QRectF(rect.right() - 24.5, rect.bottom() - 24.5, 21, 21)
    painter.setPen(QPen(edge if top.item is Item.STATUE else with_alpha("#000000", 40), 1))
    painter.setBrush(QColor("#FFFFFF"))
    painter.drawEllipse(disc)
    painter.setPen(QColor(INK))
    painter.setFont(_font(13, 700))
    painter.drawText(disc.adjusted(0, 0, 0, -0.5), Qt.AlignmentFlag.AlignCenter, str(top.value))


class _TileItem(_Item):
    def __init__(self, rect: QRectF, tiles: tuple, c: BoardColours):
        left, up, right, down = TILE_PAD
        super().__init__(rect.adjusted(-left, -up, right, down), Z_TILE)
        self.rect, self.tiles, self.c = rect, tiles, c
        top = tiles[-1]
        self.key = ("tile", top.item, top.value, len(tiles) > 1, c.dark)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        bounds = self.boundingRect()
        origin = QRectF(0, 0, bounds.width(), bounds.height())
        offset = self.rect.topLeft() - bounds.topLeft()
        painter.save()
        painter.translate(bounds.topLeft())
        _draw_cached(painter, self.key, origin, lambda p: paint_tile(
            p, QRectF(offset.x(), offset.y(), TILE, TILE), self.tiles, self.c))
        painter.restore()


class _IslandItem(_Item):
    """Atlantis (a sandy island) or the mainland (green-brown land), larger than a tile."""

    def __init__(self, rect: QRectF, mainland: bool, c: BoardColours, small: bool,
                 crowded: bool = False):
        super().__init__(rect.adjusted(-3, -3, 3, 18), Z_TILE)
        self.rect, self.mainland, self.c, self.small = rect, mainland, c, small
        self.crowded = crowded

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        c, rect = self.c, self.rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = 12.0 if self.small else 15.0
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.shadow)
        painter.drawRoundedRect(rect.translated(0, 1.8), radius, radius)
        painter.save()
        shape = QPainterPath()
        shape.addRoundedRect(rect, radius, radius)
        painter.setClipPath(shape)
        if self.mainland:
            painter.fillRect(rect, c.land)
            hills = QPainterPath()
            base = rect.top() + rect.height() * 0.42
            hills.moveTo(rect.left(), base + 6)
            hills.quadTo(rect.left() + rect.width() * 0.25, base - 12,
                         rect.left() + rect.width() * 0.5, base + 2)
            hills.quadTo(rect.left() + rect.width() * 0.75, base - 14, rect.right(), base)
            hills.lineTo(rect.right(), rect.bottom())
            hills.lineTo(rect.left(), rect.bottom())
            hills.closeSubpath()
            painter.setBrush(c.land_dark)
            painter.drawPath(hills)
        else:
            painter.fillRect(rect, c.water)
            painter.setBrush(c.sand)
            painter.setPen(QPen(c.sand_edge, 1.2))
            painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), radius - 4, radius - 4)
            if not (self.small and self.crowded):
                self._temple(painter, rect)
        painter.restore()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        edge = mix(c.land_dark if self.mainland else c.water_edge, "#000000", 0.15)
        painter.setPen(QPen(edge, 1.2))
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(c.text)
        painter.setFont(_font(11 if not self.small else 10, 650))
        text = "Festland" if self.mainland else "Atlantis"
        painter.drawText(QRectF(rect.left() - 20, rect.bottom() + 2, rect.width() + 40, 15),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)

    def _temple(self, painter: QPainter, rect: QRectF) -> None:
        # A small pediment and columns: the sunken city, kept in the sand's own tone.
        ink = mix(self.c.sand_edge, "#FFFFFF" if self.c.dark else "#000000", 0.15)
        w = min(rect.width() * 0.42, 28)
        cx, top = rect.center().x(), rect.top() + (9 if self.small else 12)
        painter.setPen(QPen(ink, 1.4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        roof = QPolygonF([QPointF(cx - w / 2, top + 6), QPointF(cx, top),
                          QPointF(cx + w / 2, top + 6)])
        painter.drawPolygon(roof)
        for k in range(4):
            x = cx - w / 2 + 3 + k * (w - 6) / 3
            painter.drawLine(QPointF(x, top + 8), QPointF(x, top + 15))
        painter.drawLine(QPointF(cx - w / 2, top + 16.5), QPointF(cx + w / 2, top + 16.5))


class _NumbersItem(_Item):
    """Small muted position numbers under the tiles."""

    def __init__(self, layout: Layout, state: State, c: BoardColours):
        super().__init__(QRectF(0, 0, layout.size.width(), layout.size.height()), Z_MARK)
        self.layout, self.state, self.c = layout, state, c

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        # The numbers are read, not looked at: on screen they follow the app's text size, as
        # far as the room under a tile allows, however small the view has scaled the board.
        scale = max(abs(painter.worldTransform().m11()), 0.1)
        pixels = min(self.layout.number_font * text_factor() / scale, NUMBER_ROOM)
        self.screen_pixels = pixels * scale
        painter.setPen(self.c.muted)
        painter.setFont(_font(round(pixels * 4) / 4))
        for p in self.layout.order:
            if p in (ATLANTIS, MAINLAND):
                continue
            rect = self.layout.rects[p]
            painter.drawText(QRectF(rect.left() - 8, rect.bottom() + 3, rect.width() + 16,
                                    NUMBER_ROOM + 2),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, str(p))


def _draw_pawn_disc(painter: QPainter, centre: QPointF, radius: float, player: int,
                    c: BoardColours, letter_px: float | None = None) -> None:
    fill = QColor(PLAYER_COLOURS[player % len(PLAYER_COLOURS)])
    ink = ink_on(fill)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(c.shadow)
    painter.drawEllipse(QPointF(centre.x(), centre.y() + 1.8), radius, radius)
    painter.setPen(QPen(ink, max(1.5, radius * 0.17)))
    painter.setBrush(fill)
    painter.drawEllipse(centre, radius, radius)
    if player == 1:
        # A white pawn needs a dark rim to stand out from white tiles and light pages.
        painter.setPen(QPen(with_alpha(INK, 200), 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius + 0.9, radius + 0.9)
    painter.setPen(ink)
    painter.setFont(_font(letter_px or radius * 1.05, 700))
    box = QRectF(centre.x() - radius, centre.y() - radius - 0.8, 2 * radius, 2 * radius)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, PLAYER_LETTERS[player])


class _PawnItem(_Item):
    def __init__(self, centre: QPointF, radius: float, player: int, c: BoardColours,
                 ring: str | None):
        super().__init__(QRectF(centre.x() - radius - 6, centre.y() - radius - 6,
                                2 * radius + 12, 2 * radius + 14), Z_PAWN)
        self.centre, self.radius, self.player, self.c, self.ring = centre, radius, player, c, \
            ring

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.ring == "arrival":
            # Where the pawn is going: the same pawn, see-through, with a dashed rim.
            painter.setOpacity(0.5)
            _draw_pawn_disc(painter, self.centre, self.radius, self.player, self.c)
            painter.setOpacity(1.0)
            pen = QPen(self.c.text, 1.4, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.centre, self.radius + 2.5, self.radius + 2.5)
            return
        if self.ring is not None:
            style = Qt.PenStyle.SolidLine if self.ring == "selected" else Qt.PenStyle.DashLine
            pen = QPen(self.c.accent if self.ring == "selected" else self.c.text, 2.6, style)
            painter.setPen(pen)
            painter.setBrush(with_alpha(self.c.glow, 90) if self.ring == "selected"
                             else Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.centre, self.radius + 4, self.radius + 4)
        _draw_pawn_disc(painter, self.centre, self.radius, self.player, self.c)


class _GhostItem(_Item):
    """Where the moved pawn stood before: a faint dashed circle."""

    def __init__(self, centre: QPointF, radius: float, c: BoardColours):
        super().__init__(QRectF(centre.x() - radius - 3, centre.y() - radius - 3,
                                2 * radius + 6, 2 * radius + 6), Z_PAWN)
        self.centre, self.radius, self.c = centre, radius, c

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.c.muted, 1.6, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(with_alpha(self.c.background, 150))
        painter.drawEllipse(self.centre, self.radius, self.radius)


class _CostLabel(_Item):
    """The price of a crossed gap, floating over its water."""

    def __init__(self, layout: Layout, gap: Gap, water: list[int], c: BoardColours):
        rects = layout.rects
        row_top = min(rects[p].top() for p in water)
        on_row = [p for p in water if rects[p].top() == row_top]
        left = min(rects[p].left() for p in on_row)
        right = max(rects[p].right() for p in on_row)
        self.text = "Brücke: 0" if gap.bridge is not None else f"kostet {gap.cost}"
        metrics = QFontMetricsF(_font(11.5, 700))
        width = metrics.horizontalAdvance(self.text) + 14
        centre_x = (left + right) / 2
        self.box = QRectF(centre_x - width / 2, row_top - 25, width, 19)
        super().__init__(self.box.adjusted(-2, -2, 2, 6), Z_LABEL)
        self.c, self.free = c, gap.bridge is not None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        c, box = self.c, self.box
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        back = c.free_label_bg if self.free else c.label_bg
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(back)
        painter.drawRoundedRect(box, 9.5, 9.5)
        tip = QPolygonF([QPointF(box.center().x() - 5, box.bottom() - 0.5),
                         QPointF(box.center().x() + 5, box.bottom() - 0.5),
                         QPointF(box.center().x(), box.bottom() + 5)])
        painter.drawPolygon(tip)
        painter.setPen(ink_on(back))
        painter.setFont(_font(11.5, 700))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


class _ArrowItem(_Item):
    """An arc from the pawn's landing to the tile it takes."""

    def __init__(self, start: QRectF, end: QRectF, c: BoardColours):
        a = QPointF(start.center().x(), start.top() - 2)
        b = QPointF(end.center().x(), end.top() - 3)
        lift = 26 + min(40.0, abs(a.x() - b.x()) * 0.15)
        control = QPointF((a.x() + b.x()) / 2, min(a.y(), b.y()) - lift)
        path = QPainterPath(a)
        path.quadTo(control, b)
        self.path, self.end, self.control = path, b, control
        super().__init__(path.boundingRect().adjusted(-10, -10, 10, 10), Z_LABEL)
        self.c = c

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        halo = QPen(self.c.background, 6)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(halo)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)
        pen = QPen(self.c.accent, 2.6)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPath(self.path)
        tangent = self.path.pointAtPercent(0.9)
        angle = math.atan2(self.end.y() - tangent.y(), self.end.x() - tangent.x())
        size = 9.0
        left = QPointF(self.end.x() - size * math.cos(angle - 0.45),
                       self.end.y() - size * math.sin(angle - 0.45))
        right = QPointF(self.end.x() - size * math.cos(angle + 0.45),
                        self.end.y() - size * math.sin(angle + 0.45))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.c.accent)
        painter.drawPolygon(QPolygonF([self.end, left, right]))


# --- views -------------------------------------------------------------------------------------


class SceneView(QGraphicsView):
    """A calm, frameless view that always shows its whole scene, scaled to fit."""

    def __init__(self, parent: QWidget | None = None, max_scale: float = 1.35):
        super().__init__(parent)
        self.max_scale = max_scale
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setStyleSheet("background: transparent;")
        self.viewport().setAutoFillBackground(False)

    def fit(self) -> None:
        scene = self.scene()
        if scene is None:
            return
        rect = scene.sceneRect()
        view = self.viewport().rect()
        if rect.width() <= 0 or rect.height() <= 0 or view.width() <= 2 or view.height() <= 2:
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height(), self.max_scale)
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(rect.center())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()


class MiniBoard(SceneView):
    """A compact, non-interactive drawing of one stretch of the path (quiz, pitfall cards).

    ``MiniBoard(state, first, last, highlights=None, colours=None, shown=None)``: positions
    ``first`` … ``last`` in one row (0 adds Atlantis; past the last position, e.g. ``MAINLAND``,
    adds the mainland). ``shown`` instead names the places to draw: runs left out become a "…",
    and a long stretch winds into further rows rather than losing a place. ``colours`` None
    follows the application's light or dark palette.
    """

    HEIGHT = 90  # one row

    def __init__(self, state: State, first: int, last: int,
                 highlights: Highlights | None = None, colours: Colours | None = None,
                 parent: QWidget | None = None, shown=None):
        super().__init__(parent, max_scale=1.0)
        self.state, self.first, self.last = state, first, last
        self.shown = tuple(shown) if shown is not None else None
        self.highlights = highlights
        self.colours = colours
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setInteractive(False)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._rebuild()

    def _rebuild(self) -> None:
        old = self.scene()
        if self.shown is not None:
            self.board = stretch_scene(self.state, self.shown, self.highlights, self.colours)
        else:
            self.board = strip_scene(self.state, self.first, self.last, self.highlights,
                                     self.colours)
        self.board.setParent(self)
        self.setScene(self.board)
        if old is not None:
            old.deleteLater()
        one_row = TOP + TILE + BOTTOM
        self.setFixedHeight(round(self.HEIGHT * self.board.layout.size.height() / one_row))
        self.setAccessibleName(layout_description(self.state, self.board.layout))
        self.fit()

    def set_state(self, state: State, first: int, last: int,
                  highlights: Highlights | None = None, shown=None) -> None:
        self.state, self.first, self.last, self.highlights = state, first, last, highlights
        self.shown = tuple(shown) if shown is not None else None
        self._rebuild()

    def places(self) -> set[int]:
        """Every place drawn (``MAINLAND`` for the mainland)."""
        return set(self.board.layout.rects)

    def sizeHint(self) -> QSize:
        size = self.board.layout.size
        return QSize(min(size.width(), 720), self.height())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if hasattr(self, "board") and self.colours is None and event.type() in (
                QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and self.board.colours != board_colours(palette_colours()):
            self._rebuild()


def layout_description(state: State, layout: Layout) -> str:
    """The drawing in words, for screen readers, with "…" where places are left out."""
    parts = []
    for a, b in zip([None, *layout.order], layout.order, strict=False):
        if (a, b) in layout.elided:
            parts.append("…")
        parts.append(_place_words(state, b))
    return "Spielbrett-Ausschnitt: " + ", ".join(parts)


def _place_words(state: State, p: int) -> str:
    if p == ATLANTIS:
        return "Atlantis"
    if p == MAINLAND:
        return "Festland"
    pos = state.position(p)
    text = f"Feld {p}: " + ("Wasser" if pos.is_water else f"{pos.top.item.label} {pos.top.value}")
    owner = pawn_owner(state, p)
    if owner is not None:
        text += f" (Figur {PLAYER_NAMES[owner]})"
    return text


def strip_description(state: State, first: int, last: int) -> str:
    """The drawing in words, for screen readers: ``Feld 1: Helm 2 (Figur Weiß) …``."""
    parts = []
    n = len(state.path)
    if first <= ATLANTIS:
        parts.append("Atlantis")
    for p in range(max(1, first), min(last, n) + 1):
        pos = state.position(p)
        text = f"Feld {p}: " + ("Wasser" if pos.is_water else
                                f"{pos.top.item.label} {pos.top.value}")
        owner = pawn_owner(state, p)
        if owner is not None:
            text += f" (Figur {PLAYER_NAMES[owner]})"
        parts.append(text)
    if last > n:
        parts.append("Festland")
    return "Spielbrett-Ausschnitt: " + ", ".join(parts)


@dataclass(frozen=True)
class Drawing:
    """What to draw for a position and a move: the stretch around it, with highlights."""

    state: State
    first: int
    last: int
    highlights: Highlights
    shown: tuple[int, ...] = ()  # every place to draw (``MAINLAND`` for the mainland)


STRIP_MAX = 11  # positions in one strip before it gets too small to read


def drawing_for(position: str, action: str = "", also=(), whole: bool = True) -> Drawing:
    """The stretch of ``position`` (engine notation) that ``action`` is about.

    ``action`` is a move in the engine's notation, optionally prefixed with ``?`` (a question
    of legality, as in worked examples), or ``zeigen``/empty for the position alone. Parts
    before the pawn move (buying, a bridge) are applied first, so the drawing shows them.
    An illegal move still shows where its cards lead. Every place from the start (or the tile
    taken, if further back) to one past the landing is shown, so each field passed and each gap
    crossed with both its tiles is in the picture; ``also`` adds further places (a "…" stands
    for what lies between). ``whole=False`` leaves out the stretch in between, showing the
    start, the landing, the tile taken and ``also`` only. Raises ``RulesError`` for a position
    that cannot be read.
    """
    from app.rules.atlantis import Advance, Turn, apply, parse_move, parse_state, target
    from app.rules.errors import RulesError

    state = parse_state(position)
    n = len(state.path)
    text = action.strip().removeprefix("?").strip()
    try:
        move = parse_move(text) if text and text != "zeigen" else None
    except RulesError:
        move = None
    parts = move.parts if isinstance(move, Turn) else (() if move is None else (move,))
    marks = NO_HIGHLIGHTS
    spots: list[int] = []
    for part in parts:
        if isinstance(part, Advance):
            # A move refused only for its payment or late bridge still shows its path.
            for attempt in (part, Advance(part.origin, part.cards)):
                try:
                    _, outcome = apply(state, attempt)
                except RulesError:
                    continue
                marks = Highlights.for_outcome(outcome)
                spots = [part.origin, outcome.movement.landing]
                if outcome.movement.taken.position is not None:
                    spots.append(outcome.movement.taken.position)
                break
            else:
                marks, spots = _walk_marks(state, part, target)
            break
        if not hasattr(part, "origin"):
            try:
                state, _ = apply(state, part)
            except RulesError:
                break
            continue
        try:  # a final move (Finish): the gaps on its way home
            _, outcome = apply(state, part)
            marks = Highlights.for_outcome(outcome)
            spots = [part.origin, n + 1]
        except RulesError:
            pass
        break
    extra = {n + 1 if p == MAINLAND else p for p in also}
    if not spots:
        last = min(n, STRIP_MAX) + (1 if n <= STRIP_MAX else 0)
        shown = {*range(0, last + 1), *extra}
    else:
        spots = [n + 1 if s == MAINLAND else s for s in spots]
        stretch = (range(max(ATLANTIS, min(spots) - 1), min(n + 1, max(spots) + 1) + 1)
                   if whole else spots)
        shown = {*stretch, *extra}
    shown = {p for p in shown if ATLANTIS <= p <= n + 1}
    places = tuple(sorted(MAINLAND if p == n + 1 else p for p in shown))
    return Drawing(state, min(shown), max(shown), marks, places)


def _walk_marks(state: State, advance, target) -> tuple[Highlights, list[int]]:
    """Targets of the cards of a move the rules refuse, so the drawing can still show them."""
    from app.rules.atlantis import pawn_at

    loc = advance.origin
    targets, passed = [], []
    for card in advance.cards:
        loc = target(state, loc, card)
        targets.append(loc)
        if loc != MAINLAND and pawn_at(state, loc) is not None:
            passed.append(loc)
    crossed = tuple(g for g in gaps(state) if advance.origin < g.first and
                    (loc == MAINLAND or g.last < loc))
    marks = Highlights(targets=tuple(targets), passed=tuple(passed), gaps=crossed,
                       ghost=advance.origin, player=state.turn)
    return marks, [advance.origin, *targets]


__all__ = [
    "DEFAULT_COLUMNS",
    "PLAYER_COLOURS",
    "PLAYER_NAMES",
    "AtlantisScene",
    "BoardColours",
    "Drawing",
    "Highlights",
    "Hit",
    "Layout",
    "MiniBoard",
    "SceneView",
    "board_scene",
    "draw_glyph",
    "drawing_for",
    "glyph_pixmap",
    "ink_on",
    "player_name",
    "snake_layout",
    "stretch_layout",
    "stretch_scene",
    "strip_layout",
    "strip_scene",
]

