"""Spiele-Bibliothek without Qt: real git repositories made here, served from a folder and over
smart HTTP on 127.0.0.1; subscribe, browse, install, update, reviews, publish, hostile cases."""

from __future__ import annotations

import io
import json
import os
import struct
import threading
import time
import zlib
from pathlib import Path

import pytest
from dulwich.repo import Repo

from app.model import game_library_git as git_side
from app.model.game_library import (
    ORIGIN_FILE,
    check_folder,
    create_library,
    install,
    install_state,
    origin_of,
    pending_updates,
    publish,
    read_library,
    sync,
)
from app.model.game_library_git import (
    Cancelled,
    LibraryError,
    Source,
    libraries_root,
    mirror_path,
    parse_source,
    scan_pack,
)
from app.model.packs import create_pack, load_pack, pack_fingerprint, reserved_ids
from app.model.progress import Grade, ProgressStore
from tests.library_repos import (
    GitHttpServer,
    Gitlink,
    Link,
    StallingServer,
    closed_port_url,
    commit_files,
    library_files,
    pack_files,
    reviews_yaml,
)

CARC = "carcassonne"


def _two_packs(**carc) -> dict:
    return {CARC: pack_files("Carcassonne", **carc), "azul": pack_files("Azul", author="Ben")}


@pytest.fixture
def data(tmp_path) -> Path:
    return tmp_path / "daten"


@pytest.fixture
def lib(tmp_path) -> Path:
    repo = tmp_path / "bibliothek"
    commit_files(repo, library_files(_two_packs()), "Erste Spiele", when=1_700_000_000)
    commit_files(repo, library_files(_two_packs(version="2")), "Carcassonne: Fassung 2",
                 when=1_700_100_000)
    return repo


def _subscribe(location: str, data: Path):
    source = parse_source(location)
    sync(source, data)
    return source, read_library(source, data)


def _pack(view, pack_id):
    return next(p for p in view.packs if p.pack_id == pack_id)


