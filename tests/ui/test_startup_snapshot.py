"""The window's start: from the snapshot before the first frame, or loaded in the background."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.model import snapshot
from app.model.snapshot import SnapshotGame
from app.ui.application import ContentLoader, create_main_window, make_application
from app.ui.progress_model import ProgressModel
from tests.conftest import REPO


def _content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    return root


def _window(qtbot, tmp_path: Path, game: str = "atlantis"):
    make_application()
    window = create_main_window(None, game, ProgressModel(tmp_path / "fortschritt"),
                                remember=False)
    qtbot.addWidget(window)
    return window


def _start(qtbot, tmp_path: Path, root: Path, game: str = "atlantis"):
    window = _window(qtbot, tmp_path, game)
    loader = ContentLoader(window.state, root, tmp_path / "cache", parent=window)
    at_once = loader.start(first=window.state.wanted_game)
    window.show()
    return window, loader, at_once


def test_first_start_loads_in_background_then_the_next_opens_from_the_snapshot(
        qtbot, tmp_path, library):
    root = _content(tmp_path)
    first, loader, at_once = _start(qtbot, tmp_path, root)
    assert not at_once
    # Nothing old on screen while the full load runs; the window takes input meanwhile.
    assert first.state.library is None
    assert first.status_text.text() == "Inhalte werden geladen …"
    qtbot.waitUntil(lambda: first.state.library is not None, timeout=30000)
    loader.wait()
    assert (snapshot.snapshot_dir(tmp_path / "cache", root) / snapshot.INDEX).is_file()
    full_status = first.status_text.text()

    second, _, at_once = _start(qtbot, tmp_path, root, "atacama")
    assert at_once, "every byte unchanged: the snapshot is used"
    assert isinstance(second.current_entry(), SnapshotGame)
    assert second.state.game_id == "atacama"
    QApplication.processEvents()
    # Start-up cost must not grow with the number of games: only the shown one is read.
    assert {e.id for e in second.state.entries() if e.filled} == {"atacama"}
    # The first frame already has the remembered game's section with its content.
    view = second.current_view()
    assert view is not None and second.windowTitle().endswith("Atacama")
    checked = sum(1 for r in library.game("atacama").examples.values() if r.ok)
    assert f"{checked} Rechenbeispiele von der Regel-Engine geprüft" in \
        second.status_text.text()
    second.state.select_game("atlantis")
    assert second.status_text.text() == full_status


def test_every_section_of_every_game_builds_from_the_snapshot(qtbot, tmp_path):
    root = _content(tmp_path)
    _, loader, _ = _start(qtbot, tmp_path, root)
    loader.wait()
    QApplication.processEvents()
    window, _, at_once = _start(qtbot, tmp_path, root)
    assert at_once
    for entry in window.state.entries():
        window.state.select_game(entry.id)
        assert isinstance(window.current_entry(), SnapshotGame)
        for section in window.sections():
            view = window.view_for(section.key)
            assert view is window.current_view() and view is not None, (entry.id, section.key)


def test_quiz_from_the_snapshot_grades_and_marks(qtbot, tmp_path):
    root = _content(tmp_path)
    _, loader, _ = _start(qtbot, tmp_path, root)
    loader.wait()
    QApplication.processEvents()
    window, _, at_once = _start(qtbot, tmp_path, root)
    assert at_once
    view = window.view_for("quiz")

    def press(key):
        focused = QApplication.focusWidget()
        target = focused if focused is not None and view.isAncestorOf(focused) else view.card
        qtbot.keyClick(target, key)

    press(Qt.Key.Key_Return)
    item = view.round.current
    press(Qt.Key.Key_Space)
    press(Qt.Key.Key_3)  # "wusste ich nicht"
    assert view.round.index == 1, "the answer was graded"
    assert window.services.progress.store("atlantis").answers == 1
    assert set(item.tests) & window.services.progress.marked("atlantis")


def test_sidebar_counts_follow_right_after_the_first_frame(qtbot, tmp_path, library):
    from app.model.progress import Grade

    progress = ProgressModel(tmp_path / "fortschritt")
    game = library.game("atlantis").game
    pitfall = game.content.pitfalls[0].id
    question = next(q for q in game.quiz if pitfall in q.tests)
    progress.store("atlantis").record(question.id, Grade.DID_NOT_KNOW, list(question.tests))

    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path / "fortschritt"),
                                remember=False)
    qtbot.addWidget(window)
    assert window.marked_count("pitfalls") == 0, "not before the first frame"
    window.show()
    qtbot.waitUntil(lambda: window.marked_count("pitfalls") >= 1, timeout=5000)


def test_a_changed_file_is_checked_in_the_background_and_its_problem_shown(qtbot, tmp_path):
    root = _content(tmp_path)
    _, loader, _ = _start(qtbot, tmp_path, root)
    loader.wait()
    QApplication.processEvents()
    examples = root / "survive" / "examples.yaml"
    text = examples.read_text(encoding="utf-8")
    examples.write_text(text.replace("expect:", "expect:\n      erfunden: 1", 1),
                        encoding="utf-8")

    window, loader, at_once = _start(qtbot, tmp_path, root, "survive")
    assert not at_once, "changed bytes are never served from the snapshot"
    assert window.status_text.text() == "Inhalte werden geladen …"
    qtbot.waitUntil(lambda: window.state.library is not None, timeout=30000)
    loader.wait()
    entry = window.current_entry()
    assert entry.id == "survive" and not hasattr(entry, "game")
    assert any(p.file == examples and "erfunden" in p.message for p in entry.problems)
    assert "Problem(e) in den Inhalten von „survive“" in window.status_text.text()
    # The others still come from the snapshot.
    assert isinstance(window.state.library.game("atlantis"), SnapshotGame)


def _pictures_drawn(window) -> bool:
    from app.ui.views.pitfall_examples import ExamplePanel

    return all(not panel._pending for panel in window.current_view().findChildren(ExamplePanel))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize(("game", "section"), [("atlantis", "turn"), ("atlantis", "pitfalls"),
                                               ("survive", "summary"), ("survive", "pitfalls")])
def test_the_first_frame_already_has_the_final_layout(qtbot, tmp_path, size, game, section):
    # What the player sees first must not jump a moment later (it once did: the status line
    # was laid out for a 100 px width, 151 px tall, and shrank after the first frame; and the
    # worked examples' pictures, drawn by the engine after the frame, pushed the page down).
    root = _content(tmp_path)
    window = _window(qtbot, tmp_path, game)
    window.state.section = section
    loader = ContentLoader(window.state, root, tmp_path / "cache", parent=window)
    loader.start(first=game)
    window.show()
    qtbot.waitUntil(lambda: window.state.library is not None and _pictures_drawn(window),
                    timeout=30000)
    loader.wait()  # the snapshot, and the memo of the pictures' room, as a session leaves them
    window.close()

    window = _window(qtbot, tmp_path, game)
    window.state.section = section
    window.resize(*size)
    loader = ContentLoader(window.state, root, tmp_path / "cache", parent=window)
    assert loader.start(first=game)
    window.show()
    while not window.content_painted:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)

    def layout():
        return {w: (w.mapTo(window, w.rect().topLeft()).toTuple(), w.size().toTuple())
                for w in window.findChildren(QWidget) if w.isVisible()}

    first = layout()
    # Pictures come after the first frame, where a page has worked examples.
    assert any(panel._pending for panel in _panels(window)) == (section != "summary")
    qtbot.waitUntil(lambda: _pictures_drawn(window), timeout=30000)
    qtbot.wait(50)
    now = layout()
    moved = {(type(w).__name__, w.objectName(), getattr(w, "text", str)()[:30]): (where, now[w])
             for w, where in first.items() if w in now and now[w] != where}
    assert not moved, moved
    assert window.statusBar().height() < 60


def _panels(window) -> list:
    from app.ui.views.pitfall_examples import ExamplePanel

    return window.current_view().findChildren(ExamplePanel)


def test_the_other_games_are_checked_right_after_the_first_frame(qtbot, tmp_path):
    # The start compares only the shown game's files with the snapshot; a changed file of
    # another game is found right after the first frame and loaded and checked in full.
    from app.model.library import FailedGame
    from tests.model.test_snapshot import _break_first_example

    root = _content(tmp_path)
    _start(qtbot, tmp_path, root)[1].wait()
    _break_first_example(root / "atacama" / "examples.yaml")
    window = _window(qtbot, tmp_path, "atlantis")
    loader = ContentLoader(window.state, root, tmp_path / "cache", parent=window)
    assert loader.start(first="atlantis", verify_all=False), "atlantis is unchanged"
    window.after_first_frame(loader.verify_rest)
    window.show()
    qtbot.waitUntil(lambda: window.content_painted)
    assert window.windowTitle().endswith("Atlantis")
    qtbot.waitUntil(lambda: any(isinstance(e, FailedGame) and e.id == "atacama"
                                for e in window.state.entries()), timeout=30000)
    loader.wait()
    assert window.state.game_id == "atlantis" and window.current_view() is not None
    switcher = window.game_switcher
    assert "atacama (fehlerhaft)" in [switcher.itemText(i) for i in range(switcher.count())]
