"""The Survive removal trainer's state: a position, the tally, the last message and undo,
kept out of the widgets (:mod:`app.ui.views.survive_removal_view` shows it).

The engine decides every answer (``removal_check``, then ``apply`` of ``Remove``); after a
removal the trainer asks for the next tile on the same board, skipping die and moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

from app.rules.errors import RulesError
from app.rules.survive import (
    Effect,
    Phase,
    Remove,
    Space,
    State,
    apply,
    format_position,
    random_position,
    removal_check,
)
from app.rules.survive.board import CELLS
from app.rules.survive.core import BOAT_SEATS, Explorer, sort_explorers
from app.ui.boards.survive_map import CELL_KIND
from app.ui.undo import UndoHistory

START_SEED = 1


@dataclass(frozen=True)
class Snapshot:
    """What undo restores: the position and the tally (not the message or the wrong tile)."""

    seed: int
    state: State
    right: int
    wrong: int
    last_removed: Space | None


class RemovalSession(QObject):
    """The trainer's state: a position, the tally, the last message, undo."""

    changed = Signal()
    said = Signal(str, bool)  # a message worth saying aloud, and whether it is a refusal

    def __init__(self, seed: int = START_SEED, parent: QObject | None = None):
        super().__init__(parent)
        # No redo on purpose: the trainer offers only „Rückgängig“.
        self._history: UndoHistory[Snapshot] = UndoHistory(
            Snapshot(seed, random_position(random.Random(seed)), 0, 0, None))
        self.last_wrong: Space | None = None
        self.title = ""
        self.message = ""
        self.detail = ""
        self.message_kind = "info"  # "info", "wrong" or "right"
        # A boat appears under more than three fallen explorers: the player picks who boards
        # (ruling S9); the removal waits for that choice.
        self.boarding: tuple[Space, tuple[tuple[Explorer, ...], ...]] | None = None

    @property
    def seed(self) -> int:
        return self._history.current.seed

    @property
    def state(self) -> State:
        return self._history.current.state

    @property
    def right(self) -> int:
        return self._history.current.right

    @property
    def wrong(self) -> int:
        return self._history.current.wrong

    @property
    def last_removed(self) -> Space | None:
        return self._history.current.last_removed

    @property
    def notation(self) -> str:
        return format_position(self.state)

    @property
    def can_undo(self) -> bool:
        return self._history.can_undo

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.ENDE

    def say(self, title: str, text: str, kind: str = "info", detail: str = "") -> None:
        self.title, self.message, self.message_kind, self.detail = title, text, kind, detail
        spoken = " ".join(part if part.endswith((".", "!", "?", ":")) else f"{part}."
                          for part in (title, text, detail) if part)
        if spoken:
            self.said.emit(spoken, kind == "wrong")

    def _push(self, **changes) -> None:
        self._history.push(replace(self._history.current, **changes))

    def new_position(self, seed: int) -> None:
        self._push(seed=seed, state=random_position(random.Random(seed)), last_removed=None)
        self.last_wrong = None
        self.say("", "")
        self.changed.emit()

    def load(self, state: State) -> None:
        """Practise on a given position (e.g. one from the content); undo goes back."""
        self._push(state=state, last_removed=None)
        self.last_wrong = None
        self.say("", "")
        self.changed.emit()

    def choose(self, space: Space) -> bool:
        """The user picks ``space``; the engine decides. A refusal leaves the state alone."""
        self.boarding = None
        if self.over:
            return self._play(space)  # the engine says the game is over; nothing is counted
        allowed, reason = removal_check(self.state, space)
        if not allowed:
            is_tile = CELLS[space] in CELL_KIND and space not in self.state.removed
            if is_tile:
                # Only a real tile counts as a wrong answer; sea or a hole is a slip. A wrong
                # answer is no step to undo: undo restores the tally from before the last step.
                self._history.replace(replace(self._history.current, wrong=self.wrong + 1))
                self.last_wrong = space
            self.say("Nicht erlaubt" if is_tile else "Kein Plättchen", reason, "wrong")
            self.changed.emit()
            return False
        falling = self._falling(space)
        if dict(self.state.backs).get(space) is Effect.BOOT:
            if len(falling) > BOAT_SEATS:
                self.boarding = (space, boarding_choices(falling))
                self.say("Ein Boot taucht auf", (
                    f"{len(falling)} Entdecker fallen ins Meer, ins Boot passen {BOAT_SEATS}. "
                    f"Du wählst, welche {BOAT_SEATS} einsteigen (Auslegung S9)."), "info")
                self.changed.emit()
                return True
            # Everyone who fell in boards: no choice to make (S9).
            return self._play(space, sort_explorers(falling))
        return self._play(space)

    def board(self, index: int) -> bool:
        """Let the ``index``-th of the offered groups board the appearing boat."""
        if self.boarding is None or not 0 <= index < len(self.boarding[1]):
            return False
        space, choices = self.boarding
        self.boarding = None
        return self._play(space, choices[index])

    def _falling(self, space: Space) -> tuple[Explorer, ...]:
        return tuple(e for s, group in self.state.land if s == space for e in group)

    def _play(self, space: Space, boarders: tuple[Explorer, ...] | None = None) -> bool:
        try:
            new, report = apply(self.state, Remove(space, boarders=boarders))
        except RulesError as err:
            self.say("Geht nicht", f"{err} Nimm eine neue Stellung." if self.over else str(err),
                     "wrong")
            self.changed.emit()
            return False
        if new.phase is Phase.WUERFELN:
            # The trainer asks for the next tile at once: die and moves are not its topic.
            new = replace(new, phase=Phase.ENTFERNEN)
        self._push(state=new, right=self.right + 1, last_removed=space)
        self.last_wrong = None
        title = "Die Partie ist vorbei" if new.phase is Phase.ENDE else "Richtig"
        self.say(title, report.reason, "right", report.text)
        self.changed.emit()
        return True

    def undo(self) -> None:
        if self.boarding is not None:
            # Still choosing who boards: nothing was removed yet.
            self.boarding = None
            self.say("Zurückgenommen", "Das Plättchen bleibt liegen.")
            self.changed.emit()
            return
        if not self._history.undo():
            return
        self.last_wrong = None
        self.say("Zurückgenommen", "Der letzte Schritt ist zurückgenommen.")
        self.changed.emit()


def boarding_choices(falling) -> tuple[tuple[Explorer, ...], ...]:
    """Every group of exactly three of ``falling`` that can board, each group once (S9)."""
    from itertools import combinations

    seen: dict[tuple, tuple[Explorer, ...]] = {}
    for group in combinations(sort_explorers(falling), BOAT_SEATS):
        seen.setdefault(tuple(e.key for e in group), group)
    return tuple(seen.values())


def group_name(group) -> str:
    """``Rot 3, Rot 1 und Blau 6``: colour and, where known, the value."""
    words = [e.colour.title + (f" {e.value}" if e.value is not None else "") for e in group]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " und " + words[-1]


__all__ = ["START_SEED", "RemovalSession", "Snapshot", "boarding_choices", "group_name"]
