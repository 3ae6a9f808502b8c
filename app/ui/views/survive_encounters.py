"""„Rechner“ for Survive: „Was passiert?“ – a creature enters one sea space.

The user builds the space by clicks (creature, swimmers, boat and crew, creatures already
there) or types it in the engine's encounter notation; both always show the same situation.
Every consequence and every German sentence comes from the engine (``resolve_encounter``),
the rules beside it from the game's content.
"""

from __future__ import annotations

import random
from dataclasses import replace

from PySide6.QtCore import QEvent, QPointF, QRectF, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication, QIcon, QPainter, QPen
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.model.loader import LoadedGame
from app.rules.errors import RulesError
from app.rules.survive import (
    Colour,
    Creature,
    Explorer,
    Outcome,
    SpaceContents,
    format_encounter,
    parse_encounter,
    random_encounter,
    resolve_encounter,
)
from app.rules.survive.core import BOAT_SEATS, EXPLORER_VALUES
from app.rules.survive.encounter import names
from app.ui.app_state import Services
from app.ui.boards.survive_map import (
    MapColours,
    creature_pixmap,
    current_colours,
    explorer_pixmap,
    hex_polygon,
    paint_boat,
    paint_creature,
    paint_explorer,
)
from app.ui.theme import palette_colours, with_alpha
from app.ui.widgets import (
    COLUMN_MAX_WIDTH,
    NARROW_MARGIN,
    PAGE_MARGIN,
    Box,
    Card,
    Container,
    PageColumn,
    label,
    pill,
    row,
    rule_link,
)

START = "hai: schwimmer rot, blau; boot [gelb, gelb, rot]"
WIDE_COLUMN = 1000
COLUMN_GAP = 20
SIDE_BY_SIDE_MIN = 940
SEED_MAX = 999_999
MAX_SWIMMERS = len(EXPLORER_VALUES)  # one colour has no more explorers than that
RULES = {  # creature -> (content id, section key, source)
    Creature.SCHLANGE: (("schlange", "pitfalls", "Leicht vergessen"),
                        ("auslegung-schlange-insassen", "interpretations", "Auslegung"),
                        ("auslegung-leeres-boot", "interpretations", "Auslegung")),
    Creature.HAI: (("hai", "pitfalls", "Leicht vergessen"),),
    Creature.WAL: (("wal", "pitfalls", "Leicht vergessen"),),
}
ARRIVES = {Creature.SCHLANGE: "Die Seeschlange", Creature.HAI: "Der Hai", Creature.WAL: "Der Wal"}


def segment_style(colours, stepper: int = 22) -> str:
    """Segmented buttons and +/− steppers in the theme's colours (the app sheet has none);
    ``stepper`` is the round button's size, which grows with the text."""
    return (
        f"QToolButton#Segment {{ background: {colours.surface}; color: {colours.text}; "
        f"border: 1px solid {colours.border}; padding: 6px 12px; margin: 0; }}"
        f"QToolButton#Segment:hover {{ border-color: {colours.accent}; }}"
        f"QToolButton#Segment:checked {{ background: {colours.accent}; "
        f"color: {colours.surface}; border: 1px solid {colours.accent}; font-weight: 600; }}"
        f"QToolButton#Segment:focus {{ border: 2px solid {colours.text}; }}"
        # On the accent fill the text-coloured ring would stand at only 2:1.
        f"QToolButton#Segment:checked:focus {{ background: {colours.focus_fill}; "
        f"color: {colours.focus_text}; }}"
        f"QToolButton#Segment[edge=\"first\"] {{ border-top-left-radius: 7px; "
        f"border-bottom-left-radius: 7px; }}"
        f"QToolButton#Segment[edge=\"last\"] {{ border-top-right-radius: 7px; "
        f"border-bottom-right-radius: 7px; }}"
        f"QToolButton#Segment[edge=\"alone\"] {{ border-radius: 7px; }}"
        f"QToolButton#Stepper {{ background: {colours.surface}; color: {colours.accent}; "
        # Exactly half the side: a larger radius makes Qt draw the button square.
        f"border: 1px solid {colours.border}; border-radius: {stepper // 2}px; "
        f"font-weight: 700; padding: 0; }}"
        f"QToolButton#Stepper:hover {{ border-color: {colours.accent}; }}"
        f"QToolButton#Stepper:focus {{ border: 2px solid {colours.accent}; }}"
        f"QToolButton#Stepper:disabled {{ color: {colours.line}; }}"
    )


def creature_icon(creature: Creature, size: int, colours: MapColours) -> QIcon:
    """The glyph in its colour; on a checked (accent) button in the page colour."""
    icon = QIcon(creature_pixmap(creature, size, colours))
    light = replace(colours, creatures={c: colours.surface for c in Creature})
    icon.addPixmap(creature_pixmap(creature, size, light), QIcon.Mode.Normal, QIcon.State.On)
    return icon


