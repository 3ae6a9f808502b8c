"""The side panel of the Atlantis board: the player to move with hand cards and tiles, the
bridge, what the last move did (the engine's steps, the payment to choose), all players'
standing and, at the end, the scoring."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from PySide6.QtCore import QRectF, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.model.drafts.atlantis import place_text
from app.rules.atlantis import (
    ITEMS,
    Item,
    Payment,
    Phase,
    Tile,
    cards_for_tile,
    explain_parts,
    final_scores,
    format_pages,
    winners,
)
from app.rules.atlantis.explain import tile_name
from app.ui.accessibility import link_label
from app.ui.boards.atlantis_scene import (
    PLAYER_COLOURS,
    draw_glyph,
    ink_on,
    palette_colours,
    player_name,
)
from app.ui.widgets import Card, ReflowRow, label, pill, secondary, style_combo

QWIDGETSIZE_MAX = (1 << 24) - 1

# The phases of a turn, one paragraph each in „Was passiert ist“ (kinds of explain_parts):
# what comes before the move (buying, the bridge), the way (cards and the gaps passed), and
# what follows it (the tile, paying, drawing). Each paragraph's last line is half empty on
# average: a paragraph each for the gaps, the tile and the draw cost two lines under the board.
PHASES = {"purchase": "before", "bridge": "before", "origin": "way", "card": "way",
          "gap": "way", "gap_total": "way", "take": "after", "water": "after",
          "bridge_after": "after", "settle": "after", "draw": "after", "no_move": "after"}


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


class _Panel(QWidget):
    """The side panel's content; its height follows its width (wrapped text), so the panel
    scrolls only when the text really does not fit."""

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)


class AtlantisPanel(_Panel):
    """Who is on, the hand cards and tiles, the bridge, „Was passiert ist“, the standings and,
    at the end, the scoring – everything the board page shows beside the path."""

    def __init__(self, owner):
        super().__init__()
        self.owner = owner
        self.session, self.draft = owner.session, owner.draft
        self.setObjectName("Column")
        self.setStyleSheet(_chip_style())
        self.card_buttons: dict[Item, QPushButton] = {}
        self.tile_pool: list[QPushButton] = []
        self.step_rows: list[QLabel] = []
        self.player_rows: list[tuple] = []
        self.tile_buttons: list[tuple[Tile, QPushButton]] = []
        self.panel = QVBoxLayout(self)
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
        # Its own chip style: the box also sits under the board, outside this panel.
        self.hand_box.setStyleSheet(_chip_style())
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
            button.clicked.connect(lambda _=False, it=item: self.owner.play_card(it))
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

        self.outcome_card = Card(padding=10, spacing=6)
        self.outcome_title = label("Was passiert ist", "H2", rich=False)
        self.outcome_card.body.addWidget(self.outcome_title)
        self.outcome_empty = label("Nach jedem Zug steht hier Schritt für Schritt, was die "
                                   "Regeln daraus machen – mit Seitenangaben.", "Muted",
                                   rich=False)
        self.outcome_card.body.addWidget(self.outcome_empty)
        # „Bezahlt mit“ in one row, offered only when there is a choice: a single best
        # payment is named by the engine's own sentence below, a one-item list adds nothing.
        self.payment_row = QWidget()
        pay = ReflowRow()
        pay.setSpacing(8)
        self.payment_row.setLayout(pay)
        pay.setContentsMargins(0, 0, 0, 0)
        self.payment_title = _section_title("BEZAHLT MIT")
        pay.addWidget(self.payment_title)
        self.payment_combo = style_combo(QComboBox())
        link_label(self.payment_combo, "Zahlung wählen")
        self.payment_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.payment_combo.setMinimumContentsLength(12)
        self.payment_combo.activated.connect(self._on_payment_chosen)
        pay.addWidget(self.payment_combo, 1)
        self.payment_note = self.owner.chrome.linked_label("")
        self.payment_note.setObjectName("Muted")
        # The note beside the combo where both fit on its line (fit_payment), else under it.
        self.payment_box = QWidget()
        self.payment_line = QHBoxLayout(self.payment_box)
        self.payment_line.setContentsMargins(0, 0, 0, 0)
        self.payment_line.setSpacing(12)
        self.payment_line.addWidget(self.payment_row, 1)
        self.outcome_card.body.addWidget(self.payment_box)
        self.outcome_card.body.addWidget(self.payment_note)
        self.explanation = QVBoxLayout()
        self.explanation.setSpacing(5)
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

    def refresh(self) -> None:
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
        self.refresh_cards()
        self._refresh_tiles()
        placed = player.bridge_placed
        self.bridge_label.setText("Brücke: schon gelegt" if placed else
                                  "Brücke: noch nicht gelegt")
        self.bridge_button.setVisible(not placed and draft.playing)
        self.refresh_bridge_later()
        self.no_move_button.setVisible(draft.playing and draft.no_move_offered())
        self.refresh_outcome()
        self._refresh_players()
        self._refresh_score()

    def refresh_cards(self) -> None:
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
            self.owner.buy(self.tile_buttons[index][0])

    def refresh_outcome(self) -> None:
        session, draft = self.session, self.draft
        outcome = session.outcome
        # The card always stays: showing and hiding it would re-flow the whole panel.
        self.outcome_empty.setVisible(outcome is None)
        if outcome is None:
            self.payment_box.hide()
            self.payment_row.hide()
            self.payment_note.hide()
            for text in self.step_rows:
                text.hide()
            return
        choices = draft.payment_choices()
        paid = draft.paid()
        several = len(choices) > 1
        self.payment_row.setVisible(several)
        self.payment_box.setVisible(several)
        with QSignalBlocker(self.payment_combo):
            self.payment_combo.clear()
            for k, choice in enumerate(choices):
                mark = " (Vorschlag)" if k == 0 else ""
                self.payment_combo.addItem(f"{_payment_text(choice)}{mark}")
            if paid in choices:
                self.payment_combo.setCurrentIndex(choices.index(paid))
        if several:
            self.payment_note.setText(self.owner.chrome.ruling_links(escape(
                "Gleich gut nach R9 – wählbar bis zum nächsten Zug.")))
        self.payment_note.setVisible(several)
        # One paragraph per phase of the turn (PHASES): a sentence on a line of its own left
        # half a line empty each, a third of the explanation's height under the board.
        paragraphs: list[list] = []
        phase = None
        for kind, steps in explain_parts(session.outcome):
            if PHASES.get(kind, kind) != phase or not paragraphs:
                paragraphs.append([])
                phase = PHASES.get(kind, kind)
            paragraphs[-1].extend(steps)
        while len(self.step_rows) < len(paragraphs):
            text = self.owner.chrome.linked_label("")
            self.explanation.addWidget(text)
            self.step_rows.append(text)
        muted = palette_colours().muted
        for index, text in enumerate(self.step_rows):
            if index >= len(paragraphs):
                text.hide()
                continue
            steps = paragraphs[index]
            # A run of sentences on the same pages (ten gaps, each „S. 4“) names them once,
            # after its last sentence: every sentence keeps its source, the paragraph loses
            # the repeats (and at ten gaps two lines).
            text.setText(" ".join(
                self.step_html(step.text, () if k + 1 < len(steps)
                               and steps[k + 1].pages == step.pages else step.pages, muted)
                for k, step in enumerate(steps)))
            text.setAccessibleName(" ".join(
                f"{step.text} ({format_pages(step.pages)})" if step.pages else step.text
                for step in steps))
            text.show()

    def fit_payment(self, width: int, beside: bool) -> None:
        """„Gleich gut nach R9 …“ beside „Bezahlt mit“ when ``beside`` is wished (under the
        board) and the row is then lower than combo and note one under the other in the
        card's ``width``; else on a line of its own under it."""
        note, row, combo = self.payment_note, self.payment_row, self.payment_combo
        fits = False
        # Under the board the combo shows the whole payment; in the narrow panel it may
        # shorten it (its list shows every payment whole).
        policy = (QComboBox.SizeAdjustPolicy.AdjustToContents if beside else
                  QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        if combo.sizeAdjustPolicy() != policy:
            combo.setSizeAdjustPolicy(policy)
        if beside and width > 0:
            used = (self.payment_title.sizeHint().width() + row.layout().spacing()
                    + combo.sizeHint().width())
            rest = width - used - self.payment_line.spacing()
            line = max(combo.sizeHint().height(), self.payment_title.sizeHint().height())
            stacked = line + self.outcome_card.body.spacing() + note.heightForWidth(width)
            fits = rest >= 8 * note.fontMetrics().averageCharWidth() and \
                max(line, note.heightForWidth(rest)) < stacked
        here = self.payment_line.indexOf(note) >= 0
        if fits:
            row.setFixedWidth(used)
        else:
            row.setMinimumWidth(0)
            row.setMaximumWidth(QWIDGETSIZE_MAX)
        if fits == here:
            return
        shown = not note.isHidden()
        body = self.outcome_card.body
        if fits:
            body.removeWidget(note)
            self.payment_line.setStretch(0, 0)
            self.payment_line.addWidget(note, 1)
        else:
            self.payment_line.removeWidget(note)
            self.payment_line.setStretch(0, 1)
            body.insertWidget(body.indexOf(self.payment_box) + 1, note)
        note.setVisible(shown)

    def step_html(self, text: str, pages, muted: str) -> str:
        """One sentence with its sources after it, small and muted, ruling codes as links.

        Inline rather than a pill beside the sentence: a column of pills took a sixth of the
        width under the board, and the explanation a third more lines.
        """
        html = self.owner.chrome.ruling_links(escape(text))
        sources = format_pages(pages)
        if sources:
            # Non-breaking inside: „S.“ and its number never part at a line's end.
            sources = escape(sources).replace(" ", "&nbsp;")
            html += (f'&nbsp; <span style="color: {muted}; font-size: small;">'
                     f"{self.owner.chrome.ruling_links(sources)}</span>")
        return html

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
        words = self.owner.chrome.linked_label(text)
        row.addWidget(words, 1)
        if pages:
            row.addWidget(pill(pages), 0, Qt.AlignmentFlag.AlignTop)
        self.score_lines.addWidget(line)

    def refresh_bridge_later(self) -> None:
        draft = self.draft
        waiting = draft.awaiting is not None
        with QSignalBlocker(self.bridge_later_box):
            self.bridge_later_box.setChecked(draft.bridge_later and draft.can_bridge_later())
        self.bridge_later_box.setVisible(draft.can_bridge_later())
        self.bridge_later_box.setEnabled(draft.can_bridge_later() and not waiting)
        self.bridge_button.setEnabled(not waiting)
        self.owner.skip_bridge_button.setVisible(waiting)

    def _on_payment_chosen(self, index: int) -> None:
        choices = self.draft.payment_choices()
        if 0 <= index < len(choices) and choices[index] != self.draft.paid():
            self.draft.choose_payment(choices[index])

    def card_button(self, item: Item) -> QPushButton:
        return self.card_buttons[item]

    def tile_button(self, tile: Tile) -> QPushButton | None:
        return next((b for t, b in self.tile_buttons if t == tile), None)


__all__ = ["AtlantisPanel", "item_icon", "pawn_icon"]
