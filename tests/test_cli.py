"""`regelfrisch --check` and `--screenshot` from the command line, as a user runs them."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys

from app.__main__ import main
from app.model.check import run_check
from tests.conftest import FIXTURES, REPO


def test_check_shipped_content_passes(capsys):
    assert main(["--check"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("Alles in Ordnung")
    assert "Atlantis" in out[0]


def test_check_reports_file_line_message_and_exit_1(tmp_path):
    game = tmp_path / "minigame"
    shutil.copytree(FIXTURES / "minigame", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("booklet_pages: 4", "booklet_pages: x"),
                                    encoding="utf-8")
    out = io.StringIO()
    assert run_check(tmp_path, out) == 1
    first = out.getvalue().splitlines()[0]
    assert first.startswith(f"{game / 'game.yaml'}:7: ")
    assert "ganze Zahl" in first


def test_check_single_game_folder(capsys):
    assert main(["--check", str(FIXTURES / "minigame")]) == 0
    assert "1 Spiel (Minispiel)" in capsys.readouterr().out


def test_check_empty_folder_fails(tmp_path, capsys):
    assert main(["--check", str(tmp_path)]) == 1
    assert "keine Spielordner" in capsys.readouterr().out


def test_screenshot_writes_one_png_per_section(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "app", "--screenshot", str(tmp_path), "--content", str(FIXTURES)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["minigame-01-summary.png", "minigame-02-turn.png", "minigame-03-numbers.png",
                    "minigame-04-pitfalls.png", "minigame-05-quiz.png", "minigame-06-source.png"]
    assert all((tmp_path / p).read_bytes()[:4] == b"\x89PNG" for p in pngs)


def test_pdf_from_the_command_line(tmp_path):
    from pypdf import PdfReader

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = tmp_path / "atlantis.pdf"
    result = subprocess.run([sys.executable, "-m", "app", "--pdf", str(out), "--game", "atlantis"],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "1 Seite" in result.stdout
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Karten kaufen" in text
    bad = subprocess.run([sys.executable, "-m", "app", "--pdf", str(out), "--game", "schach"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "gibt es nicht" in bad.stdout


def test_screenshots_leave_the_users_settings_alone(tmp_path):
    from PySide6.QtCore import QSettings

    data = tmp_path / "data"
    data.mkdir()
    ini = QSettings(str(data / "einstellungen.ini"), QSettings.Format.IniFormat)
    ini.setValue("last_game", "atacama")
    ini.setValue("last_section", "numbers")
    ini.setValue("theme", "dunkel")
    ini.sync()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_DATA": str(data)}
    result = subprocess.run([sys.executable, "-m", "app", "--screenshot", str(tmp_path / "png"),
                             "--content", str(FIXTURES)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    after = QSettings(str(data / "einstellungen.ini"), QSettings.Format.IniFormat)
    assert after.value("last_game") == "atacama"
    assert after.value("last_section") == "numbers"
    assert after.value("theme") == "dunkel"
