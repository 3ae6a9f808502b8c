"""One undo history for every board: a list of entries and a cursor on the current one.

The boards keep whole states (engine states are immutable), so undo and redo just move the
cursor; nothing is recomputed. No Qt here: the board page wraps the session in signals.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class UndoHistory(Generic[T]):
    """Entries from the first to the newest; ``current`` is the one the cursor is on.

    The first entry is the floor: undo never goes behind it. A new entry after an undo drops
    everything that could have been redone, as in any editor.
    """

    __slots__ = ("_entries", "_index")

    def __init__(self, first: T):
        self._entries: list[T] = [first]
        self._index = 0

    @property
    def current(self) -> T:
        return self._entries[self._index]

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._entries) - 1

    def __len__(self) -> int:
        return len(self._entries)

    def push(self, entry: T) -> None:
        """Make ``entry`` current; whatever could be redone is gone."""
        del self._entries[self._index + 1:]
        self._entries.append(entry)
        self._index += 1

    def replace(self, entry: T) -> None:
        """Put ``entry`` in place of the current one, without a step to undo.

        The redo branch grew from the replaced entry, so it is dropped as well.
        """
        self._entries[self._index] = entry
        del self._entries[self._index + 1:]

    def undo(self) -> bool:
        """Step back; ``False`` (and no change) at the first entry."""
        if not self.can_undo:
            return False
        self._index -= 1
        return True

    def redo(self) -> bool:
        """Step forward again; ``False`` (and no change) when nothing was undone."""
        if not self.can_redo:
            return False
        self._index += 1
        return True

    def reset(self, first: T) -> None:
        """Start over from ``first``: nothing to undo, nothing to redo."""
        self._entries = [first]
        self._index = 0


__all__ = ["UndoHistory"]
