"""Progress files the app reads and writes (issue #30): a loaded card passes the checks the
scheduler needs, and the app never writes what its next start would refuse to read.

The round trip runs a few dozen sequences per test run; ``REGELFRISCH_PROGRESS_FUZZ=5000``
runs it (with the older progress fuzz tests) longer, see the README."""

from __future__ import annotations

import errno
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.model.progress import (
    DIFFICULTY_RANGE,
    MAX_ANSWERS,
    MAX_STABILITY_DAYS,
    MAX_STEP,
    YEAR_RANGE,
    Grade,
    ProgressStore,
)
from tests.model.test_hostile_archives import english_in

NOW = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)
_FUZZ = int(os.environ.get("REGELFRISCH_PROGRESS_FUZZ", "40"))


def _file(folder: Path, cards: dict, marks: dict | None = None, answers: int = 0) -> Path:
    path = folder / "fortschritt-atlantis.json"
    path.write_text(json.dumps({"schema": 1, "game": "atlantis", "answers": answers,
                                "cards": cards, "marks": marks or {}}), "utf-8")
    return path


def _card(**fields) -> dict:
    card = {"card_id": 1, "state": 1, "step": 0, "stability": None, "difficulty": None,
            "due": "2026-12-01T10:00:00+00:00", "last_review": None}
    card.update(fields)
    return card


@pytest.mark.parametrize("state", [2, 3])
def test_an_answered_card_without_stability_is_kept_aside_not_raised(tmp_path, state):
    # Relearning (3) or Review (2) with no stability: fsrs asserts on it; it used to escape
    # from ProgressStore.open and --pdf.
    path = _file(tmp_path, {"q": _card(state=state, step=None if state == 2 else 0)})
    text = path.read_text("utf-8")
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.cards == {}
    [notice] = store.notices
    assert notice.kept_aside.read_text("utf-8") == text
    store.record("q", Grade.DID_NOT_KNOW, ["p"], NOW)
    assert ProgressStore.open(tmp_path, "atlantis").notices == []


def test_a_lone_surrogate_in_the_marks_is_kept_aside_and_the_next_answer_is_saved(tmp_path):
    path = tmp_path / "fortschritt-atlantis.json"
    path.write_text('{"schema": 1, "game": "atlantis", "answers": 1, "cards": {}, '
                    '"marks": {"p": ["\\ud800"]}}', "utf-8")
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.notices and store.notices[0].kept_aside is not None
    store.record("q", Grade.DID_NOT_KNOW, ["p"], NOW)  # used to raise UnicodeEncodeError
    again = ProgressStore.open(tmp_path, "atlantis")
    assert again.notices == [] and again.marked() == {"p"}


def test_an_id_that_cannot_be_saved_is_not_recorded(tmp_path):
    store = ProgressStore.open(tmp_path, "atlantis")
    store.record("q\ud800", Grade.DID_NOT_KNOW, ["p"], NOW)
    store.record("q", Grade.DID_NOT_KNOW, ["p\udfff", "p"], NOW)
    store.record_situation(["x\ud800"], [])
    again = ProgressStore.open(tmp_path, "atlantis")
    assert again.notices == [] and again.marked() == {"p"} and list(again.cards) == ["q"]


def test_values_at_the_limits_stay_readable_after_one_more_answer(tmp_path):
    _file(tmp_path, {"q": _card(state=2, step=None, stability=MAX_STABILITY_DAYS,
                                difficulty=DIFFICULTY_RANGE[1],
                                due="2026-12-01T10:00:00+00:00",
                                last_review="2026-11-01T10:00:00+00:00")},
          answers=MAX_ANSWERS)
    store = ProgressStore.open(tmp_path, "atlantis")
    assert store.notices == []
    for grade in (Grade.KNEW, Grade.KNEW, Grade.UNSURE):
        store.record("q", grade, ["p"], NOW)
        store.record_situation(["p"], [])
    again = ProgressStore.open(tmp_path, "atlantis")
    assert again.notices == [], [n.message for n in again.notices]
    assert again.answers == MAX_ANSWERS
    assert again.cards["q"]["stability"] <= MAX_STABILITY_DAYS


