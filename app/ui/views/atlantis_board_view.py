"""„Spielbrett“ for Atlantis: play moves on the drawn path and watch the engine explain them.

The game lives in a :class:`~app.model.play_session.PlaySession` with the Atlantis move draft
(:mod:`app.model.drafts.atlantis`); this view draws it (:mod:`app.ui.boards.atlantis_scene`),
passes clicks and keys on, and shows the position after each move (or undo) at once; on
request (▸) it replays the last move step by step, labelled as a replay, beside the engine's
German explanation. A finished game is scored.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QPoint, QPointF, QSignalBlocker, QSize, Qt, QTimer
from PySide6.QtGui import (
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
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
    Phase,
    State,
    Tile,
    explain,
    gaps,
)
from app.ui.accessibility import announce, fixed_width, link_label
from app.ui.app_state import Services
from app.ui.board_page import BoardPage, CitedLabel
from app.ui.boards.accessible import announce_change, announce_cursor, atlantis_fields
from app.ui.boards.atlantis_panel import AtlantisPanel, _chip_style, pawn_icon
from app.ui.boards.atlantis_replay import Beat, outcome_beats
from app.ui.boards.atlantis_scene import (
    DEFAULT_COLUMNS,
    AtlantisScene,
    Highlights,
    Hit,
    SceneView,
    board_colours,
    board_scene,
    palette_colours,
    player_name,
    snake_size,
)
from app.ui.compact_spin_box import CompactSpinBox
from app.ui.widgets import (
    label,
    pill,
    secondary,
    style_combo,
)

QWIDGETSIZE_MAX = (1 << 24) - 1
NARROW = 640  # below this width the side panel goes under the board
# … and below this one too, at any text size: beside a side panel the board would get
# tiles too small to click (≈ 18 px at 900×700); stacked it has the full width.
BOARD_ROOM = 860
# Beside the panel the board may shrink to this: tiles of 26 px, still easy to hit, and the
# explanation under the board gets the rest of the column.
WIDE_BOARD_SCALE = 26 / 44
SEED_MAX = 999_999
PRACTICE_PICK = 999  # „Zufällig“ picks a short number a player can say and type again



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
            size = snake_size(n, columns)
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



# --- the view ------------------------------------------------------------------------------------


class AtlantisBoardView(BoardPage):
    """The Atlantis path on the one board page, with the player's hand, tiles, the move's
    explanation and the standings in the side panel (the explanation under the board when
    the window has room there)."""

    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        self.examples = list(loaded.game.examples)
        session = atlantis_session()
        self.draft: AtlantisDraft = session.draft
        self.canvas = BoardCanvas(self)
        super().__init__(
            loaded, services, session, self.canvas,
            lead="Zieh selbst – die Regel-Engine prüft jeden Schritt und erklärt ihn.",
            placeholder="Stellung einfügen, z. B. „H2b S3 R4 [a] | a: HS“")
        self.beats: list[Beat] = []
        self.beat = 0
        self._board_pin: int | None = None  # the board's height while a move is read
        self._colours_seen = palette_colours()
        self._build_toolbar()
        self._build_board_column()
        self.side = AtlantisPanel(self)
        self.panel_widget = self.side
        self.set_panel(self.side)
        self._shortcuts()
        self.signals.changed.connect(self._on_changed)
        self.signals.draftChanged.connect(self._on_selection)
        self.signals.messageChanged.connect(self._show_message)
        self.signals.moved.connect(self._announce_move)
        self._on_changed()
        self._show_message()
        if services is not None:
            services.state.jumpRequested.connect(self._on_jump)

    # -- building ------------------------------------------------------------------------

    def _build_toolbar(self) -> None:
        self.example_combo = style_combo(QComboBox())
        link_label(self.example_combo, "Durchgerechnetes Beispiel öffnen")
        self.example_combo.addItem("Beispiel öffnen …", "")
        for example in self.examples:
            self.example_combo.addItem(example.title, example.id)
        self.example_combo.setMinimumContentsLength(12)
        self.example_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.example_combo.activated.connect(self._on_example_chosen)

        self.players_spin = CompactSpinBox()
        self.players_spin.setRange(2, 4)
        self.players_spin.setValue(3)
        self.players_spin.setSuffix(" Personen")
        self.players_spin.setAccessibleName("Personenzahl für die neue Partie")
        self.setup_button = secondary(QPushButton("Neue Partie"))
        self.setup_button.setAccessibleName("Neue Partie mit dieser Personenzahl")
        self.setup_button.clicked.connect(
            lambda: self.draft.new_game(self.players_spin.value(), 0))

        self.seed_spin = CompactSpinBox()
        self.seed_spin.setRange(0, SEED_MAX)
        self.seed_spin.setValue(START_SEED)
        self.seed_spin.setMinimumWidth(96)
        self.seed_spin.setAccessibleName("Nummer der Übungsstellung")
        self.seed_spin.setToolTip("Gleiche Nummer, gleiche Stellung – so kannst du eine Stellung "
                                  "teilen.")
        self.practice_button = secondary(QPushButton("Laden"))
        self.practice_button.setAccessibleName("Übungsstellung mit dieser Nummer laden")
        self.practice_button.clicked.connect(self.load_practice_from_spin)
        self.dice_button = secondary(QPushButton("Zufällig"))
        self.dice_button.setAccessibleName("Zufällige Übungsstellung")
        self.dice_button.clicked.connect(self._random_practice)
        seed_label = label("Übungsstellung Nr.", "Muted", rich=False, wrap=False)
        seed_label.setToolTip("Übungsstellung Nr. … – gleiche Nummer, gleiche Stellung")
        seed_label.setBuddy(self.seed_spin)
        self.toolbar_separator = _separator()
        self.add_tools(self.example_combo)
        self.add_tools(self.players_spin, self.setup_button)
        self.add_tools(self.toolbar_separator)
        self.add_tools(seed_label, self.seed_spin, self.practice_button)
        self.add_tools(self.dice_button)

        self.source_label = label("", "Muted", rich=False)
        self.source_label.setAccessibleName("Ausgangsstellung")
        self.practice_pill = pill(PRACTICE_NOTE, "MarkBadge")
        self.practice_pill.setToolTip("Die Plättchenwerte der Schachtel kennen wir nicht; "
                                      "diese Aufstellung ist zum Üben gedacht.")
        self.practice_pill.setWordWrap(True)
        # It wraps rather than widen what holds it (the side panel, at a larger text size).
        self.practice_pill.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self.add_info(self.source_label, self.practice_pill)
        # Beside the board, where the position comes from heads the side panel (place_info):
        # a line of its own over board and panel costs the explanation under the board.
        self.info_box = QWidget()
        info = QVBoxLayout(self.info_box)
        info.setContentsMargins(0, 0, 0, 0)
        info.setSpacing(4)

    def _build_board_column(self) -> None:
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
        # The engine's sentences, plain text escaped, their cited rulings as links.
        self.step_caption = CitedLabel(self.chrome)
        self.step_caption.setAccessibleName("Was der Zug macht")
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
        self.add_under_board(step_bar)

        # Room for two lines so short messages do not make the board jump; a longer one
        # (a refusal with its reason) gets the lines it needs.
        self.message.setMinimumHeight(2 * self.message.fontMetrics().lineSpacing() + 4)
        self.skip_bridge_button = secondary(QPushButton("Ohne Brücke"))
        self.skip_bridge_button.setAccessibleName("Zug ohne Brücke ausführen (Esc)")
        self.skip_bridge_button.setToolTip("Den Zug ohne Brücke ausführen (Esc)")
        self.skip_bridge_button.clicked.connect(self.draft.skip_bridge_after)
        self.skip_bridge_button.hide()
        self.chrome.message_row.addWidget(self.skip_bridge_button)
        self.chrome.message_row.addStretch(1)
        # „Was passiert ist“ when it sits under the board (place_explanation): a scroll area
        # of its own, as the splitter gives wrapped text no height for its width.
        self.explanation_area = QScrollArea()
        self.explanation_area.setObjectName("Page")
        self.explanation_area.setWidgetResizable(True)
        self.explanation_area.setFrameShape(QFrame.Shape.NoFrame)
        self.explanation_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.explanation_area.hide()
        self.add_under_board(self.explanation_area, before_message=False)

    def _shortcuts(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut

        def bind(keys, slot) -> None:
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), self)
                shortcut.setContext(context)
                shortcut.activated.connect(slot)

        for item in ITEMS:
            bind([item.letter], lambda it=item: self.play_card(it))
        bind(["B"], lambda: self.draft.set_bridge_mode(not self.draft.bridge_mode))
        bind(["Escape"], self.draft.cancel)
        bind(["Ctrl+Right"], self.replay_next)
        bind(["Ctrl+Left"], self.replay_back)

    # -- actions -------------------------------------------------------------------------

    def play_card(self, item: Item) -> None:
        self._go_live()
        self.draft.play_card(item)

    def load_practice_from_spin(self) -> None:
        self.draft.practice(self.seed_spin.value())

    def _random_practice(self) -> None:
        seed = random.randint(1, PRACTICE_PICK)
        self.seed_spin.setValue(seed)
        self.draft.practice(seed)

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
        return self.side.card_buttons[item]

    def tile_button(self, tile: Tile) -> QPushButton | None:
        return next((b for t, b in self.side.tile_buttons if t == tile), None)

    # -- showing -------------------------------------------------------------------------

    def _on_changed(self) -> None:
        session = self.session
        self.beats = outcome_beats(session.entry)
        # The position one plays on, at once (after a move, an undo or a redo); the steps that
        # led there only on request (▸), and then labelled as a replay.
        self.show_beat(len(self.beats) - 1)
        self.side.refresh()
        if self.explanation_area.widget() is not None:
            # At once (sizing follows once laid out): a move's explanation shows with it.
            self.explanation_area.setVisible(session.outcome is not None)
        QTimer.singleShot(0, self, self.fit_explanation)
        if self.stacked():
            self.arrange()
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
        self.side.refresh_cards()
        with QSignalBlocker(self.side.bridge_button):
            self.side.bridge_button.setChecked(self.draft.bridge_mode)
        self.side.refresh_bridge_later()


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
        # Resting under the board the caption itself says whose move the position follows;
        # the badge is for what is not the position now (a replay, a move being built), and
        # its width let the caption wrap onto the explanation's line.
        resting = has_move and not replaying and self.explanation_area.widget() is not None
        self.step_count.setVisible((has_move or building) and not resting)
        self.step_count.setText("Neuer Zug" if building else
                                f"Zug nachspielen: Schritt {self.beat + 1} von {count}"
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
        else:
            self.step_caption.setText(self._resting_caption())
        # The caption's width now, with or without the badge beside it.
        self.step_bar.layout().activate()
        self._fit_caption()

    def _fit_caption(self) -> None:
        # The lines the caption needs at the width there is. The bar sits under
        # the board, so a longer replay step moves only what is under it, never the board; a
        # short caption leaves its spare lines to the explanation.
        caption = self.step_caption
        metrics = caption.fontMetrics()
        height = metrics.lineSpacing() + 4
        if caption.width() > 0:
            # The text's own height (a fixed-height label answers heightForWidth with its
            # fixed height), and never less than the resting caption's: picking a pawn must
            # not make the bar, and so the board above or beside it, jump.
            wrap = int(Qt.TextFlag.TextWordWrap.value)
            for text in (caption.plain, self._resting_caption()):
                lines = metrics.boundingRect(0, 0, caption.width(), 100_000, wrap, text)
                height = max(height, lines.height() + 4)
        if caption.height() != height:
            caption.setFixedHeight(height)
            self.step_bar.setFixedHeight(max(height, self.step_next.sizeHint().height()))
            # At once, not at the next layout pass: a board laid out late would move under
            # the keys and clicks that come first.
            self.board_layout.activate()
            QTimer.singleShot(0, self, lambda: self.fit_explanation(repin=False))

    def _resting_caption(self) -> str:
        """What the bar says while nothing is being built or replayed."""
        if self.session.outcome is not None:
            return self._now_caption()
        return "Wähle eine Figur, dann eine Karte – der Zug erscheint hier Schritt für Schritt."

    def _now_caption(self) -> str:
        """Whose move the board shows the result of, who is on now, and how to see the steps."""
        mover = player_name(self.session.outcome.player)
        last = self.beats[-1].caption.rstrip(".")
        now = self._now_sentence()
        if len(self.beats) > 1 and self.explanation_area.widget() is not None:
            # The explanation is right under this line; ▸ says what it does when pointed at.
            # One line where it can be: a second one is the explanation's.
            state = self.session.state
            if state.phase is Phase.PLAYING and state.turn != self.session.outcome.player:
                now = f"{player_name(state.turn)} ist am Zug"
            return f"Nach dem Zug von {mover}: {now}."
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

    def _show_message(self) -> None:
        self.chrome.show_message(self._hint())
        # Under the board the explanation says what happened and who is on: the hint would
        # only take its lines. A real message (a refusal, a copy) always shows.
        shown = (bool(self.session.message.text) or self.explanation_area.widget() is None
                 or self.session.outcome is None)
        if shown == self.message_box.isHidden():
            self.message_box.setVisible(shown)
            if self.explanation_area.isVisible():
                # The message's lines come from the explanation (the board stays pinned):
                # left as it was, the column would outgrow the page and scroll it.
                QTimer.singleShot(0, self, lambda: self.fit_explanation(repin=False))
        message = self.session.message
        if message.text and message.kind == "wrong":
            # On a small window the board fills the page and the answer sits below the fold:
            # a refusal must be seen where it happens, also by a player on the keys.
            QTimer.singleShot(0, self, self.reveal_message)

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


    # -- arranging (app/ui/board_page.py calls these) -------------------------------------

    def stacked(self) -> bool:
        """Board on top at full width, panel below (see BOARD_ROOM)."""
        return self.width() < max(NARROW * self.text_scale(), BOARD_ROOM)

    def arranged(self, stacked: bool) -> None:
        if not hasattr(self, "explanation_area"):
            return  # still being built
        self.place_hand(under_board=stacked)
        self.place_info(in_panel=not stacked)
        self.place_expert(in_panel=not stacked)
        self.place_explanation(under_board=not stacked)
        self.toolbar_separator.setVisible(not stacked)
        if not stacked:
            # Beside the panel the page ends with the explanation: the air above the title
            # and under the page's last line is a line the explanation lacks.
            margins = self.root.contentsMargins()
            self.root.setContentsMargins(margins.left(), 10, margins.right(), 6)

    def panel_width(self) -> int:
        """What the panel needs, but at a larger text size not more: every pixel it takes
        beyond that is one the explanation under the board lacks."""
        if self.panel is None:
            return 0
        need = (self.panel.minimumSizeHint().width()
                + self.panel_scroll.verticalScrollBar().sizeHint().width() + 4)
        return max(self.PANEL_WIDTH, need)

    def place_explanation(self, under_board: bool) -> None:
        place_explanation(self, under_board)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._fit_caption)
        QTimer.singleShot(0, self, self.fit_explanation)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and hasattr(self, "side") and palette_colours() is not self._colours_seen:
            # The chips carry their own style sheet in the theme's colours.
            self._colours_seen = palette_colours()
            self.side.setStyleSheet(_chip_style())
            self.side.refresh_outcome()  # the sources' muted colour is in the text
            self.side.hand_box.setStyleSheet(_chip_style())
            for index, (_line, icon, _name, _detail) in enumerate(self.side.player_rows):
                icon.setPixmap(pawn_icon(index, 14))
            self.toolbar_separator.setStyleSheet(
                f"color: {board_colours(self._colours_seen).track.name()};")

    def place_info(self, in_panel: bool) -> None:
        place_info(self, in_panel)

    def place_expert(self, in_panel: bool) -> None:
        place_expert(self, in_panel)

    def place_hand(self, under_board: bool) -> None:
        place_hand(self, under_board)

    def fit_explanation(self, repin: bool = True) -> None:
        """See :func:`fit_explanation`."""
        fit_explanation(self, repin)

    def wide_drawing_height(self) -> int:
        """Beside the panel: the lowest board whose tiles still have WIDE_BOARD_SCALE at the
        column's width (more per row); what is left under it is the explanation's."""
        # The splitter's sizes follow later: the column's width from the page's (which keeps
        # room for a page scroll bar), or the column's own once it is laid out beside the panel.
        width = self.inner_width() - self.panel_width() - self.splitter.handleWidth()
        if self.splitter.orientation() == Qt.Orientation.Horizontal \
                and self.board_column.isVisible():
            width = max(width, self.board_column.width())
        n = len(self.session.state.path)
        heights = []
        for columns in range(5, 19):
            size = snake_size(n, columns)
            scale = min(width / size.width(), 1.0)
            if scale >= WIDE_BOARD_SCALE:
                heights.append(round(size.height() * scale) + 4)
        return max(120, min(heights, default=self.STACKED_DRAWING_MIN))

    def stacked_drawing_height(self, width: int) -> int:
        """The board's height under the toolbar: the whole board (Festland too) within the
        window's height where it can be, with more tiles per row and smaller tiles."""
        viewport = self.page.viewport()
        column = self.board_column
        # What sits above the board and below it in its column (replay buttons, messages).
        above = self.splitter.y() if self.splitter.y() > 0 else 240
        below = max(0, column.height() - self.canvas.height()) if column.height() else 0
        # The hand-card row under the board stays in view with it.
        side = self.side
        hand = side.hand_box.sizeHint().height() + 12 if side.hand_title.isHidden() else 0
        room = (viewport.height() - above - max(min(below, 60), hand)
                - self.root.contentsMargins().bottom())
        room = max(self.STACKED_DRAWING_MIN, room)
        n = len(self.session.state.path)
        best = 0.0
        height = self.STACKED_DRAWING_MIN
        for columns in range(5, 19):
            size = snake_size(n, columns)
            scale = min(width / size.width(), room / size.height(), 1.0)
            if scale > best:
                best, height = scale, round(size.height() * scale) + 4
        return max(self.STACKED_DRAWING_MIN, min(room, height))



