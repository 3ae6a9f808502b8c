"""The „Rechner“: type into each calculator and read the engine's answer, live."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.model.loader import load_library
from app.model.paths import content_root
from app.rules.atlantis import cards_for_tile, gap_cost
from app.ui.application import make_application
from app.ui.views.atlantis_calculators import AtlantisCalculators
from tests.ui.util import visible_text


@pytest.fixture
def calc(qtbot):
    make_application()
    view = AtlantisCalculators(load_library(content_root()).game("atlantis"))
    qtbot.addWidget(view)
    view.resize(900, 1400)
    view.show()
    return view


def type_value(qtbot, spin, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))


def test_gap_lower_value_and_reason(calc, qtbot):
    gap = calc.gap_rows[0]
    type_value(qtbot, gap.left, 6)
    type_value(qtbot, gap.right, 2)
    assert calc.gap_result.text() == "Kosten: 2"
    reason = visible_text(calc.anchors["gap"])
    assert "niedrigere Wert von 6 und 2 ist 2" in reason
    assert "breit" in reason and "S. 4" in reason


def test_bridge_makes_a_gap_free(calc, qtbot):
    gap = calc.gap_rows[0]
    qtbot.mouseClick(gap.bridge, Qt.MouseButton.LeftButton, pos=gap.bridge.rect().center())
    assert gap.bridge.isChecked()
    assert calc.gap_result.text() == "Kosten: 0"
    assert "Brücke" in visible_text(calc.anchors["gap"])


def test_three_gaps_each_and_the_sum(calc, qtbot):
    qtbot.mouseClick(calc.add_gap_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(calc.add_gap_button, Qt.MouseButton.LeftButton)
    values = [(1, 5), (4, 6), (7, 3)]
    for gap, (left, right) in zip(calc.gap_rows, values, strict=True):
        type_value(qtbot, gap.left, left)
        type_value(qtbot, gap.right, right)
    expected = [gap_cost(a, b) for a, b in values]
    assert calc.gap_result.text() == f"Kosten: 1 + 4 + 3 = {sum(expected)}"
    qtbot.mouseClick(calc.remove_gap_button, Qt.MouseButton.LeftButton)
    assert calc.gap_result.text() == "Kosten: 1 + 4 = 5"


@pytest.mark.parametrize("value", [1, 2, 5, 7])
def test_buying_cards(calc, qtbot, value):
    type_value(qtbot, calc.buy_value, value)
    cards = cards_for_tile(value)
    assert calc.buy_result.text().startswith(f"{cards} Karte")
    text = visible_text(calc.anchors["buy"])
    assert "nur am Zuganfang" in text and "ein 1er bringt nichts" in text


def test_one_brings_nothing(calc, qtbot):
    type_value(qtbot, calc.buy_value, 1)
    assert calc.buy_result.text() == "0 Karten"


def test_scoring_winner_and_tie(calc, qtbot):
    qtbot.keyClicks(calc.players[0][0], "5 3 7")
    calc.players[0][1].setValue(4)
    calc.players[0][2].setValue(2)
    assert calc.players[0][3].text() == "17"
    assert calc.score_result.text() == "Sieger: Blau"
    calc.set_player(1, "6 6 3", cards=2)
    assert calc.players[1][3].text() == "17"
    assert calc.score_result.text() == "Gleichstand – Sieger: Blau und Weiß"


def test_scoring_bad_input_is_explained(calc, qtbot):
    calc.set_player(0, "5 x 9")
    assert calc.players[0][3].text() == "?"
    assert calc.score_problem.isVisibleTo(calc)
    assert "Blau" in calc.score_problem.text()
    calc.set_player(0, "5 9")
    assert "Ein Plättchenwert" in calc.score_problem.text()
