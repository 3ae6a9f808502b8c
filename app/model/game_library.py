"""The Spiele-Bibliothek: a git repository of packs that a game group shares.

Layout of a library (README, „Spiele-Bibliothek“)::

    bibliothek.yaml      optional: title, description, maintainers
    pruefungen.yaml      optional: reviews (pack, hash of its files, reviewer, date, verdict)
    carcassonne/         one folder per pack, named by its id, holding what an export holds:
      game.yaml            game.yaml, quiz.yaml, optionally glossary.yaml (and manifest.json)
      quiz.yaml

A library is read straight from the git objects of its mirror in the cache
(app/model/game_library_git.py), never from a checkout. Every pack passes the checks of an import
(:func:`app.model.packs.inspect_archive`: sizes, names, markup, no links or files, no shadowing of
a shipped game) before it can be installed; the check runs again when it is installed. A pack's
*review hash* is :func:`app.model.packs.pack_fingerprint` of its files, the same for the folder in
the library and for the installed copy; a review counts only while that hash matches.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from app import __version__
from app.model.game_library_git import (
    HEAD_REF,
    FetchResult,
    LibraryError,
    Progress,
    Source,
    fetch,
    libraries_root,
    mirror_path,
)
from app.model.library import MAX_FILE_BYTES, Problem, safe_line
from app.model.loader import GAME_FILE
from app.model.packs import (
    ID_PATTERN,
    MANIFEST,
    MAX_ID,
    MAX_PACK_FILE_BYTES,
    PACK_FILES,
    SUFFIX,
    inspect_files,
    install_pack,
    pack_fingerprint,
    reserved_ids,
)
from app.model.safe_files import too_large
from app.model.yaml_source import GameFiles

# Raised when a check record means something else than before (2: the review hash counts a
# missing file as pack_fingerprint does).
CHECKS_FORMAT = 2
LIBRARY_FILE = "bibliothek.yaml"
REVIEWS_FILE = "pruefungen.yaml"
# Beside an installed pack's files: where it came from. A dot file, so the pack rules and the
# fingerprint leave it alone (packs.pack_problems skips dot files).
ORIGIN_FILE = ".bibliothek.json"
CHECKS_FILE = "pruefergebnisse.json"
MAX_PACKS = 1000
MAX_HISTORY = 500
MAX_REVIEWS = 5000
# Files a library may hold beside its packs without a word.
QUIET_FILES = {"README.md", "README", "README.txt", "LICENSE", "LICENSE.md", "LICENSE.txt",
               ".gitignore", ".gitattributes", ".gitmodules"}
HASH_PATTERN = re.compile(r"^[0-9a-f]{64}$")
GITLINK = 0o160000


# -- what a library shows --------------------------------------------------------------------


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    when: dt.datetime
    message: str  # first line
    author: str

    @property
    def date_text(self) -> str:
        return self.when.strftime("%d.%m.%Y")


@dataclass(frozen=True)
class Review:
    pack_id: str
    hash: str
    reviewer: str
    date: dt.date
    verdict: str

    @property
    def date_text(self) -> str:
        return self.date.strftime("%d.%m.%Y")


@dataclass(frozen=True)
class ReviewState:
    """``checked``: a review matches the pack as it is now; ``changed``: reviews exist, none
    for this version; ``none``: nobody reviewed it (the app never makes one up)."""

    status: str
    review: Review | None = None

    @property
    def text(self) -> str:
        review = self.review
        if self.status == "checked" and review is not None:
            return f"geprüft von {review.reviewer} am {review.date_text}"
        if self.status == "changed" and review is not None:
            return (f"geändert seit der Prüfung (geprüft von {review.reviewer} am "
                    f"{review.date_text})")
        return "nicht geprüft"


@dataclass
class LibraryPack:
    source: Source
    pack_id: str
    tree: str  # git tree of the pack's folder: what was checked
    title: str = ""
    version: str = ""
    author: str = ""
    questions: int = 0
    problems: list[str] = field(default_factory=list)
    hints: int = 0
    fingerprint: str = ""  # the review hash
    last_change: CommitInfo | None = None
    last_change_or_earlier: bool = False  # the mirror's shallow history ends before it
    review: ReviewState = field(default_factory=lambda: ReviewState("none"))

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def check_text(self) -> str:
        if self.ok:
            return "Prüfung bestanden"
        count = len(self.problems)
        return f"{count} Problem{'e' if count != 1 else ''}"

    @property
    def last_change_text(self) -> str:
        change = self.last_change
        if change is None:
            return "–"
        when = change.date_text + (" oder früher" if self.last_change_or_earlier else "")
        return f"{when}: {change.message}"


@dataclass
class LibraryView:
    """One source as it is in the cache: its packs and what was skipped, with reasons."""

    source: Source
    title: str
    description: str = ""
    maintainers: list[str] = field(default_factory=list)
    head: CommitInfo | None = None
    packs: list[LibraryPack] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    error: str = ""  # set when the source has no usable mirror yet (e.g. never fetched)


class SourceStore(Protocol):
    """Where the subscribed sources are remembered (the UI keeps them in its settings)."""

    def locations(self) -> list[str]: ...

    def set_locations(self, locations: list[str]) -> None: ...


# -- subscribing and refreshing ----------------------------------------------------------------


def default_reserved() -> set[str]:
    return reserved_ids()


def sync(source: Source, data: Path, *, progress: Progress | None = None,
         cancel=None, timeout: float | None = None) -> FetchResult:
    """Clone or fetch ``source`` into the cache; the result must look like a library."""
    kwargs: dict[str, Any] = {}
    if timeout is not None:
        kwargs["timeout"] = timeout
    return fetch(source, data, progress=progress, cancel=cancel, validate=check_layout,
                 **kwargs)


def check_layout(repo, head: bytes, source: Source) -> None:
    """Refuse what is no library, or one over the limits, before the cache takes it."""
    root = _root_tree(repo, head)
    folders = 0
    has_meta = False
    has_game = False
    for name, mode, sha in root.iteritems():
        if stat.S_ISDIR(mode) and ID_PATTERN.match(_name(name)):
            folders += 1
            if not has_game:
                tree = repo[sha]
                has_game = any(entry == GAME_FILE.encode() for entry, _m, _s in tree.iteritems())
        elif name == LIBRARY_FILE.encode() and stat.S_ISREG(mode):
            has_meta = True
    if folders > MAX_PACKS:
        raise LibraryError(f"„{source.location}“ ist zu groß: {folders} Spielordner, höchstens "
                           f"{MAX_PACKS}. Es wurde nichts übernommen.")
    if not (has_game or has_meta):
        raise LibraryError(f"„{source.location}“ ist keine Spiele-Bibliothek: kein Ordner mit "
                           f"{GAME_FILE} und keine {LIBRARY_FILE}.")


def _root_tree(repo, head: bytes):
    return repo[repo[head].tree]


def _name(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


# -- reading a library -------------------------------------------------------------------------


def read_library(source: Source, data: Path, reserved: Iterable[str] | None = None
                 ) -> LibraryView:
    """Every pack of ``source`` as it is in its mirror, checked (results cached by git tree)."""
    from dulwich.errors import NotGitRepository
    from dulwich.repo import Repo

    reserved = set(default_reserved() if reserved is None else reserved)
    view = LibraryView(source, source.label)
    mirror = mirror_path(data, source)
    try:
        repo = Repo(str(mirror))
    except (NotGitRepository, OSError):
        view.error = "Noch nicht geladen. Wähle „Aktualisieren“."
        return view
    try:
        if HEAD_REF not in repo.refs:
            view.error = "Noch nicht geladen. Wähle „Aktualisieren“."
            return view
        head = repo.refs[HEAD_REF]
        view.head = _commit_info(repo, head)
        root = _root_tree(repo, head)
        entries = sorted(root.iteritems(), key=lambda e: e[0])
        blobs = {_name(n): s for n, m, s in entries if stat.S_ISREG(m)}
        if LIBRARY_FILE in blobs:
            _read_meta(view, repo[blobs[LIBRARY_FILE]].data, data)
        reviews = (_read_reviews(view, repo[blobs[REVIEWS_FILE]].data, data)
                   if REVIEWS_FILE in blobs else {})
        candidates = _classify(view, repo, entries)
        checks = _CheckCache(mirror / CHECKS_FILE, reserved)
        for pack_id, tree_sha in candidates:
            pack = LibraryPack(source, pack_id, tree_sha.decode())
            checks.fill(pack, lambda t=tree_sha, p=pack_id: _tree_files(repo, t, p))
            pack.review = review_state(pack.pack_id, pack.fingerprint, reviews)
            view.packs.append(pack)
        checks.save()
        changes = _last_changes(repo, head, [(p.pack_id, p.tree.encode()) for p in view.packs])
        for pack in view.packs:
            pack.last_change, pack.last_change_or_earlier = changes.get(pack.pack_id,
                                                                        (None, False))
    finally:
        repo.close()
    return view


def _classify(view: LibraryView, repo, entries) -> list[tuple[str, bytes]]:
    """The pack folders among the top-level entries; a notice for everything skipped."""
    packs = []
    for raw, mode, sha in entries:
        name = _name(raw)
        shown = safe_line(name)[:80]
        if name == ".git":
            view.notices.append(f"{shown}: Ein .git-Ordner im Inhalt der Bibliothek wird "
                                "übersprungen.")
        elif mode == GITLINK:
            view.notices.append(f"{shown}: Untermodule (git submodule) lädt Regelfrisch nicht; "
                                "übersprungen.")
        elif stat.S_ISLNK(mode):
            view.notices.append(f"{shown}: Verknüpfungen (Symlinks) werden übersprungen.")
        elif stat.S_ISDIR(mode):
            if name.startswith("."):
                continue  # .github and the like: the forge's, not ours
            if not ID_PATTERN.match(name) or len(name) > MAX_ID:
                view.notices.append(f"{shown}: Der Ordnername taugt nicht als Spiel-ID (nur "
                                    "Kleinbuchstaben, Ziffern und Bindestriche, höchstens "
                                    f"{MAX_ID} Zeichen); übersprungen.")
                continue
            tree = repo[sha]
            if not any(n == GAME_FILE.encode() for n, _m, _s in tree.iteritems()):
                view.notices.append(f"{shown}: Ordner ohne {GAME_FILE}; übersprungen.")
                continue
            packs.append((name, sha))
        elif name in (LIBRARY_FILE, REVIEWS_FILE) or name in QUIET_FILES:
            continue
        else:
            view.notices.append(f"{shown}: Datei außerhalb eines Spielordners; übersprungen.")
    return packs


def _tree_files(repo, tree_sha: bytes, pack_id: str) -> tuple[dict[str, bytes], list[str]]:
    """The files of one pack folder, and a problem for every entry a pack may not hold."""
    files: dict[str, bytes] = {}
    problems: list[str] = []
    for raw, mode, sha in sorted(repo[tree_sha].iteritems(), key=lambda e: e[0]):
        name = _name(raw)
        where = f"{pack_id}/{safe_line(name)[:80]}"
        if name == ".git":
            problems.append(f"{where}: Ein .git-Ordner hat in einem Spiel nichts zu suchen.")
        elif mode == GITLINK:
            problems.append(f"{where}: Untermodule (git submodule) sind nicht erlaubt.")
        elif stat.S_ISLNK(mode):
            problems.append(f"{where}: Verknüpfungen (Symlinks) sind nicht erlaubt.")
        elif stat.S_ISDIR(mode):
            problems.append(f"{where}: Unterordner sind in einem Spiel nicht erlaubt.")
        elif name not in (*PACK_FILES, MANIFEST):
            problems.append(f"{where}: Unbekannte Datei; erlaubt sind nur "
                            f"{', '.join((*PACK_FILES, MANIFEST))}.")
        else:
            blob = repo[sha]
            # The limit of an own pack's file, so every pack listed can be installed and
            # shared; the pack is listed with the reason, the rest of the library loads.
            if blob.raw_length() > MAX_PACK_FILE_BYTES:
                problems.append(f"{where}: {too_large(blob.raw_length(), MAX_PACK_FILE_BYTES)}")
            else:
                files[name] = blob.as_raw_string()
    return files, problems


class _CheckCache:
    """Check results by pack id and git tree: a tree that did not change is not checked again."""

    def __init__(self, path: Path, reserved: set[str]):
        self.path = path
        # CHECKS_FORMAT: records of an older check (another fingerprint) are not used.
        self.salt = f"{__version__}|{CHECKS_FORMAT}|{','.join(sorted(reserved))}"
        self.reserved = reserved
        self.used: dict[str, Any] = {}
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            self.stored = stored if isinstance(stored, dict) else {}
        except (OSError, ValueError):
            self.stored = {}

    def fill(self, pack: LibraryPack, read_files) -> None:
        key = f"{self.salt}|{pack.pack_id}|{pack.tree}"
        record = self.stored.get(key)
        if not _valid_record(record):
            files, problems = read_files()
            record = check_files(pack.pack_id, files, problems, self.reserved)
        self.used[key] = record
        pack.title = record["title"] or pack.pack_id
        pack.version = record["version"]
        pack.author = record["author"]
        pack.questions = record["questions"]
        pack.problems = list(record["problems"])
        pack.hints = record["hints"]
        pack.fingerprint = record["fingerprint"]

    def save(self) -> None:
        if self.used == self.stored:
            return
        partial = self.path.with_name(self.path.name + ".teil")
        try:
            partial.write_text(json.dumps(self.used, ensure_ascii=False), encoding="utf-8")
            partial.replace(self.path)
        except OSError:
            partial.unlink(missing_ok=True)  # only a cache: next time the packs are checked again


def _valid_record(record) -> bool:
    return (isinstance(record, dict)
            and all(isinstance(record.get(k), str) for k in ("title", "version", "author",
                                                            "fingerprint"))
            and all(isinstance(record.get(k), int) for k in ("questions", "hints"))
            and isinstance(record.get("problems"), list))


def check_files(pack_id: str, files: dict[str, bytes], problems: list[str],
                reserved: Iterable[str]) -> dict[str, Any]:
    """Check a pack's files as an import would, in memory; plain data for the cache."""
    record: dict[str, Any] = {"title": "", "version": "", "author": "", "questions": 0,
                              "problems": list(problems), "hints": 0,
                              "fingerprint": fingerprint_of(files)}
    inspection, _folder = _inspect(pack_id, files, reserved, None, stage=False)
    if not problems:
        record["problems"] = [str(p) for p in inspection.problems]
    record["hints"] = len(inspection.hints)
    loaded = inspection.loaded
    if loaded is not None:
        meta = loaded.game.content.meta
        record.update(title=safe_line(meta.title), version=safe_line(meta.version or ""),
                      author=safe_line(meta.author or ""), questions=len(loaded.game.quiz))
    return record


