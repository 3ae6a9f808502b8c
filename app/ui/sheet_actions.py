"""Datei → „Spickzettel drucken …“ and „Als PDF speichern …“ for the window's current game.

The sheet's own machinery (`app.ui.print_sheet`) is imported on first use: it pulls in Qt's
print support, which the first frame does not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.model.library import LoadedGame  # light: no YAML, pydantic or engines

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow


def _marked_game(window: MainWindow):
    entry = window.current_entry()
    # Not hasattr(entry, "game"): that would read every game of the snapshot at start.
    if not isinstance(entry, LoadedGame):
        return None, set()
    progress = window.services.progress
    return entry, (progress.marked(entry.id) if progress is not None else set())


def print_sheet_of(window: MainWindow) -> None:
    """The print preview of the current game's sheet, its „Nachlesen“ marks standing out."""
    entry, marked = _marked_game(window)
    if entry is None:
        return
    from app.ui.print_sheet import print_sheet

    print_sheet(entry, window, marked)


def save_sheet_of(window: MainWindow) -> None:
    """Ask where, save the sheet as PDF; a file that cannot be written is said in German."""
    entry, marked = _marked_game(window)
    if entry is None:
        return
    from app.model.safe_files import german_os_error
    from app.ui.print_sheet import save_sheet_pdf

    try:
        path = save_sheet_pdf(entry, window, marked)
    except OSError as exc:
        window.notice_bar.show_notice(
            f"Der Spickzettel ließ sich nicht speichern ({german_os_error(exc)}).")
        return
    if path is not None:
        window.status_text.setText(f"Spickzettel gespeichert: {path}")
