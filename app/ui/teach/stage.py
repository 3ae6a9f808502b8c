"""The one adapter between the teaching mode and each game's board drawing.

A :class:`Stage` shows a state, plays a demonstrated move as a short animation and marks a
move that is only being considered („Erster Zug“). It uses the drawing widgets as they are
(:mod:`app.ui.boards`) and paints what they lack – the pawn walking its path, the tower
being set and the line it completes, the boat or creature crossing – on a transparent
overlay above them. Animations run on a QVariantAnimation: they never hold the event loop,
and :meth:`Stage.finish` jumps to their end at once when the next key arrives.

Painting a whole board takes longer than a frame (the Atlantis path at 1920×1080 ~25 ms), so
the drawing is painted once per (position, marks, size, pixel ratio, theme) into a pixmap and
every later paint – each frame of an animation, each return to a screen – is one blit of it.
:meth:`Stage.prepare` paints the pictures the next press will need while the table listens.

:func:`stage_for` is the only place that knows which drawing belongs to which game; when the
UI registry of what each game offers exists, it becomes an entry there.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QRegion
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from app.ui.theme import palette_colours, with_alpha

HOP_MS = 320  # one hop of a pawn or boat: slow enough to follow from across the table
SET_MS = 420  # a tower or tile appearing or going
ROLL_MS = 900  # the creature die tumbling to its face
# Painted boards kept for going back and forth: a 1920×1080 board is ~4 MB, at 3840×2160 ~16.
CACHE_BYTES = 192 * 1024 * 1024
SCENES_KEPT = 48

Frame = tuple[Any, Any, bool]  # (state, demo, final): one picture of the board


class _Overlay(QWidget):
    """Transparent, on top of the board, painted by its stage."""

    def __init__(self, stage: Stage):
        super().__init__(stage)
        self.stage = stage
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.stage.paint_overlay(painter)
        painter.end()


class Stage(QWidget):
    """A game's board for the table. Subclasses make ``self.board`` and map cells to points."""

    finished = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.state: Any = None
        self.progress = 1.0  # of the running animation, 0 … 1
        self.current: Any = None  # the DemoMove-like record being shown (before, move, after, …)
        self.considered: Any = None  # (before, move, after, outcome) marked but not played
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setEasingCurve(QEasingCurve.Type.InOutSine)
        self._animation.valueChanged.connect(self._step)
        self._animation.finished.connect(self._done)
        self.overlay = _Overlay(self)
        self._frame: Frame | None = None  # what the board widget is set to
        self._frame_key: Hashable = None
        self._pictures: OrderedDict[tuple, QPixmap] = OrderedDict()
        self._picture_bytes = 0
        self._painting_board = False  # let the drawing's own paint through (into a picture)
        self._queue: list[Frame] = []
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(0)
        self._idle.timeout.connect(self._prepare_one)
        self.painted_fresh = 0  # pictures painted from scratch (tests, benchmark)

    def use_board(self, board: QWidget) -> None:
        """Adopt ``board`` (the game's drawing): its paints become blits of cached pictures."""
        self.board = board
        self._canvas().installEventFilter(self)

    # -- what the presentation calls ---------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    def show_state(self, state: Any) -> None:
        """``state`` at rest, nothing marked."""
        self._animation.stop()
        self.current = self.considered = None
        self.progress = 1.0
        self.state = state
        self._set_frame(state, None, True)
        self.overlay.update()

    def play(self, demo: Any, animate: bool = True) -> None:
        """Play ``demo`` (``before``, ``move``, ``after``, ``outcome``) from ``before``."""
        self._animation.stop()
        self.considered = None
        self.current = demo
        self.state = demo.before
        duration = self.duration(demo)
        if not animate or duration <= 0:
            self.progress = 1.0
            self._done()
            return
        self.progress = 0.0
        self._set_frame(demo.before, demo, False)
        self._animation.setDuration(duration)
        self._animation.start()

    def consider(self, before: Any, move: Any, after: Any, outcome: Any) -> None:
        """Mark a legal move that is not played yet (the practice turn)."""
        self._animation.stop()
        self.current = None
        self.considered = Played(before, move, after, outcome)
        self.state = before
        self.progress = 1.0
        self._set_frame(before, self.considered, False)
        self.overlay.update()

    def finish(self) -> None:
        """Jump to the end of a running animation (a key never waits for one)."""
        if self.animating:
            self._animation.stop()
            self._done()

    def redraw(self) -> None:
        """Paint the board now (the benchmark's unit)."""
        self.board.repaint()
        self.overlay.repaint()

    def paint_board_uncached(self, painter: QPainter) -> None:
        """The drawing painted from scratch, as without the cache (the benchmark's baseline)."""
        self._painting_board = True
        try:
            # As on screen: no window background filled behind the drawing's own paint.
            self._canvas().render(painter, QPoint(), QRegion(),
                                  QWidget.RenderFlag.DrawChildren)
        finally:
            self._painting_board = False

    @staticmethod
    def frames(demo: Any) -> list[Frame]:
        """The pictures playing ``demo`` shows: the move under way, then its result."""
        return [(demo.before, demo, False), (demo.after, demo, True)]

    def prepare(self, frames: Iterable[Frame]) -> None:
        """Paint ``frames`` into the cache when the event loop is idle, one per turn, so a key
        pressed meanwhile waits for one picture at most."""
        self._queue = [f for f in frames if self._picture_key(self._key_of(*f)) not in
                       self._pictures]
        if self._queue:
            self._idle.start()

    def picture(self) -> QPixmap | None:
        """The cached picture of the board as shown now, if it was painted yet."""
        if self._frame is None:
            return None
        return self._pictures.get(self._picture_key(self._frame_key))

    @property
    def preparing(self) -> bool:
        return bool(self._queue)

    def drop_pictures(self) -> None:
        self._pictures.clear()
        self._picture_bytes = 0

    # -- the picture cache -------------------------------------------------------------------

    def _canvas(self) -> QWidget:
        """The widget the drawing paints on (a scene view paints on its viewport)."""
        board = self.board
        return board.viewport() if isinstance(board, QAbstractScrollArea) else board

    def _key_of(self, state: Any, demo: Any, final: bool) -> Hashable:
        return _Key((state, self.marks(state, demo, final)))

    def _set_frame(self, state: Any, demo: Any, final: bool) -> None:
        key = self._key_of(state, demo, final)
        self._frame = (state, demo, final)
        if key != self._frame_key:
            self._frame_key = key
            self.draw(state, demo, final=final)
            self._canvas().update()

    def _picture_key(self, frame_key: Hashable) -> tuple:
        canvas = self._canvas()
        colours = palette_colours()
        return (frame_key, canvas.width(), canvas.height(), canvas.devicePixelRatioF(),
                colours.bg, colours.accent)

    def _picture(self) -> QPixmap | None:
        """The cached picture of the frame shown; ``None`` if it was not painted yet – then
        the drawing paints itself (a paint event cannot render into a picture) and the picture
        is made when the loop is idle, for the frames of an animation and the way back."""
        if self._frame is None:
            return None
        key = self._picture_key(self._frame_key)
        picture = self._pictures.get(key)
        if picture is None:
            if self._frame not in self._queue:
                self._queue.insert(0, self._frame)
            self._idle.start()
        else:
            self._pictures.move_to_end(key)
        return picture

    def _paint_picture(self, key: tuple) -> QPixmap | None:
        canvas = self._canvas()
        if canvas.width() <= 0 or canvas.height() <= 0:
            return None
        ratio = canvas.devicePixelRatioF()
        picture = QPixmap(round(canvas.width() * ratio), round(canvas.height() * ratio))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        self.paint_board_uncached(painter)
        painter.end()
        self.painted_fresh += 1
        self._pictures[key] = picture
        self._picture_bytes += picture.width() * picture.height() * 4
        while self._picture_bytes > CACHE_BYTES and len(self._pictures) > 1:
            _old, dropped = self._pictures.popitem(last=False)
            self._picture_bytes -= dropped.width() * dropped.height() * 4
        return picture

    def _prepare_one(self) -> None:
        while self._queue:
            frame = self._queue.pop(0)
            key = self._key_of(*frame)
            if self._picture_key(key) in self._pictures:
                continue
            shown, shown_key = self._frame, self._frame_key
            # Set the drawing to the coming frame, paint it, set it back: no paint event
            # runs in between, so nothing of the coming frame ever reaches the screen.
            self.draw(frame[0], frame[1], final=frame[2])
            self._paint_picture(self._picture_key(key))
            if shown is not None:
                self.draw(shown[0], shown[1], final=shown[2])
            self._frame, self._frame_key = shown, shown_key
            break
        if self._queue:
            self._idle.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._painting_board \
                and watched is self._canvas():
            picture = self._picture()
            if picture is not None:
                painter = QPainter(watched)
                painter.drawPixmap(0, 0, picture)
                painter.end()
                return True
        return super().eventFilter(watched, event)

    # -- the animation -----------------------------------------------------------------------

    def _step(self, value) -> None:
        self.progress = float(value)
        self.overlay.update()

    def _done(self) -> None:
        self.progress = 1.0
        if self.current is not None:
            self.state = self.current.after
            self._set_frame(self.current.after, self.current, True)
        self.overlay.update()
        self.finished.emit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_board()
        self.overlay.setGeometry(self.rect())
        self.overlay.raise_()

    # -- per game ----------------------------------------------------------------------------

    board: QWidget

    def fit_board(self) -> None:
        self.board.setGeometry(self.rect())

    def duration(self, demo: Any) -> int:
        return 0

    def plays_out(self, record: Any) -> bool:
        """Whether the board plays ``record`` out as a move of the game (offered first in the
        practice turn)."""
        return self.duration(record) > 0

    def marks(self, state: Any, demo: Any, final: bool) -> Hashable:
        """What the drawing marks on ``state`` for this frame (with the state, the cache key)."""
        return None

    def draw(self, state: Any, demo: Any, *, final: bool) -> None:
        """Set the drawing to ``state`` with the marks of this frame (it is painted later)."""
        raise NotImplementedError

    def paint_overlay(self, painter: QPainter) -> None:
        """Paint what the drawing lacks; board coordinates via :meth:`board_point`."""

    def board_point(self, point: QPointF) -> QPointF:
        return QPointF(self.board.pos()) + point