def fingerprint_of(files: dict[str, bytes]) -> str:
    """:func:`pack_fingerprint` of a folder holding exactly ``files``, without the folder."""
    # The same function, so a missing file counts alike (it once hashed differently here,
    # and an installed pack never matched its library entry's review hash).
    return pack_fingerprint(Path("."), GameFiles(Path("."), files))


def _workdir(data: Path):
    root = libraries_root(data)
    root.mkdir(parents=True, exist_ok=True)
    return tempfile.TemporaryDirectory(prefix=".pruefung-", dir=root)


def _inspect(pack_id: str, files: dict[str, bytes], reserved: Iterable[str], work, *,
             stage: bool = True):
    """Run :func:`inspect_files` on the pack's files; return it and (with ``stage``) the
    files as a folder of their own in ``work``, ready to install."""
    staged = None
    if stage:
        staged = Path(work) / "stufe" / pack_id
        staged.mkdir(parents=True)
        for name, data in files.items():
            (staged / name).write_bytes(data)
    manifest = files.get(MANIFEST)
    if manifest is None:
        # A library folder needs no manifest: its name is the pack's id.
        manifest = json.dumps({"format": 1, "id": pack_id}).encode()
    # Checked in memory as an import checks an archive's entries: the names were checked
    # with the git tree, a zip file and an unpacked folder would only add disk writes.
    inspection = inspect_files(Path(f"{pack_id}{SUFFIX}"), {**files, MANIFEST: manifest},
                               reserved, staged)
    inspection.problems = [_in_library(p, pack_id) for p in inspection.problems]
    inspection.hints = [_in_library(p, pack_id) for p in inspection.hints]
    if inspection.manifest and inspection.pack_id != pack_id:
        inspection.problems.append(Problem(Path(pack_id) / MANIFEST, None,
                                           f"Die Spiel-ID „{inspection.pack_id}“ passt nicht "
                                           f"zum Ordnernamen „{pack_id}“."))
        inspection.loaded = None
    return inspection, staged


