"""Pages built ahead in the idle time after the first frame (app/ui/page_builder.py)."""

from __future__ import annotations

import importlib

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from app.ui import page_builder
from app.ui.application import create_main_window, make_application, prebuild_pages
from app.ui.sections import sections_for
from app.ui.views.pitfall_examples import ExamplePanel


def _window(qtbot, library):
    make_application()
    window = create_main_window(library, "atlantis", remember=False)
    qtbot.addWidget(window)
    return window


def _keys(window, keys: str) -> None:
    window.activateWindow()
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(keys))


def _all_pages(window) -> list[tuple[object, object]]:
    return [(entry, section) for entry in window.state.entries()
            for section in sections_for(entry)]


def test_every_page_is_built_ahead_after_the_first_frame(qtbot, library):
    window = _window(qtbot, library)
    prebuild_pages(window)  # as application.run does, before the window is shown
    builder = window.page_builder
    at_first_frame = []
    window.after_first_frame(lambda: at_first_frame.append(
        (window.stack.count(), builder.pieces_run)))
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    # The first frame showed the one page asked for; building ahead had not begun.
    assert at_first_frame == [(1, 0)]
    qtbot.waitUntil(lambda: builder.done, timeout=120_000)
    pages = _all_pages(window)
    assert len(pages) >= 27, "three games with nine or ten sections each"
    built = {(entry.id, section.key): window.has_page(entry, section) for entry, section in pages}
    assert all(page is not None for page in built.values()), \
        [key for key, page in built.items() if page is None]
    assert window.stack.count() == len(pages)
    # The example pictures are drawn too, before anyone scrolls to them.
    panels = [panel for page in built.values() for panel in page.findChildren(ExamplePanel)]
    assert panels and all(panel.board is not None for panel in panels
                          if panel.loaded.id != "survive" or panel._board is not None)
    assert all(not panel._pending for panel in panels)
    # Opening them by keys, as a player does, shows the very pages built ahead.
    for number in range(1, len(window.sections()) + 1):
        _keys(window, f"Ctrl+{number}")
        key = window.sections()[number - 1].key
        assert window.current_view() is built[("atlantis", key)]
        assert window.current_view().isVisible()
    _keys(window, "Ctrl+G")
    assert window.state.game_id != "atlantis"
    assert window.current_view() is built[(window.state.game_id, window.state.section)]
    assert window.stack.count() == len(pages), "no page was built twice"


def test_a_key_press_pauses_building_until_the_player_is_quiet(qtbot, library):
    window = _window(qtbot, library)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    prebuild_pages(window)
    builder = window.page_builder
    qtbot.waitUntil(lambda: builder.pieces_run >= 3)
    # A key press waiting in the queue is handled before the next piece runs.
    before = builder.pieces_run
    seen = []
    window.installEventFilter(probe := _KeyProbe(seen, builder))
    QCoreApplication.postEvent(window, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Shift,
                                                 Qt.KeyboardModifier.NoModifier))
    QCoreApplication.processEvents()
    assert seen == [before], "the key came first, no piece ran before it"
    assert builder.paused
    # While the player acts, nothing is built.
    for _turn in range(20):
        QCoreApplication.processEvents()
    assert builder.pieces_run == before
    # Quiet for a moment: building goes on by itself.
    qtbot.waitUntil(lambda: builder.pieces_run > before, timeout=5000)
    assert not builder.paused
    window.removeEventFilter(probe)
    builder.stop()


def test_a_page_opened_before_its_turn_is_built_once(qtbot, library):
    window = _window(qtbot, library)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    prebuild_pages(window)
    builder = window.page_builder
    qtbot.waitUntil(lambda: builder.pieces_run >= len(page_builder.GAME_MODULES) + 3)
    # Survive's board is far down the queue; the player opens it now.
    window.state.open("survive", "board")
    opened = window.current_view()
    assert opened.isVisible()
    qtbot.waitUntil(lambda: builder.done, timeout=120_000)
    entry = next(e for e in window.state.entries() if e.id == "survive")
    board = next(s for s in sections_for(entry) if s.key == "board")
    assert window.has_page(entry, board) is opened
    assert window.stack.count() == len(_all_pages(window))


def test_a_new_library_is_built_ahead_anew(qtbot, library, monkeypatch):
    monkeypatch.setattr(page_builder, "MAX_PAGES", 4)
    window = _window(qtbot, library)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    prebuild_pages(window)
    builder = window.page_builder
    qtbot.waitUntil(lambda: builder.pieces_run >= len(page_builder.GAME_MODULES) + 4)
    window.state.set_library(library)  # e.g. a pack imported: every page is made anew
    assert window.stack.count() == 1
    qtbot.waitUntil(lambda: builder.done, timeout=120_000)
    # The first four sections of the shown game (its open page among them), no more.
    assert window.stack.count() == 4
    assert [window.has_page(window.current_entry(), s) is not None
            for s in window.sections()[:5]] == [True, True, True, True, False]