def _files_below(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")} if folder.exists() else set()


# -- subscribe and browse ----------------------------------------------------------------------


def test_a_library_in_a_folder_lists_every_pack_with_its_facts(lib, data):
    _source, view = _subscribe(str(lib), data)
    assert view.title == "Spielerunde"
    assert view.maintainers == ["Anna", "Ben"]
    assert view.notices == [] and view.error == ""
    assert [p.pack_id for p in view.packs] == ["azul", CARC]
    carc = _pack(view, CARC)
    assert (carc.title, carc.version, carc.author, carc.questions) == ("Carcassonne", "2",
                                                                      "Anna", 2)
    assert carc.ok and carc.check_text == "Prüfung bestanden"
    # The last change of each pack is the commit that changed *its* folder.
    assert carc.last_change.message == "Carcassonne: Fassung 2"
    assert _pack(view, "azul").last_change.message == "Erste Spiele"
    assert _pack(view, "azul").last_change_text.endswith(": Erste Spiele")
    assert carc.review.text == "nicht geprüft"


def test_over_smart_http_the_clone_is_shallow_and_old_changes_say_or_earlier(
        lib, data, monkeypatch):
    monkeypatch.setattr(git_side, "SHALLOW_DEPTH", 1)
    with GitHttpServer({"bib": lib}) as server:
        source, view = _subscribe(server.url("bib"), data)
    mirror = Repo(str(mirror_path(data, source)))
    assert mirror.bare and mirror.get_shallow()  # no checkout; history cut at depth 1
    mirror.close()
    assert _pack(view, "azul").last_change_text.endswith("oder früher: Carcassonne: Fassung 2")
    assert _pack(view, CARC).version == "2"
    # Nothing was written outside the cache.
    assert {p.relative_to(data).parts[0] for p in _files_below(data)} == {"cache"}


def test_aktualisieren_fetches_only_what_is_new(lib, data):
    with GitHttpServer({"bib": lib}) as server:
        source, _view = _subscribe(server.url("bib"), data)
        nothing = sync(source, data)
        assert not nothing.changed
        commit_files(lib, library_files(_two_packs(version="3")), "Carcassonne: Fassung 3")
        news = sync(source, data)
    assert news.changed
    assert _pack(read_library(source, data), CARC).version == "3"


def test_progress_reaches_the_end_and_cancel_leaves_nothing(lib, data):
    seen = []
    source = parse_source(str(lib))
    sync(source, data, progress=lambda fraction, text: seen.append((fraction, text)))
    assert seen[0] == (0.0, "Verbinden …") and seen[-1] == (1.0, "Fertig.")

    other = tmp = data.parent / "daten2"
    cancel = threading.Event()

    def cancel_on_first(fraction, text):
        cancel.set()

    with pytest.raises(Cancelled, match="Abgebrochen"):
        sync(source, tmp, progress=cancel_on_first, cancel=cancel)
    assert not mirror_path(other, source).exists()
    assert [p for p in _files_below(libraries_root(other)) if not p.name.startswith(".")] == []


def test_check_results_are_reused_for_unchanged_packs(lib, data, monkeypatch):
    source, _view = _subscribe(str(lib), data)
    import app.model.game_library as model

    calls = []
    real = model.check_files
    monkeypatch.setattr(model, "check_files", lambda *a: calls.append(a[0]) or real(*a))
    read_library(source, data)
    assert calls == []
    commit_files(lib, library_files(_two_packs(version="3")), "Fassung 3")
    sync(source, data)
    read_library(source, data)
    assert calls == [CARC]


# -- install and update ------------------------------------------------------------------------


def test_install_records_source_and_commit_and_passes_the_import_checks(lib, data):
    source, view = _subscribe(str(lib), data)
    packs = data / "spiele"
    folder = install(_pack(view, CARC), data, packs)
    assert folder == packs / CARC
    loaded = load_pack(folder, reserved_ids())  # loads like any own pack
    assert loaded.game.content.meta.version == "2"
    origin = origin_of(folder)
    assert origin.location == source.location
    assert origin.commit == view.head.sha and origin.tree == _pack(view, CARC).tree
    assert origin.fingerprint == pack_fingerprint(folder) == _pack(view, CARC).fingerprint
    assert install_state(_pack(view, CARC), packs) == "installed"
    assert install_state(_pack(view, "azul"), packs) == ""


def test_a_changed_pack_is_offered_as_update_and_keeps_quiz_progress(lib, data):
    source, view = _subscribe(str(lib), data)
    packs = data / "spiele"
    install(_pack(view, CARC), data, packs)
    store = ProgressStore.open(data, CARC)
    store.record("frage-1", Grade.KNEW, [])
    assert pending_updates([view], packs) == []

    commit_files(lib, library_files(_two_packs(version="3")), "Carcassonne: Fassung 3")
    sync(source, data)
    view = read_library(source, data)
    (update,) = pending_updates([view], packs)
    assert update.pack.version == "3" and not update.edited_locally
    assert install_state(update.pack, packs) == "update"
    install(update.pack, data, packs, replace=True)
    assert load_pack(packs / CARC).game.content.meta.version == "3"
    assert ProgressStore.open(data, CARC).seen("frage-1")
    assert pending_updates([view], packs) == []


def test_a_locally_edited_pack_is_flagged_and_not_replaced_without_asking(lib, data):
    source, view = _subscribe(str(lib), data)
    packs = data / "spiele"
    install(_pack(view, CARC), data, packs)
    game = packs / CARC / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("Carcassonne", "Carcassonne (unsere)",
                                                             1), encoding="utf-8")
    assert install_state(_pack(view, CARC), packs) == "edited"
    commit_files(lib, library_files(_two_packs(version="3")), "Fassung 3")
    sync(source, data)
    (update,) = pending_updates([read_library(source, data)], packs)
    assert update.edited_locally
    with pytest.raises(LibraryError, match="schon installiert"):
        install(update.pack, data, packs)  # replace only when asked
    assert "(unsere)" in game.read_text(encoding="utf-8")


