"""Own packs without Qt: templates, loading beside the shipped games, sharing, hostile archives."""

from __future__ import annotations

import io
import json
import os
import stat
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.__main__ import main
from app.model.check import run_check
from app.model.examples import engine_for
from app.model.library import SHIPPED_GAMES
from app.model.loader import load_library
from app.model.packs import (
    MAX_ARCHIVE_BYTES,
    PackGame,
    create_pack,
    export_pack,
    inspect_archive,
    install_pack,
    load_pack,
    load_packs,
    read_pack_version,
    remove_pack,
    reserved_ids,
    slug,
    with_packs,
)
from app.model.paths import content_root
from app.model.quality import review_game


@pytest.fixture(scope="module")
def shipped():
    return load_library(content_root())


def _pack(root: Path, title: str = "Mein Spiel") -> Path:
    return create_pack(root, title, reserved_ids(), author="Anna")


def _zip(path: Path, entries: dict[str, bytes], **infos) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(infos.get(name, name), data)
    return path


def _good_entries(tmp_path: Path) -> dict[str, bytes]:
    folder = _pack(tmp_path / "quelle")
    out = export_pack(load_pack(folder), tmp_path / "gut.regelfrisch")
    with zipfile.ZipFile(out) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _everything_below(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*")) if folder.exists() else []


# -- engines -----------------------------------------------------------------------------------


def test_engines_come_from_the_one_registry_of_games():
    from app.rules.registry import GAMES

    assert set(SHIPPED_GAMES) == set(GAMES)
    for game_id in SHIPPED_GAMES:
        engine = engine_for(game_id)
        assert engine.example_facts and engine.GAME is GAMES[game_id]
    assert engine_for("carcassonne") is None
    assert "carcassonne" not in reserved_ids() and set(SHIPPED_GAMES) <= reserved_ids()


# -- templates ---------------------------------------------------------------------------------


def test_slug_makes_an_id_from_a_german_name():
    assert slug("Die Siedler von Catan") == "die-siedler-von-catan"
    assert slug("  Über Bäume & Flüsse!  ") == "ueber-baeume-fluesse"
    assert slug("Café Großstadt") == "cafe-grossstadt"
    assert slug("???") == ""


def test_template_passes_check_without_errors(tmp_path, capsys):
    folder = _pack(tmp_path, "Carcassonne: Jäger & Sammler")
    assert run_check(folder, io.StringIO()) == 0
    loaded = load_pack(folder, reserved_ids())
    assert loaded.game.title == "Carcassonne: Jäger & Sammler"
    assert loaded.game.content.meta.author == "Anna"
    assert review_game(loaded.game, folder).errors == []
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    # The template says where each part appears in the app.
    for section in ("In 30 Sekunden", "Dein Zug", "Die Zahlen", "Leicht vergessen"):
        assert f"„{section}“" in text
    assert "Weißt du's noch?" in (folder / "quiz.yaml").read_text(encoding="utf-8")


def test_a_name_with_quotes_and_colons_stays_one_yaml_string(tmp_path):
    folder = _pack(tmp_path, 'Das "große" Spiel: Teil #2')
    assert load_pack(folder).game.title == 'Das "große" Spiel: Teil #2'


@pytest.mark.parametrize(("title", "words"), [
    ("Atlantis", "mitgeliefertes Spiel"),
    ("", "Namen"),
    ("!!!", "Buchstaben"),
])
def test_create_refuses_bad_names(tmp_path, title, words):
    with pytest.raises(ValueError, match=words):
        create_pack(tmp_path, title, reserved_ids())
    assert _everything_below(tmp_path) == []


def test_create_never_overwrites_a_pack(tmp_path):
    folder = _pack(tmp_path)
    (folder / "game.yaml").write_text("mein Text", encoding="utf-8")
    with pytest.raises(ValueError, match="gibt es schon"):
        _pack(tmp_path)
    assert (folder / "game.yaml").read_text(encoding="utf-8") == "mein Text"


def test_cli_new_creates_a_pack_in_the_data_folder(tmp_path, capsys, _isolated_user_data):
    assert main(["--neu", "Azul"]) == 0
    assert (Path(_isolated_user_data) / "spiele" / "azul" / "quiz.yaml").is_file()
    assert main(["--neu", "Azul Sommerpavillon", str(tmp_path)]) == 0
    assert (tmp_path / "azul-sommerpavillon" / "game.yaml").is_file()
    assert main(["--neu", "Atacama"]) == 1
    assert "mitgeliefertes Spiel" in capsys.readouterr().out
    assert main(["--neu", "a", "b", "c"]) == 2


# -- loading beside the shipped games ----------------------------------------------------------


def test_packs_load_beside_the_shipped_games_and_never_shadow_them(tmp_path, shipped):
    root = tmp_path / "spiele"
    _pack(root, "Azul")
    fake = root / "atlantis"
    fake.mkdir()
    for name in ("game.yaml", "quiz.yaml"):
        (fake / name).write_bytes((root / "azul" / name).read_bytes())
    library = with_packs(shipped, root)
    assert library is not shipped and len(shipped.games) == 3
    azul = library.game("azul")
    assert isinstance(azul, PackGame) and azul.own_pack
    assert library.game("atlantis").folder == content_root() / "atlantis"
    assert [e.id for e in library.entries()].count("atlantis") == 1
    failed = next(f for f in library.failures if getattr(f, "own_pack", False))
    assert failed.id != "atlantis"
    assert "mitgeliefertes Spiel" in failed.problems[0].message


def test_a_pack_may_not_bring_examples_html_images_or_file_links(tmp_path):
    folder = _pack(tmp_path)
    (folder / "examples.yaml").write_text("examples: []\n", encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("Wer anfängt und", "Wer <script>alert(1)</script> anfängt und")
    game = game.replace("Was du in diesem Schritt tust.", "Siehe ![Bild](file:///etc/passwd).")
    game = game.replace("Was du hier tun darfst.", "Siehe [hier](../../geheim.txt).")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    packs = load_packs(tmp_path)
    assert packs.games == []
    messages = [str(p) for p in packs.failures[0].problems]
    assert any("examples.yaml" in m and "Regel-Engine" in m for m in messages)
    lines = game.splitlines()
    for word, needle in (("HTML", "<script>"), ("Bilder", "![Bild]"), ("Links", "](../")):
        # A folded text (``text: >-``) is reported at its key, the line above the words.
        line = next(i for i, text in enumerate(lines, 1) if needle in text) - 1
        assert any(f"game.yaml:{line}: " in m and word in m for m in messages), messages


# -- sharing -----------------------------------------------------------------------------------


def test_export_then_import_into_a_fresh_folder_gives_the_same_pack(tmp_path):
    folder = _pack(tmp_path / "a")
    out = export_pack(load_pack(folder), tmp_path / "mein-spiel")
    assert out.name == "mein-spiel.regelfrisch"
    with zipfile.ZipFile(out) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert manifest["id"] == "mein-spiel"
    assert manifest["title"] == "Mein Spiel"
    assert manifest["author"] == "Anna"
    assert manifest["version"] == "1"
    assert manifest["source_note"].startswith("Eigene Zusammenfassung")
    assert manifest["app_version"]

    work = tmp_path / "work"
    result = inspect_archive(out, work, reserved_ids())
    assert result.ok, result.problems
    fresh = tmp_path / "frisch" / "spiele"
    installed = install_pack(result.loaded.folder, fresh)
    for name in ("game.yaml", "quiz.yaml"):
        assert (installed / name).read_bytes() == (folder / name).read_bytes()
    assert load_packs(fresh).games[0].game == load_pack(folder).game


def _symlink_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


@pytest.mark.parametrize(("case", "message"), [
    ("absolute", "Absolute Pfade"),
    ("dotdot", "„..“"),
    ("symlink", "Symlinks"),
    ("unknown", "Unbekannte Datei"),
    ("folder", "Ordner"),
    ("bomb", "zu groß"),
    ("many", "Einträge"),
    ("no-manifest", "manifest.json fehlt"),
    ("bad-id", "Spiel-ID"),
    ("shipped-id", "mitgeliefertes Spiel"),
    ("not-zip", "kein lesbares"),
    ("huge", "zu groß"),
])
def test_hostile_archives_are_rejected_without_a_trace(tmp_path, case, message):
    good = _good_entries(tmp_path)
    archive = tmp_path / f"{case}.regelfrisch"
    entries = dict(good)
    if case == "absolute":
        entries["/etc/game.yaml"] = b"x"
    elif case == "dotdot":
        entries["../quiz.yaml"] = b"x"
    elif case == "unknown":
        entries["run.py"] = b"import os"
    elif case == "folder":
        entries["sub/game.yaml"] = b"x"
    elif case == "bomb":
        entries["game.yaml"] = b" " * (20 * 1024 * 1024)
    elif case == "many":
        entries.update({f"x{i}.yaml": b"" for i in range(10)})
    elif case == "no-manifest":
        del entries["manifest.json"]
    elif case == "bad-id":
        entries["manifest.json"] = json.dumps({"id": "../etc"}).encode()
    elif case == "shipped-id":
        entries["manifest.json"] = json.dumps({"id": "atlantis"}).encode()
    if case == "symlink":
        with zipfile.ZipFile(archive, "w") as z:
            for name, data in good.items():
                z.writestr(name, data)
            z.writestr(_symlink_info("glossary.yaml"), "/etc/passwd")
    elif case == "not-zip":
        archive.write_bytes(b"PK\x03\x04 kaputt")
    elif case == "huge":
        archive.write_bytes(b"\0" * (MAX_ARCHIVE_BYTES + 1))
    else:
        _zip(archive, entries)
    work = tmp_path / "work"
    work.mkdir()
    result = inspect_archive(archive, work, reserved_ids())
    assert not result.ok
    assert any(message in p.message for p in result.problems), result.problems
    assert all(str(p).startswith(archive.name) for p in result.problems)
    if case != "shipped-id":  # that one is caught only once the files are read as a pack
        assert _everything_below(work) == []
    assert not (tmp_path / "etc").exists()


def test_a_broken_pack_is_rejected_with_file_and_line(tmp_path):
    entries = _good_entries(tmp_path)
    quiz = entries["quiz.yaml"].decode().replace("tests: [zahl-handkarten]",
                                                 "tests: [gibt-es-nicht]")
    entries["quiz.yaml"] = quiz.encode()
    archive = _zip(tmp_path / "kaputt.regelfrisch", entries)
    result = inspect_archive(archive, tmp_path / "work", reserved_ids())
    line = next(i for i, text in enumerate(quiz.splitlines(), 1) if "gibt-es-nicht" in text)
    assert not result.ok
    assert [str(p) for p in result.problems] == [
        f"kaputt.regelfrisch/quiz.yaml:{line}: „frage-2“ verweist auf die unbekannte ID "
        "„gibt-es-nicht“."]


def test_install_replaces_all_or_nothing_and_remove_stays_inside(tmp_path):
    root = tmp_path / "spiele"
    old = _pack(root)
    (old / "glossary.yaml").write_text("address: du\n", encoding="utf-8")
    new = _pack(tmp_path / "neu")
    (new / "game.yaml").write_text(
        (new / "game.yaml").read_text(encoding="utf-8").replace('version: "1"', 'version: "2"'),
        encoding="utf-8")
    with pytest.raises(FileExistsError):
        install_pack(new, root)
    assert (old / "glossary.yaml").exists()
    install_pack(new, root, replace=True)
    assert load_pack(root / "mein-spiel").game.content.meta.version == "2"
    assert not (root / "mein-spiel" / "glossary.yaml").exists()
    assert sorted(p.name for p in root.iterdir()) == ["mein-spiel"]
    with pytest.raises(ValueError):
        remove_pack(root, "../neu")
    assert new.exists()
    remove_pack(root, "mein-spiel")
    assert list(root.iterdir()) == []


def test_pack_folder_may_hold_only_files(tmp_path):
    folder = _pack(tmp_path)
    target = tmp_path / "geheim.yaml"
    target.write_text("quiz: []", encoding="utf-8")
    os.symlink(target, folder / "glossary.yaml")
    problems = load_packs(tmp_path).failures[0].problems
    assert any("Verknüpfungen" in p.message for p in problems)


def test_cli_anki_finds_an_own_pack(tmp_path, capsys, _isolated_user_data):
    create_pack(Path(_isolated_user_data) / "spiele", "Azul", reserved_ids())
    out = tmp_path / "azul.apkg"
    assert main(["--anki", str(out), "--game", "azul"]) == 0
    assert "2 Karten" in capsys.readouterr().out
    assert zipfile.is_zipfile(out)
    with pytest.raises(SystemExit) as stopped:
        main(["--anki", str(tmp_path / "x.apkg"), "--game", "gibt-es-nicht"])
    assert stopped.value.code == 2
    assert "Verfügbar: atacama, atlantis, survive, azul." in capsys.readouterr().err


# Hostile archives, generated: CI runs a modest number, REGELFRISCH_FUZZ_EXAMPLES asks for more.
_NAMES = st.sampled_from(["game.yaml", "quiz.yaml", "glossary.yaml", "manifest.json",
                          "../game.yaml", "/abs.yaml", "a/../../b", "C:\\x.yaml", "ordner/",
                          "x.py", "game.yaml/", "..", ".", ""])


@pytest.mark.filterwarnings("ignore:Duplicate name")  # duplicates are one of the attacks
@settings(max_examples=int(os.environ.get("REGELFRISCH_FUZZ_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entries=st.lists(st.tuples(_NAMES, st.binary(max_size=200)), max_size=8),
       manifest_id=st.one_of(st.none(), st.text(max_size=12)))
def test_any_archive_is_answered_with_problems_or_a_pack_never_an_exception(
        tmp_path_factory, entries, manifest_id):
    base = tmp_path_factory.mktemp("fuzz")
    archive = base / "x.regelfrisch"
    with zipfile.ZipFile(archive, "w") as zipped:
        for name, data in entries:
            zipped.writestr(name or "leer", data)
        if manifest_id is not None:
            zipped.writestr("manifest.json", json.dumps({"id": manifest_id}))
    work = base / "work"
    work.mkdir()
    result = inspect_archive(archive, work, reserved_ids())
    assert result.ok or result.problems
    assert all(str(p).startswith("x.regelfrisch") for p in result.problems)
    # Whatever was written stays inside the work folder, one level below it.
    for path in work.rglob("*"):
        assert path.resolve().is_relative_to(work.resolve())
        assert len(path.relative_to(work).parts) <= 2
    assert sorted(p.name for p in base.iterdir()) == ["work", "x.regelfrisch"]


def test_check_holds_a_pack_to_the_pack_rules(tmp_path):
    folder = _pack(tmp_path)
    text = (folder / "game.yaml").read_text(encoding="utf-8").replace(
        "Wer anfängt und", "Wer <b>anfängt</b> und")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert run_check(folder, out) == 1
    assert f"{folder / 'game.yaml'}:" in out.getvalue() and "HTML" in out.getvalue()
    assert run_check(tmp_path, io.StringIO()) == 1


def test_a_pack_version_says_whether_the_files_held_still(tmp_path, monkeypatch):
    import app.model.packs as packs

    folder = _pack(tmp_path)
    first = read_pack_version(folder, reserved_ids())
    assert first.settled and first.entry is not None and first.problems == []
    assert first.fingerprint == first.entry.fingerprint
    assert read_pack_version(folder, reserved_ids(), first.fingerprint) is None

    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("summary:", "zusammenfassung:"),
                    encoding="utf-8")
    broken = read_pack_version(folder, reserved_ids(), first.fingerprint)
    assert broken.settled and broken.entry is None
    assert any(p.file == game for p in broken.problems)

    # Saved again while being read: the reading may have met a half-written file.
    load = packs.load_pack

    def saved_meanwhile(*args, **kwargs):
        try:
            return load(*args, **kwargs)
        finally:
            game.write_text(game.read_text(encoding="utf-8")
                            .replace("zusammenfassung:", "summary:"), encoding="utf-8")

    monkeypatch.setattr(packs, "load_pack", saved_meanwhile)
    game.write_text("# noch kaputt\n" + game.read_text(encoding="utf-8"), encoding="utf-8")
    overlapped = read_pack_version(folder, reserved_ids(), broken.fingerprint)
    assert overlapped.entry is None and not overlapped.settled
    assert read_pack_version(folder, reserved_ids(), overlapped.fingerprint).settled


def test_a_check_reads_and_parses_each_file_once(tmp_path, monkeypatch):
    from collections import Counter

    import app.model.packs as packs
    import app.model.yaml_source as yaml_source
    from app.model.game_library import check_files

    reads, parses = Counter(), Counter()
    read_content_file, parse = yaml_source.read_content_file, yaml_source._parse

    def counted_read(path, *args):
        reads[Path(path).name] += 1
        return read_content_file(path, *args)

    def counted_parse(path, raw):
        parses[path.name] += 1
        return parse(path, raw)

    monkeypatch.setattr(yaml_source, "read_content_file", counted_read)
    monkeypatch.setattr(yaml_source, "_parse", counted_parse)

    # An own pack from its folder: the fingerprint, the pack rules and the load share one
    # reading of each file (the bytes are new, so no earlier parse is reused).
    folder = _pack(tmp_path / "spiele", "Einmal gelesen")
    loaded = load_pack(folder, reserved_ids())
    assert reads == {"game.yaml": 1, "quiz.yaml": 1, "glossary.yaml": 1, "manifest.json": 1,
                     "examples.yaml": 1}
    assert parses == {"game.yaml": 1, "quiz.yaml": 1}

    # An archive: checked from its entries in memory, the review included.
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("Einmal gelesen", "Geteilt"),
                    encoding="utf-8")
    archive = export_pack(loaded, tmp_path / "geteilt")
    reads.clear()
    parses.clear()
    opened = Counter()
    read_regular_file = packs.read_regular_file
    monkeypatch.setattr(packs, "read_regular_file",
                        lambda path, limit: opened.update([Path(path).name])
                        or read_regular_file(path, limit))
    work = tmp_path / "pruefung"
    result = inspect_archive(archive, work, reserved_ids())
    assert result.ok and result.loaded.game.title == "Geteilt"
    assert opened == {"geteilt.regelfrisch": 1} and reads == {}
    assert parses == {"game.yaml": 1, "quiz.yaml": 1}

    # A library's pack: in memory, nothing written anywhere.
    files = {name: (work / "einmal-gelesen" / name).read_bytes()
             for name in ("game.yaml", "quiz.yaml")}
    files["game.yaml"] = files["game.yaml"].replace(b"Geteilt", b"Aus der Bibliothek")
    parses.clear()
    before = sorted(tmp_path.rglob("*"))
    record = check_files("einmal-gelesen", files, [], reserved_ids())
    assert record["title"] == "Aus der Bibliothek" and record["problems"] == []
    assert parses == {"game.yaml": 1, "quiz.yaml": 1} and reads == {}
    assert sorted(tmp_path.rglob("*")) == before


def test_a_report_moved_with_its_files_names_them_where_they_are_now(tmp_path):
    from app.model.library import Problem
    from app.model.packs import PackReport

    old, new = tmp_path / "arbeit" / "azul", tmp_path / "spiele" / "azul"
    report = PackReport([Problem(old / "quiz.yaml", 3, "Fehler")],
                        [Problem(old / "game.yaml", 7, "Hinweis"),
                         Problem(Path("azul.regelfrisch"), None, "Archiv")], coverage="c")
    moved = report.moved(old, new)
    assert moved.errors == [Problem(new / "quiz.yaml", 3, "Fehler")]
    assert moved.hints == [Problem(new / "game.yaml", 7, "Hinweis"),
                           Problem(Path("azul.regelfrisch"), None, "Archiv")]
    assert moved.coverage == "c"
