"""The calculators never show a number that does not match their fields.

The fields are typed into as a user does: a click into the field, Ctrl+A, then the keys.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

from app.ui.application import create_main_window, make_application
from app.ui.boards.atlantis_scene import PLAYER_COLOURS
from app.ui.progress_model import ProgressModel
from app.ui.views.atlantis_calculators import AtlantisCalculators
from tests.ui.util import plain

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def calc(qtbot, library, tmp_path) -> AtlantisCalculators:
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and window.ready)
    QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_6, CTRL)
    view = window.current_view()
    assert isinstance(view, AtlantisCalculators)
    return view


def type_into(qtbot, field, text: str) -> None:
    target = field.lineEdit() if hasattr(field, "lineEdit") else field
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() in (field, target)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, CTRL)
    QTest.keyClicks(QApplication.focusWidget(), text)
    QApplication.processEvents()


def test_gap_with_zero_shows_no_stale_cost(qtbot, calc):
    gap = calc.gap_rows[0]
    assert "3 und 5 ist 3" in plain(calc.gap_reason.text())
    type_into(qtbot, gap.left, "0")
    assert gap.left.text() == "0"
    assert gap.left.property("invalid") is True, "the bad field is marked"
    shown = plain(calc.gap_result.text()) + plain(calc.gap_reason.text()) + gap.result.text()
    assert "3 und 5" not in shown and "Kosten: 3" not in shown
    assert "1 bis 7" in shown
    type_into(qtbot, gap.left, "6")
    assert not gap.left.property("invalid")
    assert plain(calc.gap_result.text()) == "Kosten: 5"
    assert "6 und 5 ist 5" in plain(calc.gap_reason.text())


def test_buying_with_zero_shows_no_stale_card_count(qtbot, calc):
    assert calc.buy_result.text() == "2 Karten"
    type_into(qtbot, calc.buy_value, "0")
    assert calc.buy_value.property("invalid") is True
    assert "Karte" not in calc.buy_result.text()
    type_into(qtbot, calc.buy_value, "7")
    assert calc.buy_result.text() == "3 Karten"


def test_no_verdict_while_a_row_is_invalid(qtbot, calc):
    blue, white = calc.players[0], calc.players[1]
    type_into(qtbot, blue[0], "6 6 x 9")
    type_into(qtbot, white[0], "1 2")
    assert blue[0].property("invalid") is True
    assert not white[0].property("invalid")
    verdict = plain(calc.score_result.text())
    assert "Weiß" not in verdict and "Blau" not in verdict, "no winner over a wrong row"
    assert "berichtigen" in verdict
    assert calc.score_problem.isVisible()
    type_into(qtbot, blue[0], "6 6 7")
    assert not blue[0].property("invalid")
    assert plain(calc.score_result.text()) == "Sieger: Blau"


def test_player_pills_in_player_colours(calc):
    for pill, colour in zip((p for p in calc.findChildren(QLabel)
                             if p.objectName() == "PlayerPill"), PLAYER_COLOURS, strict=True):
        image = pill.grab().toImage()
        centre = QColor(image.pixel(image.width() - 4, image.height() // 2))
        assert centre.name().upper() == QColor(colour).name().upper()
