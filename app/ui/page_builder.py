"""Pages built ahead, in the idle time after the first frame.

Opening a page the first time used to build it then: its modules imported, its widgets made
and styled, its example pictures drawn, all laid out — 300–700 ms for a board or „Leicht
vergessen“, a visible stall on the first click. The window now builds its pages while the
player reads the first one, in pieces that each take one event-loop turn (a module import,
one page's widgets, each card of a reading page joining the window, one picture, one page's
layout), so a key press or click waits at most for one piece. Any input pauses the queue
until the player has been quiet for :data:`QUIET_MS`; the player's own request always comes
first, and a page asked for before its turn is simply built then, as before.

The queue starts after ``window.ready`` (the first frame and the jobs that follow it), so it
never delays the first frame. The current game's pages come first, then the other games'.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Callable, Iterator

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

from app.ui.sections import Section, sections_for
from app.ui.widgets import PageColumn

QUIET_MS = 400  # after the player's last key or click, before building goes on
MAX_PAGES = 40  # 100 own games would be 900 pages: the first ones, the rest on opening
# What the player does: building waits while they act.
USER_INPUT = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride, QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonDblClick, QEvent.Type.Wheel, QEvent.Type.TouchBegin,
})
# The game pages' modules, imported one per piece before the registry ties them together
# (the registry imports all of them in one go: 150 ms). Leaves first, so each import is
# one module's own work. A module missing here is simply imported with its page.
GAME_MODULES = (
    "app.rules.atlantis.game", "app.rules.atacama.game", "app.rules.survive.game",
    "app.ui.boards.atlantis_scene", "app.ui.boards.atlantis_panel",
    "app.ui.boards.accessible", "app.ui.board_page",
    "app.ui.situations", "app.ui.practice_situations",
    "app.ui.views.atlantis_board_view", "app.ui.views.atlantis_calculators",
    "app.ui.views.atacama_board_view", "app.ui.views.atacama_calculator",
    "app.ui.views.survive_removal_view", "app.ui.views.survive_encounters",
    "app.ui.views.pitfall_examples",
)

Piece = tuple[str, Callable[[], None]]  # (what it builds, for benchmarks), the work


class PageBuilder(QObject):
    """The idle queue of one main window (see the module's text)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.pieces_run = 0
        self.last_piece = ""
        self.last_piece_ms = 0.0  # its CPU time, for benchmarks
        self._waiting = False  # start() was called before window.ready
        self._wanted = False  # start() was called: a new library is built ahead too
        self._plan: Iterator[Piece] | None = None
        self._turn = QTimer(self)
        self._turn.setSingleShot(True)
        self._turn.setInterval(0)
        self._turn.timeout.connect(self._run_piece)
        self._quiet = QTimer(self)
        self._quiet.setSingleShot(True)
        self._quiet.setInterval(QUIET_MS)
        self._quiet.timeout.connect(self._resume)
        self._partial: dict[int, _Parts] = {}  # pages in the window whose cards are not all back
        window.state.libraryChanged.connect(self.restart)
        window.stack.currentChanged.connect(self._complete)

    # -- the queue ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Nothing left to build (or nothing asked for)."""
        return self._plan is None and not self._waiting

    @property
    def paused(self) -> bool:
        return self._quiet.isActive()

    def start(self) -> None:
        """Build ahead from the next turn on; waits for ``window.ready`` if it has not come."""
        self._wanted = True
        if not self.window.ready:
            if not self._waiting:
                self._waiting = True
                self.window.after_first_frame(self._retry)
            return
        if self._plan is None:
            QCoreApplication.instance().installEventFilter(self)
        for parts in self._partial.values():
            parts.drop()
        self._partial.clear()
        self._plan = self._pieces()
        self._turn.start()

    def _complete(self, _index: int) -> None:
        # The player opened a page whose cards are still coming: all of them, before it paints.
        page = self.window.stack.currentWidget()
        parts = self._partial.pop(id(page), None) if page is not None else None
        if parts is not None:
            parts.put_back_all()

    def _retry(self) -> None:
        if self._waiting:
            self._waiting = False
            self.start()

    def restart(self) -> None:
        # A new library replaced every page (or arrived after the start, loaded in the
        # background): build the new ones.
        if self._wanted:
            self.start()

    def stop(self) -> None:
        """Build nothing more ahead, not even for a new library."""
        self._wanted = False
        self._finish()

    def _finish(self) -> None:
        self._waiting = False
        if self._plan is not None:
            QCoreApplication.instance().removeEventFilter(self)
        self._plan = None
        self._turn.stop()
        self._quiet.stop()

    def eventFilter(self, watched, event) -> bool:
        if event.type() in USER_INPUT and self._plan is not None:
            self._turn.stop()
            self._quiet.start()  # again from the start at every key
        return False

    def _resume(self) -> None:
        if self._plan is not None:
            self._turn.start()

    def _run_piece(self) -> None:
        if self._plan is None:
            return
        piece = next(self._plan, None)
        if piece is None:
            self._finish()
            return
        self.last_piece, work = piece
        started = time.thread_time()
        work()
        self.last_piece_ms = (time.thread_time() - started) * 1000
        self.pieces_run += 1
        if self._plan is not None and not self._quiet.isActive():
            self._turn.start()

    # -- what is built -----------------------------------------------------------------------

    def _pieces(self) -> Iterator[Piece]:
        window = self.window
        for name in GAME_MODULES:
            yield name, lambda name=name: _import(name)
        built = 0
        for game_id in self._games():
            entry = next((e for e in window.state.entries() if e.id == game_id), None)
            if entry is None or not _loaded(entry):
                continue
            # Reading a game from the snapshot is one piece of its own.
            yield f"{entry.id}: Inhalt", lambda entry=entry: entry.game
            for section in sections_for(entry):
                if built >= MAX_PAGES:
                    return
                built += 1
                yield from self._page_pieces(entry, section)

    def _games(self) -> list[str]:
        switcher = self.window.game_switcher
        others = [switcher.itemData(i) for i in range(switcher.count())]
        current = self.window.state.game_id
        return [current, *(g for g in others if g != current)]

    def _page_pieces(self, entry, section: Section) -> Iterator[Piece]:
        window = self.window
        if window.has_page(entry, section) is not None:
            return
        where = f"{entry.id}/{section.key}"
        if section.view:
            yield section.view, lambda: _import(section.view.split(":")[0])
        made: list[QWidget] = []
        yield f"{where}: bauen", lambda: made.append(window.build_page(entry, section))
        view = made[0] if made else None
        parts = _Parts(view) if isinstance(view, PageColumn) else None

        def adopt() -> None:
            if window.has_page(entry, section) is not None:
                view.deleteLater()  # the player opened it meanwhile
                return
            if parts is not None:
                parts.take_out()
                self._partial[id(view)] = parts
            window.adopt_page(entry, section, view)
            if parts is not None:
                lay_out_hidden(view, window.stack)  # the column's width, for the parts

        # Joining the window styles every widget of a page: 100–200 ms for a long one. So a
        # reading page joins without its cards, and they follow one per piece.
        yield f"{where}: einfügen", adopt
        page = window.has_page(entry, section)
        if page is None or page.isVisible():
            return  # the player opened it meanwhile: it is laid out and drawn already
        if parts is not None and page is view:
            for number in range(len(parts)):
                yield f"{where}: Teil {number + 1}", parts.put_back_next
            self._partial.pop(id(view), None)
        from app.ui.views.pitfall_examples import ExamplePanel

        for panel in page.findChildren(ExamplePanel):
            yield f"{where}: Bild {panel.example.id}", panel.prepare
        yield f"{where}: Layout", lambda: lay_out_hidden(page, window.stack)


class _Parts:
    """A reading page's cards, out of the page while it joins the window, then back one by one.

    Each comes back to where it was in the column (spacers and nested layouts stay put) and is
    measured at the column's width at once: its labels remember their heights (WrappedLabel),
    so laying the whole page out later costs little.
    """

    def __init__(self, view):
        self.view = view
        self.layout = view.layout_
        self._out: list[tuple[int, QWidget, int, object, bool]] = []

    def __len__(self) -> int:
        return len(self._out)

    def take_out(self) -> None:
        layout = self.layout
        for index in range(layout.count()):
            item = layout.itemAt(index)
            widget = item.widget()
            if widget is not None:
                hidden = widget.isHidden() and widget.testAttribute(
                    Qt.WidgetAttribute.WA_WState_ExplicitShowHide)  # e.g. the marks filter
                self._out.append((index, widget, layout.stretch(index), item.alignment(),
                                  hidden))
        for _index, widget, *_rest in self._out:
            layout.removeWidget(widget)
            # Out of the page's tree, so joining the window styles the page without them.
            widget.setParent(None)

    def put_back_next(self) -> None:
        if not self._out:
            return
        index, widget, stretch, alignment, hidden = self._out.pop(0)
        self.layout.insertWidget(index, widget, stretch, alignment)
        if not hidden and self.view.column.isVisible():
            widget.show()  # now, not in a later turn (the page is on screen)
        widget.ensurePolished()  # styled now, not all at once when the page is laid out
        width = self.view.column.width()
        if width > 0 and widget.hasHeightForWidth():
            widget.heightForWidth(width)

    def put_back_all(self) -> None:
        while self._out:
            self.put_back_next()

    def drop(self) -> None:
        """The page is gone (a new library): its cards out of it go too."""
        for _index, widget, *_rest in self._out:
            widget.deleteLater()
        self._out.clear()


def lay_out_hidden(page: QWidget, stack: QWidget) -> None:
    """Lay ``page`` out at the size it will be shown at, while it stays hidden.

    A hidden widget's layouts wait for its first show; rendering it (into a pixmap nobody
    sees) gives every widget its geometry now, as Qt does for a hidden widget it renders,
    and fills what painting caches (pictures, text layouts)."""
    if page.isVisible():
        return
    page.resize(stack.size())
    page.grab()


def _import(name: str) -> None:
    # Renamed or gone: imported with its page instead (a test keeps the list current).
    with contextlib.suppress(ImportError):
        importlib.import_module(name)


def _loaded(entry) -> bool:
    from app.model.library import LoadedGame

    return isinstance(entry, LoadedGame)
