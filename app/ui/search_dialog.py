"""The search popup (Ctrl+F / Ctrl+K): type, see hits from every game, Enter jumps there.

Results are a QListView over a small model with a painting delegate, not a widget per
row: a keystroke then costs one search and one model reset, and only the visible rows
are ever laid out as rich text.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QLabel,
    QLineEdit,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.model.search import ELLIPSIS, Hit, SearchIndex, Span
from app.ui.accessibility import name_clear_button
from app.ui.highlight import current_colours, marked_html
from app.ui.safe_text import SafeTextDocument
from app.ui.theme import Colours

PLACEHOLDER = "Suchen … (z. B. Lücke, Brücke, Helm)"
NOTHING_FOUND = "Nichts gefunden – anders schreiben?"
START_HINT = ("Ein Wort genügt – gesucht wird in allen Spielen und Abschnitten. "
              "Umlaute darfst du auch als ae, oe, ue schreiben, und ein Tippfehler je Wort "
              "wird verziehen.")
RESULT_LIMIT = 50
HIT_ROLE = Qt.ItemDataRole.UserRole + 1
SNIPPET_LINES = 2
_PAD_X, _PAD_Y, _GAP = 14, 9, 3


class HitModel(QAbstractListModel):
    """The current hits; DisplayRole is a plain sentence for screen readers and tests."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.hits: list[Hit] = []

    def hit_at(self, row: int) -> Hit | None:
        return self.hits[row] if 0 <= row < len(self.hits) else None

    def set_hits(self, hits: list[Hit]) -> None:
        self.beginResetModel()
        self.hits = hits
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.hits)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self.hits):
            return None
        hit = self.hits[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return f"{hit.where}: {hit.label} – {hit.snippet}"
        if role == HIT_ROLE:
            return hit
        return None


class HitDelegate(QStyledItemDelegate):
    """Paints a hit in three parts: where (muted), the label (bold), the snippet (two lines).

    The laid-out text of each visible row is kept until the results change, so hovering
    and scrolling only draw; they never parse HTML or lay text out again.
    """

    def __init__(self, colours: Colours, parent: QObject | None = None):
        super().__init__(parent)
        self.colours = colours
        self._rows: dict[tuple[Hit, int, str], _Row] = {}

    def forget(self) -> None:
        self._rows.clear()

    def _fonts(self, base: QFont) -> tuple[QFont, QFont, QFont]:
        small = QFont(base)
        small.setPointSizeF(base.pointSizeF() * 0.85)
        bold = QFont(base)
        bold.setWeight(QFont.Weight.DemiBold)
        return small, bold, base

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        small, bold, body = self._fonts(option.font)
        height = (QFontMetricsF(small).lineSpacing() + QFontMetricsF(bold).lineSpacing()
                  + SNIPPET_LINES * QFontMetricsF(body).lineSpacing() + 2 * _GAP + 2 * _PAD_Y)
        return QSize(option.rect.width() or 400, int(height) + 2)

    def _row(self, hit: Hit, font: QFont, width: float) -> _Row:
        key = (hit, int(width), font.key())
        row = self._rows.get(key)
        if row is None:
            c = self.colours
            small, bold, body = self._fonts(font)
            where = QFontMetricsF(small).elidedText(hit.where, Qt.TextElideMode.ElideRight,
                                                    width)
            label, spans = elide_with_spans(hit.label, hit.label_spans, QFontMetricsF(bold),
                                            width)
            row = _Row(
                where, small, QFontMetricsF(small).lineSpacing(),
                _document(marked_html(label, spans, c), bold, c.text, width),
                QFontMetricsF(bold).lineSpacing(),
                _document(fit_snippet(hit.snippet, hit.snippet_spans, body, width, c), body,
                          c.muted, width),
                SNIPPET_LINES * QFontMetricsF(body).lineSpacing())
            if len(self._rows) > 400:
                self._rows.clear()
            self._rows[key] = row
        return row

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        # Straight from the model: a custom role through QVariant costs a conversion per
        # paint for nothing.
        model = index.model()
        hit = model.hit_at(index.row()) if isinstance(model, HitModel) else None
        if hit is None:
            return
        c = self.colours
        rect = QRectF(option.rect).adjusted(4, 2, -4, -2)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)
        width = rect.width() - 2 * _PAD_X
        row = self._row(hit, option.font, width)
        x, y = rect.left() + _PAD_X, rect.top() + _PAD_Y
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if selected or hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(c.accent_soft if selected else c.zebra))
            painter.drawRoundedRect(rect, 8, 8)
        painter.setFont(row.where_font)
        painter.setPen(QColor(c.accent if selected else c.muted))
        painter.drawText(QRectF(x, y, width, row.where_height), Qt.AlignmentFlag.AlignLeft,
                         row.where)
        y += row.where_height + _GAP
        painter.translate(x, y)
        row.label.drawContents(painter, QRectF(0, 0, width, row.label_height))
        painter.translate(0, row.label_height + _GAP)
        row.snippet.drawContents(painter, QRectF(0, 0, width, row.snippet_height))
        painter.restore()


