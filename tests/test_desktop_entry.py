"""`regelfrisch --install-desktop`: a menu entry and icon in the user's folders, and its undo."""

from __future__ import annotations

import configparser
import os
import shlex
import subprocess

from app.__main__ import main
from app.model.paths import resources_root
from app.ui.desktop_entry import MARKER, desktop_files, entry_text


def test_install_writes_a_valid_entry_that_starts_this_installation(tmp_path, monkeypatch,
                                                                    capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert main(["--install-desktop"]) == 0
    files = desktop_files()
    assert files.entry == tmp_path / "share" / "applications" / "regelfrisch.desktop"
    assert "Anwendungsmenü" in capsys.readouterr().out
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(files.entry.read_text(encoding="utf-8"))
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Regelfrisch"
    assert entry["Icon"] == "regelfrisch"
    assert files.icon.read_bytes() == (resources_root() / "app-icon.svg").read_bytes()
    command = shlex.split(entry["Exec"])
    assert os.path.isabs(command[0]) and os.path.exists(command[0])
    # The command really starts this installation: ask it for its help text.
    out = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0 and "--install-desktop" in out.stdout


def test_uninstall_removes_only_what_install_wrote(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert main(["--install-desktop"]) == 0
    files = desktop_files()
    assert main(["--uninstall-desktop"]) == 0
    assert not files.entry.exists() and not files.icon.exists()
    # Somebody else's file of the same name stays.
    files.entry.write_text("[Desktop Entry]\nName=Fremd\n", encoding="utf-8")
    assert main(["--uninstall-desktop"]) == 0
    assert files.entry.read_text(encoding="utf-8").endswith("Fremd\n")


def test_install_into_an_unwritable_place_says_so_in_german(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "share"
    blocker.write_text("keine Ordner hier", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["--install-desktop"]) == 1
    assert capsys.readouterr().err.startswith(
        "Menüeintrag: ein Teil des Pfads ist eine Datei, kein Ordner")


def test_exec_quotes_paths_with_spaces_and_percent():
    text = entry_text(["/opt/Regel frisch/bin/regelfrisch", "100%"])
    exec_line = next(line for line in text.splitlines() if line.startswith("Exec="))
    assert exec_line == 'Exec="/opt/Regel frisch/bin/regelfrisch" 100%%'
    assert MARKER in text


def test_the_window_names_its_desktop_file(qapp):
    from PySide6.QtGui import QGuiApplication

    from app.ui.application import make_application

    make_application()
    assert QGuiApplication.desktopFileName() == "regelfrisch"
