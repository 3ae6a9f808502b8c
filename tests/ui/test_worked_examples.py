"""Worked examples shown for every game, under the pitfall or step they test (issue #27)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFrame, QLabel

from app.rules.survive import format_encounter, parse_encounter
from app.ui.views.pitfall_examples import ExamplePanel, examples_for

GAMES = ("atlantis", "atacama", "survive")


def _panels(view) -> list[ExamplePanel]:
    return [p for p in view.findChildren(QFrame, "ExamplePanel") if isinstance(p, ExamplePanel)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("section, items", [("pitfalls", "pitfalls"), ("turn", "steps")])
def test_every_tested_pitfall_and_step_shows_its_example_with_a_picture(window, qtbot, game,
                                                                       section, items):
    window.resize(1280, 800)
    window.state.open(game, section)
    view = window.current_view()
    loaded = window.current_entry()
    content = loaded.game.content
    expected = {item.id: examples_for(loaded, item.id)[0]
                for item in getattr(content, items) if examples_for(loaded, item.id)}
    if section == "pitfalls":
        assert expected, "every shipped game has examples under its pitfalls"
    shown = {}
    for item_id in expected:
        card = view.anchors[item_id]
        panels = _panels(card)
        assert len(panels) == 1, item_id
        shown[item_id] = panels[0]
    for item_id, panel in shown.items():
        example = expected[item_id]
        assert panel.example.id == example.id
        texts = [label.text() for label in panel.findChildren(QLabel)]
        assert f"Beispiel: {example.title}" in texts
        # Every shipped game has a board: the example is drawn, and the drawing paints.
        assert panel.board is not None, example.id
        view.scroll_to(panel)
        QApplication.processEvents()
        assert panel.board.isVisible() and panel.board.height() >= 30
        image = panel.board.grab().toImage()
        assert len({image.pixel(x, y) for x in range(0, image.width(), 7)
                    for y in range(0, image.height(), 7)}) > 3, example.id
        if example.note:
            assert example.note in texts


def test_an_encounter_example_opens_in_the_calculator(window, qtbot):
    window.state.open("survive", "pitfalls")
    view = window.current_view()
    loaded = window.current_entry()
    panel = next(p for p in _panels(view) if p.example.action.strip() == "begegnung")
    assert panel.open_button is not None
    assert panel.open_button.text() == "Im Rechner ausprobieren"
    view.scroll_to(panel)
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert window.state.section == "calculators"
    calculator = window.current_view()
    creature, contents = parse_encounter(panel.example.position)
    assert calculator.notation.text() == format_encounter(creature, contents)
    assert calculator.outcome is not None
    assert loaded.examples[panel.example.id].ok


def test_an_atlantis_example_still_opens_on_the_board(window, qtbot):
    window.state.open("atlantis", "pitfalls")
    panel = _panels(window.current_view())[0]
    assert panel.open_button.text() == "Auf dem Spielbrett öffnen"
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert window.state.section == "board"
