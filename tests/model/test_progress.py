"""The progress store: atomic, survives restarts and kills, never loses a corrupt file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from app.model.progress import SCHEMA_VERSION, Grade, Notice, ProgressStore, data_dir
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
    ("unknown-version", json.dumps({"schema": 0, "cards": {}, "marks": {}}).encode()),
    ("text-version", json.dumps({"schema": "zwei", "cards": {}, "marks": {}}).encode()),
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


# -- several windows, one file -------------------------------------------------------------------


def test_a_window_left_open_keeps_the_answers_another_window_saved(tmp_path):
    window_a = ProgressStore.open(tmp_path, "atlantis")
    window_b = ProgressStore.open(tmp_path, "atlantis")
    for i in range(5):
        window_b.record(f"b-{i}", Grade.DID_NOT_KNOW, [f"pb{i}"], NOW)
    window_a.record("a-0", Grade.UNSURE, ["pa"], NOW)
    reopened = ProgressStore.open(tmp_path, "atlantis")
    assert all(reopened.seen(f"b-{i}") for i in range(5)) and reopened.seen("a-0")
    assert reopened.marked() == {"pa", *(f"pb{i}" for i in range(5))}
    assert reopened.answers == 6
    # The window that saved last also sees the other window's marks now.
    assert window_a.marked() == reopened.marked()


def test_the_same_question_answered_in_two_windows_counts_both_reviews(tmp_path):
    window_a = ProgressStore.open(tmp_path, "atlantis")
    window_b = ProgressStore.open(tmp_path, "atlantis")
    window_a.record("q", Grade.DID_NOT_KNOW, ["p"], NOW)
    window_b.record("q", Grade.KNEW, ["p"], NOW + timedelta(minutes=10))
    reopened = ProgressStore.open(tmp_path, "atlantis")
    # B's "knew" was applied on top of A's review: the mark A set is cleared, two answers.
    assert reopened.marked() == set() and reopened.answers == 2
    assert reopened.cards["q"]["last_review"].startswith("2026-12-02T18:10")


TWO_WINDOWS_SCRIPT = """
import sys, time
from datetime import datetime, UTC
from pathlib import Path
from app.model.progress import Grade
from app.ui.progress_model import ProgressModel
folder, name, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
store = ProgressModel(folder).store("atlantis")
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
for i in range(60):
    store.record(f"{name}-{i}", Grade.DID_NOT_KNOW, [f"{name}-p{i}"], datetime.now(UTC))
    if i % 3 == 0:
        store.record_situation([f"{name}-s{i}"], [])
