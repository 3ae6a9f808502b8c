"""„Spielbrett“ for Atacama: place derricks on a practice plan and watch the scores change.

The game is a :class:`~app.model.play_session.PlaySession` (engine states, undo and redo)
with Atacama's draft; the widgets only show it and pass clicks on. Every number and every
German reason comes from the engine.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QPushButton,
    QSpinBox,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.model.drafts.atacama import atacama_session
from app.model.loader import LoadedGame
from app.rules.atacama import (
    PRACTICE_LABEL,
    Direction,
    Right,
    State,
    TakeRight,
    Variant,
    end_reason,
    line_scores,
    score,
    signed,
    winners,
)
from app.ui.accessibility import link_label
from app.ui.app_state import Services
from app.ui.board_page import BoardPage
from app.ui.boards.atacama_board import AtacamaBoardWidget
from app.ui.widgets import (
    Box,
    Card,
    Container,
    label,
    pill,
    row,
    secondary,
    style_combo,
)

PANEL_MIN_WIDTH = 300
SEED_MAX = 999_999_999

VARIANTS = (  # (label, tactical, buildup)
    ("Grundspiel", False, False),
    ("Taktikvariante", True, False),
    ("Aufbauspiel", False, True),
)
PLAYER_COUNTS = (2, 4)
RIGHT_CHOICES = tuple(TakeRight(r, d) for r in (Right.SILVER_GOLD, Right.COPPER_GOLD)
                      for d in (Direction.ROWS, Direction.COLUMNS))


def _derricks(count: int) -> str:
    return f"{count} Bohrturm" if count == 1 else f"{count} Bohrtürme"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]


class PlayerScoreCard(Card):
    """One player's direction, right, counted lines, lines below 4, total and ±1 reading."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, padding=14, spacing=6)
        self.name = label("", "H2", rich=False)
        self.turn = pill("am Zug", "Tag")
        self.total = label("", "H2", rich=False)
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.total.setAccessibleName("Punkte")
        self.body.addLayout(row(self.name, self.turn, self.total, grow=2))
        self.right = label("", "Muted", rich=False)
        self.body.addWidget(self.right)
        self.lines_box = QWidget()
        self.lines = QGridLayout(self.lines_box)
        self.lines.setContentsMargins(0, 2, 0, 2)
        self.lines.setHorizontalSpacing(12)
        self.lines.setVerticalSpacing(2)
        self.line_labels = []
        for index in range(9):
            cells = (label("", "Body", rich=False), label("", "Muted", rich=False),
                     label("", "RowValue", rich=False))
            cells[2].setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for column, cell in enumerate(cells):
                self.lines.addWidget(cell, index, column)
            self.line_labels.append(cells)
        self.lines.setColumnStretch(1, 1)
        self.body.addWidget(self.lines_box)
        self.below = label("", "Muted", rich=False)
        self.body.addWidget(self.below)
        self.unit = label("", "Muted", rich=False)
        self.body.addWidget(self.unit)

    def show_player(self, state: State, player: int, name: str, total: int,
                    unit_total: int) -> None:
        pr = state.rights[player]
        self.name.setText(name)
        self.turn.setVisible(state.to_move == player and end_reason(state) is None)
        self.total.setText(signed(total))
        self.right.setText(f"wertet die {pr.direction.german} · {pr.right.german}")
        lines = line_scores(state, player)
        counted = [ls for ls in lines if ls.counted]
        for index, cells in enumerate(self.line_labels):
            visible = index < len(counted)
            for cell in cells:
                cell.setVisible(visible)
            if visible:
                ls = counted[index]
                cells[0].setText(ls.label)
                cells[1].setText(_derricks(ls.derricks))
                cells[2].setText(signed(ls.total))
                for cell in cells:
                    cell.setToolTip(ls.text)
        self.lines_box.setVisible(bool(counted))
        below = [ls for ls in lines if ls.fields and not ls.counted]
        if below:
            # "Spalte a (1), b (2)": the word once, then only the line's letter or number.
            names = ", ".join(f"{ls.label if i == 0 else ls.label.split()[-1]} ({ls.derricks})"
                              for i, ls in enumerate(below))
            self.below.setText(f"Unter 4 Türmen, zählt nicht: {names}")
            self.below.setToolTip("\n".join(ls.text for ls in below))
        elif not counted:
            self.below.setText(f"Noch keine {pr.direction.german_one} mit 4 Türmen – "
                               "bisher zählt nichts.")
            self.below.setToolTip("")
        self.below.setVisible(bool(below) or not counted)
        self.unit.setText(f"zum Vergleich: jedes Feld ±1 → {signed(unit_total)}")
        self.unit.setToolTip("So käme es heraus, wenn jedes Feld nur 1 Punkt wert wäre. "
                             "Wir zählen den aufgedruckten Wert (Auslegung A1).")


