"""A player's own games ("packs"): the pack folder, templates, sharing as ``.regelfrisch``.

A pack is a game folder with ``game.yaml``, ``quiz.yaml`` and optionally ``glossary.yaml`` in
``<data dir>/spiele/<id>/``. It is data only: no engine (so no worked examples), no HTML, no
references to files, size limits. It loads beside the shipped games and never shadows one: a pack
whose id is a shipped game's id is shown as broken under a different id, with a message.

A shared pack is a zip named ``<id>.regelfrisch``: the YAML files plus ``manifest.json``. It is
unpacked into a temporary folder and fully checked there; only a clean pack is copied into the
pack folder, so a hostile or broken one leaves no trace.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import stat
import struct
import tempfile
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

from app import __version__
from app.model.library import SHIPPED_GAMES, distinct_problems, excerpt, safe_line
from app.model.loader import GAME_FILE, QUIZ_FILE, FailedGame, Library, LoadedGame, load_game
from app.model.paths import PACKS_FOLDER, packs_root, resources_root  # noqa: F401 (re-exported)
from app.model.quality import GLOSSARY_FILE, review_game
from app.model.safe_files import UnreadableFile, german_os_error, read_regular_file, too_large
from app.model.yaml_source import ContentError, GameFiles, Problem

SUFFIX = ".regelfrisch"
MANIFEST = "manifest.json"
PACK_FILES = (GAME_FILE, QUIZ_FILE, GLOSSARY_FILE)
ARCHIVE_FILES = (*PACK_FILES, MANIFEST)
FORMAT = 1
MAX_ARCHIVE_BYTES = 2 * 1024 * 1024
MAX_ENTRIES = len(ARCHIVE_FILES)
MAX_MANIFEST_BYTES = 16 * 1024
# A pack's file: five times the largest shipped one (26 KB). The content limit (512 KiB) would
# let an archive hold 1.5 MB of YAML, which takes PyYAML and the checks many seconds; at this
# size any archive is checked within the two seconds on a busy two-core machine.
MAX_PACK_FILE_BYTES = 128 * 1024
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_ID = 40


class PackGame(LoadedGame):
    """A loaded own pack: the window marks it and gives it no engine."""

    own_pack = True
    # The files' fingerprint as they were read (see pack_fingerprint): the window compares it
    # with the disk when the pack is opened, so an edit made meanwhile is never shown old.
    fingerprint: str | None = None


@dataclass
class FailedPack(FailedGame):
    own_pack: bool = True
    fingerprint: str | None = None


def reserved_ids(library: Library | None = None) -> set[str]:
    """Ids a pack must not take: the shipped games (and any game the library shows already)."""
    ids = set(SHIPPED_GAMES)
    if library is not None:
        ids |= {e.id for e in library.entries() if not e.own_pack}
    return ids


# -- loading -----------------------------------------------------------------------------------


def pack_fingerprint(folder: Path, files: GameFiles | None = None) -> str:
    """A hash of the pack's files as they are on disk now (a missing file counts too).

    ``files``: the folder's files as a check read them (then the hash is of those bytes)."""
    # Through the one opener: a FIFO named quiz.yaml must not hang the start.
    files = files or GameFiles(folder)
    digest = hashlib.sha256()
    for name in (*PACK_FILES, MANIFEST):
        data = files.raw(name)
        if data is not None:
            digest.update(name.encode() + b"\0" + data + b"\0")
        else:
            # Missing, unreadable or refused: each counts as a state of its own.
            digest.update(name.encode() + b"\0-" + str(files.error(name).errno).encode() + b"\0")
    return digest.hexdigest()


def load_pack(folder: Path, reserved: Iterable[str] = (),
              fingerprint: str | None = None, files: GameFiles | None = None) -> PackGame:
    """Load one pack folder or raise :class:`ContentError` with every problem.

    ``fingerprint``: :func:`pack_fingerprint` of the folder, if the caller took it already.
    ``files``: the folder's files as the caller read them (an archive's entries); the
    fingerprint, the pack's rules and the load all use them, so each file is read and parsed
    once."""
    # Taken before reading: a change during the load makes it differ, never the reverse.
    files = files or GameFiles(folder)
    fingerprint = fingerprint or pack_fingerprint(folder, files)
    problems, blocking = _pack_problems(folder, reserved, files)
    if blocking:
        raise ContentError(problems)
    # The pack's own rules and the loader's together, each problem once: the player fixes
    # them in one go, and ``--check`` (which loads packs through here) says the same.
    try:
        loaded = load_game(folder, files=files)
    except ContentError as exc:
        # A file both refuse (a FIFO, a link to a device) is named once, in the loader's
        # more precise words.
        named = {p.file for p in exc.problems if p.line is None}
        ours = [p for p in problems if not (p.line is None and p.file in named)]
        raise ContentError(_in_file_order([*ours, *exc.problems])) from None
    if problems:
        raise ContentError(_in_file_order(problems))
    pack = PackGame(loaded.game, loaded.folder, loaded.examples)
    pack.fingerprint = fingerprint
    return pack