@pytest.mark.parametrize(("code", "words"), [
    (errno.ENOSPC, "kein Platz mehr"), (errno.EROFS, "schreibgeschützt"),
    (errno.EACCES, "keine Berechtigung")])
def test_a_progress_file_that_cannot_be_read_is_told_in_german(tmp_path, code, words):
    _file(tmp_path, {})

    def refuse(*_a, **_k):
        raise OSError(code, os.strerror(code))

    with mock.patch("app.model.progress.read_regular_file", refuse):
        store = ProgressStore.open(tmp_path, "atlantis")
    messages = [n.message for n in store.notices]
    assert messages and words in messages[0]
    assert english_in(messages) == [] and "Errno" not in messages[0]


def test_a_fifo_or_device_as_progress_file_never_blocks(tmp_path):
    fifo = tmp_path / "fortschritt-atlantis.json"
    os.mkfifo(fifo)
    store = ProgressStore.open(tmp_path, "atlantis")  # a blocking open would hang here
    assert store.notices
    link = tmp_path / "fortschritt-atacama.json"
    link.symlink_to("/dev/zero")
    assert ProgressStore.open(tmp_path, "atacama").notices


# -- round trip: whatever the app writes, it reads back -----------------------------------------

_WHEN = st.datetimes(min_value=datetime(YEAR_RANGE[0] + 1, 1, 1),
                     max_value=datetime(YEAR_RANGE[1] - 1, 1, 1), timezones=st.just(UTC))
_ID = st.sampled_from(["q", "r", "s", "\ud800", "p\udfff", "x" * 200, "ß", ""])
_OPERATION = st.one_of(
    st.tuples(st.just("record"), _ID, st.sampled_from(list(Grade)), st.lists(_ID, max_size=3),
              _WHEN),
    st.tuples(st.just("situation"), st.lists(_ID, max_size=2), st.lists(_ID, max_size=2)),
    st.tuples(st.just("clear"), _ID),
    st.tuples(st.just("time"), st.integers(0, 10**6)),
)
_START_CARD = st.fixed_dictionaries({
    "card_id": st.integers(0, 2**63 - 1),
    "state": st.just(2), "step": st.none(),
    "stability": st.sampled_from([MAX_STABILITY_DAYS, MAX_STABILITY_DAYS * 0.999, 0.5, 365.0]),
    "difficulty": st.sampled_from([DIFFICULTY_RANGE[0], DIFFICULTY_RANGE[1], 5.0]),
    "due": st.sampled_from(["2299-12-30T00:00:00+00:00", "2026-12-01T10:00:00+00:00",
                            "1971-01-01T00:00:00+00:00"]),
    "last_review": st.sampled_from(["2026-11-01T10:00:00+00:00", "1970-06-01T00:00:00+00:00"]),
}) | st.builds(lambda step: _card(step=step), st.sampled_from([0, MAX_STEP]))


@settings(max_examples=_FUZZ, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.dictionaries(st.sampled_from(["q", "r"]), _START_CARD, max_size=2),
       answers=st.sampled_from([0, MAX_ANSWERS - 1, MAX_ANSWERS]),
       operations=st.lists(_OPERATION, min_size=1, max_size=8))
def test_whatever_the_store_writes_it_reads_back(start, answers, operations):
    import tempfile

    with tempfile.TemporaryDirectory() as name, mock.patch("os.fsync"):
        folder = Path(name)
        _file(folder, start, answers=answers)
        store = ProgressStore.open(folder, "atlantis")
        assert store.notices == [], [n.message for n in store.notices]
        when = NOW
        for operation in operations:
            kind = operation[0]
            if kind == "record":
                _, quiz_id, grade, targets, when = operation
                store.record(quiz_id, grade, targets, when)
            elif kind == "situation":
                store.record_situation(operation[1], operation[2])
            elif kind == "clear":
                store.clear_mark(operation[1])
            else:
                when = when + timedelta(minutes=operation[1])
            assert store.notices == [], [n.message for n in store.notices]
            again = ProgressStore.open(folder, "atlantis")
            assert again.notices == [], [n.message for n in again.notices]
            assert again.to_json() == store.to_json()
            again.order(["q", "r", "s"], when)
            assert again.answers <= MAX_ANSWERS
