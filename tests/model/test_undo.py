"""UndoHistory on its own: pure, no Qt."""

from __future__ import annotations

import pytest

from app.model.undo import UndoHistory


def test_a_new_history_has_its_first_entry_and_nothing_to_undo_or_redo():
    history = UndoHistory("a")
    assert history.current == "a"
    assert len(history) == 1
    assert not history.can_undo
    assert not history.can_redo


def test_undo_and_redo_at_the_ends_change_nothing():
    history = UndoHistory("a")
    assert history.undo() is False
    assert history.redo() is False
    assert history.current == "a"


def test_push_undo_redo_walk_the_entries_in_order():
    history = UndoHistory(0)
    for value in (1, 2, 3):
        history.push(value)
    assert history.current == 3 and history.can_undo and not history.can_redo
    seen = []
    while history.undo():
        seen.append(history.current)
    assert seen == [2, 1, 0]
    assert not history.can_undo and history.can_redo
    seen = []
    while history.redo():
        seen.append(history.current)
    assert seen == [1, 2, 3]
    assert history.can_undo and not history.can_redo


def test_push_after_undo_drops_the_redo_branch():
    history = UndoHistory("a")
    history.push("b")
    history.push("c")
    history.undo()
    history.undo()
    history.push("x")
    assert history.current == "x"
    assert not history.can_redo
    assert len(history) == 2
    history.undo()
    assert history.current == "a"


def test_replace_changes_the_current_entry_without_a_step():
    history = UndoHistory("a")
    history.push("b")
    history.replace("b2")
    assert history.current == "b2"
    assert len(history) == 2
    history.undo()
    assert history.current == "a"
    history.redo()
    assert history.current == "b2"


def test_replace_after_undo_drops_the_redo_branch():
    history = UndoHistory("a")
    history.push("b")
    history.undo()
    history.replace("a2")
    assert history.current == "a2"
    assert not history.can_redo
    assert not history.can_undo


def test_replace_on_the_first_entry_keeps_it_the_floor():
    history = UndoHistory("a")
    history.replace("z")
    assert history.current == "z"
    assert not history.can_undo


@pytest.mark.parametrize("undone", [0, 1, 3], ids=["at-end", "one-undone", "all-undone"])
def test_reset_starts_over_with_one_entry(undone):
    history = UndoHistory(0)
    for value in (1, 2, 3):
        history.push(value)
    for _ in range(undone):
        history.undo()
    history.reset(9)
    assert history.current == 9
    assert len(history) == 1
    assert not history.can_undo and not history.can_redo


def test_entries_are_kept_as_given_not_copied():
    entry = {"square": 4}
    history = UndoHistory({"square": None})
    history.push(entry)
    history.undo()
    history.redo()
    assert history.current is entry
