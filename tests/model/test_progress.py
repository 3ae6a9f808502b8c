"""The progress store: atomic, survives restarts and kills, never loses a corrupt file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from app.model.progress import SCHEMA_VERSION, Grade, ProgressStore, data_dir
from tests.conftest import REPO

NOW = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)


def test_data_dir_follows_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("REGELFRISCH_DATA", str(tmp_path / "x"))
    assert data_dir(tmp_path / "default") == tmp_path / "x"
    monkeypatch.delenv("REGELFRISCH_DATA")
    assert data_dir(tmp_path / "default") == tmp_path / "default"


def test_marks_survive_reopening(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("quiz-a", Grade.DID_NOT_KNOW, ["breite-luecken", "zahl-luecke"], NOW)
    again = ProgressStore.open(tmp_path, "atlantis")
    assert again.marked() == {"breite-luecken", "zahl-luecke"}
    assert again.seen("quiz-a") and not again.seen("quiz-b")
    data = json.loads((tmp_path / "fortschritt-atlantis.json").read_text("utf-8"))
    assert data["schema"] == SCHEMA_VERSION


def test_unsure_marks_and_knew_clears_only_its_own_marks(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("quiz-a", Grade.UNSURE, ["p1", "p2"], NOW)
    store.record("quiz-b", Grade.DID_NOT_KNOW, ["p2"], NOW)
    store.record("quiz-a", Grade.KNEW, ["p1", "p2"], NOW + timedelta(minutes=5))
    # p2 is still marked by quiz-b, which has not been answered right yet.
    assert store.marked() == {"p2"}
    store.record("quiz-b", Grade.KNEW, ["p2"], NOW + timedelta(minutes=6))
    assert store.marked() == set()


def test_clear_by_hand_and_reset(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("quiz-a", Grade.DID_NOT_KNOW, ["p1", "p2"], NOW)
    store.clear_mark("p1")
    assert ProgressStore.open(tmp_path, "atlantis").marked() == {"p2"}
    store.reset()
    reopened = ProgressStore.open(tmp_path, "atlantis")
    assert reopened.marked() == set() and not reopened.seen("quiz-a")


def test_fsrs_order_due_first_then_new_then_later(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("knew-it", Grade.KNEW, ["p"], NOW - timedelta(days=30))   # due again by now
    store.record("failed", Grade.DID_NOT_KNOW, ["p"], NOW - timedelta(days=2))
    store.record("fresh-ok", Grade.KNEW, ["p"], NOW)                       # due in the future
    order = store.order(["fresh-ok", "new-1", "knew-it", "new-2", "failed"], NOW)
    assert order[:2] == ["knew-it", "failed"] or order[:2] == ["failed", "knew-it"]
    assert order[2:4] == ["new-1", "new-2"]
    assert order[4] == "fresh-ok"
    assert store.due_count(["fresh-ok", "knew-it", "failed", "new-1"], NOW) == 2


def test_situation_marks_pitfall_and_right_answer_clears_it(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record_situation(["breite-luecken"], [])
    assert store.marked() == {"breite-luecken"}
    store.record_situation([], ["breite-luecken", "welches-plaettchen"])
    assert store.marked() == set()


CORRUPT = [
    ("truncated-json", b'{"schema": 1, "cards": {"q": {"card_id"'),
    ("garbage-bytes", bytes(range(256)) * 4),
    ("unknown-version", json.dumps({"schema": 99, "cards": {}, "marks": {}}).encode()),
    ("not-an-object", b"[1, 2, 3]"),
    ("bad-card", json.dumps({"schema": 1, "cards": {"q": {"due": "gestern"}},
                             "marks": {}}).encode()),
    ("bad-marks", json.dumps({"schema": 1, "cards": {}, "marks": {"p": 5}}).encode()),
]


@pytest.mark.parametrize("name,data", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_file_is_kept_aside_with_a_notice(tmp_path, name, data):
    path = tmp_path / "fortschritt-atlantis.json"
    path.write_bytes(data)
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.marked() == set()
    assert len(store.notices) == 1
    notice = store.notices[0]
    assert "unlesbar" in notice.message and notice.kept_aside is not None
    assert notice.kept_aside.read_bytes() == data, "the old file must be kept byte for byte"
    assert ".kaputt-" in notice.kept_aside.name
    store.record("quiz-a", Grade.DID_NOT_KNOW, ["p1"], NOW)
    assert json.loads(path.read_text("utf-8"))["marks"] == {"p1": ["quiz-a"]}
    assert notice.kept_aside.read_bytes() == data


def test_folder_where_the_file_should_be(tmp_path):
    (tmp_path / "fortschritt-atlantis.json").mkdir()
    (tmp_path / "fortschritt-atlantis.json" / "inhalt.txt").write_text("bleibt", "utf-8")
    store = ProgressStore.open(tmp_path, "atlantis")
    assert "Ordner" in store.notices[0].message
    assert (store.notices[0].kept_aside / "inhalt.txt").read_text("utf-8") == "bleibt"
    store.record("quiz-a", Grade.KNEW, ["p1"], NOW)
    assert (tmp_path / "fortschritt-atlantis.json").is_file()


def test_read_only_data_folder_gives_notice_and_keeps_going(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:
        # root ignores permission bits; make the kernel's refusal explicit instead.
        def refuse(*args, **kwargs):
            raise PermissionError(13, "Keine Berechtigung")
        monkeypatch.setattr("tempfile.mkstemp", refuse)
    try:
        store = ProgressStore.open(folder, "atlantis")
        store.record("quiz-a", Grade.DID_NOT_KNOW, ["p1"], NOW)
        assert store.marked() == {"p1"}, "the session goes on in memory"
        store.record("quiz-b", Grade.DID_NOT_KNOW, ["p2"], NOW)
        assert len(store.notices) == 1, "told once, not at every answer"
        assert "nicht gespeichert" in store.notices[0].message
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_no_temp_files_are_left_behind(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    for i in range(5):
        store.record(f"quiz-{i}", Grade.UNSURE, ["p"], NOW)
    assert [p.name for p in tmp_path.iterdir()] == ["fortschritt-atlantis.json"]


KILL_SCRIPT = """
import sys, time
from datetime import datetime, UTC
from app.model.progress import Grade, ProgressStore
store = ProgressStore.open(__import__("pathlib").Path(sys.argv[1]), "atlantis")
i = 0
while True:
    store.record(f"quiz-{i}", Grade.DID_NOT_KNOW, [f"p{i}"], datetime.now(UTC))
    print(i, flush=True)
    i += 1
