"""The app in the desktop's menu: ``regelfrisch --install-desktop`` and its undo.

Writes a freedesktop ``.desktop`` file and the app icon to the user's own folders (Qt's
ApplicationsLocation and GenericDataLocation, i.e. ``~/.local/share/…`` unless XDG says
otherwise), never to system folders, so it needs no administrator and is undone by
``--uninstall-desktop``. The window names the same desktop file
(``QGuiApplication.setDesktopFileName``), so window and menu entry belong together.
"""

from __future__ import annotations

import errno
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSaveFile, QStandardPaths

from app.model.paths import resources_root

DESKTOP_ID = "regelfrisch"
# Written into the file, so uninstall removes only what install wrote.
MARKER = "X-Regelfrisch-Installed=true"


@dataclass(frozen=True)
class DesktopFiles:
    entry: Path
    icon: Path


def desktop_files() -> DesktopFiles:
    apps = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.ApplicationsLocation)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return DesktopFiles(
        entry=Path(apps) / f"{DESKTOP_ID}.desktop",
        icon=Path(data) / "icons" / "hicolor" / "scalable" / "apps" / f"{DESKTOP_ID}.svg",
    )


def launch_command() -> list[str]:
    """How the menu starts this very installation: the bundle, the venv's script, or Python."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).with_name("regelfrisch")
    if script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "app"]


def _exec_line(command: list[str]) -> str:
    # The desktop-entry spec reserves "%" for field codes and wants double-quoted arguments.
    quoted = []
    for arg in command:
        arg = arg.replace("%", "%%")
        if shlex.quote(arg) != arg:
            arg = '"' + arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`") \
                .replace("$", "\\$") + '"'
        quoted.append(arg)
    return " ".join(quoted)


def entry_text(command: list[str]) -> str:
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=Regelfrisch",
        "GenericName=Brettspielregeln auffrischen",
        "Comment=Brettspielregeln in zehn Minuten auffrischen – mit Quiz und Regel-Engine",
        f"Exec={_exec_line(command)}",
        f"Icon={DESKTOP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;Education;",
        "Keywords=Brettspiel;Regeln;Atlantis;Atacama;Survive;Quiz;",
        "StartupNotify=true",
        MARKER,
        "",
    ])


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = QSaveFile(str(path))
    if not out.open(QSaveFile.OpenModeFlag.WriteOnly):
        raise OSError(out.errorString())
    out.write(data)
    if not out.commit():
        raise OSError(out.errorString())


def install() -> DesktopFiles:
    """Write the menu entry and the icon; raise ``OSError`` with the reason if that fails."""
    files = desktop_files()
    _write(files.icon, (resources_root() / "app-icon.svg").read_bytes())
    _write(files.entry, entry_text(launch_command()).encode("utf-8"))
    files.entry.chmod(0o755)
    return files


def uninstall() -> list[Path]:
    """Remove what :func:`install` wrote (and nothing else); the removed paths."""
    files = desktop_files()
    removed = []
    if files.entry.is_file() and MARKER in files.entry.read_text(encoding="utf-8",
                                                                  errors="replace"):
        files.entry.unlink()
        removed.append(files.entry)
    if files.icon.is_file() and files.icon.read_bytes() == (
            resources_root() / "app-icon.svg").read_bytes():
        files.icon.unlink()
        removed.append(files.icon)
    return removed


_REASONS = {
    errno.EACCES: "keine Schreibrechte",
    errno.EPERM: "keine Schreibrechte",
    errno.EROFS: "das Dateisystem ist schreibgeschützt",
    errno.ENOSPC: "kein Platz mehr auf dem Datenträger",
    errno.ENOTDIR: "ein Teil des Pfads ist eine Datei, kein Ordner",
    errno.EEXIST: "ein Teil des Pfads ist eine Datei, kein Ordner",
}


def _reason(exc: OSError) -> str:
    return _REASONS.get(exc.errno or 0, "konnte nicht geschrieben werden")


def run(install_it: bool) -> int:
    """The command-line action; German messages, exit 1 on failure."""
    try:
        if install_it:
            files = install()
            print(f"Regelfrisch steht jetzt im Anwendungsmenü: {files.entry}")
        else:
            removed = uninstall()
            print("Menüeintrag entfernt." if removed else
                  "Kein Menüeintrag von Regelfrisch gefunden – nichts zu tun.")
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"Menüeintrag: {_reason(exc)}{where}.", file=sys.stderr)
        return 1
    return 0
