"""Pack archives a player received: whatever one holds, the inspector answers with German
refusals of its own, quickly, and never blocks, floods or reads past its limits (issue #30).

The fuzz test mutates a real exported archive; ``REGELFRISCH_ARCHIVE_FUZZ=2000`` runs it longer
(see the README)."""

from __future__ import annotations

import json
import os
import re
import threading
import time
import zipfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.model.library import MAX_MESSAGE_CHARS
from app.model.packs import (
    MANIFEST,
    Cancelled,
    create_pack,
    export_pack,
    inspect_archive,
    load_pack,
    reserved_ids,
    run_new,
)

# Words of English system or library messages; none may reach a German message.
_ENGLISH = re.compile(
    r"\b(the|is|not|of|and|to|for|with|file|error|invalid|expecting|expected|unexpected|bad|"
    r"compression|method|stream|header|magic|truncated|encrypted|password|required|value|"
    r"line|column|char|exceeds|limit|digits|maximum|recursion|depth|errno|space|device|"
    r"permission|denied|directory|such|crc|decompress|incorrect|found|could|cannot|"
    r"while|decoding|unsupported|overflow|object|has|no attribute)\b", re.IGNORECASE)


def english_in(messages) -> list[str]:
    # Quoted content and paths are the player's own words, not the app's.
    return [m for m in map(str, messages)
            if _ENGLISH.search(re.sub(r"„[^“]*“|\S*/\S*", "", m))]


@cache
def _good_archive_bytes() -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        pack = create_pack(Path(folder) / "quelle", "Mein Spiel", reserved_ids(), author="Anna")
        (pack / "glossary.yaml").write_text("address: du\nterms:\n  - term: Plättchen\n"
                                            "    avoid: [Kärtchen]\n", "utf-8")
        out = export_pack(load_pack(pack), Path(folder) / "gut.regelfrisch")
        return out.read_bytes()


def _entries() -> dict[str, bytes]:
    import io

    with zipfile.ZipFile(io.BytesIO(_good_archive_bytes())) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()}


def _inspect(tmp_path: Path, archive: Path):
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    return inspect_archive(archive, work, reserved_ids())


