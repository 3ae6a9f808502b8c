"""The quiz as an Anki deck: a valid collection, one note per question, stable ids, no markup."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

import pytest

from app.__main__ import main
from app.model.anki_export import FIELDS, build_deck, export_apkg, field_html
from app.model.loader import load_game
from app.model.paths import content_root
from tests.conftest import FIXTURES


def _notes(apkg: Path, tmp_path: Path) -> list[tuple[str, list[str], str]]:
    with zipfile.ZipFile(apkg) as archive:
        assert "collection.anki2" in archive.namelist()
        archive.extract("collection.anki2", tmp_path)
    db = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        decks = db.execute("SELECT decks FROM col").fetchone()[0]
        assert "Regelfrisch::" in decks
        rows = db.execute("SELECT guid, flds, tags FROM notes ORDER BY id").fetchall()
        cards = db.execute("SELECT count(*) FROM cards").fetchone()[0]
        assert cards == len(rows)
    finally:
        db.close()
    return [(guid, flds.split("\x1f"), tags) for guid, flds, tags in rows]


@pytest.mark.parametrize("game_id", ["atlantis", "atacama", "survive"])
def test_every_question_becomes_one_note_with_its_fields(game_id, tmp_path):
    game = load_game(content_root() / game_id, check=False).game
    out = tmp_path / f"{game_id}.apkg"
    assert export_apkg(game, out) == len(game.quiz)
    notes = _notes(out, tmp_path)
    assert len(notes) == len(game.quiz)
    assert all(len(fields) == len(FIELDS) for _, fields, _ in notes)
    assert sorted(fields[0] for _, fields, _ in notes) == sorted(
        field_html(item.question) for item in game.quiz)
    assert sorted(fields[1] for _, fields, _ in notes) == sorted(
        field_html(item.answer) for item in game.quiz)
    assert all(f"regelfrisch::{game_id}" in tags for _, _, tags in notes)
    assert any("Leicht_vergessen" in tags for _, _, tags in notes)
    assert all(fields[5] == game.title for _, fields, _ in notes)


def test_a_second_export_keeps_every_note_id_so_anki_updates(tmp_path):
    game = load_game(content_root() / "atlantis", check=False).game
    one, two = tmp_path / "eins", tmp_path / "zwei"
    one.mkdir()
    two.mkdir()
    export_apkg(game, one / "a.apkg")
    export_apkg(game, two / "a.apkg")
    assert [g for g, _, _ in _notes(one / "a.apkg", one)] == \
        [g for g, _, _ in _notes(two / "a.apkg", two)]
    deck_ids = {build_deck(game).deck_id, build_deck(game).deck_id}
    assert len(deck_ids) == 1


def test_markup_is_escaped_even_if_it_got_past_the_loader(tmp_path):
    game = load_game(FIXTURES / "minigame", check=False).game
    item = game.quiz[0].model_copy(
        update={"question": "Wie oft <script>alert(1)</script> würfelst **du** bei 3 < 4?"})
    export_apkg(game.model_copy(update={"quiz": [item]}), tmp_path / "m.apkg")
    (_, fields, _), = _notes(tmp_path / "m.apkg", tmp_path)
    assert fields[0] == ("Wie oft &lt;script&gt;alert(1)&lt;/script&gt; würfelst "
                         "<strong>du</strong> bei 3 &lt; 4?")


def test_command_line_export_and_its_errors(tmp_path, capsys):
    out = tmp_path / "survive.apkg"
    assert main(["--anki", str(out), "--game", "survive"]) == 0
    assert "gespeichert" in capsys.readouterr().out and out.stat().st_size > 1000
    with pytest.raises(SystemExit) as stopped:
        main(["--anki", str(tmp_path / "x.apkg"), "--game", "schach"])
    assert stopped.value.code == 2
    assert "Das Spiel „schach“ gibt es nicht" in capsys.readouterr().err
    assert main(["--anki", str(tmp_path / "fehlt" / "x.apkg"), "--game", "atlantis"]) == 1
    assert "nicht gespeichert" in capsys.readouterr().err
    assert list(tmp_path.glob(".regelfrisch-*")) == []
