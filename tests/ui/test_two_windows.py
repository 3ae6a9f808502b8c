"""Two windows on one data folder: each sees the other's marks without a restart."""

from __future__ import annotations

from datetime import UTC, datetime

from app.model.progress import Grade
from app.ui.progress_model import ProgressModel


def test_a_window_sees_marks_another_window_saved(qtbot, tmp_path):
    window_a, window_b = ProgressModel(tmp_path), ProgressModel(tmp_path)
    assert window_a.marked("atlantis") == set()
    store_b = window_b.store("atlantis")
    with qtbot.waitSignal(window_a.marksChanged, timeout=5000) as changed:
        store_b.record("q1", Grade.DID_NOT_KNOW, ["breite-luecken"], datetime.now(UTC))
        window_b.changed("atlantis")
    assert changed.args == ["atlantis"]
    assert window_a.marked("atlantis") == {"breite-luecken"}
    # And A's next answer keeps B's: both are in the file.
    window_a.store("atlantis").record("q2", Grade.UNSURE, ["zahl-luecke"], datetime.now(UTC))
    assert ProgressModel(tmp_path / ".." / tmp_path.name).marked("atlantis") == {
        "breite-luecken", "zahl-luecke"}


def test_own_saves_do_not_echo_as_changes(qtbot, tmp_path):
    window = ProgressModel(tmp_path)
    store = window.store("atlantis")
    store.record("q1", Grade.DID_NOT_KNOW, ["p"], datetime.now(UTC))
    window.changed("atlantis")
    echoes = []
    window.marksChanged.connect(echoes.append)
    qtbot.wait(400)
    assert echoes == []


def test_a_lock_held_by_another_window_makes_the_answer_wait(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QLockFile

    import app.ui.progress_model as progress_model

    monkeypatch.setattr(progress_model, "LOCK_WAIT_MS", 50)
    window = ProgressModel(tmp_path)
    store = window.store("atlantis")
    other = QLockFile(str(tmp_path / "fortschritt-atlantis.json.lock"))
    assert other.tryLock(0)
    told = []
    window.noticeRaised.connect(told.append)
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], datetime.now(UTC))
    window.changed("atlantis")
    assert len(told) == 1 and "nicht gespeichert" in told[0]
    assert not (tmp_path / "fortschritt-atlantis.json").exists()
    other.unlock()
    store.record("q2", Grade.DID_NOT_KNOW, ["p2"], datetime.now(UTC))
    assert ProgressModel(tmp_path).marked("atlantis") == {"p1", "p2"}
