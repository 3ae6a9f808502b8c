"""The main window: game switcher and sections on the left, the open section on the right."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.model.library import LoadedGame  # light: no YAML, pydantic or engines
from app.model.paths import resources_root
from app.ui.accessibility import link_label, name_by_text, name_page
from app.ui.app_state import AppState, Services
from app.ui.page import Page
from app.ui.section_delegate import COUNT_ROLE, SectionDelegate
from app.ui.sections import Section, sections_for
from app.ui.settings import DEFAULT_FONT_PT, MAX_FONT_PT, MIN_FONT_PT, Settings
from app.ui.sheet_actions import print_sheet_of, save_sheet_of
from app.ui.sidebar import MARKED_KINDS, ItemMargins, list_width, most_marks, sidebar_width
from app.ui.switcher import switcher_icon, switcher_title
from app.ui.text_size import size_roles
from app.ui.theme import ThemeController, colours_for

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

SIDEBAR_WIDTH = 200  # before its names are measured (app/ui/sidebar.py)
SECTION_KEY = Qt.ItemDataRole.UserRole
SECTION_TITLE = Qt.ItemDataRole.UserRole + 1


def icon(name: str) -> QIcon:
    return QIcon(str(resources_root() / "icons" / f"{name}.svg"))


def _guard_wheel(view: QWidget) -> None:
    from app.ui.wheel_guard import guard_wheel

    guard_wheel(view)


class MainWindow(QMainWindow):
    def __init__(self, state: AppState, services: Services | None = None,
                 theme: ThemeController | None = None, settings: Settings | None = None):
        super().__init__()
        self.state = state
        self.services = services or Services(state)
        self.theme = theme
        self.settings = settings
        self._views: dict[tuple[str, str], QWidget] = {}
        self._counts_follow: bool | None = False  # None: waiting for the first frame
        # Set up right after the first frame: the menus' entries and shortcuts, and what
        # others add (application.run: the boards' screen-reader interfaces).
        self._after_first_frame: list | None = [self._fill_menus]
        self.content_painted = False  # a frame with a section's content has been painted
        self.ready = False  # the jobs that follow the first frame (menus, keys) have run
        self.setMinimumSize(QSize(760, 560))

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self._build_sidebar())
        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(0)
        self.notice_bar = NoticeBar(tab_after=self.section_list)
        right.addWidget(self.notice_bar)
        self.stack = QStackedWidget()
        right.addWidget(self.stack, 1)
        layout.addLayout(right, 1)
        self.setCentralWidget(central)

        self.status_text = StatusText()
        self.status_text.setTextFormat(Qt.TextFormat.PlainText)
        self.status_text.setObjectName("StatusText")
        # The roles' sizes before anything is polished or measured (the status bar measures
        # at once): the style sheet keeps the font a widget had when it was first polished
        # (app/ui/text_size.py: the text-size style comes after the first frame).
        size_roles(self.status_text)
        size_roles(self)
        self.statusBar().addWidget(self.status_text, 1)
        self.statusBar().setSizeGripEnabled(False)

        self._actions: dict[str, QAction] | None = None
        self._build_menu_bar()
        self._set_tab_order()
        self._margins = ItemMargins(self.section_list, settings)  # app/ui/sidebar.py
        self.after_first_frame(lambda: self._margins.check() and self._fit_sidebar())

        state.libraryChanged.connect(self._on_library)
        state.gameChanged.connect(self._show_game)
        state.sectionChanged.connect(self._show_section)
        state.jumpRequested.connect(self._jump)
        progress = self.services.progress
        if progress is not None:
            # A bound method: Qt drops the connection when this window is deleted.
            progress.marksChanged.connect(self._update_counts)
            progress.noticeRaised.connect(self.notice_bar.show_notice)
        if theme is not None:
            theme.changed.connect(self._fit_sidebar)
        if state.library is not None:
            self._on_library()
        else:
            self.setWindowTitle("Regelfrisch")
            self.status_text.setText("Inhalte werden geladen …")

    # -- building ---------------------------------------------------------------------------

    def _build_sidebar(self) -> QWidget:
        sidebar = QFrame()
        sidebar.setObjectName("Sidebar")
        sidebar.setFixedWidth(SIDEBAR_WIDTH)
        self.sidebar = sidebar
        layout = QVBoxLayout(sidebar)
        layout.setContentsMargins(14, 18, 14, 14)
        layout.setSpacing(8)
        title = QLabel("Regelfrisch")
        title.setObjectName("AppTitle")
        self.app_title = title
        subtitle = QLabel("Regeln auffrischen vor dem Spieleabend")
        subtitle.setObjectName("AppSubtitle")
        subtitle.setWordWrap(True)
        layout.addWidget(title)
        layout.addWidget(subtitle)

        self.game_switcher = QComboBox()
        self.game_switcher.setObjectName("GameSwitcher")
        self.game_switcher.currentIndexChanged.connect(
            lambda i: self.state.select_game(self.game_switcher.itemData(i)))
        layout.addWidget(self.game_switcher)
        # A hidden sibling made here, not one that follows the box's parent: that follower
        # is an event filter in Python, and every event it sees before the first frame makes
        # PySide create the event's type (issue #27).
        buddy = QLabel("Spiel wählen", sidebar)
        buddy.setObjectName("HiddenBuddy")
        buddy.hide()
        link_label(self.game_switcher, "Spiel wählen", buddy)
        layout.addSpacing(6)

        self.section_list = QListWidget()
        self.section_list.setObjectName("SectionList")
        self.section_list.setAccessibleName("Abschnitte")
        self.section_list.setIconSize(QSize(18, 18))
        self.section_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.section_list.currentItemChanged.connect(self._on_section_item)
        # Arrow keys browse the list and keep the focus there; a click or Enter opens the page.
        self.section_list.clicked.connect(lambda _index: self.focus_page())
        self.section_list.activated.connect(lambda _index: self.focus_page())
        self.section_list.setItemDelegate(SectionDelegate(
            lambda: self.theme.colours if self.theme else colours_for("system"), self.section_list))
        layout.addWidget(self.section_list, 1)
        return sidebar

    # -- reacting to the state -----------------------------------------------------------

    def _on_library(self) -> None:
        self._views.clear()
        while self.stack.count():
            widget = self.stack.widget(0)
            self.stack.removeWidget(widget)
            widget.deleteLater()
        self.game_switcher.blockSignals(True)
        self.game_switcher.clear()
        for entry in self.state.entries():
            if _loaded(entry):
                # entry.title, not entry.game.title: a game from the snapshot is read on opening.
                self.game_switcher.addItem(switcher_icon(entry), switcher_title(entry), entry.id)
                self.game_switcher.setItemData(self.game_switcher.count() - 1,
                                               entry.title, Qt.ItemDataRole.ToolTipRole)
            else:
                self.game_switcher.addItem(f"{entry.id} (fehlerhaft)", entry.id)
        self.game_switcher.blockSignals(False)
        self._show_game(self.state.game_id)

    def current_entry(self):
        """The current game: a ``LoadedGame``, a ``FailedGame`` or ``None``."""
        return next((e for e in self.state.entries() if e.id == self.state.game_id), None)

    def sections(self) -> list[Section]:
        entry = self.current_entry()
        return sections_for(entry) if _loaded(entry) else []

    def _show_game(self, game_id: str) -> None:
        entry = self.current_entry()
        index = self.game_switcher.findData(game_id)
        if index >= 0 and index != self.game_switcher.currentIndex():
            self.game_switcher.blockSignals(True)
            self.game_switcher.setCurrentIndex(index)
            self.game_switcher.blockSignals(False)
        self.section_list.blockSignals(True)
        self.section_list.clear()
        for section in self.sections():
            item = QListWidgetItem(icon(section.icon), section.title)
            item.setData(SECTION_KEY, section.key)
            item.setData(SECTION_TITLE, section.title)
            self.section_list.addItem(item)
        self.section_list.blockSignals(False)
        self._update_counts()
        self._fit_sidebar()
        self._name_section_actions()
        if entry is None:
            self.setWindowTitle("Regelfrisch")
            return
        if not _loaded(entry):
            from app.ui.views.problems_view import ProblemsView

            self.setWindowTitle(f"Regelfrisch — {entry.id} (fehlerhaft)")
            self._set_page(("!" + entry.id, ""), lambda: ProblemsView(entry))
            self.status_text.setText(
                f"{len(entry.problems)} Problem(e) in den Inhalten von „{entry.id}“.")
            return
        self.setWindowTitle(f"Regelfrisch — {entry.game.short_title}")
        keys = [s.key for s in self.sections()]
        if self.state.section not in keys:
            self.state.section = keys[0]
        self._show_section(self.state.section)
        self._update_status(entry)

    def _show_section(self, key: str) -> None:
        entry = self.current_entry()
        if not _loaded(entry):
            return
        section = next((s for s in self.sections() if s.key == key), None)
        if section is None:
            return
        for row in range(self.section_list.count()):
            item = self.section_list.item(row)
            if item.data(SECTION_KEY) == key and self.section_list.currentRow() != row:
                self.section_list.blockSignals(True)
                self.section_list.setCurrentRow(row)
                self.section_list.blockSignals(False)
        self._set_page((entry.id, key), lambda: self.build_page(entry, section))
        self.current_view().show_first_mark()
        self.state.visited()
        self._update_history_actions()
        if self.settings is not None:
            self.settings.remember_place(entry.id, key)
        if not (self.section_list.hasFocus() or self.game_switcher.hasFocus()):
            self.focus_page()

    def focus_page(self) -> None:
        """Give the open page the focus its advertised keys need.

        A page names that widget with ``focus_target()`` (app/ui/page.py: the quiz its start
        button or itself, a board its board); a reading page takes the focus itself, so the
        arrow and page keys scroll it.
        """
        view = self.current_view()
        if view is None:
            return
        (view.focus_target() or view).setFocus(Qt.FocusReason.OtherFocusReason)

    def _set_page(self, cache_key: tuple[str, str], build) -> None:
        view = self._views.get(cache_key)
        self.stack.setCurrentWidget(view if view is not None else self._adopt(cache_key, build()))

    def _adopt(self, cache_key: tuple[str, str], view: QWidget) -> QWidget:
        if self.ready:
            _guard_wheel(view)
        else:
            # No wheel reaches a page before its first frame; the guard's Qt types wait too.
            from shiboken6 import isValid

            self.after_first_frame(lambda: _guard_wheel(view) if isValid(view) else None)
        size_roles(view)
        self._views[cache_key] = view
        self.stack.addWidget(view)
        return view

    # -- pages, also built ahead (app/ui/page_builder.py) -------------------------------------

    def has_page(self, entry, section: Section) -> QWidget | None:
        """The page of ``section`` of ``entry`` if it has been built."""
        return self._views.get((entry.id, section.key))

    def build_page(self, entry, section: Section) -> QWidget:
        """A new page of ``section`` of ``entry``, not yet in the window (see adopt_page)."""
        return name_page(section.build(entry, self.services), section.title)

    def adopt_page(self, entry, section: Section, view: QWidget) -> None:
        """Put ``view`` (from build_page) into the window, hidden, as the page of ``section``."""
        self._adopt((entry.id, section.key), view)

    def _on_section_item(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.state.select_section(item.data(SECTION_KEY))

    def _update_counts(self, _game: str | None = None) -> None:
        """Show how many marked rules wait in each section, e.g. „Leicht vergessen  2“."""
        if not self.isVisible() and self._counts_follow is False:
            # The counts need the progress store (and FSRS); before the first frame they
            # would only delay the content. They follow right after it (see paintEvent).
            self._counts_follow = None
            return
        entry = self.current_entry()
        progress = self.services.progress
        marked = progress.marked(entry.id) if progress is not None and _loaded(entry) else set()
        kinds = entry.game.linkable_ids() if _loaded(entry) else {}
        for row in range(self.section_list.count()):
            item = self.section_list.item(row)
            kind = MARKED_KINDS.get(item.data(SECTION_KEY))
            count = sum(1 for target in marked if kinds.get(target) == kind) if kind else 0
            title = item.data(SECTION_TITLE)
            item.setData(COUNT_ROLE, count)
            item.setToolTip(f"{count} zum Nachlesen markiert" if count else "")
            item.setData(Qt.ItemDataRole.AccessibleTextRole,
                         f"{title}, {count} zum Nachlesen markiert" if count else title)

    def _fit_sidebar(self) -> None:
        """Wide enough for the title and every section name (bold when chosen) with the room
        of its largest count, at the current text size: the width does not change when a
        count appears (app/ui/sidebar.py)."""
        entry = self.current_entry()
        most = most_marks(entry.game.linkable_ids()) if _loaded(entry) else {}
        listing = self.section_list
        sections = [(listing.item(row).data(SECTION_KEY), listing.item(row).text())
                    for row in range(listing.count())]
        self.sidebar.setFixedWidth(sidebar_width(
            self.sidebar, list_width(listing, sections, most, self._margins.get()),
            [self.app_title.sizeHint().width(), self.game_switcher.minimumSizeHint().width()]))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "_margins"):
            self._fit_sidebar()

    def marked_count(self, section_key: str) -> int:
        """The count the sidebar shows beside ``section_key``."""
        for row in range(self.section_list.count()):
            item = self.section_list.item(row)
            if item.data(SECTION_KEY) == section_key:
                return item.data(COUNT_ROLE) or 0
        return 0

    def _jump(self, section: str, anchor: str) -> None:
        view = self.current_view()
        target = view.anchors.get(anchor)
        if target is not None:
            view.scroll_to(target)
            _focus_hit(target)

    def _update_status(self, entry) -> None:
        checked = sum(1 for r in entry.examples.values() if r.ok)
        parts = [f"{entry.game.content.meta.booklet}"]
        if checked:
            parts.append(f"{checked} Rechenbeispiele von der Regel-Engine geprüft")
        failures = len(self.state.library.failures)
        if failures:
            parts.append(f"{failures} Spiel(e) fehlerhaft")
        self.status_text.setText(" · ".join(parts))

    # -- menus and shortcuts -------------------------------------------------------------

    @property
    def actions_by_name(self) -> dict[str, QAction]:
        """Every menu action by name; the menus are filled on first use at the latest."""
        self._fill_menus()
        return self._actions

    @property
    def packs(self):
        """Own games, live preview and Anki export (made with the Datei menu)."""
        self._fill_menus()
        return self._packs

    def _name_section_actions(self) -> None:
        # Ctrl+1 … Ctrl+9 carry the section names, so the menu and F1 say where they lead.
        if self._actions is None:
            return  # named when the menus are filled
        titles = [s.title for s in self.sections()]
        for number in range(1, 10):
            action = self._actions[f"section{number}"]
            action.setText(titles[number - 1] if number <= len(titles) else f"Abschnitt {number}")
            action.setVisible(number <= len(titles))

    def _build_menu_bar(self) -> None:
        # The bar and its three menus now, so the first frame has its final layout; their
        # entries and shortcuts (and the own-pack machinery) right after that frame.
        bar = self.menuBar()
        self._menus = (bar.addMenu("&Datei"), bar.addMenu("&Ansicht"), bar.addMenu("&Hilfe"))

    def _action(self, name: str, text: str, keys: list, slot, menu) -> QAction:
        # Also used by the own-pack and library actions to add their entries.
        return _add_action(self, name, text, keys, slot, menu)

    def _fill_menus(self) -> None:
        """The menus' entries and their shortcuts (idempotent)."""
        if self._actions is not None:
            return
        from PySide6.QtGui import QAction, QActionGroup, QKeySequence

        self._actions = {}
        file_menu, view_menu, help_menu = self._menus
        _add_action(self, "print", "Drucken / Als PDF …",
                    [QKeySequence.StandardKey.Print, "Ctrl+P"], self.print_sheet, file_menu)
        _add_action(self, "pdf", "Als PDF speichern …", ["Ctrl+Shift+P"], self.save_pdf, file_menu)
        from app.ui.pack_actions import PackActions

        self._packs = PackActions(self, file_menu)  # own games, live preview, Anki export
        from app.ui.game_library_actions import LibraryActions

        self._library = LibraryActions(self, self._packs, file_menu)  # shared packs via git
        file_menu.addSeparator()
        _add_action(self, "quit", "Beenden", ["Ctrl+Q"], self.close, file_menu)

        _add_action(self, "search", "Suchen …", ["Ctrl+F", "Ctrl+K"], self.open_search, view_menu)
        _add_action(self, "teach", "Erklären", ["F5"], self.open_teaching, view_menu)
        view_menu.addSeparator()
        for number in range(1, 10):
            _add_action(self, f"section{number}", f"Abschnitt {number}", [f"Ctrl+{number}"],
                        lambda _=False, n=number: self.open_section_number(n), view_menu)
        # Ctrl+1 … 9 end at nine; the neighbours reach every section, the tenth included.
        _add_action(self, "next_section", "Nächster Abschnitt", ["Ctrl+PgDown"],
                    lambda: self.step_section(1), view_menu)
        _add_action(self, "previous_section", "Vorheriger Abschnitt", ["Ctrl+PgUp"],
                    lambda: self.step_section(-1), view_menu)
        _add_action(self, "last_section", "Letzter Abschnitt", ["Alt+0"],
                    lambda: self.open_section_number(len(self.sections())), view_menu)
        view_menu.addSeparator()
        _add_action(self, "next_game", "Nächstes Spiel", ["Ctrl+G"], lambda: self.step_game(1),
                    view_menu)
        _add_action(self, "previous_game", "Vorheriges Spiel", ["Ctrl+Shift+G"],
                    lambda: self.step_game(-1), view_menu)
        view_menu.addSeparator()
        _add_action(self, "back", "Zurück", ["Alt+Left"], lambda: self.go(-1), view_menu)
        _add_action(self, "forward", "Vorwärts", ["Alt+Right"], lambda: self.go(1), view_menu)
        view_menu.addSeparator()
        _add_action(self, "zoom_in", "Schrift größer", ["Ctrl++", "Ctrl+="],
                    lambda: self.zoom(1.0), view_menu)
        _add_action(self, "zoom_out", "Schrift kleiner", ["Ctrl+-"], lambda: self.zoom(-1.0),
                    view_menu)
        _add_action(self, "zoom_reset", "Normale Schriftgröße", ["Ctrl+0"], lambda: self.zoom(0),
                    view_menu)
        view_menu.addSeparator()
        look = view_menu.addMenu("Darstellung")
        self.theme_group = QActionGroup(self)
        for mode, text in (("system", "Wie das System"), ("hell", "Hell"), ("dunkel", "Dunkel")):
            action = QAction(text, self, checkable=True)
            action.setData(mode)
            action.setChecked(self.theme is not None and self.theme.mode == mode)
            action.triggered.connect(lambda _=False, m=mode: self.set_theme(m))
            self.theme_group.addAction(action)
            look.addAction(action)
            self._actions[f"theme_{mode}"] = action

        _add_action(self, "shortcuts", "Tastenkürzel", ["F1"], self.show_shortcuts, help_menu)
        _add_action(self, "about", "Über Regelfrisch", [], self.show_about, help_menu)
        self._name_section_actions()
        self._update_history_actions()

    def _set_tab_order(self) -> None:
        # Left to right, top to bottom: game, sections, then the content.
        QWidget.setTabOrder(self.game_switcher, self.section_list)
        QWidget.setTabOrder(self.section_list, self.stack)

    def _update_history_actions(self) -> None:
        if self._actions is None:
            return  # set when the menus are filled
        self.actions_by_name["back"].setEnabled(self.state.can_go(-1))
        self.actions_by_name["forward"].setEnabled(self.state.can_go(1))

    def open_section_number(self, number: int) -> None:
        sections = self.sections()
        if 1 <= number <= len(sections):
            self.state.select_section(sections[number - 1].key)
            self.focus_page()

    def step_section(self, step: int) -> None:
        """The next (+1) or previous (-1) section, round the end."""
        keys = [s.key for s in self.sections()]
        if keys:
            here = keys.index(self.state.section) if self.state.section in keys else 0
            self.open_section_number((here + step) % len(keys) + 1)

    def step_game(self, step: int) -> None:
        count = self.game_switcher.count()
        if count > 1:
            self.game_switcher.setCurrentIndex((self.game_switcher.currentIndex() + step) % count)
            self.focus_page()

    def go(self, step: int) -> None:
        """Alt+Left / Alt+Right: back or forward, with the keyboard on the page."""
        self.state.go(step)
        self.focus_page()

    def zoom(self, step: float) -> None:
        if self.theme is None:
            return
        font_pt = DEFAULT_FONT_PT if step == 0 else self.theme.font_pt + step
        font_pt = min(MAX_FONT_PT, max(MIN_FONT_PT, font_pt))
        self.theme.set_font_pt(font_pt)
        if self.settings is not None:
            self.settings.font_pt = font_pt

    def set_theme(self, mode: str) -> None:
        if self.theme is None:
            return
        self.theme.set_mode(mode)
        self._clear_search_marks()  # they were tinted for the old theme
        self._fill_menus()
        for action in self.theme_group.actions():
            action.setChecked(action.data() == mode)
        if self.settings is not None:
            self.settings.theme = mode

    def show_shortcuts(self) -> None:
        from app.ui.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(list(self.actions_by_name.values()), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.last_dialog = dialog

    def show_about(self) -> None:
        from app.ui.about_dialog import AboutDialog

        dialog = AboutDialog(self.state.library, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.last_dialog = dialog

    def open_search(self) -> None:
        if self.state.library is None:
            return
        from shiboken6 import isValid

        from app.model.search import SearchIndex
        from app.ui.search_dialog import SearchDialog

        if getattr(self, "_search_index", None) is None or self._search_library is not \
                self.state.library:
            self._search_index = SearchIndex.build(self.state.library)
            self._search_library = self.state.library
        dialog = SearchDialog(self._search_index, self, game_id=self.state.game_id,
                              colours=self.theme.colours if self.theme else None)
        dialog.set_query(getattr(self, "_last_query", ""))
        dialog.jumpRequested.connect(self.jump_to_match)
        if self.theme is not None:
            self.theme.changed.connect(
                lambda d=dialog: d.set_colours(self.theme.colours) if isValid(d) else None)
        dialog.open()
        self.last_dialog = dialog

    def jump_to_match(self, game_id: str, section: str, anchor: str, query: str) -> None:
        from app.ui.highlight import highlight_in_view

        self._last_query = query
        self._clear_search_marks()
        self.state.open(game_id, section)
        self._highlighted_view = self.current_view()
        hit = highlight_in_view(self._highlighted_view, anchor, query)
        # The keyboard lands on the hit itself, not on the page around it.
        if hit is not None and anchor:
            _focus_hit(hit)
        else:
            self.focus_page()

    def _clear_search_marks(self) -> None:
        from shiboken6 import isValid

        from app.ui.highlight import clear_highlights

        old = getattr(self, "_highlighted_view", None)
        if old is not None and isValid(old):
            clear_highlights(old)
        self._highlighted_view = None

    def print_sheet(self) -> None:
        print_sheet_of(self)

    def save_pdf(self) -> None:
        save_sheet_of(self)

    def open_teaching(self) -> None:
        """„Erklären“: the current game as a full-screen presentation for the table."""
        entry = self.current_entry()
        if not _loaded(entry):
            return
        from app.ui.teach.presentation import open_teaching

        self.presentation = open_teaching(entry, self)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # Showing gives the children their real widths only now; what they change in turn
        # (the status line's wrapped height) would otherwise be laid out after the first
        # frame, and the page would jump once. Settle it before that frame.
        # Twice: the first round's layouts may post one more (a label that wraps anew).
        for _round in range(2):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.state.library is not None and self.current_view() is not None:
            # This frame paints the open section too (children paint in the same pass).
            self.content_painted = True
        if self._counts_follow is None:
            self._counts_follow = True
            QTimer.singleShot(0, self._update_counts)
        if self._after_first_frame is not None:
            # Right after the first frame: nothing a user can press arrives before it.
            waiting, self._after_first_frame = self._after_first_frame, None
            for job in waiting:
                QTimer.singleShot(0, job)
            QTimer.singleShot(0, self._mark_ready)

    def _mark_ready(self) -> None:
        # Queued after the first frame's jobs, so it runs when they have all run.
        self.ready = True

    def after_first_frame(self, job) -> None:
        """Run ``job`` in the event loop's turn after this window's first frame (at once
        in the next turn when that frame has been painted)."""
        if self._after_first_frame is None:
            QTimer.singleShot(0, job)
        else:
            self._after_first_frame.append(job)

    def closeEvent(self, event) -> None:
        if self.settings is not None:
            self.settings.save_geometry(self)
        super().closeEvent(event)

    # -- for tests, screenshots and other windows ---------------------------------------

    def current_view(self) -> Page:
        return self.stack.currentWidget()

    def view_for(self, key: str) -> QWidget:
        """Open section ``key`` of the current game and return its view."""
        self.state.select_section(key)
        self._show_section(key)
        return self.current_view()


class StatusText(QLabel):
    """The status line: one line while it fits, wrapped when it does not (a long source name at
    large text), never cut off. The status bar sizes its items by their minimum heights, so
    the label pins its height to what its text needs at its width."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWordWrap(True)

    def _fit(self) -> None:
        if self.width() > 50:
            self.setMinimumHeight(0)  # the label measures no lower than its fixed height
            height = self.heightForWidth(self.width())
            if height > 0:
                self.setFixedHeight(height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()


class NoticeBar(QFrame):
    """A calm, dismissable message above the content (never a blocking dialog)."""

    def __init__(self, tab_after: QWidget | None = None, parent: QWidget | None = None):
        """``tab_after``: the widget the bar's button follows when Tab is pressed (the bar
        stands above the page, so its button comes before the page's controls)."""
        super().__init__(parent)
        self._tab_after = tab_after
        self.setObjectName("NoticeBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(18, 10, 12, 10)
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setObjectName("NoticeText")
        layout.addWidget(self.text, 1)
        self.close_button = None  # made with the first notice: most starts have none
        self.hide()

    def show_notice(self, message: str) -> None:
        if self.close_button is None:
            from PySide6.QtWidgets import QPushButton

            self.close_button = QPushButton("Verstanden")
            self.close_button.setProperty("secondary", True)
            self.close_button.setAccessibleName("Hinweis schließen")
            self.close_button.clicked.connect(self.hide)
            self.layout().addWidget(self.close_button)
            if self._tab_after is not None:
                QWidget.setTabOrder(self._tab_after, self.close_button)
        current = self.text.text()
        self.text.setText(f"{current}\n\n{message}" if self.isVisible() and current else message)
        self.show()

    def withdraw(self, message: str) -> None:
        """Take ``message`` back (what it said no longer holds); the rest stays."""
        parts = [p for p in self.text.text().split("\n\n") if p != message]
        self.text.setText("\n\n".join(parts))
        if not parts:
            self.hide()


def _focus_hit(widget: QWidget) -> None:
    # Cards and rows are no Tab stops of their own; a click focus lets them hold the
    # keyboard (and a screen reader's attention) once the user arrives there.
    if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    name_by_text(widget)
    widget.setFocus(Qt.FocusReason.OtherFocusReason)


def _loaded(entry) -> bool:
    # Not hasattr(entry, "game"): that would read every game of the snapshot at start.
    return isinstance(entry, LoadedGame)


def _add_action(window: MainWindow, name: str, text: str, keys: list, slot, menu) -> QAction:
    """A menu entry of ``window`` with its shortcuts, kept by ``name``."""
    from PySide6.QtGui import QAction, QKeySequence  # menus come after the first frame

    action = QAction(text, window)
    # A platform's standard key may equal the explicit one (Print is Ctrl+P on Linux).
    sequences = {QKeySequence(k).toString(): QKeySequence(k) for k in keys}
    action.setShortcuts([s for s in sequences.values() if not s.isEmpty()])
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(slot)
    menu.addAction(action)
    window.addAction(action)
    window._actions[name] = action
    return action
