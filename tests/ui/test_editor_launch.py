"""A pack problem opens in the player's editor at its line (app/ui/editor_launch.py)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.model.library import Problem
from app.ui import editor_launch
from app.ui.editor_launch import editor_command
from app.ui.problems_panel import ProblemsPanel


def test_the_examples_in_the_module_hold():
    assert doctest.testmod(editor_launch).failed == 0


@pytest.mark.parametrize(("env", "expected"), [
    ({"REGELFRISCH_EDITOR": "kate -l {zeile} {datei}"}, ["kate", "-l", "7", "/a b/q.yaml"]),
    ({"REGELFRISCH_EDITOR": "meineditor"}, ["meineditor", "/a b/q.yaml"]),
    ({"VISUAL": "code", "EDITOR": "vim"}, ["code", "-g", "/a b/q.yaml:7"]),
    ({"VISUAL": "vim", "EDITOR": "gedit"}, ["gedit", "+7", "/a b/q.yaml"]),
    ({"EDITOR": "nano"}, None),
    ({"REGELFRISCH_EDITOR": "code -g '{datei}:{zeile}"}, None),  # unbalanced quote
    ({}, None),
])
def test_the_editor_command_keeps_a_path_with_spaces_one_argument(env, expected):
    assert editor_command(Path("/a b/q.yaml"), 7, env) == expected


def test_enter_on_a_problem_opens_the_file_at_its_line(qtbot, tmp_path, monkeypatch):
    # A stand-in editor that writes down how it was called.
    called = tmp_path / "aufruf.txt"
    editor = tmp_path / "editor.py"
    # Written aside and renamed, so the test never reads a half-written file.
    editor.write_text("import sys, pathlib\n"
                      f"target = pathlib.Path({str(called)!r})\n"
                      "aside = target.with_suffix('.neu')\n"
                      "aside.write_text('\\n'.join(sys.argv[1:]))\n"
                      "aside.replace(target)\n",
                      encoding="utf-8")
    monkeypatch.setenv("REGELFRISCH_EDITOR",
                       f"{sys.executable} {editor} --zeile {{zeile}} {{datei}}")
    folder = tmp_path / "mein spiel"
    folder.mkdir()
    quiz = folder / "quiz.yaml"
    quiz.write_text("fragen: []\n", encoding="utf-8")
    panel = ProblemsPanel()
    qtbot.addWidget(panel)
    panel.show_problems(folder, [Problem(quiz, 12, "„frage-2“ verweist auf nichts.")], [],
                        stale=True)
    panel.show()
    panel.list.setFocus()
    panel.list.setCurrentRow(0)
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    qtbot.waitUntil(called.exists, timeout=10000)
    assert called.read_text(encoding="utf-8").splitlines() == ["--zeile", "12", str(quiz)]
    assert "Zeile" not in panel.summary.text(), "the editor went there itself"
