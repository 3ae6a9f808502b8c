"""Starting the Qt application: the window, or an offscreen job such as ``--screenshot``."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QStandardPaths,
    QTranslator,
    Signal,
)
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from app import __version__
from app.model.library import LoadedGame
from app.model.paths import content_root, resources_root
from app.model.safe_files import UnwritableFile, german_os_error, write_atomically
from app.rules.offers import BOARD
from app.ui import render_memo, text_size
from app.ui.accessibility import install as install_accessibility
from app.ui.app_state import AppState, Services
from app.ui.main_window import MainWindow
from app.ui.progress_model import ProgressModel, name_application
from app.ui.settings import DEFAULT_FONT_PT, Settings, clamp_to, fit_first_start
from app.ui.situations import situation_service_for
from app.ui.theme import ThemeController, apply_theme, colours_for

DEFAULT_SIZE = (1280, 800)


def make_application(argv: list[str] | None = None, *, accessibility: bool = True,
                     text_style_later: bool = False) -> QApplication:
    """The application, named and styled. ``accessibility=False`` leaves the boards'
    screen-reader factory to the caller (``run`` installs it after the first frame);
    ``text_style_later`` the text-size style (``text_size.finish_install``)."""
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    if text_style_later:
        text_size.defer_install(app)
    if not getattr(app, "_regelfrisch_named", False):  # once; the window asks again
        name_application()
        QCoreApplication.setApplicationVersion(__version__)
        # Ties the window to the menu entry of --install-desktop (Wayland app id, task bars).
        QGuiApplication.setDesktopFileName("regelfrisch")
        # Every window's icon, the main window's included.
        app.setWindowIcon(QIcon(str(resources_root() / "app-icon.svg")))
        app._regelfrisch_named = True
    if accessibility:
        install_accessibility()
    install_german_translations(app)
    if not app.styleSheet():
        apply_theme(app, colours_for("system"))
    return app


def install_german_translations(app: QApplication) -> QTranslator | None:
    """Qt's own texts in German: message box buttons („Ja“, „Abbrechen“), file dialogs, keys.

    The app speaks German whatever the system's language, so Qt's dialogs must too.
    Returns the installed translator, or ``None`` when Qt ships no German catalogue.
    """
    installed = getattr(app, "_regelfrisch_translator", None)
    if installed is not None:
        return installed
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(QLocale(QLocale.Language.German), "qtbase", "_", folder):
        return None
    app.installTranslator(translator)
    app._regelfrisch_translator = translator
    return translator


def create_main_window(library=None, game: str | None = None,
                       progress: ProgressModel | None = None,
                       settings: Settings | None = None, remember: bool = True) -> MainWindow:
    """The main window as the user left it: game, section, size, theme, text size.

    ``remember=False`` (offscreen jobs such as ``--screenshot``) neither reads nor changes
    the user's settings: light theme, normal text, Atlantis first.
    """
    app = make_application(accessibility=False)  # the caller installs it (see run)
    settings = (settings or Settings()) if remember else None
    theme = ThemeController(app, settings.theme if settings else "hell",
                            settings.font_pt if settings else DEFAULT_FONT_PT)
    theme.apply()
    state = AppState()
    state.section = (settings.last_section if settings else None) or state.section
    wanted = game or (settings.last_game if settings else None)
    if wanted:
        state.select_game(wanted)
    if library is not None:
        state.set_library(library)
    services = Services(state, progress=progress or ProgressModel(),
                        situations_for=situation_service_for)
    window = MainWindow(state, services, theme, settings)
    window.resize(*DEFAULT_SIZE)
    if settings is not None and settings.restore_geometry(window):
        # The screen it was on, if it is still there (a second monitor may be gone).
        screen = app.screenAt(window.frameGeometry().center()) or app.primaryScreen()
        if screen is not None:
            clamp_to(window, screen.availableGeometry())
    return window


def _screen_reader_listens() -> bool:
    from PySide6.QtGui import QAccessible

    return QAccessible.isActive()


def prebuild_pages(window: MainWindow) -> None:
    """Build the window's pages in the idle time after its first frame (app/ui/page_builder.py)."""
    from app.ui.page_builder import PageBuilder

    window.page_builder = PageBuilder(window)
    window.page_builder.start()


