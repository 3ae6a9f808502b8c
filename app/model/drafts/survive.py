"""The Survive trainer for step 3 (taking a tile off the island) as a draft of the one session.

The engine decides every answer (``removal_check``, then ``apply`` of ``Remove``); after a
removal the trainer asks for the next tile on the same board, skipping die and moves. The
tally of right and wrong answers is the entries' ``side``, so undo restores it with the
position; a wrong answer changes the tally without a step to undo. A boat that appears under
more than three fallen explorers waits for the player's choice of who boards (ruling S9).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations

from app.model.play_session import DONE, DRAFT, Draft, Message, PlaySession
from app.rules.errors import RulesError
from app.rules.survive import (
    GAME,
    Effect,
    Explorer,
    Phase,
    Remove,
    Space,
    State,
    random_position,
    removal_check,
)
from app.rules.survive.core import BOAT_SEATS, sort_explorers
from app.rules.survive.rules import KIND_BY_SPACE

START_SEED = 1


@dataclass(frozen=True)
class Tally:
    """What undo restores beside the position: the answers so far and the last removal."""

    right: int = 0
    wrong: int = 0
    last_removed: Space | None = None


def practice_position(seed: int) -> State:
    return random_position(random.Random(seed))


def survive_session(seed: int = START_SEED) -> PlaySession:
    return PlaySession(GAME, practice_position(seed), draft=RemovalDraft(), seed=seed,
                       source=f"Übungsstellung Nr. {seed}", practice=True, side=Tally())


class RemovalDraft(Draft):
    """The trainer's choice in the making: a wrongly picked tile, the boat's boarders."""

    def __init__(self) -> None:
        self.last_wrong: Space | None = None
        self.boarding: tuple[Space, tuple[tuple[Explorer, ...], ...]] | None = None

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def tally(self) -> Tally:
        return self.session.side

    @property
    def building(self) -> bool:
        return self.boarding is not None

    def reset(self) -> None:
        self.last_wrong = None
        self.boarding = None

    def side_for_start(self, side: Tally) -> Tally:
        return replace(side, last_removed=None)

    def undo_pending(self) -> bool:
        # Still choosing who boards: nothing was removed yet, the tile stays.
        pending = self.boarding is not None
        self.boarding = None
        return pending

    def undo_pending_possible(self) -> bool:
        return self.boarding is not None

    def new_position(self, seed: int) -> None:
        self.session.start(practice_position(seed), source=f"Übungsstellung Nr. {seed}",
                           practice=True, seed=seed)

    def load(self, state: State, source: str = "") -> None:
        """Practise on a given position (e.g. one from the content); undo goes back."""
        self.session.start(state, source=source, practice=True, seed=self.session.entry.seed)

    def choose(self, space: Space) -> bool:
        """The player picks ``space``; the engine decides. A refusal leaves the state alone."""
        session, state = self.session, self.state
        self.boarding = None
        if session.is_over:
            return self._play(space)  # the engine says the game is over; nothing is counted
        allowed, reason = removal_check(state, space)
        if not allowed:
            is_tile = space in KIND_BY_SPACE and space not in state.removed
            if is_tile:
                # Only a real tile counts as a wrong answer; sea or a hole is a slip. A wrong
                # answer is no step to undo: undo restores the tally from before the last step.
                session.replace_side(replace(self.tally, wrong=self.tally.wrong + 1))
                self.last_wrong = space
            session.refuse(reason, title="Nicht erlaubt" if is_tile else "Kein Plättchen")
            session.emit(DRAFT)
            return False
        falling = tuple(e for s, group in state.land if s == space for e in group)
        if dict(state.backs).get(space) is Effect.BOOT:
            if len(falling) > BOAT_SEATS:
                self.boarding = (space, boarding_choices(falling))
                session.say(f"{len(falling)} Entdecker fallen ins Meer, ins Boot passen "
                            f"{BOAT_SEATS}. Du wählst, welche {BOAT_SEATS} einsteigen "
                            "(Auslegung S9).", title="Ein Boot taucht auf")
                session.emit(DRAFT)
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

    def _play(self, space: Space, boarders: tuple[Explorer, ...] | None = None) -> bool:
        session = self.session
        try:
            new, report = GAME.apply(self.state, Remove(space, boarders=boarders))
        except RulesError as err:
            session.refuse(f"{err} Nimm eine neue Stellung." if session.is_over else str(err),
                           err.code, title="Geht nicht")
            session.emit(DRAFT)
            return False
        if new.phase is Phase.WUERFELN:
            # The trainer asks for the next tile at once: die and moves are not its topic.
            new = replace(new, phase=Phase.ENTFERNEN)
        title = "Die Partie ist vorbei" if new.phase is Phase.ENDE else "Richtig"
        tally = self.tally
        session.record(new, Remove(space, boarders=boarders), report,
                       side=Tally(tally.right + 1, tally.wrong, space),
                       message=Message(report.reason, DONE, title, report.text))
        return True


def boarding_choices(falling) -> tuple[tuple[Explorer, ...], ...]:
    """Every group of exactly three of ``falling`` that can board, each group once (S9)."""
    seen: dict[tuple, tuple[Explorer, ...]] = {}
    for group in combinations(sort_explorers(falling), BOAT_SEATS):
        seen.setdefault(tuple(e.key for e in group), group)
    return tuple(seen.values())


def group_name(group) -> str:
    """``Rot 3, Rot 1 und Blau 6``: colour and, where known, the value."""
    words = [e.colour.title + (f" {e.value}" if e.value is not None else "") for e in group]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " und " + words[-1]


__all__ = ["START_SEED", "RemovalDraft", "Tally", "boarding_choices", "group_name",
           "survive_session"]
