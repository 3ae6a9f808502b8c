"""The one board page: a game's drawing and side panel inside what every board shares.

The game itself is a Qt-free :class:`~app.model.play_session.PlaySession`; this module wraps
it in Qt signals (:class:`SessionSignals`) so widgets follow it without owning any of it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.model.play_session import CHANGED, DRAFT, MESSAGE, MOVED, WRONG, PlaySession


class SessionSignals(QObject):
    """Qt signals for one session: the page and its parts connect here, never to globals."""

    changed = Signal()  # the state or the history changed
    draftChanged = Signal()  # the move in the making changed
    messageChanged = Signal()  # the message line changed (``session.message``)
    said = Signal(str, bool)  # a message worth saying aloud, and whether it is a refusal
    moved = Signal()  # a move was played (``session.outcome`` says what it did)

    def __init__(self, session: PlaySession, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        session.subscribe(self._relay)

    def _relay(self, event: str) -> None:
        if event == CHANGED:
            self.changed.emit()
        elif event == DRAFT:
            self.draftChanged.emit()
        elif event == MESSAGE:
            self.messageChanged.emit()
            message = self.session.message
            if message.text:
                self.said.emit(message.spoken, message.kind == WRONG)
        elif event == MOVED:
            self.moved.emit()