@dataclass(frozen=True)
class _Row:
    where: str
    where_font: QFont
    where_height: float
    label: QTextDocument
    label_height: float
    snippet: QTextDocument
    snippet_height: float


def _document(html_text: str, font: QFont, colour: str, width: float) -> QTextDocument:
    doc = SafeTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(font)
    doc.setDefaultStyleSheet(f"body {{ color: {colour}; }}")
    doc.setHtml(f"<body>{html_text}</body>")
    doc.setTextWidth(width)
    return doc


def elide_with_spans(text: str, spans: tuple[Span, ...], metrics: QFontMetricsF,
                     width: float) -> tuple[str, tuple[Span, ...]]:
    """``text`` cut to one line of ``width`` with „…“, and the spans that still fit."""
    elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    if elided == text:
        return text, spans
    keep = max(0, len(elided) - 1)
    kept = tuple((s, min(e, keep)) for s, e in spans if s < keep)
    return text[:keep].rstrip() + ELLIPSIS, kept


def fit_snippet(snippet: str, spans: tuple[Span, ...], font: QFont, width: float,
                colours: Colours, lines: int = SNIPPET_LINES) -> str:
    """The snippet as marked HTML, cut with „…“ after ``lines`` lines at ``width``."""
    doc = _document(marked_html(snippet, spans, colours), font, colours.muted, width)
    doc.size()  # lays the text out, so the block knows its lines
    layout = doc.firstBlock().layout()
    if layout is None or layout.lineCount() <= lines:
        return marked_html(snippet, spans, colours)
    end_line = layout.lineAt(lines - 1)
    # Leave room for the ellipsis: drop the last word of the last visible line.
    cut = end_line.textStart() + end_line.textLength()
    gap = snippet.rfind(" ", 0, max(cut - 2, 1))
    cut = gap if gap > end_line.textStart() else max(cut - 2, 0)
    kept = tuple((s, min(e, cut)) for s, e in spans if s < cut)
    return marked_html(snippet[:cut].rstrip() + ELLIPSIS, kept, colours)


