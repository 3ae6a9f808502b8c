"""Small building blocks every section view uses: the page column, cards, pills, Markdown."""

from __future__ import annotations

from functools import lru_cache

import markdown
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.model.paths import resources_root
from app.model.schema import format_pages

COLUMN_MAX_WIDTH = 760
PAGE_MARGIN = 28


@lru_cache(maxsize=2048)
def markdown_html(text: str) -> str:
    """Markdown → the HTML subset QLabel renders; single paragraphs lose their <p> margins."""
    html = markdown.markdown(text.strip(), extensions=["sane_lists"])
    if html.count("<p>") == 1 and html.startswith("<p>") and html.endswith("</p>"):
        html = html[3:-4]
    return html


def label(text: str, name: str = "Body", *, rich: bool = True, wrap: bool = True) -> QLabel:
    widget = QLabel()
    widget.setObjectName(name)
    widget.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    widget.setText(markdown_html(text) if rich else text)
    widget.setWordWrap(wrap)
    widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    if wrap:
        relax(widget)
    return widget


def relax_labels(root: QWidget) -> None:
    """:func:`relax` every wrapped label under ``root``."""
    for child in root.findChildren(QLabel):
        if child.wordWrap():
            relax(child)


def relax(widget: QLabel) -> None:
    """Let a wrapped label ask for one line as its minimum height.

    Qt reports a wrapped label's minimum for a narrow guess of its width; summed over a page,
    the scroll area then runs on into thousands of pixels of empty space. The layout still
    asks each label for its height at the real width, so one line is a safe minimum.
    """
    widget.setMinimumHeight(widget.fontMetrics().lineSpacing())


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it already ends in one („… Atlantis!“)."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def heading(text: str, level: int = 1) -> QLabel:
    widget = label(text, "H1" if level == 1 else "H2", rich=False)
    widget.setAccessibleName(text)
    return widget


def pill(text: str, name: str = "Pill") -> QLabel:
    widget = QLabel(text)
    widget.setObjectName(name)
    widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return widget


def page_pill(pages: list) -> QLabel | None:
    """The rulebook reference as a small muted pill, or nothing when there is none."""
    text = format_pages(pages)
    if not text:
        return None
    widget = pill(text)
    widget.setToolTip(f"Spielregel, {text}")
    return widget


def style_combo(box: QComboBox) -> QComboBox:
    """The sidebar's chevron for a combo box, as #GameSwitcher has it in style.qss.

    The app style sheet draws only the frame; returns the box for chaining.
    """
    icon = (resources_root() / "icons" / "chevron-down.svg").as_posix()
    box.setStyleSheet("QComboBox::drop-down { border: none; width: 26px; } "
                      f"QComboBox::down-arrow {{ image: url({icon}); width: 12px; "
                      "height: 12px; }")
    return box


def rule_link(services, section: str, anchor: str, title: str, where: str):
    """An „Ansehen“ button that opens ``section`` at ``anchor``; ``None`` without services."""
    if services is None:
        return None
    from PySide6.QtWidgets import QPushButton

    button = secondary(QPushButton("Ansehen"))
    button.setAccessibleName(f"{title} im Abschnitt „{where}“ ansehen")
    button.clicked.connect(lambda: services.state.request_jump(section, anchor))
    return button