# --- arranging the page (what the view's hooks do) -----------------------------------------


def place_info(view: AtlantisBoardView, in_panel: bool) -> None:
    """Where the position comes from: at the head of the side panel beside the board, the
    line under the toolbar when stacked."""
    box, side = view.info_box, view.side
    if (side.panel.indexOf(box) >= 0) == in_panel:
        return
    if in_panel:
        view.info.removeWidget(view.source_label)
        view.info.removeWidget(view.practice_pill)
        box.layout().addWidget(view.source_label)
        box.layout().addWidget(view.practice_pill, 0, Qt.AlignmentFlag.AlignLeft)
        side.panel.insertWidget(0, box)
        box.show()
    else:
        side.panel.removeWidget(box)
        box.hide()
        for widget in (view.source_label, view.practice_pill):
            box.layout().removeWidget(widget)
        view.add_info(view.source_label, view.practice_pill)
    view.practice_pill.setVisible(view.session.practice)


def place_expert(view: AtlantisBoardView, in_panel: bool) -> None:
    """„Für Tüftler“ at the foot of the side panel beside the board (the board's column
    keeps the height for the explanation), under everything when stacked."""
    box, side = view.expert_box, view.side
    if (side.panel.indexOf(box) >= 0) == in_panel:
        return
    if in_panel:
        view.root.removeWidget(box)
        side.panel.addWidget(box)
    else:
        side.panel.removeWidget(box)
        view.root.addWidget(box)
    box.show()