@dataclass(frozen=True)
class PackVersion:
    """One reading of a pack folder for the live preview (see :func:`read_pack_version`).

    ``entry`` is the loaded pack, or ``None`` with ``problems`` when the files have errors.
    ``settled`` says the files were the same before and after the reading: a reading that
    overlapped an editor's save may have met a half-written file and must not be shown."""

    fingerprint: str
    entry: PackGame | None
    problems: list[Problem]
    settled: bool


def read_pack_version(folder: Path, reserved: Iterable[str] = (),
                      known: str | None = None) -> PackVersion | None:
    """Load ``folder`` again unless its fingerprint is still ``known`` (then ``None``).

    Made for a worker thread: no Qt, and the result says whether the files held still."""
    files = GameFiles(folder)
    before = pack_fingerprint(folder, files)
    if before == known:
        return None
    try:
        entry: PackGame | None = load_pack(folder, reserved, before, files)
        problems: list[Problem] = []
    except ContentError as exc:
        entry, problems = None, exc.problems
    return PackVersion(before, entry, problems, settled=pack_fingerprint(folder) == before)


def _in_file_order(problems: list[Problem]) -> list[Problem]:
    """Each problem once, by file and line: the order of the panel and of ``--check``."""
    return sorted(distinct_problems(problems),
                  key=lambda p: (str(p.file), p.line or 0))


def pack_problems(folder: Path, reserved: Iterable[str] = (),
                  files: GameFiles | None = None) -> list[Problem]:
    """What keeps ``folder`` from being a pack, before the YAML is even read as a game.

    ``files`` read from memory (an archive's checked entries) have no folder to look at: only
    the id and the markup are checked then."""
    return _pack_problems(folder, reserved, files)[0]


def _pack_problems(folder: Path, reserved: Iterable[str],
                   files: GameFiles | None) -> tuple[list[Problem], bool]:
    """:func:`pack_problems`, and whether one of them forbids reading the pack as a game at
    all (a shipped game's id would run that game's engine checks; an oversized file would
    keep the parser busy for seconds)."""
    problems: list[Problem] = []
    blocking = False
    game_id = folder.name
    if game_id in set(reserved):
        blocking = True
        problems.append(Problem(folder, None, f"„{game_id}“ ist ein mitgeliefertes Spiel. Ein "
                                              "eigenes Spiel braucht einen anderen Ordnernamen."))
    elif not ID_PATTERN.match(game_id) or len(game_id) > MAX_ID:
        problems.append(Problem(folder, None, f"Der Ordnername „{game_id}“ taugt nicht als "
                                              "Spiel-ID: nur Kleinbuchstaben, Ziffern und "
                                              f"Bindestriche, höchstens {MAX_ID} Zeichen."))
    files = files or GameFiles(folder)
    if files.in_memory:
        for name in PACK_FILES:
            data = files.raw(name)
            if data is not None and len(data) > MAX_PACK_FILE_BYTES:
                blocking = True
                problems.append(Problem(folder / name, None,
                                        too_large(len(data), MAX_PACK_FILE_BYTES)))
            elif data is not None:
                problems += _markup_problems(files, name)
    elif folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.name.startswith("."):
                continue
            if path.is_symlink() or not path.is_file():
                problems.append(Problem(path, None, "In einem eigenen Spiel sind nur Dateien "
                                                    "erlaubt, keine Ordner oder Verknüpfungen."))
            elif path.name not in PACK_FILES and path.name != MANIFEST:
                problems.append(Problem(path, None, _unknown_file_message(path.name)))
            elif _size(path) > MAX_PACK_FILE_BYTES:
                # The same limit as in an archive, so every pack that loads can be shared.
                blocking = True
                problems.append(Problem(path, None, too_large(_size(path),
                                                              MAX_PACK_FILE_BYTES)))
            elif path.suffix == ".yaml":
                problems += _markup_problems(files, path.name)
    return problems, blocking


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # the loader says why it cannot be read


def _unknown_file_message(name: str) -> str:
    if name == "examples.yaml":
        return ("Rechenbeispiele brauchen eine Regel-Engine; eigene Spiele haben keine. "
                "Entferne examples.yaml.")
    return f"Unbekannte Datei. Erlaubt sind nur {', '.join(PACK_FILES)}."


def _markup_problems(files: GameFiles, name: str) -> list[Problem]:
    # The same rule as for every game (app/model/markup.py): no HTML, images or links.
    from app.model.markup import markup_problems

    try:
        return markup_problems(files.source(name))
    except ContentError:
        return []  # the loader reports it with its line


def pack_folders(root: Path) -> list[Path]:
    """The pack folders below ``root`` (a missing or unreadable root has none).

    Dot folders are work in progress (``--neu`` and an import build their pack in one and
    rename it when it is whole), so a window watching ``root`` never sees half a pack."""
    try:
        return sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink()
                      and not p.name.startswith((".", "_")))
    except OSError:
        return []


