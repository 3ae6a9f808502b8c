"""The git side of the Spiele-Bibliothek: sources, fetching into the cache, size limits.

A source is an ``https://`` (or ``http://``) address or a local folder holding a git repository.
Each one is mirrored into a bare repository in the app's cache, ``<data>/cache/bibliotheken/
<key>/``, and read from there (app/model/game_library.py); nothing is ever checked out, so a
symlink or a ``.git`` folder in a library never reaches the disk.

Fetching is the one place a stranger's bytes arrive, so it is bounded on every side: a read
timeout and an overall deadline, a cap on the bytes received, and a scan of the received pack
*before* dulwich indexes it (indexing inflates every object, so a 1 GiB blob that compresses
to a few kilobytes would otherwise be inflated in memory). A fetch that fails or is cancelled
leaves the cache as it was; a first clone that fails leaves nothing.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

CACHE_FOLDER = "cache"
LIBRARIES_FOLDER = "bibliotheken"
LOCATION_FILE = "quelle.txt"
# Our own ref in the mirror: the commit of the remote's default branch we last fetched.
HEAD_REF = b"refs/heads/bibliothek"

TIMEOUT_S = 15.0  # no answer for this long: the server is taken as stalled
DEADLINE_S = 300.0  # a fetch that trickles along is stopped after this long
MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024
MAX_OBJECT_BYTES = 8 * 1024 * 1024  # a README picture may be big; a pack file never is
MAX_INFLATED_BYTES = 512 * 1024 * 1024
MAX_OBJECTS = 200_000
# Deep enough to date the last change of nearly every pack; the rest say „oder früher“.
SHALLOW_DEPTH = 50

Progress = Callable[[float | None, str], None]
Validate = Callable[[Any, bytes, "Source"], None]


class LibraryError(Exception):
    """A library could not be fetched or read; the message is German and says what to do."""


class Cancelled(LibraryError):
    def __init__(self) -> None:
        super().__init__("Abgebrochen. Es wurde nichts verändert.")


@dataclass(frozen=True)
class Source:
    """Where a library comes from: a web address or an absolute folder path."""

    location: str

    @property
    def is_local(self) -> bool:
        return not self.location.startswith(("http://", "https://"))

    @property
    def key(self) -> str:
        return hashlib.sha256(self.location.encode()).hexdigest()[:16]

    @property
    def label(self) -> str:
        """A short name for lists: host and path, or the folder's name."""
        if self.is_local:
            return Path(self.location).name or self.location
        parts = urlsplit(self.location)
        path = parts.path.rstrip("/")
        path = path[:-4] if path.endswith(".git") else path
        return f"{parts.netloc}{path}"


def parse_source(text: str) -> Source:
    """A :class:`Source` from what a player typed or picked, or :class:`LibraryError`."""
    text = text.strip()
    if not text:
        raise LibraryError("Bitte gib eine Adresse (https://…) oder einen Ordner an.")
    if text.startswith("file://"):
        text = urlsplit(text).path
    lowered = text.lower()
    if lowered.startswith(("http://", "https://")):
        parts = urlsplit(text)
        if not parts.hostname:
            raise LibraryError(f"„{text}“ ist keine vollständige Adresse.")
        if parts.username or parts.password:
            raise LibraryError("Die Adresse enthält Zugangsdaten. Regelfrisch speichert keine "
                               "Zugangsdaten; eine Bibliothek muss ohne Anmeldung lesbar sein.")
        if parts.query or parts.fragment:
            raise LibraryError("Die Adresse darf kein „?“ oder „#“ enthalten.")
        return Source(text.rstrip("/"))
    if "://" in text or re.match(r"^[\w.-]+@[\w.-]+:", text):
        raise LibraryError("Nur https-Adressen und Ordner werden unterstützt (kein ssh oder "
                           "git://). Auf den meisten Plattformen hat jedes Repository auch eine "
                           "https-Adresse.")
    folder = Path(text).expanduser()
    if not folder.is_absolute():
        folder = Path.cwd() / folder
    return Source(str(folder.resolve()))