def test_a_library_loaded_after_the_start_is_built_ahead(qtbot, library, monkeypatch):
    # No snapshot: the window shows first and the library arrives from the background.
    monkeypatch.setattr(page_builder, "MAX_PAGES", 3)
    make_application()
    window = create_main_window(None, "atacama", remember=False)
    qtbot.addWidget(window)
    prebuild_pages(window)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    qtbot.waitUntil(lambda: window.page_builder.done, timeout=60_000)
    assert window.stack.count() == 0
    window.state.set_library(library)
    qtbot.waitUntil(lambda: window.stack.count() == 3, timeout=60_000)
    assert window.state.game_id == "atacama"
    assert [window.has_page(window.current_entry(), s) is not None
            for s in window.sections()[:4]] == [True, True, True, False]


def _tab_chain(page) -> list[tuple[str, str, str]]:
    """The page's widgets in Tab order, as a user meets them."""
    chain, widget = [], page.nextInFocusChain()
    while widget is not page and len(chain) < 2000:
        if page.isAncestorOf(widget) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            text = widget.text() if hasattr(widget, "text") else ""
            chain.append((type(widget).__name__, widget.objectName(),
                          widget.accessibleName() or text))
        widget = widget.nextInFocusChain()
    return chain


def _layout_of(page) -> list[tuple]:
    """Where every shown widget sits on the page."""
    def place(widget):
        corner = widget.mapTo(page, widget.rect().topLeft())
        return (corner.y(), corner.x(), widget.width(), widget.height(),
                type(widget).__name__, widget.objectName())

    return sorted(place(w) for w in page.findChildren(QWidget) if w.isVisibleTo(page))


PAGES = (("atlantis", "pitfalls"), ("atacama", "calculators"), ("survive", "interpretations"))


def test_a_page_built_ahead_is_the_page_built_on_opening(qtbot, library):
    # Its cards joined the window one by one: same order, same Tab order, same sizes.
    ahead = _window(qtbot, library)
    ahead.show()
    qtbot.waitUntil(lambda: ahead.ready)
    prebuild_pages(ahead)
    qtbot.waitUntil(lambda: ahead.page_builder.done, timeout=120_000)
    plain = _window(qtbot, library)
    plain.move(ahead.pos())
    plain.show()
    qtbot.waitUntil(lambda: plain.ready)
    for game, section in PAGES:
        pages = []
        for window in (ahead, plain):
            window.state.open(game, section)
            qtbot.waitUntil(lambda w=window: w.current_view().isVisible())
            QApplication.processEvents()
            pages.append(window.current_view())
        built_ahead, on_opening = pages
        assert built_ahead is not on_opening
        assert _tab_chain(built_ahead) == _tab_chain(on_opening), (game, section)
        assert len(_tab_chain(built_ahead)) > 3
        assert _layout_of(built_ahead) == _layout_of(on_opening), (game, section)


def test_a_page_opened_while_its_cards_are_joining_shows_them_all(qtbot, library, monkeypatch):
    window = _window(qtbot, library)
    window.show()
    qtbot.waitUntil(lambda: window.ready)
    prebuild_pages(window)
    builder = window.page_builder
    taken = []
    take_out = page_builder._Parts.take_out

    def take_out_and_halt(parts):
        take_out(parts)
        if parts.view.title == "Leicht vergessen":
            taken.append(len(parts))
            builder.stop()  # the player comes before the cards are back

    monkeypatch.setattr(page_builder._Parts, "take_out", take_out_and_halt)
    qtbot.waitUntil(lambda: bool(taken), timeout=60_000)
    pitfalls = window.current_entry().game.content.pitfalls
    assert taken[0] >= len(pitfalls)
    _keys(window, "Ctrl+4")
    view = window.current_view()
    assert window.state.section == "pitfalls" and view.isVisible()
    cards = [view.anchors[p.id] for p in pitfalls]
    assert all(card.isVisible() for card in cards)
    tops = [card.mapTo(view.column, card.rect().topLeft()).y() for card in cards]
    assert tops == sorted(tops) and len(set(tops)) == len(tops), "in their order"


def test_the_modules_built_ahead_exist():
    # The list names modules by string: a renamed one would silently fall out of it.
    for name in page_builder.GAME_MODULES:
        assert importlib.util.find_spec(name) is not None, name


class _KeyProbe:
    def __new__(cls, seen, builder):
        from PySide6.QtCore import QObject

        class Probe(QObject):
            def eventFilter(self, watched, event):
                if event.type() == QEvent.Type.KeyPress:
                    seen.append(builder.pieces_run)
                return False

        return Probe()