def _in_library(problem: Problem, pack_id: str) -> Problem:
    # inspect_archive names the archive ("x.regelfrisch/game.yaml"); the library has a folder.
    parts = problem.file.parts
    inside = Path(*parts[1:]) if len(parts) > 1 else Path()
    return Problem(Path(pack_id) / inside, problem.line, problem.message)


# -- bibliothek.yaml and pruefungen.yaml -----------------------------------------------------


def _read_yaml_blob(raw: bytes, name: str, view: LibraryView):
    from app.model.yaml_source import ContentError, read_yaml

    if len(raw) > MAX_FILE_BYTES:
        view.notices.append(f"{name}: Die Datei ist zu groß (höchstens "
                            f"{MAX_FILE_BYTES // 1024} KiB); übersprungen.")
        return None
    try:
        source = read_yaml(Path(name), raw)
    except ContentError as exc:
        view.notices += [str(Problem(Path(name), p.line, p.message)) for p in exc.problems]
        return None
    return source


def _text(value, limit: int) -> str | None:
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        text = safe_line(" ".join(str(value).split()))
        return text[:limit] if text else None
    return None


def _read_meta(view: LibraryView, raw: bytes, data: Path) -> None:
    source = _read_yaml_blob(raw, LIBRARY_FILE, view)
    if source is None:
        return
    content = source.data
    if not isinstance(content, dict):
        view.notices.append(f"{LIBRARY_FILE}: Erwartet werden title, description und "
                            "maintainers; übersprungen.")
        return
    for key in content:
        if key not in ("title", "description", "maintainers"):
            view.notices.append(str(source.problem((key,), f"Unbekannter Eintrag „{key}“; "
                                                           "erlaubt sind title, description, "
                                                           "maintainers.")))
    title = _text(content.get("title"), 80)
    if title:
        view.title = title
    view.description = _text(content.get("description"), 600) or ""
    maintainers = content.get("maintainers") or []
    if isinstance(maintainers, str):
        maintainers = [maintainers]
    if isinstance(maintainers, list):
        view.maintainers = [t for t in (_text(m, 80) for m in maintainers[:20]) if t]


