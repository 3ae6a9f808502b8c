"""Open a content file in the player's text editor, at the line of a problem where possible.

Qt's ``QDesktopServices.openUrl`` opens a file in the desktop's default application but cannot
name a line. Editors can, each in its own way, so the command is chosen in this order:

1. ``REGELFRISCH_EDITOR``: a command with ``{datei}`` and ``{zeile}``, e.g.
   ``code -g {datei}:{zeile}`` or ``kate -l {zeile} {datei}`` (README, "Ein eigenes Spiel").
2. ``VISUAL``, then ``EDITOR``, when it names a desktop editor whose line syntax is known.
   Terminal editors (vim, nano) are skipped: started from a window they would have no terminal.
3. The desktop's default application for the file, without the line; the caller tells the
   player the line instead.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from PySide6.QtCore import QProcess, QUrl
from PySide6.QtGui import QDesktopServices

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


def open_in_editor(file: Path, line: int | None = None) -> bool:
    """Open ``file`` for editing; True if the editor was asked for ``line`` too."""
    command = editor_command(file, line)
    if command and QProcess.startDetached(command[0], command[1:])[0]:
        return True
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(file)))
    return False
