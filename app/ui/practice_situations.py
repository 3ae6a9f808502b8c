"""Engine-made practice situations of Atacama and Survive for the quiz, with their pictures.

The services speak the interface of :class:`app.ui.situations.AtlantisSituations`:
``make(seed)``, ``next_seeds(count)`` and ``drawing(situation)``. The boards are the games'
own widgets, used as they are; a picture only adds rings around what the question names and
takes no clicks, so it cannot be mistaken for a board to play on.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.ui.boards.atacama_board import AtacamaBoardWidget
from app.ui.boards.survive_map import (
    PLAYER_COLOURS,
    RADIUS_HINT,
    RADIUS_MIN,
    SurviveMapWidget,
)
from app.ui.theme import palette_colours

if TYPE_CHECKING:
    from app.model.quiz_round import Situation


def _picture_only(widget: QWidget) -> None:
    widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    widget.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)


def _ring_pen() -> QPen:
    pen = QPen(QColor(palette_colours().accent), 3)
    pen.setStyle(Qt.PenStyle.DashLine)
    return pen


class _Seeds:
    def __init__(self, seed: int | None = None):
        self._seeds = random.Random(seed)

    def next_seeds(self, count: int) -> list[int]:
        return [self._seeds.randrange(1, 1_000_000) for _ in range(count)]

    def make(self, seed: int) -> Situation:
        situation = self._make(seed)
        if not self.covers(situation):
            # A question its picture cannot answer says nothing about what a player knows.
            situation = replace(situation, answerable=False)
        return situation


# -- Atacama -----------------------------------------------------------------------------------

class AtacamaPicture(AtacamaBoardWidget):
    """The plan of a practice position with the squares the question names ringed."""

    def __init__(self, state, marked: tuple[int, ...]):
        super().__init__(state)
        self.marked = tuple(marked)
        _picture_only(self)
        # Small enough that the choices and the verdict below it stay in view.
        side = min(self.minimumSizeHint().width(), 380)
        self.setFixedSize(side, side)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(_ring_pen())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for square in self.marked:
            painter.drawRoundedRect(QRectF(self.square_rect(square)).adjusted(-2, -2, 2, 2), 5, 5)
        painter.end()


class AtacamaSituations(_Seeds):
    """„Darfst du hier setzen?“ and „Was bringt die Linie?“ from the Atacama engine."""

    def _make(self, seed: int) -> Situation:
        from app.model.atacama_situations import make_situation

        return make_situation(seed)

    @staticmethod
    def marked(situation: Situation) -> tuple[int, ...]:
        """The squares ringed: the square asked about, or the whole line."""
        from app.model.atacama_situations import asked_square, line_squares

        if situation.kind == "linie":
            return line_squares(situation.action)
        return (asked_square(situation.action),)

    def covers(self, situation: Situation) -> bool:
        """Every square the question or explanation needs lies on a revealed sub-board."""
        from app.rules.atacama import parse_position

        state = parse_position(situation.position)
        return all(state.revealed_mask >> square & 1 for square in situation.focus)

    def drawing(self, situation: Situation) -> QWidget:
        from app.rules.atacama import parse_position

        picture = AtacamaPicture(parse_position(situation.position), self.marked(situation))
        picture.setAccessibleName(f"Plan der Übungsstellung, markiert: {situation.action}")
        return picture


# -- Survive -----------------------------------------------------------------------------------

class _FittingMap(SurviveMapWidget):
    """The practice map as a picture: no clicks, and as wide as the card lets it be – from the
    smallest legible map up to ``RADIUS`` –, so at 800×600 with larger text the page never
    scrolls sideways and no verdict is cut off at the right."""

    RADIUS = RADIUS_HINT  # as large as the board's where there is room

    def __init__(self, state):
        super().__init__(state)
        _picture_only(self)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.set_radius(self.RADIUS)

    def set_radius(self, radius: float) -> None:
        super().set_radius(radius)
        # Never lower than the map drawn at this radius: a squeezed layout must not cut it off.
        self.setMinimumSize(self.size_for(RADIUS_MIN).width(), self.size_for(radius).height())
        self.setMaximumSize(self.size_for(self.RADIUS).width(), self.size_for(radius).height())

    def _fitting(self, width: int) -> int:
        return max(RADIUS_MIN, min(self.RADIUS, self.radius_for_width(width)))

    def sizeHint(self) -> QSize:
        return QSize(self.size_for(self.RADIUS).width(), self.size_for(self.radius).height())

    def minimumSizeHint(self) -> QSize:
        return self.size_for(RADIUS_MIN)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        fitting = self._fitting(self.width())
        if fitting != self.radius:
            self.set_radius(fitting)


class RemovalPicture(_FittingMap):
    """The practice map of a removal position with the offered tiles ringed and named."""

    def __init__(self, state, offered: list[str]):
        super().__init__(state)
        self.offered = list(offered)

    def paintEvent(self, event) -> None:
        from app.rules.survive import space

        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(_ring_pen())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for label in self.offered:
            painter.drawEllipse(QRectF(self.tile_rect(space(label))).adjusted(-3, -3, 3, 3))
        painter.end()


class MovePicture(_FittingMap):
    """The practice map of a movement position with the way the question describes: the start
    ringed, one arrow per leg – boat trip, step, swim, into a boat or ashore. No numbers on the
    arrows: counting the points is the question."""

    RADIUS = 18  # smaller than the board's: the choices below stay in view at 1280×800

    def __init__(self, state, legs: list[tuple[str, str]]):
        super().__init__(state)
        self.legs = list(legs)

    def point(self, label: str) -> QPointF:
        """The centre of a space or a safe island (``nw`` …) on the picture."""
        from app.rules.survive import Island, space
        from app.rules.survive.board import ISLAND_SPACE

        where = (ISLAND_SPACE[Island(label)] if label in {i.value for i in Island}
                 else space(label))
        return QPointF(self.tile_point(where))

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self.legs:
            return
        colours = palette_colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(_ring_pen())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        start = self.point(self.legs[0][0])
        painter.drawEllipse(start, self.radius * 0.95, self.radius * 0.95)
        width = max(2.5, self.radius * 0.13)
        # A light halo under the accent keeps the arrow readable on forest and sea alike.
        for colour, extra in ((QColor(colours.bg), 3.0), (QColor(colours.accent), 0.0)):
            pen = QPen(colour, width + extra)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.setBrush(colour)
            for origin, target in self.legs:
                self._arrow(painter, self.point(origin), self.point(target), extra)
        painter.end()

    def _arrow(self, painter: QPainter, a: QPointF, b: QPointF, extra: float) -> None:
        line = b - a
        length = (line.x() ** 2 + line.y() ** 2) ** 0.5
        if length == 0:
            return
        unit = line / length
        trim = self.radius * 0.2
        tail, tip = a + unit * trim, b - unit * trim
        head = self.radius * 0.5 + extra
        normal = QPointF(-unit.y(), unit.x())
        base = tip - unit * head
        painter.drawLine(tail, base)
        painter.drawPolygon(QPolygonF([tip + unit * (extra / 2), base + normal * head * 0.55,
                                       base - normal * head * 0.55]))


def _place_name(label: str) -> str:
    """A space as its label, a safe island by its name (``nw`` → „Nordwest-Insel“)."""
    from app.rules.survive import Island

    islands = {i.value: i.german for i in Island}
    return islands.get(label, label)


class EncounterPicture(QWidget):
    """One sea space: who swims there, the boat and its crew, creatures already there, and the
    creature arriving. Every explorer carries its colour's initial, never colour alone."""

    def __init__(self, creature, contents):
        super().__init__()
        self.creature = creature
        self.contents = contents
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        _picture_only(self)

    def sizeHint(self) -> QSize:
        return QSize(420, self._side() + 16)

    def minimumSizeHint(self) -> QSize:
        return QSize(300, self._side() + 16)

    def changeEvent(self, event) -> None:
        # The style sheet's font arrives after construction: the size follows it.
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()
        super().changeEvent(event)

    def _side(self) -> int:
        return max(150, int(self.fontMetrics().height() * 8.5))

    def paintEvent(self, event) -> None:
        colours = palette_colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = self._side()
        centre = QPointF(side / 2 + 100, 8 + side / 2)
        radius = side / 2
        hexagon = QPolygonF([centre + QPointF(radius * c, radius * s) for c, s in
                             ((0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5),
                              (-0.866, -0.5), (0, -1))])
        dark = QColor(colours.bg).lightness() < 128
        painter.setPen(QPen(QColor(colours.muted), 1.5))
        painter.setBrush(QColor("#1E3547" if dark else "#D5E6F1"))
        painter.drawPolygon(hexagon)
        disc = max(18.0, self.fontMetrics().height() * 1.5)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        # The boat with its crew across the upper half.
        top = centre.y() - radius * 0.5
        if self.contents.boat is not None:
            width = 3 * disc + 16
            boat = QRectF(centre.x() - width / 2, top - disc / 2 - 6, width, disc + 12)
            painter.setPen(QPen(QColor("#5A3A1E"), 1.5))
            painter.setBrush(QColor("#8B5A2B"))
            painter.drawRoundedRect(boat, 10, 10)
            self._explorers(painter, self.contents.boat, QPointF(boat.left() + 8, top), disc)
        # Swimmers below, each on its own.
        low = centre.y() + radius * 0.3
        swimmers = self.contents.swimmers
        start = centre.x() - (len(swimmers) * (disc + 4)) / 2
        self._explorers(painter, swimmers, QPointF(start, low), disc)
        # Creatures already there, named in the hex's lower part.
        painter.setPen(QColor(colours.text))
        there = ", ".join(c.german for c in self.contents.creatures)
        if there:
            painter.drawText(QRectF(centre.x() - radius, centre.y() + radius * 0.55, 2 * radius,
                                    disc), Qt.AlignmentFlag.AlignCenter, f"schon da: {there}")
        # The arriving creature, left of the space, with an arrow into it.
        arrive = QRectF(4, centre.y() - 2.2 * disc, 92, 2 * disc)
        painter.setPen(QColor(colours.text))
        painter.drawText(arrive, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                         self.creature.german)
        pen = QPen(QColor(colours.accent), 3)
        painter.setPen(pen)
        tip = QPointF(centre.x() - radius * 0.866 + 4, centre.y())
        painter.drawLine(QPointF(arrive.right() - 4, centre.y()), tip)
        painter.setBrush(QColor(colours.accent))
        painter.drawPolygon(QPolygonF([tip, tip + QPointF(-10, -6), tip + QPointF(-10, 6)]))
        painter.end()

    def _explorers(self, painter: QPainter, explorers, left: QPointF, disc: float) -> None:
        for i, explorer in enumerate(explorers):
            rect = QRectF(left.x() + i * (disc + 4), left.y() - disc / 2, disc, disc)
            colour = QColor(PLAYER_COLOURS[explorer.colour])
            painter.setPen(QPen(QColor("#111111"), 1.2))
            painter.setBrush(colour)
            painter.drawEllipse(rect)
            light = explorer.colour.title in ("Gelb", "Grün")
            painter.setPen(QColor("#111111" if light else "#FFFFFF"))
            # Two letters: Gelb and Grün share their first one.
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, explorer.colour.title[:2])

    def shown(self) -> dict[str, object]:
        """What the picture shows, for tests and screen readers."""
        return {"creature": self.creature, "swimmers": self.contents.swimmers,
                "boat": self.contents.boat, "there": self.contents.creatures}