def place_explanation(view: AtlantisBoardView, under_board: bool) -> None:
    """„Was passiert ist“ under the board beside the panel, where the space under the
    board would otherwise stay empty and the whole explanation reads without scrolling;
    in the panel when stacked (the panel is under the board then anyway)."""
    side, area = view.side, view.explanation_area
    card = side.outcome_card
    if (area.widget() is card) == under_board:
        return
    # Under the board the bar above it („Nach dem Zug von …: … ist am Zug.“) heads the
    # explanation; its own title would only take a line.
    side.outcome_title.setVisible(not under_board)
    area.setAccessibleName("Was passiert ist")
    # Under the board the card's air above and below is the explanation's last line.
    margins = card.body.contentsMargins()
    card.body.setContentsMargins(margins.left(), 4 if under_board else margins.left() - 2,
                                 margins.right(), 4 if under_board else margins.left() - 2)
    # Under the board the column's gaps are lines of the explanation too.
    view.board_layout.setSpacing(6 if under_board else 8)
    if under_board:
        side.panel.removeWidget(card)
        area.setWidget(card)
    else:
        area.takeWidget()
        area.hide()
        side.fit_payment(0, beside=False)
        view._board_pin = None
        view.canvas.setMaximumHeight(QWIDGETSIZE_MAX)
        side.panel.insertWidget(side.panel.indexOf(side.players_card), card)
    card.show()
    QTimer.singleShot(0, view, view.fit_explanation)


