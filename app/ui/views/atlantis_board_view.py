"""„Spielbrett“ for Atlantis: play moves on the drawn path and watch the engine explain them.

The game lives in :class:`~app.ui.boards.atlantis_board_model.AtlantisBoardModel`; this view
draws it (:mod:`app.ui.boards.atlantis_scene`), passes clicks and keys on, and shows the
position after each move (or undo) at once; on request (▸) it replays the last move step by
step, labelled as a replay, beside the engine's German explanation. A finished game is scored.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from html import escape

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSignalBlocker, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QCursor,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.model.drafts.atlantis import START_SEED, AtlantisDraft, atlantis_session, place_text
from app.model.loader import LoadedGame
from app.rules.atlantis import (
    ATLANTIS,
    ITEMS,
    MAINLAND,
    PRACTICE_NOTE,
    Item,
    Payment,
    Phase,
    State,
    Tile,
    cards_for_tile,
    explain,
    final_scores,
    format_pages,
    gaps,
    winners,
)
from app.rules.atlantis.explain import tile_name
from app.ui.accessibility import announce, fixed_width, link_label
from app.ui.app_state import Services
from app.ui.board_page import SessionSignals
from app.ui.boards.accessible import announce_change, announce_cursor, atlantis_fields
from app.ui.boards.atlantis_replay import Beat, outcome_beats
from app.ui.boards.atlantis_scene import (
    DEFAULT_COLUMNS,
    PLAYER_COLOURS,
    AtlantisScene,
    Highlights,
    Hit,
    SceneView,
    board_colours,
    board_scene,
    draw_glyph,
    ink_on,
    palette_colours,
    player_name,
    snake_layout,
)
from app.ui.settings import DEFAULT_FONT_PT
from app.ui.widgets import (
    Box,
    Card,
    FlowLayout,
    ReflowRow,
    expert_toggle,
    flow,
    label,
    markdown_html,
    pill,
    secondary,
    style_combo,
)

PANEL_WIDTH = 330
NARROW = 640  # below this width the side panel goes under the board
# … and below this one too, at any text size: beside a side panel the board would get
# tiles too small to click (≈ 18 px at 900×700); stacked it has the full width.
BOARD_ROOM = 860
NARROW_TOOLBAR = 1000  # … and below this one the toolbar takes two rows
NARROW_BOARD_MIN = 180  # the board never gets lower than this; then the page scrolls
SEED_MAX = 999_999
PRACTICE_PICK = 999  # „Zufällig“ picks a short number a player can say and type again


def _payment_text(payment: Payment) -> str:
    """``Krone 5 + 2 Karten (Ring, Helm)``: names, not notation."""
    parts = [tile_name(t) for t in payment.tiles]
    if payment.cards:
        count = len(payment.cards)
        parts.append(f"{count} Karte{'n' if count > 1 else ''} "
                     f"({', '.join(c.label for c in payment.cards)})")
    return " + ".join(parts) or "nichts"


def _points(n: int, dative: bool = False) -> str:
    """``1 Punkt``, ``7 Punkte``, ``mit 7 Punkten``."""
    if abs(n) == 1:
        return f"{n} Punkt"
    return f"{n} Punkte{'n' if dative else ''}"


# --- the drawn board -----------------------------------------------------------------------------


class BoardCanvas(SceneView):
    """The whole path, scaled to fit; picks how many tiles per row suit the space best.

    Clicks report what they hit (``on_hit``); Tab or the arrow keys walk through the pawns
    of the player to move, Enter or Space picks one.
    """

    def __init__(self, view: AtlantisBoardView):
        super().__init__(max_scale=1.15)
        self.owner = view
        self.columns = DEFAULT_COLUMNS
        self.focus_index = -1
        self.state: State | None = None
        self.highlights = Highlights()
        self.board: AtlantisScene | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName("Spielbrett: Weg von Atlantis zum Festland")
        self.setMinimumSize(QSize(260, 200))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    # drawing

    def show_state(self, state: State, highlights: Highlights) -> None:
        self.state, self.highlights = state, highlights
        self.rebuild()

    def rebuild(self) -> None:
        if self.state is None:
            return
        marks = self.highlights
        stops = self._pawn_stops()
        if getattr(self, "_on_gaps", False) != self._choosing_gap():
            # Pawns became gaps (or back): the keyboard starts at the first of them.
            self._on_gaps = self._choosing_gap()
            self.focus_index = 0 if stops else -1
        if self.hasFocus() and self._choosing_gap() and 0 <= self.focus_index < len(stops):
            # The gap the keyboard is on glows like a target; Enter lays the bridge there.
            marks = marks.with_(targets=(*marks.targets, stops[self.focus_index]))
        elif self.hasFocus() and 0 <= self.focus_index < len(stops):
            marks = marks.with_(focus=stops[self.focus_index],
                                player=self.state.turn)
        old = self.scene()
        self.board = board_scene(self.state, marks, columns=self.columns)
        self.board.setParent(self)
        self.setScene(self.board)
        if old is not None:
            old.deleteLater()
        self.setAccessibleDescription(self._describe())
        self.fit()
        announce_change(self)

    def _describe(self) -> str:
        state = self.state
        n = len(state.path)
        return (f"{n} Felder; am Zug {player_name(state.turn)}, Figuren auf "
                + ", ".join(place_text(p) for p in state.player.pawns) + ".")

    def best_columns(self) -> int:
        """The tiles per row that give the largest tiles in the space there is."""
        if self.state is None:
            return self.columns
        width, height = self.viewport().width(), self.viewport().height()
        if width < 50 or height < 50:
            return self.columns
        n = len(self.state.path)
        scales: dict[int, float] = {}
        for columns in range(5, 19):
            size = snake_layout(n, columns).size
            scales[columns] = min(width / size.width(), height / size.height(), self.max_scale)
            if columns >= n + 2:
                break
        best_scale = max(scales.values())
        # A short path reads best in one row, even with somewhat smaller tiles; otherwise
        # the largest tiles win, and among (almost) equal ones the longer rows.
        one_row = [c for c in scales if c >= n + 2 and scales[c] >= 0.7 * best_scale]
        if one_row:
            return one_row[0]
        return max(c for c in scales if scales[c] >= best_scale * 0.985)

    def resizeEvent(self, event) -> None:
        columns = self.best_columns()
        if columns != self.columns:
            self.columns = columns
            self.rebuild()
        super().resizeEvent(event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and getattr(self, "board", None) is not None \
                and self.board.colours != board_colours(palette_colours()):
            self.rebuild()

    def sizeHint(self) -> QSize:
        # The board fits whatever space it gets; its wish must not push the page taller.
        return QSize(480, self.minimumHeight())

    # where things are (clicks, keyboard, tests)

    def scene_point_to_view(self, point: QPointF | None) -> QPoint | None:
        return None if point is None else self.mapFromScene(point)

    def pawn_point(self, location: int, player: int | None = None) -> QPoint | None:
        if self.board is None:
            return None
        return self.scene_point_to_view(self.board.pawn_centre(location, player))

    def position_point(self, location: int) -> QPoint | None:
        if self.board is None:
            return None
        rect = self.board.rect_of(location)
        return None if rect is None else self.mapFromScene(rect.center())

    # input

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.board is None:
            super().mousePressEvent(event)
            return
        hit = self.board.hit(self.mapToScene(event.position().toPoint()))
        if hit is not None:
            self.owner.on_hit(hit)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        hit = self.board.hit(self.mapToScene(event.position().toPoint())) if self.board else None
        draft = self.owner.draft
        clickable = hit is not None and (
            hit.kind == "pawn" or ((draft.bridge_mode or draft.awaiting is not None)
                                   and hit.kind == "position"
                                   and self.state.position(hit.location).is_water))
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if clickable
                                  else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def _choosing_gap(self) -> bool:
        draft = self.owner.draft
        return draft.awaiting is not None or draft.bridge_mode

    def _pawn_stops(self) -> list[int]:
        """What the arrow keys walk through: the pawns to move, or the open gaps while a
        bridge waits for its place (the first water position of each)."""
        if self.state is None:
            return []
        draft = self.owner.draft
        if draft.awaiting is not None:
            return draft.preview_gaps()
        if draft.bridge_mode:
            return [gap.first for gap in gaps(self.state) if gap.bridge is None]
        return draft.own_pawns()

    def _step_focus(self, step: int, wrap: bool) -> bool:
        stops = self._pawn_stops()
        if not stops:
            return False
        index = self.focus_index + step
        if not 0 <= index < len(stops):
            if not wrap:
                return False
            index %= len(stops)
        self.focus_index = index
        self.rebuild()
        announce_cursor(self)
        return True

    def accessible_fields(self):
        """The path's fields for screen readers (app/ui/boards/accessible.py)."""
        return atlantis_fields(self)

    def focused_pawn(self) -> int | None:
        stops = self._pawn_stops()
        return stops[self.focus_index] if 0 <= self.focus_index < len(stops) else None

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        stops = self._pawn_stops()
        origin = self.owner.draft.origin
        if origin in stops:
            self.focus_index = stops.index(origin)
        elif event.reason() == Qt.FocusReason.BacktabFocusReason:
            self.focus_index = len(stops) - 1
        else:
            self.focus_index = 0 if stops else -1
        self.rebuild()
        announce_cursor(self)

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.rebuild()

    def focusNextPrevChild(self, next_: bool) -> bool:
        if self.hasFocus() and self._step_focus(1 if next_ else -1, wrap=False):
            return True
        return super().focusNextPrevChild(next_)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self._step_focus(1, wrap=True)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self._step_focus(-1, wrap=True)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            pawn = self.focused_pawn()
            if pawn is not None and self._choosing_gap():
                self.owner.on_hit(Hit("position", pawn))
            elif pawn is not None:
                self.owner.draft.select_pawn(pawn)
        elif key == Qt.Key.Key_Escape:
            self.owner.draft.cancel()
        else:
            super().keyPressEvent(event)