class SurviveSituations(_Seeds):
    """„Was macht die Kreatur?“, „Welches Plättchen darf weg?“ and „Was kostet der Zug?“ from
    the Survive engine."""

    def _make(self, seed: int) -> Situation:
        from app.model.survive_situations import make_situation

        return make_situation(seed)

    def covers(self, situation: Situation) -> bool:
        """An encounter is drawn whole, and so is the map a movement is drawn on; a removal
        needs every offered tile on the map."""
        if situation.kind != "entfernen":
            return True
        from app.model.survive_situations import candidate_labels
        from app.rules.survive import parse_position, space
        from app.rules.survive.board import CELLS

        state = parse_position(situation.position)
        return all(space(label) in CELLS and space(label) not in state.removed
                   for label in candidate_labels(situation))

    def drawing(self, situation: Situation) -> QWidget:
        from app.rules.survive import parse_encounter, parse_position

        if situation.kind == "punkte":
            from app.model.survive_situations import route

            legs = route(situation)
            picture = MovePicture(parse_position(situation.position), legs)
            stops = [legs[0][0], *(target for _, target in legs)] if legs else []
            picture.setAccessibleName("Übungskarte mit dem Weg des Zuges: "
                                      + " → ".join(_place_name(stop) for stop in stops))
            return picture
        if situation.kind == "entfernen":
            from app.model.survive_situations import candidate_labels

            offered = candidate_labels(situation)
            picture = RemovalPicture(parse_position(situation.position), offered)
            picture.setAccessibleName("Übungskarte, markiert: " + ", ".join(offered))
            return picture
        creature, contents = parse_encounter(situation.position)
        picture = EncounterPicture(creature, contents)
        picture.setAccessibleName(f"Meeresfeld, auf das {creature.german} zieht")
        return picture
