"""Atacama on the board: every click is a whole move; the draft only remembers whether the
next derrick is of the second colour (Taktikvariante) and which derrick was set last."""

from __future__ import annotations

from app.model.play_session import DONE, INFO, Draft, Message, PlaySession
from app.rules.atacama import (
    GAME,
    Place,
    State,
    TakeRight,
    Variant,
    new_game,
    practice_board,
)


def atacama_session(state: State | None = None) -> PlaySession:
    start = state if state is not None else new_game()
    return PlaySession(GAME, start, draft=AtacamaDraft(), seed=start.board.seed,
                       source="Neue Partie", practice=True)


class AtacamaDraft(Draft):
    """The second-colour wish; the entry's ``side`` is the square of the last derrick (drawn
    marked), kept through a taken right."""

    def __init__(self) -> None:
        self.second = False

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def last_square(self) -> int | None:
        return self.session.side

    @property
    def second_effective(self) -> bool:
        """The second colour only where it exists; when one kind is used up, the other."""
        state = self.state
        if not state.variant.tactical:
            return False
        player = state.to_move
        if self.second and state.second_left(player) == 0 and state.base_left(player) > 0:
            return False
        if not self.second and state.base_left(player) == 0 and state.second_left(player) > 0:
            return True
        return self.second

    def place(self, square: int) -> bool:
        return self.play(Place(square, self.second_effective))

    def play(self, move: Place | TakeRight) -> bool:
        """Play ``move``; an illegal one leaves the state as it is and says why."""
        applied = self.session.attempt(move)
        if applied is None:
            return False
        new, outcome = applied
        self.session.record(new, move, outcome,
                            side=move.square if isinstance(move, Place) else None,
                            message=Message(outcome.text, DONE if outcome.game_over else INFO))
        return True

    def restart(self, variant: Variant | None = None, seed: int | None = None) -> None:
        """A new game; ``None`` keeps the current variant or plan."""
        variant = variant if variant is not None else self.state.variant
        board = practice_board(seed) if seed is not None else self.state.board
        first = self.session.player_name(0)
        self.session.start(new_game(variant, board), source="Neue Partie", practice=True,
                           seed=board.seed, message=Message(
                               f"Neue Partie: {variant.german}. {first} setzt den ersten "
                               "Bohrturm."))

    def set_second(self, second: bool) -> None:
        self.second = second
        self.session.emit("draft")


__all__ = ["AtacamaDraft", "atacama_session"]
