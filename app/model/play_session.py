"""One game being played on a board, for any engine of the registry — no Qt.

The session keeps what every board needs, once: the history of whole states with undo and
redo (engine states are immutable, so undo only moves a cursor), the last move's outcome and
the engine's explanation of it, the current message (a refusal carries the engine's reason
code, so nobody parses German), the position's notation both ways, and a fresh game or a
practice position by its number.

What is special to one game lives in its *draft* (:mod:`app.model.drafts`): the Atlantis
move put together click by click, Atacama's second colour, the Survive trainer's tally and
boarding choice. The board page (:mod:`app.ui.board_page`) wraps a session in Qt signals;
tests drive it without Qt.

>>> from app.rules.registry import GAMES
>>> session = PlaySession(GAMES["atacama"], seed=3)
>>> session.play(session.game.legal_moves(session.state)[0])
True
>>> session.explanation.steps[0].text.startswith("Person 1 setzt einen Bohrturm auf a1")
True
>>> session.play(session.entry.move)
False
>>> session.message.kind, session.message.code
('wrong', 'occupied')
>>> session.undo(), session.can_redo
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from app.model.undo import UndoHistory
from app.rules.contract import Explanation, Game
from app.rules.errors import RulesError

INFO, WRONG, DONE = "info", "wrong", "done"

# What a listener hears: the history moved (new state), the draft changed (the move in the
# making), the message changed, a move was played (after ``CHANGED``).
CHANGED, DRAFT, MESSAGE, MOVED = "changed", "draft", "message", "moved"


@dataclass(frozen=True)
class Message:
    """The line under the board: German text, its kind, and for a refusal the reason code."""

    text: str = ""
    kind: str = INFO  # INFO, WRONG or DONE
    title: str = ""  # a short verdict above the text („Richtig“, „Nicht erlaubt“)
    detail: str = ""  # what followed, in smaller type
    code: str = ""  # the engine's reason code of a refusal

    @property
    def spoken(self) -> str:
        """Title, text and detail as one announcement, each part ending a sentence."""
        return " ".join(part if part.endswith((".", "!", "?", ":")) else f"{part}."
                        for part in (self.title, self.text, self.detail) if part)


@dataclass(frozen=True)
class Entry:
    """One step of the history: the state after it and, for a move, what led there."""

    state: Any
    before: Any = None
    move: Any = None
    outcome: Any = None
    source: str = ""  # where the position came from, in words („Neue Partie zu dritt“)
    practice: bool = False  # a practice position, not the printed game
    seed: int | None = None  # the number that makes this game or position again
    side: Any = None  # what a draft keeps beside the state and undo restores (a tally)


class PlaySession:
    """A game on a board: history, undo/redo, outcome, explanation, message, notation."""

    def __init__(self, game: Game, state: Any = None, *, draft: Draft | None = None,
                 seed: int = 0, players: int | None = None, variant: str = "",
                 source: str = "", practice: bool = False, side: Any = None):
        self.game = game
        self.message = Message()
        self._listeners: list[Callable[[str], None]] = []
        if state is None:
            state = game.new_game(seed=seed, variant=variant, players=players)
        self.history: UndoHistory[Entry] = UndoHistory(
            Entry(state, source=source, practice=practice, seed=seed, side=side))
        self._explained: tuple[Entry, Explanation | None] | None = None
        self.draft = draft if draft is not None else Draft()
        self.draft.attach(self)

    # -- listening -------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[str], None]) -> None:
        """``listener(event)`` after every change; events are CHANGED, DRAFT, MESSAGE, MOVED."""
        self._listeners.append(listener)

    def emit(self, event: str) -> None:
        for listener in tuple(self._listeners):
            listener(event)

    # -- reading ---------------------------------------------------------------------------

    @property
    def entry(self) -> Entry:
        return self.history.current

    @property
    def state(self) -> Any:
        return self.entry.state

    @property
    def outcome(self) -> Any:
        return self.entry.outcome

    @property
    def side(self) -> Any:
        return self.entry.side

    @property
    def source(self) -> str:
        return self.entry.source

    @property
    def practice(self) -> bool:
        return self.entry.practice

    @property
    def explanation(self) -> Explanation | None:
        """The engine's German steps of the last move (``None`` before the first)."""
        entry = self.entry
        if self._explained is None or self._explained[0] is not entry:
            explained = None if entry.outcome is None else self.game.explain(entry.outcome)
            self._explained = (entry, explained)
        return self._explained[1]

    @property
    def notation(self) -> str:
        return self.game.format_position(self.state)

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def player_name(self, seat: int) -> str:
        return self.game.player_name(self.state, seat)

    def now_on(self) -> str:
        """Who is on, as a sentence without its full stop; „Die Partie ist vorbei“ at the end."""
        seat = self.to_move
        if seat is None:
            return "Die Partie ist vorbei"
        return f"{self.player_name(seat)} ist am Zug"

    # -- messages --------------------------------------------------------------------------

    def say(self, text: str, kind: str = INFO, *, title: str = "", detail: str = "",
            code: str = "") -> None:
        self.message = Message(text, kind, title, detail, code)
        self.emit(MESSAGE)

    def refuse(self, text: str, code: str = "", title: str = "") -> bool:
        """Say why something was not done; always ``False``, so callers can return it."""
        self.say(text, WRONG, title=title, code=code)
        return False

    # -- playing ---------------------------------------------------------------------------

    def attempt(self, move: Any) -> tuple[Any, Any] | None:
        """``game.apply`` of ``move`` on the current state, or ``None`` after saying why not."""
        try:
            return self.game.apply(self.state, move)
        except RulesError as err:
            self.refuse(str(err), err.code)
            return None

    def play(self, move: Any, *, side: Any = None, message: Message | None = None) -> bool:
        """Apply ``move``; a refusal leaves everything as it was and says the engine's reason."""
        applied = self.attempt(move)
        if applied is None:
            return False
        new, outcome = applied
        self.record(new, move, outcome, side=side, message=message)
        return True

    def record(self, new: Any, move: Any, outcome: Any, *, side: Any = None,
               message: Message | None = None) -> None:
        """Push a move the engine has already applied (``new``, ``outcome``) as one step."""
        entry = replace(self.entry, state=new, before=self.state, move=move, outcome=outcome,
                        side=self.side if side is None else side)
        self.history.push(entry)
        self._after_change(message if message is not None else Message())
        self.emit(MOVED)

    def replace_move(self, move: Any, message: Message | None = None) -> bool:
        """Play the current entry's move differently (another payment), without a new step."""
        entry = self.entry
        if entry.before is None:
            return self.refuse("Hier gibt es keinen Zug, den du ändern könntest.")
        try:
            new, outcome = self.game.apply(entry.before, move)
        except RulesError as err:
            return self.refuse(str(err), err.code)
        self.history.replace(replace(entry, state=new, move=move, outcome=outcome))
        self._after_change(message if message is not None else Message())
        return True

    def replace_side(self, side: Any) -> None:
        """Change what the draft keeps beside the state (a wrong answer), without a step."""
        self.history.replace(replace(self.entry, side=side))

    # -- starting points -------------------------------------------------------------------

    def start(self, state: Any, *, source: str = "", practice: bool = False,
              seed: int | None = None, side: Any = None, message: Message | None = None) -> None:
        """Play on from ``state`` (a new game, a practice position, an example, pasted text):
        one step in the history, so undo brings back the game before it."""
        self.history.push(Entry(state, source=source, practice=practice, seed=seed,
                                side=self.draft.side_for_start(self.side) if side is None
                                else side))
        self._after_change(message if message is not None else Message())

    def new_game(self, seed: int | None = None, *, players: int | None = None,
                 variant: str = "", source: str = "", practice: bool = False,
                 message: Message | None = None) -> bool:
        """A fresh game by the rules, shuffled by ``seed`` (``None``: the current number)."""
        seed = self.entry.seed if seed is None else seed
        try:
            state = self.game.new_game(seed=seed or 0, variant=variant, players=players)
        except RulesError as err:
            return self.refuse(str(err), err.code)
        self.start(state, source=source or "Neue Partie", practice=practice, seed=seed,
                   message=message)
        return True

    def load_position(self, text: str) -> bool:
        """Take a position in the engine's notation; bad text changes nothing and says why."""
        try:
            state = self.game.parse_position(text.strip())
        except RulesError as err:
            return self.refuse(f"Diese Stellung kann ich nicht übernehmen: {err}", err.code)
        if self.game.format_position(state) == self.notation:
            self.say("Das ist schon die Stellung auf dem Brett.")
            return True
        self.start(state, source="Eingefügte Stellung",
                   message=Message("Stellung übernommen.", DONE))
        return True

    # -- history ---------------------------------------------------------------------------

    def undo(self) -> bool:
        if not self.draft.undo_pending() and not self.history.undo():
            return False
        self._after_change(Message(f"Zurückgenommen – {self.now_on()}."))
        return True

    def redo(self) -> bool:
        if not self.history.redo():
            return False
        self._after_change(Message(f"Wiederhergestellt – {self.now_on()}."))
        return True

    def _after_change(self, message: Message) -> None:
        self.draft.reset()
        self.message = message
        self.emit(CHANGED)
        self.emit(MESSAGE)


class Draft:
    """The part of a game's turn that is not yet a move, and what a game keeps beside it.

    The plain draft has nothing in the making: every click is a whole move. A game's own
    draft (Atlantis: pawn, cards, bridge; Survive: who boards) subclasses it.
    """

    session: PlaySession

    def attach(self, session: PlaySession) -> None:
        self.session = session

    def reset(self) -> None:
        """Forget the move in the making: the state changed under it."""

    def side_for_start(self, side: Any) -> Any:
        """What the draft keeps beside a new game or position (the trainer keeps its tally)."""
        return None

    def undo_pending(self) -> bool:
        """Undo a half-made move instead of a history step; ``True`` if there was one."""
        return False

    def undo_pending_possible(self) -> bool:
        """Whether :meth:`undo_pending` would undo something now (the undo button is on)."""
        return False

    @property
    def building(self) -> bool:
        """Whether a move is being put together (the board shows it, not the last one)."""
        return False


__all__ = ["CHANGED", "DONE", "DRAFT", "INFO", "MESSAGE", "MOVED", "WRONG", "Draft", "Entry",
           "Message", "PlaySession"]
