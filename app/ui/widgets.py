"""Small building blocks every section view uses: the page column, cards, pills, Markdown."""

from __future__ import annotations

import html as html_text
from functools import lru_cache

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.model.pages import format_pages
from app.model.paths import resources_root
from app.ui import render_memo, text_size

COLUMN_MAX_WIDTH = 760
PAGE_MARGIN = 28
NARROW_MARGIN = 12


@lru_cache(maxsize=2048)
def markdown_html(text: str) -> str:
    """Markdown → the HTML subset QLabel renders; single paragraphs lose their <p> margins.

    Content's own markup never gets through (see :mod:`app.model.markup`)."""
    # Texts rendered in an earlier session come from the memo: no Markdown import at start.
    html = render_memo.lookup(text)
    if html is None:
        html = _render_markdown(text)
        render_memo.remember(text, html)
    return html


def _render_markdown(text: str) -> str:
    # Imported here: texts from the memo need no Markdown at start.
    from app.model.markup import render_markdown

    html = render_markdown(text)
    if html.count("<p>") == 1 and html.startswith("<p>") and html.endswith("</p>"):
        html = html[3:-4]
    return html


class WrappedLabel(QLabel):
    """A word-wrapped label that lays its text out once per width.

    Qt's layouts ask a wrapped label for its height at a width many times per pass (a
    page's nested boxes and grids each ask, at up to four widths), and QLabel lays the
    whole text out anew at every question: after a text-size step, ten times per label on
    „Leicht vergessen“, most of the step. The answer only changes with the text, the
    font, the style or the margins; until then it is remembered.
    """

    _RELAYOUT = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange,
                           QEvent.Type.LayoutDirectionChange})

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def laid_out_widths(self) -> set[int]:
        """The widths this label was laid out at since its text or font last changed."""
        return set(self._heights)

    def changeEvent(self, event) -> None:
        if event.type() in self._RELAYOUT:
            self._heights.clear()
        super().changeEvent(event)

    def setText(self, text: str) -> None:
        self._heights.clear()
        super().setText(text)

    def setTextFormat(self, text_format) -> None:
        self._heights.clear()
        super().setTextFormat(text_format)

    def setWordWrap(self, on: bool) -> None:
        self._heights.clear()
        super().setWordWrap(on)

    def setContentsMargins(self, *margins) -> None:
        self._heights.clear()
        super().setContentsMargins(*margins)

    def setIndent(self, indent: int) -> None:
        self._heights.clear()
        super().setIndent(indent)

    def setMargin(self, margin: int) -> None:
        self._heights.clear()
        super().setMargin(margin)


def label(text: str, name: str = "Body", *, rich: bool = True, wrap: bool = True) -> QLabel:
    widget = WrappedLabel() if wrap else QLabel()
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
    # A text-size step or the role's size (given when polished) changes the line.
    widget.setProperty(text_size.LINE_MINIMUM, True)


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
    widget.setTextFormat(Qt.TextFormat.PlainText)  # page refs come from content: never HTML
    widget.setObjectName(name)
    widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return widget


def page_pill(pages: list) -> QLabel | None:
    """The rulebook reference as a small muted pill, or nothing when there is none."""
    text = format_pages(pages)
    if not text:
        return None
    widget = pill(text)
    widget.setToolTip(f"<p>Spielregel, {html_text.escape(text)}</p>")
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


def ruling_label(text: str, loaded, services) -> QLabel:
    """A Markdown label whose ruling codes (R8, E2 …) are links to the ruling under
    „Auslegungen“, as on the boards: no bare letters in running text. Without services (or a
    code the game does not know) the code stays text."""
    import re
    from html import escape

    rulings = {i.code: (i.id, i.title) for i in loaded.game.content.interpretations if i.code}

    def link(match: re.Match) -> str:
        code = match.group(0)
        if services is None or code not in rulings:
            return code
        ruling_id, title = rulings[code]
        return f'<a href="ruling:{ruling_id}" title="{escape(title)}">{code}</a>'

    words = label("", "Body")
    words.setText(re.sub(r"\b[A-Z]\d{1,2}\b", link, markdown_html(text)))
    if services is not None:
        words.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        words.linkActivated.connect(
            lambda href: services.state.request_jump("interpretations",
                                                     href.removeprefix("ruling:")))
    return words