class _SearchField(QLineEdit):
    """The query field; arrow and page keys steer the result list, so focus can stay here."""

    moved = Signal(int)
    submitted = Signal()

    def keyPressEvent(self, event) -> None:
        steps = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1,
                 Qt.Key.Key_PageDown: 5, Qt.Key.Key_PageUp: -5}
        if event.key() in steps:
            self.moved.emit(steps[event.key()])
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class SearchDialog(QDialog):
    """Search every game; emits :attr:`jumpRequested` and closes when the user picks a hit."""

    jumpRequested = Signal(str, str, str, str)  # game_id, section_key, anchor_id, query

    def __init__(self, index: SearchIndex, parent: QWidget | None = None, *,
                 game_id: str | None = None, colours: Colours | None = None):
        super().__init__(parent)
        self.index = index
        self.game_id = game_id
        self.colours = colours or current_colours()
        self.setObjectName("SearchDialog")
        self.setWindowTitle("Suchen")
        self.setAccessibleName("Suche in allen Spielen")
        self.setModal(True)
        self.resize(660, 500)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 12)
        layout.setSpacing(10)

        self.field = _SearchField()
        self.field.setObjectName("SearchField")
        self.field.setPlaceholderText(PLACEHOLDER)
        self.field.setAccessibleName("Suchbegriff")
        self.field.setAccessibleDescription(
            "Pfeiltasten wählen einen Treffer, Eingabe springt hin.")
        self.field.setClearButtonEnabled(True)
        name_clear_button(self.field, "Suchbegriff löschen")
        font = self.field.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.field.setFont(font)
        layout.addWidget(self.field)

        self.model = HitModel(self)
        self.results = QListView()
        self.results.setObjectName("SearchResults")
        self.results.setAccessibleName("Suchergebnisse")
        self.results.setModel(self.model)
        self.delegate = HitDelegate(self.colours, self.results)
        self.results.setItemDelegate(self.delegate)
        self.model.modelAboutToBeReset.connect(self.delegate.forget)
        self.results.setUniformItemSizes(True)
        self.results.setMouseTracking(True)
        self.results.setFrameShape(QFrame.Shape.NoFrame)
        self.results.setVerticalScrollMode(QListView.ScrollMode.ScrollPerPixel)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.clicked.connect(self._jump_to)
        self.results.activated.connect(self._jump_to)
        layout.addWidget(self.results, 1)

        self.empty = QLabel(START_HINT)
        self.empty.setObjectName("SearchEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.empty, 1)

        self.count = QLabel()
        self.count.setObjectName("SearchCount")
        layout.addWidget(self.count)

        self.setStyleSheet(_dialog_sheet(self.colours))
        self.field.textChanged.connect(self.update_results)
        self.field.moved.connect(self.move_selection)
        self.field.submitted.connect(self.jump_to_current)
        self.update_results("")

    # -- behaviour ---------------------------------------------------------------------------

    def query(self) -> str:
        return self.field.text()

    def set_colours(self, colours: Colours) -> None:
        """Follow a theme switch while the dialog is open."""
        self.colours = colours
        self.delegate.colours = colours
        self.setStyleSheet(_dialog_sheet(colours))
        self.update_results()

    def set_query(self, text: str) -> None:
        """Start with ``text`` (e.g. the last search), selected so typing replaces it."""
        self.field.setText(text)
        self.field.selectAll()

    def update_results(self, text: str | None = None) -> None:
        query = self.field.text() if text is None else text
        hits = self.index.search(query, RESULT_LIMIT + 1, game_id=self.game_id)
        more = len(hits) > RESULT_LIMIT
        self.model.set_hits(hits[:RESULT_LIMIT])
        has_hits = bool(self.model.hits)
        self.results.setVisible(has_hits)
        self.empty.setVisible(not has_hits)
        if has_hits:
            self.results.setCurrentIndex(self.model.index(0))
            self.results.scrollToTop()
            shown = len(self.model.hits)
            self.count.setText(f"Mehr als {RESULT_LIMIT} Treffer – genauer suchen?" if more
                               else f"{shown} Treffer")
        else:
            self.empty.setText(NOTHING_FOUND if query.strip() else START_HINT)
            self.count.setText("")
        self.count.setVisible(has_hits)

    def move_selection(self, step: int) -> None:
        rows = self.model.rowCount()
        if not rows:
            return
        current = self.results.currentIndex().row()
        row = min(max(0, (current if current >= 0 else -1) + step), rows - 1)
        self.results.setCurrentIndex(self.model.index(row))
        self.results.scrollTo(self.model.index(row))

    def current_hit(self) -> Hit | None:
        index = self.results.currentIndex()
        return self.model.hit_at(index.row() if index.isValid() else 0)

    def jump_to_current(self) -> None:
        hit = self.current_hit()
        if hit is not None:
            self._emit(hit)

    def _jump_to(self, index: QModelIndex) -> None:
        hit = self.model.hit_at(index.row())
        if hit is not None:
            self._emit(hit)

    def _emit(self, hit: Hit) -> None:
        self.jumpRequested.emit(hit.game_id, hit.section_key, hit.anchor_id, self.query())
        self.accept()

    # -- placement ---------------------------------------------------------------------------

    def showEvent(self, event) -> None:
        parent = self.parentWidget()
        if parent is not None:
            # Like a command palette: centred, in the upper part of the window – but below
            # the open page's title, so the user still sees where the search started.
            window = parent.window()
            frame = window.frameGeometry()
            top = frame.top() + 70
            for title in window.findChildren(QLabel, "H1"):
                if title.isVisible() and title.window() is window:
                    top = max(top, title.mapToGlobal(QPoint(0, title.height())).y() + 12)
            screen = window.screen().availableGeometry()
            self.resize(self.width(), max(300, min(self.height(), screen.bottom() - top - 12)))
            self.move(frame.center().x() - self.width() // 2, top)
        super().showEvent(event)
        self.field.setFocus()


def _dialog_sheet(c: Colours) -> str:
    return f"""
        #SearchDialog {{ background: {c.bg}; }}
        #SearchField {{ padding: 8px 12px; border-radius: 8px; border: 1px solid {c.border};
            background: {c.surface}; }}
        #SearchField:focus {{ border: 2px solid {c.accent}; padding: 7px 11px; }}
        #SearchResults {{ background: {c.surface}; border: 1px solid {c.border};
            border-radius: 10px; padding: 4px; outline: none; }}
        #SearchResults:focus {{ border: 1px solid {c.accent}; }}
        #SearchEmpty {{ color: {c.muted}; background: {c.surface}; border: 1px solid {c.line};
            border-radius: 10px; padding: 24px; }}
        #SearchCount {{ color: {c.muted}; }}
    """