class AtacamaBoardView(BoardPage):
    """Atacama's plan on the one board page, the turn and the running scores beside it."""

    PANEL_WIDTH = PANEL_MIN_WIDTH
    COLUMN_MAX = 1000
    DRAWING_GROWS = False

    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        session = atacama_session()
        self.board = AtacamaBoardWidget(session.state)
        super().__init__(
            loaded, services, session, self.board,
            lead="Setze Bohrtürme mit einem Klick oder mit Pfeiltasten und Eingabe. Die "
                 "Wertung rechnet bei jedem Turm mit.",
            placeholder="Stellung einfügen, z. B. "
                        "„2p plan=übung:3 türme=e5 rechte=sg-k/r,kg-s/s“")
        self._build_controls()
        self._build_main()
        for signal in (self.signals.changed, self.signals.draftChanged,
                       self.signals.messageChanged):
            signal.connect(self.refresh)
        self.board.placeRequested.connect(self._place)
        self.refresh()

    # -- building ------------------------------------------------------------------------

    def _build_controls(self) -> None:
        self.variant_box = style_combo(QComboBox())
        link_label(self.variant_box, "Spielvariante")
        for text, _tactical, _buildup in VARIANTS:
            self.variant_box.addItem(text)
        self.players_box = style_combo(QComboBox())
        link_label(self.players_box, "Personenzahl")
        for count in PLAYER_COUNTS:
            self.players_box.addItem(f"{count} Personen", count)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_MAX)
        self.seed_box.setPrefix("Plan Nr. ")
        self.seed_box.setAccessibleName("Nummer des Übungsplans")
        self.seed_box.setToolTip("Gleiche Nummer, gleicher Plan – so kannst du einen Plan teilen. "
                                 "Eine andere Nummer beginnt eine neue Partie.")
        self.seed_box.setKeyboardTracking(False)
        self.new_button = secondary(QPushButton("Neue Partie"))
        self.new_button.setAccessibleName("Neue Partie auf diesem Plan")
        self.variant_box.currentIndexChanged.connect(self._variant_chosen)
        self.players_box.currentIndexChanged.connect(self._variant_chosen)
        self.seed_box.valueChanged.connect(lambda seed: self.draft.restart(seed=seed))
        self.new_button.clicked.connect(lambda: self.draft.restart())
        self.add_tools(self.variant_box, self.players_box, self.new_button)
        self.add_tools(self.seed_box)
        self.plan_label = label("", "Muted", rich=False)
        self.plan_label.setToolTip(
            f"{PRACTICE_LABEL}: Die Anordnung der gedruckten Teilpläne kennen wir nicht. "
            "Dieser Plan ist zufällig, aber für jede Nummer immer derselbe.")
        self.add_info(self.plan_label)

    def _build_main(self) -> None:
        side = Container()
        side.setObjectName("Column")
        panel = QVBoxLayout(side)
        panel.setContentsMargins(0, 0, 4, 0)
        panel.setSpacing(12)

        self.turn_label = label("", "H2", rich=False)
        panel.addWidget(self.turn_label)
        self.left_label = label("", "Muted", rich=False)
        panel.addWidget(self.left_label)
        self.second_box = QCheckBox("Turm der &zweiten Farbe (zählt doppelt)")
        self.second_box.toggled.connect(self.draft.set_second)
        panel.addWidget(self.second_box)
        self.right_box = style_combo(QComboBox())
        link_label(self.right_box, "Schürfrecht wählen")
        for move in RIGHT_CHOICES:
            self.right_box.addItem(f"{move.right.german} – wertet die {move.direction.german}")
        self.take_button = QPushButton("Schürfrecht nehmen")
        self.take_button.setToolTip("Kostet einen Bohrturm; die andere Person bekommt das "
                                    "andere Schürfrecht und die andere Richtung.")
        self.take_button.clicked.connect(
            lambda: self.draft.play(RIGHT_CHOICES[self.right_box.currentIndex()]))
        # Stacked: the right's full name is too long to share a line with the button.
        self.take_row = QWidget()
        take = QVBoxLayout(self.take_row)
        take.setContentsMargins(0, 0, 0, 0)
        take.setSpacing(8)
        take.addWidget(self.right_box)
        take.addLayout(row(self.take_button))
        panel.addWidget(self.take_row)

        self.result_box = Box("RightBox")
        self.result_title = label("", "RightTag", rich=False)
        self.result_text = label("", "Body", rich=False)
        self.result_box.body.addWidget(self.result_title)
        self.result_box.body.addWidget(self.result_text)
        self.result_rules = label("", "Body")
        # Our own text with our own link; content Markdown may carry no links (app/model/markup).
        self.result_rules.setText(
            "So wird gewertet: Jede Person zählt nur ihre Richtung; eine Linie zählt nur mit 4 "
            "oder 5 Türmen. Jedes besetzte Feld bringt seinen aufgedruckten Wert – plus für die "
            "Rohstoffe deines Schürfrechts, minus für den dritten "
            '(<a href="ruling:a1-aufgedruckte-werte">Auslegung A1</a>). '
            "Gleichstand: mehrere gewinnen.")
        self.result_rules.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.result_rules.linkActivated.connect(self.chrome.open_ruling)
        self.result_rules.setToolTip("A1: Es zählt der aufgedruckte Wert")
        self.result_box.body.addWidget(self.result_rules)
        panel.addWidget(self.result_box)

        self.rights_note = label("", "Muted", rich=False)
        panel.addWidget(self.rights_note)
        self.score_title = label("STAND JETZT · NUR LINIEN MIT 4 ODER 5 TÜRMEN ZÄHLEN", "Muted",
                                 rich=False)
        self.score_title.setStyleSheet("font-weight: 700; letter-spacing: 0.5px;")
        self.score_title.setToolTip("Jede Person wertet nur ihre Richtung. Eine Linie zählt "
                                    "erst mit 4 Türmen; jedes besetzte Feld bringt seinen "
                                    "aufgedruckten Wert, plus oder minus (Auslegung A1).")
        panel.addWidget(self.score_title)
        self.cards_layout = QVBoxLayout()
        self.cards_layout.setSpacing(10)
        panel.addLayout(self.cards_layout)
        self.cards: list[PlayerScoreCard] = []
        panel.addStretch(1)
        self.set_panel(side)

    # -- reacting ------------------------------------------------------------------------

    def _variant_chosen(self) -> None:
        _text, tactical, buildup = VARIANTS[self.variant_box.currentIndex()]
        players = self.players_box.currentData()
        if buildup and players != 2:
            # The Aufbauspiel exists for two only; the other box follows.
            return
        variant = Variant(players, tactical, buildup)
        if variant != self.session.state.variant:
            self.draft.restart(variant=variant)

    def _place(self, square: int) -> None:
        if not self.draft.place(square):
            # Said right at the field too: in a narrow window the message line is out of view.
            rect = self.board.square_rect(square)
            QToolTip.showText(self.board.mapToGlobal(rect.center()), self.session.message.text,
                              self.board, rect, 5000)

    def refresh(self) -> None:
        session = self.session
        state = session.state
        variant = state.variant
        self.board.set_state(state, self.draft.last_square)
        self.board.set_second(self.draft.second_effective)
        self._sync_controls(state)
        self.plan_label.setText(state.board.label)

        over = end_reason(state)
        player = state.to_move
        if over:
            self.turn_label.setText("Die Partie ist vorbei")
            self.left_label.setText(over)
        else:
            # „… ist am Zug“ as on the Atlantis and Survive boards; what to do beneath.
            self.turn_label.setText(f"{self.session.player_name(player)} ist am Zug")
            verb = ("setzt einen Bohrturm oder nimmt ein Schürfrecht" if state.rights_open
                    else "setzt einen Bohrturm")
            left = f"{verb} · noch {_derricks(state.base_left(player))}"
            if variant.tactical:
                left += f" der Grundfarbe und {state.second_left(player)} der zweiten Farbe"
            if variant.buildup:
                left += f" · Runde {state.stage} von 3, offen: {state.revealed_boards}"
            self.left_label.setText(left)
        with QSignalBlocker(self.second_box):
            self.second_box.setChecked(self.draft.second_effective)
        self.second_box.setVisible(variant.tactical and not over)
        self.take_row.setVisible(state.rights_open and not over)
        self.undo_button.setEnabled(session.can_undo)
        self.redo_button.setEnabled(session.can_redo)

        self.chrome.show_message()
        self.message_box.setVisible(bool(session.message.text))
        self._show_scores(state, over)

    def _sync_controls(self, state: State) -> None:
        variant = state.variant
        index = 2 if variant.buildup else 1 if variant.tactical else 0
        for box, value in ((self.variant_box, index),
                           (self.players_box, PLAYER_COUNTS.index(variant.players))):
            with QSignalBlocker(box):
                box.setCurrentIndex(value)
        # Only combinations the rules describe: the Aufbauspiel is for two.
        _enable_item(self.players_box, 1, not variant.buildup)
        _enable_item(self.variant_box, 2, variant.players == 2)
        if state.board.seed is not None:
            with QSignalBlocker(self.seed_box):
                self.seed_box.setValue(state.board.seed)

    def _show_scores(self, state: State, over: str | None) -> None:
        players = state.variant.players
        while len(self.cards) < players:
            card = PlayerScoreCard()
            self.cards.append(card)
            self.cards_layout.addWidget(card)
        for index, card in enumerate(self.cards):
            card.setVisible(index < players and not state.rights_open)
        if state.rights_open:
            self.rights_note.setText("Die Schürfrechte sind noch offen – gewertet wird erst, "
                                     "wenn jemand eines nimmt (kostet einen Bohrturm).")
            self.rights_note.show()
            self.result_box.hide()
            self.score_title.hide()
            return
        self.rights_note.hide()
        self.score_title.setVisible(over is None)
        totals = score(state)
        unit_totals = score(state, unit_values=True)
        for player in range(players):
            self.cards[player].show_player(state, player, self.session.player_name(player),
                                          totals[player], unit_totals[player])
        self.result_box.setVisible(over is not None)
        if over is not None:
            best = winners(state)
            best_unit = winners(state, unit_values=True)
            names = _join([self.session.player_name(p) for p in best])
            if len(best) == 1:
                self.result_title.setText(f"{names} gewinnt mit {signed(totals[best[0]])}")
            else:
                self.result_title.setText(f"Gleichstand: {names} mit je "
                                          f"{signed(totals[best[0]])}")
            unit_names = _join([self.session.player_name(p) for p in best_unit])
            unit = ("läge {} vorn" if len(best_unit) == 1 else "lägen {} gleichauf").format(
                unit_names)
            self.result_text.setText(f"zum Vergleich: jedes Feld ±1 – dann {unit}.")

    # -- layout --------------------------------------------------------------------------

    def fits_beside(self, width: int) -> bool:
        """The panel beside the plan only while its buttons fit there (not at large text)."""
        return width >= self.board.sizeHint().width() + self.panel_width() + 12

    def stacked_drawing_height(self, width: int) -> int:
        return self.board.sizeHint().height()

    def wide_drawing_height(self) -> int:
        return self.board.sizeHint().height()

    def preferred_panel_width(self, total: int) -> int:
        # The plan keeps its size; the scores take the rest, right beside it.
        return total - self.board.sizeHint().width() - self.splitter.handleWidth()

    def arranged(self, stacked: bool) -> None:
        self.board_layout.setAlignment(self.board, Qt.AlignmentFlag.AlignTop | (
            Qt.AlignmentFlag.AlignHCenter if stacked else Qt.AlignmentFlag.AlignLeft))


def _enable_item(box: QComboBox, index: int, enabled: bool) -> None:
    model = box.model()
    if isinstance(model, QStandardItemModel):
        model.item(index).setEnabled(enabled)
