"""Issue #27 point 9, own games: the smaller rough edges a new player met, each through the
real window – the problem list says what ``--check`` says, the „Neues Spiel angelegt“ banner
goes with its game, a pack made by ``--neu`` beside the window appears (and one removed from
outside goes), an editor that did not open is said so, and the import conflict shows what
differs in the text."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.model.check import run_check
from app.model.packs import create_pack, reserved_ids
from app.model.progress import Grade
from tests.ui.test_packs_ui import _open_window, _packs, _rewrite


def _check_lines(folder: Path) -> set[tuple[str, str]]:
    """What ``regelfrisch --check <folder>`` reports, as (kind, ``file:line: message``)."""
    out = io.StringIO()
    run_check(folder, out)
    found = set()
    prefix = f"{folder}/"
    for line in out.getvalue().splitlines():
        if not line.startswith(prefix):
            continue  # the verdict and the quiz coverage: summaries, no problems
        where, message = line[len(prefix):].split(": ", 1) if ": " in line[len(prefix):] \
            else (line[len(prefix):], "")
        kind = "Hinweis" if message.startswith("Hinweis: ") else "Fehler"
        message = message.removeprefix("Hinweis: ")
        found.add((kind, f"{where}: {message}"))
    return found


def _panel_lines(win) -> list[tuple[str, str]]:
    shown = []
    for entry in win.packs.panel.entries():
        kind, text = entry.split(" – ", 1)
        shown.append((kind, text))
    return shown


def _settled(qtbot, win) -> None:
    qtbot.waitUntil(lambda: win.packs.reloading is None and not win.packs._reviewing
                    and "wird geprüft" not in win.packs.panel.summary.text(), timeout=10_000)


_GLOSSARY = "address: du\nterms:\n  - term: Fliese\n    avoid: [Kachel]\n"


def _break(folder: Path, kind: str) -> None:
    if kind == "yaml-syntax":
        _rewrite(folder / "game.yaml", '  players: "2–4"', '  players: ["2–4"')
    elif kind == "schema":
        _rewrite(folder / "game.yaml", "summary: |", "zusammenfassung: |")
    elif kind == "unknown-link":
        _rewrite(folder / "quiz.yaml", "tests: [zahl-handkarten]", "tests: [zahl-tippfehler]")
    elif kind == "editorial":
        (folder / "glossary.yaml").write_text(_GLOSSARY, encoding="utf-8")
        _rewrite(folder / "quiz.yaml", "Die kurze Antwort.", "Die Kachel.")
    elif kind == "hint":
        _rewrite(folder / "game.yaml", "pitfalls:\n", "pitfalls:\n  - id: vergessen-0\n"
                 "    title: Noch eine Regel\n    wrong: Falsch.\n    right: Richtig.\n")
    elif kind == "html-and-link":
        _rewrite(folder / "game.yaml", "Worum geht es?", "<b>Worum</b> geht es?")
        _rewrite(folder / "quiz.yaml", "tests: [zahl-handkarten]", "tests: [zahl-tippfehler]")
    elif kind == "html-and-schema":
        _rewrite(folder / "game.yaml", "Worum geht es?", "<b>Worum</b> geht es?")
        _rewrite(folder / "game.yaml", "summary: |", "zusammenfassung: |")
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["yaml-syntax", "schema", "unknown-link", "editorial", "hint",
                                  "html-and-link", "html-and-schema"])
def test_the_problem_list_says_what_check_says(qtbot, library, _isolated_user_data, kind):
    folder = create_pack(_packs(Path(_isolated_user_data)), "Azul", reserved_ids())
    _break(folder, kind)
    win = _open_window(qtbot, library, "azul")
    _settled(qtbot, win)
    shown = _panel_lines(win)
    assert shown, "a broken pack shows its problems"
    assert len(shown) == len(set(shown)), f"shown twice: {shown}"
    assert set(shown) == _check_lines(folder)


def test_after_a_live_edit_the_list_is_what_check_says_of_the_files(
        qtbot, library, _isolated_user_data):
    # A pack with an editorial error is open; the player breaks a link: the list says what
    # the files on disk have now – not the old version's review beside it.
    folder = create_pack(_packs(Path(_isolated_user_data)), "Azul", reserved_ids())
    _break(folder, "editorial")
    win = _open_window(qtbot, library, "azul")
    _settled(qtbot, win)
    assert set(_panel_lines(win)) == _check_lines(folder)
    _break(folder, "unknown-link")
    qtbot.waitUntil(lambda: "letzte fehlerfreie" in win.packs.panel.summary.text(),
                    timeout=10_000)
    _settled(qtbot, win)
    shown = _panel_lines(win)
    assert len(shown) == len(set(shown)), f"shown twice: {shown}"
    assert set(shown) == _check_lines(folder)
    assert re.search(r"quiz\.yaml:\d+: „frage-2“ verweist", " ".join(t for _k, t in shown))
    # Fixed again: the review of the new version comes back.
    _rewrite(folder / "quiz.yaml", "tests: [zahl-tippfehler]", "tests: [zahl-handkarten]")
    qtbot.waitUntil(lambda: "letzte fehlerfreie" not in win.packs.panel.summary.text(),
                    timeout=10_000)
    _settled(qtbot, win)
    assert set(_panel_lines(win)) == _check_lines(folder) != set()


# -- 2. the „Neues Spiel angelegt“ banner goes with its game ----------------------------------


def _banner(win) -> str:
    bar = win.notice_bar
    return bar.text.text() if bar.isVisible() else ""


def test_the_new_game_banner_goes_when_that_game_is_removed(qtbot, library,
                                                             _isolated_user_data):
    from app.ui.pack_dialogs import ManagePacksDialog, NewPackDialog
    from tests.ui.test_packs_ui import _button

    win = _open_window(qtbot, library)
    win.actions_by_name["new_pack"].trigger()
    dialog = win.last_dialog
    assert isinstance(dialog, NewPackDialog)
    qtbot.keyClicks(dialog.name, "Mein Testspiel")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert "Neues Spiel angelegt" in _banner(win)

    win.actions_by_name["manage_packs"].trigger()
    manage = win.last_dialog
    assert isinstance(manage, ManagePacksDialog)
    qtbot.mouseClick(manage.remove_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_button(manage.confirmation, "Entfernen"), Qt.MouseButton.LeftButton)
    assert win.game_switcher.findData("mein-testspiel") == -1
    assert "Neues Spiel angelegt" not in _banner(win)
    assert not win.notice_bar.isVisible(), "nothing else was said: the bar is gone"

    # A restart does not bring it back.
    win.close()
    again = _open_window(qtbot, library)
    assert "Neues Spiel angelegt" not in _banner(again)


def test_the_banner_keeps_what_else_it_says(qtbot, library, _isolated_user_data):
    win = _open_window(qtbot, library)
    win.notice_bar.show_notice("Dein Fortschritt wurde gesichert.")
    win.actions_by_name["new_pack"].trigger()
    dialog = win.last_dialog
    qtbot.keyClicks(dialog.name, "Azul")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert "Neues Spiel angelegt" in _banner(win)
    assert "Dein Fortschritt wurde gesichert." in _banner(win)
    shutil.rmtree(_packs(Path(_isolated_user_data)) / "azul")  # removed from outside
    qtbot.waitUntil(lambda: win.game_switcher.findData("azul") == -1, timeout=10_000)
    assert _banner(win) == "Dein Fortschritt wurde gesichert."


# -- 3. a pack made beside the window appears; one removed from outside goes -----------------


def _switcher_ids(win) -> list[str]:
    return [win.game_switcher.itemData(i) for i in range(win.game_switcher.count())]


def test_a_pack_made_by_neu_appears_without_a_restart(qtbot, library, _isolated_user_data):
    data = Path(_isolated_user_data)
    win = _open_window(qtbot, library)
    create_pack(_packs(data), "Azul", reserved_ids())  # the packs folder exists already
    qtbot.waitUntil(lambda: "azul" in _switcher_ids(win), timeout=10_000)
    win.services.progress.store("azul").record("frage-1", Grade.DID_NOT_KNOW, ["vergessen-1"])
    atlantis = win.services.progress.store("atlantis")
    atlantis.record(library.game("atlantis").game.quiz[0].id, Grade.KNEW, [])
    progress_files = {p.name: p.read_bytes() for p in data.glob("fortschritt-*.json")}
    assert set(progress_files) >= {"fortschritt-azul.json", "fortschritt-atlantis.json"}

    # A second process: `regelfrisch --neu` into the same data folder.
    result = subprocess.run([sys.executable, "-m", "app", "--neu", "Carcassonne"],
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert (_packs(data) / "carcassonne" / "game.yaml").is_file()
    qtbot.waitUntil(lambda: "carcassonne" in _switcher_ids(win), timeout=10_000)
    assert win.state.game_id == "atlantis", "the player's place is kept"
    index = win.game_switcher.findData("carcassonne")
    assert win.game_switcher.itemText(index) == "Carcassonne (eigenes)"

    # It opens like any pack.
    win.state.select_game("carcassonne")
    assert next(s.title for s in win.sections()) == "In 30 Sekunden"

    # Removed from outside (the open game too): it goes; every progress file stays.
    shutil.rmtree(_packs(data) / "carcassonne")
    shutil.rmtree(_packs(data) / "azul")
    qtbot.waitUntil(lambda: not {"azul", "carcassonne"} & set(_switcher_ids(win)),
                    timeout=10_000)
    assert win.state.game_id in {"atlantis", "atacama", "survive"}
    for name, data_bytes in progress_files.items():
        assert (data / name).read_bytes() == data_bytes
    assert not win.packs.panel.isVisible()


def test_a_half_written_pack_folder_is_shown_only_once_it_loads(qtbot, library,
                                                                _isolated_user_data):
    # A folder copied in by hand, file by file: first game.yaml alone.
    root = _packs(Path(_isolated_user_data))
    root.mkdir(parents=True)
    win = _open_window(qtbot, library)
    source = create_pack(Path(_isolated_user_data) / "vorlage", "Azul", reserved_ids())
    folder = root / "azul"
    folder.mkdir()
    (folder / "game.yaml").write_bytes((source / "game.yaml").read_bytes())
    # Shown with its problems (as a restart would show it), never as a game half there.
    qtbot.waitUntil(lambda: "azul" in _switcher_ids(win), timeout=10_000)
    assert win.state.library.game("azul") is None
    assert win.game_switcher.itemText(win.game_switcher.findData("azul")) == "azul (fehlerhaft)"
    win.state.select_game("azul")
    assert any("quiz.yaml" in e and "fehlt" in e for e in win.packs.panel.entries())
    win.state.select_game("atlantis")
    # The copy goes on: quiz.yaml appears empty, then is written in place (which changes
    # the file, not the folder).
    (folder / "quiz.yaml").write_bytes(b"")
    watch = win.packs.folder_watch
    qtbot.waitUntil(lambda: str(folder / "quiz.yaml") in watch.watcher.files()
                    and watch.scanning is None and not watch.timer.isActive(),
                    timeout=10_000)
    assert win.state.library.game("azul") is None
    (folder / "quiz.yaml").write_bytes((source / "quiz.yaml").read_bytes())
    qtbot.waitUntil(lambda: win.state.library.game("azul") is not None, timeout=10_000)
    index = win.game_switcher.findData("azul")
    assert win.game_switcher.itemText(index) == "Azul (eigenes)"


# -- 4. „wird geöffnet“ only when something opened ---------------------------------------------


def _desktop_opens(monkeypatch, answer: bool) -> list[str]:
    from PySide6.QtGui import QDesktopServices

    asked: list[str] = []

    def open_url(url):
        asked.append(url.toLocalFile())
        return answer

    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(open_url))
    return asked


@pytest.mark.parametrize("opens", [False, True])
def test_a_problem_that_no_editor_opened_shows_its_path_to_copy(
        qtbot, library, monkeypatch, _isolated_user_data, opens):
    from PySide6.QtGui import QGuiApplication

    folder = create_pack(_packs(Path(_isolated_user_data)), "Azul", reserved_ids())
    _break(folder, "unknown-link")
    asked = _desktop_opens(monkeypatch, opens)
    win = _open_window(qtbot, library, "azul")
    _settled(qtbot, win)
    panel = win.packs.panel
    line = next(i for i, text in enumerate(
        (folder / "quiz.yaml").read_text(encoding="utf-8").splitlines(), 1)
        if "zahl-tippfehler" in text)
    panel.list.setFocus()
    panel.list.setCurrentRow(0)
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    assert asked == [str(folder / "quiz.yaml")]
    note = panel.unopened
    if opens:
        assert f"quiz.yaml wird geöffnet – die Stelle ist Zeile {line}." == panel.summary.text()
        assert not note.isVisible()
        return
    assert "wird geöffnet" not in panel.summary.text()
    assert note.isVisible()
    assert "quiz.yaml ließ sich nicht öffnen" in note.text.text()
    assert f"Zeile {line}" in note.text.text()
    assert note.path.text() == str(folder / "quiz.yaml")
    qtbot.mouseClick(note.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == str(folder / "quiz.yaml")
    assert note.copy_button.text() == "Kopiert ✓"

    # The file buttons too, and the folder.
    qtbot.mouseClick(panel.open_buttons["game.yaml"], Qt.MouseButton.LeftButton)
    assert note.path.text() == str(folder / "game.yaml")
    assert note.copy_button.text() == "Pfad kopieren"
    from tests.ui.test_packs_ui import _button

    qtbot.mouseClick(_button(panel, "Ordner"), Qt.MouseButton.LeftButton)
    assert note.path.text() == str(folder)
    assert "Der Ordner des Spiels ließ sich nicht öffnen" in note.text.text()
    assert asked[-2:] == [str(folder / "game.yaml"), str(folder)]


@pytest.mark.parametrize("opens", [False, True])
def test_manage_says_when_the_folder_did_not_open(qtbot, library, monkeypatch,
                                                  _isolated_user_data, opens):
    folder = create_pack(_packs(Path(_isolated_user_data)), "Azul", reserved_ids())
    asked = _desktop_opens(monkeypatch, opens)
    win = _open_window(qtbot, library)
    win.actions_by_name["manage_packs"].trigger()
    dialog = win.last_dialog
    qtbot.mouseClick(dialog.folder_button, Qt.MouseButton.LeftButton)
    assert asked == [str(folder)]
    assert dialog.unopened.isVisible() is not opens
    if not opens:
        assert dialog.unopened.path.text() == str(folder)
        assert "Der Ordner von „azul“ ließ sich nicht öffnen" in dialog.unopened.text.text()


# -- 5. the import conflict shows what differs in the text -----------------------------------


def test_the_import_conflict_shows_which_pitfall_text_changed(
        qtbot, library, tmp_path, monkeypatch, _isolated_user_data):
    from app.ui.pack_dialogs import ReplacePackDialog
    from tests.ui.test_packs_ui import _archive, _button, _choose_file, _entries_of
    from tests.ui.util import visible_text

    root = _packs(Path(_isolated_user_data))
    installed = create_pack(root, "Azul", reserved_ids(), "Bea")
    edited = create_pack(tmp_path / "bea", "Azul", reserved_ids(), "Bea")
    # Only the text of one pitfall changed; the version number was not raised.
    _rewrite(edited / "game.yaml", "right: Was die Spielregel tatsächlich sagt.",
             "right: Überzählige Fliesen landen im Boden und kosten Punkte.")
    archive = _archive(tmp_path / "azul.regelfrisch", _entries_of(edited, "azul"))
    win = _open_window(qtbot, library, "azul")
    _choose_file(monkeypatch, archive, "getOpenFileName")
    win.actions_by_name["import_pack"].trigger()
    qtbot.waitUntil(lambda: win.packs.importing is None, timeout=10_000)
    dialog = win.last_dialog
    assert isinstance(dialog, ReplacePackDialog)
    shown = visible_text(dialog)
    assert "game.yaml: geändert · quiz.yaml: gleich" in shown
    assert "Leicht vergessen: 1 · Quizfragen: 2" in shown
    assert ("• Leicht vergessen, „Eine Regel, die oft vergessen wird“, „Richtig“: "
            "„Was die Spielregel tatsächlich sagt.“ → „Überzählige Fliesen landen im Boden "
            "und kosten Punkte.“") in shown
    assert shown.count("• ") == 1, "only what changed"
    assert "Beide tragen die Fassungsnummer 1" in shown
    win.grab()  # the dialog is laid out in the window it belongs to
    assert dialog.width() <= 1280
    qtbot.mouseClick(_button(dialog, "Installierte behalten"), Qt.MouseButton.LeftButton)
    assert "tatsächlich" in (installed / "game.yaml").read_text(encoding="utf-8")


def test_the_conflict_says_which_copy_is_newer(tmp_path):
    import os as _os
    from datetime import datetime, timedelta

    from app.model.packs import compare_packs, load_pack

    old = create_pack(tmp_path / "a", "Azul", reserved_ids())
    new = create_pack(tmp_path / "b", "Azul", reserved_ids())
    _rewrite(new / "quiz.yaml", "Die kurze Antwort.", "Eine längere Antwort.")
    # The same version number: the files' dates tell.
    past = (datetime.now() - timedelta(days=2)).timestamp()
    for name in ("game.yaml", "quiz.yaml"):
        _os.utime(old / name, (past, past))
    difference = compare_packs(load_pack(old), load_pack(new),
                               incoming_modified=datetime.now())
    assert difference.newer == "incoming"
    assert "zuletzt geändert wurde die neue Fassung" in difference.newer_text
    assert difference.files == ["game.yaml: gleich", "quiz.yaml: geändert"]
    assert difference.items == ["Quizfragen, „Eine Situation am Tisch: Was gilt jetzt?“, "
                                "Antwort: „Die kurze Antwort.“ → „Eine längere Antwort.“"]
    # A higher version number wins over the dates.
    _rewrite(old / "game.yaml", 'version: "1"', 'version: "1.10"')
    _rewrite(new / "game.yaml", 'version: "1"', 'version: "1.9"')
    difference = compare_packs(load_pack(old), load_pack(new),
                               incoming_modified=datetime.now())
    assert difference.newer == "installed"
    assert difference.newer_text == ("Neuer nach der Fassungsnummer: Die installierte Fassung "
                                     "(1.10 gegenüber 1.9).")


def test_the_very_first_pack_made_beside_the_window_appears(qtbot, library,
                                                            _isolated_user_data):
    # No packs folder yet: `--neu` makes it, and the window still notices.
    from app.model.packs import run_new

    data = Path(_isolated_user_data)
    win = _open_window(qtbot, library)
    assert not _packs(data).exists()
    assert run_new(["Carcassonne"], data, io.StringIO()) == 0
    qtbot.waitUntil(lambda: "carcassonne" in _switcher_ids(win), timeout=10_000)
    assert win.state.game_id == "atlantis"
    assert win.status_text.text() == "Neues eigenes Spiel im Ordner: „carcassonne“."


def test_a_pack_named_like_a_shipped_game_is_refused_by_check_as_by_the_window(
        qtbot, library, _isolated_user_data):
    # Renamed by hand to „atlantis“: the window refuses it (it would run Atlantis's engine
    # checks on the player's text); `--check` used to check it as the shipped game and say
    # „Alles in Ordnung“.
    made = create_pack(_packs(Path(_isolated_user_data)), "Azul", reserved_ids())
    folder = made.with_name("atlantis")
    made.rename(folder)
    win = _open_window(qtbot, library, "atlantis (eigenes)")
    _settled(qtbot, win)
    shown = " ".join(text for _kind, text in _panel_lines(win))
    assert "„atlantis“ ist ein mitgeliefertes Spiel" in shown
    out = io.StringIO()
    assert run_check(folder, out) == 1
    assert f"{folder}: „atlantis“ ist ein mitgeliefertes Spiel" in out.getvalue()
    assert "Alles in Ordnung" not in out.getvalue()
    # The pack folder as a whole says the same.
    whole = io.StringIO()
    assert run_check(folder.parent, whole) == 1
    assert out.getvalue() == whole.getvalue()