def _zip(path: Path, entries: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as zipped:
        for name, data in entries.items():
            zipped.writestr(name, data)
    return path


def _refused(result, words: str) -> None:
    assert not result.ok
    assert result.problems
    assert any(words in p.message for p in result.problems), result.problems
    assert english_in(result.problems) == []


def test_the_good_archive_is_clean(tmp_path):
    archive = tmp_path / "gut.regelfrisch"
    archive.write_bytes(_good_archive_bytes())
    result = _inspect(tmp_path, archive)
    assert result.ok, result.problems


def test_corrupt_compressed_data_is_a_german_refusal(tmp_path):
    raw = bytearray(_good_archive_bytes())
    # The deflate stream of the first entry starts right after its local header.
    name_len, extra_len = int.from_bytes(raw[26:28], "little"), int.from_bytes(raw[28:30],
                                                                              "little")
    start = 30 + name_len + extra_len
    raw[start:start + 8] = b"\xff" * 8  # an invalid block type: zlib.error in the old code
    archive = tmp_path / "kaputt.regelfrisch"
    archive.write_bytes(bytes(raw))
    _refused(_inspect(tmp_path, archive), "beschädigt")


def test_a_bzip2_or_lzma_entry_is_refused_in_german(tmp_path):
    for compression in (zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA):
        archive = _zip(tmp_path / f"{compression}.regelfrisch", _entries(), compression)
        _refused(_inspect(tmp_path, archive), "Verfahren gepackt")


def test_something_that_is_not_a_zip_is_refused_in_german(tmp_path):
    archive = tmp_path / "text.regelfrisch"
    archive.write_text("Hallo, ich bin kein Archiv.", "utf-8")
    _refused(_inspect(tmp_path, archive), "keine ZIP-Datei")


@pytest.mark.parametrize(("manifest", "words"), [
    (b'{"id": "mein-spiel", "format": ' + b"9" * 4301 + b"}", "unmögliche Zahl"),
    (b'{"id": "mein-spiel", "x": ' + b"[" * 8000 + b"]" * 8000 + b"}", "zu tief"),
    (b'{"id": "mein-spiel", "x": NaN}', "unmögliche Zahl"),
    (b'{"id": "mein-spiel",', "kein gültiges JSON (Zeile 1"),
    (b'\xff{"id": "mein-spiel"}', "UTF-8"),
])
def test_a_hostile_manifest_is_a_german_refusal(tmp_path, manifest, words):
    assert len(manifest) <= 16 * 1024
    archive = _zip(tmp_path / "m.regelfrisch", {**_entries(), MANIFEST: manifest})
    _refused(_inspect(tmp_path, archive), words)


def test_a_manifest_with_a_byte_order_mark_is_accepted(tmp_path):
    entries = _entries()
    archive = _zip(tmp_path / "bom.regelfrisch",
                   {**entries, MANIFEST: b"\xef\xbb\xbf" + entries[MANIFEST]})
    result = _inspect(tmp_path, archive)
    assert result.ok, result.problems


def test_a_long_entry_name_is_quoted_short(tmp_path):
    entries = _entries()
    del entries["glossary.yaml"]
    archive = _zip(tmp_path / "lang.regelfrisch", {**entries, "x" * 60_000: b"x"})
    result = _inspect(tmp_path, archive)
    assert not result.ok
    assert max(len(str(p)) for p in result.problems) < 300


def _finishes(action, seconds: float = 10.0):
    outcome: list = []
    worker = threading.Thread(target=lambda: outcome.append(action()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the inspector blocked"
    return outcome[0]


def test_a_fifo_named_like_an_archive_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "x.regelfrisch"
    os.mkfifo(fifo)
    result = _finishes(lambda: _inspect(tmp_path, fifo))
    _refused(result, "keine gewöhnliche Datei")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_an_endless_device_is_refused(tmp_path, device):
    link = tmp_path / "x.regelfrisch"
    link.symlink_to(device)
    result = _finishes(lambda: _inspect(tmp_path, link))
    _refused(result, "keine gewöhnliche Datei")


def test_a_folder_named_like_an_archive_is_refused(tmp_path):
    folder = tmp_path / "x.regelfrisch"
    folder.mkdir()
    _refused(_inspect(tmp_path, folder), "Ordner")


def test_the_inspection_can_be_cancelled_between_steps(tmp_path):
    archive = tmp_path / "gut.regelfrisch"
    archive.write_bytes(_good_archive_bytes())
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 2

    with pytest.raises(Cancelled):
        inspect_archive(archive, tmp_path / "w", reserved_ids(), should_stop=stop)


def test_a_full_disk_is_told_in_german_by_neu(tmp_path, monkeypatch):
    import errno
    import io

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("tempfile.mkdtemp", full)
    out = io.StringIO()
    assert run_new(["Mein Spiel", str(tmp_path)], tmp_path, out) == 1
    assert "kein Platz mehr auf dem Datenträger" in out.getvalue()
    assert "Errno" not in out.getvalue() and english_in([out.getvalue()]) == []


# -- fuzz ---------------------------------------------------------------------------------------

_FUZZ = int(os.environ.get("REGELFRISCH_ARCHIVE_FUZZ", "60"))
_MUTATION = st.tuples(st.integers(0, 10**6), st.integers(0, 255))


@settings(max_examples=_FUZZ, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(changes=st.lists(_MUTATION, min_size=1, max_size=6),
       cut=st.one_of(st.none(), st.integers(0, 10**6)),
       insert=st.one_of(st.none(), st.tuples(st.integers(0, 10**6), st.binary(max_size=40))))
def test_mutated_archives_get_only_the_inspectors_own_refusals(tmp_path_factory, changes, cut,
                                                                insert):
    raw = bytearray(_good_archive_bytes())
    for where, value in changes:
        raw[where % len(raw)] = value
    if insert is not None:
        where, data = insert
        raw[where % len(raw):where % len(raw)] = data
    if cut is not None:
        del raw[cut % len(raw):]
    base = tmp_path_factory.mktemp("mutiert")
    archive = base / "x.regelfrisch"
    archive.write_bytes(bytes(raw))
    started = time.perf_counter()
    result = _inspect(base, archive)
    assert time.perf_counter() - started < 5
    assert result.ok or result.problems
    assert english_in(result.problems) == []
    assert all(len(p.message) <= MAX_MESSAGE_CHARS for p in result.problems)
    assert len(result.problems) == len(set(result.problems))


def test_the_english_detector_finds_what_the_old_code_said():
    # The texts the issue saw; the detector must catch each, or the tests above prove nothing.
    for text in ("Error -3 while decompressing data: invalid block type",
                 "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)",
                 "compression type 12 (bzip2)", "[Errno 28] No space left on device",
                 "File is not a zip file"):
        assert english_in([text]) == [text]
    assert english_in([json.dumps("„x.regelfrisch“: Die Datei ist beschädigt.")]) == []


def test_a_pack_file_over_the_pack_limit_is_refused_in_an_archive_and_in_a_folder(tmp_path):
    from app.model.packs import MAX_PACK_FILE_BYTES, pack_problems

    entries = _entries()
    big = entries["glossary.yaml"] + b"# " + b"x" * MAX_PACK_FILE_BYTES + b"\n"
    archive = _zip(tmp_path / "gross.regelfrisch", {**entries, "glossary.yaml": big})
    _refused(_inspect(tmp_path, archive), "zu groß")
    folder = create_pack(tmp_path / "ordner", "Mein Spiel")
    (folder / "glossary.yaml").write_bytes(big)
    assert [p.message for p in pack_problems(folder)] == [
        f"Die Datei ist mit {len(big) // 1024} KiB zu groß (höchstens "
        f"{MAX_PACK_FILE_BYTES // 1024} KiB)."]


def test_check_answers_for_an_archive_as_the_import_would(tmp_path):
    import io

    from app.model.check import run_check

    good = tmp_path / "gut.regelfrisch"
    good.write_bytes(_good_archive_bytes())
    out = io.StringIO()
    assert run_check(good, out) == 0
    assert "ließe sich importieren" in out.getvalue()
    fifo = tmp_path / "x.regelfrisch"
    os.mkfifo(fifo)
    out = io.StringIO()
    assert _finishes(lambda: run_check(fifo, out)) == 1
    assert "x.regelfrisch: Das ist keine gewöhnliche Datei" in out.getvalue()
    assert english_in(out.getvalue().splitlines()) == []


def test_a_fifo_in_a_pack_folder_never_blocks_the_start(tmp_path):
    from app.model.packs import load_packs

    folder = create_pack(tmp_path / "spiele", "Mein Spiel")
    os.mkfifo(folder / "glossary.yaml")
    packs = _finishes(lambda: load_packs(tmp_path / "spiele"))
    [failed] = packs.failures
    assert any("nur Dateien erlaubt" in p.message for p in failed.problems), failed.problems