def libraries_root(data: Path) -> Path:
    return data / CACHE_FOLDER / LIBRARIES_FOLDER


def mirror_path(data: Path, source: Source) -> Path:
    return libraries_root(data) / source.key


# -- fetching --------------------------------------------------------------------------------


@dataclass(frozen=True)
class FetchResult:
    head: bytes  # the commit now in the mirror
    previous: bytes | None  # before this fetch; None for a first clone

    @property
    def changed(self) -> bool:
        return self.head != self.previous


class _Guard:
    """Cancel flag, deadline and byte cap, checked at every callback dulwich makes."""

    def __init__(self, cancel: threading.Event | None, progress: Progress | None,
                 deadline_s: float):
        self.cancel = cancel
        self.progress = progress
        self.deadline = time.monotonic() + deadline_s
        self.deadline_s = deadline_s
        self.received = 0
        self._last_report = 0.0

    def check(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        if time.monotonic() > self.deadline:
            raise LibraryError(f"Abgebrochen: Das Laden dauerte länger als "
                               f"{self.deadline_s / 60:.0f} Minuten.")

    def report(self, fraction: float | None, text: str, *, often: bool = False) -> None:
        """Pass news on; ``often``: one of many (bytes received), passed on at most 20× a s."""
        self.check()
        now = time.monotonic()
        if often and now - self._last_report < 0.05:
            return
        self._last_report = now
        if self.progress is not None:
            self.progress(fraction, text)

    def git_progress(self, message: bytes) -> None:
        # dulwich hands on the server's own lines: "Receiving objects:  45% (9/20)\r".
        text = message.decode("utf-8", "replace").strip().splitlines()
        line = text[-1] if text else ""
        fraction = None
        if "%" in line:
            try:
                fraction = int(line.split("%")[0].split()[-1]) / 100
            except (ValueError, IndexError):
                fraction = None
        self.report(fraction, _german_progress(line), often=True)


def _german_progress(line: str) -> str:
    for english, german in (("counting objects", "Objekte zählen"),
                            ("Counting objects", "Objekte zählen"),
                            ("Compressing objects", "Objekte packen"),
                            ("Enumerating objects", "Objekte aufzählen"),
                            ("Total", "Gesamt"),
                            ("done", "fertig")):
        line = line.replace(english, german)
    return line


def fetch(source: Source, data: Path, *, progress: Progress | None = None,
          cancel: threading.Event | None = None, timeout: float = TIMEOUT_S,
          deadline: float = DEADLINE_S, validate: Validate | None = None) -> FetchResult:
    """Clone ``source`` into its mirror in the cache, or fetch what is new.

    ``validate(repo, head, source)`` may refuse the fetched commit (raising
    :class:`LibraryError`) before the mirror takes it. Raises :class:`LibraryError` (or
    :class:`Cancelled`) with a German message; then the mirror shows what it showed before."""

    # One fetch per mirror at a time: a cancelled fetch may still be waiting for its server
    # (a read ends only with its timeout) when the player starts the next one.
    with _lock_for(source):
        return _fetch_locked(source, data, progress, cancel, timeout, deadline, validate)


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _lock_for(source: Source) -> threading.Lock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(source.key, threading.Lock())


def _fetch_locked(source, data, progress, cancel, timeout, deadline, validate) -> FetchResult:
    from dulwich.repo import Repo

    guard = _Guard(cancel, progress, deadline)
    mirror = mirror_path(data, source)
    first = not (mirror / "objects").is_dir()
    guard.report(0.0, "Verbinden …")
    if first:
        mirror.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".neu-{source.key}-", dir=mirror.parent))
        try:
            repo = Repo.init_bare(str(staging))
            try:
                head = _fetch_into(repo, source, guard, timeout, validate)
            finally:
                repo.close()
            (staging / LOCATION_FILE).write_text(source.location + "\n", encoding="utf-8")
            shutil.rmtree(mirror, ignore_errors=True)  # a half-made leftover of a crash
            staging.rename(mirror)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return FetchResult(head, None)
    repo = Repo(str(mirror))
    try:
        previous = repo.refs[HEAD_REF] if HEAD_REF in repo.refs else None  # noqa: SIM401
        head = _fetch_into(repo, source, guard, timeout, validate)
    finally:
        repo.close()
    return FetchResult(head, previous)


