"""The loaded library and its problems, without YAML, pydantic or the engines.

These types are what the window shows. They live apart from the loader so that a start
from the snapshot (see :mod:`app.model.snapshot`) never imports the heavy loading stack.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.model.examples import ExampleResult

# The games shipped with a rules engine (app/rules/registry.py), in the switcher's order:
# Atlantis is the flagship and comes first; other games follow by name. Their ids are
# reserved (no pack may take one). Named here, not read from the engines, so the first frame
# imports none; tests/ui/test_game_registry.py holds it to the registries.
SHIPPED_GAMES = ("atlantis", "atacama", "survive")

# Content files are a few kilobytes; anything far larger is a mistake or an attack.
MAX_FILE_BYTES = 512 * 1024


@dataclass(frozen=True)
class Problem:
    """A content problem, reported to the user as one line ``file:line: message``."""

    file: Path
    line: int | None
    message: str

    def __post_init__(self) -> None:
        # Messages quote content; shown in a terminal or a label, it stays one harmless line.
        object.__setattr__(self, "message", safe_line(self.message))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        return safe_line(f"{where}: {self.message}")


class ContentError(Exception):
    """One or more problems that stop a file or a game from loading."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def safe_line(text: str) -> str:
    """``text`` as one terminal-safe line: control characters shown escaped, never sent.

    Content is untrusted: an escape sequence copied into a message must not clear or
    recolour the user's terminal, and a line break must not split one problem in two.
    """
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


class UnreadableFile(OSError):
    """A content file that is not a regular file, or too large; the message is German."""


def read_content_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, never more than ``limit``.

    A content file may be a symlink to ``/dev/zero`` or a FIFO; opening without blocking
    and checking the opened file (not the name, which could change in between) keeps
    such a file from eating memory or hanging the app.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Ist ein Ordner", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile("Das ist keine gewöhnliche Datei (Gerät, Pipe oder Ähnliches).")
        if info.st_size > limit:
            raise UnreadableFile(too_large(info.st_size, limit))
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # the file grew while we read it
                raise UnreadableFile(too_large(size, limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def too_large(size: int, limit: int) -> str:
    return (f"Die Datei ist mit {size // 1024} KiB zu groß "
            f"(höchstens {limit // 1024} KiB).")


class LoadedGame:
    """A game that loaded, with the engine's verdict on each worked example.

    ``game`` is the :class:`~app.model.schema.Game` of the full load, or the same data
    read back from the snapshot (plain records with the same attributes).
    """

    def __init__(self, game: Any, folder: Path, examples: dict[str, ExampleResult] | None = None):
        self.game = game
        self.folder = folder
        self.examples: dict[str, ExampleResult] = examples if examples is not None else {}

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def short_title(self) -> str:
        return self.game.short_title

    def __repr__(self) -> str:
        return f"LoadedGame({self.id!r}, {str(self.folder)!r})"


@dataclass
class FailedGame:
    """A game folder that could not be loaded, and why."""

    id: str
    folder: Path
    problems: list[Problem]


@dataclass
class Library:
    games: list[LoadedGame] = field(default_factory=list)
    failures: list[FailedGame] = field(default_factory=list)

    def game(self, game_id: str) -> LoadedGame | None:
        return next((g for g in self.games if g.id == game_id), None)

    @property
    def problems(self) -> list[Problem]:
        return [p for f in self.failures for p in f.problems]

    def entries(self) -> list[LoadedGame | FailedGame]:
        """Every game folder, loaded or not, in display order."""
        everything: list[LoadedGame | FailedGame] = [*self.games, *self.failures]
        return sorted(everything, key=lambda e: order_key(e.id))


def order_key(game_id: str) -> tuple[int, str]:
    if game_id in SHIPPED_GAMES:
        return (SHIPPED_GAMES.index(game_id), game_id)
    return (len(SHIPPED_GAMES), game_id)


def game_folders(root: Path) -> list[Path]:
    """The game folders below ``root`` in display order; raises ``OSError`` if unlistable."""
    folders = []
    for path in root.iterdir():
        if path.name.startswith((".", "_")):
            continue
        try:
            if path.is_dir():
                folders.append(path)
        except OSError:
            # An unreadable entry is still a game folder the user should hear about.
            folders.append(path)
    return sorted(folders, key=lambda p: order_key(p.name))