def collect_garbage_again() -> None:
    """After the first frame: the cyclic garbage collector, off for the start
    (``app/__main__.py``), runs again. What the start made (modules, Qt's classes, the first
    page) is set aside first (``gc.freeze``): it lives as long as the window, and left in
    the youngest generation it would make the first pass walk all of it at once."""
    import gc

    gc.freeze()
    gc.enable()


def run(args) -> int:
    """``args``: the parsed command line (check, screenshot, pdf, game, content)."""
    teaching_sheet = getattr(args, "erklaerzettel", None)
    offscreen_job = bool(args.screenshot or args.pdf or teaching_sheet)
    if offscreen_job:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = make_application(accessibility=offscreen_job, text_style_later=not offscreen_job)
    root = Path(args.content) if args.content else content_root()
    if teaching_sheet:
        from app.ui.teach.sheet import export_teaching_pdf

        return export_teaching_pdf(_load(root), args.game, Path(teaching_sheet))
    if args.pdf:
        from app.ui.print_sheet import export_pdf

        marked = ProgressModel().marked_for_job(args.game or "atlantis", sys.stderr)
        return export_pdf(_load(root), args.game, Path(args.pdf), marked)
    if offscreen_job:
        window = create_main_window(_load(root), args.game, remember=False)
    else:
        # Filled by ContentLoader: from the snapshot before the first frame, else in the
        # background; the full load (pydantic, YAML, the engines) never delays the window.
        window = create_main_window(None, args.game)
        # The text-size style only after the first frame (app/ui/text_size.py).
        window.after_first_frame(lambda: text_size.finish_install(app))
        fit_first_start(window, window.settings, app.primaryScreen())
        # The boards' interfaces import the board code: not needed for the first frame,
        # unless it shows a board and a screen reader already listens (it would ask about
        # the board at once). Only then is it worth asking (PySide makes QAccessible's
        # enums for the question, ≈ 3 ms).
        if window.state.section == BOARD and _screen_reader_listens():
            install_accessibility()
        else:
            window.after_first_frame(install_accessibility)
        window.after_first_frame(collect_garbage_again)
        # Even importing the builder (≈ 10 ms) waits: it has nothing to do before the frame.
        window.page_builder = None
        window.after_first_frame(lambda: prebuild_pages(window))
    if args.screenshot:
        try:
            written = save_screenshots(window, Path(args.screenshot))
        except OSError as exc:
            print(f"Die Bildschirmfotos ließen sich nicht speichern: {german_os_error(exc)}.",
                  file=sys.stderr)
            return 1
        print(f"{len(written)} Bildschirmfotos in {args.screenshot} gespeichert.")
        return 0
    content = ContentLoader(window.state, root, parent=window, later=window.after_first_frame)
    # Only the shown game's files are compared with the snapshot before the first frame;
    # the others right after it, before anyone can open them.
    content.start(first=window.state.wanted_game, verify_all=False)
    window.after_first_frame(content.verify_rest)
    window.show()
    bench_stop = os.environ.get("REGELFRISCH_EXIT_WHEN_SHOWN")
    if bench_stop:
        return _stop_for_benchmark(app, window, content, bench_stop)
    # Quitting waits a moment for a snapshot being written, never for a whole load.
    app.aboutToQuit.connect(lambda: content.wait(timeout=2.0, packs=False))
    return app.exec()


def _stop_for_benchmark(app: QApplication, window: MainWindow, content: ContentLoader,
                        stop: str) -> int:
    """For the start-up benchmark: paint the shown window (``window``), also with the
    remembered section's content (``content``), exactly as the event loop would, then leave;
    what waits for the first frame (menus, marks count) waits for the next turn. ``settled``:
    stay until the work after the frame is done too (the pictures of the worked examples,
    the pages built ahead), as a session of a few seconds would, and leave the memo that
    session leaves (the benchmark's untimed start before its runs)."""
    from PySide6.QtCore import QEventLoop

    app.processEvents()
    if stop in ("content", "settled"):
        while not window.content_painted:
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    # The moment of the frame, on the clock every process shares: a benchmark measures the
    # start up to here, not the tidying-up of leaving.
    print(f"bemalt {time.monotonic_ns()}", flush=True)
    if stop == "settled":
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
                window.ready and window.page_builder is not None and window.page_builder.done):
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    content.wait()
    return 0


