"""`regelfrisch --bibliothek …` as a user runs it: German output, exit codes 0/1/2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.__main__ import main
from app.model.packs import pack_fingerprint
from app.ui.game_library_sources import LibrarySources
from tests.library_repos import GitHttpServer, commit_files, library_files, pack_files


def _data() -> Path:
    return Path(os.environ["REGELFRISCH_DATA"])


@pytest.fixture
def lib(tmp_path) -> Path:
    repo = tmp_path / "bibliothek"
    commit_files(repo, library_files({"azul": pack_files("Azul"),
                                      "atlantis": pack_files("Atlantis")}), "Erste Spiele")
    return repo


def test_subscribe_list_install_and_refresh_over_http(lib, capsys):
    with GitHttpServer({"bib": lib}) as server:
        url = server.url("bib")
        assert main(["--bibliothek", "hinzufuegen", url]) == 0
        out = capsys.readouterr().out
        assert "Bibliothek „Spielerunde“ abonniert: 2 Spiele, davon 1 installierbar." in out
        assert LibrarySources().locations() == [url]  # remembered for the window too

        assert main(["--bibliothek", "liste"]) == 0
        out = capsys.readouterr().out
        assert "  azul: Azul – Fassung 1, von Anna" in out
        assert "2 Quizfragen · Prüfung bestanden · nicht geprüft" in out
        assert "„atlantis“ ist ein mitgeliefertes Spiel" in out

        assert main(["--bibliothek", "installieren", "atlantis"]) == 1
        assert "lässt sich nicht installieren" in capsys.readouterr().out
        assert main(["--bibliothek", "installieren", "azul"]) == 0
        assert "Installiert: „Azul“ (Fassung 1)" in capsys.readouterr().out
        folder = _data() / "spiele" / "azul"
        hash_line = f"Prüf-Hash: {pack_fingerprint(folder)}"

        assert main(["--bibliothek", "aktualisieren"]) == 0
        assert f"{server.url('bib')[7:]}: nichts Neues." in capsys.readouterr().out
        commit_files(lib, library_files({"azul": pack_files("Azul", version="2")}), "Azul 2")
        assert main(["--bibliothek", "aktualisieren"]) == 0
        out = capsys.readouterr().out
        assert "neue Fassung geladen" in out
        assert "Update für „azul“: Fassung 2. Installieren: regelfrisch --bibliothek " \
               "installieren azul" in out
    assert main(["--bibliothek", "installieren", "azul"]) == 0  # from the cache, offline
    assert "(Fassung 2)" in capsys.readouterr().out
    assert main(["--bibliothek", "liste"]) == 0
    assert hash_line not in capsys.readouterr().out  # the hash follows the files


def test_an_edited_pack_needs_ueberschreiben(lib, capsys):
    assert main(["--bibliothek", "hinzufuegen", str(lib)]) == 0
    assert main(["--bibliothek", "installieren", "azul"]) == 0
    game = _data() / "spiele" / "azul" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "\n# meine Notiz\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["--bibliothek", "installieren", "azul"]) == 1
    assert "Du hast es nach der Installation geändert" in capsys.readouterr().out
    assert "meine Notiz" in game.read_text(encoding="utf-8")
    assert main(["--bibliothek", "installieren", "azul", "ueberschreiben"]) == 0
    assert "meine Notiz" not in game.read_text(encoding="utf-8")


def test_template_check_and_publish_from_the_command_line(tmp_path, capsys):
    folder = tmp_path / "neu"
    assert main(["--bibliothek", "neu", str(folder), "Unsere Runde"]) == 0
    assert main(["--neu", "Flügelschlag"]) == 0
    game = _data() / "spiele" / "fluegelschlag" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("author: null", 'author: "Clara"'),
                    encoding="utf-8")
    capsys.readouterr()
    assert main(["--bibliothek", "uebernehmen", "fluegelschlag", str(folder)]) == 0
    assert "Übernommen und committet" in capsys.readouterr().out
    assert main(["--bibliothek", "pruefen", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("fluegelschlag: bestanden; Prüf-Hash ")
    (folder / "fluegelschlag" / "quiz.yaml").write_text("- kaputt: [\n", encoding="utf-8")
    assert main(["--bibliothek", "pruefen", str(folder)]) == 1


@pytest.mark.parametrize("words", [["quatsch"], ["hinzufuegen"], ["liste", "x"],
                                   ["installieren", "a", "b", "c"]])
def test_wrong_calls_exit_2_with_german_usage(words, capsys):
    assert main(["--bibliothek", *words]) == 2
    assert "--bibliothek braucht einen Befehl" in capsys.readouterr().err


def test_unreachable_and_wrong_sources_exit_1(tmp_path, capsys):
    assert main(["--bibliothek", "hinzufuegen", str(tmp_path / "fehlt")]) == 1
    assert "Den Ordner" in capsys.readouterr().out
    assert main(["--bibliothek", "hinzufuegen", "git@example.org:x.git"]) == 1
    assert LibrarySources().locations() == []
