"""A checked snapshot of the library, so an everyday start needs no YAML, pydantic or engines.

The shipped content does not change between starts, so parsing, validating and
re-checking every worked example each time is waste. After a full load (YAML,
schema, cross references, the engines' verdicts) the result is written as plain
JSON to the user's cache, keyed by

* a hash of the bytes of every content file of each game folder, and
* the app version together with the size and time of the code that checks them
  (so a changed engine never leaves an old "geprüft" behind).

At start each game folder's bytes are hashed again; a game whose hash matches is
read back from the snapshot (the remembered one at once, the others when first
opened), any other game is loaded and checked in full. The snapshot is data only
(JSON, never pickle) and is checked before use: a corrupt, truncated or foreign
file is ignored and rebuilt, never trusted.

Nothing here imports PyYAML, pydantic or an engine; :func:`complete` does, for the
folders that need the full load.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    # hashlib itself takes BLAKE2 from here; importing hashlib would also load OpenSSL,
    # megabytes of memory and milliseconds the first frame does not need.
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Python implementations
    from hashlib import blake2b

from app import __version__
from app.model.examples import ExampleResult
from app.model.game_views import GameViews
from app.model.library import (
    ContentError,
    FailedGame,
    Library,
    LoadedGame,
    Problem,
    UnreadableFile,
    game_folders,
    order_key,
    read_content_file,
)

FORMAT = 1
CACHE_ENV = "REGELFRISCH_CACHE"
INDEX = "index.json"
CONTENT_SUFFIXES = (".yaml", ".yml")
# A game's snapshot is a few dozen kilobytes; a larger file is not ours.
MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024
_GAME_FILE = re.compile(r"[0-9a-f]{20}\.json")
_DICT = "§dict"  # marks a plain mapping field (e.g. an example's ``expect``), not a record


def _hash(data: bytes = b""):
    return blake2b(data, digest_size=32)


def cache_dir(default: Path) -> Path:
    """Where snapshots go: ``$REGELFRISCH_CACHE``, else ``$REGELFRISCH_DATA/cache``, else
    ``default`` (the platform's cache folder, which the UI asks Qt for)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    if os.environ.get("REGELFRISCH_DATA"):
        return Path(os.environ["REGELFRISCH_DATA"]) / "cache"
    return default


# -- keys ----------------------------------------------------------------------------------


def folder_digest(folder: Path) -> str | None:
    """A hash of every content file's name and bytes; ``None`` if any cannot be read.

    ``None`` sends the folder to the full load, which names the problem.
    """
    digest = _hash()
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda e: e.name)
        for entry in entries:
            if not entry.name.endswith(CONTENT_SUFFIXES):
                continue
            data = read_content_file(Path(entry.path))
            digest.update(entry.name.encode("utf-8", "surrogateescape") + b"\0")
            digest.update(len(data).to_bytes(8, "little"))
            digest.update(data)
    except (OSError, UnreadableFile):
        return None
    return digest.hexdigest()


def code_key() -> str:
    """The app version and the state of the code whose verdict the snapshot keeps."""
    key = _hash(f"{FORMAT}|{__version__}|{sys.version_info[:2]}".encode())
    app_dir = Path(__file__).resolve().parents[1]
    paths = [app_dir / "ui" / "widgets.py"]  # the Markdown rendering the UI memo keeps
    for sub in ("model", "rules"):
        for dirpath, dirnames, filenames in os.walk(app_dir / sub):
            dirnames.sort()
            paths += [Path(dirpath, n) for n in sorted(filenames) if n.endswith(".py")]
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            continue
        key.update(f"{path}|{info.st_size}|{info.st_mtime_ns}".encode())
    return key.hexdigest()