def load_pack_entry(folder: Path, reserved: Iterable[str] = ()) -> PackGame | FailedPack:
    """:func:`load_pack` that never raises: a pack that does not load is a
    :class:`FailedPack` with its problems (as the window lists it, and ``--check``)."""
    files = GameFiles(folder)
    fingerprint = pack_fingerprint(folder, files)
    try:
        return load_pack(folder, reserved, fingerprint, files)
    except ContentError as exc:
        failed = failed_pack(folder, exc.problems, reserved)
    except RecursionError:
        failed = failed_pack(folder, [Problem(folder, None, "Die Inhalte sind zu tief "
                                                            "verschachtelt.")], reserved)
    except OSError as exc:
        failed = failed_pack(folder, [Problem(folder, None, "Der Spielordner lässt sich nicht "
                                                            f"lesen ({german_os_error(exc)}).")],
                             reserved)
    failed.fingerprint = fingerprint
    return failed


def load_packs(root: Path, reserved: Iterable[str] = (),
               loaded: Mapping[Path, PackGame | FailedPack] | None = None) -> Library:
    """Every pack folder below ``root``; a missing folder is simply no packs. ``loaded``:
    entries read a moment ago, by folder, taken as they are instead of read again."""
    reserved = set(reserved)
    loaded = loaded or {}
    packs = Library()
    for folder in pack_folders(root):
        entry = loaded.get(folder) or load_pack_entry(folder, reserved)
        (packs.failures if isinstance(entry, FailedGame) else packs.games).append(entry)
    return packs


@dataclass(frozen=True)
class PackReport:
    """Everything that is said about one pack: by ``regelfrisch --check`` and, in the same
    words and order, by the window's problems panel (the one source of both).

    ``errors`` keep the pack from loading (or, once it loads, from passing the editorial
    review); ``hints`` never do."""

    errors: list[Problem]
    hints: list[Problem]
    coverage: Any = None  # app.model.quality.Coverage of a pack that loads

    def moved(self, old: Path, new: Path) -> PackReport:
        """The same report for the same files moved from folder ``old`` to ``new``."""
        def move(problem: Problem) -> Problem:
            if not problem.file.is_relative_to(old):
                return problem
            return Problem(new / problem.file.relative_to(old), problem.line, problem.message)

        return PackReport([move(p) for p in self.errors], [move(p) for p in self.hints],
                          self.coverage)


def pack_report(entry: LoadedGame | FailedGame) -> PackReport:
    """The report on ``entry`` as :func:`load_pack_entry` loaded it; reads the files again
    for the editorial review, so call it beside the window (it is quick, but not a frame)."""
    if isinstance(entry, FailedGame):
        return PackReport(list(entry.problems), [])
    from app.model import quality  # looked up per call: one review_game for every caller

    review = quality.review_game(entry.game, entry.folder)
    return PackReport(review.errors, review.hints, review.coverage)


def failed_pack(folder: Path, problems: list[Problem], reserved: Iterable[str]) -> FailedPack:
    # A pack named like a shipped game keeps a distinct id (never a valid game id), so the
    # switcher shows both and the shipped one is never replaced.
    pack_id = folder.name if folder.name not in set(reserved) else f"{folder.name} (eigenes)"
    return FailedPack(pack_id, folder, problems)


def with_packs(library: Library, root: Path, keep_loaded: bool = False) -> Library:
    """``library`` plus the packs below ``root``, as a new library (the old one is shared).
    ``keep_loaded``: the packs ``library`` has already (the remembered one, loaded before the
    window's first frame) are kept, not read a second time."""
    loaded = {e.folder: e for e in library.entries() if e.own_pack} if keep_loaded else None
    packs = load_packs(root, reserved_ids(library), loaded)
    shipped_games = [g for g in library.games if not g.own_pack]
    shipped_failures = [f for f in library.failures if not f.own_pack]
    return Library(games=[*shipped_games, *packs.games],
                   failures=[*shipped_failures, *packs.failures])


def replace_pack(library: Library, folder: Path, entry: PackGame | FailedPack) -> Library:
    """``library`` with the pack in ``folder`` replaced by ``entry`` (or added)."""
    def other(e) -> bool:
        return not (e.own_pack and e.folder == folder)

    games = [g for g in library.games if other(g)]
    failures = [f for f in library.failures if other(f)]
    if isinstance(entry, FailedGame):
        failures.append(entry)
    else:
        games.append(entry)
    return Library(games=games, failures=failures)


# -- a new pack from the templates -----------------------------------------------------------


def slug(title: str) -> str:
    """A pack id from a game's name: „Die Siedler von Catan“ → ``die-siedler-von-catan``."""
    text = title.strip().lower()
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(umlaut, plain)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return text[:MAX_ID].rstrip("-")


