"""Starting the Qt application: the window, or an offscreen job such as ``--screenshot``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTimer, QTranslator
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app import __version__
from app.model.paths import content_root, resources_root
from app.ui.app_state import AppState, Services
from app.ui.main_window import MainWindow
from app.ui.progress_model import ProgressModel
from app.ui.settings import DEFAULT_FONT_PT, Settings, clamp_to
from app.ui.situations import situation_service_for
from app.ui.theme import ThemeController, apply_theme, colours_for

DEFAULT_SIZE = (1280, 800)


def make_application(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    QCoreApplication.setOrganizationName("Regelfrisch")
    QCoreApplication.setApplicationName("Regelfrisch")
    QCoreApplication.setApplicationVersion(__version__)
    app.setWindowIcon(QIcon(str(resources_root() / "app-icon.svg")))
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
    app = make_application()
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


def run(args) -> int:
    """``args``: the parsed command line (check, screenshot, pdf, game, content)."""
    offscreen_job = bool(args.screenshot or args.pdf)
    if offscreen_job:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = make_application()
    root = Path(args.content) if args.content else content_root()
    if args.pdf:
        from app.ui.print_sheet import export_pdf

        marked = ProgressModel().marked(args.game or "atlantis")
        return export_pdf(_load(root), args.game, Path(args.pdf), marked)
    if offscreen_job:
        window = create_main_window(_load(root), args.game, remember=False)
    else:
        # Show the window first and fill it a moment later: the content
        # (pydantic, YAML, the engines' checks) must not delay the first frame.
        window = create_main_window(None, args.game)
    if args.screenshot:
        written = save_screenshots(window, Path(args.screenshot))
        print(f"{len(written)} Bildschirmfotos in {args.screenshot} gespeichert.")
        return 0
    window.show()
    load = lambda: window.state.set_library(_load(root))  # noqa: E731
    bench_stop = os.environ.get("REGELFRISCH_EXIT_WHEN_SHOWN")
    if bench_stop:
        # For the start-up benchmark: paint the shown window (and, if asked, the
        # loaded refresher) exactly as the event loop would, then leave.
        app.processEvents()
        if bench_stop == "content":
            load()
            app.processEvents()
        return 0
    QTimer.singleShot(0, load)
    return app.exec()


def _load(root: Path):
    from app.model.loader import load_library

    library = load_library(root)
    for problem in library.problems:
        print(problem, file=sys.stderr)
    return library


def save_screenshots(window: MainWindow, folder: Path, size: tuple[int, int] = DEFAULT_SIZE,
                     games: list[str] | None = None) -> list[Path]:
    """Render every section of every loaded game into ``folder`` as PNG files."""
    folder.mkdir(parents=True, exist_ok=True)
    window.resize(*size)
    window.show()
    written: list[Path] = []
    for entry in window.state.entries():
        if games and entry.id not in games:
            continue
        window.state.select_game(entry.id)
        if not hasattr(entry, "game"):
            written.append(_grab(window, folder / f"{entry.id}-probleme.png"))
            continue
        for index, section in enumerate(window.sections(), start=1):
            window.view_for(section.key)
            written.append(_grab(window, folder / f"{entry.id}-{index:02d}-{section.key}.png"))
    return written


def _grab(window: MainWindow, path: Path) -> Path:
    QApplication.processEvents()
    window.grab().save(str(path))
    return path