class ContentLoader(QObject):
    """Brings the library into the window: from the snapshot at once, else in the background.

    When every game folder's bytes match the snapshot, the library is set before the
    window is first shown, so the first frame already has the remembered section. Any
    other folder is loaded and checked in full on a worker thread while the window keeps
    taking input (showing "Inhalte werden geladen …", never old content); the snapshot
    is then rebuilt for the next start.
    """

    delivered = Signal(object)  # Library, from the worker thread
    packs_loaded = Signal(object)  # the library with the player's packs, from their worker

    def __init__(self, state, root: Path, cache: Path | None = None,
                 parent: QObject | None = None, later=None):
        """``later(job)``: runs ``job`` once the window's first frame is painted (the
        window's ``after_first_frame``); the player's packs start loading only then, so
        their thread does not take the interpreter from the first frame. Default: at once."""
        super().__init__(parent)
        self._later = later or (lambda job: job())
        from app.model.snapshot import cache_dir

        self.state = state
        self.root = root
        self.cache = cache or cache_dir(_platform_cache())
        self._worker: threading.Thread | None = None
        self._opened = None  # what the start took from the snapshot (see verify_rest)
        self._first: str | None = None
        self._packs_worker: threading.Thread | None = None
        self.delivered.connect(self._deliver)
        self.packs_loaded.connect(self._add_packs)

    def start(self, first: str | None = None, verify_all: bool = True) -> bool:
        """True if the library came from the snapshot and is already set.

        ``verify_all=False``: only the shown game's bytes are checked against the snapshot
        now; call :meth:`verify_rest` after the first frame for the others."""
        from app.model.snapshot import open_library

        opened = open_library(self.root, self.cache, first, verify_all=verify_all)
        self._opened, self._first = opened, first
        render_memo.open_memo(opened.directory, opened.key)
        if opened.complete:
            self._deliver(opened.library)
            return True
        self._load_in_background(opened, first)
        return False

    def verify_rest(self) -> list[Path]:
        """Check the games the start took on the snapshot's word (none of them was on
        screen yet); any whose files changed is loaded and checked in full in the
        background, and the window gets the library again when that is done."""
        from app.model.snapshot import verify_rest

        opened = self._opened
        if opened is None or not opened.unverified:
            return []
        changed = verify_rest(opened)
        if changed:
            self._load_in_background(opened, self._first)
        return changed

    def _load_in_background(self, opened, first: str | None) -> None:
        self._worker = threading.Thread(target=self._load_in_full, args=(opened, first),
                                        name="regelfrisch-content", daemon=True)
        self._worker.start()

    def wait(self, timeout: float = 30.0, packs: bool = True) -> None:
        """Let a running full load and snapshot write finish (quitting, tests, benchmark);
        with ``packs`` also the loading of the player's packs (it writes nothing, so
        quitting does not wait for it)."""
        for worker in (self._worker, self._packs_worker if packs else None):
            if worker is not None and worker.ident is not None:  # started (see ``later``)
                worker.join(timeout)
        render_memo.save()

    def _load_in_full(self, opened, first: str | None) -> None:
        from app.model.snapshot import complete

        try:
            library = complete(opened, first)
        except Exception:  # a bug of ours must not leave the window waiting for ever
            from app.model.library import FailedGame, Library, Problem

            library = Library(failures=[FailedGame(self.root.name, self.root, [Problem(
                self.root, None, "Die Inhalte ließen sich nicht laden (interner Fehler; "
                                 "bitte melden).")])])
            self.delivered.emit(library)
            raise
        self.delivered.emit(library)
        try:
            write_snapshot(opened, library)
        except Exception as exc:
            # Only the next start is slower; the content itself is fine.
            reason = german_os_error(exc) if isinstance(exc, OSError) else type(exc).__name__
            print(f"Hinweis: Zwischenspeicher nicht geschrieben ({reason}).", file=sys.stderr)

    def _deliver(self, library) -> None:
        for problem in library.problems:
            print(problem, file=sys.stderr)
        # The player's own packs are not in the snapshot (they change while being written):
        # they are loaded in full (YAML, schema: ≈ 20 ms each) on a worker thread beside the
        # window, which keeps taking input. Before the first frame only the remembered game's
        # pack, when it is one.
        root = _own_packs_root()
        if root is not None and self.state.wanted_game not in {e.id for e in library.entries()}:
            library = _with_pack(library, root / str(self.state.wanted_game))
        self.state.set_library(library)
        if root is not None:
            self._packs_worker = threading.Thread(
                target=self._load_packs, args=(library,), name="regelfrisch-packs", daemon=True)
            self._later(self._packs_worker.start)

    def _load_packs(self, library) -> None:
        from app.ui.pack_actions import with_own_packs

        try:
            loaded = with_own_packs(library, keep_loaded=True)  # the remembered one is in
        except Exception as exc:  # a broken pack folder must not take the shipped games along
            print(f"Eigene Spiele nicht geladen ({type(exc).__name__}).", file=sys.stderr)
            return
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile
            self.packs_loaded.emit(loaded)

    def _add_packs(self, loaded) -> None:
        """Into the library as it is now: a pack the player changed, added or removed while
        the others loaded (the live preview, an import) stays as the window has it."""
        from app.model.packs import replace_pack

        current = self.state.library
        if current is None:
            return
        shown = {e.folder for e in current.entries() if e.own_pack}
        library = current
        for entry in loaded.entries():
            if entry.own_pack and entry.folder not in shown and entry.folder.is_dir():
                library = replace_pack(library, entry.folder, entry)
        if library is not current:
            self.state.set_library(library)