def test_an_own_pack_with_the_same_id_is_not_taken_for_the_librarys(lib, data):
    _source, view = _subscribe(str(lib), data)
    packs = data / "spiele"
    create_pack(packs, "Carcassonne", reserved_ids(), "Clara")
    assert install_state(_pack(view, CARC), packs) == "other"
    assert pending_updates([view], packs) == []


# -- who checked what --------------------------------------------------------------------------


def _reviewed_library(repo: Path, packs: dict, fingerprint: str, message="Geprüft") -> bytes:
    review = {"pack": CARC, "hash": fingerprint, "reviewer": "Ben", "date": "2024-05-01",
              "verdict": '"geprüft gegen die Spielregel S. 1–8"'}
    return commit_files(repo, library_files(packs, extra={"pruefungen.yaml":
                                                          reviews_yaml(review)}), message)


def test_a_review_shows_only_while_the_hash_matches(lib, data):
    source, view = _subscribe(str(lib), data)
    fingerprint = _pack(view, CARC).fingerprint
    _reviewed_library(lib, _two_packs(version="2"), fingerprint)
    sync(source, data)
    view = read_library(source, data)
    assert _pack(view, CARC).review.text == "geprüft von Ben am 01.05.2024"
    assert _pack(view, CARC).review.review.verdict == "geprüft gegen die Spielregel S. 1–8"
    assert _pack(view, "azul").review.text == "nicht geprüft"

    _reviewed_library(lib, _two_packs(version="3"), fingerprint, "Fassung 3")
    sync(source, data)
    changed = _pack(read_library(source, data), CARC).review
    assert changed.status == "changed"
    assert changed.text == "geändert seit der Prüfung (geprüft von Ben am 01.05.2024)"


def test_a_history_rewritten_after_the_review_shows_changed(lib, data):
    with GitHttpServer({"bib": lib}) as server:
        source, view = _subscribe(server.url("bib"), data)
        fingerprint = _pack(view, CARC).fingerprint
        _reviewed_library(lib, _two_packs(version="2"), fingerprint)
        sync(source, data)
        assert _pack(read_library(source, data), CARC).review.status == "checked"
        # A force push: a new history whose only commit alters the pack, review file kept.
        altered = _two_packs(version="2", summary="Wer die meisten Punkte hat, verliert.")
        review = {"pack": CARC, "hash": fingerprint, "reviewer": "Ben", "date": "2024-05-01",
                  "verdict": "ok"}
        commit_files(lib, library_files(altered, extra={"pruefungen.yaml":
                                                        reviews_yaml(review)}),
                     "Alles neu", parents=[])
        assert sync(source, data).changed
    assert _pack(read_library(source, data), CARC).review.status == "changed"


def test_malformed_reviews_are_skipped_with_their_line(lib, data):
    bad = reviews_yaml({"pack": CARC, "hash": "abc", "reviewer": "Ben", "date": "2024-05-01",
                        "verdict": "ok"},
                       {"pack": "azul", "hash": f"\"{'0' * 64}\"", "reviewer": "Ben",
                        "date": "gestern", "verdict": "ok"})
    commit_files(lib, library_files(_two_packs(), extra={"pruefungen.yaml": bad}), "Prüfungen")
    _source, view = _subscribe(str(lib), data)
    assert any(n.startswith("pruefungen.yaml:2: „hash“") for n in view.notices), view.notices
    assert any(n.startswith("pruefungen.yaml:7: „date“") for n in view.notices), view.notices
    assert all(p.review.status == "none" for p in view.packs)


# -- a hostile library is harmless -------------------------------------------------------------