# --- small widgets -------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def item_icon(item: Item, size: int = 22, ratio: float = 2.0) -> QIcon:
    """A tiny tile in the item's colour with its glyph, for card and tile chips."""
    pixels = round(size * ratio)
    image = QPixmap(pixels, pixels)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    colour = QColor(item.colour)
    edge = QColor("#9AA0A6") if item is Item.STATUE else colour.darker(130)
    painter.setPen(edge)
    painter.setBrush(colour)
    painter.drawRoundedRect(0.5, 0.5, size - 1, size - 1, 5, 5)
    draw_glyph(painter, item, ink_on(colour), QRectF(3, 3, size - 6, size - 6))
    painter.end()
    image.setDevicePixelRatio(ratio)
    return QIcon(image)


def pawn_icon(player: int, size: int = 16) -> QPixmap:
    ratio = 2.0
    image = QPixmap(round(size * ratio), round(size * ratio))
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    fill = QColor(PLAYER_COLOURS[player])
    # White and black pawns get a muted rim so they show on light and dark pages alike.
    painter.setPen(QColor(palette_colours().muted) if player in (1, 2) else fill.darker(140))
    painter.setBrush(fill)
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    image.setDevicePixelRatio(ratio)
    return image


def _chip_style() -> str:
    """Card and tile chips, set once on the panel; the properties pick the variant."""
    c = palette_colours()
    return (f"QPushButton#Chip {{ background: {c.surface}; color: {c.text}; "
            f"border: 1px solid {c.border}; border-radius: 8px; padding: 4px 5px; "
            "font-weight: 600; text-align: left; }"
            f"QPushButton#Chip[empty=\"true\"] {{ color: {c.muted}; }}"
            f"QPushButton#Chip[selected=\"true\"] {{ background: {c.accent_soft}; "
            f"border: 1px solid {c.accent}; }}"
            f"QPushButton#Chip:hover {{ border: 1px solid {c.accent}; }}"
            f"QPushButton#Chip:focus {{ border: 2px solid {c.accent}; }}")


def _set_flag(widget: QWidget, name: str, value: bool) -> None:
    """A style property; re-polish only when it really changes (polishing is not free)."""
    if bool(widget.property(name)) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def _section_title(text: str) -> QLabel:
    title = label(text, "Muted", rich=False)
    title.setStyleSheet("font-weight: 700; letter-spacing: 0.5px;")
    return title


# --- the view ------------------------------------------------------------------------------------


