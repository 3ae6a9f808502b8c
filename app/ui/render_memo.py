"""Markdown rendered in an earlier session, so the first frame needs no Markdown library;
and the room each worked example's picture took, so the first frame keeps that room free
while the picture (drawn by the engine, after the frame) is still coming.

Rendering is a pure function of the text and of our rendering code; the memo is kept
beside the library snapshot under the same code key, so a changed renderer starts it
afresh. It is plain JSON, and read as untrusted: an entry is used only if its HTML
consists of the few tags the renderer itself produces (no attributes but ``start`` of
a list), so a damaged or edited cache file can never bring other markup into a label.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from app.model.library import UnreadableFile, read_content_file

FILE = "rendered.json"
MAX_ENTRIES = 20000
MAX_ROOM = 4000  # px: a picture or button row is never taller
MAX_BYTES = 8 * 1024 * 1024

_TAG = re.compile(r"<[^>]*>")
_ALLOWED_TAG = re.compile(
    r"</?(?:p|br|strong|em|b|i|code|pre|ul|ol|li|blockquote|h[1-6]|hr|span|div)"
    r'(?: start="\d{1,6}")?\s*/?>')
_ENTITY = re.compile(r"&(?!(?:amp|lt|gt|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});)")

_known: dict[str, str] = {}
_new: dict[str, str] = {}
_checked: set[str] = set()  # memo entries found to be the renderer's own markup
_rooms: dict[str, tuple[int, int]] = {}
_new_rooms: dict[str, tuple[int, int]] = {}
_place: tuple[Path, str] | None = None


def open_memo(directory: Path, key: str) -> None:
    """Use the memo in ``directory`` if it was written under ``key``."""
    global _place
    _place = (directory, key)
    _known.clear()
    _checked.clear()
    _rooms.clear()
    try:
        data = json.loads(read_content_file(directory / FILE, MAX_BYTES))
        if not isinstance(data, dict) or data.get("key") != key:
            return
        texts = data.get("texts")
        if isinstance(texts, dict):
            # Checked when looked up (``lookup``): the first page needs a few dozen of the
            # hundreds of texts a memo holds.
            _known.update((t, h) for t, h in texts.items()
                          if isinstance(t, str) and isinstance(h, str))
        rooms = data.get("pictures")
        if isinstance(rooms, dict):
            _rooms.update((k, (v[0], v[1])) for k, v in list(rooms.items())[:MAX_ENTRIES]
                          if isinstance(k, str) and _is_room(v))
    except (OSError, UnreadableFile, ValueError, RecursionError):
        _known.clear()
        _rooms.clear()


def _is_room(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(
        type(v) is int and 0 <= v <= MAX_ROOM for v in value)


def is_plain_markup(html: str) -> bool:
    """Only the renderer's own formatting tags, and no stray ``&``-sequences."""
    return all(_ALLOWED_TAG.fullmatch(tag) for tag in _TAG.findall(html)) and \
        "<" not in _TAG.sub("", html) and not _ENTITY.search(_TAG.sub("", html))


def lookup(text: str) -> str | None:
    html = _known.get(text)
    if html is None or html in _checked:
        return html
    if not is_plain_markup(html):
        del _known[text]  # rendered afresh, and written right at the next save
        return None
    _checked.add(html)
    return html


def remember(text: str, html: str) -> None:
    if _place is not None and text not in _known and len(_known) + len(_new) < MAX_ENTRIES:
        _new[text] = html


def room(key: str) -> tuple[int, int] | None:
    """The heights (picture, row under it) the picture named ``key`` took last time."""
    return _rooms.get(key)


def remember_room(key: str, picture: int, below: int) -> None:
    heights = (min(max(picture, 0), MAX_ROOM), min(max(below, 0), MAX_ROOM))
    if _place is not None and _rooms.get(key) != heights and \
            len(_rooms) + len(_new_rooms) < MAX_ENTRIES:
        _new_rooms[key] = heights


def save() -> None:
    """Write the memo if this session rendered or drew something new (atomically; errors
    ignored)."""
    if _place is None or not (_new or _new_rooms):
        return
    directory, key = _place
    _known.update(_new)
    _new.clear()
    _rooms.update(_new_rooms)
    _new_rooms.clear()
    raw = json.dumps({"key": key, "texts": _known,
                      "pictures": {k: list(v) for k, v in _rooms.items()}},
                     ensure_ascii=False).encode("utf-8")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    # Imported here: the memo is saved after the first frame, and PySide makes a type on
    # first import (issue #27).
    from PySide6.QtCore import QSaveFile

    target = QSaveFile(str(directory / FILE))
    if target.open(QSaveFile.OpenModeFlag.WriteOnly) and target.write(raw) == len(raw):
        target.commit()
    else:
        target.cancelWriting()