def test_hostile_entries_are_skipped_or_refused_with_reasons(tmp_path, data):
    repo = tmp_path / "feindlich"
    html = pack_files("Böse", summary="<b>fett</b> und [Link](https://example.org)")
    packs = {"gut": pack_files("Gut"), "boese": html, "atlantis": pack_files("Atlantis"),
             "verlinkt": {**pack_files("Verlinkt"), "quiz.yaml": Link("/etc/passwd")},
             "mit-git": {**pack_files("Mit Git"), ".git/config": b"[core]\n"},
             "mit-ordner": {**pack_files("Mit Ordner"), "bilder/x.yaml": b"a: 1\n"},
             "mit-modul": {**pack_files("Mit Modul"), "modul": Gitlink()}}
    extra = {"notizen.txt": b"hallo", "link-raus": Link("/etc"), "untermodul": Gitlink(),
             ".git/hooks/post-checkout": b"#!/bin/sh\nrm -rf ~\n", "README.md": b"# Hallo\n",
             "Gro\u00df": {"game.yaml": b"x"}}
    files = library_files(packs)
    for name, value in extra.items():
        if isinstance(value, dict):
            files.update({f"{name}/{k}": v for k, v in value.items()})
        else:
            files[name] = value
    commit_files(repo, files, "Feindlich")
    before = _files_below(tmp_path) - _files_below(data) - {data}
    _source, view = _subscribe(str(repo), data)
    after = _files_below(tmp_path) - _files_below(data) - {data}
    assert after == before  # nothing written outside the data folder …
    assert {p.relative_to(data).parts[0] for p in _files_below(data)} == {"cache"}  # … its cache

    notices = "\n".join(view.notices)
    assert "notizen.txt: Datei außerhalb eines Spielordners" in notices
    assert "link-raus: Verknüpfungen (Symlinks) werden übersprungen" in notices
    assert "untermodul: Untermodule" in notices
    assert ".git: Ein .git-Ordner" in notices
    assert "Groß: Der Ordnername taugt nicht" in notices
    assert "README.md" not in notices
    by_id = {p.pack_id: p for p in view.packs}
    assert by_id["gut"].ok
    reasons = {pack_id: "\n".join(p.problems) for pack_id, p in by_id.items()}
    assert "HTML" in reasons["boese"] and "game.yaml:" in reasons["boese"]
    assert "mitgeliefertes Spiel" in reasons["atlantis"]
    assert "verlinkt/quiz.yaml: Verknüpfungen" in reasons["verlinkt"]
    assert "mit-git/.git: Ein .git-Ordner" in reasons["mit-git"]
    assert "mit-ordner/bilder: Unterordner" in reasons["mit-ordner"]
    assert "mit-modul/modul: Untermodule" in reasons["mit-modul"]
    for pack_id in ("boese", "atlantis", "verlinkt", "mit-git", "mit-ordner", "mit-modul"):
        with pytest.raises(LibraryError, match="lässt sich nicht installieren"):
            install(by_id[pack_id], data, data / "spiele")
    assert not (data / "spiele" / "atlantis").exists()


def test_ten_thousand_packs_are_refused_and_leave_nothing(tmp_path, data):
    repo = tmp_path / "riesig"
    pack = pack_files("Gleich")
    files = {f"spiel-{n}/{name}": body for n in range(10_000) for name, body in pack.items()}
    commit_files(repo, files, "Zehntausend")
    with GitHttpServer({"bib": repo}) as server:
        source = parse_source(server.url("bib"))
        with pytest.raises(LibraryError, match="zu groß: 10000 Spielordner, höchstens 1000"):
            sync(source, data)
    assert not mirror_path(data, source).exists()
    assert [p for p in _files_below(libraries_root(data))] == []


def test_a_blob_that_inflates_beyond_the_limit_is_refused_before_it_is_inflated(tmp_path, data):
    repo = tmp_path / "bombe"
    packs = {"gut": pack_files("Gut"), "gross": {**pack_files("Groß"),
                                                 "game.yaml": b"#" * (9 * 1024 * 1024)}}
    commit_files(repo, library_files(packs), "Bombe")
    with GitHttpServer({"bib": repo}) as server:
        source = parse_source(server.url("bib"))
        with pytest.raises(LibraryError, match=r"eine Datei von 9 MiB; erlaubt sind höchstens"):
            sync(source, data)
    assert not mirror_path(data, source).exists()


