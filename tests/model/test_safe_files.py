"""Writing a file for the player: all or nothing, and what went wrong said in German."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from app.model import safe_files
from app.model.safe_files import UnwritableFile, german_os_error, write_atomically


def _fail(code: int):
    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def test_a_file_is_written_whole_with_the_usual_mode(tmp_path):
    target = tmp_path / "blatt.pdf"
    write_atomically(target, b"%PDF eins")
    write_atomically(target, b"%PDF zwei")
    assert target.read_bytes() == b"%PDF zwei"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == ["blatt.pdf"]


@pytest.mark.parametrize("code,german", [
    (errno.ENOSPC, "kein Platz mehr auf dem Datenträger"),
    (errno.EROFS, "der Datenträger ist schreibgeschützt"),
    (errno.EIO, "Ein-/Ausgabefehler des Datenträgers"),
])
def test_a_failed_write_keeps_the_earlier_file_and_names_the_reason(tmp_path, monkeypatch,
                                                                    code, german):
    target = tmp_path / "blatt.pdf"
    target.write_bytes(b"vorher")
    monkeypatch.setattr(safe_files.os, "fsync", _fail(code))
    with pytest.raises(OSError) as failure:
        write_atomically(target, b"nachher")
    assert failure.value.errno == code
    assert german_os_error(failure.value) == german
    assert target.read_bytes() == b"vorher"
    assert [p.name for p in tmp_path.iterdir()] == ["blatt.pdf"], "no part left behind"


def test_a_folder_that_takes_no_file_is_named_in_german(tmp_path):
    with pytest.raises(OSError) as failure:
        write_atomically(Path("/proc/regelfrisch-probe"), b"x")
    assert german_os_error(failure.value) == "nicht gefunden"
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "fehlt" / "x", b"x")


def test_a_pipe_or_a_folder_stays_what_it_is(tmp_path):
    # A FIFO of the test's own, never a real device: a bug here would replace it.
    pipe = tmp_path / "pipe.pdf"
    os.mkfifo(pipe)
    folder = tmp_path / "ordner.pdf"
    folder.mkdir()
    for target in (pipe, folder):
        with pytest.raises(UnwritableFile) as failure:
            write_atomically(target, b"x")
        assert german_os_error(failure.value).startswith("dort liegt keine gewöhnliche Datei")
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ordner.pdf", "pipe.pdf"]