def _segment(text: str, name: str, edge: str) -> QToolButton:
    button = QToolButton()
    button.setObjectName("Segment")
    button.setProperty("edge", edge)
    button.setText(text)
    button.setAccessibleName(name)
    button.setCheckable(True)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setIconSize(QSize(22, 22))
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    return button


class Stepper(QWidget):
    """− count + for one colour; the view decides whether a step is possible."""

    def __init__(self, what: str, colour: Colour, on_step, parent: QWidget | None = None):
        super().__init__(parent)
        self.colour = colour
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.minus = QToolButton()
        self.minus.setObjectName("Stepper")
        self.minus.setText("−")
        self.minus.setAccessibleName(f"{what} {colour.title}: einer weniger")
        self.plus = QToolButton()
        self.plus.setObjectName("Stepper")
        self.plus.setText("+")
        self.plus.setAccessibleName(f"{what} {colour.title}: einer mehr")
        self.count = QLabel("0")
        self.count.setObjectName("RowValue")
        self.count.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.count.setMinimumWidth(self.count.fontMetrics().horizontalAdvance("00") + 4)
        self.what = what
        for widget in (self.minus, self.count, self.plus):
            layout.addWidget(widget)
        for button in (self.minus, self.plus):
            # Never squeezed below the sign's size at any text size.
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        layout.addStretch(1)
        self.minus.clicked.connect(lambda: on_step(colour, -1))
        self.plus.clicked.connect(lambda: on_step(colour, 1))

    def show_count(self, count: int, can_add: bool, enabled: bool = True) -> None:
        self.count.setText(str(count))
        self.count.setAccessibleName(f"{self.what} {self.colour.title}: {count}")
        self.minus.setEnabled(enabled and count > 0)
        self.plus.setEnabled(enabled and can_add)
        self.count.setEnabled(enabled)


