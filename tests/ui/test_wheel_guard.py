"""A wheel scroll over a combo or spin box scrolls the page; it changes no game state (#27)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.rules.atlantis import parse_state

# One of Blue's pawns is on the mainland ([a]): a player still all on Atlantis holds no tiles.
TWO_PAYMENTS = "R3 ~ K5 H2 [a] | a: H S3 K2 O1"


def wheel(widget: QWidget, steps: int = -1) -> None:
    """What the mouse wheel sends to the widget under the pointer."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_wheel_over_the_payment_leaves_the_finished_move_as_it_was(qtbot, window):
    window.resize(1280, 800)
    window.state.select_section("board")
    board = window.view_for("board")
    board.session.start(parse_state(TWO_PAYMENTS), source="Test")
    board.draft.play_text("0:H")
    combo = board.side.payment_combo
    qtbot.waitUntil(combo.isVisible)
    assert combo.count() > 1
    paid = board.draft.paid()
    board.canvas.setFocus()
    for steps in (-1, -1, 1, -3):
        wheel(combo, steps)
    assert board.draft.paid() == paid and combo.currentIndex() == 0
    # Asked for: with the focus on it (a click or Tab), the wheel chooses as usual.
    combo.setFocus()
    wheel(combo, -1)
    assert combo.currentIndex() == 1


def test_wheel_over_the_plan_number_scrolls_the_page_not_the_game(qtbot, window):
    window.resize(800, 600)
    window.state.select_game("atacama")
    window.state.select_section("board")
    view = window.view_for("board")
    played = view.session.notation
    spin = view.seed_box
    qtbot.waitUntil(spin.isVisible)
    bar = view.page.verticalScrollBar()
    assert bar.maximum() > 0, "the page scrolls at 800×600"
    before = bar.value()
    wheel(spin, -2)
    assert view.session.notation == played and spin.hasFocus() is False
    assert bar.value() > before, "the page scrolled instead"
