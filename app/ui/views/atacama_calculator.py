"""„Rechner“ for Atacama: one row or column scored the way the final count scores it.

The line is typed in the engine's line notation or clicked together from nine cells; both
show the same line. Every number on this page comes from the engine (``score_free_line``),
the rules beside it from the game's content.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.model.loader import LoadedGame
from app.model.paths import resources_root
from app.rules.atacama import (
    MIN_DERRICKS_PER_LINE,
    Field,
    Line,
    LineScore,
    Resource,
    Right,
    line_text,
    parse_line,
    score_free_line,
    signed,
)
from app.rules.errors import RulesError
from app.ui.accessibility import link_label
from app.ui.app_state import Services
from app.ui.boards.atacama_board import BoardColours, FieldPainter
from app.ui.reflow import BalancedGrid
from app.ui.theme import palette_colours
from app.ui.widgets import Box, Card, PageColumn, flow, label, pill, row, rule_link

# The booklet's own example: Kupfer 2, Gold 4, Silber 1, Kupfer 2 → +7 with Kupfer + Gold − Silber.
START_LINE = "linie s3 K2 g1 G4 k5 S1 g2 K2 s4"
FIELDS = tuple(Field(r, v) for r in Resource for v in range(1, 6))
DERRICK_NAMES = ("kein Bohrturm", "Bohrturm", "Bohrturm der zweiten Farbe")
MAX_FIELDS_SHOWN = 5  # no more derricks fit in a line: no two may share an edge
RULE_ENTRIES = (  # (kind, content id, section key, source)
    ("pitfall", "unter-vier-nichts", "pitfalls", "Leicht vergessen"),
    ("pitfall", "werte-zaehlen", "pitfalls", "Leicht vergessen"),
    ("interpretation", "a1-aufgedruckte-werte", "interpretations", "Auslegung"),
)


class FieldTile(QWidget):
    """One field drawn like on the board; a click cycles no derrick → derrick → second colour.

    Keys: Space cycles the derrick, K/S/G pick the resource, 1–5 the value.
    """

    clicked = Signal()
    keyed = Signal(str)

    SIZE = 46

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.field = FIELDS[0]
        self.code = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFixedSize(QSize(self.SIZE, self.SIZE))
        self._painter: FieldPainter | None = None

    def show_field(self, field: Field, code: int) -> None:
        self.field, self.code = field, code
        self.setToolTip(f"{field.german} · {DERRICK_NAMES[code]}\nKlick: Bohrturm setzen, "
                        "zweite Farbe, wieder frei. Tasten: Leertaste, K/S/G, 1–5.")
        self.setAccessibleName(f"{field.german}, {DERRICK_NAMES[code]}")
        self.update()

    def changeEvent(self, event) -> None:
        self._painter = None  # theme or font changed: colours are taken afresh
        super().changeEvent(event)

    def paintEvent(self, event) -> None:
        if self._painter is None:
            self._painter = FieldPainter(BoardColours.from_colours(palette_colours()),
                                         self.font(), self.SIZE - 4)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(2, 2, self.SIZE - 4, self.SIZE - 4)
        self._painter.paint(painter, rect, self.field, self.code)
        if self.hasFocus():
            painter.setPen(self._painter.colours.accent)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0.5, 0.5, self.SIZE - 1, self.SIZE - 1), 7, 7)
        painter.end()

    def mousePressEvent(self, event) -> None:
        event.accept()  # the release makes the click

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
                event.position().toPoint()):
            self.clicked.emit()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        text = event.text().lower()
        if event.key() == Qt.Key.Key_Space:
            self.clicked.emit()
        elif text and text in "ksg12345":
            self.keyed.emit(text)
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class LineCell(QWidget):
    """A field of the line: the tile and, below it, resource and value to choose."""

    changed = Signal()

    def __init__(self, offset: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.offset = offset
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        number = label(str(offset + 1), "Muted", rich=False)
        number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(number)
        self.tile = FieldTile()
        layout.addWidget(self.tile, 0, Qt.AlignmentFlag.AlignHCenter)
        self.kind = QComboBox()
        link_label(self.kind, f"Feld {offset + 1}: Rohstoff und Wert")
        for field in FIELDS:
            self.kind.addItem(f"{field.resource.value.upper()}{field.value}")
            self.kind.setItemData(self.kind.count() - 1, field.german,
                                  Qt.ItemDataRole.ToolTipRole)
        icon = (resources_root() / "icons" / "chevron-down.svg").as_posix()
        self.kind.setStyleSheet(
            "QComboBox { padding: 4px 2px 4px 7px; } "
            "QComboBox::drop-down { border: none; width: 16px; } "
            f"QComboBox::down-arrow {{ image: url({icon}); width: 10px; height: 10px; }}")
        layout.addWidget(self.kind, 0, Qt.AlignmentFlag.AlignHCenter)
        self.field = FIELDS[0]
        self.code = 0
        self.tile.clicked.connect(self._cycle)
        self.tile.keyed.connect(self._key)
        self.kind.currentIndexChanged.connect(self._chosen)

    def set_cell(self, field: Field, code: int) -> None:
        self.field, self.code = field, code
        with QSignalBlocker(self.kind):
            self.kind.setCurrentIndex(FIELDS.index(field))
        self.tile.show_field(field, code)

    def _cycle(self) -> None:
        self.set_cell(self.field, (self.code + 1) % 3)
        self.changed.emit()

    def _chosen(self, index: int) -> None:
        self.set_cell(FIELDS[index], self.code)
        self.changed.emit()

    def _key(self, text: str) -> None:
        if text in "ksg":
            field = Field(Resource(text), self.field.value)
        else:
            field = Field(self.field.resource, int(text))
        self.set_cell(field, self.code)
        self.changed.emit()


class AtacamaCalculator(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Rechner",
                         "Rechne eine einzelne Reihe oder Spalte nach – genau so, wie sie "
                         "am Ende gewertet wird.")
        self.loaded = loaded
        self.services = services
        self.line: Line | None = None
        self.error = ""
        self.score: LineScore | None = None
        self.unit_score: LineScore | None = None
        self._build_input()
        self._build_result()
        self._build_rules()
        self.finish()
        self.line_edit.setText(START_LINE)

    # -- building ------------------------------------------------------------------------

    def _build_input(self) -> None:
        card = Card(padding=18, spacing=12)
        card.body.addWidget(label("**Die Linie** – Klick auf ein Feld setzt einen Bohrturm, "
                                  "ein zweiter Klick macht ihn zur zweiten Farbe, ein dritter "
                                  "nimmt ihn weg.", "Body"))
        # Nine across where they fit; in a small window or at large text 5 + 4 or 3 × 3
        # (numbered, so the line still reads in order) instead of scrolling sideways.
        self.cells_box = QWidget()
        self.cells_layout = BalancedGrid(self.cells_box, spacing=6, row_spacing=10,
                                         min_columns=3)
        self.cells = [LineCell(i) for i in range(9)]
        for cell in self.cells:
            cell.changed.connect(self._cells_changed)
            self.cells_layout.addWidget(cell)
        card.body.addWidget(self.cells_box)

        self.line_edit = QLineEdit()
        self.line_edit.setAccessibleName("Linie als Text")
        self.line_edit.setPlaceholderText(START_LINE)
        self.line_edit.textChanged.connect(self._text_changed)
        card.body.addWidget(label("**Als Text:** Großbuchstabe = Bohrturm, „*“ dahinter = "
                                  "zweite Farbe.", "Body"))
        card.body.addWidget(self.line_edit)

        self.right_group = QButtonGroup(self)
        buttons = []
        for index, right in enumerate((Right.COPPER_GOLD, Right.SILVER_GOLD)):
            button = QRadioButton(right.german)
            button.setAccessibleName(f"Schürfrecht {right.german}")
            self.right_group.addButton(button, index)
            buttons.append(button)
        buttons[0].setChecked(True)
        self.right_group.idToggled.connect(lambda _id, on: on and self._recompute())
        card.body.addLayout(flow(label("**Schürfrecht:**", "Body", wrap=False), *buttons,
                                 spacing=16))

        self.error_box = Box("WrongBox")
        self.error_box.body.addWidget(label("Bitte prüfen:", "WrongTag", rich=False))
        self.error_text = label("", "Body", rich=False)
        self.error_box.body.addWidget(self.error_text)
        self.error_box.hide()
        card.body.addWidget(self.error_box)
        self.add(card)

    def _build_result(self) -> None:
        self.result = Card(padding=18, spacing=10)
        self.verdict = label("", "H2", rich=False)
        self.total = label("", "StepNumber", rich=False)
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.total.setAccessibleName("Punkte der Linie")
        self.result.body.addLayout(row(self.verdict, self.total, grow=0))
        self.unit = label("", "Muted", rich=False)
        self.unit.setToolTip("Die Anleitung nennt 1 Punkt je Feld; wir zählen den "
                             "aufgedruckten Wert (Auslegung A1). Zum Vergleich beides.")
        self.result.body.addWidget(self.unit)

        self.table = QWidget()
        self.table.setObjectName("Table")
        grid = QGridLayout(self.table)
        grid.setContentsMargins(14, 8, 14, 8)
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(4)
        for column, text in enumerate(("Feld", "Rohstoff und Wert", "Punkte",
                                       "jedes Feld ±1")):
            head = label(text, "RowLabel", rich=False)
            if column >= 2:
                head.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(head, 0, column)
        self.rows: list[tuple] = []
        for index in range(MAX_FIELDS_SHOWN):
            cells = (label("", "Body", rich=False), label("", "Body", rich=False),
                     label("", "RowValue"), label("", "Muted"))
            for column, cell in enumerate(cells):
                if column >= 2:
                    cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                grid.addWidget(cell, index + 1, column)
            self.rows.append(cells)
        self.sum_cells = (label("**Summe**", "Body"), label("", "Muted", rich=False),
                          label("", "RowValue", rich=False), label("", "Muted", rich=False))
        for column, cell in enumerate(self.sum_cells):
            if column >= 2:
                cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(cell, MAX_FIELDS_SHOWN + 1, column)
        grid.setColumnStretch(1, 1)
        self.result.body.addWidget(self.table)
        self.explanation = label("", "Muted", rich=False)
        self.result.body.addWidget(self.explanation)
        self.add(self.result)

    def _build_rules(self) -> None:
        content = self.loaded.game.content
        found = {("pitfall", p.id): (p.title, p.right) for p in content.pitfalls}
        found.update({("interpretation", i.id): (f"{i.code}: {i.title}", i.ruling)
                      for i in content.interpretations})
        self.rule_tags: dict[str, QWidget] = {}
        entries = [(kind, key, section, source) for kind, key, section, source in RULE_ENTRIES
                   if (kind, key) in found]
        if not entries:
            return
        card = Card(padding=18, spacing=12)
        card.body.addWidget(label("Die Regel dazu", "H2", rich=False))
        for kind, key, section, source in entries:
            title, text = found[(kind, key)]
            tag = pill("gilt hier", "Tag")
            tag.hide()
            self.rule_tags[key] = tag
            jump = rule_link(self.services, section, key, title, source)
            entry = QWidget()
            entry_layout = QVBoxLayout(entry)
            entry_layout.setContentsMargins(0, 0, 0, 0)
            entry_layout.setSpacing(2)
            # The title on a line of its own (it wraps over the full width), then the rule,
            # then where it lives – as the Survive board's „Die Regel dazu“ has it.
            entry_layout.addWidget(label(f"**{title}**", "Body"))
            entry_layout.addWidget(label(text, "Muted"))
            entry_layout.addLayout(flow(tag, pill(source), jump))
            card.body.addWidget(entry)
        self.add(card)

    # -- reacting ------------------------------------------------------------------------

    @property
    def right(self) -> Right:
        return Right.COPPER_GOLD if self.right_group.checkedId() == 0 else Right.SILVER_GOLD

    def set_right(self, right: Right) -> None:
        self.right_group.button(0 if right is Right.COPPER_GOLD else 1).setChecked(True)

    def _cells_changed(self) -> None:
        draft = Line(tuple(c.field for c in self.cells), tuple(c.code for c in self.cells))
        self.line_edit.setText(line_text(draft))

    def _text_changed(self, text: str) -> None:
        try:
            line = parse_line(text)
        except RulesError as err:
            self.line, self.error = None, str(err)
        else:
            self.line, self.error = line, ""
            for cell, field, code in zip(self.cells, line.fields, line.codes, strict=True):
                cell.set_cell(field, code)
        self._recompute()

    def _recompute(self) -> None:
        self.error_box.setVisible(bool(self.error))
        self.error_text.setText(self.error)
        self.result.setVisible(self.line is not None)
        if self.line is None:
            self.score = self.unit_score = None
            for tag in self.rule_tags.values():
                tag.hide()
            return
        self.score = score_free_line(self.line, self.right)
        self.unit_score = score_free_line(self.line, self.right, unit_values=True)
        self._show(self.score, self.unit_score)

    def _show(self, ls: LineScore, unit: LineScore) -> None:
        count = ls.derricks
        towers = "1 Bohrturm" if count == 1 else f"{count} Bohrtürme"
        if ls.counted:
            self.verdict.setText(f"{towers} – die Linie zählt")
        else:
            self.verdict.setText(f"{towers} – die Linie zählt nicht "
                                 f"(erst ab {MIN_DERRICKS_PER_LINE})")
        self.total.setText(signed(ls.total))
        self.unit.setText(f"zum Vergleich: jedes Feld ±1 → {signed(unit.total)}")
        for index, cells in enumerate(self.rows):
            visible = index < count
            for cell in cells:
                cell.setVisible(visible)
            if not visible:
                continue
            field, unit_field = ls.fields[index], unit.fields[index]
            name = field.field.german + (", zweite Farbe" if field.second else "")
            cells[0].setText(f"Feld {field.offset + 1}")
            cells[1].setText(name)
            # Points of a line that does not count are struck through: they never happen.
            for cell, points in ((cells[2], field.points), (cells[3], unit_field.points)):
                cell.setText(signed(points) if ls.counted else f"<s>{signed(points)}</s>")
        self.table.setVisible(count > 0)
        self.sum_cells[1].setText("" if ls.counted else "zählt nicht – weder Plus noch Minus")
        self.sum_cells[2].setText(signed(ls.total))
        self.sum_cells[3].setText(signed(unit.total))
        self.explanation.setText(ls.text)
        for key, tag in self.rule_tags.items():
            applies = (0 < count < MIN_DERRICKS_PER_LINE if key == "unter-vier-nichts"
                       else ls.counted)
            tag.setVisible(applies)