def set_invalid(widget: QWidget, invalid: bool) -> None:
    """Mark an input field as holding something unusable (red border, see style.qss)."""
    if bool(widget.property("invalid")) != invalid:
        widget.setProperty("invalid", invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def expert_toggle(on_toggled) -> QToolButton:
    """„Für Tüftler“: the engine's notation waits behind this; the arrow shows open or closed."""
    button = QToolButton()
    button.setObjectName("ExpertToggle")  # its focus ring: resources/style.qss
    button.setText("Für Tüftler: die Stellung als Text")
    button.setCheckable(True)
    button.setArrowType(Qt.ArrowType.RightArrow)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setAutoRaise(True)
    button.setAccessibleName("Für Tüftler: Stellung in Textform zeigen")

    def toggled(shown: bool) -> None:
        button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        on_toggled(shown)

    button.toggled.connect(toggled)
    return button


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


# A mid grey with ≥ 3:1 against both themes' page colour: a white swatch stays visible.
SWATCH_BORDER = "#8A8F98"


@lru_cache(maxsize=64)
def swatch_uri(colour: str, size: int = 14) -> str:
    """A small square in ``colour`` with a grey rim, as a data URL for rich text."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage, QPainter

    ratio = 2
    image = QImage(size * ratio, size * ratio, QImage.Format.Format_RGB32)
    image.fill(QColor(SWATCH_BORDER))
    painter = QPainter(image)
    painter.fillRect(ratio, ratio, (size - 2) * ratio, (size - 2) * ratio, QColor(colour))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return "data:image/png;base64," + bytes(data.toBase64()).decode("ascii")


def item_legend(items) -> QLabel:
    """The game's items, each with a swatch in its colour, its name and its colour's name."""
    parts = []
    side = max(12, round(QLabel().fontMetrics().ascent() * 0.9))
    for item in items:
        text = item.name + (f" ({item.colour_name})" if item.colour_name else "")
        text = html_text.escape(text + ("" if item.confirmed else "*"), quote=False)
        # Non-breaking spaces keep swatch and name together when the line wraps.
        alt = html_text.escape(item.colour_name or item.name)
        parts.append(f'<img src="{swatch_uri(item.colour)}" width="{side}" height="{side}" '
                     f'alt="{alt}" align="middle">&nbsp;'
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


class ReflowRow(QBoxLayout):
    """Side by side while everything fits at its natural width, one below the other when the
    room is narrower (large text sizes): a row never forces the page wider than the window."""

    def __init__(self):
        super().__init__(QBoxLayout.Direction.LeftToRight)
        # Qt asks a height-for-width layout many times per pass (a text-size step on a long
        # page: over a thousand calls); the answers hold until the layout is invalidated,
        # which Qt does to every layout of the window before it lays them out again.
        self._known: dict[object, int] = {}

    def invalidate(self) -> None:
        self._known.clear()
        super().invalidate()

    def _items(self):
        known = self._known.get("items")
        if known is None:
            items = (self.itemAt(i) for i in range(self.count()))
            known = self._known["items"] = [
                item for item in items if item.widget() is None or not item.isEmpty()]
        return known

    def _natural_width(self) -> int:
        known = self._known.get("natural")
        if known is None:
            shown = [item for item in self._items() if item.spacerItem() is None]
            margins = self.contentsMargins()
            known = (sum(item.sizeHint().width() for item in shown)
                     + self.spacing() * max(0, len(shown) - 1) + margins.left()
                     + margins.right())
            self._known["natural"] = known
        return known

    def minimumSize(self) -> QSize:
        known = self._known.get("minimum")
        if known is None:
            margins = self.contentsMargins()
            widths = [item.minimumSize().width() for item in self._items()]
            known = self._known["minimum"] = QSize(
                max(widths, default=0) + margins.left() + margins.right(),
                super().minimumSize().height())
        return QSize(known)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        known = self._known.get(width)
        if known is None:
            known = self._known[width] = self._height_for_width(width)
        return known

    def _height_for_width(self, width: int) -> int:
        side_by_side = width >= self._natural_width()
        if side_by_side == (self.direction() == QBoxLayout.Direction.LeftToRight):
            return super().heightForWidth(width)
        # Asked about the other direction before setGeometry switched to it: an estimate.
        margins = self.contentsMargins()
        inner = width - margins.left() - margins.right()
        heights = [item.heightForWidth(inner) if item.hasHeightForWidth()
                   else item.sizeHint().height()
                   for item in self._items() if item.spacerItem() is None]
        if side_by_side:
            total = max(heights, default=0)
        else:
            total = sum(heights) + self.spacing() * max(0, len(heights) - 1)
        return total + margins.top() + margins.bottom()

    def setGeometry(self, rect: QRect) -> None:
        wanted = (QBoxLayout.Direction.LeftToRight if rect.width() >= self._natural_width()
                  else QBoxLayout.Direction.TopToBottom)
        if wanted != self.direction():
            self.setDirection(wanted)
        super().setGeometry(rect)


class ItemListLayout(QLayout):
    """A layout whose items are a plain list, without margins: Qt's bookkeeping for the
    hand-made layouts (this FlowLayout, app/ui/reflow.py), written once."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._items: list = []
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):
        return self._items.pop(index) if 0 <= index < len(self._items) else None


