"""A slow import through the real window (issue #30): the archive is checked beside the window,
which keeps answering; a progress dialog says what is going on, and Abbrechen installs nothing.
Switching to a pack with a huge glossary never waits for its review."""

from __future__ import annotations

import tempfile
import threading
import time
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog

from app.model.packs import export_pack, load_pack
from app.ui.application import create_main_window
from app.ui.pack_actions import IMPORT_DIALOG_DELAY_MS, with_own_packs
from app.ui.pack_dialogs import ImportProgressDialog
from tests.bench.bench_pack_switch import make_glossary_pack, make_largest_pack
from tests.ui.util import visible_text

# A glossary near the file limit: checking it takes a good part of a second, or more.
SLOW_WORDS = 11_000


@pytest.fixture(scope="module")
def slow_archive(tmp_path_factory) -> Path:
    """The largest archive a pack can be: the import's worst case."""
    base = tmp_path_factory.mktemp("langsam")
    folder = make_largest_pack(base / "quelle")
    return export_pack(load_pack(folder), base / f"{folder.name}.regelfrisch")


def _window(qtbot, library, data: Path | None = None):
    win = create_main_window(with_own_packs(library, data), "atlantis")
    qtbot.addWidget(win)
    win.show()
    # As a player meets it a moment after the start: what follows the first frame (menus,
    # the text-size style, the screen-reader interfaces) is done. Its first-time costs in a
    # fresh process are the start's, measured there (tests/bench), not the import's.
    qtbot.waitUntil(lambda: win.ready)
    qtbot.wait(1)
    return win


def _heartbeat():
    """Timestamps of a 10 ms timer: the gaps between them are how long the window froze."""
    beats: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: beats.append(time.perf_counter()))
    timer.start()
    return timer, beats


def _longest_gap(beats: list[float]) -> float:
    return max((b - a for a, b in pairwise(beats)), default=0.0)


def _choose(monkeypatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))


def test_a_slow_import_keeps_the_window_answering_and_shows_its_progress(
        qtbot, library, monkeypatch, slow_archive, _isolated_user_data, tmp_path):
    win = _window(qtbot, library)
    _choose(monkeypatch, slow_archive)
    timer, beats = _heartbeat()
    started = time.perf_counter()
    win.actions_by_name["import_pack"].trigger()
    # The menu action returns at once: the work goes on beside the window.
    assert time.perf_counter() - started < 0.25
    run = win.packs.importing
    assert run is not None
    checked: list[float] = []
    run.job.done.connect(lambda *_: checked.append(time.perf_counter()))
    qtbot.waitUntil(lambda: run.dialog.isVisible() or win.packs.importing is None,
                    timeout=10_000)
    shown = run.dialog.isVisible()
    if shown:
        assert isinstance(run.dialog, ImportProgressDialog)
        assert run.dialog.labelText().startswith(f"Prüfe „{slow_archive.name}“")
        assert run.dialog.cancel_button.text() == "Abbrechen"
        run.dialog.grab().save(str(tmp_path / "fortschritt.png"))
    qtbot.waitUntil(lambda: win.state.game_id == "groesstes-spiel", timeout=30_000)
    spent = time.perf_counter() - started
    timer.stop()
    # A slow check always shows the dialog: one still running when its timer fires (what
    # follows the check, installing and opening the game, is no part of that question; with
    # a tenth of a second for the timer to reach the event loop on a busy machine).
    check_took = checked[0] - started
    assert shown or check_took < IMPORT_DIALOG_DELAY_MS / 1000 + 0.1, (check_took, spent)
    assert "importiert" in win.status_text.text()
    # The window answered all along. The whole check ran on the window's thread before: one
    # freeze as long as the import, no beat in between. What is left is libyaml composing one
    # file (at most 128 KiB) without letting go of the interpreter: a fraction of the import
    # (0.55 of 3.1 s measured at a load of 12 on two cores).
    assert len(beats) > 5
    assert _longest_gap(beats) < max(0.3, 0.5 * spent), (_longest_gap(beats), spent)


