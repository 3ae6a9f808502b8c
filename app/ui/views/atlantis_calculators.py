"""„Rechner“ for Atlantis: gap cost, buying cards, final scoring — live as you type.

Every number shown comes from the rules engine's helpers; this view only collects
inputs and shows results with the rule and its page beside them.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.model.loader import LoadedGame
from app.rules.atlantis import cards_for_tile, gap_cost, score
from app.rules.atlantis.scoring import leaders
from app.rules.errors import RulesError
from app.ui.app_state import Services
from app.ui.boards.atlantis_scene import PLAYER_COLOURS
from app.ui.reflow import TableOrBlocks
from app.ui.widgets import (
    Box,
    Card,
    FlowLayout,
    PageColumn,
    flow,
    follow_spin,
    label,
    page_pill,
    player_pill,
    row,
    ruling_label,
    set_invalid,
    spin_ok,
)

MAX_GAPS = 6
PLAYER_NAMES = ("Blau", "Weiß", "Schwarz", "Rot")


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setAccessibleName(name)
    return spin


def _caption(text: str) -> QLabel:
    caption = QLabel(text)
    caption.setObjectName("Muted")
    return caption


class TilesField(QLineEdit):
    """The tile values of a player: never narrower than seven values, at any text size."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(max(hint.width(), self.fontMetrics().horizontalAdvance("5 3 7 2 4 6 1")
                         + 24), hint.height())


def _result_label() -> QLabel:
    result = label("", "H2")
    result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return result


class GapRow(QWidget):
    """One gap: the two bordering values and whether a bridge lies on it."""

    def __init__(self, number: int, parent: QWidget | None = None):
        super().__init__(parent)
        # Wraps like a sentence when the column is narrow.
        layout = FlowLayout(self)
        self.title = QLabel(f"Lücke {number}")
        self.left = _spin(1, 7, 3, f"Lücke {number}: Wert links")
        self.right = _spin(1, 7, 5, f"Lücke {number}: Wert rechts")
        self.bridge = QCheckBox("Brücke liegt")
        self.bridge.setAccessibleName(f"Lücke {number}: Brücke liegt")
        self.result = QLabel()
        self.result.setObjectName("RowValue")
        for widget in (self.title, QLabel("zwischen"), self.left, QLabel("und"), self.right,
                       self.bridge):
            layout.addWidget(widget)
        layout.addWidget(self.result)

    def valid(self) -> bool:
        return spin_ok(self.left) and spin_ok(self.right)

    def cost(self) -> int:
        return gap_cost(self.left.value(), self.right.value(), self.bridge.isChecked())