def create_pack(root: Path, title: str, reserved: Iterable[str] = (), author: str = "") -> Path:
    """Make ``root/<id>`` from the templates; raise ``ValueError`` (German) if that cannot be."""
    title = " ".join(title.split())
    if not title:
        raise ValueError("Bitte gib den Namen des Spiels ein.")
    if len(title) > 80:
        raise ValueError("Der Name ist zu lang (höchstens 80 Zeichen).")
    pack_id = slug(title)
    if not pack_id:
        raise ValueError("Der Name braucht wenigstens einen Buchstaben oder eine Ziffer.")
    if pack_id in set(reserved):
        raise ValueError(f"„{title}“ gibt es schon als mitgeliefertes Spiel. Wähle einen "
                         "anderen Namen, z. B. mit dem Zusatz „eigene Fassung“.")
    folder = root / pack_id
    if folder.exists():
        raise ValueError(f"Ein eigenes Spiel „{pack_id}“ gibt es schon ({folder}).")
    values = {"title": _yaml_string(title), "author": _yaml_string(author) if author else "null"}
    template = resources_root() / "pack-template"
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".neu-", dir=root))
    try:
        for name in (GAME_FILE, QUIZ_FILE):
            text = Template((template / name).read_text(encoding="utf-8")).safe_substitute(values)
            (staging / name).write_text(text, encoding="utf-8")
        staging.rename(folder)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder


def _yaml_string(text: str) -> str:
    # A JSON string is a valid YAML double-quoted scalar.
    return json.dumps(text, ensure_ascii=False)


# -- sharing -----------------------------------------------------------------------------------


def manifest_for(loaded: LoadedGame) -> dict[str, Any]:
    meta = loaded.game.content.meta
    return {"format": FORMAT, "id": loaded.id, "title": meta.title,
            "version": meta.version or "1", "author": meta.author or "",
            "source_note": meta.source_note, "app_version": __version__}


def export_pack(loaded: LoadedGame, out: Path) -> Path:
    """Write ``loaded`` as a ``.regelfrisch`` file; the pack's YAML goes in byte for byte."""
    if out.suffix != SUFFIX:
        out = out.with_name(out.name + SUFFIX)
    partial = out.with_name(f".{out.name}.teil")
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(MANIFEST, json.dumps(manifest_for(loaded), ensure_ascii=False,
                                                  indent=2))
            for name in PACK_FILES:
                path = loaded.folder / name
                if path.is_file():
                    archive.write(path, name)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    return out


