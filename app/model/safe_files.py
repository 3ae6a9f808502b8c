"""The one way to read a file a player chose or received, and German words for what went wrong.

Every file the app opens because a user chose it — an archive to import or dropped on the
window, a content file, a progress file — is read by :func:`read_regular_file`: it refuses
anything but a regular file (a FIFO would block, ``/dev/zero`` would never end, a directory is
no file) and never reads more than the limit, whatever the size in the file's header says. It
checks the file it opened, not the name, which could change in between.

:func:`german_os_error` is what a message says about an ``OSError``: the system's own text is
English („[Errno 28] No space left on device“) and never reaches the player. A file the app
writes for the player (a PDF, a screenshot, the snapshot) goes through :func:`write_atomically`,
whose errors keep their ``errno`` so that :func:`german_os_error` can name them.

No third-party or Qt import here: the snapshot start path uses this module.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class UnreadableFile(OSError):
    """A file that is not a regular file, or too large; the message is German."""


class UnwritableFile(OSError):
    """A place no file is written to (a device, a folder); the message is German."""


def write_atomically(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, replaced only when
    every byte is on disk: a full disk leaves an earlier file as it was and no part behind.

    Raises :class:`UnwritableFile` if ``path`` is there but no regular file (``/dev/full``
    stays a device), else the ``OSError`` of the failed step, its ``errno`` intact."""
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except OSError:
        mode = None  # not there yet (or unreachable: creating the temporary file says why)
    if mode is not None and not stat.S_ISREG(mode):
        raise UnwritableFile("dort liegt keine gewöhnliche Datei (ein Ordner, ein Gerät "
                             "oder eine Pipe)")
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".teil", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp's 0600 would hide the file from other users; a new file gets the usual mode.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def read_regular_file(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, never more than ``limit``.

    Raises :class:`UnreadableFile` (German message) for a device, FIFO, socket or a file over
    the limit, ``IsADirectoryError`` for a folder, and ``OSError`` if the file cannot be opened.
    """
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "Ist ein Ordner", str(path))
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
            if size > limit:  # the file grew while we read it, or its size lied
                raise UnreadableFile(too_large(size, limit, at_least=True))
        return b"".join(chunks)
    finally:
        os.close(fd)


def too_large(size: int, limit: int, *, at_least: bool = False) -> str:
    shown = f"mehr als {limit // 1024}" if at_least else f"{size // 1024}"
    return f"Die Datei ist mit {shown} KiB zu groß (höchstens {limit // 1024} KiB)."


_GERMAN_ERRNO = {
    errno.ENOSPC: "kein Platz mehr auf dem Datenträger",
    errno.EDQUOT: "Speicherkontingent erschöpft",
    errno.EROFS: "der Datenträger ist schreibgeschützt",
    errno.EACCES: "keine Berechtigung",
    errno.EPERM: "keine Berechtigung",
    errno.ENOENT: "nicht gefunden",
    errno.ENOTDIR: "ein Teil des Pfades ist kein Ordner",
    errno.EISDIR: "an dieser Stelle liegt ein Ordner",
    errno.EEXIST: "existiert schon",
    errno.ENOTEMPTY: "der Ordner ist nicht leer",
    errno.ELOOP: "zu viele symbolische Links",
    errno.ENAMETOOLONG: "der Name ist zu lang",
    errno.EIO: "Ein-/Ausgabefehler des Datenträgers",
    errno.EBUSY: "die Datei ist gerade belegt",
    errno.ETXTBSY: "die Datei ist gerade belegt",
    errno.EMFILE: "zu viele offene Dateien",
    errno.ENFILE: "zu viele offene Dateien",
    errno.EXDEV: "Verschieben zwischen Datenträgern nicht möglich",
    errno.EFBIG: "die Datei wird zu groß",
    errno.EAGAIN: "die Datei ist gerade nicht verfügbar",
    errno.ETIMEDOUT: "Zeitüberschreitung",
}


def german_os_error(exc: BaseException) -> str:
    """A short German reason for ``exc``, never the system's English text.

    >>> german_os_error(OSError(28, "No space left on device"))
    'kein Platz mehr auf dem Datenträger'
    >>> german_os_error(TimeoutError())
    'Zeitüberschreitung'
    """
    if isinstance(exc, (UnreadableFile, UnwritableFile)):
        return str(exc).rstrip(".")
    if isinstance(exc, TimeoutError) and getattr(exc, "errno", None) is None:
        return "Zeitüberschreitung"
    code = getattr(exc, "errno", None)
    if code in _GERMAN_ERRNO:
        return _GERMAN_ERRNO[code]
    return f"Systemfehler {code}" if code else "unbekannter Fehler"
