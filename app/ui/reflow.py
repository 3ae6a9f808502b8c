"""Layouts that give up columns instead of width: a page in a small window (800×600 beside
the sidebar) or at a large text size reflows rather than scrolling sideways (issue #27).

* ``BalancedGrid``: equal cells in as many columns as fit, the rows balanced (nine cells
  are 9, 5 + 4 or 3 × 3, never 8 + 1).
* ``TableOrBlocks``: a table with a header row while its columns fit side by side; when
  narrower, each row becomes a small block — its main cells on one line, the others with
  their own caption on the next — and the header row goes away.

Both answer ``heightForWidth`` for the width they are given, so the page is as tall as the
arrangement it will get.
"""

from __future__ import annotations

from math import ceil

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QLayoutItem, QWidget, QWidgetItem

from app.ui.widgets import ItemListLayout


class BalancedGrid(ItemListLayout):
    """Equal cells left to right in as many columns as the width holds (at least
    ``min_columns``), the rows as even as possible, read row by row."""

    def __init__(self, parent: QWidget | None = None, *, spacing: int = 6,
                 row_spacing: int = 8, min_columns: int = 1):
        super().__init__(parent)
        self._spacing, self._row_spacing = spacing, row_spacing
        self._min_columns = max(1, min_columns)

    # -- QLayout's bookkeeping (the item list: ItemListLayout) -------------------------------

    def expandingDirections(self):
        return Qt.Orientation(0)

    # -- the arrangement ---------------------------------------------------------------------

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _cell(self) -> QSize:
        size = QSize(0, 0)
        for item in self._shown():
            size = size.expandedTo(item.sizeHint()).expandedTo(item.minimumSize())
        return size

    def columns(self, width: int) -> int:
        """How many columns the cells take at ``width`` (content width, no margins)."""
        count = len(self._shown())
        if not count:
            return 0
        cell = self._cell().width()
        fit = max(self._min_columns, (width + self._spacing) // max(1, cell + self._spacing))
        fit = min(count, fit)
        rows = ceil(count / fit)
        return ceil(count / rows)  # the same rows, spread evenly: 5 + 4, not 8 + 1

    def _inner(self, width: int) -> int:
        margins = self.contentsMargins()
        return width - margins.left() - margins.right()

    def _size_for(self, columns: int) -> QSize:
        count = len(self._shown())
        if not count:
            return QSize(0, 0)
        cell = self._cell()
        rows = ceil(count / columns)
        margins = self.contentsMargins()
        return QSize(columns * cell.width() + (columns - 1) * self._spacing
                     + margins.left() + margins.right(),
                     rows * cell.height() + (rows - 1) * self._row_spacing
                     + margins.top() + margins.bottom())

    def sizeHint(self) -> QSize:
        return self._size_for(max(1, len(self._shown())))

    def minimumSize(self) -> QSize:
        count = len(self._shown())
        return self._size_for(max(1, min(count, self._min_columns)))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        columns = self.columns(self._inner(width))
        return self._size_for(columns).height() if columns else 0

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        columns = self.columns(area.width())
        cell = self._cell()
        for index, item in enumerate(self._shown()):
            row, column = divmod(index, columns)
            item.setGeometry(QRect(area.x() + column * (cell.width() + self._spacing),
                                   area.y() + row * (cell.height() + self._row_spacing),
                                   cell.width(), cell.height()))


class TableOrBlocks(ItemListLayout):
    """A table with a header row, or — when its columns do not fit — one block per row.

    ``headers``: one widget per column (shown above the table). ``stretch``: the column
    that takes the spare width. ``below``: the columns that go to the block's second line
    when narrow, each with the caption given for it in ``add_row`` (the other columns stay
    on the first line, a caption — if given — just before the cell).
    """

    def __init__(self, headers: list[QWidget], *, stretch: int, below: set[int],
                 parent: QWidget | None = None, spacing: int = 8, row_spacing: int = 8,
                 block_spacing: int = 14):
        super().__init__(parent)
        self._headers = [self._own(widget) for widget in headers]
        self._rows: list[tuple[list[QLayoutItem], list[QLayoutItem | None]]] = []
        self._stretch, self._below = stretch, set(below)
        self._spacing, self._row_spacing, self._block_spacing = (spacing, row_spacing,
                                                                 block_spacing)
        self._narrow: bool | None = None  # not yet laid out

    def _own(self, widget: QWidget) -> QLayoutItem:
        self.addChildWidget(widget)
        item = QWidgetItem(widget)
        self._items.append(item)
        return item

    def add_row(self, cells: list[QWidget], captions: list[QWidget | None]) -> None:
        """One row: a widget per column, and per column the caption it gets in a block."""
        assert len(cells) == len(self._headers) == len(captions)
        caption_items = [self._own(c) if c is not None else None for c in captions]
        self._rows.append(([self._own(c) for c in cells], caption_items))
        for caption in caption_items:
            if caption is not None and self._narrow is not True:
                caption.widget().hide()
        self.invalidate()

    # -- QLayout's bookkeeping -------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:  # only through add_row
        raise TypeError("TableOrBlocks: Zeilen mit add_row hinzufügen")

    def takeAt(self, index: int):
        # The rows are the layout's structure; taking an item apart would leave a hole.
        return None

    def expandingDirections(self):
        return Qt.Orientation.Horizontal

    @property
    def narrow(self) -> bool:
        """Whether the rows are shown as blocks (the last arrangement laid out)."""
        return bool(self._narrow)

    # -- the table ---------------------------------------------------------------------------

    def _column_widths(self, *, minimum: bool) -> list[int]:
        widths = []
        for column, header in enumerate(self._headers):
            items = [header] + [cells[column] for cells, _ in self._rows]
            if column == self._stretch:
                widths.append(max(_width(i, minimum=minimum) for i in items))
            else:
                widths.append(max(_width(i, minimum=False) for i in items))
        return widths

    def _table_width(self) -> int:
        """The narrowest width the table fits at, the stretched column at its minimum."""
        widths = self._column_widths(minimum=True)
        return sum(widths) + self._spacing * (len(widths) - 1)

    def _table_height(self) -> int:
        lines = [self._headers] + [cells for cells, _ in self._rows]
        heights = [max(_height(i) for i in line) for line in lines]
        return sum(heights) + self._row_spacing * (len(lines) - 1)

    def _place_table(self, area: QRect) -> None:
        widths = self._column_widths(minimum=True)
        widths[self._stretch] += max(0, area.width() - self._table_width())
        y = area.y()
        for line in [self._headers] + [cells for cells, _ in self._rows]:
            height = max(_height(i) for i in line)
            x = area.x()
            for item, width in zip(line, widths, strict=True):
                # Fields take the column's width; labels and pills keep their own.
                w = width if _fills(item) else min(width, _width(item, minimum=False))
                h = min(height, _height(item))
                item.setGeometry(QRect(x, y + (height - h) // 2, w, h))
                x += width + self._spacing
            y += height + self._row_spacing

    # -- the blocks --------------------------------------------------------------------------

    def _first_columns(self) -> list[int]:
        return [c for c in range(len(self._headers)) if c not in self._below]

    def _first_widths(self, *, minimum: bool) -> list[tuple[int, int, bool]]:
        """Per first-line column, the same in every block: (caption width, cell width,
        takes the spare width)."""
        widths = []
        for column in self._first_columns():
            captions = [caps[column] for _, caps in self._rows if caps[column] is not None]
            grows = column == self._stretch
            cell = max(_width(cells[column], minimum=minimum and grows)
                       for cells, _ in self._rows)
            widths.append((max((_width(c, minimum=False) for c in captions), default=0),
                           cell, grows))
        return widths

    def _first_line_width(self, *, minimum: bool) -> int:
        widths = self._first_widths(minimum=minimum)
        parts = sum(cell + (caption + self._gap() if caption else 0)
                    for caption, cell, _ in widths)
        return parts + self._spacing * (len(widths) - 1)

    def _gap(self) -> int:
        return self._spacing  # between a caption and its cell

    def _pairs(self, cells, captions) -> list[tuple[QLayoutItem, QLayoutItem]]:
        return [(captions[c], cells[c]) for c in sorted(self._below)
                if captions[c] is not None]

    def _pair_width(self, pair) -> int:
        caption, cell = pair
        return _width(caption, minimum=False) + self._gap() + _width(cell, minimum=False)

    def _pairs_width(self, cells, captions) -> int:
        pairs = [self._pair_width(p) for p in self._pairs(cells, captions)]
        return sum(pairs) + self._spacing * 2 * max(0, len(pairs) - 1)

    def _caption_column(self) -> int:
        return max((_width(caption, minimum=False) for cells, caps in self._rows
                    for caption, _cell in self._pairs(cells, caps)), default=0)

    def _form_width(self) -> int:
        cells = max((_width(cell, minimum=False) for c, k in self._rows
                     for _caption, cell in self._pairs(c, k)), default=0)
        return self._caption_column() + self._gap() + cells

    def _second_lines(self, width: int) -> tuple[int, bool]:
        """Where the captioned cells go: (indent, all on one line). On one line under the
        first line's second cell (after the name) if they fit there, else from the left
        edge; if not even that, one below the other with their captions aligned."""
        first = self._first_widths(minimum=False)[0]
        indent = first[0] + first[1] + self._spacing
        line = max((self._pairs_width(c, k) for c, k in self._rows), default=0)
        if indent + line <= width:
            return indent, True
        if line <= width:
            return 0, True
        return (indent if indent + self._form_width() <= width else 0), False

    def _block_lines(self, cells, captions, width: int) -> list[list]:
        pairs = self._pairs(cells, captions)
        if not pairs:
            return []
        return [pairs] if self._second_lines(width)[1] else [[pair] for pair in pairs]

    def _blocks_min_width(self) -> int:
        return max(self._first_line_width(minimum=True), self._form_width())

    def _line_heights(self, cells, captions, width: int) -> list[int]:
        first = [cells[c] for c in self._first_columns()] + [
            captions[c] for c in self._first_columns() if captions[c] is not None]
        heights = [max(_height(i) for i in first)]
        for line in self._block_lines(cells, captions, width):
            heights.append(max(max(_height(c), _height(w)) for c, w in line))
        return heights

    def _blocks_height(self, width: int) -> int:
        total = 0
        for cells, captions in self._rows:
            heights = self._line_heights(cells, captions, width)
            total += sum(heights) + self._row_spacing // 2 * (len(heights) - 1)
        return total + self._block_spacing * max(0, len(self._rows) - 1)

    def _place_blocks(self, area: QRect) -> None:
        widths = self._first_widths(minimum=True)
        spare = max(0, area.width() - self._first_line_width(minimum=True))
        indent, one_line = self._second_lines(area.width())
        aligned = 0 if one_line else self._caption_column()
        y = area.y()
        for cells, captions in self._rows:
            heights = self._line_heights(cells, captions, area.width())
            x = area.x()
            for column, (caption_width, cell_width, grows) in zip(
                    self._first_columns(), widths, strict=True):
                caption = captions[column]
                if caption is not None:
                    h = min(heights[0], _height(caption))
                    caption.setGeometry(QRect(x, y + (heights[0] - h) // 2,
                                              _width(caption, minimum=False), h))
                    x += caption_width + self._gap()
                item = cells[column]
                w = cell_width + spare if grows else min(cell_width,
                                                         _width(item, minimum=False))
                h = min(heights[0], _height(item))
                item.setGeometry(QRect(x, y + (heights[0] - h) // 2, w, h))
                x += (cell_width + spare if grows else cell_width) + self._spacing
            y += heights[0]
            for line, height in zip(self._block_lines(cells, captions, area.width()),
                                    heights[1:], strict=True):
                y += self._row_spacing // 2
                x = area.x() + indent
                for caption, cell in line:
                    hint = _hint(caption)
                    caption.setGeometry(QRect(x, y + (height - hint.height()) // 2,
                                              hint.width(), hint.height()))
                    x += max(aligned, hint.width()) + self._gap()
                    hint = _hint(cell)
                    cell.setGeometry(QRect(x, y + (height - hint.height()) // 2,
                                           hint.width(), hint.height()))
                    x += hint.width() + self._spacing * 2
                y += height
            y += self._block_spacing

    # -- what Qt asks ------------------------------------------------------------------------

    def _fits_table(self, width: int) -> bool:
        return width >= self._table_width()

    def _inner(self, width: int) -> int:
        margins = self.contentsMargins()
        return width - margins.left() - margins.right()

    def _with_margins(self, size: QSize) -> QSize:
        margins = self.contentsMargins()
        return QSize(size.width() + margins.left() + margins.right(),
                     size.height() + margins.top() + margins.bottom())

    def sizeHint(self) -> QSize:
        widths = self._column_widths(minimum=False)
        return self._with_margins(QSize(sum(widths) + self._spacing * (len(widths) - 1),
                                        self._table_height()))

    def minimumSize(self) -> QSize:
        return self._with_margins(QSize(min(self._table_width(), self._blocks_min_width()),
                                        0))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        inner = self._inner(width)
        height = self._table_height() if self._fits_table(inner) else \
            self._blocks_height(inner)
        margins = self.contentsMargins()
        return height + margins.top() + margins.bottom()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        narrow = not self._fits_table(area.width())
        if narrow != self._narrow:
            self._narrow = narrow
            # Captions belong to the blocks, the header row to the table.
            for header in self._headers:
                header.widget().setVisible(not narrow)
            for _cells, captions in self._rows:
                for caption in captions:
                    if caption is not None:
                        caption.widget().setVisible(narrow)
        if narrow:
            self._place_blocks(area)
        else:
            self._place_table(area)


def _hint(item: QLayoutItem) -> QSize:
    """The widget's own size hint, also while it is hidden (the layout asks about the
    other arrangement, whose captions or headers are hidden right now)."""
    widget = item.widget()
    if widget is None:
        return item.sizeHint()
    return widget.sizeHint().expandedTo(_least(item)).boundedTo(widget.maximumSize())


def _least(item: QLayoutItem) -> QSize:
    widget = item.widget()
    if widget is None:
        return item.minimumSize()
    explicit = widget.minimumSize()
    hint = widget.minimumSizeHint()
    return QSize(explicit.width() or hint.width(), explicit.height() or hint.height())


def _width(item: QLayoutItem, *, minimum: bool) -> int:
    return _least(item).width() if minimum else _hint(item).width()


def _height(item: QLayoutItem) -> int:
    return _hint(item).height()


def _fills(item: QLayoutItem) -> bool:
    widget = item.widget()
    return widget is not None and widget.sizePolicy().horizontalPolicy() in (
        widget.sizePolicy().Policy.Expanding, widget.sizePolicy().Policy.MinimumExpanding)