@dataclass
class Inspection:
    """What an archive holds, checked in a temporary folder; ``problems`` empty means clean."""

    archive: Path
    manifest: dict[str, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    loaded: PackGame | None = None
    hints: list[Problem] = field(default_factory=list)
    # The review of ``loaded`` (its paths in ``loaded.folder``): an install shows it as it is.
    report: PackReport | None = None
    # When the pack's files were last changed, as the archive's entries say (a datetime).
    modified: Any = None

    @property
    def pack_id(self) -> str:
        return str(self.manifest.get("id", ""))

    @property
    def ok(self) -> bool:
        return not self.problems and self.loaded is not None


class Cancelled(Exception):
    """The player cancelled an import while the archive was being checked."""


def inspect_archive(archive: Path, workdir: Path, reserved: Iterable[str] = (),
                    should_stop: Callable[[], bool] | None = None) -> Inspection:
    """Unpack ``archive`` into ``workdir`` (a fresh temporary folder) and check all of it.

    Whatever the file holds, the answer is an :class:`Inspection` whose problems are German;
    nothing the archive holds raises. ``should_stop`` is asked between the steps (the window's
    Cancel); when it says yes, :class:`Cancelled` is raised and ``workdir`` may hold a part."""
    result = Inspection(archive)
    problems = result.problems

    def problem(message: str, name: str | None = None) -> None:
        where = Path(archive.name) / name if name else Path(archive.name)
        problems.append(Problem(where, None, message))

    def step() -> None:
        if should_stop is not None and should_stop():
            raise Cancelled

    try:
        raw = read_regular_file(archive, MAX_ARCHIVE_BYTES)
    except UnreadableFile as exc:
        problem(str(exc))
        return result
    except IsADirectoryError:
        problem("Das ist ein Ordner, kein Regelfrisch-Archiv.")
        return result
    except OSError as exc:
        problem(f"Die Datei lässt sich nicht lesen ({german_os_error(exc)}).")
        return result
    step()
    dates: list[tuple] = []
    files = _unpack(raw, problem, dates)
    if problems:
        return result
    result.modified = _latest(dates)
    return _inspect_entries(result, files, workdir, reserved, step)


def inspect_files(archive: Path, files: dict[str, bytes], reserved: Iterable[str] = (),
                  folder: Path | None = None) -> Inspection:
    """Check a pack's files, given in memory, as :func:`inspect_archive` checks the entries
    of the archive ``archive`` (only its name is used); nothing is read or written.

    For a library's packs (app/model/game_library.py): their files come from git objects, and
    a round trip through a zip file and a folder on disk cost more than the check itself.
    ``folder``: where the caller keeps the same files, if anywhere (``loaded.folder`` of the
    answer); else ``loaded.folder`` is the bare pack id and names the pack only."""
    result = Inspection(archive)
    for name, data in files.items():
        where = Path(archive.name) / safe_line(name)[:80]
        if name not in ARCHIVE_FILES:
            result.problems.append(Problem(where, None, _unknown_file_message(name)))
        elif len(data) > (MAX_MANIFEST_BYTES if name == MANIFEST else MAX_PACK_FILE_BYTES):
            result.problems.append(Problem(where, None, too_large(
                len(data), MAX_MANIFEST_BYTES if name == MANIFEST else MAX_PACK_FILE_BYTES)))
    if result.problems:
        return result
    return _inspect_entries(result, files, None, reserved, lambda: None, folder)


def _inspect_entries(result: Inspection, files: dict[str, bytes], workdir: Path | None,
                     reserved: Iterable[str], step: Callable[[], None],
                     named: Path | None = None) -> Inspection:
    """The check of an archive's entries: manifest, the pack's rules, the load, the review.

    Each file is parsed once, from memory, and shared by every step; ``workdir``: where the
    files are also written, as an install copies them (``None``: nowhere)."""
    archive, problems = result.archive, result.problems

    def problem(message: str, name: str | None = None) -> None:
        where = Path(archive.name) / name if name else Path(archive.name)
        problems.append(Problem(where, None, message))

    step()
    result.manifest = _read_manifest(files.get(MANIFEST), problem)
    for name in (GAME_FILE, QUIZ_FILE):
        if name not in files:
            problem(f"Die Datei {name} fehlt im Archiv.")
    pack_id = result.pack_id
    if problems:
        return result
    if workdir is None:
        folder = named or Path(pack_id)
    else:
        folder = workdir / pack_id
        folder.mkdir(parents=True)
        for name, data in files.items():
            (folder / name).write_bytes(data)  # what an install copies
    step()
    checked = GameFiles(folder, files)
    try:
        loaded = load_pack(folder, reserved, files=checked)
    except ContentError as exc:
        problems += distinct_problems([_relocated(p, folder, archive) for p in exc.problems])
        return result
    step()
    review = review_game(loaded.game, folder, checked)
    problems += [_relocated(p, folder, archive) for p in review.errors]
    result.hints = [_relocated(p, folder, archive) for p in review.hints]
    if not problems:
        result.loaded = loaded
        result.report = PackReport(list(review.errors), list(review.hints), review.coverage)
    return result


# What a damaged archive makes zipfile and zlib raise; each is a refusal of the archive.
_BROKEN_ZIP = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError,
               RuntimeError, ValueError, NotImplementedError, OverflowError, struct.error,
               IndexError, KeyError, TypeError)


def _latest(dates: list[tuple]):
    from datetime import datetime

    stamps = []
    for stamp in dates:
        try:
            stamps.append(datetime(*stamp))
        except (TypeError, ValueError):
            continue  # a date the archive made up: no date
    return max(stamps) if stamps else None


def _unpack(raw: bytes, problem, dates: list[tuple] | None = None) -> dict[str, bytes]:
    """The archive's files by name, each read up to its limit; on any problem, ``problem``
    is told (German) and what is returned must not be used. ``dates``: gets the pack
    files' modification dates as the archive records them."""
    files: dict[str, bytes] = {}
    try:
        zipped = zipfile.ZipFile(io.BytesIO(raw))
    except _BROKEN_ZIP:
        problem("Das ist kein lesbares Regelfrisch-Archiv: keine ZIP-Datei (beschädigt, "
                "unvollständig übertragen oder ein anderes Format).")
        return files
    with zipped:
        infos = zipped.infolist()
        if len(infos) > MAX_ENTRIES:
            problem(f"Das Archiv enthält {len(infos)} Einträge, erlaubt sind höchstens "
                    f"{MAX_ENTRIES}.")
            return files
        for info in infos:
            message = _entry_problem(info, files)
            if message:
                # The name as it stands: joined to a path, "/etc/x" would hide the archive.
                problem(f"{excerpt(info.filename)}: {message}")
                continue
            limit = MAX_MANIFEST_BYTES if info.filename == MANIFEST else MAX_PACK_FILE_BYTES
            try:
                with zipped.open(info) as stream:
                    data = stream.read(limit + 1)  # never trust the size in the header
            except _BROKEN_ZIP:
                problem("Die Datei ist im Archiv beschädigt und lässt sich nicht entpacken.",
                        info.filename)
                continue
            if len(data) > limit:
                problem(too_large(len(data), limit, at_least=True), info.filename)
                continue
            files[info.filename] = data
            if dates is not None and info.filename in PACK_FILES:
                dates.append(info.date_time)
    return files