def _read_reviews(view: LibraryView, raw: bytes, data: Path) -> dict[str, list[Review]]:
    """The reviews by pack id; a malformed one is skipped with its line."""
    source = _read_yaml_blob(raw, REVIEWS_FILE, view)
    if source is None:
        return {}
    content = source.data
    items = content.get("reviews") if isinstance(content, dict) else None
    if not isinstance(items, list):
        view.notices.append(f"{REVIEWS_FILE}: Erwartet wird eine Liste unter „reviews:“; "
                            "übersprungen.")
        return {}
    reviews: dict[str, list[Review]] = {}
    for index, item in enumerate(items[:MAX_REVIEWS]):
        review, message = _review(item)
        if review is None:
            view.notices.append(str(source.problem(("reviews", index),
                                                   f"{message} Diese Prüfung wird nicht "
                                                   "gezählt.")))
            continue
        reviews.setdefault(review.pack_id, []).append(review)
    return reviews


def _review(item) -> tuple[Review | None, str]:
    if not isinstance(item, dict):
        return None, "Eine Prüfung braucht pack, hash, reviewer, date und verdict."
    unknown = sorted(str(k) for k in item if k not in ("pack", "hash", "reviewer", "date",
                                                       "verdict"))
    if unknown:
        return None, f"Unbekannter Eintrag „{unknown[0]}“."
    pack_id = item.get("pack")
    if not isinstance(pack_id, str) or not ID_PATTERN.match(pack_id):
        return None, "„pack“ muss die Spiel-ID sein (der Ordnername)."
    digest = item.get("hash")
    if not isinstance(digest, str) or not HASH_PATTERN.match(digest.strip().lower()):
        return None, ("„hash“ muss der Prüf-Hash des Spiels sein (64 Zeichen; "
                      "regelfrisch --bibliothek liste zeigt ihn).")
    reviewer = _text(item.get("reviewer"), 80)
    if not reviewer:
        return None, "„reviewer“ fehlt: wer hat geprüft?"
    date = item.get("date")
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date.strip())
        except ValueError:
            date = None
    if isinstance(date, dt.datetime):
        date = date.date()
    if not isinstance(date, dt.date):
        return None, "„date“ muss ein Datum sein, z. B. 2024-05-01."
    verdict = _text(item.get("verdict"), 300)
    if not verdict:
        return None, "„verdict“ fehlt, z. B. „geprüft gegen die Spielregel S. 1–8“."
    return Review(pack_id, digest.strip().lower(), reviewer, date, verdict), ""