"""


def test_killing_the_process_between_answers_keeps_every_earlier_answer(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(tmp_path)], cwd=REPO,
                            stdout=subprocess.PIPE, text=True)
    confirmed = -1
    for line in proc.stdout:
        confirmed = int(line)
        if confirmed >= 40:
            break
    proc.kill()
    proc.wait(timeout=30)
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.notices == [], "a kill must never leave a corrupt file"
    assert {f"p{i}" for i in range(confirmed + 1)} <= store.marked()


def test_what_you_did_not_know_comes_first_even_before_fsrs_calls_it_due(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("missed", Grade.DID_NOT_KNOW, ["p"], NOW)
    store.record("known", Grade.KNEW, ["p2"], NOW)
    assert store.due("missed") > NOW, "FSRS puts it a little into the future"
    assert store.order(["new", "known", "missed"], NOW) == ["missed", "new", "known"]


def test_a_passing_save_failure_does_not_stop_later_saves(tmp_path, monkeypatch):
    import os as os_module

    store = ProgressStore.open(tmp_path, "atlantis")
    real_replace = os_module.replace
    calls = {"n": 0}

    def flaky_replace(src, dst):
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr("os.replace", flaky_replace)
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], NOW)
    store.record("q2", Grade.DID_NOT_KNOW, ["p2"], NOW)
    reopened = ProgressStore.open(tmp_path, "atlantis")
    assert reopened.seen("q1") and reopened.seen("q2"), "the next answer saved everything"
    assert len(store.notices) == 1


BAD_CARDS = [
    ("naive-due", {"card_id": 1, "state": 1, "step": 0, "stability": None,
                   "difficulty": None, "due": "2026-12-02T13:35:55", "last_review": None}),
    ("text-step", {"card_id": 1, "state": 1, "step": "x", "stability": None,
                   "difficulty": None, "due": "2026-12-02T13:35:55+00:00", "last_review": None}),
    ("nan-stability", {"card_id": 1, "state": 2, "step": None, "stability": "nan",
                       "difficulty": 2.0, "due": "2026-12-02T13:35:55+00:00",
                       "last_review": "2026-12-01T13:35:55+00:00"}),
    ("negative-difficulty", {"card_id": 1, "state": 2, "step": None, "stability": 2.0,
                             "difficulty": -1.0, "due": "2026-12-02T13:35:55+00:00",
                             "last_review": "2026-12-01T13:35:55+00:00"}),
]


@pytest.mark.parametrize("name,card", BAD_CARDS, ids=[b[0] for b in BAD_CARDS])
def test_cards_that_load_but_would_break_the_quiz_are_kept_aside(tmp_path, name, card):
    data = json.dumps({"schema": 1, "cards": {"q": card}, "marks": {}}).encode()
    (tmp_path / "fortschritt-atlantis.json").write_bytes(data)
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.notices and store.notices[0].kept_aside.read_bytes() == data
    assert store.order(["q", "r"], NOW) == ["q", "r"]
    store.record("q", Grade.KNEW, ["p"], NOW)


def test_unsearchable_data_folder_is_a_notice_not_a_crash(tmp_path, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pathlib.Path.exists", refuse)
    store = ProgressStore.open(tmp_path / "locked", "atlantis")
    assert store.notices and "nicht lesen" in store.notices[0].message
    assert store.marked() == set()
