"""Every ruling code a board shows is a link to its ruling (issue #27, point 9): in the
Atlantis explanation and its sources, the step caption, the message line of all three boards
– reached with Tab and opened with Enter, as a player on the keys does."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from app.rules.atacama import parse_square
from app.rules.survive import parse_position as survive_position
from app.ui.settings import DEFAULT_FONT_PT
from tests.ui.util import plain

LINK = re.compile(r'<a href="ruling:([^"]+)"[^>]*>([A-Z]\d{1,2})</a>')


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def codes_of(window) -> dict[str, str]:
    """The current game's ruling codes and the ids their links lead to."""
    game = window.current_entry().game
    return {i.code: i.id for i in game.content.interpretations if i.code}


def shown_codes(page, codes: dict[str, str]) -> tuple[list[str], list[str]]:
    """(every code a player reads on ``page``, those of them that are links)."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, codes)) + r")\b")
    read, linked = [], []
    for widget in page.findChildren(QLabel):
        if not widget.isVisible() or widget.visibleRegion().isEmpty() \
                or widget.window() is not page.window():
            continue  # a tooltip is no text of the page
        html = widget.text()
        rich = widget.textFormat() != Qt.TextFormat.PlainText
        read += pattern.findall(plain(html) if rich else html)
        if rich:
            linked += [code for ruling, code in LINK.findall(html) if codes.get(code) == ruling]
    return read, linked


def assert_all_linked(page, codes) -> list[str]:
    read, linked = shown_codes(page, codes)
    assert read, "the page shows at least one ruling code"
    assert sorted(read) == sorted(linked), f"bare codes: {read} vs links {linked}"
    return read


def open_first_link_by_keys(qtbot, window, start) -> str:
    """Tab from ``start`` to the first ruling link, Enter: the ruling it opens."""
    window.activateWindow()
    start.setFocus(Qt.FocusReason.TabFocusReason)
    for _ in range(150):
        focused = QApplication.focusWidget()
        if isinstance(focused, QLabel) and 'href="ruling:' in focused.text():
            break
        qtbot.keyClick(focused or start, Qt.Key.Key_Tab)
    else:
        pytest.fail("no ruling link reachable with Tab")
    assert focused.selectedText() in codes_of(window), "Tab lands on the link itself"
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    settle()
    assert window.state.section == "interpretations"
    return focused.text()


@pytest.fixture
def wide(window):
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(1280, 800)
    settle()
    return window


def test_atlantis_codes_are_links_after_several_moves(qtbot, wide):
    window = wide
    view = window.view_for("board")
    view.draft.practice(7)
    settle()
    # Blue: a statue from Feld 8 (a bridged gap R4, the cheapest payment R9, paid from the
    # hand R1); then White buys with a tile and moves its pawn from Feld 35.
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.pawn_point(8))
    qtbot.keyClick(view.canvas, "S")
    settle()
    read = assert_all_linked(view, codes_of(window))
    assert {"R1", "R4", "R9"} <= set(read)
    # The replay speaks the engine's sentences one by one, its caption links as well.
    for _ in range(len(view.beats)):
        qtbot.keyClick(view.canvas, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
        settle()
        if "R4" in view.step_caption.plain:
            break
    assert "R4" in view.step_caption.plain
    assert "ruling:" in view.step_caption.text()
    assert_all_linked(view, codes_of(window))
    qtbot.keyClick(view.canvas, Qt.Key.Key_Escape)

    # A refusal cites its ruling in the message line: a link there too.
    qtbot.mouseClick(view.side.bridge_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.position_point(15))  # Schwarz's bridge lies there already
    settle()
    assert view.message_box.objectName() == "WrongBox"
    assert "E5" in plain(view.message.text())
    assert_all_linked(view, codes_of(window))

    html = open_first_link_by_keys(qtbot, window, view.canvas)
    ruling = LINK.search(html).group(1)
    assert window.current_view().anchors[ruling].isVisible()


def test_survive_message_links_the_boat_ruling(qtbot, wide):
    window = wide
    window.state.select_game("survive")
    view = window.view_for("board")
    settle()
    view.draft.load(survive_position(
        "spieler: ro bl ge; zug: ro entfernen; weg: j5; land: f3 ro1 bl2 ge3 ro4; "
        "rückseiten: f3 boot"))
    settle()
    qtbot.mouseClick(view.map, Qt.MouseButton.LeftButton, pos=view.tile_point("f3"))
    settle()
    assert "S9" in assert_all_linked(view, codes_of(window))
    html = open_first_link_by_keys(qtbot, window, view.map)
    assert window.current_view().anchors[LINK.search(html).group(1)].isVisible()


def test_atacama_refusal_links_the_buildup_ruling(qtbot, wide):
    window = wide
    window.state.select_game("atacama")
    view = window.view_for("board")
    settle()
    view.variant_box.setCurrentIndex(2)  # the Aufbauspiel: sub-board I comes later (P4)
    view.take_button.click()
    settle()
    board = view.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton,
                     pos=board.square_rect(parse_square("i9")).center())
    settle()
    assert view.message_box.objectName() == "WrongBox"
    assert "P4" in assert_all_linked(view, codes_of(window))
    html = open_first_link_by_keys(qtbot, window, board)
    assert window.current_view().anchors[LINK.search(html).group(1)].isVisible()