def review_state(pack_id: str, fingerprint: str, reviews: dict[str, list[Review]]
                 ) -> ReviewState:
    """„geprüft“ only for a review of exactly these files; the newest one wins."""
    mine = sorted(reviews.get(pack_id, []), key=lambda r: r.date, reverse=True)
    matching = [r for r in mine if fingerprint and r.hash == fingerprint]
    if matching:
        return ReviewState("checked", matching[0])
    if mine:
        return ReviewState("changed", mine[0])
    return ReviewState("none")


# -- history -----------------------------------------------------------------------------------


def _commit_info(repo, sha: bytes) -> CommitInfo:
    commit = repo[sha]
    tz = dt.timezone(dt.timedelta(seconds=commit.author_timezone))
    when = dt.datetime.fromtimestamp(commit.author_time, tz)
    lines = commit.message.decode("utf-8", "replace").strip().splitlines()
    message = safe_line(lines[0])[:120] if lines else ""
    author = commit.author.decode("utf-8", "replace").split("<")[0].strip()
    return CommitInfo(sha.decode(), when, message, safe_line(author)[:80])


def _last_changes(repo, head: bytes, packs: list[tuple[str, bytes]]
                  ) -> dict[str, tuple[CommitInfo, bool]]:
    """Per pack, the newest commit (first parents) whose tree of the pack differs from its
    parent's; where the mirror's history ends first, its oldest commit „or earlier“."""
    pending = dict(packs)
    found: dict[str, tuple[CommitInfo, bool]] = {}
    shallow = repo.get_shallow()
    sha = head
    for _step in range(MAX_HISTORY):
        if not pending:
            break
        commit = repo[sha]
        parent = commit.parents[0] if commit.parents else None
        if parent is None or sha in shallow or parent not in repo.object_store:
            cut = parent is not None
            info = _commit_info(repo, sha)
            for pack_id in pending:
                found[pack_id] = (info, cut)
            return found
        tree, parent_tree = repo[commit.tree], repo[repo[parent].tree]
        for pack_id in list(pending):
            key = pack_id.encode()
            if _entry(tree, key) != _entry(parent_tree, key):
                found[pack_id] = (_commit_info(repo, sha), False)
                del pending[pack_id]
        sha = parent
    if pending:
        info = _commit_info(repo, sha)
        for pack_id in pending:
            found[pack_id] = (info, True)
    return found


