"""`regelfrisch --check` and `--screenshot` from the command line, as a user runs them."""

from __future__ import annotations

import io
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app.__main__ import main
from app.model.check import run_check
from tests.conftest import FIXTURES, REPO


def test_check_shipped_content_passes(capsys):
    assert main(["--check"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("Alles in Ordnung") and "Atlantis" in out[-1]
    # Shipped games get no hint, only their quiz coverage line each.
    assert [line.split(":")[0] for line in out[:-1]] == [
        "Quiz-Abdeckung atlantis", "Quiz-Abdeckung atacama", "Quiz-Abdeckung survive"]


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
    assert bad.returncode == 2 and "gibt es nicht" in bad.stderr


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


# -- a wrong command line: German, exit 2, no traceback --------------------------------------------


@pytest.mark.parametrize("args,message", [
    (["--pdf", ""], "--pdf braucht einen Dateinamen"),
    (["--screenshot", ""], "--screenshot braucht einen Ordner"),
    (["--pdf", "x.pdf", "--game", "schach"], "Das Spiel „schach“ gibt es nicht"),
    (["--screenshot", "bilder", "--game", "schach"], "Verfügbar: atacama, atlantis, survive"),
    (["--content", "/gibt/es/nicht"], "Den Inhaltsordner „/gibt/es/nicht“ gibt es nicht"),
    (["--pdf"], "braucht einen Wert"),
    (["--quatsch"], "unbekannte Angaben: --quatsch"),
], ids=["pdf-empty", "screenshot-empty", "unknown-game", "unknown-game-lists-games",
        "content-missing", "pdf-without-value", "unknown-option"])
def test_wrong_command_line_is_a_german_error_with_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("regelfrisch: Fehler: ") and message in err


def _many_problems_pack(root):
    game = root / "viel"
    shutil.copytree(FIXTURES / "minigame", game)
    text = (game / "game.yaml").read_text("utf-8")
    lines = "\n".join(f"  Zeile {i} <b>fett</b>" for i in range(3000))
    (game / "game.yaml").write_text(
        text.replace("summary: Ein kleines Spiel zum Testen des Laders.", f"summary: |\n{lines}"),
        "utf-8")
    return root


def test_check_into_a_pipe_that_closes_early_prints_no_traceback(tmp_path):
    pack = _many_problems_pack(tmp_path / "packs")
    result = subprocess.run(f'"{sys.executable}" -m app --check "{pack}" | head -1', shell=True,
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.stdout.count("\n") == 1 and "game.yaml:10: HTML" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_that_is_not_utf8_gets_no_traceback(tmp_path, encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "C", "LC_ALL": "C"}
    pack = _many_problems_pack(tmp_path / "packs")
    runs = {
        "ok": ([sys.executable, "-m", "app", "--check"], 0),
        "problems": ([sys.executable, "-m", "app", "--check", str(pack)], 1),
        "usage": ([sys.executable, "-m", "app", "--game", "schach"], 2),
    }
    for name, (command, code) in runs.items():
        result = subprocess.run(command, cwd=REPO, env=env, capture_output=True, timeout=120)
        assert result.returncode == code, (name, result.stderr)
        assert b"Traceback" not in result.stderr, name
        result.stdout.decode(encoding)  # what reached the terminal is in its encoding


# -- saving never reports success on failure -------------------------------------------------------


def _pdf(args, env_extra=None):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env_extra or {})}
    return subprocess.run([sys.executable, "-m", "app", "--pdf", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_pdf_into_a_device_fails_in_german_and_leaves_it_alone():
    full = _pdf(["/dev/full", "--game", "atlantis"])
    assert full.returncode == 1 and "keine gewöhnliche Datei" in full.stderr
    assert "gespeichert:" not in full.stdout and "Traceback" not in full.stderr
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode), "the device stays a device"


@pytest.mark.parametrize("where,message", [
    # /proc takes no new files, not even from root: a folder nobody can write into.
    ("read-only", "wurde nicht gespeichert (nicht gefunden)"),
    ("under-a-file", "ist kein Ordner"),
    ("missing-folder", "existiert nicht"),
])
def test_pdf_into_an_unwritable_place_fails_in_german(qapp, tmp_path, where, message):
    from pathlib import Path

    from app.model.loader import load_library
    from app.ui.print_sheet import export_pdf

    a_file = tmp_path / "notiz.txt"
    a_file.write_text("x", "utf-8")
    path = {"read-only": Path("/proc/regelfrisch-spickzettel.pdf"),
            "under-a-file": a_file / "blatt.pdf",
            "missing-folder": tmp_path / "fehlt" / "blatt.pdf"}[where]
    out, err = io.StringIO(), io.StringIO()
    assert export_pdf(load_library(FIXTURES), None, path, out=out, err=err) == 1
    assert message in err.getvalue() and out.getvalue() == ""
    assert a_file.read_text("utf-8") == "x"


@pytest.mark.parametrize("code,german", [(28, "kein Platz mehr auf dem Datenträger"),
                                          (30, "der Datenträger ist schreibgeschützt")])
def test_a_failed_pdf_write_keeps_the_earlier_file_and_says_so(qapp, tmp_path, monkeypatch,
                                                               code, german):
    from app.model import safe_files
    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.ui.print_sheet import export_pdf

    library = load_library(content_root())
    path = tmp_path / "blatt.pdf"
    assert export_pdf(library, "atacama", path, out=io.StringIO()) == 0
    earlier = path.read_bytes()

    def full_disk(_fd):  # where a full disk or a read-only remount shows itself
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(safe_files.os, "fsync", full_disk)
    out, err = io.StringIO(), io.StringIO()
    assert export_pdf(library, "atlantis", path, out=out, err=err) == 1
    assert f"wurde nicht gespeichert ({german}); eine frühere Datei bleibt unverändert" \
        in err.getvalue() and out.getvalue() == ""
    assert os.strerror(code) not in err.getvalue() and "Errno" not in err.getvalue()
    assert path.read_bytes() == earlier
    assert [p.name for p in tmp_path.iterdir()] == ["blatt.pdf"], "no temp file left"


def test_screenshots_into_a_file_fail_in_german(tmp_path):
    a_file = tmp_path / "bilder"
    a_file.write_text("kein Ordner", "utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-m", "app", "--screenshot", str(a_file),
                             "--content", str(FIXTURES)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "ist eine Datei, kein Ordner" in result.stderr
    assert "Traceback" not in result.stderr and "gespeichert" not in result.stdout
    assert a_file.read_text("utf-8") == "kein Ordner"


@pytest.mark.parametrize("where", ["under-a-file", "read-only", "write-fails"])
def test_screenshots_that_cannot_be_written_raise_a_german_error(qtbot, tmp_path, monkeypatch,
                                                                 where):
    from app.model import safe_files
    from app.model.loader import load_library
    from app.model.safe_files import german_os_error
    from app.ui.application import create_main_window, make_application, save_screenshots

    make_application()
    window = create_main_window(load_library(FIXTURES), remember=False)
    qtbot.addWidget(window)
    folder = tmp_path / "png"
    if where == "under-a-file":
        (tmp_path / "datei").write_text("x", "utf-8")
        folder = tmp_path / "datei" / "png"
    elif where == "read-only":
        folder = __import__("pathlib").Path("/proc/regelfrisch-bilder")
    else:
        def full_disk(_fd):
            raise OSError(28, os.strerror(28))

        monkeypatch.setattr(safe_files.os, "fsync", full_disk)
    with pytest.raises(OSError) as failure:
        save_screenshots(window, folder)
    said = german_os_error(failure.value)
    assert said.startswith(("Der Ordner", "„")) and "Errno" not in said
    if where == "write-fails":
        assert said.endswith("ließ sich nicht schreiben (kein Platz mehr auf dem Datenträger)")
    if where == "write-fails":
        assert list(folder.iterdir()) == [], "no half-written PNG"


def test_pdf_tells_on_stderr_when_it_keeps_a_progress_file_aside(tmp_path):
    from app.ui.progress_model import ProgressModel

    data = tmp_path / "data"
    data.mkdir()
    (data / "fortschritt-atlantis.json").write_text('{"schema": 1, "cards": [', "utf-8")
    result = _pdf([str(tmp_path / "blatt.pdf"), "--game", "atlantis"],
                  {"REGELFRISCH_DATA": str(data)})
    assert result.returncode == 0, result.stderr
    assert "unlesbar" in result.stderr and ".kaputt-" in result.stderr
    assert list(data.glob("fortschritt-atlantis.json.kaputt-*"))
    # The next window start tells the user too.
    told = []
    model = ProgressModel(data)
    model.noticeRaised.connect(told.append)
    model.store("atlantis")
    assert len(told) == 1 and "unlesbar" in told[0]


def test_help_is_german(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: regelfrisch") and "\nOptionen:\n" in out
    assert "usage" not in out and "options" not in out and "show this help" not in out


@pytest.mark.parametrize("where,german", [
    ("full-disk", "kein Platz mehr auf dem Datenträger"),
    # /proc takes no new files, not even from root.
    ("read-only", "nicht gefunden"),
])
def test_anki_that_cannot_be_saved_says_why_in_german(tmp_path, capsys, monkeypatch, where,
                                                      german):
    import genanki

    out = tmp_path / "atlantis.apkg"
    if where == "full-disk":
        def full_disk(*_args, **_kwargs):
            raise OSError(28, os.strerror(28))

        monkeypatch.setattr(genanki.Package, "write_to_file", full_disk)
    else:
        out = Path("/proc/regelfrisch-atlantis.apkg")
    assert main(["--anki", str(out), "--game", "atlantis"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"Anki-Stapel nicht gespeichert: {out} ({german})."
    assert list(tmp_path.iterdir()) == []