class FlowLayout(ItemListLayout):
    """Items side by side, left to right, wrapping onto the next line when the width runs
    out – like words in a paragraph. Each line's items are centred vertically."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 10):
        super().__init__(parent)
        self._spacing = spacing

    def spacing(self) -> int:
        return self._spacing

    def expandingDirections(self):
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self):
        # All on one line, as wide as that takes.
        from PySide6.QtCore import QSize

        visible = [i for i in self._items if not i.isEmpty()]
        width = sum(i.sizeHint().width() for i in visible) + self._spacing * max(
            0, len(visible) - 1)
        height = max((i.sizeHint().height() for i in visible), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self):
        from PySide6.QtCore import QSize

        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                # Wrapping text may go narrow; anything else keeps its natural size.
                size = size.expandedTo(item.minimumSize() if item.hasHeightForWidth()
                                       else item.minimumSize().expandedTo(item.sizeHint()))
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect, move: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        lines: list[list] = [[]]
        x = 0
        sizes = {}
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            width = min(hint.width(), max(area.width(), 1))
            height = item.heightForWidth(width) if item.hasHeightForWidth() else hint.height()
            sizes[id(item)] = (width, max(height, hint.height() if not item.hasHeightForWidth()
                                          else height))
            if lines[-1] and x + width > area.width():
                lines.append([])
                x = 0
            lines[-1].append(item)
            x += width + self._spacing
        y = area.y()
        for line in lines:
            height = max((sizes[id(i)][1] for i in line), default=0)
            x = area.x()
            for item in line:
                width, item_height = sizes[id(item)]
                if move:
                    item.setGeometry(QRect(x, y + (height - item_height) // 2, width,
                                           item_height))
                x += width + self._spacing
            y += height + (self._spacing if line is not lines[-1] else 0)
        return y - area.y() + margins.top() + margins.bottom()


def flow(*widgets: QWidget | None, spacing: int = 10) -> FlowLayout:
    """Widgets side by side that wrap onto a new line when the column is too narrow."""
    layout = FlowLayout(spacing=spacing)
    for widget in widgets:
        if widget is not None:
            layout.addWidget(widget)
    return layout


def row(*widgets: QWidget | None, grow: int | None = None, spacing: int = 10) -> QBoxLayout:
    """Widgets side by side; ``grow`` names the one that takes the spare width. Stacked one
    below the other when they do not fit side by side (``ReflowRow``)."""
    layout = ReflowRow()
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    for index, widget in enumerate(widgets):
        if widget is not None:
            if index == grow:
                layout.addWidget(widget, 1)
            else:
                # Left-aligned, so a stacked button keeps its width instead of spanning the row.
                layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignLeft)
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


class NaturalHint:
    """A container whose size hint is its layout's, without a height-for-width pass.

    Qt's hint for a widget with a wrapping layout is the height at its natural width
    (``QLayout.totalSizeHint``), and Qt asks every container's hint in each minimum-size
    walk: after a text-size step every label of the page was laid out again at each
    container's natural width — widths the page never shows — before the one it shows
    (issue #27). Layouts place wrapping content by its height for the width it gets, so
    the page looks the same; only the unused guess is skipped.
    """

    def sizeHint(self) -> QSize:
        layout = self.layout()
        if layout is None or not layout.hasHeightForWidth():
            return super().sizeHint()
        self.ensurePolished()  # as Qt's hint: the sheet's border is part of the margins
        hint = layout.sizeHint()
        margins = self.contentsMargins()
        return QSize(hint.width() + margins.left() + margins.right(),
                     hint.height() + margins.top() + margins.bottom())


class Container(NaturalHint, QWidget):
    """A plain container (a page's column, a table row) with a :class:`NaturalHint`."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        # The sheet paints a plain QWidget's background (#Row's zebra, the page's colour)
        # but not a subclass's unless asked to.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)


class Frame(NaturalHint, QFrame):
    """A styled frame (a table) with a :class:`NaturalHint`."""


class Card(NaturalHint, QFrame):
    """A rounded block with its own padding; pitfalls, steps and quiz items sit in cards."""

    def __init__(self, parent: QWidget | None = None, *, padding: int = 18, spacing: int = 10):
        super().__init__(parent)
        self.setObjectName("Card")
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(padding, padding - 2, padding, padding - 2)
        self.body.setSpacing(spacing)

    def set_marked(self, marked: bool) -> None:
        if bool(self.property("marked")) == marked:
            return  # re-polishing is costly: a page of unmarked cards would pay it per card
        self.setProperty("marked", marked)
        self.style().unpolish(self)
        self.style().polish(self)


class Box(NaturalHint, QFrame):
    """A tinted box without border, e.g. the "Nicht:" and "Richtig:" parts of a pitfall."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(12, 9, 12, 9)
        self.body.setSpacing(3)


class PageColumn(QScrollArea):
    """A scrolling page whose content stays a readable column, centred in wide windows."""

    def __init__(self, title: str, lead: str | None = None, parent: QWidget | None = None,
                 *, with_heading: bool = True):
        super().__init__(parent)
        self.setObjectName("Page")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Reflow comes first; what still cannot shrink (a wide table at big text in a small
        # window) scrolls sideways rather than being cut off.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer = Container()
        self._outer_layout = QHBoxLayout(outer)
        self._outer_layout.setContentsMargins(PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN)
        self.column = Container()
        self.column.setObjectName("Column")
        self._outer_layout.addWidget(self.column)
        self.layout_ = QVBoxLayout(self.column)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(16)
        self.setWidget(outer)
        self.title = title
        self.anchors: dict[str, QWidget] = {}  # app/ui/page.py
        self.mark_badges: dict[str, MarkBadge] = {}
        self._marks_source = None
        if with_heading:  # a board page puts its own header (app/ui/board_page.py)
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
        self._filtered = False

    def resizeEvent(self, event) -> None:
        # Side margins grow with the window so the text stays one readable, centred
        # column instead of stretching across a wide screen. Room for the scroll bar is
        # always kept and the column's width fixed: when the bar appears, the text neither
        # shifts sideways nor reflows.
        width = (self.width() - 2 * self.frameWidth()
                 - self.verticalScrollBar().sizeHint().width())
        needed = self.layout_.minimumSize().width()
        # Narrow window: thinner margins before the page has to scroll sideways.
        margin = PAGE_MARGIN if width - 2 * PAGE_MARGIN >= needed else max(
            NARROW_MARGIN, (width - needed) // 2)
        column = max(0, min(COLUMN_MAX_WIDTH, width - 2 * margin), needed)
        side = max(margin, (width - column) // 2)
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
        if not only and not self._filtered:
            return  # every rule shows already (showing a widget early costs its polish)
        self._filtered = only
        for target in self.mark_badges:
            widget = self.anchors.get(target)
            if widget is not None:
                widget.setVisible(not only or target in self._marked)

    def first_mark(self) -> QWidget | None:
        """The first marked rule on this page, in reading order."""
        for target in self.mark_badges:
            if target in self._marked and target in self.anchors:
                return self.anchors[target]
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

    def focus_target(self) -> QWidget | None:
        """A reading page takes the keys itself (app/ui/page.py)."""
        return None

    def text_root(self) -> QWidget:
        """The readable column holds the page's words (app/ui/page.py)."""
        return self.column

    def scroll_to(self, widget: QWidget) -> None:
        self._to_first_mark = False
        self.ensureWidgetVisible(widget, 0, 40)