def _entry_problem(info: zipfile.ZipInfo, seen: dict[str, bytes]) -> str:
    name = info.filename
    mode = info.external_attr >> 16
    if name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        return "Absolute Pfade sind nicht erlaubt."
    if ".." in re.split(r"[/\\]", name):
        return "Pfade mit „..“ sind nicht erlaubt."
    if stat.S_ISLNK(mode):
        return "Verknüpfungen (Symlinks) sind nicht erlaubt."
    if info.is_dir() or "/" in name or "\\" in name:
        return "Ordner sind im Archiv nicht erlaubt."
    if name not in ARCHIVE_FILES:
        return f"Unbekannte Datei; erlaubt sind nur {', '.join(ARCHIVE_FILES)}."
    if name in seen:
        return "Die Datei steht doppelt im Archiv."
    if info.flag_bits & 0x1:
        return "Verschlüsselte Dateien sind nicht erlaubt."
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        # bzip2, LZMA and the rest: what export_pack never writes, and what would run other
        # decompressors over untrusted data.
        return ("Die Datei ist mit einem Verfahren gepackt, das Regelfrisch nicht liest "
                "(erlaubt: ungepackt oder „Deflate“, wie jedes übliche ZIP-Programm).")
    return ""


MAX_MANIFEST_DEPTH = 8
_MAX_NUMBER_CHARS = 30


class _ManifestValue(ValueError):
    pass


def _manifest_number(text: str) -> int | float:
    if len(text) > _MAX_NUMBER_CHARS:
        raise _ManifestValue(text)
    return float(text) if any(c in text for c in ".eE") else int(text)


def _refuse_constant(text: str) -> None:
    raise _ManifestValue(text)


def _json_depth(text: str) -> int:
    """How deeply brackets nest in ``text`` (outside strings): measured before the JSON
    parser recurses into them, so the verdict never depends on the stack that is left."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _read_manifest(data: bytes | None, problem) -> dict[str, Any]:
    if data is None:
        problem(f"Die Datei {MANIFEST} fehlt im Archiv.")
        return {}
    try:
        # A byte order mark is what some Windows editors write first; it is no error.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        problem("Das Inhaltsverzeichnis ist kein gültiges UTF-8.", MANIFEST)
        return {}
    if _json_depth(text) > MAX_MANIFEST_DEPTH:
        problem(f"Das Inhaltsverzeichnis ist zu tief verschachtelt (höchstens "
                f"{MAX_MANIFEST_DEPTH} Ebenen).", MANIFEST)
        return {}
    try:
        manifest = json.loads(text, parse_int=_manifest_number, parse_float=_manifest_number,
                              parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        problem(f"Das Inhaltsverzeichnis ist kein gültiges JSON (Zeile {exc.lineno}, "
                f"Spalte {exc.colno}).", MANIFEST)
        return {}
    except _ManifestValue as exc:
        problem(f"Das Inhaltsverzeichnis enthält eine unmögliche Zahl {excerpt(exc)}.",
                MANIFEST)
        return {}
    except (ValueError, RecursionError):
        problem("Das Inhaltsverzeichnis enthält unmögliche Werte.", MANIFEST)
        return {}
    if not isinstance(manifest, dict):
        problem("Das Inhaltsverzeichnis muss ein JSON-Objekt sein.", MANIFEST)
        return {}
    pack_id = manifest.get("id")
    if not isinstance(pack_id, str) or not ID_PATTERN.match(pack_id) or len(pack_id) > MAX_ID:
        problem("Die Spiel-ID fehlt oder ist ungültig (nur Kleinbuchstaben, Ziffern und "
                "Bindestriche).", MANIFEST)
        return {}
    for key in ("title", "version", "author", "source_note", "app_version"):
        if key in manifest and not isinstance(manifest[key], str):
            problem(f"„{key}“ muss ein Text sein.", MANIFEST)
    if manifest.get("format", FORMAT) != FORMAT:
        problem("Dieses Archiv stammt aus einer neueren Regelfrisch-Version.", MANIFEST)
    return manifest


def _relocated(problem: Problem, folder: Path, archive: Path) -> Problem:
    # The temporary folder means nothing to the player; the archive's name does.
    try:
        inside = problem.file.relative_to(folder)
    except ValueError:
        inside = Path(problem.file.name)
    where = Path(archive.name) if str(inside) == "." else Path(archive.name) / inside
    return Problem(where, problem.line, problem.message)


def install_pack(source: Path, root: Path, *, replace: bool = False) -> Path:
    """Copy the checked pack folder ``source`` to ``root/<id>``; the swap is all or nothing."""
    target = root / source.name
    if target.exists() and not replace:
        raise FileExistsError(target)
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".import-", dir=root))
    old = root / f".alt-{source.name}"
    try:
        for path in source.iterdir():
            shutil.copyfile(path, staging / path.name)
        if target.exists():
            shutil.rmtree(old, ignore_errors=True)
            target.rename(old)
        staging.rename(target)
    except OSError:
        if old.exists() and not target.exists():
            old.rename(target)
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    return target


def remove_pack(root: Path, pack_id: str) -> None:
    """Delete the pack folder ``root/<pack_id>`` (and nothing outside the pack folder)."""
    target = root / pack_id
    if target.parent.resolve() != root.resolve() or target.is_symlink():
        raise ValueError(f"„{pack_id}“ ist kein eigenes Spiel.")
    shutil.rmtree(target)


def run_new(args: list[str], data: Path, out) -> int:
    """``regelfrisch --neu NAME [ORDNER]``: German messages; 2 for a wrong call."""
    if not 1 <= len(args) <= 2:
        print("--neu braucht einen Namen und optional einen Ordner, z. B. "
              "--neu \"Mein Spiel\"", file=out)
        return 2
    root = Path(args[1]) if len(args) == 2 else packs_root(data)
    try:
        folder = create_pack(root, args[0], reserved_ids())
    except ValueError as exc:
        print(f"Kein neues Spiel angelegt: {exc}", file=out)
        return 1
    except OSError as exc:
        print(f"Kein neues Spiel angelegt in {root}: {german_os_error(exc)}.", file=out)
        return 1
    print(f"Neues Spiel angelegt: {folder}\n"
          f"Bearbeite {folder / GAME_FILE} und {folder / QUIZ_FILE}; "
          f"prüfen mit: regelfrisch --check {folder}", file=out)
    return 0


# -- two copies of one pack ----------------------------------------------------------------

# What a player calls each part, and each field of its entries (app/ui/sections.py names).
_SECTIONS = (("steps", "Dein Zug", "Schritt"), ("numbers", "Die Zahlen", "Zeile"),
             ("pitfalls", "Leicht vergessen", "Eintrag"),
             ("interpretations", "Auslegungen", "Auslegung"),
             ("variants", "Varianten", "Variante"), ("open_questions", "Offene Fragen", "Frage"))
_FIELDS = {"title": "Titel", "text": "Text", "wrong": "„Nicht“", "right": "„Richtig“",
           "label": "Bezeichnung", "value": "Wert", "ruling": "Auslegung", "reason": "Warum",
           "question": "Frage", "answer": "Antwort", "explanation": "Erklärung",
           "pages": "Seiten", "tests": "prüft", "number": "Nummer", "code": "Kürzel",
           "optional": "freiwillig"}
MAX_DIFFERENCES = 4
_EXCERPT = 70


@dataclass(frozen=True)
class PackDifference:
    """What differs between an installed pack and another copy of it (an import, a library's
    pack), in German lines for the dialog that asks which to keep.

    ``newer``: ``"installed"``, ``"incoming"`` or ``""`` when the pack's version (or else the
    files' dates) does not tell."""

    files: list[str]
    counts: list[str]
    items: list[str]
    newer_text: str
    newer: str = ""

    def lines(self) -> list[str]:
        return [*self.files, *self.counts, *self.items, self.newer_text]


