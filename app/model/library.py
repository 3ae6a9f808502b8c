"""The loaded library and its problems, without YAML, pydantic or the engines.

These types are what the window shows. They live apart from the loader so that a start
from the snapshot (see :mod:`app.model.snapshot`) never imports the heavy loading stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.model.safe_files import UnreadableFile, read_regular_file, too_large  # noqa: F401

if TYPE_CHECKING:
    from app.model.examples import ExampleResult

# The games shipped with a rules engine (app/rules/registry.py), in the switcher's order:
# Atlantis is the flagship and comes first; other games follow by name. Their ids are
# reserved (no pack may take one). Named here, not read from the engines, so the first frame
# imports none; tests/ui/test_game_registry.py holds it to the registries.
SHIPPED_GAMES = ("atlantis", "atacama", "survive")

# Content files are a few kilobytes; anything far larger is a mistake or an attack.
MAX_FILE_BYTES = 512 * 1024
# The longest problem message: a few lines of a dialog, never a page of quoted content.
MAX_MESSAGE_CHARS = 400


@dataclass(frozen=True)
class Problem:
    """A content problem, reported to the user as one line ``file:line: message``."""

    file: Path
    line: int | None
    message: str

    def __post_init__(self) -> None:
        # Messages quote content; shown in a terminal or a label, it stays one harmless line,
        # and a short one: the checks quote excerpts, this catches a quote that slipped through.
        message = safe_line(self.message)
        if len(message) > MAX_MESSAGE_CHARS:
            message = message[:MAX_MESSAGE_CHARS - 1] + "…"
        object.__setattr__(self, "message", message)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        return safe_line(f"{where}: {self.message}")


def excerpt(text: object, limit: int = 40) -> str:
    """A short, quoted, one-line excerpt of ``text`` for a message: content is quoted, never
    copied whole (a field of 200,000 characters must not become a line that long).

    >>> excerpt("Wasser" * 20)
    '„WasserWasserWasserWasserWasserWasserWas…“'
    """
    shown = " ".join(str(text).split())
    if len(shown) > limit:
        shown = shown[:limit - 1] + "…"
    return f"„{safe_line(shown)}“"


def distinct_problems(problems: list[Problem], limit: int = 200) -> list[Problem]:
    """Each distinct problem once, in order, and at most ``limit`` of them plus one line that
    says how many more there were (a file can hold a mistake a million times)."""
    seen: set[Problem] = set()
    unique: list[Problem] = []
    more = 0
    for problem in problems:
        if problem in seen:
            continue
        seen.add(problem)
        if len(unique) < limit:
            unique.append(problem)
        else:
            more += 1
    if more:
        last = unique[-1]
        unique.append(Problem(last.file, None, f"… und {more} weitere Probleme."))
    return unique


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


def read_content_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, never more than ``limit`` (the one opener,
    :func:`app.model.safe_files.read_regular_file`, with the content files' limit)."""
    return read_regular_file(path, limit)


class LoadedGame:
    """A game that loaded, with the engine's verdict on each worked example.

    ``game`` is the :class:`~app.model.schema.Game` of the full load, or the same data
    read back from the snapshot (plain records with the same attributes).
    """

    # A player's own pack (app.model.packs.PackGame) says True: the window marks it and
    # gives it no engine, even under a shipped game's id.
    own_pack: bool = False

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
    own_pack: bool = False  # a player's own pack (app.model.packs.FailedPack)


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
