"""The Spiele-Bibliothek through the real window, by keys where a user would use them:
subscribe (folder and smart HTTP), search, preview, install, update side by side, a local edit,
reviews, hostile libraries, a stalled server with the list still usable, cancel, publish."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from app.model.game_library import read_library, sync
from app.model.game_library_git import mirror_path, parse_source
from app.model.packs import load_pack
from app.model.progress import Grade, ProgressStore
from app.ui.application import create_main_window
from app.ui.game_library_dialog import _RUNNING, GameLibraryDialog
from app.ui.game_library_sources import LibrarySources
from app.ui.pack_actions import with_own_packs
from app.ui.pack_dialogs import ReplacePackDialog
from tests.library_repos import (
    GitHttpServer,
    Link,
    StallingServer,
    commit_files,
    library_files,
    pack_files,
    reviews_yaml,
)


def _data() -> Path:
    return Path(os.environ["REGELFRISCH_DATA"])


def _open_window(qtbot, library):
    win = create_main_window(with_own_packs(library), "atlantis")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.content_painted)
    qtbot.wait(1)
    return win


def _open_library(qtbot, win) -> GameLibraryDialog:
    QTest.keyClick(win, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: isinstance(win.last_dialog, GameLibraryDialog)
                    and win.last_dialog.isVisible())
    dialog = win.last_dialog
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    return dialog


def _type_and_enter(widget, text: str) -> None:
    widget.setFocus()
    QTest.keyClicks(widget, text)
    QTest.keyClick(widget, Qt.Key.Key_Return)


def _titles(dialog) -> list[str]:
    return [row.pack.title for row in dialog.model.rows]


def _select(dialog, title: str) -> None:
    row = _titles(dialog).index(title)
    dialog.list.setFocus()
    dialog.list.setCurrentIndex(dialog.model.index(row))


def _press(qtbot, button: QPushButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    button.setFocus()
    QTest.keyClick(button, Qt.Key.Key_Space)


@pytest.fixture
def lib(tmp_path) -> Path:
    repo = tmp_path / "bibliothek"
    commit_files(repo, library_files({"carcassonne": pack_files("Carcassonne"),
                                      "azul": pack_files("Azul", author="Ben")}), "Erste Spiele")
    return repo


def test_subscribe_a_folder_by_keys_browse_search_preview_and_install(qtbot, library, lib):
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    assert "Noch keine Bibliothek abonniert" in dialog.empty.text()
    assert dialog.location.isVisible()
    _type_and_enter(dialog.location, str(lib))
    assert dialog.busy and dialog.busy_widget.isVisible()  # off the UI thread, with progress
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    assert dialog.message.text() == "Abonniert: „Spielerunde“ mit 2 Spielen."
    assert LibrarySources().locations() == [str(lib.resolve())]
    assert _titles(dialog) == ["Azul", "Carcassonne"]

    QTest.keyClicks(dialog.search, "carc")
    assert _titles(dialog) == ["Carcassonne"]
    dialog.list.setFocus()
    QTest.keyClick(dialog.list, Qt.Key.Key_Home)
    assert dialog.detail_title.text() == "Carcassonne"
    assert dialog.detail_check.text() == "✓ Prüfung bestanden"
    assert dialog.detail_review.text() == "nicht geprüft"
    assert "Dein Zug" in dialog.preview.toPlainText()  # the refresher, before installing
    _press(qtbot, dialog.install_button)
    assert "installiert in" in dialog.message.text()
    assert dialog.install_button.text() == "Installiert" and not dialog.install_button.isEnabled()
    assert dialog.model.rows[0].state == "installed"
    # The window knows the new game at once.
    assert win.game_switcher.findData("carcassonne") >= 0
    assert "aus der Bibliothek installiert" in win.status_text.text()


def test_update_with_a_change_is_shown_side_by_side_and_keeps_progress(qtbot, library, lib):
    with GitHttpServer({"bib": lib}) as server:
        url = server.url("bib")
        win = _open_window(qtbot, library)
        dialog = _open_library(qtbot, win)
        _type_and_enter(dialog.location, url)
        qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
        _select(dialog, "Carcassonne")
        _press(qtbot, dialog.install_button)
        ProgressStore.open(_data(), "carcassonne").record("frage-1", Grade.KNEW, [])

        commit_files(lib, library_files({"carcassonne": pack_files("Carcassonne", version="2"),
                                         "azul": pack_files("Azul", author="Ben")}), "Fassung 2")
        dialog.list.setFocus()
        QTest.keyClick(dialog.list, Qt.Key.Key_F5)  # „Aktualisieren“ (clicks after its flash)
        qtbot.waitUntil(lambda: dialog.message.text() == "Neue Fassungen geladen.",
                        timeout=20_000)
    assert dialog.updates_label.text() == "Neue Fassung für: Carcassonne."
    _select(dialog, "Carcassonne")
    assert dialog.install_button.text() == "Neue Fassung installieren …"
    _press(qtbot, dialog.install_button)
    replace = dialog.replace_dialog
    assert isinstance(replace, ReplacePackDialog)
    shown = "\n".join(label.text() for label in replace.findChildren(type(dialog.message)))
    assert "Aus der Bibliothek" in shown and "Installiert" in shown
    assert "Fassung: 1" in shown and "Fassung: 2" in shown
    assert "neue Fassung von „Carcassonne“" in shown
    next(b for b in replace.findChildren(QPushButton) if b.text() == "Ersetzen").click()
    qtbot.waitUntil(lambda: dialog.model.rows and _state(dialog, "Carcassonne") == "installed")
    assert load_pack(_data() / "spiele" / "carcassonne").game.content.meta.version == "2"
    assert ProgressStore.open(_data(), "carcassonne").seen("frage-1")
    assert dialog.updates_label.text() == ""


def _state(dialog, title: str) -> str:
    return next(r.state for r in dialog.model.all_rows if r.pack.title == title)


def test_a_local_edit_is_never_overwritten_without_asking(qtbot, library, lib):
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    _type_and_enter(dialog.location, str(lib))
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    _select(dialog, "Azul")
    _press(qtbot, dialog.install_button)
    game = _data() / "spiele" / "azul" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "# meine Notiz\n", encoding="utf-8")
    commit_files(lib, library_files({"azul": pack_files("Azul", author="Ben", version="2")}),
                 "Azul 2")
    dialog.refresh()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    assert _state(dialog, "Azul") == "edited"
    _select(dialog, "Azul")
    _press(qtbot, dialog.install_button)
    replace = dialog.replace_dialog
    text = "\n".join(label.text() for label in replace.findChildren(type(dialog.message)))
    assert "Du hast „Azul“ nach der Installation geändert" in text
    # The safe choice is the default: Enter keeps the local version.
    QTest.keyClick(replace, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not replace.isVisible())
    assert "meine Notiz" in game.read_text(encoding="utf-8")


def test_reviews_shown_while_the_hash_matches_and_expired_after_a_change(qtbot, library, lib):
    source = parse_source(str(lib))
    sync(source, _data())
    fingerprint = next(p for p in read_library(source, _data()).packs
                       if p.pack_id == "azul").fingerprint
    review = reviews_yaml({"pack": "azul", "hash": fingerprint, "reviewer": "Ben",
                           "date": "2024-05-01", "verdict": '"geprüft gegen die Regel S. 2"'})
    packs = {"azul": pack_files("Azul", author="Ben")}
    commit_files(lib, library_files(packs, extra={"pruefungen.yaml": review}), "Geprüft")
    LibrarySources().set_locations([source.location])
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    dialog.refresh()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    _select(dialog, "Azul")
    assert dialog.detail_review.text() == ("✓ geprüft von Ben am 01.05.2024\n"
                                           "„geprüft gegen die Regel S. 2“")
    assert "geprüft von Ben am 01.05.2024" in dialog.model.data(
        dialog.list.currentIndex(), Qt.ItemDataRole.AccessibleTextRole)
    packs = {"azul": pack_files("Azul", author="Ben", version="2")}
    commit_files(lib, library_files(packs, extra={"pruefungen.yaml": review}), "Geändert")
    dialog.refresh()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    _select(dialog, "Azul")
    assert dialog.detail_review.text() == ("! geändert seit der Prüfung (geprüft von Ben am "
                                           "01.05.2024)")


def test_a_hostile_library_is_listed_harmlessly(qtbot, library, tmp_path):
    repo = tmp_path / "feindlich"
    packs = {"gut": pack_files("Gut"), "atlantis": pack_files("Atlantis"),
             "boese": pack_files("Böse", summary="<img src=x> [Link](https://example.org)"),
             "verlinkt": {**pack_files("Verlinkt"), "quiz.yaml": Link("/etc/passwd")}}
    commit_files(repo, library_files(packs, extra={"raus.txt": b"x", "link": Link("/")}),
                 "Feindlich")
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    _type_and_enter(dialog.location, str(repo))
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    assert dialog.notices_button.text() == "Übersprungen (2) …"
    _press(qtbot, dialog.notices_button)
    notices = dialog.notices_box.text()
    assert "raus.txt: Datei außerhalb eines Spielordners" in notices
    assert "link: Verknüpfungen (Symlinks) werden übersprungen" in notices
    dialog.notices_box.close()
    for title, reason in (("atlantis", "mitgeliefertes Spiel"), ("boese", "HTML"),
                          ("verlinkt", "Verknüpfungen")):
        _select(dialog, title)
        assert not dialog.install_button.isEnabled()
        assert dialog.problems.isVisible() and not dialog.preview.isVisible()
        items = [dialog.problems.item(i).text() for i in range(dialog.problems.count())]
        assert any(reason in item for item in items), items
        assert dialog.detail_check.text() == (
            f"✗ {len(items)} Problem{'e' if len(items) > 1 else ''} – so lässt es sich nicht "
            "installieren.")
    assert not (_data() / "spiele").exists()


def test_a_stalled_server_never_freezes_the_list_and_can_be_cancelled(qtbot, library, lib):
    LibrarySources().set_locations([str(lib.resolve())])
    sync(parse_source(str(lib)), _data())
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    assert _titles(dialog) == ["Azul", "Carcassonne"]
    dialog.timeout = 2.0
    with StallingServer() as server:
        url = server.url
        dialog.show_add()
        _type_and_enter(dialog.location, server.url)
        assert dialog.busy
        # While it waits: the window answers, and the list filters as the user types.
        started = time.monotonic()
        QTest.keyClicks(dialog.search, "azu")
        assert _titles(dialog) == ["Azul"]
        assert time.monotonic() - started < 1.0
        qtbot.waitUntil(lambda: not dialog.busy, timeout=15_000)
        assert dialog.last_error.startswith("127.0.0.1:")
        assert "antwortet nicht (nach 2 Sekunden abgebrochen)" in dialog.last_error
        assert LibrarySources().locations() == [str(lib.resolve())]  # not remembered

        dialog.timeout = 30.0
        dialog.location.setText(server.url)
        before = len(server.accepted)
        dialog.subscribe()
        qtbot.waitUntil(lambda: len(server.accepted) > before)
        _press(qtbot, dialog.cancel_button)
        # At once, not after the 30 s the read could still wait.
        assert not dialog.busy
        assert dialog.message.text() == "Abgebrochen. Es wurde nichts verändert."
        assert dialog.add_button.isEnabled() and dialog.refresh_button.isEnabled()
    # The server gone, the abandoned read ends; it changed nothing.
    qtbot.waitUntil(lambda: not _RUNNING, timeout=40_000)
    assert not mirror_path(_data(), parse_source(url)).exists()
    assert LibrarySources().locations() == [str(lib.resolve())]


def test_quitting_during_a_fetch_does_not_wait_and_keeps_the_cache(qtbot, library, lib):
    import json

    from app.model.game_library import CHECKS_FILE
    from app.ui import game_library_actions

    source = parse_source(str(lib))
    LibrarySources().set_locations([str(lib.resolve())])
    sync(source, _data())
    before = [(p.pack_id, p.tree, p.fingerprint) for p in read_library(source, _data()).packs]
    win = _open_window(qtbot, library)
    dialog = _open_library(qtbot, win)
    dialog.timeout = 30.0
    with StallingServer() as server:
        url = server.url
        dialog.show_add()
        _type_and_enter(dialog.location, url)
        qtbot.waitUntil(lambda: len(server.accepted) > 0)
        job = dialog.job
        assert job is not None and job.is_running()
        # Quit as the app does: its windows close and the jobs are told to stop.
        dialog.close()
        win.close()
        game_library_actions._stop_jobs()
        assert not win.isVisible() and not dialog.isVisible()
        # Nothing waited for the read, which could go on for its 30 s.
        assert job.is_running() and job.cancel.is_set()
    # The server gone, the abandoned read ends without a word and without a trace.
    assert job.wait(40)
    assert not _RUNNING
    assert not mirror_path(_data(), parse_source(url)).exists()
    assert not [p for p in mirror_path(_data(), source).parent.iterdir()
                if p.name.startswith(".neu-")]
    # The library that was there is untouched and reads as before.
    assert [(p.pack_id, p.tree, p.fingerprint)
            for p in read_library(source, _data()).packs] == before
    json.loads((mirror_path(_data(), source) / CHECKS_FILE).read_text(encoding="utf-8"))
    assert LibrarySources().locations() == [str(lib.resolve())]


def test_the_app_ends_at_once_while_a_fetch_still_waits(tmp_path):
    # A whole process, as a player quits: a QThread still running at exit would abort it,
    # waiting for it would take the read's two minutes.
    import subprocess
    import sys

    from tests.conftest import REPO

    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.model.game_library_git import parse_source\n"
        "from app.ui import game_library_actions, game_library_dialog as d\n"
        "app = QApplication([])\n"
        "job = d.LibraryJob(Path(sys.argv[1]), [parse_source(sys.argv[2])], True,"
        " timeout=120.0)\n"
        "job.start()\n"
        "while not Path(sys.argv[3]).exists(): time.sleep(0.05)\n"
        "game_library_actions._stop_jobs()\n"
        "print('laeuft noch' if job.is_running() else 'beendet', flush=True)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    with StallingServer() as server:
        ready = tmp_path / "verbunden"
        process = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "daten"),
                                    server.url, str(ready)], cwd=REPO, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while not server.accepted and process.poll() is None:
            time.sleep(0.05)
        ready.touch()
        # Generous: only a process that waited for the read (120 s) would reach it.
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert out.strip() == "laeuft noch"
    assert "QThread" not in err and "Traceback" not in err


def test_publish_the_open_own_pack_into_a_local_clone(qtbot, library, tmp_path):
    from dulwich.repo import Repo

    from app.model.game_library import create_library
    from app.model.packs import create_pack, reserved_ids

    clone = create_library(tmp_path / "kopie")
    create_pack(_data() / "spiele", "Flügelschlag", reserved_ids(), author="Clara")
    win = _open_window(qtbot, library)
    win.state.select_game("fluegelschlag")
    action = win.actions_by_name["publish_pack"]
    assert action.isEnabled() and action.text() == "In Bibliothek übernehmen …"
    win._library.publish_current(str(clone))
    assert "in die Bibliothek übernommen (Commit" in win.status_text.text()
    repo = Repo(str(clone))
    assert repo[repo.head()].author == b"Clara <>"
    repo.close()
    win._library.publish_current(str(clone))
    assert "Nichts zu übernehmen" in win.notice_bar.text.text()
    win.state.select_game("atlantis")
    assert not action.isEnabled()


@pytest.mark.parametrize("size, font_pt, theme", [((800, 600), 11.0, "hell"),
                                                  ((800, 600), 14.0, "dunkel"),
                                                  ((1280, 800), 11.0, "dunkel"),
                                                  ((1280, 800), 16.0, "hell")])
def test_the_dialog_fits_small_windows_and_larger_text(qtbot, library, lib, size, font_pt,
                                                         theme):
    LibrarySources().set_locations([str(lib.resolve())])
    sync(parse_source(str(lib)), _data())
    win = _open_window(qtbot, library)
    win.theme.set_mode(theme)
    win.theme.set_font_pt(font_pt)
    win.resize(*size)
    dialog = _open_library(qtbot, win)
    dialog.resize(min(dialog.width(), size[0] - 40), min(dialog.height(), size[1] - 60))
    _select(dialog, "Carcassonne")
    qtbot.wait(20)
    QApplication.processEvents()
    assert dialog.width() <= size[0] and dialog.height() <= size[1]
    for button in dialog.findChildren(QPushButton):
        if button.isVisible():
            # Every verb readable: no button squeezed below its text.
            assert button.width() >= button.sizeHint().width(), button.text()
    assert dialog.preview.height() >= 3 * dialog.fontMetrics().height()
    assert dialog.list.horizontalScrollBar().isHidden() or \
        not dialog.list.horizontalScrollBar().isVisible()