def compare_packs(installed: LoadedGame | FailedGame, incoming: LoadedGame, *,
                  incoming_files: dict[str, bytes] | None = None,
                  incoming_modified: Any = None) -> PackDifference:
    """How ``incoming`` differs from the ``installed`` pack of the same id.

    ``incoming_files``: its files' bytes (else read from ``incoming.folder`` where it is one);
    ``incoming_modified``: when its files were last changed (an archive entry's date), a
    :class:`datetime.datetime`."""
    mine = _pack_bytes(installed.folder)
    theirs = incoming_files
    if theirs is None and incoming.folder.is_dir():
        theirs = _pack_bytes(incoming.folder)
    files = []
    for name in PACK_FILES if theirs is not None else ():
        a, b = mine.get(name), theirs.get(name)
        if a is None and b is None:
            continue
        if a is None:
            files.append(f"{name}: nur in der neuen Fassung")
        elif b is None:
            files.append(f"{name}: nur in der installierten Fassung")
        else:
            files.append(f"{name}: {'gleich' if a == b else 'geändert'}")
    counts: list[str] = []
    items: list[str] = []
    if isinstance(installed, LoadedGame):
        counts, items = _content_differences(installed.game, incoming.game)
    newer, newer_text = _which_is_newer(installed, incoming, _modified(installed.folder),
                                        incoming_modified, mine == theirs)
    return PackDifference(files, counts, items, newer_text, newer)


def _pack_bytes(folder: Path) -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for name in PACK_FILES:
        try:
            found[name] = read_regular_file(folder / name, MAX_PACK_FILE_BYTES)
        except (UnreadableFile, OSError):
            continue
    return found


