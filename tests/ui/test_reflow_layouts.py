"""The two reflowing layouts of app/ui/reflow.py on plain widgets: columns given up, never
width demanded (issue #27)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSize
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget

from app.ui.application import make_application
from app.ui.reflow import BalancedGrid, TableOrBlocks


class Box(QWidget):
    def __init__(self, width: int, height: int):
        super().__init__()
        self._hint = QSize(width, height)

    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return self._hint


def laid_out(layout, width: int) -> QWidget:
    holder = QWidget()
    holder.setLayout(layout)
    holder.resize(width, max(1, layout.heightForWidth(width)))
    holder.show()
    for _ in range(3):
        QApplication.processEvents()
    return holder


@pytest.mark.parametrize("width, rows", [(600, [9]), (400, [5, 4]), (300, [5, 4]),
                                         (200, [3, 3, 3]), (50, [3, 3, 3])])
def test_balanced_grid_gives_up_columns_in_even_rows(qtbot, width, rows):
    make_application()
    grid = BalancedGrid(spacing=6, row_spacing=8, min_columns=3)
    cells = [Box(50, 40) for _ in range(9)]
    for cell in cells:
        grid.addWidget(cell)
    holder = laid_out(grid, width)
    qtbot.addWidget(holder)
    found: dict[int, int] = {}
    for cell in cells:
        y = cell.mapTo(holder, QPoint(0, 0)).y()
        found[y] = found.get(y, 0) + 1
    assert [found[y] for y in sorted(found)] == rows
    assert grid.minimumSize().width() == 3 * 50 + 2 * 6, "never narrower than three across"
    assert grid.heightForWidth(width) == len(rows) * 40 + (len(rows) - 1) * 8


def test_table_or_blocks_switches_at_the_tables_width_and_back(qtbot):
    make_application()
    headers = [QLabel(t) for t in ("Name", "Feld", "Zahl A", "Zahl B")]
    layout = TableOrBlocks(headers, stretch=1, below={2, 3})
    rows = []
    for name in ("Eins", "Zwei"):
        cells = [QLabel(name), QLineEdit(), Box(80, 24), Box(80, 24)]
        captions = [None, None, QLabel("Zahl A"), QLabel("Zahl B")]
        layout.add_row(cells, captions)
        rows.append((cells, captions))
    holder = laid_out(layout, 1000)
    qtbot.addWidget(holder)
    assert not layout.narrow
    assert all(h.isVisible() for h in headers)
    assert not any(c.isVisible() for _cells, caps in rows for c in caps if c is not None)
    table = layout.sizeHint().width()
    narrow_height = layout.heightForWidth(layout.minimumSize().width())
    assert layout.minimumSize().width() < table
    assert narrow_height > layout.heightForWidth(1000), "blocks are taller than the table"
    holder.resize(layout.minimumSize().width(), narrow_height)
    for _ in range(3):
        QApplication.processEvents()
    assert layout.narrow
    assert not any(h.isVisible() for h in headers)
    for cells, captions in rows:
        assert all(c.isVisible() for c in captions if c is not None)
        # The captioned cells under the first line, each right of its caption.
        for cell, caption in zip(cells[2:], captions[2:], strict=True):
            assert cell.y() > cells[1].y() and cell.x() > caption.x()
        for widget in cells:
            assert holder.rect().contains(widget.geometry()), widget
    holder.resize(1000, layout.heightForWidth(1000))
    for _ in range(3):
        QApplication.processEvents()
    assert not layout.narrow and all(h.isVisible() for h in headers)
