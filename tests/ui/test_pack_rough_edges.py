"""Issue #27 point 9, own games: the smaller rough edges a new player met, each through the
real window – the problem list says what ``--check`` says, the „Neues Spiel angelegt“ banner
goes with its game, a pack made by ``--neu`` beside the window appears (and one removed from
outside goes), an editor that did not open is said so, and the import conflict shows what
differs in the text."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from app.model.check import run_check
from app.model.packs import create_pack, reserved_ids
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