def test_the_scan_refuses_a_gibibyte_object_from_its_header_alone():
    # A pack announcing one 1 GiB blob; only its first compressed bytes follow.
    size = 1024 ** 3
    header = bytearray([(3 << 4) | (size & 15) | 0x80])
    size >>= 4
    while size:
        header.append((size & 0x7F) | (0x80 if size > 0x7F else 0))
        size >>= 7
    stream = io.BytesIO(b"PACK" + struct.pack(">II", 2, 1) + bytes(header)
                        + zlib.compressobj().compress(b"\0" * 1024))
    with pytest.raises(LibraryError, match=r"eine Datei von 1,0 GiB"):
        scan_pack(stream)
    assert stream.tell() < 4096  # decided from the header, nothing inflated


def test_more_bytes_than_the_cap_stop_the_download(tmp_path, data, monkeypatch):
    monkeypatch.setattr(git_side, "MAX_DOWNLOAD_BYTES", 64 * 1024)
    repo = tmp_path / "viel"
    commit_files(repo, library_files({"gut": pack_files("Gut")},
                                     extra={"bild.png": os.urandom(300 * 1024)}), "Viel")
    with GitHttpServer({"bib": repo}) as server:
        source = parse_source(server.url("bib"))
        with pytest.raises(LibraryError, match="zu groß: mehr als 64 KiB zu laden"):
            sync(source, data)
    assert not mirror_path(data, source).exists()


def test_a_server_that_stalls_times_out_with_a_german_message(data):
    with StallingServer() as server:
        source = parse_source(server.url)
        started = time.monotonic()
        with pytest.raises(LibraryError, match="antwortet nicht \\(nach 1 Sekunden"):
            sync(source, data, timeout=1.0)
        assert time.monotonic() - started < 8
        assert server.accepted
    assert not mirror_path(data, source).exists()


@pytest.mark.parametrize("where, message", [
    ("closed", "Keine Verbindung zu „127.0.0.1“"),
    ("missing", "liegt kein git-Repository"),
    ("no-library", "ist keine Spiele-Bibliothek"),
    ("not-git", "liegt kein git-Repository"),
    ("ssh", "Nur https-Adressen und Ordner"),
    ("git@", "Nur https-Adressen und Ordner"),
    ("credentials", "speichert keine Zugangsdaten"),
])
def test_wrong_sources_get_a_clear_german_message(tmp_path, data, lib, where, message):
    readme_only = tmp_path / "nur-readme"
    commit_files(readme_only, {"README.md": b"# Nichts\n"}, "Anfang")
    plain = tmp_path / "kein-git"
    plain.mkdir()
    with GitHttpServer({"bib": lib}) as server:
        location = {"closed": closed_port_url(), "missing": server.url("gibt-es-nicht"),
                    "no-library": str(readme_only), "not-git": str(plain),
                    "ssh": "ssh://example.org/bib.git", "git@": "git@example.org:bib.git",
                    "credentials": "https://anna:geheim@example.org/bib.git"}[where]
        with pytest.raises(LibraryError, match=message):
            sync(parse_source(location), data, timeout=5)
    assert [p for p in _files_below(libraries_root(data)) if p.name != ".pruefung"] == []


# -- publish and a new library -----------------------------------------------------------------


def test_publish_commits_an_own_pack_into_a_local_clone_with_its_author(tmp_path, lib, data):
    from dulwich import porcelain

    clone = tmp_path / "kopie"
    porcelain.clone(str(lib), str(clone), errstream=io.BytesIO()).close()
    own = create_pack(tmp_path / "meine", "Flügelschlag", reserved_ids(), author="Clara")
    sha = publish(own, clone)
    repo = Repo(str(clone))
    commit = repo[sha.encode()]
    assert commit.author == commit.committer == b"Clara <>"
    assert commit.message.decode().startswith("Flügelschlag (Fassung 1) übernommen")
    tree = repo[commit.tree]
    assert b"fluegelschlag" in dict((n, s) for n, _m, s in tree.iteritems())
    repo.close()
    with pytest.raises(LibraryError, match="Nichts zu übernehmen"):
        publish(own, clone)
    # What was published reads back as a library pack that passes and hashes the same.
    _source, view = _subscribe(str(clone), data)
    published = _pack(view, "fluegelschlag")
    assert published.ok and published.fingerprint == pack_fingerprint(own)