def test_cancel_installs_nothing_and_leaves_no_trace(qtbot, library, monkeypatch, slow_archive,
                                                     _isolated_user_data):
    import app.model.packs

    # However fast this machine is, the check is still running when the player cancels.
    real_review = app.model.packs.review_game

    def slow_review(*args):
        time.sleep(1.5)
        return real_review(*args)

    monkeypatch.setattr(app.model.packs, "review_game", slow_review)
    scratch = Path(tempfile.mkdtemp(prefix="abbruch-"))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    win = _window(qtbot, library)
    _choose(monkeypatch, slow_archive)
    win.actions_by_name["import_pack"].trigger()
    run = win.packs.importing
    # Cancelled as a player does it: the dialog's button, or Escape.
    run.show_progress()
    qtbot.waitUntil(run.dialog.isVisible)
    qtbot.mouseClick(run.dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert win.packs.importing is None
    assert not run.dialog.isVisible()
    assert "abgebrochen – nichts installiert" in win.status_text.text()
    assert run.job.wait(20)
    qtbot.waitUntil(lambda: not run.job.running, timeout=5000)
    QApplication.processEvents()
    assert win.state.library.game("groesstes-spiel") is None
    assert not (Path(_isolated_user_data) / "spiele" / "groesstes-spiel").exists()
    assert list(scratch.iterdir()) == []
    shown = getattr(win, "last_dialog", None)
    assert shown is None or "nicht importiert" not in visible_text(shown)


def test_switching_to_a_pack_with_a_huge_glossary_never_waits_for_its_review(
        qtbot, library, monkeypatch, _isolated_user_data):
    import app.model.quality

    reviews = []
    real_review = app.model.quality.review_game

    def counted(*args):
        reviews.append(threading.current_thread() is threading.main_thread())
        return real_review(*args)

    monkeypatch.setattr(app.model.quality, "review_game", counted)
    data = Path(_isolated_user_data)
    make_glossary_pack(data / "spiele", SLOW_WORDS, "riesen-glossar")
    win = _window(qtbot, library, data)
    started = time.perf_counter()
    win.state.select_game("riesen-glossar")
    QApplication.processEvents()
    assert time.perf_counter() - started < 1.0  # was 8 s for 25,000 words; target 150 ms
    panel = win.packs.panel
    assert panel.isVisible()
    qtbot.waitUntil(lambda: "Alles in Ordnung" in panel.summary.text()
                    or "Hinweis" in panel.summary.text(), timeout=20_000)
    # Back and forth again: the review of this version is kept, the panel is whole at once.
    for _ in range(3):
        win.state.select_game("atlantis")
        win.state.select_game("riesen-glossar")
        assert "geprüft" not in panel.summary.text()
    assert reviews == [False]  # one review, and not on the window's thread


def test_an_imported_pack_shows_the_checks_review_without_reviewing_it_again(
        qtbot, library, monkeypatch, slow_archive, _isolated_user_data):
    # The import's check reviewed these very bytes; reviewing the largest pack again beside
    # the window took the interpreter from it just as the new game opened.
    import app.model.packs as packs

    win = _window(qtbot, library)
    _choose(monkeypatch, slow_archive)
    reviewed = []
    real = packs.pack_report
    monkeypatch.setattr(packs, "pack_report",
                        lambda entry: reviewed.append(entry.folder) or real(entry))
    win.actions_by_name["import_pack"].trigger()
    qtbot.waitUntil(lambda: win.state.game_id == "groesstes-spiel", timeout=30_000)
    qtbot.wait(100)
    assert reviewed == []
    # What the panel shows is what a review of the installed files says, paths and all.
    entry = win.packs.current()
    fresh = real(entry)
    assert all(p.file.is_relative_to(entry.folder) for p in fresh.hints)
    panel = win.packs.panel
    assert panel.isVisible() and "geprüft" not in panel.summary.text()
    shown = (panel.entries(), panel.summary.text())
    panel.show_problems(entry.folder, fresh.errors, fresh.hints, stale=False)
    assert shown == (panel.entries(), panel.summary.text())