def _entry(tree, name: bytes):
    try:
        return tree[name]
    except KeyError:
        return None


# -- installing and updating -------------------------------------------------------------------


@dataclass(frozen=True)
class Origin:
    """Recorded beside an installed pack: where it came from and what was installed."""

    location: str
    commit: str
    tree: str
    fingerprint: str

    @property
    def source(self) -> Source:
        return Source(self.location)


def origin_of(folder: Path) -> Origin | None:
    from app.model.library import read_content_file

    try:
        raw = json.loads(read_content_file(folder / ORIGIN_FILE, 16 * 1024).decode("utf-8"))
        return Origin(*(str(raw[k]) for k in ("location", "commit", "tree", "fingerprint")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def edited_locally(folder: Path, origin: Origin) -> bool:
    return pack_fingerprint(folder) != origin.fingerprint


def pack_files(pack: LibraryPack, data: Path) -> dict[str, bytes]:
    """The files of ``pack`` read again from its mirror (never from the check cache)."""
    from dulwich.repo import Repo

    repo = Repo(str(mirror_path(data, pack.source)))
    try:
        files, problems = _tree_files(repo, pack.tree.encode(), pack.pack_id)
    except KeyError:
        raise LibraryError(f"„{pack.pack_id}“ ist nicht mehr im Zwischenspeicher. Wähle "
                           "„Aktualisieren“.") from None
    finally:
        repo.close()
    if problems:
        raise LibraryError(f"„{pack.pack_id}“ lässt sich nicht installieren: {problems[0]}")
    return files


def staged_pack(pack: LibraryPack, data: Path, work: Path, reserved: Iterable[str]):
    """Check ``pack`` again in ``work`` and return the inspection (for the side-by-side view)
    and a folder ready for :func:`install_pack`, its origin recorded."""
    files = pack_files(pack, data)
    inspection, staged = _inspect(pack.pack_id, files, reserved, str(work))
    if not inspection.ok:
        first = inspection.problems[0] if inspection.problems else "unbekannter Fehler"
        raise LibraryError(f"„{pack.pack_id}“ lässt sich nicht installieren: {first}")
    head = _head_of(pack, data)
    origin = {"location": pack.source.location, "commit": head, "tree": pack.tree,
              "fingerprint": pack_fingerprint(staged), "app_version": __version__}
    (staged / ORIGIN_FILE).write_text(json.dumps(origin, ensure_ascii=False, indent=2),
                                      encoding="utf-8")
    return inspection, staged


def _head_of(pack: LibraryPack, data: Path) -> str:
    from dulwich.repo import Repo

    repo = Repo(str(mirror_path(data, pack.source)))
    try:
        return repo.refs[HEAD_REF].decode()
    finally:
        repo.close()


def install(pack: LibraryPack, data: Path, packs_folder: Path, *, replace: bool = False,
            reserved: Iterable[str] | None = None) -> Path:
    """Install ``pack`` into the own-packs folder (checked once more on the way)."""
    reserved = set(default_reserved() if reserved is None else reserved)
    with _workdir(data) as work:
        _inspection, staged = staged_pack(pack, data, Path(work), reserved)
        try:
            return install_pack(staged, packs_folder, replace=replace)
        except FileExistsError:
            raise LibraryError(f"Ein eigenes Spiel „{pack.pack_id}“ ist schon installiert."
                               ) from None


@dataclass(frozen=True)
class Update:
    """An installed pack whose library has another version of it."""

    pack: LibraryPack
    folder: Path
    origin: Origin
    edited_locally: bool


def installed_from_libraries(packs_folder: Path) -> dict[str, tuple[Path, Origin]]:
    found = {}
    try:
        folders = sorted(p for p in packs_folder.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return {}
    for folder in folders:
        origin = origin_of(folder)
        if origin is not None:
            found[folder.name] = (folder, origin)
    return found


def pending_updates(views: Iterable[LibraryView], packs_folder: Path) -> list[Update]:
    installed = installed_from_libraries(packs_folder)
    updates = []
    for view in views:
        for pack in view.packs:
            mine = installed.get(pack.pack_id)
            if mine is None or mine[1].location != view.source.location:
                continue
            folder, origin = mine
            if pack.tree != origin.tree and pack.ok:
                updates.append(Update(pack, folder, origin, edited_locally(folder, origin)))
    return updates


def install_state(pack: LibraryPack, packs_folder: Path) -> str:
    """``""`` (not installed), ``installed``, ``update``, ``edited`` or ``other`` (an own pack
    with this id that did not come from this library)."""
    folder = packs_folder / pack.pack_id
    if not folder.is_dir():
        return ""
    origin = origin_of(folder)
    if origin is None or origin.location != pack.source.location:
        return "other"
    if edited_locally(folder, origin):
        return "edited"
    return "installed" if origin.tree == pack.tree else "update"


# -- publishing and a new library --------------------------------------------------------------


def publish(pack_folder: Path, clone: Path, reserved: Iterable[str] | None = None) -> str:
    """Write the own pack in ``pack_folder`` into the local clone ``clone`` and commit it, with
    the pack's author as author. Returns the commit id. Pushing is left to the player's git."""
    from dulwich import porcelain
    from dulwich.errors import NotGitRepository
    from dulwich.repo import Repo

    from app.model.packs import load_pack
    from app.model.quality import review_game
    from app.model.yaml_source import ContentError

    reserved = set(default_reserved() if reserved is None else reserved)
    try:
        repo = Repo(str(clone))
    except (NotGitRepository, OSError):
        raise LibraryError(f"„{clone}“ ist keine lokale Kopie einer Bibliothek (kein "
                           "git-Repository). Hol dir eine mit „git clone“, oder leg eine neue an "
                           "mit: regelfrisch --bibliothek neu ORDNER") from None
    try:
        if repo.bare:
            raise LibraryError(f"„{clone}“ ist ein Repository ohne Arbeitsordner; wähle deine "
                               "Kopie mit den Spielordnern.")
        try:
            loaded = load_pack(pack_folder, reserved)
        except ContentError as exc:
            raise LibraryError(f"„{pack_folder.name}“ hat noch Fehler: {exc.problems[0]}"
                               ) from None
        errors = review_game(loaded.game, pack_folder).errors
        if errors:
            raise LibraryError(f"„{pack_folder.name}“ hat noch Fehler: {errors[0]}")
        meta = loaded.game.content.meta
        author = re.sub(r"[<>\n\r\t]", "", meta.author or "").strip()
        if not author:
            raise LibraryError("In game.yaml fehlt unter meta: author dein Name; er steht als "
                               "Autor im Commit.")
        status = porcelain.status(repo)
        others = [p for kind in ("add", "delete", "modify") for p in status.staged[kind]
                  if not _inside(p, pack_folder.name)]
        if others:
            raise LibraryError("In der Kopie sind schon andere Änderungen vorgemerkt "
                               f"({_name(others[0]) if isinstance(others[0], bytes) else others[0]}"
                               "). Schließ sie zuerst mit deinem git-Programm ab.")
        target = clone / pack_folder.name
        if target.is_symlink() or (target.exists() and not target.is_dir()):
            raise LibraryError(f"„{target}“ ist kein Ordner; es wurde nichts geschrieben.")
        target.mkdir(exist_ok=True)
        written, gone = [], []
        for name in PACK_FILES:
            source, dest = pack_folder / name, target / name
            if source.is_file():
                dest.write_bytes(source.read_bytes())
                written.append(str(dest))
            elif dest.is_file():
                gone.append(str(dest))
        if written:
            porcelain.add(repo, written)
        if gone:
            porcelain.remove(repo, gone)
        if not any(porcelain.status(repo).staged[k] for k in ("add", "delete", "modify")):
            raise LibraryError(f"Nichts zu übernehmen: „{pack_folder.name}“ steht genau so "
                               "schon in der Bibliothek.")
        identity = f"{author} <>".encode()
        version = f" (Fassung {meta.version})" if meta.version else ""
        message = f"{safe_line(meta.title)}{version} übernommen\n\nMit Regelfrisch übernommen."
        sha = porcelain.commit(repo, message=message.encode(), author=identity,
                               committer=identity)
        return sha.decode()
    finally:
        repo.close()


def _inside(path, folder: str) -> bool:
    text = path.decode("utf-8", "replace") if isinstance(path, bytes) else str(path)
    return text.split("/")[0] == folder


LIBRARY_TEMPLATE = """\
# Die Beschreibung dieser Spiele-Bibliothek für Regelfrisch.
title: {title}
description: >-
  Geprüfte Regel-Auffrischer unserer Spielerunde. Ein Ordner je Spiel; jeder Ordner enthält
  game.yaml, quiz.yaml und optional glossary.yaml, so wie Regelfrisch sie exportiert.
maintainers: []
"""

REVIEWS_TEMPLATE = """\
# Wer welches Spiel gegen die Spielregel geprüft hat.
# Regelfrisch zeigt „geprüft von … am …“ nur, solange der Hash zu den Dateien passt;
# ändert sich ein Spiel danach, zeigt es „geändert seit der Prüfung“.
# Den Prüf-Hash eines Spiels zeigt: regelfrisch --bibliothek pruefen ORDNER
#
# reviews:
#   - pack: mein-spiel
#     hash: 0123…(64 Zeichen)
#     reviewer: Anna
#     date: 2024-05-01
#     verdict: geprüft gegen die Spielregel S. 1–8
reviews: []
"""

README_TEMPLATE = """\
# {title}

Eine Spiele-Bibliothek für [Regelfrisch](https://github.com/): ein Ordner je Spiel.

- Abonnieren: in Regelfrisch Datei → „Spiele-Bibliothek …“ → Adresse dieses Repositorys.
- Ein eigenes Spiel beitragen: Datei → „In Bibliothek übernehmen …“ schreibt es in deine
  lokale Kopie und macht einen Commit. Hochladen mit `git push` oder über einen Pull Request.
- Prüfen: `regelfrisch --bibliothek pruefen .` nennt jedes Problem und den Prüf-Hash
  jedes Spiels für `pruefungen.yaml`.
"""


def create_library(folder: Path, title: str = "Unsere Spiele-Bibliothek") -> Path:
    """A new library repository from the template, with a first commit."""
    from dulwich import porcelain
    from dulwich.repo import Repo

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise LibraryError(f"„{folder}“ gibt es schon und ist nicht leer.")
    folder.mkdir(parents=True, exist_ok=True)
    repo = Repo.init(str(folder))
    try:
        quoted = json.dumps(" ".join(title.split())[:80] or "Spiele-Bibliothek",
                            ensure_ascii=False)
        files = {LIBRARY_FILE: LIBRARY_TEMPLATE.format(title=quoted),
                 REVIEWS_FILE: REVIEWS_TEMPLATE,
                 "README.md": README_TEMPLATE.format(title=title)}
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        porcelain.add(repo, [str(folder / name) for name in files])
        porcelain.commit(repo, message=b"Neue Spiele-Bibliothek (Vorlage von Regelfrisch)",
                         author=b"Regelfrisch <>", committer=b"Regelfrisch <>")
    finally:
        repo.close()
    return folder


def check_folder(folder: Path, data: Path, reserved: Iterable[str] | None = None
                 ) -> list[tuple[str, dict[str, Any]]]:
    """Check the pack folders of a library's working folder as they are on disk (for
    maintainers, before they commit): per pack id, its check record with the review hash."""
    reserved = set(default_reserved() if reserved is None else reserved)
    results = []
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink()
                      and not p.name.startswith(".") and (p / GAME_FILE).is_file()):
        files, problems = {}, []
        for path in sorted(sub.iterdir()):
            if path.name in (*PACK_FILES, MANIFEST) and path.is_file() and not path.is_symlink():
                size = path.stat().st_size
                if size > MAX_PACK_FILE_BYTES:
                    problems.append(f"{sub.name}/{path.name}: "
                                    f"{too_large(size, MAX_PACK_FILE_BYTES)}")
                else:
                    files[path.name] = path.read_bytes()
            elif not path.name.startswith("."):
                problems.append(f"{sub.name}/{path.name}: Nur {', '.join(PACK_FILES)} sind "
                                "erlaubt.")
        results.append((sub.name, check_files(sub.name, files, problems, reserved)))
    return results