def fit_explanation(view: AtlantisBoardView, repin: bool = True) -> None:
    """The explanation under the board gets the lines it needs; the board keeps at least
    the height of its tiles at WIDE_BOARD_SCALE, and only beyond that the explanation
    scrolls.

    The board's height is pinned for a move (``repin``: after a move, an undo, a resize):
    while a player picks a pawn or steps through the replay, a longer caption or a message
    takes its lines from the explanation, never from the board – a board that moved under
    the pointer would be clicked in the wrong place.
    """
    area, canvas = view.explanation_area, view.canvas
    if area.widget() is None:
        return
    # Before the first move there is nothing to explain: the board keeps the room.
    area.setVisible(view.session.outcome is not None)
    view._show_message()
    if area.isHidden():
        view._board_pin = None
        canvas.setMaximumHeight(QWIDGETSIZE_MAX)
        return
    board = view.wide_drawing_height()
    # The frame (the focus ring's border) is the area's, not the text's: measure the text
    # at the width it has without a scroll bar, and add the frame to its height.
    margins = area.viewportMargins()
    inner = area.contentsRect()
    width = inner.width() - margins.left() - margins.right()
    if width <= 0:
        width = view.board_column.width()
    frame = area.height() - inner.height() + margins.top() + margins.bottom()
    card = view.side.outcome_card
    body = card.body.contentsMargins()
    view.side.fit_payment(width - body.left() - body.right() - 2 * card.frameWidth(),
                          beside=True)
    need = area.widget().heightForWidth(width)
    if need <= 0:
        need = area.widget().sizeHint().height()
    # The column's share of the window, not its height now: that grows with the
    # explanation and would feed itself.
    below = view.root.contentsMargins().bottom()
    if view.root.indexOf(view.expert_box) >= 0:
        below += view.root.spacing() + view.expert_box.sizeHint().height()
    column = view.page.viewport().height() - view.splitter.y() - below
    spacing = view.board_layout.spacing()
    others = sum(w.height() + spacing
                 for w in (view.step_bar, view.message_box) if w.isVisible())
    if repin or view._board_pin is None:
        room = max(120, column - others - board - spacing)
        view._board_pin = max(board, column - others - min(need + frame, room) - spacing)
    pinned = view._board_pin
    if canvas.minimumHeight() != pinned or canvas.maximumHeight() != pinned:
        canvas.setFixedHeight(pinned)
    height = max(min(need + frame, 60), column - others - pinned - spacing)
    # Whether it scrolls is decided here, at the width without a scroll bar: left to the
    # area, a bar shown once narrows the text, which then needs the bar (a few px more).
    policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if need + frame <= height \
        else Qt.ScrollBarPolicy.ScrollBarAsNeeded
    if area.verticalScrollBarPolicy() != policy:
        area.setVerticalScrollBarPolicy(policy)
    if area.height() != height:
        area.setFixedHeight(height)