class EncounterPicture(QWidget):
    """The sea space before and after, side by side, drawn from the engine's outcome."""

    HEX = 58.0

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.creature = Creature.HAI
        self.contents = SpaceContents()
        self.outcome: Outcome | None = None
        self._colours = current_colours()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(420)

    def sizeHint(self) -> QSize:
        return QSize(520, round(2 * self.HEX + 32))

    def show_encounter(self, creature: Creature, contents: SpaceContents,
                       outcome: Outcome) -> None:
        self.creature, self.contents, self.outcome = creature, contents, outcome
        self.setAccessibleName("Zeichnung: das Meeresfeld vorher und nachher")
        self.setAccessibleDescription(outcome.reason)
        self.update()

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.StyleChange):
            self._colours = current_colours()
            self.update()
        super().changeEvent(event)

    def _font(self, pixels: int, bold: bool = True) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(pixels)
        font.setBold(bold)
        return font

    def paintEvent(self, event) -> None:
        if self.outcome is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = self._colours
        r = self.HEX
        top = 24.0
        cy = top + r
        # Columns: creature arriving | before | arrow | after | what left the space
        width = self.width()
        span = 4 * r + 150
        x0 = max(0.0, (width - span) / 2)
        before = QPointF(x0 + 38 + r * 0.87, cy)
        after = QPointF(before.x() + 2 * r * 0.87 + 70, cy)
        painter.setFont(self._font(12, bold=False))
        painter.setPen(c.muted)
        for centre, text in ((before, "vorher"), (after, "nachher")):
            painter.drawText(QRectF(centre.x() - r, 0, 2 * r, top - 6),
                             Qt.AlignmentFlag.AlignCenter, text)
        outcome, contents = self.outcome, self.contents
        # Before: the space as built, the creature coming in from the left.
        self._paint_space(painter, before, contents.creatures, contents.boat, False,
                          contents.swimmers)
        paint_creature(painter, c, self.creature, QPointF(x0 + 22, cy - r * 0.45), 34)
        self._arrow(painter, QPointF(x0 + 16, cy - r * 0.1), QPointF(before.x() - r * 0.8,
                                                                      cy - r * 0.1))
        self._arrow(painter, QPointF(before.x() + r + 8, cy), QPointF(after.x() - r - 8, cy),
                    strong=True)
        there = contents.creatures + ((self.creature,) if outcome.stops else ())
        boat = outcome.passengers_after
        self._paint_space(painter, after, there, boat, outcome.boat_destroyed,
                          outcome.swimmers_after)
        right = after.x() + r * 0.87 + 14
        if not outcome.stops:
            # It swims on: drawn beyond the space.
            paint_creature(painter, c, self.creature, QPointF(right + 30, cy - r * 0.45), 34)
            self._arrow(painter, QPointF(after.x() + r * 0.8, cy - r * 0.45),
                        QPointF(right + 12, cy - r * 0.45))
            painter.setFont(self._font(11, bold=False))
            painter.setPen(c.muted)
            painter.drawText(QRectF(right, cy, 70, 18), Qt.AlignmentFlag.AlignCenter,
                             "zieht weiter")
        if outcome.lost:
            self._paint_lost(painter, QPointF(right, cy - r * 0.1 if outcome.stops else
                                              cy + r * 0.35), outcome.lost)
        painter.end()

    def _arrow(self, painter: QPainter, start: QPointF, end: QPointF,
               strong: bool = False) -> None:
        c = self._colours
        pen = QPen(c.accent if strong else with_alpha(c.muted, 170), 2.0 if strong else 1.4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if not strong:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(start, end)
        pen.setStyle(Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        head = 6.0
        painter.drawLine(end, QPointF(end.x() - head, end.y() - head * 0.7))
        painter.drawLine(end, QPointF(end.x() - head, end.y() + head * 0.7))

    def _paint_space(self, painter: QPainter, centre: QPointF, creatures, boat, wrecked: bool,
                     swimmers) -> None:
        c = self._colours
        r = self.HEX
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.sea)
        painter.drawPolygon(hex_polygon(centre, r))
        font = self._font(10)
        disc = 10.5
        if creatures:
            size = 30.0 if len(creatures) < 3 else 24.0
            step = size * 0.95
            x = centre.x() - step * (len(creatures) - 1) / 2
            for i, creature in enumerate(creatures):
                paint_creature(painter, c, creature, QPointF(x + i * step, centre.y() - r * 0.52),
                               size)
        y_boat = centre.y() - r * 0.02
        step = disc * 2.25
        if boat is not None or wrecked:
            hull = QRectF(centre.x() - r * 0.58, y_boat, r * 1.16, r * 0.3)
            paint_boat(painter, c, hull, wrecked=wrecked)
            if boat:
                self._paint_discs(painter, _slots(centre.x(), (y_boat - disc * 0.35,), 3, step,
                                                  len(boat)), boat, disc, font)
            rows: tuple[float, ...] = (centre.y() + r * 0.56,)
        else:
            rows = (centre.y() + r * 0.02, centre.y() + r * 0.42)
        self._paint_discs(painter, _slots(centre.x(), rows, 3, step, len(swimmers)), swimmers,
                          disc, font)

    def _paint_discs(self, painter: QPainter, slots: list[QPointF], explorers, radius: float,
                     font: QFont, ghost: bool = False) -> None:
        """One disc per slot; when they do not fit, the last slot says how many more."""
        explorers = list(explorers)
        fits = len(explorers) <= len(slots)
        shown = explorers if fits else explorers[:len(slots) - 1]
        for point, explorer in zip(slots, shown, strict=False):
            paint_explorer(painter, self._colours, point, radius, explorer, ghost=ghost,
                           font=font)
        if not fits:
            point = slots[len(shown)]
            painter.setPen(QPen(self._colours.muted, 1.2))
            painter.setBrush(self._colours.surface)
            painter.drawEllipse(point, radius, radius)
            painter.setPen(self._colours.text)
            painter.setFont(font)
            painter.drawText(QRectF(point.x() - radius, point.y() - radius, 2 * radius,
                                    2 * radius), Qt.AlignmentFlag.AlignCenter,
                             f"+{len(explorers) - len(shown)}")

    def _paint_lost(self, painter: QPainter, origin: QPointF, lost) -> None:
        c = self._colours
        painter.setFont(self._font(11, bold=False))
        painter.setPen(c.wrong)
        painter.drawText(QRectF(origin.x(), origin.y() - 30, 110, 16),
                         Qt.AlignmentFlag.AlignLeft, "aus dem Spiel")
        disc = 9.5
        step = disc * 2.3
        slots = _slots(origin.x() + disc + 1.5 * step, (origin.y(), origin.y() + step), 4, step,
                       len(lost))
        self._paint_discs(painter, slots, lost, disc, self._font(9), ghost=True)


def _slots(x: float, rows: tuple[float, ...], per_row: int, step: float, count: int
           ) -> list[QPointF]:
    """Positions for ``count`` discs (at most what fits), row by row, each row centred."""
    slots = []
    left = min(count, per_row * len(rows))
    for y in rows:
        here = min(left, per_row)
        offset = step * (here - 1) / 2
        slots.extend(QPointF(x - offset + i * step, y) for i in range(here))
        left -= here
    return slots


class SurviveEncounters(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Rechner: Was passiert?",
                         "Eine Kreatur kommt auf ein Meeresfeld – die Regel-Engine sagt, wer "
                         "gefressen wird und welches Boot kentert.")
        self.loaded = loaded
        self.services = services
        self.creature = Creature.HAI
        self.contents = SpaceContents()
        self.outcome: Outcome | None = None
        self.error = ""  # the text field's
        self.refusal = ""  # a click the engine refused
        self.seed: int | None = None
        self._boat_memory: tuple[Explorer, ...] = ()
        self._chance = random.Random()
        if services is not None:
            # A bound method: Qt drops the connection when this page is deleted.
            services.state.jumpRequested.connect(self._on_jump)
        self._build_input()
        self._build_result()
        self._build_notation()
        self._build_rules()
        # Two columns in a wide window (what you set | what happens), one below the other
        # in a narrow one; see resizeEvent.
        self.main = Container()
        main = QHBoxLayout(self.main)
        main.setContentsMargins(0, 0, 0, 0)
        main.setSpacing(COLUMN_GAP)
        self.halves = (Container(), Container())
        self.left, self.right = (QVBoxLayout(half) for half in self.halves)
        for side, half in zip((self.left, self.right), self.halves, strict=True):
            side.setContentsMargins(0, 0, 0, 0)
            side.setSpacing(16)
            main.addWidget(half, 0, Qt.AlignmentFlag.AlignTop)
        self.wide: bool | None = None
        self._arrange(False)
        self.add(self.main)
        self.finish()
        self._restyle()
        self.notation.setText(START)
        self.notation.setCursorPosition(0)

    # -- building ------------------------------------------------------------------------

    def _build_input(self) -> None:
        card = Card(padding=18, spacing=12)
        self.input_card = card
        colours = current_colours()
        self.creature_group = QButtonGroup(self)
        self.creature_group.setExclusive(True)
        self.creature_buttons: dict[Creature, QToolButton] = {}
        segments = QHBoxLayout()
        segments.setSpacing(0)
        for index, creature in enumerate(Creature):
            edge = "first" if index == 0 else "last" if index == len(Creature) - 1 else "mid"
            button = _segment(creature.german, f"Kreatur: {creature.german}", edge)
            button.setToolTip(f"{creature.german}: zieht bis zu {creature.reach} "
                              f"{'Feld' if creature.reach == 1 else 'Felder'}")
            self.creature_group.addButton(button, int(creature))
            self.creature_buttons[creature] = button
            segments.addWidget(button)
        segments.addStretch(1)
        self.creature_group.idClicked.connect(lambda i: self._set_creature(Creature(i)))
        # Title and dice side by side; stacked when the card is narrow (see resizeEvent).
        self.head = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.head.setSpacing(8)
        self.head_label = label("**Wer kommt?**", "Body", wrap=False)
        self.head.addWidget(self.head_label)
        self.head.addStretch(1)
        self.head.addLayout(self._build_random())
        card.body.addLayout(self.head)
        card.body.addLayout(segments)

        card.body.addWidget(label("**Was ist auf dem Meeresfeld?**", "Body"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(10)
        self.grid = grid
        self.grid_turned = False
        self.colour_heads: dict[Colour, QLabel] = {}
        self.head_widgets: list[QWidget] = []
        for column, colour in enumerate(Colour, start=1):
            swatch = QLabel()
            swatch.setPixmap(explorer_pixmap(colour, 14, colours))
            swatch.setAccessibleName(f"Figur {colour.title}")
            self.colour_heads[colour] = swatch
            head = Container()
            head_layout = QHBoxLayout(head)
            head_layout.setContentsMargins(0, 0, 0, 0)
            head_layout.setSpacing(6)
            head_layout.addWidget(swatch)
            head_layout.addWidget(label(colour.title, "RowLabel", rich=False, wrap=False))
            head_layout.addStretch(1)
            self.head_widgets.append(head)
            grid.addWidget(head, 0, column)
        self.swimmer_label = label("Schwimmer", "Body", rich=False, wrap=False)
        grid.addWidget(self.swimmer_label, 1, 0)
        self.swimmer_steppers = {}
        for column, colour in enumerate(Colour, start=1):
            stepper = Stepper("Schwimmer", colour, self._step_swimmer)
            self.swimmer_steppers[colour] = stepper
            grid.addWidget(stepper, 1, column)
        self.boat_box = QCheckBox("Boot")
        self.boat_box.setAccessibleName("Ein Boot liegt auf dem Feld")
        self.boat_box.setToolTip("Ein Boot auf dem Feld – ohne Insassen ist es ein leeres Boot.")
        self.boat_box.toggled.connect(self._toggle_boat)
        grid.addWidget(self.boat_box, 2, 0)
        self.crew_steppers = {}
        for column, colour in enumerate(Colour, start=1):
            stepper = Stepper("Im Boot", colour, self._step_crew)
            self.crew_steppers[colour] = stepper
            grid.addWidget(stepper, 2, column)
        grid.setColumnStretch(5, 1)
        card.body.addLayout(grid)
        self.crew_note = label("", "Muted", rich=False)
        card.body.addWidget(self.crew_note)

        self.there_buttons: dict[Creature, QToolButton] = {}
        segments_there = QHBoxLayout()
        segments_there.setSpacing(0)
        for index, creature in enumerate(Creature):
            edge = "first" if index == 0 else "last" if index == len(Creature) - 1 else "mid"
            button = _segment(creature.german, f"Schon auf dem Feld: {creature.german}", edge)
            button.setIconSize(QSize(18, 18))
            button.clicked.connect(lambda _=False, cr=creature: self._toggle_there(cr))
            self.there_buttons[creature] = button
            segments_there.addWidget(button)
        segments_there.addStretch(1)
        # The label beside its buttons; above them when the card is too narrow for both.
        self.there_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.there_row.setSpacing(12)
        self.there_label = label("Schon dort:", "Body", rich=False, wrap=False)
        self.there_row.addWidget(self.there_label)
        self.there_row.addLayout(segments_there, 1)
        card.body.addLayout(self.there_row)

        self.refusal_box = Box("WrongBox")
        self.refusal_box.body.addWidget(label("Geht nicht:", "WrongTag", rich=False))
        self.refusal_text = label("", "Body", rich=False)
        self.refusal_box.body.addWidget(self.refusal_text)
        self.refusal_box.hide()
        card.body.addWidget(self.refusal_box)
        card.body.addStretch(1)

    def _build_random(self) -> QBoxLayout:
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_MAX)
        self.seed_box.setPrefix("Nr. ")
        self.seed_box.setSpecialValueText("Nr. –")  # 0: nothing drawn yet
        self.seed_box.setAccessibleName("Nummer der zufälligen Begegnung")
        self.seed_box.setToolTip("Gleiche Nummer, gleiche Begegnung.")
        self.seed_box.setKeyboardTracking(False)
        self.seed_box.valueChanged.connect(
            lambda seed: seed and self.random_encounter(seed))
        self.random_button = QPushButton("Zufällige Begegnung")
        self.random_button.setProperty("secondary", True)
        self.random_button.setAccessibleName("Zufällige Begegnung würfeln")
        self.random_button.clicked.connect(self._roll)
        # Button and number side by side; one below the other when even the stacked header
        # is too narrow for both (large text in a small window), see resizeEvent.
        layout = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        layout.setSpacing(8)
        layout.addWidget(self.random_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.seed_box, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(0)  # takes the room only when the header is stacked
        self.random_row = layout
        return layout

    def _arrange(self, wide: bool) -> None:
        if wide == self.wide:
            return
        self.wide = wide
        blocks = [self.input_card, self.result]
        if self.rule_entries:
            blocks.append(self.rules_card)
        blocks.append(self.notation_card)
        if wide:  # the rule under the controls, the notation under the outcome
            left, right = blocks[0::2], blocks[1::2]
        else:
            left, right = blocks, []
        self.halves[1].setVisible(wide)
        for side, widgets in ((self.left, left), (self.right, right)):
            for widget in widgets:
                # removeWidget, not takeAt: a taken item stays alive and the widget would keep
                # reporting size changes to it instead of to its new place.
                for layout in (self.left, self.right):
                    layout.removeWidget(widget)
                side.addWidget(widget)

    def _grid_width(self) -> int:
        """The input card's width with the colours side by side (one column per colour)."""
        margins = self.input_card.body.contentsMargins()
        first = max(self.swimmer_label.sizeHint().width(), self.boat_box.sizeHint().width())
        columns = sum(max(head.sizeHint().width(), self.swimmer_steppers[colour].sizeHint().width())
                      for head, colour in zip(self.head_widgets, Colour, strict=True))
        return (first + columns + len(Colour) * self.grid.horizontalSpacing() + margins.left()
                + margins.right() + 2 * self.input_card.frameWidth())

    def _turn_grid(self, turned: bool) -> None:
        """Colours as columns, or – in a narrow window – as rows (Schwimmer | Boot)."""
        if turned == self.grid_turned:
            return
        self.grid_turned = turned
        grid = self.grid
        for column in range(len(Colour) + 2):
            grid.setColumnStretch(column, 0)
        place = (lambda r, c: (c, r)) if turned else (lambda r, c: (r, c))
        grid.addWidget(self.swimmer_label, *place(1, 0))
        grid.addWidget(self.boat_box, *place(2, 0))
        for index, (head, colour) in enumerate(zip(self.head_widgets, Colour, strict=True),
                                                 start=1):
            grid.addWidget(head, *place(0, index))
            grid.addWidget(self.swimmer_steppers[colour], *place(1, index))
            grid.addWidget(self.crew_steppers[colour], *place(2, index))
        grid.setColumnStretch(3 if turned else len(Colour) + 1, 1)

    def resizeEvent(self, event) -> None:
        # Room for the scroll bar is always kept: sizes that depended on whether it shows
        # would make it appear and vanish in turn, and an exact fit would be 10 px too wide
        # once it appears (the viewport shrinks without a resize of the page).
        width = (self.width() - 2 * self.frameWidth()
                 - self.verticalScrollBar().sizeHint().width())
        wide = width - 2 * PAGE_MARGIN >= SIDE_BY_SIDE_MIN
        grid_width = self._grid_width()
        if wide:
            # Side by side only while each half still has room for its controls.
            column = min(WIDE_COLUMN, width - 2 * PAGE_MARGIN)
            needed = max(grid_width, self.input_card.minimumSizeHint().width(),
                         self.result.minimumSizeHint().width())
            wide = (column - COLUMN_GAP) // 2 >= needed
        # One colour per row when the colours side by side would not fit the column.
        self._turn_grid(not wide and width - 2 * PAGE_MARGIN < grid_width)
        limit = WIDE_COLUMN if wide else COLUMN_MAX_WIDTH
        side = max(PAGE_MARGIN, (width - limit) // 2)
        needed = self.halves[0].layout().minimumSize().width()
        if not wide and width - 2 * side < needed:
            # Thinner margins before the page has to scroll sideways.
            side = max(NARROW_MARGIN, (width - needed) // 2)
        self._outer_layout.setContentsMargins(side, PAGE_MARGIN, side, PAGE_MARGIN)
        self._arrange(wide)
        # Exact widths for the halves: a box layout's height-for-width guesses them otherwise,
        # and a guess a few pixels off clips the last line of the engine's reason.
        column = width - 2 * side
        half = (column - COLUMN_GAP) // 2 if wide else column
        margins = self.input_card.body.contentsMargins()
        needed = (self.head_label.sizeHint().width() + self.random_button.sizeHint().width()
                  + self.seed_box.width() + 4 * self.head.spacing() + margins.left()
                  + margins.right() + 2)
        self.head.setDirection(QBoxLayout.Direction.LeftToRight if half >= needed
                               else QBoxLayout.Direction.TopToBottom)
        both = (self.random_button.sizeHint().width() + self.seed_box.sizeHint().width()
                + self.random_row.spacing() + margins.left() + margins.right() + 2)
        self.random_row.setDirection(QBoxLayout.Direction.LeftToRight if half >= both
                                     else QBoxLayout.Direction.TopToBottom)
        beside = (self.there_label.sizeHint().width() + self.there_row.spacing()
                  + sum(b.sizeHint().width() for b in self.there_buttons.values())
                  + margins.left() + margins.right() + 2)
        self.there_row.setDirection(QBoxLayout.Direction.LeftToRight if half >= beside
                                    else QBoxLayout.Direction.TopToBottom)
        # After the rows have turned: the halves' minimum widths depend on it.
        # Layouts keep their minimum sizes until invalidated from the turned row upwards.
        for turned in (self.head, self.random_row, self.there_row):
            layout = turned
            while isinstance(layout, QLayout):
                layout.invalidate()
                layout = layout.parent()
        self.input_card.updateGeometry()
        for widget in self.halves:
            # Never narrower than the controls need; the page scrolls sideways then.
            widget.layout().invalidate()
            widget.setFixedWidth(max(0, half, widget.layout().minimumSize().width()))
        # The halves' new widths would reach the page's minimum width only through a chain
        # of posted layout requests, one event round per level; until then the scroll area
        # below judges by the old, wider minimum and shows a sideways bar for nothing.
        self.main.updateGeometry()
        self.column.updateGeometry()
        QScrollArea.resizeEvent(self, event)

    def _build_notation(self) -> None:
        card = Card(padding=16, spacing=8)
        self.notation_card = card
        card.body.addWidget(label("**Als Text** – zum Teilen kopieren, oder eine eigene "
                                  "Begegnung eintippen:", "Body"))
        self.notation = QLineEdit()
        self.notation.setAccessibleName("Begegnung als Text")
        self.notation.setPlaceholderText(START)
        self.notation.textChanged.connect(self._text_changed)
        copy = QPushButton("Kopieren")
        copy.setProperty("secondary", True)
        copy.setAccessibleName("Begegnung als Text kopieren")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.notation.text()))
        card.body.addLayout(row(self.notation, copy, grow=0))
        card.body.addWidget(label("Beispiele: „wal: schwimmer grün; boot [rot, blau]“, "
                                  "„schlange: boot []“ (leeres Boot), „wal: boot [rot]; dort hai“",
                                  "Muted", rich=False))
        self.error_box = Box("WrongBox")
        self.error_box.body.addWidget(label("Bitte prüfen:", "WrongTag", rich=False))
        self.error_text = label("", "Body", rich=False)
        self.error_box.body.addWidget(self.error_text)
        self.error_box.hide()
        card.body.addWidget(self.error_box)

    def _build_result(self) -> None:
        self.result = Card(padding=16, spacing=10)
        self.verdict = label("", "H2", rich=False)
        self.result.body.addWidget(self.verdict)
        self.picture = EncounterPicture()
        self.result.body.addWidget(self.picture)
        table = Container()
        table.setObjectName("Table")
        grid = QGridLayout(table)
        grid.setContentsMargins(14, 8, 14, 8)
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(6)
        self.facts: dict[str, QLabel] = {}
        for index, (key, text) in enumerate((("lost", "Gefressen"), ("boat", "Boot"),
                                             ("swimmers", "Schwimmer danach"))):
            grid.addWidget(label(text, "RowLabel", rich=False, wrap=False), index, 0,
                           Qt.AlignmentFlag.AlignTop)
            value = label("", "RowValue", rich=False)
            grid.addWidget(value, index, 1)
            self.facts[key] = value
        grid.setColumnStretch(1, 1)
        self.result.body.addWidget(table)
        self.reason = label("", "Body", rich=False)
        self.reason.setAccessibleName("Begründung der Regel-Engine")
        reason_box = Box("Answer")
        reason_box.body.addWidget(label("**Warum**", "Body"))
        reason_box.body.addWidget(self.reason)
        self.result.body.addWidget(reason_box)
        self.result.body.addStretch(1)

    def _build_rules(self) -> None:
        content = self.loaded.game.content
        found = {p.id: (p.title, p.right) for p in content.pitfalls}
        found.update({i.id: (f"{i.code}: {i.title}", i.ruling) for i in content.interpretations})
        self.rule_entries: dict[str, tuple[QWidget, QLabel]] = {}
        self.jump_buttons: dict[str, QPushButton] = {}
        card = Card(padding=18, spacing=12)
        card.body.addWidget(label("Die Regel dazu", "H2", rich=False))
        for entries in RULES.values():
            for key, section, source in entries:
                if key not in found or key in self.rule_entries:
                    continue
                title, text = found[key]
                tag = pill("gilt hier", "Tag")
                jump = rule_link(self.services, section, key, title, source)
                if jump is not None:
                    self.jump_buttons[key] = jump
                entry = Container()
                entry_layout = QVBoxLayout(entry)
                entry_layout.setContentsMargins(0, 0, 0, 0)
                entry_layout.setSpacing(4)
                entry_layout.addWidget(label(f"**{title}**", "Body"))
                entry_layout.addWidget(label(text, "Muted"))
                entry_layout.addLayout(row(pill(source), tag, jump))
                card.body.addWidget(entry)
                self.rule_entries[key] = (entry, tag)
        self.rules_card = card

    def _restyle(self) -> None:
        colours = current_colours()
        # Round buttons as large as the sign needs at this text size, with a little air.
        stepper = max(22, QFontMetrics(self.font()).height() + 14)
        self.input_card.setStyleSheet(segment_style(palette_colours(), stepper))
        for button in self.input_card.findChildren(QToolButton, "Stepper"):
            # Round and of exactly this size, never squeezed by the grid. Not read back from
            # the style: its hint depends on whether the sheet has reached the button yet,
            # and grew by the border at each theme switch.
            button.setFixedSize(stepper, stepper)
        for buttons, size in ((self.creature_buttons, 22), (self.there_buttons, 18)):
            for creature, button in buttons.items():
                button.setIcon(creature_icon(creature, size, colours))
        for colour, swatch in self.colour_heads.items():
            swatch.setPixmap(explorer_pixmap(colour, 14, colours))

    def changeEvent(self, event) -> None:
        # StyleChange too: a theme switch sets the palette before the application's sheet,
        # and the buttons must be measured under the sheet they are shown with.
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.FontChange, QEvent.Type.StyleChange) \
                and hasattr(self, "input_card"):
            self._restyle()
        super().changeEvent(event)

    def _on_jump(self, section: str, anchor: str) -> None:
        """„Im Rechner ausprobieren“ under a worked example: its encounter, to vary."""
        if section != "calculators" or not anchor.startswith("example:"):
            return
        if self.services.state.game_id != self.loaded.id:
            return
        wanted = anchor.removeprefix("example:")
        example = next((e for e in self.loaded.game.examples if e.id == wanted), None)
        if example is None or example.action.strip() != "begegnung":
            return
        try:
            creature, contents = parse_encounter(example.position)
        except RulesError:
            return  # the content check names it
        self.set_encounter(creature, contents)

    # -- changing the space --------------------------------------------------------------

    def set_encounter(self, creature: Creature, contents: SpaceContents) -> None:
        """Show this encounter; the text field follows."""
        with QSignalBlocker(self.notation):
            self.notation.setText(format_encounter(creature, contents))
            self.notation.setCursorPosition(0)
        self.error = ""
        self._show(creature, contents)

    def _try(self, creature: Creature, swimmers, boat, there) -> None:
        """Build the space the click asks for; the engine refuses impossible ones."""
        try:
            contents = SpaceContents(tuple(swimmers), None if boat is None else tuple(boat),
                                     tuple(sorted(there)))
        except RulesError as err:
            self.refusal = str(err)
            self.refusal_text.setText(self.refusal)
            self.refusal_box.show()
            # No result beside „Geht nicht“: it would answer a question nobody asked. The
            # next possible click shows the space again.
            self.result.hide()
            self._sync_controls()  # toggles that flipped on the click flip back
            return
        self.set_encounter(creature, contents)

    def _set_creature(self, creature: Creature) -> None:
        c = self.contents
        self._try(creature, c.swimmers, c.boat, c.creatures)

    def _step_swimmer(self, colour: Colour, step: int) -> None:
        c = self.contents
        self._try(self.creature, _stepped(c.swimmers, colour, step), c.boat, c.creatures)

    def _step_crew(self, colour: Colour, step: int) -> None:
        c = self.contents
        self._try(self.creature, c.swimmers, _stepped(c.boat or (), colour, step), c.creatures)

    def _toggle_boat(self, on: bool) -> None:
        c = self.contents
        if on == (c.boat is not None):
            return
        if not on:
            self._boat_memory = c.boat or ()
        self._try(self.creature, c.swimmers, self._boat_memory if on else None, c.creatures)

    def _toggle_there(self, creature: Creature) -> None:
        c = self.contents
        there = [x for x in c.creatures if x is not creature]
        if creature not in c.creatures:
            there.append(creature)
        self._try(self.creature, c.swimmers, c.boat, there)

    def _text_changed(self, text: str) -> None:
        try:
            creature, contents = parse_encounter(text)
        except RulesError as err:
            self.error = str(err)
            self.outcome = None
            self._show_error()
            self.refusal_box.hide()
            self.result.hide()
            return
        self.error = ""
        self._show(creature, contents)

    def _roll(self) -> None:
        seed = self._chance.randrange(1, SEED_MAX + 1)
        if seed == self.seed_box.value():
            self.random_encounter(seed)
        self.seed_box.setValue(seed)

    def random_encounter(self, seed: int) -> None:
        """The engine's random situation number ``seed``."""
        self.seed = seed
        with QSignalBlocker(self.seed_box):
            self.seed_box.setValue(seed)
        self.set_encounter(*random_encounter(random.Random(seed)))

    # -- showing -------------------------------------------------------------------------

    def _show_error(self) -> None:
        self.error_text.setText(self.error)
        self.error_box.setVisible(bool(self.error))

    def _show(self, creature: Creature, contents: SpaceContents) -> None:
        self.creature, self.contents = creature, contents
        outcome = resolve_encounter(creature, contents)
        self.outcome = outcome
        self.error = self.refusal = ""
        self._show_error()
        self.refusal_box.hide()
        self._sync_controls()
        self.result.show()
        self.picture.show_encounter(creature, contents, outcome)
        lost = len(outcome.lost)
        if not outcome.stops:
            head = f"{ARRIVES[creature]} zieht weiter"
        else:
            head = f"{ARRIVES[creature]} hält hier an"
        if lost:
            head += f" – {lost} Entdecker aus dem Spiel"
        elif outcome.boat_destroyed:
            head += " – das Boot kentert"
        self.verdict.setText(head)
        self.facts["lost"].setText(names(outcome.lost) if outcome.lost else "niemand")
        if contents.boat is None:
            boat = "kein Boot auf dem Feld"
        elif outcome.boat_destroyed:
            boat = "zerstört – es ist weg"
        elif outcome.passengers_after:
            boat = f"bleibt, an Bord: {names(outcome.passengers_after)}"
        else:
            boat = "bleibt liegen (leer)"
        self.facts["boat"].setText(boat)
        swimmers = names(outcome.swimmers_after) if outcome.swimmers_after else "niemand"
        if outcome.new_swimmers:
            swimmers += f" (neu im Wasser: {names(outcome.new_swimmers)})"
        self.facts["swimmers"].setText(swimmers)
        self.reason.setText(outcome.reason)
        self._show_rules(creature, contents)

    def _sync_controls(self) -> None:
        creature, contents = self.creature, self.contents
        with QSignalBlocker(self.creature_group):
            self.creature_buttons[creature].setChecked(True)
        crew = contents.boat or ()
        room = len(crew) < BOAT_SEATS

        def left(colour: Colour) -> bool:
            # Swimmers and crew of one colour come from the same 10 explorers.
            return sum(1 for e in (*contents.swimmers, *crew)
                       if e.colour is colour) < MAX_SWIMMERS

        for colour, stepper in self.swimmer_steppers.items():
            count = sum(1 for e in contents.swimmers if e.colour is colour)
            stepper.show_count(count, left(colour))
        for colour, stepper in self.crew_steppers.items():
            count = sum(1 for e in crew if e.colour is colour)
            stepper.show_count(count, room and left(colour), contents.boat is not None)
        with QSignalBlocker(self.boat_box):
            self.boat_box.setChecked(contents.boat is not None)
        if contents.boat is None:
            self.crew_note.setText("Kein Boot auf dem Feld.")
        elif not crew:
            self.crew_note.setText("Ein leeres Boot – bis zu 3 Entdecker passen hinein, "
                                   "Farben egal.")
        else:
            self.crew_note.setText(f"Im Boot: {names(crew)} ({len(crew)} von {BOAT_SEATS} "
                                   "Plätzen).")
        for creature_there, button in self.there_buttons.items():
            button.setChecked(creature_there in contents.creatures)

    def _show_rules(self, creature: Creature, contents: SpaceContents) -> None:
        wanted = {key for key, _section, _source in RULES[creature]}
        for key, (entry, tag) in self.rule_entries.items():
            entry.setVisible(key in wanted)
            # The rulings only where they decide this space; the creature's rule always.
            applies = {"auslegung-schlange-insassen": bool(contents.boat),
                       "auslegung-leeres-boot": contents.boat == ()}.get(key, True)
            tag.setVisible(key in wanted and applies)


def _stepped(explorers, colour: Colour, step: int) -> list[Explorer]:
    """One more of that colour, or one fewer (the last one, so values typed stay put)."""
    result = list(explorers)
    if step > 0:
        result.append(Explorer(colour))
    else:
        for index in range(len(result) - 1, -1, -1):
            if result[index].colour is colour:
                del result[index]
                break
    return result