class AtlantisCalculators(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Rechner", "Was kostet die Lücke, wie viele Karten gibt es, wer "
                         "gewinnt? Ergebnisse sofort beim Tippen – gerechnet von der Regel-Engine.")
        self.anchors = {}
        self.loaded, self.services = loaded, services
        self._build_gaps()
        self._build_buying()
        self._build_scoring()
        self.finish()
        self.update_gaps()
        self.update_buying()
        self.update_scoring()

    # -- Lücke ----------------------------------------------------------------------------

    def _build_gaps(self) -> None:
        card = Card()
        card.body.addLayout(row(label("**Lücke**", "H2"), page_pill([4]), grow=0))
        card.body.addWidget(label("Die Werte der beiden Plättchen links und rechts der Lücke "
                                  "(das jeweils obere).", "Muted"))
        self.gap_rows: list[GapRow] = []
        self.gap_box = QWidget()
        self.gap_layout = QGridLayout(self.gap_box)
        self.gap_layout.setContentsMargins(0, 0, 0, 0)
        self.gap_layout.setVerticalSpacing(8)
        card.body.addWidget(self.gap_box)
        self.add_gap_button = QPushButton("+ weitere Lücke im selben Zug")
        self.add_gap_button.setProperty("secondary", True)
        self.add_gap_button.setAccessibleName("Weitere Lücke hinzufügen")
        self.add_gap_button.clicked.connect(self.add_gap)
        self.remove_gap_button = QPushButton("− Lücke entfernen")
        self.remove_gap_button.setProperty("secondary", True)
        self.remove_gap_button.setAccessibleName("Letzte Lücke entfernen")
        self.remove_gap_button.clicked.connect(self.remove_gap)
        card.body.addLayout(flow(self.add_gap_button, self.remove_gap_button))
        answer = Box("Answer")
        self.gap_result = _result_label()
        self.gap_reason = label("", "Body")
        answer.body.addWidget(self.gap_result)
        answer.body.addWidget(self.gap_reason)
        card.body.addWidget(answer)
        self.anchors["gap"] = card
        self.add(card)
        self.add_gap()

    def add_gap(self) -> None:
        if len(self.gap_rows) >= MAX_GAPS:
            return
        gap = GapRow(len(self.gap_rows) + 1)
        for spin in (gap.left, gap.right):
            follow_spin(spin, self.update_gaps)
        gap.bridge.toggled.connect(self.update_gaps)
        self.gap_layout.addWidget(gap, len(self.gap_rows), 0)
        self.gap_rows.append(gap)
        self.update_gaps()

    def remove_gap(self) -> None:
        if len(self.gap_rows) <= 1:
            return
        gap = self.gap_rows.pop()
        gap.hide()
        gap.deleteLater()
        self.update_gaps()

    def update_gaps(self) -> None:
        self.add_gap_button.setEnabled(len(self.gap_rows) < MAX_GAPS)
        self.remove_gap_button.setEnabled(len(self.gap_rows) > 1)
        bad = [number for number, gap in enumerate(self.gap_rows, start=1) if not gap.valid()]
        if bad:
            # No number that does not match the fields: the result waits for valid values.
            for gap in self.gap_rows:
                gap.result.setText(f"= {gap.cost()}" if gap.valid() else "= ?")
            self.gap_result.setText("Kosten: –")
            where = ", ".join(f"Lücke {n}" for n in bad)
            self.gap_reason.setText(f"{where}: Plättchenwerte gibt es nur von 1 bis 7 – "
                                    "bitte das rot markierte Feld berichtigen.")
            return
        costs = [gap.cost() for gap in self.gap_rows]
        for gap, cost in zip(self.gap_rows, costs, strict=True):
            gap.result.setText(f"= {cost}")
        total = sum(costs)
        if len(costs) == 1:
            self.gap_result.setText(f"Kosten: {total}")
        else:
            self.gap_result.setText(f"Kosten: {' + '.join(map(str, costs))} = {total}")
        reasons = []
        for number, gap in enumerate(self.gap_rows, start=1):
            prefix = f"Lücke {number}: " if len(self.gap_rows) > 1 else ""
            if gap.bridge.isChecked():
                reasons.append(f"{prefix}Brücke → kostet nichts, für alle, bis Spielende.")
            else:
                low = gap.cost()
                reasons.append(f"{prefix}der niedrigere Wert von {gap.left.value()} und "
                               f"{gap.right.value()} ist {low}.")
        reasons.append("Wie breit die Lücke ist, spielt keine Rolle. Mehrere Lücken kosten "
                       "jede für sich und werden am Zugende zusammen bezahlt.")
        self.gap_reason.setText("<br>".join(reasons))

    # -- Karten kaufen ---------------------------------------------------------------------

    def _build_buying(self) -> None:
        card = Card()
        card.body.addLayout(row(label("**Karten kaufen**", "H2"), page_pill([4]), grow=0))
        self.buy_value = _spin(1, 7, 5, "Wert des abgegebenen Plättchens")
        follow_spin(self.buy_value, self.update_buying)
        card.body.addLayout(row(QLabel("Abgegebenes Plättchen mit Wert"), self.buy_value))
        answer = Box("Answer")
        self.buy_result = _result_label()
        answer.body.addWidget(self.buy_result)
        self.buy_rule = ruling_label("Wert ÷ 2, abgerundet · **nur am Zuganfang** · ein "
                                     "Plättchen pro Zug (R8) · ein 1er bringt nichts.",
                                     self.loaded, self.services)
        answer.body.addWidget(self.buy_rule)
        card.body.addWidget(answer)
        self.anchors["buy"] = card
        self.add(card)

    def update_buying(self) -> None:
        if not spin_ok(self.buy_value):
            self.buy_result.setText("Plättchenwerte gibt es nur von 1 bis 7.")
            return
        cards = cards_for_tile(self.buy_value.value())
        word = "Karte" if cards == 1 else "Karten"
        self.buy_result.setText(f"{cards} {word}")

    # -- Wertung -----------------------------------------------------------------------------

    def _build_scoring(self) -> None:
        card = Card()
        card.body.addLayout(row(label("**Wertung**", "H2"), page_pill([5, 6]), grow=0))
        card.body.addWidget(label("Plättchenwerte mit Leerzeichen trennen, z. B. „5 3 7 2“.",
                                  "Muted"))
        headers = []
        for title in ("Spieler", "Plättchenwerte", "Handkarten", "Unbezahlt", "Punkte"):
            head = QLabel(title)
            head.setObjectName("RowLabel")
            headers.append(head)
        self.score_table_box = QWidget()
        # A table where it fits; in a small window or at large text each player becomes a
        # block (name, tiles and points, then hand cards and debt) instead of the page
        # scrolling sideways.
        self.score_table = TableOrBlocks(headers, stretch=1, below={2, 3},
                                         parent=self.score_table_box)
        self.players: list[tuple[QLineEdit, QSpinBox, QSpinBox, QLabel]] = []
        for index, name in enumerate(PLAYER_NAMES):
            tiles = TilesField()
            tiles.setPlaceholderText("z. B. 5 3 7")
            tiles.setAccessibleName(f"{name}: Plättchenwerte")
            cards = _spin(0, 99, 0, f"{name}: Handkarten")
            debt = _spin(0, 99, 0, f"{name}: unbezahlte Punkte")
            points = QLabel("–")
            points.setObjectName("RowValue")
            points.setAccessibleName(f"{name}: Punkte")
            captions = [None, None, _caption("Handkarten"), _caption("Unbezahlt"),
                        _caption("Punkte")]
            self.score_table.add_row(
                [player_pill(name, PLAYER_COLOURS[index]), tiles, cards, debt, points],
                captions)
            tiles.textChanged.connect(self.update_scoring)
            follow_spin(cards, self.update_scoring)
            follow_spin(debt, self.update_scoring)
            self.players.append((tiles, cards, debt, points))
        card.body.addWidget(self.score_table_box)
        answer = Box("Answer")
        self.score_result = _result_label()
        self.score_problem = label("", "WrongTag")
        answer.body.addWidget(self.score_result)
        answer.body.addWidget(self.score_problem)
        answer.body.addWidget(label("Plättchenwerte + 1 je Handkarte − Unbezahltes aus den "
                                    "Schlusszügen. Gleichstand: mehrere Sieger.", "Body"))
        card.body.addWidget(answer)
        self.anchors["score"] = card
        self.add(card)

    def update_scoring(self) -> None:
        scores: dict[int, int] = {}
        problems = []
        for index, (tiles, cards, debt, points) in enumerate(self.players):
            text = tiles.text().replace(",", " ").split()
            set_invalid(tiles, False)
            if not (spin_ok(cards) and spin_ok(debt)):
                problems.append(f"{PLAYER_NAMES[index]}: Handkarten und Unbezahltes sind ganze "
                                "Zahlen ab 0.")
                points.setText("?")
                continue
            if not text and cards.value() == 0 and debt.value() == 0:
                points.setText("–")
                continue
            try:
                values = [int(v) for v in text]
                scores[index] = score(values, cards.value(), debt.value())
                points.setText(str(scores[index]))
            except ValueError as exc:
                message = str(exc) if isinstance(exc, RulesError) else (
                    "Plättchenwerte sind ganze Zahlen von 1 bis 7.")
                problems.append(f"{PLAYER_NAMES[index]}: {message}")
                set_invalid(tiles, True)
                points.setText("?")
        self.score_problem.setText("<br>".join(problems))
        self.score_problem.setVisible(bool(problems))
        if problems:
            # A verdict over a table with a wrong row would name the wrong winner.
            self.score_result.setText("Sieger: – (erst die rot markierten Felder berichtigen)")
            return
        if not scores:
            self.score_result.setText("Sieger: –")
            return
        best = leaders(list(scores.values()))
        names = [PLAYER_NAMES[list(scores)[i]] for i in best]
        if len(names) == 1:
            self.score_result.setText(f"Sieger: {names[0]}")
        else:
            self.score_result.setText(f"Gleichstand – Sieger: {' und '.join(names)}")

    # -- for tests ---------------------------------------------------------------------------

    def set_player(self, index: int, tiles: str, cards: int = 0, debt: int = 0) -> None:
        field, card_spin, debt_spin, _ = self.players[index]
        field.setText(tiles)
        card_spin.setValue(cards)
        debt_spin.setValue(debt)
