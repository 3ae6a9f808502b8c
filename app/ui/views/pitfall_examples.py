"""Worked examples under the pitfall or step they test („Leicht vergessen“, „Dein Zug“).

Every game shows its examples: title, the engine's „geprüft“, the note. A game with a board
draws them too, with its registry entry's ``drawn_example`` (Atlantis's stretch of path,
Atacama's plan or line, Survive's map or encounter). An example opens where the player can try
it: on the Atlantis board, or in Survive's „Was passiert?“.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from app.model.loader import LoadedGame
from app.rules.errors import RulesError
from app.rules.offers import BOARD, DRAWN_EXAMPLES
from app.ui import render_memo
from app.ui.app_state import Services
from app.ui.game_registry import offers, ui_for_id
from app.ui.text_size import current_pt
from app.ui.widgets import label, pill, row

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPushButton


def examples_for(loaded: LoadedGame, pitfall_id: str) -> list:
    """The worked examples that illustrate ``pitfall_id`` (their ``tests`` name it)."""
    return [example for example in loaded.game.examples if pitfall_id in example.tests]


def example_panel(loaded: LoadedGame, pitfall_id: str,
                  services: Services | None = None) -> QWidget | None:
    """The first worked example that tests ``pitfall_id`` (a pitfall or a step), drawn where
    the game has a board; ``None`` if no example tests it."""
    examples = examples_for(loaded, pitfall_id)
    if not examples:
        return None
    return ExamplePanel(loaded, examples[0], services)


def drawing_for(loaded: LoadedGame, example) -> Callable[[Any], QWidget] | None:
    """What draws ``example``: the registry entry's ``drawn_example``; ``None`` for a game
    without one (an own pack never borrows a shipped game's drawing)."""
    if DRAWN_EXAMPLES not in offers(loaded.id, own_pack=loaded.own_pack):
        return None
    entry = ui_for_id(loaded.id, own_pack=loaded.own_pack)
    return entry.drawn_example if entry is not None else None


def trial_place(loaded: LoadedGame, example) -> tuple[str, str] | None:
    """Where the player can try ``example``: (section, button text), or ``None``."""
    if drawing_for(loaded, example) is None:
        return None
    if loaded.id == "atlantis":
        return "board", "Auf dem Spielbrett öffnen"
    if loaded.id == "survive" and example.action.strip() == "begegnung":
        return "calculators", "Im Rechner ausprobieren"
    return None


class ExamplePanel(QFrame):
    """Title, „geprüft“ badge, the picture, the note and a way to try the example.

    The picture needs the game's engine; it is drawn when the panel is first shown after the
    window's first frame (or when asked for), so a page opened at start-up imports no engine
    before that frame.
    """

    def __init__(self, loaded: LoadedGame, example, services: Services | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.loaded = loaded
        self.example = example
        self.services = services
        self.setObjectName("ExamplePanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(6)

        title = label(f"Beispiel: {example.title}", "Muted", rich=False)
        result = loaded.examples.get(example.id)
        self.badge = None
        if result is not None and result.ok:
            self.badge = pill("geprüft", "CheckedBadge")
            self.badge.setToolTip("Von der Regel-Engine nachgerechnet")
            self.badge.setAccessibleName("Von der Regel-Engine geprüft")
        layout.addLayout(row(title, self.badge, grow=0))
        if example.note:
            layout.addWidget(label(example.note, rich=False))

        self._pending = BOARD in offers(loaded.id, own_pack=loaded.own_pack)
        self._board: QWidget | None = None
        self._open_button: QPushButton | None = None
        self._section: str | None = None
        # Until the picture comes, the room it took last time stays free: the page does
        # not move when it arrives a moment after the window's first frame.
        self._rooms: list[QWidget] = []
        heights = render_memo.room(self._room_key()) if self._pending else None
        if heights is not None:
            for index, height in zip((1, -1), heights, strict=True):
                if height:
                    room = QWidget()
                    room.setFixedHeight(height)
                    layout.insertWidget(index, room)
                    self._rooms.append(room)

    def _room_key(self) -> str:
        example = self.example
        # What the picture's and its button's heights follow: the example and the text size.
        return "\x1f".join((self.loaded.id, example.id, example.position, example.action,
                            str(current_pt())))

    @property
    def board(self) -> QWidget | None:
        self._draw()
        return self._board

    @property
    def open_button(self) -> QPushButton | None:
        self._draw()
        return self._open_button

    @property
    def section(self) -> str | None:
        self._draw()
        return self._section

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._pending:
            window = self.window()
            if getattr(window, "ready", True):
                self._draw()
            else:
                from shiboken6 import isValid

                # The page may be gone by then (a new library replaces every view).
                window.after_first_frame(lambda: self._draw() if isValid(self) else None)

    def prepare(self) -> None:
        """Draw the picture now, not when first shown (pages built ahead of time)."""
        self._draw()

    def _draw(self) -> None:
        if not self._pending:
            return
        self._pending = False
        loaded, example, layout = self.loaded, self.example, self.layout()
        for room in self._rooms:
            layout.removeWidget(room)
            room.deleteLater()
        self._rooms = []
        draw = drawing_for(loaded, example)
        if draw is None:
            return
        try:
            self._board = draw(example)
        except RulesError:
            # A position the engine cannot read is reported by the content check; the
            # card then simply shows no drawing.
            return
        self._board.setAccessibleName(f"Bild zum Beispiel „{example.title}“")
        layout.insertWidget(1, self._board, 0, Qt.AlignmentFlag.AlignLeft)
        place = trial_place(loaded, example)
        if place is None:
            render_memo.remember_room(self._room_key(), _height_in_layout(self._board), 0)
            return
        self._section, text = place
        from PySide6.QtWidgets import QPushButton

        button = QPushButton(text)
        button.setProperty("secondary", True)
        where = "auf dem Spielbrett öffnen" if self._section == "board" \
            else "im Rechner ausprobieren"
        button.setAccessibleName(f"Beispiel „{example.title}“ {where}")
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(self.open_on_board)
        button.setEnabled(self.services is not None)
        layout.addLayout(row(button))
        self._open_button = button
        render_memo.remember_room(self._room_key(), _height_in_layout(self._board),
                                  _height_in_layout(button))

    def open_on_board(self) -> None:
        if self.services is not None and self._section is not None:
            self.services.state.request_jump(self._section, "example:" + self.example.id)


def _height_in_layout(widget: QWidget) -> int:
    """The height a box layout gives ``widget`` (all drawings and buttons here are fixed in
    height): its size hint within its minimum and maximum."""
    return min(max(widget.sizeHint().height(), widget.minimumHeight()), widget.maximumHeight())


def atlantis_example_drawing(example) -> QWidget:
    """The stretch of the Atlantis path a worked example is about, with its highlights."""
    from app.ui.boards.atlantis_scene import MiniBoard, drawing_for

    drawing = drawing_for(example.position, example.action)
    return MiniBoard(drawing.state, drawing.first, drawing.last, drawing.highlights,
                     shown=drawing.shown)


class LineDrawing(QWidget):
    """One Atacama line on its own (``linie …``): nine fields as on the plan, derricks as
    discs (the second colour with a ring)."""

    CELL = 40
    GAP = 4

    def __init__(self, line, parent: QWidget | None = None):
        super().__init__(parent)
        self.line = line
        width = 9 * self.CELL + 8 * self.GAP + 2
        self.setFixedSize(width, self.CELL + 2)

    def paintEvent(self, _event) -> None:
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QPainter

        from app.ui.boards.atacama_board import BoardColours, FieldPainter
        from app.ui.theme import palette_colours

        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fields = FieldPainter(BoardColours.from_colours(palette_colours()), self.font(),
                              self.CELL)
        for i, (field, code) in enumerate(zip(self.line.fields, self.line.codes, strict=True)):
            rect = QRectF(1 + i * (self.CELL + self.GAP), 1, self.CELL, self.CELL)
            fields.paint(painter, rect, field, code)
        painter.end()


def atacama_example_drawing(example) -> QWidget:
    """The Atacama plan of a worked example with its derricks (looked at, not played), or
    the one line it is about."""
    from app.rules.atacama.notation import parse_line, parse_position
    from app.ui.boards.atacama_board import AtacamaBoardWidget

    if example.position.strip()[:5].lower() == "linie":
        return LineDrawing(parse_line(example.position))

    board = AtacamaBoardWidget(parse_position(example.position))
    board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    side = min(board.sizeHint().width(), EXAMPLE_SIDE)
    board.setFixedSize(side, side)
    return board


def survive_example_drawing(example) -> QWidget:
    """An encounter as before → after; any other example as its practice map."""
    if example.action.strip() == "begegnung":
        from app.rules.survive.encounter import resolve_encounter
        from app.rules.survive.notation import parse_encounter
        from app.ui.views.survive_encounters import EncounterPicture

        creature, contents = parse_encounter(example.position)
        picture = EncounterPicture()
        picture.show_encounter(creature, contents, resolve_encounter(creature, contents))
        # Its narrowest: the drawing is centred in whatever width it gets.
        picture.setFixedSize(picture.minimumWidth(), picture.sizeHint().height())
        return picture
    from app.rules.survive.notation import parse_position
    from app.ui.boards.survive_map import SurviveMapWidget

    board = SurviveMapWidget(parse_position(example.position))
    board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    board.set_radius(MAP_RADIUS)
    return board


# A picture beside a pitfall card, not a second board page.
EXAMPLE_SIDE = 320
MAP_RADIUS = 16  # px per hexagon: the whole practice map in about 400 × 320

