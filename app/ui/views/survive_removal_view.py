"""„Spielbrett“ for Survive: a trainer for step 3, taking a tile off the island.

A position comes from the engine (``random_position`` with a number to share); the user picks
a tile, the engine says whether it may go now (``removal_check``) and, if so, plays the
removal (``apply`` of ``Remove``) – explorers fall into the sea, the tile's back acts. The
trainer then asks for the next tile on the same board: it skips the die and the next player's
moves on purpose, so that only the island changes between two questions. The trainer's state
is a :class:`~app.model.play_session.PlaySession` with the trainer's draft
(:mod:`app.model.drafts.survive`); this page only shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QSignalBlocker, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.model.drafts.survive import group_name, survive_session
from app.model.loader import LoadedGame
from app.rules.errors import RulesError
from app.rules.survive import PRACTICE_MAP_LABEL, Colour, Space
from app.ui.app_state import Services
from app.ui.board_page import BoardPage, LinkLabel
from app.ui.boards.survive_map import SurviveMapWidget, current_colours, explorer_pixmap
from app.ui.widgets import (
    Box,
    Card,
    label,
    markdown_html,
    pill,
    row,
    rule_link,
    secondary,
)

BOARD_COLUMN_MAX = 1000
PANEL_MIN_WIDTH = 280
PANEL_WIDTH = 360  # what the panel gets beside the map when the page is wide enough
RADIUS_BESIDE_MIN = 22  # a smaller map beside the panel gets fiddly: the panel goes below
RADIUS_STACKED_MAX = 28
SEED_MAX = 999_999
RULE_ENTRIES = (  # (content id, section key, source)
    ("reihenfolge-entfernen", "pitfalls", "Leicht vergessen"),
    ("auslegung-kein-kuestenplaettchen", "interpretations", "Auslegung"),
)


class SurviveRemovalView(BoardPage):
    """The Survive island on the one board page, the question, tally and rules beside it."""

    PANEL_WIDTH = PANEL_WIDTH
    COLUMN_MAX = BOARD_COLUMN_MAX
    DRAWING_GROWS = False

    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        session = survive_session()
        self.map = SurviveMapWidget(session.state)
        super().__init__(
            loaded, services, session, self.map,
            lead="Welches Inselplättchen darf jetzt weg? Klick darauf – oder wähle es mit den "
                 "Pfeiltasten und nimm es mit der Eingabetaste.")
        self.message_title, self.detail = self.chrome.message_title, self.chrome.detail
        self.message.setAccessibleName("Antwort der Regel-Engine")
        self._build_controls()
        self._build_main()
        for signal in (self.signals.changed, self.signals.draftChanged,
                       self.signals.messageChanged):
            signal.connect(self.refresh)
        self.map.tileChosen.connect(self._chosen)
        self.refresh()

    # -- building ------------------------------------------------------------------------

    def _build_controls(self) -> None:
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_MAX)
        self.seed_box.setValue(self.session.entry.seed)
        self.seed_box.setPrefix("Übungsstellung Nr. ")
        self.seed_box.setAccessibleName("Nummer der Übungsstellung")
        self.seed_box.setToolTip("Gleiche Nummer, gleiche Stellung – so kannst du eine "
                                 "Stellung mit anderen teilen.")
        self.seed_box.setKeyboardTracking(False)
        self.seed_box.valueChanged.connect(self._seed_changed)
        self.next_button = secondary(QPushButton("Nächste Übungsstellung"))
        self.next_button.setAccessibleName("Nächste Übungsstellung")
        self.next_button.clicked.connect(self.next_position)
        self.map_label = label(PRACTICE_MAP_LABEL, "Muted", rich=False)
        self.map_label.setToolTip(
            "Die App zeigt eine eigene Insel mit 40 Plättchen (Auslegung S8) – die Lage der "
            "Felder auf dem gedruckten Plan kennen wir nicht.")
        self.add_tools(self.seed_box)
        self.add_tools(self.next_button)
        self.add_info(self.map_label)

    def _build_main(self) -> None:
        legend = QWidget()
        legend.setLayout(self._legend())
        self.add_under_board(legend)
        self.board_box = self.board_column
        side = QWidget()
        side.setObjectName("Column")
        panel = QVBoxLayout(side)
        panel.setContentsMargins(0, 0, 4, 0)
        panel.setSpacing(10)
        self.question = label("", "H2", rich=False)
        panel.addWidget(self.question)
        self.hint = label("", "Muted", rich=False)
        panel.addWidget(self.hint)

        self.score_box = Box("RightBox")
        self.score_text = label("", "Body")
        self.score_text.setAccessibleName("Wertung am Spielende")
        self.score_box.body.addWidget(self.score_text)
        self.score_box.hide()
        panel.addWidget(self.score_box)

        # Only the legal groups are offered: exactly three board, the revealer picks which.
        self.boarding_box = QWidget()
        self.boarding_layout = QVBoxLayout(self.boarding_box)
        self.boarding_layout.setContentsMargins(0, 0, 0, 0)
        self.boarding_layout.setSpacing(6)
        self.boarding_box.hide()
        self.boarding_buttons: list[QPushButton] = []
        panel.addWidget(self.boarding_box)

        self.right_label = label("", "RightTag", rich=False, wrap=False)
        self.wrong_label = label("", "WrongTag", rich=False, wrap=False)
        panel.addLayout(row(self.right_label, self.wrong_label, spacing=16))

        self.allowed_box = QCheckBox("Erlaubte &zeigen")
        self.allowed_box.setAccessibleName("Erlaubte Plättchen hervorheben")
        self.allowed_box.setToolTip("Hebt alle Plättchen hervor, die jetzt weg dürfen.")
        self.allowed_box.toggled.connect(self._show_allowed)
        self.pieces_box = QCheckBox("&Figuren zeigen")
        self.pieces_box.setAccessibleName("Entdecker, Boote und Kreaturen zeigen")
        self.pieces_box.setChecked(True)
        self.pieces_box.toggled.connect(self._show_pieces)
        panel.addLayout(row(self.allowed_box, self.pieces_box, spacing=18))
        self._build_rules(panel)
        panel.addStretch(1)
        self.set_panel(side)

    def _legend(self):
        # Colour and name side by side: the map's discs are too small for letters. The
        # terrain letters on a line of their own: the legend is two short lines at any
        # width, never a row squeezed or stacked beside a narrow board.
        legend = QVBoxLayout()
        legend.setContentsMargins(0, 0, 0, 0)
        legend.setSpacing(4)
        legend.addWidget(label("S Strand · W Wald · B Berg", "Muted", rich=False,
                               wrap=False))
        colours = QHBoxLayout()
        colours.setSpacing(6)
        self.legend_swatches: dict[Colour, QLabel] = {}
        for colour in Colour:
            swatch = QLabel()
            swatch.setAccessibleName(colour.title)
            self.legend_swatches[colour] = swatch
            colours.addWidget(swatch)
            colours.addWidget(label(colour.title, "Muted", rich=False, wrap=False))
            colours.addSpacing(6)
        colours.addStretch(1)
        legend.addLayout(colours)
        self._paint_legend()
        return legend

    def _paint_legend(self) -> None:
        colours = current_colours()
        for colour, swatch in self.legend_swatches.items():
            swatch.setPixmap(explorer_pixmap(colour, 12, colours))

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.StyleChange) and hasattr(self, "legend_swatches"):
            self._paint_legend()
        super().changeEvent(event)

    def _build_rules(self, panel: QVBoxLayout) -> None:
        content = self.loaded.game.content
        found = {p.id: (p.title, p.right) for p in content.pitfalls}
        found.update({i.id: (f"{i.code}: {i.title}", i.ruling) for i in content.interpretations})
        entries = [e for e in RULE_ENTRIES if e[0] in found]
        if not entries:
            return
        card = Card(padding=12, spacing=8)
        card.body.addWidget(label("Die Regel dazu", "H2", rich=False))
        for key, section, source in entries:
            title, text = found[key]
            jump = rule_link(self.services, section, key, title, source)
            entry = QWidget()
            entry_layout = QVBoxLayout(entry)
            entry_layout.setContentsMargins(0, 0, 0, 0)
            entry_layout.setSpacing(4)
            # The ruling's code in its title and any code in the text open that ruling.
            entry_layout.addWidget(self.chrome.linked_label(f"**{title}**"))
            words = LinkLabel(self.chrome, "Muted")
            words.setText(self.chrome.ruling_links(markdown_html(text)))
            entry_layout.addWidget(words)
            entry_layout.addLayout(row(pill(source), jump))
            card.body.addWidget(entry)
        panel.addWidget(card)

    # -- reacting ------------------------------------------------------------------------

    def _seed_changed(self, seed: int) -> None:
        if seed != self.session.entry.seed:
            self.draft.new_position(seed)

    def next_position(self) -> None:
        self.seed_box.setValue(((self.session.entry.seed or 0) + 1) % (SEED_MAX + 1))

    def tile_point(self, label_or_space: str | Space) -> QPoint:
        """The centre of a space in map coordinates (tests click the map there)."""
        return self.map.tile_point(label_or_space)

    def _chosen(self, space: Space) -> None:
        answered = self.draft.choose(space)
        # Stacked (a narrow window), the answer sits under the map: bring it into view once
        # the layout has taken the new text, scrolling only as far as needed.
        QTimer.singleShot(0, self, self._show_answer)
        if not answered and self.session.message.kind == "wrong":
            # Said at the tile too: in a narrow window the answer box may be out of view.
            rect = self.map.tile_rect(space)
            QToolTip.showText(self.map.mapToGlobal(rect.center()), self.session.message.text,
                              self.map, rect, 5000)

    def _show_answer(self) -> None:
        # Measured once the layouts, innermost first, have taken the new text.
        for widget in (self.message_box, self.board_column, self.content):
            widget.layout().activate()
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if self.message_box.isVisible():
            self.page.ensureWidgetVisible(self.message_box, 0, 8)

    def _show_allowed(self, show: bool) -> None:
        self.map.set_show_allowed(show)

    def _show_pieces(self, show: bool) -> None:
        self.map.set_show_pieces(show)

    def refresh(self) -> None:
        session = self.session
        state = session.state
        self.map.set_state(state, self.draft.tally.last_removed, self.draft.last_wrong)
        with QSignalBlocker(self.seed_box):
            self.seed_box.setValue(session.entry.seed or 0)
        if session.is_over:
            self.question.setText("Die Partie ist vorbei")
            self.hint.setText("Nimm eine neue: „Nächste Übungsstellung“ oder eine andere "
                              "Nummer.")
        else:
            self.question.setText(f"{state.current.title} ist am Zug")
            self.hint.setText("Welches Plättchen darf jetzt weg? Klick darauf – die Regel-Engine "
                              "sagt, ob es stimmt.")
        self.chrome.show_message()
        self.message_box.setVisible(bool(session.message.text))
        self.right_label.setText(f"✓ {self.draft.tally.right} richtig")
        self.wrong_label.setText(f"✗ {self.draft.tally.wrong} falsch")
        self._show_boarding()
        self.score_box.setVisible(session.is_over)
        if session.is_over:
            self.score_text.setText(markdown_html(final_words(state)))

    def _show_boarding(self) -> None:
        chose = any(button.hasFocus() for button in self.boarding_buttons)
        if chose:
            # Back to the map the choice came from: a deleted focused button would hand the
            # focus on along the Tab chain, to the game chooser at the top.
            self.map.setFocus(Qt.FocusReason.OtherFocusReason)
        for button in self.boarding_buttons:
            button.hide()
            button.deleteLater()
        self.boarding_buttons = []
        choices = self.draft.boarding[1] if self.draft.boarding is not None else ()
        self.boarding_box.setVisible(bool(choices))
        for index, group in enumerate(choices):
            name = group_name(group)
            button = QPushButton(f"{index + 1}  {name} steigen ein")
            button.setProperty("secondary", True)
            button.setAccessibleName(f"Ins Boot steigen {name}")
            button.setStyleSheet("text-align: left; padding: 7px 12px;")
            button.clicked.connect(lambda _=False, i=index: self.draft.board(i))
            self.boarding_layout.addWidget(button)
            button.show()
            self.boarding_buttons.append(button)
        if self.boarding_buttons:
            self.boarding_buttons[0].setFocus()

    # -- layout (app/ui/board_page.py calls these) ---------------------------------------

    def _beside_radius(self, width: int) -> int:
        """The map's radius beside the panel in ``width``, with a narrower panel before
        giving up on side by side."""
        beside = self.map.radius_for_width(width - self.panel_width() - self.splitter.handleWidth())
        if beside < RADIUS_BESIDE_MIN:
            narrow = max(PANEL_MIN_WIDTH, self.panel.minimumSizeHint().width())
            beside = self.map.radius_for_width(width - narrow - self.splitter.handleWidth())
        return beside

    def fits_beside(self, width: int) -> bool:
        return self.panel is None or self._beside_radius(width) >= RADIUS_BESIDE_MIN

    def fit_drawing(self, width: int, stacked: bool) -> None:
        # Stacked, the map stays small enough to leave the answer in view below it.
        self.map.set_radius(min(RADIUS_STACKED_MAX, self.map.radius_for_width(width))
                            if stacked else self.map.radius_for_width(width))

    def stacked_drawing_height(self, width: int) -> int:
        return self.map.height()

    def wide_drawing_height(self) -> int:
        return self.map.height()

    def preferred_panel_width(self, total: int) -> int:
        return total - self.map.width() - self.splitter.handleWidth()

    def arranged(self, stacked: bool) -> None:
        self.board_layout.setAlignment(self.map, Qt.AlignmentFlag.AlignTop | (
            Qt.AlignmentFlag.AlignHCenter if stacked else Qt.AlignmentFlag.AlignLeft))


def final_words(state) -> str:
    """The end of a trainer game scored as the rules do: explorers on the safe islands."""
    from app.rules.survive.rules import score, teams

    rescued = {c: [e for _s, group in state.safe for e in group if e.colour == c]
               for c in state.players}
    try:
        totals = score(state)
    except RulesError:
        totals = None  # values are hidden under the explorers in a practice position
    parts = []
    for colour in state.players:
        count = len(rescued[colour])
        saved = ("niemand gerettet" if count == 0 else
                 "1 Entdecker gerettet" if count == 1 else f"{count} Entdecker gerettet")
        points = (f", {totals[colour]} Punkt{'e' if totals[colour] != 1 else ''}"
                  if totals is not None else "")
        parts.append(f"{colour.title}: {saved}{points}")
    text = ("**Wertung:** Es zählen nur die Entdecker auf den sicheren Inseln, jeder mit seinem "
            "Wert. " + " · ".join(parts) + ".")
    if totals is None:
        return text + " Die Werte liegen verdeckt – wer gewinnt, zeigt erst das Umdrehen."
    sides = [(sum(totals.get(c, 0) for c in side), side) for side in teams(state)]
    best = max(total for total, _ in sides)
    won = [" und ".join(c.title for c in side) for total, side in sides if total == best]
    if len(won) == 1:
        return text + f" Es gewinnt {won[0]}."
    return text + f" Gleichstand: {' und '.join(won)} gewinnen gemeinsam."