def test_publish_refuses_without_author_or_into_something_that_is_no_clone(tmp_path):
    own = create_pack(tmp_path / "meine", "Namenlos", reserved_ids())
    with pytest.raises(LibraryError, match="keine lokale Kopie"):
        publish(own, tmp_path)
    clone = create_library(tmp_path / "neu")
    with pytest.raises(LibraryError, match="meta: author"):
        publish(own, clone)


def test_the_template_library_is_a_library_and_its_folder_can_be_checked(tmp_path, data):
    folder = create_library(tmp_path / "unsere", "Unsere Runde")
    assert sorted(p.name for p in folder.iterdir()) == [".git", "README.md", "bibliothek.yaml",
                                                       "pruefungen.yaml"]
    _source, view = _subscribe(str(folder), data)
    assert view.title == "Unsere Runde" and view.packs == [] and view.notices == []
    with pytest.raises(LibraryError, match="nicht leer"):
        create_library(folder)
    for name, body in pack_files("Azul").items():
        (folder / "azul").mkdir(exist_ok=True)
        (folder / "azul" / name).write_bytes(body)
    ((pack_id, record),) = check_folder(folder, data)
    assert pack_id == "azul" and record["problems"] == []
    assert record["fingerprint"] == pack_fingerprint(folder / "azul")


def test_sources_from_text(tmp_path):
    assert parse_source("https://example.org/bib.git/").location == "https://example.org/bib.git"
    assert parse_source("https://example.org/gruppe/bib.git").label == "example.org/gruppe/bib"
    local = parse_source(f"file://{tmp_path}")
    assert local.is_local and local.location == str(tmp_path.resolve())
    assert Source("https://a/b").key != Source("https://a/c").key
    with pytest.raises(LibraryError, match="Bitte gib"):
        parse_source("  ")


def test_an_origin_file_that_is_no_json_means_no_origin(tmp_path):
    folder = tmp_path / "spiel"
    folder.mkdir()
    (folder / ORIGIN_FILE).write_text("{kaputt", encoding="utf-8")
    assert origin_of(folder) is None
    (folder / ORIGIN_FILE).write_text(json.dumps({"location": "x"}), encoding="utf-8")
    assert origin_of(folder) is None


@pytest.mark.parametrize("size_kib", [200, 600])  # over a pack's limit; 600: over any file's
def test_a_pack_over_the_size_limit_is_listed_with_the_reason(tmp_path, data, size_kib):
    from app.model.game_library import check_folder
    from app.model.packs import MAX_PACK_FILE_BYTES

    assert MAX_PACK_FILE_BYTES == 128 * 1024
    packs = _two_packs()
    game = packs["azul"]["game.yaml"]
    packs["azul"]["game.yaml"] = game + b"\n# " + b"x" * (size_kib * 1024) + b"\n"
    repo = tmp_path / "gross"
    commit_files(repo, library_files(packs), "Ein großes Spiel", when=1_700_000_000)
    _source, view = _subscribe(str(repo), data)
    assert [p.pack_id for p in view.packs] == ["azul", CARC]
    assert _pack(view, CARC).ok
    big = _pack(view, "azul")
    assert not big.ok
    assert any(problem.startswith("azul/game.yaml: Die Datei ist mit ")
               and problem.endswith("zu groß (höchstens 128 KiB).") for problem in big.problems)
    # The same words for a maintainer's check of the folder before committing.
    folder = tmp_path / "arbeitskopie"
    for pack_id, files in packs.items():
        (folder / pack_id).mkdir(parents=True)
        for name, raw in files.items():
            (folder / pack_id / name).write_bytes(raw)
    records = dict(check_folder(folder, data))
    assert records[CARC]["problems"] == []
    assert any("zu groß (höchstens 128 KiB)" in p for p in records["azul"]["problems"])