def _client(source: Source, timeout: float):
    """The dulwich client and the path to ask it for."""
    if source.is_local:
        from dulwich.client import LocalGitClient
        from dulwich.errors import NotGitRepository
        from dulwich.repo import Repo

        folder = Path(source.location)
        if not folder.is_dir():
            raise LibraryError(f"Den Ordner „{source.location}“ gibt es nicht.")
        try:
            Repo(str(folder)).close()
        except NotGitRepository:
            raise LibraryError(
                f"Im Ordner „{source.location}“ liegt kein git-Repository. Eine neue Bibliothek "
                "legst du an mit: regelfrisch --bibliothek neu ORDNER") from None
        return LocalGitClient(), str(folder)
    import urllib3
    from dulwich.client import Urllib3HttpGitClient, default_urllib3_manager

    manager = default_urllib3_manager(None, base_url=source.location, timeout=timeout)
    # One try per request: a stalled server costs one timeout, not four.
    manager.connection_pool_kw["retries"] = urllib3.Retry(total=2, connect=0, read=0,
                                                         redirect=2, status=0)
    manager.connection_pool_kw["timeout"] = urllib3.Timeout(connect=timeout, read=timeout)
    client = Urllib3HttpGitClient(source.location, pool_manager=manager, timeout=timeout)
    return client, urlsplit(source.location).path or "/"


def _fetch_into(repo, source: Source, guard: _Guard, timeout: float,
                validate: Validate | None) -> bytes:
    """Fetch the remote's default branch into ``repo``; the pack is scanned before it is kept.
    Returns the fetched commit, also stored as :data:`HEAD_REF`."""
    try:
        client, path = _client(source, timeout)
        return _fetch_with(client, path, repo, source, guard, validate)
    except LibraryError:
        if guard.cancel is not None and guard.cancel.is_set():
            raise Cancelled() from None
        raise
    except Exception as exc:
        if guard.cancel is not None and guard.cancel.is_set():
            raise Cancelled() from exc
        raise LibraryError(explain_failure(exc, source, timeout)) from exc


def _fetch_with(client, path: str, repo, source: Source, guard: _Guard,
                validate: Validate | None) -> bytes:
    # Shallow over the network; a folder is read in full (dulwich's local transport keeps no
    # shallow boundary, and reading a local history costs little).
    shallow = not source.is_local
    wanted: list[bytes] = []

    def determine_wants(refs, depth=None):
        guard.check()
        head = _default_branch(refs)
        if head is None:
            raise LibraryError(f"„{source.location}“ ist ein leeres git-Repository (noch kein "
                               "Commit).")
        wanted.append(head)
        if head in repo.object_store:
            return []
        return [head]

    def pack_data(chunk: bytes) -> int:
        guard.received += len(chunk)
        if guard.received > MAX_DOWNLOAD_BYTES:
            raise LibraryError(f"Die Bibliothek ist zu groß: mehr als "
                               f"{_size(MAX_DOWNLOAD_BYTES)} zu laden. Es wurde nichts "
                               "übernommen.")
        guard.report(None, f"Empfangen: {_size(guard.received)}", often=True)
        return spool.write(chunk)

    with tempfile.SpooledTemporaryFile(max_size=4 * 1024 * 1024, prefix="eingang-",
                                       dir=str(Path(repo.path))) as spool:
        result = client.fetch_pack(path, determine_wants, repo.get_graph_walker(), pack_data,
                                   progress=guard.git_progress,
                                   depth=SHALLOW_DEPTH if shallow else None)
        if not wanted:
            raise LibraryError("Der Server hat keine Zweige geschickt.")
        head = wanted[0]
        if spool.tell():
            guard.report(None, "Prüfen …")
            spool.seek(0)
            scan_pack(spool)
            spool.seek(0)
            guard.report(None, "Speichern …")
            repo.object_store.add_thin_pack(spool.read, None)
        if head not in repo.object_store:
            raise LibraryError("Der Server hat die Daten nicht vollständig geschickt.")
        if shallow:
            repo.update_shallow(result.new_shallow, result.new_unshallow)
        if validate is not None:
            guard.report(None, "Inhalt prüfen …")
            validate(repo, head, source)
        guard.check()  # the last moment a cancel keeps the mirror as it was
        repo.refs[HEAD_REF] = head
        repo.refs.set_symbolic_ref(b"HEAD", HEAD_REF)
        guard.report(1.0, "Fertig.")
        return head