def place_hand(view: AtlantisBoardView, under_board: bool) -> None:
    """The hand-card chips: one row under the board, or four per row in the panel."""
    side = view.side
    column = view.board_layout
    per_row = 4
    if under_board:
        # As many per row as the width holds (all seven from about 900 px on).
        chip = max(b.sizeHint().width() for b in side.card_buttons.values()) + 6
        per_row = max(4, min(len(ITEMS), view.inner_width() // chip))
    here = column if under_board else side.turn_body
    if here.indexOf(side.hand_box) >= 0 and side.hand_grid.columnStretch(per_row) == 1:
        return
    grid = side.hand_grid
    for item in ITEMS:
        grid.removeWidget(side.card_buttons[item])
    for index, item in enumerate(ITEMS):
        grid.addWidget(side.card_buttons[item], index // per_row, index % per_row)
    for col in range(len(ITEMS) + 1):
        grid.setColumnStretch(col, 1 if col == per_row else 0)
    if here.indexOf(side.hand_box) >= 0:
        return
    (side.turn_body if under_board else column).removeWidget(side.hand_box)
    if under_board:
        column.insertWidget(column.indexOf(view.canvas) + 1, side.hand_box)
    else:
        side.turn_body.insertWidget(side.turn_body.indexOf(side.hand_title) + 1,
                                    side.hand_box)
    side.hand_title.setVisible(not under_board)


def _separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.VLine)
    line.setStyleSheet(f"color: {board_colours(palette_colours()).track.name()};")
    return line


__all__ = ["AtlantisBoardView", "Beat", "BoardCanvas", "outcome_beats"]