def snapshot_dir(cache: Path, root: Path) -> Path:
    """One snapshot per content folder (the shipped one, or ``--content``)."""
    name = _hash(str(root.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return cache / "snapshot" / name[:20]


# -- reading -------------------------------------------------------------------------------


class Record:
    """A read-only bundle of attributes, standing in for a pydantic model of the schema.

    Built generically from the snapshot, so a new field in the schema needs no code here.
    """

    __slots__ = ("__dict__",)

    def __init__(self, fields: dict[str, Any]):
        self.__dict__.update(fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} ist schreibgeschützt")

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"


class GameRecord(GameViews, Record):
    """:class:`~app.model.schema.Game` read back from the snapshot.

    Its methods come from :class:`~app.model.game_views.GameViews`, shared with ``Game``;
    tests/model/test_snapshot.py compares every public property and method of both.
    """


def _revive(value: Any) -> Any:
    if isinstance(value, list):
        return [_revive(v) for v in value]
    if isinstance(value, dict):
        if len(value) == 1 and _DICT in value:
            return {k: _revive(v) for k, v in _expect(value[_DICT], dict).items()}
        return Record({k: _revive(v) for k, v in value.items()})
    return value


class SnapshotGame(LoadedGame):
    """A game whose content bytes match the snapshot; its data is read on first use."""

    def __init__(self, game_id: str, folder: Path, title: str, short_title: str,
                 file: Path, file_hash: str, digest: str):
        # Deliberately not LoadedGame.__init__: ``game`` and ``examples`` are filled lazily.
        self._id = game_id
        self.folder = folder
        self._title = title
        self._short_title = short_title
        self._file = file
        self._file_hash = file_hash
        self._digest = digest
        self._game: Any = None
        self._examples: dict[str, ExampleResult] = {}

    @property
    def id(self) -> str:
        return self._id

    @property
    def title(self) -> str:
        return self._title

    @property
    def short_title(self) -> str:
        return self._short_title

    @property
    def game(self) -> Any:
        if self._game is None:
            self.fill()
        return self._game

    @property
    def examples(self) -> dict[str, ExampleResult]:
        if self._game is None:
            self.fill()
        return self._examples

    @property
    def filled(self) -> bool:
        return self._game is not None

    def fill(self) -> None:
        try:
            self._game, self._examples = _read_game_file(self._file, self._file_hash, self._id,
                                                         self._digest)
        except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            # The file changed since the start (or was damaged): the content is the truth.
            from app.model.loader import load_game

            loaded = load_game(self.folder)
            self._game, self._examples = loaded.game, loaded.examples


def _read_game_file(file: Path, file_hash: str, game_id: str, digest: str):
    raw = read_content_file(file, MAX_SNAPSHOT_BYTES)
    if _hash(raw).hexdigest() != file_hash:
        raise ValueError("snapshot file does not match its index")
    data = _expect(json.loads(raw), dict)
    if data.get("format") != FORMAT or data.get("id") != game_id or \
            data.get("digest") != digest:
        raise ValueError("snapshot file of another game or version")
    game_data = _expect(data["game"], dict)
    game = GameRecord({k: _revive(v) for k, v in game_data.items()})
    if game.id != game_id:
        raise ValueError("snapshot game id differs")
    game.content.meta.title  # noqa: B018 - a record without the basics is not ours
    examples = {}
    for example_id, (ok, message) in _expect(data["examples"], dict).items():
        examples[example_id] = ExampleResult(bool(_expect(ok, bool)), _expect(message, str))
    return game, examples


def _expect(value: Any, kind: type) -> Any:
    if not isinstance(value, kind):
        raise TypeError(f"expected {kind.__name__}")
    return value


@dataclass
class Opened:
    """What the snapshot could give at start, and what still needs the full load."""

    root: Path
    directory: Path
    key: str
    library: Library = field(default_factory=Library)
    stale: list[Path] = field(default_factory=list)
    digests: dict[str, str | None] = field(default_factory=dict)
    # Folders served on the index's word until ``verify_rest`` hashes them (folder → the
    # digest the snapshot was made from): none of their content is on screen before that.
    unverified: dict[Path, str] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not self.stale


def open_library(root: Path, cache: Path, first: str | None = None,
                 verify_all: bool = True) -> Opened:
    """The library as far as the snapshot knows it, with ``first`` already read.

    Never raises for a bad snapshot: whatever does not check out goes to ``stale``.
    With ``verify_all=False`` only the shown game's folder is hashed now; the others wait
    in ``unverified`` for :func:`verify_rest` (the window calls it right after its first
    frame), so the start does not grow with the number of games.
    """
    opened = Opened(root, snapshot_dir(cache, root), code_key())
    try:
        folders = game_folders(root)
    except OSError:
        opened.stale = [root]
        return opened
    known = _read_index(opened.directory, opened.key, str(root))
    names = [f.name for f in folders]
    # The game the window will show: the wanted one, else the first in display order.
    shown_name = first if first in names else min(names, key=order_key, default=None)
    deferred = not verify_all and known and shown_name in known
    for folder in folders:
        entry = known.get(folder.name)
        if deferred and folder.name != shown_name and entry is not None and \
                isinstance(entry.get("digest"), str):
            opened.unverified[folder] = entry["digest"]
            digest = entry["digest"]
        else:
            digest = opened.digests[folder.name] = folder_digest(folder)
        if digest is None or entry is None or entry.get("digest") != digest:
            opened.stale.append(folder)
            continue
        try:
            _add_entry(opened, folder, entry)
        except (ValueError, TypeError, KeyError):
            opened.unverified.pop(folder, None)
            opened.stale.append(folder)
    # The game the window shows first is read now: a damaged file must not reach the screen.
    games = opened.library.games
    shown = next((g for g in games if g.id == shown_name), None)
    if isinstance(shown, SnapshotGame):
        try:
            shown._game, shown._examples = _read_game_file(
                shown._file, shown._file_hash, shown.id, shown._digest)
        except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            games.remove(shown)
            opened.stale.append(shown.folder)
    if opened.stale:
        verify_rest(opened)  # the full load runs anyway: let it take every changed folder
    return opened


def verify_rest(opened: Opened) -> list[Path]:
    """Hash the folders the start took on the index's word; a folder whose bytes differ
    from the snapshot leaves the library and goes to ``stale`` (returned) for the full load.
    """
    changed = []
    for folder, expected in list(opened.unverified.items()):
        digest = opened.digests[folder.name] = folder_digest(folder)
        del opened.unverified[folder]
        if digest != expected:
            library = opened.library
            library.games[:] = [g for g in library.games if g.id != folder.name]
            library.failures[:] = [f for f in library.failures if f.id != folder.name]
            opened.stale.append(folder)
            changed.append(folder)
    return changed


def _read_index(directory: Path, key: str, root: str) -> dict[str, dict]:
    try:
        data = _expect(json.loads(read_content_file(directory / INDEX, MAX_SNAPSHOT_BYTES)), dict)
        if data.get("format") != FORMAT or data.get("key") != key or data.get("root") != root:
            return {}
        return {_expect(e["id"], str): e for e in _expect(data["games"], list)
                if isinstance(e, dict)}
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _add_entry(opened: Opened, folder: Path, entry: dict) -> None:
    if entry["state"] == "ok":
        opened.library.games.append(SnapshotGame(
            folder.name, folder, _expect(entry["title"], str), _expect(entry["short_title"], str),
            opened.directory / game_file_name(folder.name), _expect(entry["hash"], str),
            entry["digest"]))
    elif entry["state"] == "failed":
        problems = [Problem(folder / _expect(name, str) if name else folder,
                            _expect(line, int) if line is not None else None,
                            _expect(message, str))
                    for name, line, message in _expect(entry["problems"], list)]
        if not problems:
            raise ValueError("a failed game without problems")
        opened.library.failures.append(FailedGame(folder.name, folder, problems))
    else:
        raise ValueError("unknown state")


def game_file_name(game_id: str) -> str:
    """The snapshot file of one game (named by a hash: game ids are the players' to choose)."""
    return _hash(game_id.encode("utf-8", "surrogateescape")).hexdigest()[:20] + ".json"


# -- the full load and writing -------------------------------------------------------------


def complete(opened: Opened, first: str | None = None) -> Library:
    """Load and check the stale folders in full (YAML, schema, engines) and merge them.

    ``first`` is loaded before the others. Slow; the window calls it off the GUI thread.
    """
    from app.model.loader import load_entry, load_library

    if opened.stale == [opened.root]:
        return load_library(opened.root)
    library = Library(list(opened.library.games), list(opened.library.failures))
    for folder in sorted(opened.stale, key=lambda f: f.name != first):
        entry = load_entry(folder)
        (library.games if isinstance(entry, LoadedGame) else library.failures).append(entry)
    return library


def snapshot_files(opened: Opened, library: Library) -> dict[str, bytes]:
    """The files of the new snapshot (name → bytes), the index last; empty if unsuitable.

    Only folders whose bytes were hashed at start are kept, so a file edited while the
    full load ran is checked again at the next start instead of being trusted.
    """
    files: dict[str, bytes] = {}
    entries = []
    for entry in library.entries():
        digest = opened.digests.get(entry.id)
        if digest is None or folder_digest(entry.folder) != digest:
            continue
        if isinstance(entry, LoadedGame):
            try:
                raw = _unchanged_bytes(entry) or _game_bytes(entry, digest)
            except (TypeError, ValueError):
                continue  # a field JSON cannot hold: that game is loaded in full each start
            name = game_file_name(entry.id)
            files[name] = raw
            entries.append({"id": entry.id, "digest": digest, "state": "ok",
                            "title": entry.title, "short_title": entry.short_title,
                            "hash": _hash(raw).hexdigest()})
        else:
            entries.append({"id": entry.id, "digest": digest, "state": "failed",
                            "problems": [[_relative(p.file, entry.folder), p.line, p.message]
                                         for p in entry.problems]})
    index = {"format": FORMAT, "key": opened.key, "root": str(opened.root), "games": entries}
    files[INDEX] = json.dumps(index, ensure_ascii=False).encode("utf-8")
    return files


def _unchanged_bytes(entry: LoadedGame) -> bytes | None:
    # A game served from the snapshot keeps its file as it is; no need to read it all in.
    if not isinstance(entry, SnapshotGame):
        return None
    try:
        raw = read_content_file(entry._file, MAX_SNAPSHOT_BYTES)
    except (OSError, UnreadableFile):
        return None
    return raw if _hash(raw).hexdigest() == entry._file_hash else None


def _relative(file: Path, folder: Path) -> str:
    try:
        return str(file.relative_to(folder)) if file != folder else ""
    except ValueError:
        return file.name


def _game_bytes(loaded: LoadedGame, digest: str) -> bytes:
    data = {
        "format": FORMAT, "id": loaded.id, "digest": digest,
        "game": plain(loaded.game),
        "examples": {k: [r.ok, r.message] for k, r in loaded.examples.items()},
    }
    return json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")


def plain(value: Any) -> Any:
    """A schema model as JSON data, generically: every field the model declares.

    Plain mappings are marked so that reading back tells them from records.
    """
    fields = getattr(type(value), "model_fields", None)
    if isinstance(fields, dict):
        return {name: plain(getattr(value, name)) for name in fields}
    if isinstance(value, Record):
        return {name: plain(v) for name, v in value.__dict__.items()}
    if isinstance(value, dict):
        return {_DICT: {_expect(k, str): plain(v) for k, v in value.items()}}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"{type(value).__name__} gehört nicht in den Schnappschuss")


def stale_files(directory: Path, keep: set[str]) -> list[Path]:
    """Game files no index names any more (left by older contents)."""
    try:
        with os.scandir(directory) as scan:
            return [Path(e.path) for e in scan
                    if _GAME_FILE.fullmatch(e.name) and e.name not in keep
                    and stat.S_ISREG(e.stat(follow_symlinks=False).st_mode)]
    except OSError:
        return []


__all__ = ["ContentError", "Opened", "complete", "open_library", "snapshot_files"]
