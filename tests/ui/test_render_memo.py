"""The memo of an earlier session (app/ui/render_memo.py) is read as untrusted: only what its
own code writes is used, and what it remembers comes back at the next start."""

from __future__ import annotations

import json

import pytest

from app.ui import render_memo


@pytest.fixture(autouse=True)
def _memo_left_as_found():
    yield
    render_memo._place = None
    for table in (render_memo._known, render_memo._new, render_memo._checked,
                  render_memo._rooms, render_memo._new_rooms):
        table.clear()


def test_room_of_the_pictures_comes_back_and_odd_entries_are_ignored(tmp_path):
    render_memo.open_memo(tmp_path, "k1")
    render_memo.remember_room("atlantis\x1fbsp", 92, 38)
    render_memo.save()
    render_memo.open_memo(tmp_path, "k1")
    assert render_memo.room("atlantis\x1fbsp") == (92, 38)

    data = json.loads((tmp_path / render_memo.FILE).read_text(encoding="utf-8"))
    data["pictures"].update({"text": ["92", 38], "negative": [-1, 3], "huge": [10**9, 0],
                             "float": [9.5, 1], "short": [3], "nested": [[1], 2],
                             "bool": [True, 4]})
    (tmp_path / render_memo.FILE).write_text(json.dumps(data), encoding="utf-8")
    render_memo.open_memo(tmp_path, "k1")
    assert render_memo.room("atlantis\x1fbsp") == (92, 38)
    for odd in ("text", "negative", "huge", "float", "short", "nested", "bool"):
        assert render_memo.room(odd) is None, odd


def test_a_memo_of_other_code_or_a_broken_file_is_not_used(tmp_path):
    render_memo.open_memo(tmp_path, "k1")
    render_memo.remember_room("a", 10, 0)
    render_memo.save()
    render_memo.open_memo(tmp_path, "k2")  # the drawing code changed
    assert render_memo.room("a") is None
    (tmp_path / render_memo.FILE).write_text('{"key": "k1", "pictures": [1, 2]}',
                                             encoding="utf-8")
    render_memo.open_memo(tmp_path, "k1")
    assert render_memo.room("a") is None
    (tmp_path / render_memo.FILE).write_bytes(b"\xff{not json")
    render_memo.open_memo(tmp_path, "k1")
    assert render_memo.room("a") is None


def test_only_the_renderers_own_markup_comes_out_of_the_memo(tmp_path):
    # Checked when a page asks for a text (not all at the start): an edited or damaged memo
    # never brings other markup into a label.
    (tmp_path / render_memo.FILE).write_text(json.dumps({"key": "k1", "texts": {
        "fett": "<p><strong>fett</strong></p>",
        "bild": '<p><img src="/etc/passwd"></p>',
        "link": '<a href="file:///etc">x</a>',
        "zeichen": "<p>&nbsp;&copy;</p>",
        "kein text": 5}}), encoding="utf-8")
    render_memo.open_memo(tmp_path, "k1")
    assert render_memo.lookup("fett") == "<p><strong>fett</strong></p>"
    assert render_memo.lookup("fett") == "<p><strong>fett</strong></p>"  # asked again
    for odd in ("bild", "link", "zeichen", "kein text"):
        assert render_memo.lookup(odd) is None, odd
