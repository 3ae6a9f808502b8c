"""Showing a search hit in its section: scroll there, mark the words in place, flash the card.

The marks are written into the QLabels' own text (a tinted, bold span around each match),
so they sit exactly where the reader looks. Each touched label's original text and format
are remembered on the view; :func:`clear_highlights` puts them back.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget
from shiboken6 import isValid

from app.model.search import Span, match_spans
from app.ui.page import Page
from app.ui.theme import Colours, palette_colours

# How long the card stays emphasised after the jump.
FLASH_MS = 1800
# Room kept above the target when scrolling, so its heading is not glued to the edge.
SCROLL_MARGIN = 48
_MARKS_ATTR = "_search_marks"
_FLASH_ATTR = "_search_flash"
_TAG = re.compile(r"(<[^>]*>)")


def current_colours() -> Colours:
    """The theme in use, judged from the application palette (light unless it is dark)."""
    return palette_colours()


def mark_style(colours: Colours) -> str:
    """Inline CSS for a marked word: bold, the theme's mark colour on its soft background."""
    return f"background-color:{colours.mark_bg}; color:{colours.mark}; font-weight:700;"


def marked_html(text: str, spans: tuple[Span, ...] | list[Span], colours: Colours) -> str:
    """Plain ``text`` as HTML, with each span wrapped in a mark."""
    style = mark_style(colours)
    parts: list[str] = []
    position = 0
    for start, end in spans:
        if start < position or end <= start:
            continue
        parts.append(html.escape(text[position:start], quote=False))
        parts.append(f'<span style="{style}">{html.escape(text[start:end], quote=False)}</span>')
        position = end
    parts.append(html.escape(text[position:], quote=False))
    return "".join(parts)


def mark_rich_text(rich: str, query: str, colours: Colours) -> str | None:
    """``rich`` (label HTML) with the query's words marked in its text, or None if none occur.

    Only the text between tags is touched, so markup and attributes stay intact; a word
    split by a tag (half bold, half not) is not found, which content never does.
    """
    changed = False
    pieces = _TAG.split(rich)
    for index in range(0, len(pieces), 2):
        text = html.unescape(pieces[index])
        spans = match_spans(text, query)
        if spans:
            pieces[index] = marked_html(text, spans, colours)
            changed = True
    return "".join(pieces) if changed else None


def _is_rich(label: QLabel) -> bool:
    return label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and bool(_TAG.search(label.text())))


def _mark_label(label: QLabel, query: str, colours: Colours) -> bool:
    text = label.text()
    if _is_rich(label):
        new = mark_rich_text(text, query, colours)
    else:
        spans = match_spans(text, query)
        new = marked_html(text, spans, colours) if spans else None
    if new is None:
        return False
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(new)
    return True


def highlight_in_view(view: Page, anchor_id: str, query: str) -> QWidget | None:
    """Scroll ``view`` to ``anchor_id`` and mark ``query``'s words there; "" means the whole page.

    Returns the anchor widget, or the page's text root (:meth:`Page.text_root`) when
    ``anchor_id`` is "" or unknown.
    """
    clear_highlights(view)
    target = view.anchors.get(anchor_id) if anchor_id else None
    root = target or view.text_root()
    colours = current_colours()
    labels = ([root] if isinstance(root, QLabel) else []) + root.findChildren(QLabel)
    marks: list[tuple[QLabel, str, Qt.TextFormat]] = []
    for label in labels:
        original = (label, label.text(), label.textFormat())
        if _mark_label(label, query, colours):
            marks.append(original)
    setattr(view, _MARKS_ATTR, marks)

    # Without an anchor, go to the first visible marked word; a hidden one (an
    # unrevealed quiz answer) would scroll to nowhere.
    focus = target
    if focus is None:
        focus = next((lab for lab, _, _ in marks if lab.isVisibleTo(root)), None)
    if focus is not None:
        _scroll_into_view(view, focus)
        _flash(view, target or _card_of(focus, root), colours)
    return target or root


def clear_highlights(view: QWidget) -> None:
    """Put back every label text :func:`highlight_in_view` changed, and end the flash."""
    for label, text, text_format in getattr(view, _MARKS_ATTR, None) or []:
        if isValid(label):
            label.setTextFormat(text_format)
            label.setText(text)
    setattr(view, _MARKS_ATTR, [])
    _end_flash(view)


def highlighted_labels(view: QWidget) -> list[QLabel]:
    """The labels currently carrying marks (for tests and screen readers)."""
    return [label for label, _, _ in getattr(view, _MARKS_ATTR, None) or [] if isValid(label)]


def _card_of(widget: QWidget, root: QWidget) -> QWidget | None:
    """The nearest card, box or table row around ``widget`` below ``root``."""
    current = widget.parentWidget()
    while current is not None and current is not root:
        if current.objectName() in ("Card", "Row", "RightBox", "WrongBox", "Answer"):
            return current
        current = current.parentWidget()
    return None


def _scroll_into_view(view: Page, widget: QWidget) -> None:
    def scroll() -> None:
        if not (isValid(view) and isValid(widget)):
            return
        if isinstance(view, QScrollArea) and view.widget() is not None:
            # A reading page: the hit at the top, its heading not glued to the edge.
            top = widget.mapTo(view.widget(), QPoint(0, 0)).y()
            view.verticalScrollBar().setValue(max(0, top - SCROLL_MARGIN))
        else:
            view.scroll_to(widget)

    scroll()
    # A view built a moment ago has no geometry yet; scroll again once it is laid out.
    QTimer.singleShot(0, scroll)


def _flash(view: QWidget, widget: QWidget | None, colours: Colours) -> None:
    if widget is None:
        return
    setattr(view, _FLASH_ATTR, (widget, widget.styleSheet()))
    name = widget.objectName() or "SearchTarget"
    if not widget.objectName():
        widget.setObjectName(name)
    # The widget's own sheet adds to the application's rules for it; only the border
    # (and for table rows the tint) change, so the card keeps its shape.
    background = f"background: {colours.mark_bg};" if name == "Row" else ""
    widget.setStyleSheet(f"#{name} {{ border: 2px solid {colours.accent}; "
                         f"border-radius: 10px; {background} }}")
    widget.setProperty("searchHit", True)
    QTimer.singleShot(FLASH_MS, lambda: _end_flash(view, widget))


def _end_flash(view: QWidget, only: QWidget | None = None) -> None:
    if not isValid(view):
        return
    flash = getattr(view, _FLASH_ATTR, None)
    if not flash:
        return
    widget, sheet = flash
    if only is not None and widget is not only:
        return
    setattr(view, _FLASH_ATTR, None)
    if isValid(widget):
        widget.setStyleSheet(sheet)
        widget.setProperty("searchHit", False)


def is_flashing(view: QWidget) -> QWidget | None:
    flash = getattr(view, _FLASH_ATTR, None)
    return flash[0] if flash else None
