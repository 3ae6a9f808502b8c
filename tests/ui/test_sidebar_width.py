"""The sidebar keeps its width when „Nachlesen“ counts come and go (issue #27): the page
beside it does not jump sideways when the quiz marks the first rule, nor at any count."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.section_delegate import COUNT_ROLE, badge_room
from app.ui.settings import DEFAULT_FONT_PT, MAX_FONT_PT, Settings
from app.ui.sidebar import MARKED_KINDS

GAMES = ("atlantis", "atacama", "survive")
# Normal text, three steps larger, the largest: the window as a user starts it with that size.
TEXT_SIZES = (DEFAULT_FONT_PT, DEFAULT_FONT_PT + 3, MAX_FONT_PT)


@pytest.fixture(params=TEXT_SIZES, ids=lambda pt: f"{pt:g}pt")
def window(request, qtbot, library, tmp_path):
    make_application()
    settings = Settings()
    settings.font_pt = request.param
    win = create_main_window(library, "atlantis", ProgressModel(tmp_path), settings=settings)
    qtbot.addWidget(win)
    win.resize(800, 600)
    win.show()
    qtbot.waitUntil(lambda: win.ready)
    assert win.section_list.font().pointSizeF() == request.param
    return win


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def where_the_page_is(window) -> tuple[int, int, int]:
    """What moves when the sidebar changes width: its width, the page's left edge and width."""
    settle()
    return (window.sidebar.width(), window.stack.mapTo(window, QPoint(0, 0)).x(),
            window.stack.width())


def press(qtbot, view, key) -> None:
    # Like a user: the key goes to whatever has the focus in the quiz.
    focused = QApplication.focusWidget()
    qtbot.keyClick(focused if focused is not None and view.isAncestorOf(focused) else view,
                   key)


def total_marks(window) -> int:
    return sum(window.marked_count(key) for key in MARKED_KINDS)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_mark_from_the_quiz_moves_nothing(qtbot, window, game):
    window.state.select_game(game)
    window.open_section_number(next(i for i, s in enumerate(window.sections(), start=1)
                                    if s.key == "quiz"))
    view = window.current_view()
    before = where_the_page_is(window)
    assert total_marks(window) == 0
    press(qtbot, view, Qt.Key.Key_Return)  # „Runde starten“
    assert view.round is not None
    # Reveal, „Wusste ich nicht“ (3) – until a question marks something to re-read.
    for _ in range(len(view.round.questions)):
        press(qtbot, view, Qt.Key.Key_Space)
        press(qtbot, view, Qt.Key.Key_3)
        if total_marks(window):
            break
    assert total_marks(window) > 0, "the quiz marked a rule to re-read"
    assert where_the_page_is(window) == before
    # The rest of the round: more marks, never a move.
    while not view.round.finished:
        press(qtbot, view, Qt.Key.Key_Space)
        press(qtbot, view, Qt.Key.Key_3)
        assert where_the_page_is(window) == before


@pytest.mark.parametrize("game", GAMES)
def test_no_count_up_to_99_in_any_section_moves_the_page_or_cuts_a_name(window, game):
    window.state.select_game(game)
    window.view_for("pitfalls")
    before = where_the_page_is(window)
    listing = window.section_list
    bold = QFont(listing.font())
    bold.setWeight(QFont.Weight.DemiBold)
    metrics = QFontMetrics(bold)
    counted = [row for row in range(listing.count())
               if listing.item(row).data(Qt.ItemDataRole.UserRole) in MARKED_KINDS]
    assert counted, "the game has sections that count marks"
    progress = window.services.progress
    # Every item of the game marked (saved, as an answer saves), then taken back one by one
    # („erledigt“ on its badge): the real counts.
    ids = list(window.state.library.game(game).game.linkable_ids())
    progress.store(game).record_situation(ids, [])
    progress.changed(game)
    assert total_marks(window) == len(ids)
    assert where_the_page_is(window) == before
    for target in ids:
        progress.clear_mark(game, target)
        assert where_the_page_is(window) == before
    assert total_marks(window) == 0
    # Beyond what this game has: any two-digit count still fits beside every name.
    for count in (1, 9, 10, 42, 99):
        for row in counted:
            listing.item(row).setData(COUNT_ROLE, count)
        assert where_the_page_is(window) == before
        for row in counted:
            item = listing.item(row)
            room = name_room(listing, row) - badge_room(listing.font(), count)
            assert metrics.horizontalAdvance(item.text()) <= room, (game, item.text(), count)


def name_room(listing, row: int) -> int:
    """The width the style gives an item's name, as the delegate paints it, with the list's
    scroll bar and focus frame present (as in a small window at large text)."""
    index = listing.model().index(row, 0)
    option = QStyleOptionViewItem()
    listing.itemDelegate().initStyleOption(option, index)
    option.rect = listing.visualRect(index)
    option.widget = listing
    text = listing.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, listing)
    shown = listing.verticalScrollBar().isVisible()
    bar = 0 if shown else listing.verticalScrollBar().sizeHint().width()
    focus = 0 if listing.hasFocus() else 2
    return text.width() - bar - focus


def _window_with(qtbot, library, tmp_path, margins):
    make_application()
    settings = Settings()
    if margins is not None:
        settings.item_margins = margins
    win = create_main_window(library, "atlantis", ProgressModel(tmp_path), settings=settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    return win, settings


def test_the_first_frame_uses_the_remembered_item_margins_and_checks_them_after(
        qtbot, library, tmp_path):
    # A first start measures the items' text margins from the style and remembers them.
    first, settings = _window_with(qtbot, library, tmp_path / "eins", None)
    first.show()
    qtbot.waitUntil(lambda: first.ready)
    measured = settings.item_margins
    assert measured is not None and measured[0] > 0
    width = where_the_page_is(first)
    first.close()
    # The next start's first frame takes them without asking the style: the same layout.
    again, _ = _window_with(qtbot, library, tmp_path / "zwei", measured)
    again.show()
    assert again.sidebar.width() == width[0]
    qtbot.waitUntil(lambda: again.ready)
    assert where_the_page_is(again) == width
    again.close()
    # Margins remembered under another style or sheet are wrong for this one: the first frame
    # shows them, and right after it the sidebar is fitted to the measured ones and they are
    # remembered for the next start.
    stale, stale_settings = _window_with(qtbot, library, tmp_path / "drei",
                                         (measured[0] + 30, measured[1]))
    stale.show()
    assert stale.sidebar.width() > width[0]
    qtbot.waitUntil(lambda: stale.ready)
    qtbot.waitUntil(lambda: stale.sidebar.width() == width[0])
    assert where_the_page_is(stale) == width
    assert stale_settings.item_margins == measured