def _default_branch(refs: dict) -> bytes | None:
    for name in (b"HEAD", b"refs/heads/main", b"refs/heads/master"):
        sha = refs.get(name)
        if sha:
            return sha
    heads = sorted(name for name in refs if name.startswith(b"refs/heads/") and refs[name])
    return refs[heads[0]] if heads else None


def explain_failure(exc: BaseException, source: Source, timeout: float) -> str:
    """A German sentence for what dulwich, urllib3 or the OS raised."""
    import socket

    from dulwich.client import HTTPProxyUnauthorized, HTTPUnauthorized
    from dulwich.errors import GitProtocolError, NotGitRepository

    where = source.location
    chain = [exc]
    while chain[-1].__cause__ is not None or chain[-1].__context__ is not None:
        nxt = chain[-1].__cause__ or chain[-1].__context__
        if nxt in chain or len(chain) > 8:
            break
        chain.append(nxt)
    names = " ".join(type(e).__name__ for e in chain) + " " + " ".join(str(e) for e in chain)
    if any(isinstance(e, HTTPUnauthorized | HTTPProxyUnauthorized) for e in chain):
        return (f"„{where}“ verlangt eine Anmeldung. Regelfrisch speichert keine Zugangsdaten; "
                "eine Bibliothek muss öffentlich lesbar sein.")
    if "Timeout" in names or any(isinstance(e, socket.timeout | TimeoutError) for e in chain):
        return (f"Der Server von „{where}“ antwortet nicht (nach {timeout:.0f} Sekunden "
                "abgebrochen). Versuch es später noch einmal.")
    if any(isinstance(e, NotGitRepository) for e in chain) or " 404" in names \
            or "404" in names.split("unexpected http resp")[-1][:6]:
        return f"Unter „{where}“ liegt kein git-Repository. Stimmt die Adresse?"
    if ("NameResolution" in names or "NewConnectionError" in names or "MaxRetry" in names
            or "ConnectionRefused" in names
            or any(isinstance(e, ConnectionError | socket.gaierror) for e in chain)):
        host = urlsplit(where).hostname or where
        return (f"Keine Verbindung zu „{host}“. Bist du online, und stimmt die Adresse?")
    if any(isinstance(e, GitProtocolError) for e in chain):
        return f"„{where}“ antwortet nicht wie ein git-Server ({chain[0]})."
    if any(isinstance(e, OSError) for e in chain):
        return f"„{where}“ ließ sich nicht laden ({chain[0]})."
    return f"„{where}“ ließ sich nicht laden ({type(exc).__name__}: {exc})."


def _size(count: int) -> str:
    if count >= 1024 * 1024 * 1024:
        return f"{count / 1024 ** 3:.1f} GiB".replace(".", ",")
    if count >= 1024 * 1024:
        return f"{count / 1024 ** 2:.0f} MiB"
    return f"{max(1, count // 1024)} KiB"