def _modified(folder: Path):
    from datetime import datetime

    times = []
    for name in PACK_FILES:
        try:
            times.append((folder / name).lstat().st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(max(times)) if times else None


def _content_differences(old, new) -> tuple[list[str], list[str]]:
    counts, items = [], []
    parts = [(key, title, noun, getattr(old.content, key), getattr(new.content, key))
             for key, title, noun in _SECTIONS]
    parts.append(("quiz", "Quizfragen", "Frage", old.quiz, new.quiz))
    for _key, title, _noun, a, b in parts:
        if a or b:
            counts.append(f"{title}: {len(a)} → {len(b)}" if len(a) != len(b)
                          else f"{title}: {len(a)}")
    differences: list[str] = []
    for text_key, title in (("summary", "In 30 Sekunden"), ("starts", "Wer anfängt")):
        a, b = getattr(old.content, text_key), getattr(new.content, text_key)
        if a != b:
            differences.append(f"{title}: {_changed_text(a, b)}")
    if old.content.teach != new.content.teach:
        differences.append("Erklärmodus: geändert")
    for _key, title, noun, a, b in parts:
        before = {e.id: e for e in a}
        after = {e.id: e for e in b}
        for entry_id, entry in after.items():
            name = _entry_name(entry)
            if entry_id not in before:
                differences.append(f"{title}: {noun} {name} ist neu")
                continue
            old_fields = before[entry_id].model_dump()
            for field_name, value in entry.model_dump().items():
                if old_fields.get(field_name) != value:
                    label = _FIELDS.get(field_name, field_name)
                    differences.append(f"{title}, {name}, {label}: "
                                       f"{_changed_text(old_fields.get(field_name), value)}")
        for entry_id, entry in before.items():
            if entry_id not in after:
                differences.append(f"{title}: {noun} {_entry_name(entry)} fehlt in der neuen "
                                   "Fassung")
    if not differences:
        return counts, ["Die Texte der Abschnitte und Fragen sind gleich; es unterscheiden "
                        "sich nur Schreibweise, Kommentare, die Angaben zum Spiel oder das "
                        "Glossar."]
    items = differences[:MAX_DIFFERENCES]
    if len(differences) > MAX_DIFFERENCES:
        more = len(differences) - MAX_DIFFERENCES
        items.append(f"… und {more} weitere Änderung{'en' if more != 1 else ''}.")
    return counts, items


def _entry_name(entry) -> str:
    title = (getattr(entry, "title", None) or getattr(entry, "label", None)
             or getattr(entry, "question", None) or getattr(entry, "text", None) or entry.id)
    return f"„{_short(str(title), 40)}“"


def _short(text: str, limit: int) -> str:
    text = " ".join(safe_line(text).split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    # At a word's end where one is near, so no word is cut in half.
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 2 // 3 else cut) + " …"


def _changed_text(a: Any, b: Any) -> str:
    """``„alt“ → „neu“``, both cut to the stretch where they start to differ."""
    # Read as the player reads it: without the Markdown stars and backticks.
    a_text = " ".join(re.sub(r"[*`]", "", str("" if a is None else a)).split())
    b_text = " ".join(re.sub(r"[*`]", "", str("" if b is None else b)).split())
    start = 0
    while start < min(len(a_text), len(b_text)) and a_text[start] == b_text[start]:
        start += 1
    # Back to a word's start, a few words before the difference, so it reads in context.
    start = max(0, a_text.rfind(" ", 0, max(0, start - 15)) + 1) if start > 20 else 0
    lead = "…" if start else ""
    return (f"„{lead}{_short(a_text[start:], _EXCERPT)}“ → "
            f"„{lead}{_short(b_text[start:], _EXCERPT)}“")


def _version_key(version: str | None) -> tuple[int, ...] | None:
    numbers = re.findall(r"\d+", version or "")
    return tuple(int(n[:9]) for n in numbers) if numbers else None


def _which_is_newer(installed, incoming, mine_modified, theirs_modified,
                    same: bool) -> tuple[str, str]:
    if same:
        return "", "Beide Fassungen sind Byte für Byte gleich."
    a = installed.game.content.meta.version if isinstance(installed, LoadedGame) else None
    b = incoming.game.content.meta.version
    ka, kb = _version_key(a), _version_key(b)
    if ka is not None and kb is not None and ka != kb:
        side = "incoming" if kb > ka else "installed"
        which, high, low = (("Die neue", b, a) if side == "incoming"
                            else ("Die installierte", a, b))
        return side, (f"Neuer nach der Fassungsnummer: {which} Fassung ({_short(high, 20)} "
                      f"gegenüber {_short(low, 20)}).")
    said = (f"Beide tragen die Fassungsnummer {_short(b or '–', 20)}" if ka == kb and ka
            else "Die Fassungsnummer sagt nicht, welche neuer ist")
    if mine_modified is not None and theirs_modified is not None \
            and abs((mine_modified - theirs_modified).total_seconds()) > 60:
        side = "incoming" if theirs_modified > mine_modified else "installed"
        return side, (f"{said}; zuletzt geändert wurde die "
                      f"{'neue' if side == 'incoming' else 'installierte'} Fassung "
                      f"(installiert: {mine_modified:%d.%m.%Y, %H:%M}, neu: "
                      f"{theirs_modified:%d.%m.%Y, %H:%M}).")
    return "", f"{said}; entscheide nach den Änderungen."