store.record("shared", Grade.UNSURE, ["shared-p"], datetime.now(UTC))
assert not store.notices, [n.message for n in store.notices]
print("done", flush=True)
"""


def test_two_processes_answering_at_once_lose_no_answer(tmp_path):
    go = tmp_path / "go"
    data = tmp_path / "data"
    procs = [subprocess.Popen([sys.executable, "-c", TWO_WINDOWS_SCRIPT, str(data), name,
                               str(go)], cwd=REPO, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for name in ("a", "b")]
    for proc in procs:
        assert proc.stdout.readline().strip() == "ready"
    go.touch()
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert out.strip() == "done"
    store = ProgressStore.open(data, "atlantis")
    assert store.notices == []
    for name in ("a", "b"):
        assert all(store.seen(f"{name}-{i}") for i in range(60)), name
        assert {f"{name}-p{i}" for i in range(60)} <= store.marked()
        assert {f"{name}-s{i}" for i in range(0, 60, 3)} <= store.marked()
    assert store.answers == 2 * (60 + 20 + 1)
    assert store.marks["shared-p"] == ["shared"]
    # Only the file, its lock file (if still there) – no temp file.
    assert {p.name for p in data.iterdir()} <= {"fortschritt-atlantis.json",
                                                 "fortschritt-atlantis.json.lock"}


def test_a_busy_lock_keeps_the_answer_and_the_next_save_brings_it(tmp_path):
    import contextlib

    busy = {"now": True}

    @contextlib.contextmanager
    def lock(path):
        if busy["now"]:
            raise TimeoutError(110, "ein anderes Fenster hält die Sperre")
        yield

    store = ProgressStore.open(tmp_path, "atlantis", lock=lock)
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], NOW)
    assert store.marked() == {"p1"} and len(store.notices) == 1
    assert not (tmp_path / "fortschritt-atlantis.json").exists()
    busy["now"] = False
    store.record("q2", Grade.DID_NOT_KNOW, ["p2"], NOW)
    reopened = ProgressStore.open(tmp_path, "atlantis")
    assert reopened.marked() == {"p1", "p2"} and reopened.answers == 2


def test_temp_files_of_killed_saves_are_removed_on_the_next_start(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("q", Grade.DID_NOT_KNOW, ["p"], NOW)
    leftovers = [tmp_path / f".fortschritt-atlantis.json.{tag}.tmp" for tag in ("x1y2", "k9")]
    for leftover in leftovers:
        leftover.write_text('{"schema": 1, "ca', "utf-8")
    other = tmp_path / "notizen.txt"
    other.write_text("meins", "utf-8")
    reopened = ProgressStore.open(tmp_path, "atlantis")
    assert reopened.marked() == {"p"}
    assert not any(leftover.exists() for leftover in leftovers)
    assert other.read_text("utf-8") == "meins"


def test_a_symlinked_progress_file_is_written_through_the_link(tmp_path):
    synced = tmp_path / "sync"
    synced.mkdir()
    real = synced / "regelfrisch-atlantis.json"
    data = tmp_path / "data"
    data.mkdir()
    link = data / "fortschritt-atlantis.json"
    store = ProgressStore.open(data, "atlantis")
    link.symlink_to(real)  # a link to a file not there yet
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], NOW)
    assert link.is_symlink() and real.is_file()
    store = ProgressStore.open(data, "atlantis")
    store.record("q2", Grade.DID_NOT_KNOW, ["p2"], NOW)
    assert link.is_symlink(), "the link must stay a link"
    assert json.loads(real.read_text("utf-8"))["marks"] == {"p1": ["q1"], "p2": ["q2"]}
    assert sorted(p.name for p in synced.iterdir()) == ["regelfrisch-atlantis.json"]


def test_a_file_from_a_newer_version_is_left_alone_with_a_notice(tmp_path):
    path = tmp_path / "fortschritt-atlantis.json"
    newer = json.dumps({"schema": SCHEMA_VERSION + 1, "cards": {"q": "neu"},
                        "sterne": 5}).encode()
    path.write_bytes(newer)
    store = ProgressStore.open(tmp_path, "atlantis")
    assert len(store.notices) == 1
    notice = store.notices[0]
    assert "neueren Version" in notice.message and notice.kept_aside is None
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], NOW)
    store.reset()
    assert path.read_bytes() == newer
    assert [p.name for p in tmp_path.iterdir()] == ["fortschritt-atlantis.json"]


def test_a_newer_version_written_by_another_window_stops_saving_here(tmp_path):
    path = tmp_path / "fortschritt-atlantis.json"
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("q1", Grade.DID_NOT_KNOW, ["p1"], NOW)
    newer = json.dumps({"schema": SCHEMA_VERSION + 1}).encode()
    path.write_bytes(newer)
    store.record("q2", Grade.DID_NOT_KNOW, ["p2"], NOW)
    assert path.read_bytes() == newer
    assert any("neueren Version" in n.message for n in store.notices)


# -- every field as the scheduler takes it -------------------------------------------------------

GOOD_CARD = {"card_id": 1, "state": 2, "step": None, "stability": 3.2, "difficulty": 5.0,
             "due": "2026-12-05T13:35:55+00:00", "last_review": "2026-12-01T13:35:55+00:00"}

IMPOSSIBLE = [
    ("stability-0", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "stability": 0}}})),
    ("difficulty-0", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "difficulty": 0}}})),
    ("difficulty-11", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD,
                                                               "difficulty": 11}}})),
    ("huge-stability", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD,
                                                                "stability": 1e300}}})),
    ("bool-state", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "state": True}}})),
    ("state-7", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "state": 7}}})),
    ("year-99999", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD,
                                                            "due": "9999-12-31T00:00:00+00:00"}}})),
    ("learning-without-step", json.dumps({"schema": 1, "cards": {"q": {
        **GOOD_CARD, "state": 1}}})),
    ("extra-field", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "x": 1}}})),
    ("card-is-list", json.dumps({"schema": 1, "cards": {"q": [1, 2]}})),
    ("answers-negative", json.dumps({"schema": 1, "answers": -3})),
    ("answers-text", json.dumps({"schema": 1, "answers": "viele"})),
    ("5000-digits", '{"schema": 1, "answers": ' + "9" * 5000 + "}"),
    ("5000-digit-card-id", json.dumps({"schema": 1, "cards": {"q": {**GOOD_CARD, "card_id": 0}}}
                                      ).replace('"card_id": 0', '"card_id": ' + "7" * 5000)),
    ("100000-brackets", '{"schema": 1, "cards": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    ("deep-in-marks", '{"schema": 1, "marks": {"p": ' + "[" * 50_000 + "]" * 50_000 + "}}"),
]


@pytest.mark.parametrize("name,text", IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_values_the_scheduler_cannot_work_with_are_kept_aside(tmp_path, name, text):
    path = tmp_path / "fortschritt-atlantis.json"
    path.write_text(text, "utf-8")
    store = ProgressStore.open(tmp_path, "atlantis")
    assert len(store.notices) == 1 and store.notices[0].kept_aside is not None
    assert store.notices[0].kept_aside.read_text("utf-8") == text
    # Every grade works afterwards: the quiz never dies inside the scheduler.
    for grade in Grade:
        store.record("q", grade, ["p"], NOW)
    assert ProgressStore.open(tmp_path, "atlantis").answers == 3


def test_a_sound_card_is_kept(tmp_path):
    (tmp_path / "fortschritt-atlantis.json").write_text(
        json.dumps({"schema": 1, "cards": {"q": GOOD_CARD}, "marks": {}, "answers": 4}), "utf-8")
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.notices == [] and store.seen("q") and store.answers == 4


def test_a_notice_of_a_run_without_window_is_shown_at_the_next_start(tmp_path):
    (tmp_path / "fortschritt-atlantis.json").write_text("{kaputt", "utf-8")
    headless = ProgressStore.open(tmp_path, "atlantis")
    assert len(headless.notices) == 1
    headless.defer_notices()
    window = ProgressStore.open(tmp_path, "atlantis")
    assert [n.message for n in window.notices] == [headless.notices[0].message]
    assert ProgressStore.open(tmp_path, "atlantis").notices == [], "told once"


# -- fuzzed progress files: kept aside with a notice, or fully working ---------------------------

_MOMENTS = st.one_of(
    st.datetimes(timezones=st.just(UTC)).map(datetime.isoformat),
    st.datetimes().map(datetime.isoformat),
    st.text(max_size=12))
_NUMBERS = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.integers(),
                     st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=5))
_CARD = st.fixed_dictionaries(
    {"card_id": _NUMBERS, "state": _NUMBERS, "step": _NUMBERS, "stability": _NUMBERS,
     "difficulty": _NUMBERS, "due": _MOMENTS, "last_review": st.one_of(st.none(), _MOMENTS)})
_GOOD_FIELDS = st.fixed_dictionaries(
    {"card_id": st.integers(0, 2**40), "state": st.sampled_from([1, 2, 3]),
     "step": st.one_of(st.none(), st.integers(0, 3)),
     "stability": st.one_of(st.none(), st.floats(0, 40000)),
     "difficulty": st.one_of(st.none(), st.floats(0, 11)),
     "due": st.datetimes(timezones=st.just(UTC)).map(datetime.isoformat),
     "last_review": st.one_of(st.none(), st.datetimes(timezones=st.just(UTC)).map(
         datetime.isoformat))})
_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


def _open_and_answer(text: str) -> None:
    import tempfile
    from pathlib import Path
    from unittest import mock

    # fsync is not what this is about, and it is most of the time on a busy disk.
    with tempfile.TemporaryDirectory() as folder, mock.patch("os.fsync"):
        path = Path(folder) / "fortschritt-atlantis.json"
        path.write_text(text, "utf-8")
        store = ProgressStore.open(Path(folder), "atlantis")
        if store.notices:
            assert store.notices[0].kept_aside.read_text("utf-8") == text
        store.order(["q", "r"], NOW)
        store.due_count(["q"], NOW)
        for grade in Grade:  # nothing the file held makes an answer fail
            store.record("q", grade, ["p"])
        assert ProgressStore.open(Path(folder), "atlantis").notices == []


@hypothesis_settings(max_examples=int(os.environ.get("REGELFRISCH_PROGRESS_FUZZ", "60")),
                     deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card=st.one_of(_CARD, _GOOD_FIELDS), marks=_JSON, answers=_JSON)
def test_fuzzed_cards_are_kept_aside_or_work(card, marks, answers):
    _open_and_answer(json.dumps({"schema": 1, "cards": {"q": card}, "marks": marks,
                                 "answers": answers}))


@hypothesis_settings(max_examples=int(os.environ.get("REGELFRISCH_PROGRESS_FUZZ", "40")),
                     deadline=None)
@given(data=_JSON)
def test_fuzzed_json_is_kept_aside_or_works(data):
    _open_and_answer(json.dumps(data))


def test_opening_takes_the_lock_only_when_there_is_something_to_tidy(tmp_path):
    import contextlib

    taken = []

    @contextlib.contextmanager
    def lock(path):
        taken.append(path.name)
        yield

    def opened():
        taken.clear()
        return ProgressStore.open(tmp_path, "atlantis", lock=lock)

    # A plain read (the window's first frame): no file, or a sound one — no lock file made.
    assert opened().marked() == set() and taken == []
    store = opened()
    store.record("q", Grade.DID_NOT_KNOW, ["p"], NOW)
    assert opened().marked() == {"p"} and taken == []
    # A killed save's temp file, a notice left by a window-less run, a broken file: those
    # are tidied up under the lock, as before.
    leftover = tmp_path / ".fortschritt-atlantis.json.k9.tmp"
    leftover.write_text("{", "utf-8")
    assert opened().marked() == {"p"} and taken == ["fortschritt-atlantis.json"]
    assert not leftover.exists()
    store.notices.append(Notice("Etwas war los."))
    store.defer_notices()
    assert [n.message for n in opened().notices] == ["Etwas war los."]
    assert taken == ["fortschritt-atlantis.json"]
    (tmp_path / "fortschritt-atlantis.json").write_text("{kaputt", "utf-8")
    broken = opened()
    assert taken == ["fortschritt-atlantis.json"] and broken.marked() == set()
    assert broken.notices and broken.notices[0].kept_aside is not None
    assert broken.notices[0].kept_aside.read_text("utf-8") == "{kaputt"
