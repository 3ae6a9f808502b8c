"""Open a content file in the player's text editor, at the line of a problem where possible.

Qt's ``QDesktopServices.openUrl`` opens a file in the desktop's default application but cannot
name a line. Editors can, each in its own way, so the command is chosen in this order:

1. ``REGELFRISCH_EDITOR``: a command with ``{datei}`` and ``{zeile}``, e.g.
   ``code -g {datei}:{zeile}`` or ``kate -l {zeile} {datei}`` (README, "Ein eigenes Spiel").
2. ``VISUAL``, then ``EDITOR``, when it names a desktop editor whose line syntax is known.
   Terminal editors (vim, nano) are skipped: started from a window they would have no terminal.
3. The desktop's default application for the file, without the line; the caller tells the
   player the line instead.
4. Nothing at all (no default application, no desktop): ``openUrl`` says so by returning
   False, and the caller shows the path with „Pfad kopieren“ (:class:`UnopenedNote`), so the
   player can open it themselves – never „wird geöffnet“ when nothing opens.
"""

from __future__ import annotations

import os
import shlex
from enum import IntEnum
from pathlib import Path

from PySide6.QtCore import QProcess, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout

EDITOR_ENV = "REGELFRISCH_EDITOR"

# Program name → arguments for (file, line). Only editors that open a window of their own.
_KNOWN = {
    "code": lambda f, n: ["-g", f"{f}:{n}"],
    "codium": lambda f, n: ["-g", f"{f}:{n}"],
    "code-oss": lambda f, n: ["-g", f"{f}:{n}"],
    "subl": lambda f, n: [f"{f}:{n}"],
    "gedit": lambda f, n: [f"+{n}", f],
    "gnome-text-editor": lambda f, n: [f"+{n}", f],
    "xed": lambda f, n: [f"+{n}", f],
    "pluma": lambda f, n: [f"+{n}", f],
    "gvim": lambda f, n: [f"+{n}", f],
    "emacs": lambda f, n: [f"+{n}", f],
    "kate": lambda f, n: ["-l", str(n), f],
    "kwrite": lambda f, n: ["-l", str(n), f],
    "notepad++": lambda f, n: [f"-n{n}", f],
}


def editor_command(file: Path, line: int | None,
                   env: dict[str, str] | None = None) -> list[str] | None:
    """The command that opens ``file`` at ``line``, or ``None`` for the desktop default.

    >>> editor_command(Path("/p/quiz.yaml"), 12, {"REGELFRISCH_EDITOR": "code -g {datei}:{zeile}"})
    ['code', '-g', '/p/quiz.yaml:12']
    >>> editor_command(Path("/p/quiz.yaml"), 12, {"VISUAL": "/usr/bin/kate"})
    ['/usr/bin/kate', '-l', '12', '/p/quiz.yaml']
    >>> editor_command(Path("/p/quiz.yaml"), 12, {"EDITOR": "vim"}) is None
    True
    """
    env = os.environ if env is None else env
    line = line or 1
    template = env.get(EDITOR_ENV, "").strip()
    if template:
        try:
            words = shlex.split(template)
        except ValueError:
            return None
        # Placeholders are filled word by word: a path with spaces stays one argument.
        command = [w.replace("{datei}", str(file)).replace("{zeile}", str(line)) for w in words]
        if not any("{datei}" in w for w in words):
            command.append(str(file))
        return command or None
    for name in ("VISUAL", "EDITOR"):
        try:
            words = shlex.split(env.get(name, ""))
        except ValueError:
            continue
        if words and Path(words[0]).name in _KNOWN:
            return [*words, *_KNOWN[Path(words[0]).name](str(file), line)]
    return None


class Opened(IntEnum):
    """What :func:`open_in_editor` achieved; falsy when nothing opened."""

    NOTHING = 0
    FILE = 1  # the desktop's default application, without the line
    AT_LINE = 2


def open_in_editor(file: Path, line: int | None = None) -> Opened:
    """Open ``file`` for editing: at ``line`` where an editor can be told it."""
    command = editor_command(file, line)
    if command and QProcess.startDetached(command[0], command[1:])[0]:
        return Opened.AT_LINE
    return Opened.FILE if open_path(file) else Opened.NOTHING


def open_path(path: Path) -> bool:
    """Open a file or folder in the desktop's application for it; False if nothing did."""
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))


class UnopenedNote(QFrame):
    """Says that a file or folder did not open, with its path to select or copy."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("UnopenedNote")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.text = QLabel()
        self.text.setObjectName("UnopenedText")
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # a pack's file name
        self.text.setWordWrap(True)
        layout.addWidget(self.text)
        row = QHBoxLayout()
        row.setSpacing(8)
        # A path has no spaces to wrap at: a read-only line shows it whole, selectable.
        self.path = QLineEdit()
        self.path.setReadOnly(True)
        self.path.setAccessibleName("Pfad zum Selbstöffnen")
        row.addWidget(self.path, 1)
        self.copy_button = QPushButton("Pfad kopieren")
        self.copy_button.setProperty("secondary", True)
        self.copy_button.setAccessibleName("Pfad in die Zwischenablage kopieren")
        self.copy_button.clicked.connect(self.copy)
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        self.hide()

    def show_for(self, path: Path, what: str, line: int | None = None, *,
                 folder: bool = False) -> None:
        """``what``: the thing that did not open, as the player calls it („quiz.yaml“)."""
        where = f" (die Stelle ist Zeile {line})" if line else ""
        noun = "den Ordner" if folder else "die Datei"
        # openUrl does not say why; the usual reason is no application for the file type.
        self.text.setText(f"{what} ließ sich nicht öffnen – kein Programm hat sich dafür "
                          f"gefunden. Öffne {noun} selbst{where}; hier der Pfad:")
        self.path.setText(str(path))
        self.path.setCursorPosition(0)
        self.copy_button.setText("Pfad kopieren")
        self.show()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.path.text())
        self.copy_button.setText("Kopiert ✓")