# -- the scan of a received pack -------------------------------------------------------------

_OFS_DELTA, _REF_DELTA = 6, 7


class _Stream:
    def __init__(self, file) -> None:
        self.file = file
        self.buffer = b""

    def take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.file.read(max(65536, count))
            if not chunk:
                raise LibraryError("Die empfangenen Daten sind unvollständig.")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def some(self) -> bytes:
        if self.buffer:
            data, self.buffer = self.buffer, b""
            return data
        return self.file.read(65536)

    def give_back(self, data: bytes) -> None:
        self.buffer = data + self.buffer


def scan_pack(file, *, max_object: int | None = None, max_total: int | None = None,
              max_objects: int | None = None) -> int:
    """Check a git pack stream before it is indexed; return its number of objects.

    Reads each object's declared size from its header (for a delta: the size of the object it
    makes) and refuses one above ``max_object`` without inflating it; the rest is inflated in
    bounded steps whose output is thrown away, only to find where the next object starts."""
    max_object = MAX_OBJECT_BYTES if max_object is None else max_object
    max_total = MAX_INFLATED_BYTES if max_total is None else max_total
    max_objects = MAX_OBJECTS if max_objects is None else max_objects
    stream = _Stream(file)
    head = stream.take(12)
    if head[:4] != b"PACK":
        raise LibraryError("Die empfangenen Daten sind kein git-Paket.")
    count = int.from_bytes(head[8:12], "big")
    if count > max_objects:
        raise LibraryError(f"Die Bibliothek ist zu groß: {count} git-Objekte (höchstens "
                           f"{max_objects}).")
    total = 0
    for _ in range(count):
        byte = stream.take(1)[0]
        kind, size, shift = (byte >> 4) & 7, byte & 15, 4
        while byte & 0x80:
            byte = stream.take(1)[0]
            size |= (byte & 0x7F) << shift
            shift += 7
        if kind == _OFS_DELTA:
            while stream.take(1)[0] & 0x80:
                pass
        elif kind == _REF_DELTA:
            stream.take(20)
        _refuse_big(size, max_object)
        target = _inflate_object(stream, size, kind in (_OFS_DELTA, _REF_DELTA), max_object)
        total += target
        if total > max_total:
            raise LibraryError(f"Die Bibliothek ist zu groß: mehr als {_size(max_total)} "
                               "entpackt.")
    return count


def _refuse_big(size: int, limit: int) -> None:
    if size > limit:
        raise LibraryError(f"Die Bibliothek enthält eine Datei von {_size(size)}; erlaubt sind "
                           f"höchstens {_size(limit)} je Datei. Es wurde nichts übernommen.")


def _inflate_object(stream: _Stream, size: int, delta: bool, limit: int) -> int:
    inflater = zlib.decompressobj()
    produced = 0
    first = b""
    target = size
    pending = b""
    while not inflater.eof:
        data = pending or stream.some()
        if not data:
            raise LibraryError("Die empfangenen Daten sind unvollständig.")
        try:
            out = inflater.decompress(data, 65536)
        except zlib.error:
            raise LibraryError("Die empfangenen Daten sind beschädigt.") from None
        pending = inflater.unconsumed_tail
        produced += len(out)
        if produced > size:
            raise LibraryError("Die empfangenen Daten sind beschädigt (größer als angegeben).")
        if delta and len(first) < 20:
            first += out[:20]
            parsed = _delta_target_size(first)
            if parsed is not None:
                target = parsed
                _refuse_big(target, limit)
    if produced != size:
        raise LibraryError("Die empfangenen Daten sind beschädigt (Größe stimmt nicht).")
    stream.give_back(inflater.unused_data)
    return target


def _delta_target_size(data: bytes) -> int | None:
    """The second varint of a delta (the first is the base's size), if ``data`` holds it."""
    values, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            values.append(value)
            if len(values) == 2:
                return values[1]
            value, shift = 0, 0
    return None