class AtlantisBoardView(QWidget):
    """The board on the left, the player's hand, tiles and the explanation on the right."""

    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__()
        self.setObjectName("Page")
        self.loaded = loaded
        self.services = services
        self.anchors: dict[str, QWidget] = {}
        self.examples = list(loaded.game.examples)
        self.session = atlantis_session()
        self.draft: AtlantisDraft = self.session.draft
        self.signals = SessionSignals(self.session, self)
        self.beats: list[Beat] = []
        self.beat = 0
        self.card_buttons: dict[Item, QPushButton] = {}
        self.tile_pool: list[QPushButton] = []
        self.step_rows: list[tuple] = []
        self.player_rows: list[tuple] = []
        self._arranged = False
        self._user_sized = False
        self._colours_seen = palette_colours()
        self.tile_buttons: list[tuple[Tile, QPushButton]] = []
        self._build()
        self._shortcuts()
        self.signals.changed.connect(self._on_changed)
        self.signals.draftChanged.connect(self._on_selection)
        self.signals.messageChanged.connect(self._show_message)
        self.signals.said.connect(lambda text, urgent: announce(self.canvas, text, urgent=urgent))
        self.signals.moved.connect(self._announce_move)
        self._on_changed()
        self._show_message()
        if services is not None:
            services.state.jumpRequested.connect(self._on_jump)

    # -- building ------------------------------------------------------------------------

    def _build(self) -> None:
        # In small windows the page scrolls (board on top, panel below); in larger ones
        # everything fits and only the side panel scrolls, if at all.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.page = QScrollArea()
        self.page.setObjectName("Page")
        self.page.setWidgetResizable(True)
        self.page.setFrameShape(QFrame.Shape.NoFrame)
        # At a big text size in a small window the toolbar may still be too wide: scroll.
        self.page.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer.addWidget(self.page)
        content = _Content()
        content.setObjectName("Column")
        self.content = content
        self.page.setWidget(content)
        root = QVBoxLayout(content)
        self.root = root
        root.setContentsMargins(24, 16, 24, 12)
        root.setSpacing(8)

        title = label("Spielbrett", "H1", rich=False)
        title.setAccessibleName("Spielbrett")
        lead = label("Zieh selbst – die Regel-Engine prüft jeden Schritt und erklärt ihn.",
                     "Lead", rich=False)
        self.undo_button = secondary(QPushButton("↶ Rückgängig"))
        self.undo_button.setAccessibleName("Zug zurücknehmen (Strg+Z)")
        self.undo_button.setToolTip("Zug zurücknehmen (Strg+Z)")
        self.undo_button.clicked.connect(self.model_undo)
        self.redo_button = secondary(QPushButton("Wiederholen ↷"))
        self.redo_button.setAccessibleName("Zug wiederholen (Strg+Umschalt+Z)")
        self.redo_button.setToolTip("Zug wiederholen (Strg+Umschalt+Z oder Strg+Y)")
        self.redo_button.clicked.connect(self.model_redo)
        for button in (self.undo_button, self.redo_button):
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.lead = lead
        header = QHBoxLayout()
        header.setSpacing(12)
        header.addWidget(title)
        header.addWidget(lead, 1)
        # The two buttons move under the title when the window is narrow.
        buttons = flow(self.undo_button, self.redo_button)
        header.addLayout(buttons)
        root.addLayout(header)

        root.addLayout(self._build_toolbar())

        self.source_label = label("", "Muted", rich=False)
        self.source_label.setAccessibleName("Ausgangsstellung")
        self.practice_pill = pill(PRACTICE_NOTE, "MarkBadge")
        self.practice_pill.setToolTip("Die Plättchenwerte der Schachtel kennen wir nicht; "
                                      "diese Aufstellung ist zum Üben gedacht.")
        self.practice_pill.setWordWrap(True)
        # Side by side, or the note under the source when the window is narrow.
        root.addLayout(flow(self.source_label, self.practice_pill))

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(12)
        self.splitter.setStyleSheet("QSplitter::handle { background: transparent; }")
        self.splitter.addWidget(self._build_board_column())
        self.splitter.addWidget(self._build_panel())
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.splitterMoved.connect(lambda *_: setattr(self, "_user_sized", True))
        root.addWidget(self.splitter, 1)

        self.expert_button = expert_toggle(self._show_expert)
        root.addWidget(self.expert_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.expert_row = QWidget()
        self.expert_row.setLayout(self._build_notation_row())
        self.expert_row.layout().setContentsMargins(0, 0, 0, 0)
        self.expert_row.hide()
        root.addWidget(self.expert_row)

    def _build_toolbar(self) -> QBoxLayout:
        self.example_combo = style_combo(QComboBox())
        link_label(self.example_combo, "Durchgerechnetes Beispiel öffnen")
        self.example_combo.addItem("Beispiel öffnen …", "")
        for example in self.examples:
            self.example_combo.addItem(example.title, example.id)
        self.example_combo.setMinimumContentsLength(18)
        self.example_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.example_combo.activated.connect(self._on_example_chosen)

        self.players_spin = QSpinBox()
        self.players_spin.setRange(2, 4)
        self.players_spin.setValue(3)
        self.players_spin.setSuffix(" Spieler")
        self.players_spin.setAccessibleName("Spielerzahl für die Startaufstellung")
        self.setup_button = secondary(QPushButton("Aufstellen"))
        self.setup_button.setAccessibleName("Startaufstellung aufbauen")
        self.setup_button.clicked.connect(
            lambda: self.draft.new_game(self.players_spin.value(), 0))

        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, SEED_MAX)
        self.seed_spin.setValue(START_SEED)
        self.seed_spin.setMinimumWidth(96)
        self.seed_spin.setAccessibleName("Nummer der Übungsaufstellung")
        self.seed_spin.setToolTip("Gleiche Nummer, gleiche Aufstellung")
        self.practice_button = secondary(QPushButton("Üben"))
        self.practice_button.setAccessibleName("Übungsaufstellung mit dieser Nummer laden")
        self.practice_button.clicked.connect(self.load_practice_from_spin)
        self.dice_button = secondary(QPushButton("Zufällig"))
        self.dice_button.setAccessibleName("Zufällige Übungssituation")
        self.dice_button.clicked.connect(self._random_practice)

        self.toolbar = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.toolbar.setSpacing(10)
        first = QHBoxLayout()
        first.setSpacing(8)
        first.addWidget(self.example_combo, 1)
        second = FlowLayout(spacing=8)  # wraps instead of running off a narrow window
        seed_label = label("Übung Nr.", "Muted", rich=False, wrap=False)
        seed_label.setToolTip("Übungsaufstellung Nr. … – gleiche Nummer, gleiche Aufstellung")
        seed_label.setBuddy(self.seed_spin)
        self.toolbar_separator = _separator()
        # What belongs together stays on one line when the row wraps.
        for group in ((self.players_spin, self.setup_button), (self.toolbar_separator,),
                      (seed_label, self.seed_spin, self.practice_button), (self.dice_button,)):
            if len(group) == 1:
                second.addWidget(group[0])
                continue
            box = QWidget()
            together = QHBoxLayout(box)
            together.setContentsMargins(0, 0, 0, 0)
            together.setSpacing(8)
            for widget in group:
                together.addWidget(widget)
            second.addWidget(box)
        self.toolbar.addLayout(first, 1)
        self.toolbar.addLayout(second)
        return self.toolbar

    def _build_board_column(self) -> QWidget:
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.canvas = BoardCanvas(self)
        layout.addWidget(self.canvas, 1)

        self.step_back = secondary(QPushButton("◂"))
        self.step_back.setAccessibleName("Vorheriger Schritt des Zuges")
        self.step_back.setToolTip("Vorheriger Schritt (Strg+Links)")
        self.step_back.clicked.connect(self.replay_back)
        self.step_next = secondary(QPushButton("▸"))
        self.step_next.setAccessibleName("Zug Schritt für Schritt ansehen: nächster Schritt")
        self.step_next.setToolTip("Den letzten Zug Schritt für Schritt ansehen (Strg+Rechts)")
        self.step_next.clicked.connect(self.replay_next)
        for button in (self.step_back, self.step_next):
            fixed_width(button, 40)
        self.step_count = pill("", "Tag")
        self.step_caption = label("", "Body", rich=False)
        # Fixed heights keep the board from jumping when a caption is longer; three lines hold
        # a replay step with the name of whose move it is, even in a narrow window.
        lines = self.step_caption.fontMetrics().lineSpacing()
        self.step_caption.setFixedHeight(3 * lines + 4)
        step_bar = QWidget()
        steps = QHBoxLayout(step_bar)
        steps.setContentsMargins(0, 0, 0, 0)
        steps.setSpacing(8)
        steps.addWidget(self.step_back)
        steps.addWidget(self.step_count)
        steps.addWidget(self.step_caption, 1)
        steps.addWidget(self.step_next)
        step_bar.setFixedHeight(3 * lines + 8)
        self.step_bar = step_bar
        layout.addWidget(step_bar)

        self.message_box = Box("Answer")
        self.message = label("", "Body", rich=False)
        self.message.setAccessibleName("Meldung")
        # Room for two lines so short messages do not make the board jump; a longer one
        # (a refusal with its reason) gets the lines it needs.
        self.message.setMinimumHeight(2 * self.message.fontMetrics().lineSpacing() + 4)
        self.skip_bridge_button = secondary(QPushButton("Ohne Brücke"))
        self.skip_bridge_button.setAccessibleName("Zug ohne Brücke ausführen (Esc)")
        self.skip_bridge_button.setToolTip("Den Zug ohne Brücke ausführen (Esc)")
        self.skip_bridge_button.clicked.connect(self.draft.skip_bridge_after)
        self.skip_bridge_button.hide()
        message_row = QHBoxLayout()
        message_row.setContentsMargins(0, 0, 0, 0)
        message_row.setSpacing(10)
        message_row.addWidget(self.message, 1)
        message_row.addWidget(self.skip_bridge_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.message_box.body.addLayout(message_row)
        layout.addWidget(self.message_box)
        return column

    def _build_panel(self) -> QWidget:
        scroll = QScrollArea()
        scroll.setObjectName("Page")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.panel_scroll = scroll
        panel = _Panel()
        panel.setObjectName("Column")
        panel.setStyleSheet(_chip_style())
        self.panel_widget = panel
        self.panel = QVBoxLayout(panel)
        self.panel.setContentsMargins(0, 0, 4, 0)
        self.panel.setSpacing(12)

        turn_card = Card(padding=14, spacing=8)
        self.turn_icon = QLabel()
        self.turn_name = label("", "H2", rich=False)
        self.turn_name.setAccessibleName("Am Zug")
        self.turn_note = label("", "Muted", rich=False)
        head = QHBoxLayout()
        head.setSpacing(8)
        head.addWidget(self.turn_icon)
        head.addWidget(self.turn_name, 1)
        turn_card.body.addLayout(head)
        turn_card.body.addWidget(self.turn_note)

        self.hand_title = _section_title("HANDKARTEN")
        turn_card.body.addWidget(self.hand_title)
        # The chips live in their own box: when the panel goes under the board, the box moves
        # to a single row right under the board, so cards and board are in view together.
        self.hand_box = QWidget()
        self.hand_box.setAccessibleName("Handkarten")
        cards = QGridLayout(self.hand_box)
        cards.setContentsMargins(0, 0, 0, 0)
        self.hand_grid = cards
        self.turn_body = turn_card.body
        cards.setSpacing(6)
        for index, item in enumerate(ITEMS):
            button = QPushButton()
            button.setObjectName("Chip")
            button.setIcon(item_icon(item))
            button.setIconSize(QSize(18, 18))
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setToolTip(f"{item.display} spielen (Taste {item.letter})")
            button.setProperty("item", item.display)
            button.clicked.connect(lambda _=False, it=item: self.play_card(it))
            button.setMaximumWidth(96)
            self.card_buttons[item] = button
            cards.addWidget(button, index // 4, index % 4)
        cards.setColumnStretch(4, 1)
        turn_card.body.addWidget(self.hand_box)
        self.card_legend = label(" · ".join(f"{item.letter} {item.label}" for item in ITEMS),
                                 "Muted", rich=False)
        self.card_legend.setAccessibleName("Legende der Handkarten: Buchstabe und Gegenstand")
        self.card_legend.setWordWrap(True)
        turn_card.body.addWidget(self.card_legend)

        turn_card.body.addWidget(_section_title("PLÄTTCHEN"))
        self.tiles_box = QWidget()
        self.tiles_layout = QGridLayout(self.tiles_box)
        self.tiles_layout.setContentsMargins(0, 0, 0, 0)
        self.tiles_layout.setSpacing(6)
        self.tiles_layout.setColumnStretch(5, 1)
        turn_card.body.addWidget(self.tiles_box)
        self.tiles_note = label("", "Muted", rich=False)
        turn_card.body.addWidget(self.tiles_note)

        self.bridge_label = label("", "Body", rich=False)
        self.bridge_button = secondary(QPushButton("Brücke legen"))
        self.bridge_button.setCheckable(True)
        self.bridge_button.setAccessibleName("Brücke legen: danach eine Lücke anklicken (B)")
        self.bridge_button.setToolTip("Danach auf eine Lücke klicken (Taste B)")
        self.bridge_button.clicked.connect(
            lambda checked: self.draft.set_bridge_mode(bool(checked)))
        bridge_row = ReflowRow()
        bridge_row.addWidget(self.bridge_label, 1)
        bridge_row.addWidget(self.bridge_button)
        turn_card.body.addLayout(bridge_row)
        self.bridge_later_box = QCheckBox("Brücke nach dem Nehmen legen")
        self.bridge_later_box.setAccessibleName(
            "Brücke nach dem Nehmen legen: nach dem Zug eine Lücke anklicken (R3)")
        self.bridge_later_box.setToolTip(
            "Der Zug wartet nach dem Nehmen des Plättchens, bis du eine Lücke für deine Brücke "
            "anklickst (R3). Die Lücken dieses Zuges zahlst du trotzdem.")
        self.bridge_later_box.toggled.connect(
            lambda checked: self.draft.set_bridge_later(bool(checked)))
        turn_card.body.addWidget(self.bridge_later_box)

        self.no_move_button = QPushButton("Kein Zug möglich")
        self.no_move_button.setToolTip("Karten zeigen und 2 nachziehen (S. 3)")
        self.no_move_button.setAccessibleName("Kein Zug möglich: Karten zeigen, 2 ziehen")
        self.no_move_button.clicked.connect(self.draft.no_move)
        turn_card.body.addWidget(self.no_move_button)
        self.panel.addWidget(turn_card)

        self.outcome_card = Card(padding=14, spacing=6)
        self.outcome_card.body.addWidget(label("Was passiert ist", "H2", rich=False))
        self.outcome_empty = label("Nach jedem Zug steht hier Schritt für Schritt, was die "
                                   "Regeln daraus machen – mit Seitenangaben.", "Muted",
                                   rich=False)
        self.outcome_card.body.addWidget(self.outcome_empty)
        self.payment_row = QWidget()
        pay = QVBoxLayout(self.payment_row)
        pay.setContentsMargins(0, 0, 0, 0)
        pay.setSpacing(4)
        pay.addWidget(_section_title("BEZAHLT MIT"))
        self.payment_combo = style_combo(QComboBox())
        link_label(self.payment_combo, "Zahlung wählen")
        self.payment_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.payment_combo.setMinimumContentsLength(12)
        self.payment_combo.activated.connect(self._on_payment_chosen)
        pay.addWidget(self.payment_combo)
        self.outcome_card.body.addWidget(self.payment_row)
        self.payment_note = self._linked_label("")
        self.payment_note.setObjectName("Muted")
        self.outcome_card.body.addWidget(self.payment_note)
        self.explanation = QVBoxLayout()
        self.explanation.setSpacing(6)
        self.outcome_card.body.addLayout(self.explanation)
        self.panel.addWidget(self.outcome_card)

        self.score_card = Card(padding=14, spacing=6)
        self.score_card.body.addWidget(label("Wertung", "H2", rich=False))
        self.score_lines = QVBoxLayout()
        self.score_lines.setSpacing(6)
        self.score_card.body.addLayout(self.score_lines)
        self.score_card.hide()
        # At the end of a game the scoring is what a player looks for first.
        self.panel.insertWidget(0, self.score_card)

        self.players_card = Card(padding=14, spacing=6)
        self.players_title = _section_title("ALLE SPIELER · STAND: PLÄTTCHEN + KARTEN")
        self.players_title.setToolTip("Die Punkte, wenn jetzt gewertet würde: Plättchenwerte + "
                                      "1 je Handkarte (S. 5–6). Gewertet wird erst am Ende.")
        self.players_card.body.addWidget(self.players_title)
        self.players_grid = QVBoxLayout()
        self.players_grid.setSpacing(4)
        self.players_card.body.addLayout(self.players_grid)
        self.panel.addWidget(self.players_card)
        self.panel.addStretch(1)
        scroll.setWidget(panel)
        return scroll

    def _build_notation_row(self) -> QHBoxLayout:
        self.notation = QLineEdit()
        self.notation.setAccessibleName("Stellung in Textform (kopieren oder einfügen)")
        self.notation.setToolTip("Die Stellung als Text – kopieren, oder eine andere einfügen "
                                 "und Enter drücken")
        self.notation.setPlaceholderText("Stellung einfügen, z. B. H2b S3 R4 | a: HS")
        self.notation.returnPressed.connect(self.load_notation)
        self.notation.setStyleSheet("font-family: monospace;")
        load = secondary(QPushButton("Übernehmen"))
        load.setAccessibleName("Eingefügte Stellung übernehmen")
        load.clicked.connect(self.load_notation)
        copy = secondary(QPushButton("Kopieren"))
        copy.setAccessibleName("Stellung in die Zwischenablage kopieren")
        copy.clicked.connect(self.copy_notation)
        self.load_button, self.copy_button = load, copy
        layout = ReflowRow()
        layout.setSpacing(8)
        layout.addWidget(label("Stellung", "Muted", rich=False))
        layout.addWidget(self.notation, 1)
        layout.addWidget(load)
        layout.addWidget(copy)
        return layout

    def _show_expert(self, shown: bool) -> None:
        """The engine's notation is for those who ask for it; copy and paste work as before."""
        self.expert_row.setVisible(shown)
        if shown:
            self.notation.setFocus()

    def _shortcuts(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut

        def bind(keys, slot) -> None:
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), self)
                shortcut.setContext(context)
                shortcut.activated.connect(slot)

        for item in ITEMS:
            bind([item.letter], lambda it=item: self.play_card(it))
        bind(["Ctrl+Z"], self.model_undo)
        bind(["Ctrl+Shift+Z", "Ctrl+Y"], self.model_redo)
        bind(["B"], lambda: self.draft.set_bridge_mode(not self.draft.bridge_mode))
        bind(["Escape"], self.draft.cancel)
        bind(["Ctrl+Right"], self.replay_next)
        bind(["Ctrl+Left"], self.replay_back)

    # -- the page's contract with the window (app/ui/page.py) --------------------------------

    def focus_target(self) -> QWidget | None:
        """The board takes the keys: arrows, Enter, the card letters."""
        return self.canvas if self.canvas.isVisibleTo(self) else None

    def scroll_to(self, widget: QWidget) -> None:
        self.page.ensureWidgetVisible(widget, 0, 40)

    def show_first_mark(self) -> None:
        """A board has no marked rules."""

    # -- actions -------------------------------------------------------------------------

    def play_card(self, item: Item) -> None:
        self._go_live()
        self.draft.play_card(item)

    def model_undo(self) -> None:
        self.session.undo()

    def model_redo(self) -> None:
        self.session.redo()

    def load_practice_from_spin(self) -> None:
        self.draft.practice(self.seed_spin.value())

    def _random_practice(self) -> None:
        seed = random.randint(1, PRACTICE_PICK)
        self.seed_spin.setValue(seed)
        self.draft.practice(seed)

    def load_notation(self) -> None:
        text = self.notation.text().strip()
        if text == self.session.notation:
            return
        if not self.session.load_position(text):
            # Keep the user's text so it can be corrected; the state is unchanged.
            return

    def copy_notation(self) -> None:
        QGuiApplication.clipboard().setText(self.session.notation)
        self.session.say("Stellung kopiert.", "done")

    def load_example(self, example_id: str) -> bool:
        example = next((e for e in self.examples if e.id == example_id), None)
        if example is None:
            return False
        index = self.example_combo.findData(example_id)
        with QSignalBlocker(self.example_combo):
            self.example_combo.setCurrentIndex(max(index, 0))
        return self.draft.load_example(example)

    def _on_example_chosen(self, index: int) -> None:
        example_id = self.example_combo.itemData(index)
        if example_id:
            self.load_example(example_id)

    def _on_jump(self, section: str, anchor: str) -> None:
        if section == "board" and anchor.startswith("example:"):
            self.load_example(anchor.removeprefix("example:"))

    def _on_payment_chosen(self, index: int) -> None:
        choices = self.draft.payment_choices()
        if 0 <= index < len(choices) and choices[index] != self.draft.paid():
            self.draft.choose_payment(choices[index])

    def on_hit(self, hit) -> None:
        """A click on the board: a pawn, a path position, Atlantis or the mainland."""
        self._go_live()
        draft, state = self.draft, self.session.state
        if draft.awaiting is not None:
            # The board shows the move's result; clicks name positions of that preview.
            if hit.kind == "position":
                draft.place_bridge_after(hit.location)
            else:
                self.session.refuse("Die Brücke kommt auf eine Lücke: klicke auf Wasser – oder "
                              "„Ohne Brücke“ (Esc).")
            return
        if draft.bridge_mode:
            if hit.kind == "position" and state.position(hit.location).is_water:
                draft.place_bridge(hit.location)
            else:
                self.session.refuse("Die Brücke kommt auf eine Lücke: klicke auf Wasser – "
                                    "oder Esc.")
            return
        if hit.kind == "pawn":
            draft.select_pawn(hit.location, hit.player)
        elif hit.kind == "atlantis" and ATLANTIS in state.player.pawns:
            draft.select_pawn(ATLANTIS)
        elif hit.kind == "position" and hit.location in state.player.pawns:
            draft.select_pawn(hit.location)

    def buy(self, tile: Tile) -> None:
        self._go_live()
        self.draft.buy(tile)

    # -- helpers for tests and the keyboard ----------------------------------------------------

    def pawn_point(self, location: int, player: int | None = None) -> QPoint | None:
        """Where the pawn at ``location`` is drawn (of ``player``; default: the one to move)."""
        self._go_live()
        return self.canvas.pawn_point(location, self.session.state.turn if player is None
                                      else player)

    def position_point(self, location: int) -> QPoint | None:
        self._go_live()
        return self.canvas.position_point(location)

    def card_button(self, item: Item) -> QPushButton:
        return self.card_buttons[item]

    def tile_button(self, tile: Tile) -> QPushButton | None:
        return next((b for t, b in self.tile_buttons if t == tile), None)

    # -- showing -------------------------------------------------------------------------

    def _on_changed(self) -> None:
        session = self.session
        self.beats = outcome_beats(session.entry)
        # The position one plays on, at once (after a move, an undo or a redo); the steps that
        # led there only on request (▸), and then labelled as a replay.
        self.show_beat(len(self.beats) - 1)
        self._refresh_panel()
        self._refresh_notation()
        self.undo_button.setEnabled(session.can_undo)
        self.redo_button.setEnabled(session.can_redo)
        self.source_label.setText(session.source)
        self.practice_pill.setVisible(session.practice)
        with QSignalBlocker(self.players_spin):
            # An opened example or pasted position brings its own number of players.
            self.players_spin.setValue(len(session.state.players))
        if not session.source.startswith("Beispiel:") and self.example_combo.currentIndex():
            with QSignalBlocker(self.example_combo):
                self.example_combo.setCurrentIndex(0)

    def _on_selection(self) -> None:
        self._go_live()
        self._show_step_bar()
        self._refresh_board()
        self._refresh_cards()
        with QSignalBlocker(self.bridge_button):
            self.bridge_button.setChecked(self.draft.bridge_mode)
        self._refresh_bridge_later()

    def _refresh_bridge_later(self) -> None:
        draft = self.draft
        waiting = draft.awaiting is not None
        with QSignalBlocker(self.bridge_later_box):
            self.bridge_later_box.setChecked(draft.bridge_later and draft.can_bridge_later())
        self.bridge_later_box.setVisible(draft.can_bridge_later())
        self.bridge_later_box.setEnabled(draft.can_bridge_later() and not waiting)
        self.bridge_button.setEnabled(not waiting)
        self.skip_bridge_button.setVisible(waiting)

    def _go_live(self) -> None:
        """Leave a replay: the board shows the state one plays on."""
        if self.beats and self.beat != len(self.beats) - 1:
            self.beat = len(self.beats) - 1
            self._show_step_bar()
            self._refresh_board()

    @property
    def replaying(self) -> bool:
        """Whether the board shows a step of the last move instead of the position now."""
        return bool(self.beats) and self.beat < len(self.beats) - 1

    def replay_next(self) -> None:
        """▸: from the position now, the first step of the last move; then step by step, and
        after the last step back to the position now."""
        if self.session.outcome is None or len(self.beats) < 2:
            return
        self.show_beat(self.beat + 1 if self.replaying else 0)

    def replay_back(self) -> None:
        if self.session.outcome is None or len(self.beats) < 2 or self.beat == 0:
            return
        self.show_beat(self.beat - 1)

    def show_beat(self, index: int) -> None:
        if not self.beats:
            return
        self.beat = max(0, min(index, len(self.beats) - 1))
        self._show_step_bar()
        self._refresh_board()

    def _show_step_bar(self) -> None:
        session, draft = self.session, self.draft
        count = len(self.beats)
        beat = self.beats[self.beat]
        building = draft.origin is not None and self.beat == count - 1
        has_move = session.outcome is not None and not building
        replaying = has_move and self.beat < count - 1
        self.step_back.setEnabled(has_move and count > 1 and self.beat > 0)
        self.step_next.setEnabled(has_move and count > 1)
        self.step_count.setVisible(has_move or building)
        self.step_count.setText("Neuer Zug" if building else
                                f"Wiederholung: Schritt {self.beat + 1} von {count}"
                                if replaying else "Stellung jetzt")
        name = "MarkBadge" if replaying else "Tag"
        if self.step_count.objectName() != name:
            # A replay must not pass for the position now: it wears the badge colour.
            self.step_count.setObjectName(name)
            self.step_count.style().unpolish(self.step_count)
            self.step_count.style().polish(self.step_count)
        if building and draft.awaiting is not None:
            move = draft.awaiting
            landing = draft.pending_targets()[-1] if draft.cards else move.origin
            self.step_caption.setText(
                f"{place_text(move.origin)} → {place_text(landing)} · Plättchen genommen · "
                "Lücke für die Brücke?")
        elif building:
            parts = [f"Figur auf {place_text(draft.origin)}"]
            for card, where in zip(draft.cards, draft.pending_targets(), strict=True):
                parts.append(f"{card.display} → {place_text(where)} (besetzt)")
            parts.append("nächste Karte?" if draft.cards else "welche Karte?")
            self.step_caption.setText(" · ".join(parts))
        elif replaying:
            mover = player_name(session.outcome.player)
            self.step_caption.setText(f"Zug von {mover}: {beat.caption}")
        elif has_move:
            self.step_caption.setText(self._now_caption())
        else:
            self.step_caption.setText("Wähle eine Figur, dann eine Karte – der Zug erscheint "
                                      "hier Schritt für Schritt.")
        self._fit_caption()

    def _fit_caption(self) -> None:
        # Three lines as a rule (the board does not jump between captions); more only when
        # the board column is so narrow that the caption would be cut.
        caption = self.step_caption
        height = 3 * caption.fontMetrics().lineSpacing() + 4
        if caption.width() > 0:
            height = max(height, caption.heightForWidth(caption.width()))
        if caption.height() != height:
            caption.setFixedHeight(height)
            self.step_bar.setFixedHeight(height + 4)

    def _now_caption(self) -> str:
        """Whose move the board shows the result of, who is on now, and how to see the steps."""
        mover = player_name(self.session.outcome.player)
        last = self.beats[-1].caption.rstrip(".")
        now = self._now_sentence()
        if len(self.beats) > 1:
            return f"Nach dem Zug von {mover}. {now}. ▸ zeigt den Zug Schritt für Schritt."
        return f"{last}. {now}." if last else f"{now}."

    def _now_sentence(self) -> str:
        """Who is on after the last move (no full stop)."""
        session, state = self.session, self.session.state
        if state.phase is Phase.OVER:
            return "Das Spiel ist zu Ende"
        if state.phase is Phase.FINAL:
            return f"Jetzt macht {player_name(state.turn)} die Schlusszüge"
        if state.turn == session.outcome.player:
            return f"{player_name(session.outcome.player)} ist weiter am Zug"
        return f"Jetzt ist {player_name(state.turn)} am Zug"

    def _announce_move(self) -> None:
        # The explanation a sighted player reads under „Was passiert ist“, said aloud: after a
        # move the keyboard cursor stays put, so nothing else would tell a screen reader user.
        outcome = self.session.outcome
        if outcome is None:
            return
        steps = " ".join(step.text for step in explain(outcome).steps)
        announce(self.canvas, f"Zug von {player_name(outcome.player)}: {steps} "
                              f"{self._now_sentence()}.")

    def live_highlights(self) -> Highlights:
        session, draft = self.session, self.draft
        state = session.state
        if draft.awaiting is not None:
            # The board shows the move's result; every gap of it that could take the bridge
            # is outlined, nothing else competes for attention.
            return Highlights(bridge_mode=True, player=state.turn)
        targets = draft.pending_targets()
        passed = tuple(t for t in targets if t != MAINLAND)
        if draft.origin is not None or draft.bridge_mode:
            return Highlights(targets=tuple(targets), passed=passed, selected=draft.origin,
                              player=state.turn, bridge_mode=draft.bridge_mode)
        last = self.beats[-1].highlights if self.beats else Highlights()
        return last.with_(player=state.turn)

    def _refresh_board(self) -> None:
        if not self.beats:
            return
        if self.beat < len(self.beats) - 1:
            beat = self.beats[self.beat]
            self.canvas.show_state(beat.state, beat.highlights)
        else:
            session, draft = self.session, self.draft
            shown = draft.preview if draft.preview is not None else session.state
            self.canvas.show_state(shown, self.live_highlights())

    def _refresh_notation(self) -> None:
        self.notation.setText(self.session.notation)
        self.notation.setCursorPosition(0)

    def _show_message(self) -> None:
        text, kind = self.session.message.text, self.session.message.kind
        self.message.setText(text or self._hint())
        name = {"wrong": "WrongBox", "done": "RightBox"}.get(kind, "Answer") if text else "Answer"
        if self.message_box.objectName() != name:
            self.message_box.setObjectName(name)
            self.message_box.style().unpolish(self.message_box)
            self.message_box.style().polish(self.message_box)
        if text and kind == "wrong":
            # On a small window the board fills the page and the answer sits below the fold:
            # a refusal must be seen where it happens, also by a player on the keys.
            QTimer.singleShot(0, self, self._reveal_message)

    def _reveal_message(self) -> None:
        for area in (self.panel_scroll, self.page):
            if area.isAncestorOf(self.message_box):
                area.ensureWidgetVisible(self.message_box, 0, 8)

    def _hint(self) -> str:
        state = self.session.state
        if state.phase is Phase.FINAL:
            return (f"Spielende – {player_name(state.turn)} zieht die übrigen Figuren: klicke "
                    "eine an.")
        if state.phase is Phase.OVER:
            return ("Das Spiel ist vorbei – die Punkte stehen unter „Wertung“. Zurück mit Strg+Z "
                    "oder neu aufstellen.")
        return (f"{player_name(state.turn)} ist am Zug: Figur anklicken (oder Tab, Enter), "
                "dann eine Karte (Klick oder Taste R S K H A O F).")

    def _refresh_panel(self) -> None:
        draft, state = self.draft, self.session.state
        player = state.player
        self.turn_icon.setPixmap(pawn_icon(state.turn, 18))
        self.turn_icon.setAccessibleName(f"Figur {player_name(state.turn)}")
        phase = {Phase.PLAYING: "am Zug", Phase.FINAL: "Schlusszüge", Phase.OVER: "Spielende"}
        self.turn_name.setText(f"{player_name(state.turn)} – {phase[state.phase]}")
        notes = []
        if state.started:
            notes.append("Zug begonnen (gekauft oder Brücke gelegt)")
        home = player.pawns_home
        notes.append(f"{home} von 3 Figuren auf dem Festland" if home else
                     "Figuren: " + ", ".join(place_text(p) for p in player.pawns))
        self.turn_note.setText(" · ".join(notes))
        self._refresh_cards()
        self._refresh_tiles()
        placed = player.bridge_placed
        self.bridge_label.setText("Brücke: schon gelegt" if placed else
                                  "Brücke: noch nicht gelegt")
        self.bridge_button.setVisible(not placed and draft.playing)
        self._refresh_bridge_later()
        self.no_move_button.setVisible(draft.playing and draft.no_move_offered())
        self._refresh_outcome()
        self._refresh_players()
        self._refresh_score()
        if self._stacked():
            self._arrange()

    def _refresh_cards(self) -> None:
        session, draft = self.session, self.draft
        hand = session.state.player.hand
        pending = list(draft.cards)
        for item, button in self.card_buttons.items():
            count = hand[item.index] - pending.count(item)
            button.setText(f"{item.letter} {count}")
            button.setAccessibleName(f"{item.display} spielen – {count} auf der Hand")
            button.setToolTip(f"{item.display}: {count} auf der Hand – spielen mit Klick oder "
                              f"Taste {item.letter}")
            _set_flag(button, "selected", item in pending)
            _set_flag(button, "empty", count <= 0)

    def _refresh_tiles(self) -> None:
        # Buttons are kept and reused: creating and styling widgets is the slow part of a move.
        session, draft = self.session, self.draft
        tiles = session.state.player.tiles
        can_buy = draft.can_buy()
        while len(self.tile_pool) < len(tiles):
            button = QPushButton()
            button.setObjectName("Chip")
            button.setIconSize(QSize(18, 18))
            button.setMaximumWidth(72)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            index = len(self.tile_pool)
            button.clicked.connect(lambda _=False, i=index: self._tile_clicked(i))
            self.tiles_layout.addWidget(button, index // 5, index % 5)
            self.tile_pool.append(button)
        self.tile_buttons = []
        for index, button in enumerate(self.tile_pool):
            if index >= len(tiles):
                button.hide()
                continue
            tile = tiles[index]
            gets = cards_for_tile(tile.value)
            button.setText(f"{tile.value}")
            button.setIcon(item_icon(tile.item))
            button.setAccessibleName(f"Plättchen {tile} ({tile.item.display}) abgeben und "
                                     f"{gets} Karte{'n' if gets != 1 else ''} ziehen")
            button.setToolTip(f"Zu Zugbeginn: {tile} abgeben, {gets} Karte"
                              f"{'n' if gets != 1 else ''} ziehen (S. 4)")
            button.show()
            self.tile_buttons.append((tile, button))
        total = sum(t.value for t in tiles)
        if not tiles:
            self.tiles_note.setText("Noch keine Plättchen.")
        elif can_buy:
            self.tiles_note.setText(f"{total} Punkte · anklicken = abgeben, Wert ÷ 2 Karten "
                                    "ziehen (nur zu Zugbeginn)")
        else:
            self.tiles_note.setText(f"{total} Punkte · kaufen geht nur ganz am Zuganfang")

    def _tile_clicked(self, index: int) -> None:
        if index < len(self.tile_buttons):
            self.buy(self.tile_buttons[index][0])

    def _refresh_outcome(self) -> None:
        session, draft = self.session, self.draft
        outcome = session.outcome
        # The card always stays: showing and hiding it would re-flow the whole panel.
        self.outcome_empty.setVisible(outcome is None)
        if outcome is None:
            self.payment_row.hide()
            self.payment_note.hide()
            for line, _text, _page in self.step_rows:
                line.hide()
            return
        choices = draft.payment_choices()
        paid = draft.paid()
        self.payment_row.setVisible(bool(choices))
        with QSignalBlocker(self.payment_combo):
            self.payment_combo.clear()
            for k, choice in enumerate(choices):
                mark = " (Vorschlag)" if k == 0 else ""
                self.payment_combo.addItem(f"{_payment_text(choice)}{mark}")
            if paid in choices:
                self.payment_combo.setCurrentIndex(choices.index(paid))
        if choices:
            self.payment_note.setText(self._ruling_links(escape(
                "Gleich gut nach R9 – du darfst anders bezahlen, solange der nächste Zug "
                "nicht begonnen hat." if len(choices) > 1 else
                "Die einzige Zahlung, die am wenigsten Punkte kostet (R9).")))
        self.payment_note.setVisible(bool(choices))
        steps = explain(outcome).steps
        while len(self.step_rows) < len(steps):
            line = QWidget()
            row_layout = QHBoxLayout(line)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.setSpacing(8)
            text = self._linked_label("")
            page = pill("")
            row_layout.addWidget(text, 1)
            row_layout.addWidget(page, 0, Qt.AlignmentFlag.AlignTop)
            self.explanation.addWidget(line)
            self.step_rows.append((line, text, page))
        for index, (line, text, page) in enumerate(self.step_rows):
            if index >= len(steps):
                line.hide()
                continue
            step = steps[index]
            text.setText(self._ruling_links(escape(step.text)))
            text.setAccessibleName(step.text)
            page.setText(format_pages(step.pages))
            page.setVisible(bool(step.pages))
            line.show()

    def _refresh_players(self) -> None:
        state = self.session.state
        while len(self.player_rows) < len(state.players):
            line = QWidget()
            row_layout = QHBoxLayout(line)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.setSpacing(8)
            icon = QLabel()
            icon.setPixmap(pawn_icon(len(self.player_rows), 14))
            icon.setAccessibleName(f"Figur {player_name(len(self.player_rows))}")
            name = label(player_name(len(self.player_rows)), "Body", rich=False)
            detail = label("", "Muted", rich=False)
            row_layout.addWidget(icon)
            row_layout.addWidget(name)
            row_layout.addWidget(detail, 1)
            self.players_grid.addWidget(line)
            self.player_rows.append((line, icon, name, detail))
        for index, (line, _icon, name, detail) in enumerate(self.player_rows):
            if index >= len(state.players):
                line.hide()
                continue
            ps = state.players[index]
            font = name.font()
            font.setBold(index == state.turn)
            name.setFont(font)
            cards = ps.card_count
            points = ps.tile_value + cards - ps.debt
            detail.setText(
                f"{len(ps.tiles)} Plättchen (Wert {ps.tile_value}) + {cards} "
                f"Karte{'' if cards == 1 else 'n'} = {points} P. · Festland {ps.pawns_home}/3"
                + (f" · unbezahlt −{ps.debt}" if ps.debt else "")
                + (" · Brücke gelegt" if ps.bridge_placed else ""))
            line.show()

    def _refresh_score(self) -> None:
        """At the end of the game: each player's points as the rules count them, the winners."""
        state = self.session.state
        over = state.phase is Phase.OVER
        self.score_card.setVisible(over)
        while self.score_lines.count():
            item = self.score_lines.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        if not over:
            return
        scores = final_scores(state)
        best = winners(state)
        pages = "S. 5–6"
        for index, ps in enumerate(state.players):
            cards = ps.card_count
            minus = f" − unbezahlt {ps.debt}" if ps.debt else ""
            mark = " (Sieger)" if index in best else ""
            self._score_line(f"**{player_name(index)}{mark}:** Plättchen {ps.tile_value} + "
                             f"Karten {cards}{minus} = **{_points(scores[index])}**", "")
        names = " und ".join(player_name(i) for i in best)
        if len(best) == 1:
            verdict = f"{names} gewinnt mit {_points(scores[best[0]], dative=True)}."
        else:
            verdict = (f"Gleichstand mit {_points(scores[best[0]], dative=True)}: {names} "
                       "gewinnen gemeinsam.")
        self._score_line(verdict, pages)
        self._score_line("Jedes Plättchen zählt seinen Wert, jede Handkarte 1 Punkt.", pages)
        self._score_line("Was ein Spieler in den Schlusszügen nicht bezahlen konnte, zählt "
                         "minus (E2).", pages)

    def _score_line(self, text: str, pages: str) -> None:
        line = QWidget()
        row = QHBoxLayout(line)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        words = self._linked_label(text)
        row.addWidget(words, 1)
        if pages:
            row.addWidget(pill(pages), 0, Qt.AlignmentFlag.AlignTop)
        self.score_lines.addWidget(line)

    def _linked_label(self, text: str) -> QLabel:
        """A label whose ruling codes (R9, E2 …) link to the ruling under „Auslegungen“."""
        words = label("", "Body")
        words.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        words.linkActivated.connect(self._open_ruling)
        words.linkHovered.connect(self._ruling_tip)
        words.setText(self._ruling_links(markdown_html(text)))
        return words

    def _rulings(self) -> dict[str, tuple[str, str]]:
        return {i.code: (i.id, i.title) for i in self.loaded.game.content.interpretations
                if i.code}

    def _ruling_links(self, html: str) -> str:
        rulings = self._rulings()

        def link(match: re.Match) -> str:
            code = match.group(0)
            if code not in rulings:
                return code
            ruling_id, title = rulings[code]
            return (f'<a href="ruling:{ruling_id}" title="{escape(title)}">{code}</a>')

        return re.sub(r"\b[A-Z]\d{1,2}\b", link, html)

    def _open_ruling(self, href: str) -> None:
        if href.startswith("ruling:") and self.services is not None:
            self.services.state.request_jump("interpretations", href.removeprefix("ruling:"))

    def _ruling_tip(self, href: str) -> None:
        ruling = href.removeprefix("ruling:")
        title = next((f"{code}: {t} – anklicken zeigt die Auslegung"
                      for code, (i, t) in self._rulings().items() if i == ruling), "")
        if title:
            QToolTip.showText(QCursor.pos(), title, self)
        else:
            QToolTip.hideText()

    # -- layout on resize ------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._arrange()
        QTimer.singleShot(0, self, self._fit_caption)

    def _text_scale(self) -> float:
        """How much larger than normal the text is: the width thresholds grow with it, so
        large text gets the narrow arrangement instead of a page wider than the window."""
        return max(1.0, self.font().pointSizeF() / DEFAULT_FONT_PT)

    def _arrange(self) -> None:
        scale = self._text_scale()
        narrow = self._stacked()
        self._place_hand(under_board=narrow)
        direction = (QBoxLayout.Direction.TopToBottom if self.width() < NARROW_TOOLBAR * scale
                     else QBoxLayout.Direction.LeftToRight)
        if self.toolbar.direction() != direction:
            self.toolbar.setDirection(direction)
        self.lead.setVisible(self.width() >= 1000 * scale)
        self.toolbar_separator.setVisible(not narrow)
        side = 16 if narrow else 24
        self.root.setContentsMargins(side, 16, side, 12)
        orientation = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        turned = self.splitter.orientation() != orientation or not self._arranged
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)
        if narrow:
            # The board as large as the width allows; the page scrolls to the panel below.
            width = self.page.viewport().width() - 2 * side
            self.canvas.setMinimumHeight(self._narrow_board_height(width))
            self.panel_scroll.setMinimumWidth(0)
            panel_height = self.panel_widget.heightForWidth(width)
            self.panel_scroll.setMinimumHeight(
                panel_height if panel_height > 0 else self.panel_widget.sizeHint().height())
            self.panel_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            QTimer.singleShot(0, self, self._fit_page)
        else:
            self.canvas.setMinimumHeight(200)
            self.canvas.parentWidget().setMinimumHeight(0)
            self.splitter.setMinimumHeight(0)
            self.content.floor = 0
            self.panel_scroll.setMinimumWidth(max(round((PANEL_WIDTH - 40) * scale),
                                                  self._panel_width()))
            self.panel_scroll.setMinimumHeight(0)
            self.panel_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            if turned or not self._user_sized:
                # After the layout has given the splitter its new width.
                QTimer.singleShot(0, self, self._size_panel)

    def _stacked(self) -> bool:
        """Board on top at full width, panel below (see BOARD_ROOM)."""
        return self.width() < max(NARROW * self._text_scale(), BOARD_ROOM)

    def _place_hand(self, under_board: bool) -> None:
        """The hand-card chips: one row under the board, or four per row in the panel."""
        column = self.canvas.parentWidget().layout()
        per_row = 4
        if under_board:
            # As many per row as the width holds (all seven from about 900 px on).
            chip = max(b.sizeHint().width() for b in self.card_buttons.values()) + 6
            width = self.page.viewport().width() - 2 * self.root.contentsMargins().left()
            per_row = max(4, min(len(ITEMS), width // chip))
        here = column if under_board else self.turn_body
        if here.indexOf(self.hand_box) >= 0 and self.hand_grid.columnStretch(per_row) == 1:
            return
        grid = self.hand_grid
        for item in ITEMS:
            grid.removeWidget(self.card_buttons[item])
        for index, item in enumerate(ITEMS):
            grid.addWidget(self.card_buttons[item], index // per_row, index % per_row)
        for col in range(len(ITEMS) + 1):
            grid.setColumnStretch(col, 1 if col == per_row else 0)
        if here.indexOf(self.hand_box) >= 0:
            return
        (self.turn_body if under_board else column).removeWidget(self.hand_box)
        if under_board:
            column.insertWidget(column.indexOf(self.canvas) + 1, self.hand_box)
        else:
            self.turn_body.insertWidget(self.turn_body.indexOf(self.hand_title) + 1,
                                        self.hand_box)
        self.hand_title.setVisible(not under_board)

    def _narrow_board_height(self, width: int) -> int:
        """The board's height under the toolbar: the whole board (Festland too) within the
        window's height where it can be, with more tiles per row and smaller tiles."""
        viewport = self.page.viewport()
        column = self.canvas.parentWidget()
        # What sits above the board and below it in its column (replay buttons, messages).
        above = self.splitter.y() if self.splitter.y() > 0 else 240
        below = max(0, column.height() - self.canvas.height()) if column.height() else 0
        # The hand-card row under the board stays in view with it.
        hand = self.hand_box.sizeHint().height() + 12 if self.hand_title.isHidden() else 0
        room = (viewport.height() - above - max(min(below, 60), hand)
                - self.root.contentsMargins().bottom())
        room = max(NARROW_BOARD_MIN, room)
        n = len(self.session.state.path)
        best = 0.0
        height = NARROW_BOARD_MIN
        for columns in range(5, 19):
            size = snake_layout(n, columns).size
            scale = min(width / size.width(), room / size.height(), 1.0)
            if scale > best:
                best, height = scale, round(size.height() * scale) + 4
        return max(NARROW_BOARD_MIN, min(room, height))

    def _fit_page(self) -> None:
        if self.splitter.orientation() == Qt.Orientation.Vertical:
            # Now that the toolbar has its height, the board takes what is left of the window.
            side = self.root.contentsMargins().left()
            wanted = self._narrow_board_height(self.page.viewport().width() - 2 * side)
            if wanted != self.canvas.minimumHeight():
                self.canvas.setMinimumHeight(wanted)
            # The splitter does not always notice that the board's column grew (the hand
            # row moved in): without this the row would lie over the board.
            column = self.canvas.parentWidget()
            column.layout().activate()
            column.setMinimumHeight(column.layout().minimumSize().height())
            self.splitter.setMinimumHeight(column.minimumHeight() + self.splitter.handleWidth()
                                           + self.panel_scroll.minimumHeight())
            self.splitter.setSizes([column.minimumHeight(), self.panel_scroll.minimumHeight()])
            self.root.invalidate()
        # The scroll area grows its page on its own but does not always shrink it again.
        viewport = self.page.viewport()
        height = max(viewport.height(), self.content.minimumSizeHint().height())
        if self.splitter.orientation() == Qt.Orientation.Vertical and self.splitter.y() > 0:
            # The wrapping toolbar is taller than its minimum: count what is really above.
            gap = self.root.spacing()
            below = gap + self.expert_button.sizeHint().height()
            if self.expert_row.isVisible():
                below += gap + self.expert_row.sizeHint().height()
            height = max(height, self.splitter.y() + self.splitter.minimumHeight() + below
                         + self.root.contentsMargins().bottom())
            self.content.floor = height
        else:
            self.content.floor = 0
        if self.content.height() != height:
            self.content.resize(viewport.width(), height)

    def _panel_width(self) -> int:
        """PANEL_WIDTH, or what the hand cards need at a larger text size."""
        return max(PANEL_WIDTH, self.panel_widget.minimumSizeHint().width()
                   + self.panel_scroll.verticalScrollBar().sizeHint().width() + 2)

    def _size_panel(self) -> None:
        total = sum(self.splitter.sizes())
        width = max(self._panel_width(), round(PANEL_WIDTH * self._text_scale()))
        if self.splitter.orientation() == Qt.Orientation.Horizontal and total > 2 * width:
            self.splitter.setSizes([total - width, width])
            self._arranged = True

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "toolbar"):
            self._arrange()
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and self.card_buttons and palette_colours() is not self._colours_seen:
            # The chips carry their own style sheet in the theme's colours.
            self._colours_seen = palette_colours()
            self.panel_widget.setStyleSheet(_chip_style())
            for index, (_line, icon, _name, _detail) in enumerate(self.player_rows):
                icon.setPixmap(pawn_icon(index, 14))
            self.toolbar_separator.setStyleSheet(
                f"color: {board_colours(self._colours_seen).track.name()};")


class _Content(QWidget):
    """The page's content, only as tall as its parts' minimum heights.

    Wide: the board takes whatever the window leaves (the minimum is small), so nothing
    scrolls. Narrow: board and panel get fixed minimum heights and the page scrolls.
    """

    floor = 0  # what the stacked page really needs (its toolbar wraps)

    def heightForWidth(self, width: int) -> int:
        return max(self.minimumSizeHint().height(), self.floor)


class _Panel(QWidget):
    """The side panel's content; its height follows its width (wrapped text), so the panel
    scrolls only when the text really does not fit."""

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)


def _separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.VLine)
    line.setStyleSheet(f"color: {board_colours(palette_colours()).track.name()};")
    return line


__all__ = ["AtlantisBoardView", "Beat", "BoardCanvas", "outcome_beats"]