def set_invalid(widget: QWidget, invalid: bool) -> None:
    """Mark an input field as holding something unusable (red border, see style.qss)."""
    if bool(widget.property("invalid")) != invalid:
        widget.setProperty("invalid", invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def spin_ok(spin) -> bool:
    """Whether what the spin box *shows* is a value it accepts.

    While the user types „0“ into a 1–7 box, ``value()`` still says the old number; a result
    computed from it would not match the field. Callers show no result then.
    """
    return spin.hasAcceptableInput()


def follow_spin(spin, slot) -> None:
    """Call ``slot`` on every keystroke in ``spin``, not only when its value changes, and
    mark the field while its text is not acceptable."""
    def changed(*_args) -> None:
        set_invalid(spin, not spin_ok(spin))
        slot()

    spin.valueChanged.connect(changed)
    spin.lineEdit().textChanged.connect(changed)


def player_pill(name: str, colour: str) -> QLabel:
    """A player's name on a pill in the player's colour (white and black with a rim)."""
    from PySide6.QtGui import QColor

    fill = QColor(colour)
    ink = "#1F2328" if fill.lightness() > 150 else "#FFFFFF"
    widget = QLabel(name)
    widget.setObjectName("PlayerPill")
    widget.setStyleSheet(f"#PlayerPill {{ background: {colour}; color: {ink}; "
                         "border: 1px solid #8A8F98; border-radius: 9px; padding: 2px 9px; "
                         "font-weight: 600; }")
    widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    widget.setAccessibleName(f"Spieler {name}")
    return widget


def secondary(button):
    """Mark a button as secondary (outlined, see style.qss); returns it for chaining."""
    button.setProperty("secondary", True)
    return button


def item_legend(items) -> QLabel:
    """The game's items, each with a swatch in its colour, its name and its colour's name."""
    parts = []
    for item in items:
        text = item.name + (f" ({item.colour_name})" if item.colour_name else "")
        text += "" if item.confirmed else "*"
        # Non-breaking spaces keep swatch and name together when the line wraps.
        parts.append(f'<span style="color:{item.colour}; font-size:14pt">■</span>&nbsp;'
                     + text.replace(" ", "&nbsp;"))
    html = " &nbsp;·&nbsp; ".join(parts)
    if any(not item.confirmed for item in items):
        html += "<br><small>* vorläufiger Name – siehe „Auslegungen“, offene Fragen</small>"
    legend = QLabel(html)
    legend.setObjectName("Muted")
    legend.setTextFormat(Qt.TextFormat.RichText)
    legend.setWordWrap(True)
    legend.setAccessibleName("Gegenstände und ihre Farben")
    return legend


def row(*widgets: QWidget | None, grow: int | None = None, spacing: int = 10) -> QHBoxLayout:
    """Widgets side by side; ``grow`` names the one that takes the spare width."""
    layout = QHBoxLayout()
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    for index, widget in enumerate(widgets):
        if widget is not None:
            layout.addWidget(widget, 1 if index == grow else 0)
    if grow is None:
        layout.addStretch(1)
    return layout


def clear_layout(layout) -> None:
    """Remove and delete everything in ``layout``, nested layouts included."""
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


class RankBadge(QLabel):
    """A number in a filled circle that grows with the text size („10“ never clipped)."""

    def __init__(self, number: int, parent: QWidget | None = None):
        super().__init__(str(number), parent)
        self.setObjectName("Rank")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAccessibleName(f"Rang {number}")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def _side(self) -> int:
        metrics = self.fontMetrics()
        return max(26, metrics.height() + 8, metrics.horizontalAdvance(self.text()) + 12)

    def sizeHint(self):
        from PySide6.QtCore import QSize

        return QSize(self._side(), self._side())

    def minimumSizeHint(self):
        return self.sizeHint()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        radius = min(self.width(), self.height()) // 2
        sheet = f"#Rank {{ border-radius: {radius}px; }}"
        if self.styleSheet() != sheet:
            self.setStyleSheet(sheet)


class MarkBadge(QWidget):
    """„Nachlesen“ on a rule the user did not know, with a way to clear it by hand."""

    def __init__(self, target: str, on_clear, parent: QWidget | None = None):
        super().__init__(parent)
        self.target = target
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        badge = pill("Nachlesen", "MarkBadge")
        badge.setToolTip("Im Quiz nicht (sicher) gewusst – lies diese Regel noch einmal.")
        layout.addWidget(badge)
        done = QToolButton()
        done.setText("✓")
        done.setObjectName("MarkDone")
        done.setToolTip("Markierung entfernen – ich habe es nachgelesen")
        done.setAccessibleName("Nachlesen-Markierung entfernen")
        done.clicked.connect(lambda: on_clear(target))
        layout.addWidget(done)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.hide()


class Card(QFrame):
    """A rounded block with its own padding; pitfalls, steps and quiz items sit in cards."""

    def __init__(self, parent: QWidget | None = None, *, padding: int = 18, spacing: int = 10):
        super().__init__(parent)
        self.setObjectName("Card")
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(padding, padding - 2, padding, padding - 2)
        self.body.setSpacing(spacing)

    def set_marked(self, marked: bool) -> None:
        self.setProperty("marked", marked)
        self.style().unpolish(self)
        self.style().polish(self)


class Box(QFrame):
    """A tinted box without border, e.g. the "Nicht:" and "Richtig:" parts of a pitfall."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(12, 9, 12, 9)
        self.body.setSpacing(3)


class PageColumn(QScrollArea):
    """A scrolling page whose content stays a readable column, centred in wide windows."""

    def __init__(self, title: str, lead: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("Page")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer = QWidget()
        self._outer_layout = QHBoxLayout(outer)
        self._outer_layout.setContentsMargins(PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN)
        self.column = QWidget()
        self.column.setObjectName("Column")
        self._outer_layout.addWidget(self.column)
        self.layout_ = QVBoxLayout(self.column)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(16)
        self.setWidget(outer)
        self.title = title
        self.mark_badges: dict[str, MarkBadge] = {}
        self._marks_source = None
        self.add(heading(title))
        if lead:
            self.add(label(lead, "Lead"))
        self._finished = False
        self._marked: set[str] = set()
        # Made here, hidden, so it is the page's first Tab stop once marks show it.
        self.mark_filter = QCheckBox("Nur Markierte zeigen")
        self.mark_filter.setObjectName("MarkFilter")
        self.mark_filter.setAccessibleName("Nur die zum Nachlesen markierten Regeln zeigen")
        self.mark_filter.toggled.connect(self._apply_filter)
        self.mark_filter.hide()
        self.add(self.mark_filter)
        self._to_first_mark = False

    def resizeEvent(self, event) -> None:
        # Side margins grow with the window so the text stays one readable, centred
        # column instead of stretching across a wide screen. Room for the scroll bar is
        # always kept and the column's width fixed: when the bar appears, the text neither
        # shifts sideways nor reflows.
        width = (self.width() - 2 * self.frameWidth()
                 - self.verticalScrollBar().sizeHint().width())
        column = max(0, min(COLUMN_MAX_WIDTH, width - 2 * PAGE_MARGIN))
        side = max(PAGE_MARGIN, (width - column) // 2)
        self.column.setFixedWidth(column)
        self._outer_layout.setContentsMargins(side, PAGE_MARGIN, 0, PAGE_MARGIN)
        if self._outer_layout.count() == 1:
            self._outer_layout.addStretch(1)  # takes what the fixed column leaves
        super().resizeEvent(event)

    def add(self, widget: QWidget) -> QWidget:
        self.layout_.addWidget(widget)
        return widget

    def add_layout(self, layout) -> None:
        self.layout_.addLayout(layout)

    def add_spacing(self, pixels: int) -> None:
        self.layout_.addSpacing(pixels)

    def finish(self) -> None:
        """Push everything to the top so short pages don't spread out."""
        if not self._finished:
            self.layout_.addStretch(1)
            self._finished = True
            relax_labels(self.column)

    def mark_badge(self, target: str) -> MarkBadge:
        """A hidden „Nachlesen“ badge for ``target``; shown while the user's progress marks it."""
        badge = MarkBadge(target, self._clear_mark)
        self.mark_badges[target] = badge
        return badge

    def follow_marks(self, progress, game_id: str) -> None:
        """Keep the badges in step with the progress model (``None``: no progress shown)."""
        if progress is None:
            return
        self._marks_source = (progress, game_id)
        # A bound method (not a lambda): Qt drops the connection when this view is deleted.
        progress.marksChanged.connect(self._marks_changed)
        self.show_marks(progress.marked(game_id))

    def _marks_changed(self, changed_game: str) -> None:
        progress, game_id = self._marks_source
        if changed_game == game_id:
            self.show_marks(progress.marked(game_id))

    def show_marks(self, marked: set[str]) -> None:
        self._marked = {target for target in self.mark_badges if target in marked}
        for target, badge in self.mark_badges.items():
            badge.setVisible(target in marked)
            card = self.anchors.get(target) if hasattr(self, "anchors") else None
            if isinstance(card, Card):
                card.set_marked(target in marked)
        if self.mark_badges:
            count = len(self._marked)
            self.mark_filter.setText(f"Nur Markierte zeigen ({count})")
            self.mark_filter.setVisible(bool(count))
            if not count and self.mark_filter.isChecked():
                self.mark_filter.setChecked(False)
            self._apply_filter()

    def _apply_filter(self, *_args) -> None:
        only = self.mark_filter.isChecked()
        for target in self.mark_badges:
            widget = self.anchors.get(target) if hasattr(self, "anchors") else None
            if widget is not None:
                widget.setVisible(not only or target in self._marked)

    def first_mark(self) -> QWidget | None:
        """The first marked rule on this page, in reading order."""
        anchors = getattr(self, "anchors", {})
        for target in self.mark_badges:
            if target in self._marked and target in anchors:
                return anchors[target]
        return None

    def show_first_mark(self) -> None:
        """Scroll so the first rule to re-read sits at the top (the page opens there)."""
        from PySide6.QtCore import QPoint, QTimer
        from shiboken6 import isValid

        target = self.first_mark()
        if target is None:
            return

        self._to_first_mark = True

        def scroll() -> None:
            # A jump to another rule (quiz summary, search) since then wins.
            if isValid(self) and isValid(target) and self.widget() is not None \
                    and self._to_first_mark:
                top = target.mapTo(self.widget(), QPoint(0, 0)).y()
                self.verticalScrollBar().setValue(max(0, top - PAGE_MARGIN))

        scroll()
        # A page built a moment ago has no geometry yet; once more after the layout.
        QTimer.singleShot(0, scroll)

    def _clear_mark(self, target: str) -> None:
        if self._marks_source is not None:
            progress, game_id = self._marks_source
            progress.clear_mark(game_id, target)

    def scroll_to(self, widget: QWidget) -> None:
        self._to_first_mark = False
        self.ensureWidgetVisible(widget, 0, 40)