class _Key:
    """A frame's key with its hash computed once: hashing a whole position on every paint of
    an animation would cost more than the blit it looks up."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Hashable):
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and (self is other or (
            self.hash == other.hash and self.value == other.value))


class Played:
    """A move with the positions around it and its outcome (what :meth:`Stage.play` takes)."""

    __slots__ = ("after", "before", "move", "outcome")

    def __init__(self, before, move, after, outcome):
        self.before, self.move, self.after, self.outcome = before, move, after, outcome


def _along(points: list[QPointF], t: float) -> QPointF:
    """The point a fraction ``t`` along the polyline ``points`` (equal time per hop)."""
    if len(points) == 1:
        return points[0]
    hops = len(points) - 1
    x = min(max(t, 0.0), 1.0) * hops
    index = min(int(x), hops - 1)
    f = x - index
    a, b = points[index], points[index + 1]
    return QPointF(a.x() + (b.x() - a.x()) * f, a.y() + (b.y() - a.y()) * f)


def _trail(painter: QPainter, points: list[QPointF], colour: QColor, width: float) -> None:
    if len(points) < 2:
        return
    path = QPainterPath(points[0])
    for point in points[1:]:
        path.lineTo(point)
    pen = QPen(with_alpha(colour, 150), width, Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


def _ring(painter: QPainter, centre: QPointF, radius: float, colour: QColor, width: float,
          style=Qt.PenStyle.SolidLine) -> None:
    painter.setPen(QPen(colour, width, style))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, radius, radius)


# --- Atlantis ----------------------------------------------------------------------------------


class AtlantisStage(Stage):
    """The whole path as a scene, scaled to the stage; the pawn walks card by card."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from app.ui.boards.atlantis_scene import SceneView

        board = SceneView(self, max_scale=4.0)
        board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        board.setInteractive(False)
        board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.use_board(board)
        self.scene = None
        # Building a scene costs a few ms; going back and forth reuses the ones built.
        self._scenes: OrderedDict[tuple, Any] = OrderedDict()

    @staticmethod
    def _segments(record) -> list[tuple[str, Any, int]]:
        """The parts of a turn in the order they happen, each with its time: cards bought,
        a bridge laid before the move, the pawn's walk, a bridge laid after it (R3)."""
        outcome = getattr(record, "outcome", None)
        if outcome is None:
            return []
        parts: list[tuple[str, Any, int]] = []
        if getattr(outcome, "purchase", None) is not None:
            parts.append(("buy", outcome.purchase, 2 * SET_MS))
        bridges = getattr(outcome, "bridges", ())
        parts += [("bridge", b, 2 * SET_MS) for b in bridges if not b.after_move]
        movement = getattr(outcome, "movement", None)
        if movement is not None:
            parts.append(("walk", movement, HOP_MS * (len(movement.steps) + 1)))
        parts += [("bridge", b, 2 * SET_MS) for b in bridges if b.after_move]
        return parts

    def duration(self, demo) -> int:
        return sum(ms for _kind, _part, ms in self._segments(demo))

    def plays_out(self, record) -> bool:
        # A pawn's walk, not the bridge or a purchase alone: the practice turn starts there.
        return getattr(getattr(record, "outcome", None), "movement", None) is not None

    def _timeline(self, record) -> list[tuple[str, Any, float]]:
        """Each segment with how far it has come (0 … 1) at the current progress; a move only
        considered shows every part complete."""
        parts = self._segments(record)
        total = sum(ms for _k, _p, ms in parts)
        if not total:
            return []
        at = (self.progress if self.considered is None else 1.0) * total
        timeline, start = [], 0.0
        for kind, part, ms in parts:
            timeline.append((kind, part, min(1.0, max(0.0, (at - start) / ms))))
            start += ms
        return timeline

    def marks(self, state, demo, final: bool):
        from app.ui.boards.atlantis_scene import Highlights

        outcome = getattr(demo, "outcome", None)
        movement = getattr(outcome, "movement", None)
        if movement is None:
            return None
        if not final:
            return Highlights.for_outcome(outcome)
        return Highlights(targets=(movement.landing,), ghost=movement.origin,
                          player=outcome.player)

    def draw(self, state, demo, *, final: bool) -> None:
        from app.ui.boards.atlantis_scene import board_scene

        highlights = self.marks(state, demo, final)
        key = (state, highlights, palette_colours().bg)
        scene = self._scenes.get(key)
        if scene is None:
            scene = board_scene(state, highlights)
            scene.setParent(self.board)
            self._scenes[key] = scene
            while len(self._scenes) > SCENES_KEPT:
                _old, dropped = self._scenes.popitem(last=False)
                if dropped is not self.scene:
                    dropped.deleteLater()
        else:
            self._scenes.move_to_end(key)
        self.scene = scene
        if self.board.scene() is not scene:
            self.board.setScene(scene)
        self.board.fit()
        self.board.setAccessibleName(f"Spielbrett: {_atlantis_words(state)}")

    def _path(self) -> tuple[list[QPointF], int] | None:
        record = self.current if self.current is not None else self.considered
        movement = getattr(getattr(record, "outcome", None), "movement", None)
        if movement is None or self.scene is None:
            return None
        player = record.outcome.player
        start = self.scene.pawn_centre(movement.origin, player) or \
            self.scene.rect_of(movement.origin).center()
        points = [start]
        for step in movement.steps:
            rect = self.scene.rect_of(step.target)
            if rect is not None:
                points.append(rect.center())
        return [self._to_overlay(p) for p in points], player

    def _to_overlay(self, scene_point: QPointF) -> QPointF:
        return self.board_point(QPointF(self.board.mapFromScene(scene_point)))

    def paint_overlay(self, painter: QPainter) -> None:
        if self.current is not None and self.progress >= 1.0:
            return  # the scene shows the result itself
        record = self.current if self.current is not None else self.considered
        if record is None or self.scene is None:
            return
        for kind, part, t in self._timeline(record):
            if t <= 0.0:
                continue
            if kind == "walk":
                self._paint_walk(painter, t)
            elif kind == "bridge":
                self._paint_plank(painter, part, t, record.outcome.player)
            elif kind == "buy" and (t < 1.0 or self.considered is not None):
                self._paint_purchase(painter, part, t)

    def _paint_walk(self, painter: QPainter, t: float) -> None:
        from app.ui.boards.atlantis_scene import PAWN_R, PLAYER_COLOURS, PLAYER_LETTERS

        found = self._path()
        if found is None:
            return
        points, player = found
        scale = self.board.transform().m11()
        colours = palette_colours()
        _trail(painter, points, QColor(colours.accent), max(2.0, 2.2 * scale))
        centre = _along(points, t)
        radius = PAWN_R * scale * 1.15
        fill = QColor(PLAYER_COLOURS[player % len(PLAYER_COLOURS)])
        painter.setPen(QPen(QColor(colours.text), max(1.5, radius * 0.16)))
        painter.setBrush(fill)
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(QColor("#1F2328") if fill.lightness() > 140 else QColor("#FFFFFF"))
        font = QFont(self.font())
        font.setPixelSize(max(8, round(radius * 1.05)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                         Qt.AlignmentFlag.AlignCenter, PLAYER_LETTERS[player])

    def _plank_points(self, gap) -> list[QPointF]:
        """From the tile before the gap across its water to the tile after it."""
        scene = self.scene
        points = []
        for position in range(gap.first - 1, gap.last + 2):
            rect = scene.rect_of(position)
            if rect is not None:
                points.append(self._to_overlay(rect.center()))
        return points

    def _paint_plank(self, painter: QPainter, placement, t: float, player: int) -> None:
        """The bridge is laid plank by plank from one bank of the gap to the other."""
        from app.ui.boards.atlantis_scene import PLAYER_COLOURS

        points = self._plank_points(placement.gap)
        if len(points) < 2:
            return
        # Only the water part: start and end half way into the bordering tiles' edges.
        points[0] = _along(points[:2], 0.5)
        points[-1] = _along(points[-2:], 0.5)
        scale = self.board.transform().m11()
        colours = self.scene.colours
        path = QPainterPath(points[0])
        hops = len(points) - 1
        reach = t * hops
        for index in range(1, len(points)):
            if index <= reach:
                path.lineTo(points[index])
            else:
                path.lineTo(_along(points[index - 1:index + 1], reach - (index - 1)))
                break
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((colours.plank_edge, 17.0), (colours.plank, 14.0)):
            pen = QPen(colour, width * scale)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPath(path)
        if t >= 1.0:
            # The owner's colour on the finished plank, as the drawing marks a laid bridge.
            middle = _along(points, 0.5)
            radius = 5.5 * scale
            painter.setPen(QPen(QColor(colours.text), max(1.0, scale)))
            painter.setBrush(QColor(PLAYER_COLOURS[player % len(PLAYER_COLOURS)]))
            painter.drawEllipse(middle, radius, radius)

    def _paint_purchase(self, painter: QPainter, purchase, t: float) -> None:
        """The tile goes back into the box and the cards it buys come in, one after another."""
        from app.ui.boards.atlantis_scene import draw_glyph, ink_on, paint_tile

        scale = self.board.transform().m11()
        side = 44.0 * scale * 1.3
        centre = QPointF(self.width() / 2, self.height() / 2)
        colours = self.scene.colours
        cards = list(purchase.draw.cards)
        width = side * (1.6 + 0.75 * max(1, len(cards)))
        panel = QRectF(centre.x() - width / 2, centre.y() - side, width, 2 * side)
        painter.setPen(QPen(QColor(colours.muted), max(1.0, scale)))
        painter.setBrush(with_alpha(QColor(colours.background), 235))
        painter.drawRoundedRect(panel, side * 0.2, side * 0.2)
        gone = min(1.0, t / 0.45)
        tile_rect = QRectF(panel.left() + side * 0.3, centre.y() - side / 2 - gone * side * 0.4,
                           side, side)
        painter.save()
        painter.setOpacity(1.0 - 0.75 * gone)
        painter.translate(tile_rect.topLeft())
        painter.scale(side / 44.0, side / 44.0)
        paint_tile(painter, QRectF(0, 0, 44, 44), (purchase.tile,), colours)
        painter.restore()
        shown = len(cards) if t >= 1.0 else int(max(0.0, t - 0.35) / 0.65 * len(cards) + 0.999)
        card_w, card_h = side * 0.62, side * 0.88
        x = tile_rect.right() + side * 0.45
        for item in cards[:shown]:
            # Colour and the item's symbol, never colour alone.
            card = QRectF(x, centre.y() - card_h / 2, card_w, card_h)
            fill = QColor(item.colour)
            painter.setPen(QPen(QColor(colours.text), max(1.0, 1.2 * scale)))
            painter.setBrush(fill)
            painter.drawRoundedRect(card, card_w * 0.14, card_w * 0.14)
            glyph = card_w * 0.62
            draw_glyph(painter, item, ink_on(fill),
                       QRectF(card.center().x() - glyph / 2, card.center().y() - glyph / 2,
                              glyph, glyph))
            x += card_w * 1.2


def _atlantis_words(state) -> str:
    from app.ui.boards.atlantis_scene import layout_description, snake_layout

    return layout_description(state, snake_layout(len(state.path), 11))


# --- Atacama -----------------------------------------------------------------------------------


class AtacamaStage(Stage):
    """The 9×9 plan; a tower grows on its square, then the lines of 4 or more it is in."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from app.ui.boards.atacama_board import AtacamaBoardWidget

        board = AtacamaBoardWidget(parent=self)
        board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.use_board(board)

    def fit_board(self) -> None:
        self.board.setFixedSize(self.size())
        self.board.move(0, 0)

    def _square(self, record) -> int | None:
        square = getattr(getattr(record, "move", None), "square", None)
        return square if isinstance(square, int) else None

    def duration(self, demo) -> int:
        return SET_MS if self._square(demo) is not None else 0

    def marks(self, state, demo, final: bool):
        return self._square(demo) if final else None

    def draw(self, state, demo, *, final: bool) -> None:
        self.board.set_state(state, self.marks(state, demo, final))

    def paint_overlay(self, painter: QPainter) -> None:
        colours = palette_colours()
        accent = QColor(colours.accent)
        if self.considered is not None:
            square = self._square(self.considered)
            if square is not None:
                rect = QRectF(self.board.square_rect(square))
                centre = self.board_point(rect.center())
                _ring(painter, centre, rect.width() * 0.62, accent, max(3.0, rect.width() * 0.09))
            return
        square = self._square(self.current)
        if square is None:
            return
        rect = QRectF(self.board.square_rect(square))
        centre = self.board_point(rect.center())
        if self.progress < 1.0:
            # The tower drops in: a disc grows from nothing to the square.
            radius = rect.width() * 0.42 * self.progress
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(with_alpha(accent, 200))
            painter.drawEllipse(centre, radius, radius)
            return
        for line in _full_lines(self.current.after, square):
            first = QRectF(self.board.square_rect(line[0]))
            last = QRectF(self.board.square_rect(line[-1]))
            box = QRectF(self.board_point(first.topLeft()), self.board_point(last.bottomRight()))
            painter.setPen(QPen(accent, max(3.0, first.width() * 0.07)))
            painter.setBrush(with_alpha(accent, 28))
            painter.drawRoundedRect(box.adjusted(-4, -4, 4, 4), 8, 8)


def _full_lines(state, square: int) -> list[list[int]]:
    """The row and column through ``square`` that hold at least 4 towers (they score)."""
    derricks = state.derricks
    row, col = divmod(square, 9)
    lines = [[row * 9 + c for c in range(9)], [r * 9 + col for r in range(9)]]
    return [line for line in lines if sum(1 for s in line if derricks[s]) >= 4]


# --- Survive -----------------------------------------------------------------------------------


class SurviveStage(Stage):
    """The island; explorers, boats and creatures travel, a removed tile sinks."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from app.ui.boards.survive_map import SurviveMapWidget

        board = SurviveMapWidget(parent=self)
        board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.use_board(board)

    def fit_board(self) -> None:
        board = self.board
        width = self.width()
        # The radius for the width, lowered until the height fits too.
        radius = board.radius_for_width(width)
        while radius > 14 and board.size_for(radius).height() > self.height():
            radius -= 1
        board.set_radius(radius)
        size = board.size()
        board.move(max(0, (self.width() - size.width()) // 2),
                   max(0, (self.height() - size.height()) // 2))

    @staticmethod
    def _spaces(record) -> tuple[Any, Any] | None:
        move = getattr(record, "move", None)
        origin, target = getattr(move, "origin", None), getattr(move, "target", None)
        if origin is None or target is None:
            return None
        return getattr(origin, "space", origin), getattr(target, "space", target)

    @staticmethod
    def _removed(record) -> Any:
        move = getattr(record, "move", None)
        return getattr(move, "space", None) if type(move).__name__ == "Remove" else None

    @staticmethod
    def _rolled(record) -> Any:
        """The creature the die shows, if the move is the roll of the creature die."""
        move = getattr(record, "move", None)
        return getattr(move, "creature", None) if type(move).__name__ == "Roll" else None

    def duration(self, demo) -> int:
        if self._spaces(demo) is not None:
            return 2 * HOP_MS
        if self._rolled(demo) is not None:
            return ROLL_MS
        return SET_MS if self._removed(demo) is not None else 0

    def _paint_die(self, painter: QPainter, creature, t: float) -> None:
        """The creature die tumbles and comes to rest on the creature rolled."""
        from app.ui.boards.survive_map import current_colours, paint_creature

        kinds = list(type(creature))
        side = self.board.radius * 2.6
        centre = QPointF(self.width() / 2, self.height() / 2)
        # Faces flick past slower and slower; the last third rests on the result.
        settle = 0.66
        if t < settle:
            turns = 7 * (1 - (1 - t / settle) ** 2)
            face = kinds[(kinds.index(creature) + 1 + int(turns)) % len(kinds)]
            angle = (1 - t / settle) * 200.0
        else:
            face, angle = creature, 0.0
        colours = palette_colours()
        painter.save()
        painter.translate(centre)
        painter.rotate(angle)
        painter.setPen(QPen(QColor(colours.text), max(2.0, side * 0.04)))
        painter.setBrush(QColor(colours.surface))
        painter.drawRoundedRect(QRectF(-side / 2, -side / 2, side, side), side * 0.18,
                                side * 0.18)
        paint_creature(painter, current_colours(), face, QPointF(0, 0), side * 0.8)
        painter.restore()

    def marks(self, state, demo, final: bool):
        return self._removed(demo) if final else None

    def draw(self, state, demo, *, final: bool) -> None:
        self.board.set_state(state, self.marks(state, demo, final))

    def paint_overlay(self, painter: QPainter) -> None:
        from app.ui.boards.survive_map import hex_polygon

        record = self.considered if self.considered is not None else self.current
        if record is None:
            return
        rolled = self._rolled(record)
        if rolled is not None:
            if self.considered is not None or self.progress < 1.0:
                self._paint_die(painter, rolled,
                                1.0 if self.considered is not None else self.progress)
            return
        colours = palette_colours()
        accent = QColor(colours.accent)
        radius = self.board.radius
        spaces = self._spaces(record)
        if spaces is not None:
            a = self.board_point(QPointF(self.board.tile_point(spaces[0])))
            b = self.board_point(QPointF(self.board.tile_point(spaces[1])))
            _trail(painter, [a, b], accent, max(2.5, radius * 0.1))
            if self.considered is not None or self.progress < 1.0:
                at = _along([a, b], self.progress if self.considered is None else 1.0)
                _ring(painter, at, radius * 0.55, accent, max(3.0, radius * 0.12))
            else:
                _ring(painter, b, radius * 0.8, accent, max(2.5, radius * 0.1))
            return
        removed = self._removed(record)
        if removed is not None and (self.progress < 1.0 or self.considered is not None):
            centre = self.board_point(QPointF(self.board.tile_point(removed)))
            shrink = 1.0 - 0.7 * (self.progress if self.considered is None else 0.0)
            polygon = hex_polygon(centre, radius * shrink)
            painter.setPen(QPen(accent, max(3.0, radius * 0.12)))
            painter.setBrush(with_alpha(accent, 60))
            painter.drawPolygon(polygon)


# --- which stage for which game ----------------------------------------------------------------

STAGES: dict[str, Callable[[QWidget | None], Stage]] = {
    "atlantis": AtlantisStage,
    "atacama": AtacamaStage,
    "survive": SurviveStage,
}


def stage_for(game_id: str, parent: QWidget | None = None) -> Stage | None:
    """The board for ``game_id``'s explanation, or ``None`` (a game without a drawing)."""
    make = STAGES.get(game_id)
    return make(parent) if make is not None else None
