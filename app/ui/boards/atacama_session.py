"""One Atacama game on the „Spielbrett“: engine states, undo/redo and the last message, kept
out of the widgets (:mod:`app.ui.views.atacama_board_view` shows it).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.rules.atacama import (
    Place,
    State,
    TakeRight,
    Variant,
    apply,
    new_game,
    parse_position,
    position_text,
    practice_board,
    why_illegal,
)
from app.rules.errors import RulesError
from app.ui.undo import UndoHistory


def player_name(player: int) -> str:
    return f"Spieler {player + 1}"


class AtacamaSession(QObject):
    """One game on the board: the engine state, undo/redo, the last message.

    Undo and redo keep whole states, so starting anew, changing the plan or pasting a
    position can be taken back like a derrick.
    """

    changed = Signal()
    said = Signal(str, bool)  # a message worth saying aloud, and whether it is a refusal

    def __init__(self, state: State | None = None, parent: QObject | None = None):
        super().__init__(parent)
        # Each entry: the state and the square of the derrick that led to it (drawn marked).
        self._history: UndoHistory[tuple[State, int | None]] = UndoHistory(
            (state if state is not None else new_game(), None))
        self.second = False
        self.message = ""
        self.message_kind = "info"  # "info", "wrong" or "done"

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._history.current[0]

    @property
    def last_square(self) -> int | None:
        return self._history.current[1]

    @property
    def notation(self) -> str:
        return position_text(self.state)

    @property
    def can_undo(self) -> bool:
        return self._history.can_undo

    @property
    def can_redo(self) -> bool:
        return self._history.can_redo

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

    # -- changing ------------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind
        if text:
            self.said.emit(text, kind == "wrong")

    def _push(self, state: State, last: int | None) -> None:
        self._history.push((state, last))

    def place(self, square: int) -> bool:
        move = Place(square, self.second_effective)
        return self.play(move)

    def play(self, move: Place | TakeRight) -> bool:
        """Play ``move``; an illegal one leaves the state as it is and says why."""
        reason = why_illegal(self.state, move)
        if reason is not None:
            self.say(reason, "wrong")
            self.changed.emit()
            return False
        new, outcome = apply(self.state, move)
        self._push(new, move.square if isinstance(move, Place) else self.last_square)
        self.say(outcome.text, "done" if outcome.game_over else "info")
        self.changed.emit()
        return True

    def undo(self) -> None:
        if not self._history.undo():
            return
        self.say(f"Zurückgenommen – {player_name(self.state.to_move)} ist am Zug.")
        self.changed.emit()

    def redo(self) -> None:
        if not self._history.redo():
            return
        self.say("Wiederholt.")
        self.changed.emit()

    def restart(self, variant: Variant | None = None, seed: int | None = None) -> None:
        """A fresh game; ``None`` keeps the current variant or plan."""
        variant = variant if variant is not None else self.state.variant
        board = practice_board(seed) if seed is not None else self.state.board
        self._push(new_game(variant, board), None)
        self.say(f"Neue Partie: {variant.german}. {player_name(0)} setzt den ersten Bohrturm.")
        self.changed.emit()

    def load(self, text: str) -> bool:
        """Take a pasted position; bad text leaves everything as it was and says why."""
        try:
            state = parse_position(text.strip())
        except RulesError as err:
            self.say(f"Diese Stellung kann ich nicht übernehmen: {err}", "wrong")
            self.changed.emit()
            return False
        self._push(state, None)
        self.say("Stellung übernommen.")
        self.changed.emit()
        return True

    def set_second(self, second: bool) -> None:
        self.second = second
        self.changed.emit()


__all__ = ["AtacamaSession", "player_name"]