def _own_packs_root() -> Path | None:
    """The player's pack folder, if it holds any game folder."""
    from app.model.paths import packs_root
    from app.ui.progress_model import default_data_dir

    root = packs_root(default_data_dir())
    try:
        return root if any(p.is_dir() for p in root.iterdir()) else None
    except OSError:
        return None


def _with_pack(library, folder: Path):
    """``library`` with the pack in ``folder`` (the remembered game), if there is one."""
    from app.model.packs import load_pack_entry, replace_pack, reserved_ids

    try:
        if not folder.is_dir():
            return library
        return replace_pack(library, folder, load_pack_entry(folder, reserved_ids(library)))
    except Exception as exc:  # a broken pack folder must not take the shipped games along
        print(f"Eigenes Spiel nicht geladen ({type(exc).__name__}).", file=sys.stderr)
        return library


def write_snapshot(opened, library) -> None:
    """Write the snapshot files (each atomically; the index, which names them, last)."""
    from app.model.snapshot import INDEX, snapshot_files, stale_files

    files = snapshot_files(opened, library)
    opened.directory.mkdir(parents=True, exist_ok=True)
    for name in sorted(files, key=lambda n: n == INDEX):
        write_atomically(opened.directory / name, files[name])
    for leftover in stale_files(opened.directory, set(files)):
        leftover.unlink(missing_ok=True)


def _platform_cache() -> Path:
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(location) if location else Path.home() / ".cache" / "regelfrisch"


def _load(root: Path):
    from app.model.loader import load_library
    from app.ui.pack_actions import with_own_packs

    library = with_own_packs(load_library(root))  # the player's own games beside the shipped
    for problem in library.problems:
        print(problem, file=sys.stderr)
    return library


def save_screenshots(window: MainWindow, folder: Path, size: tuple[int, int] = DEFAULT_SIZE,
                     games: list[str] | None = None) -> list[Path]:
    """Render every section of every loaded game into ``folder`` as PNG files.

    Raises OSError when ``folder`` or a file cannot be written: ``german_os_error`` says
    why in German (with the path where the errno alone would not say which)."""
    if folder.exists() and not folder.is_dir():
        raise UnwritableFile(f"„{folder}“ ist eine Datei, kein Ordner")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnwritableFile(f"Der Ordner „{folder}“ lässt sich nicht anlegen "
                             f"({german_os_error(exc)})") from None
    window.resize(*size)
    window.show()
    written: list[Path] = []
    for entry in window.state.entries():
        if games and entry.id not in games:
            continue
        window.state.select_game(entry.id)
        if not isinstance(entry, LoadedGame):
            written.append(_grab(window, folder / f"{entry.id}-probleme.png"))
            continue
        for index, section in enumerate(window.sections(), start=1):
            window.view_for(section.key)
            written.append(_grab(window, folder / f"{entry.id}-{index:02d}-{section.key}.png"))
    return written


def _grab(window: MainWindow, path: Path) -> Path:
    from PySide6.QtCore import QBuffer, QIODevice

    QApplication.processEvents()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not window.grab().save(buffer, "PNG"):
        raise UnwritableFile(f"Das Bild für „{path}“ ließ sich nicht erzeugen")
    try:
        # Temp file + rename: a failed write never leaves half a PNG or reports success.
        write_atomically(path, bytes(buffer.data()))
    except OSError as exc:
        raise UnwritableFile(f"„{path}“ ließ sich nicht schreiben ({german_os_error(exc)})"
                             ) from None
    return path
