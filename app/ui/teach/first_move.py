"""„Erster Zug“: the explanation ends at the board with a real game for the table.

The first player's legal moves are offered one at a time (↑/↓), each marked on the board and
explained in the engine's words before it is played; Enter plays it (the board animates) and
the next player's moves follow – the practice turn every teaching guide recommends. Keys 2–4
set the game up anew for that many players, where the game allows it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.model.teaching import Lesson, Screen
from app.ui.accessibility import announce
from app.ui.teach.screen_view import Type, text_label
from app.ui.teach.stage import Played, Stage


class FirstMoveView(QWidget):
    def __init__(self, lesson: Lesson, screen: Screen, kind: Type, stage: Stage | None,
                 players: int | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.lesson, self.screen, self.kind, self.stage = lesson, screen, kind, stage
        self.engine = lesson.engine
        self.players = players or lesson.table_players()
        self.state: Any = None
        self.moves: list[Any] = []
        self.selected = 0
        self.played: Any = None  # (before, move, after, outcome) of the move just played
        self.sentences: list[str] = []
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(kind.px(56))
        column = QVBoxLayout()
        column.setSpacing(kind.px(16))
        column.addWidget(text_label(screen.title, "title", kind, rich=False, bold=True,
                                    name="TeachTitle"))
        self.who = text_label("", "body", kind, rich=False, bold=True, name="TeachWho")
        self.which = text_label("", "small", kind, rich=False, name="TeachMuted")
        self.heading = text_label("", "label", kind, rich=False, name="TeachMuted")
        column.addWidget(self.who)
        column.addWidget(self.which)
        column.addSpacing(kind.px(10))
        column.addWidget(self.heading)
        self.words = _Sentences(kind)
        column.addWidget(self.words, 1)
        self.more = text_label("", "small", kind, rich=False, name="TeachMuted")
        column.addWidget(self.more)
        self.words.paged.connect(self._update_more)
        text = QWidget()
        text.setObjectName("TeachText")
        text.setLayout(column)
        outer.addWidget(text, 1)
        if stage is not None:
            outer.addWidget(stage, 1)
        self.new_game(self.players)

    # -- the game --------------------------------------------------------------------------

    def new_game(self, players: int | None) -> bool:
        if self.engine is None:
            return False
        if players is not None and players not in self.engine.info.players:
            return False
        self.players = players
        self.state = self.lesson.first_move_game(players)
        self.played = None
        self._offer()
        return True

    def _offer(self) -> None:
        engine = self.engine
        self.moves = [] if engine.is_over(self.state) else list(engine.legal_moves(self.state))
        self.selected = 0
        if self.moves:
            self.consider(self._first_shown())
        else:
            self._show_words("Die Partie ist zu Ende.", [])
            if self.stage is not None:
                self.stage.show_state(self.state)

    def _first_shown(self) -> int:
        """The first legal move the board plays out as a move of the game (Atlantis lists
        its bridge first; the practice turn starts with a pawn's walk)."""
        if self.stage is None:
            return 0
        for index, move in enumerate(self.moves):
            after, outcome = self.engine.apply(self.state, move)
            if self.stage.plays_out(Played(self.state, move, after, outcome)):
                return index
        return 0

    def consider(self, index: int) -> None:
        """Mark move ``index`` of the legal moves and say what it would do."""
        if not self.moves:
            return
        self.selected = index % len(self.moves)
        move = self.moves[self.selected]
        after, outcome = self.engine.apply(self.state, move)
        if self.stage is not None:
            self.stage.consider(self.state, move, after, outcome)
        # „… ist dran“ above already says whose move this would be: no heading, more room for
        # the engine's sentences.
        self._show_words("", self._sentences(outcome))
        announce(self, f"Zug {self.selected + 1} von {len(self.moves)}. "
                       + " ".join(self.sentences))

    def step(self, delta: int) -> None:
        if self.played is not None:
            self.played = None
        self.consider(self.selected + delta)

    def play(self) -> None:
        """Play the marked move; the board animates and the next player's moves follow."""
        if not self.moves:
            return
        move = self.moves[self.selected]
        before = self.state
        name = self._mover()
        after, outcome = self.engine.apply(before, move)
        self.played = Played(before, move, after, outcome)
        self.state = after
        if self.stage is not None:
            self.stage.play(self.played)
        self._show_words(f"Gespielt – {name}:", self._sentences(outcome))
        announce(self, f"{name} hat gespielt. " + " ".join(self.sentences))
        engine = self.engine
        self.moves = [] if engine.is_over(after) else list(engine.legal_moves(after))
        self.selected = 0
        self._update_header()

    # -- words -----------------------------------------------------------------------------

    def _mover(self) -> str:
        player = self.engine.to_move(self.state)
        return self.engine.player_name(self.state, player) if player is not None else ""

    def _sentences(self, outcome) -> list[str]:
        return [step.text for step in self.engine.explain(outcome).steps]

    def _show_words(self, heading: str, sentences: list[str]) -> None:
        self.sentences = sentences
        self.heading.setText(heading)
        self.heading.setVisible(bool(heading))
        self.words.set_sentences(sentences)
        self._update_header()

    def next_page(self) -> bool:
        """Show the next sentences of a long explanation; False if all were shown."""
        return self.words.turn(1)

    def previous_page(self) -> bool:
        return self.words.turn(-1)

    def _update_more(self) -> None:
        first, last, count = self.words.first, self.words.last, len(self.sentences)
        if count and (first > 0 or last < count):
            more = f"Satz {first + 1}–{last} von {count}"
            if last < count:
                more += " · Leertaste: weiter"
            if first > 0:
                more += " · Rücktaste: zurück"
            self.more.setText(more)
            self.more.show()
        else:
            self.more.setText("")
            self.more.hide()

    def _update_header(self) -> None:
        if self.engine is None or self.state is None:
            return
        name = self._mover()
        self.who.setText(f"{name} ist dran" if name else "Die Partie ist zu Ende.")
        count = len(self.moves)
        players = f"{self.players} Spieler" if self.players else ""
        if count:
            keys = _counts(self.engine.info.players)
            self.which.setText(f"Zug {self.selected + 1} von {count} · ↑ ↓ wählen · Eingabe "
                               f"spielt · {players} (Taste\u00a0{keys})")
        else:
            self.which.setText(players)

    def body_size_kept(self) -> bool:
        """The move's sentences are in full body type (a long one pages, it never shrinks)."""
        return all(abs(label.font().pointSizeF() - self.kind.pt("body")) < 1e-6
                   for label in self.words.labels)

    def move_labels(self) -> list[QLabel]:
        """The labels of the sentences on show now (one page of a long explanation)."""
        return self.words.shown()



def _counts(players: tuple[int, ...]) -> str:
    """The keys that set up a game: ``2–4``, or ``2 oder 4`` when 3 is no choice."""
    counts = sorted(players)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]}–{counts[-1]}"
    return " oder ".join(str(c) for c in counts) if len(counts) == 2 else \
        ", ".join(str(c) for c in counts)


class _Sentences(QWidget):
    """The engine's sentences about a move, in body type, as many as fit from ``first`` on.

    A long explanation (an Atlantis move across five gaps has sixteen sentences) does not fit
    a screen at a size readable from across the table; rather than shrink the type it is shown
    a page at a time (Leertaste/Rücktaste). No layout: a layout would squeeze the labels
    instead of leaving the ones that do not fit for the next page.
    """

    paged = Signal()

    def __init__(self, kind: Type, parent: QWidget | None = None):
        super().__init__(parent)
        self.kind = kind
        self.spacing = kind.px(12)
        self.labels: list[QLabel] = []
        self.first = 0
        self.last = 0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)

    def set_sentences(self, sentences: list[str]) -> None:
        for label in self.labels:
            label.hide()  # gone from this frame, not only after the next turn
            label.deleteLater()
        self.labels = []
        for sentence in sentences:
            label = text_label(sentence, "body", self.kind, rich=False, name="TeachMoveText")
            label.setParent(self)
            label.hide()
            self.labels.append(label)
        self.first = 0
        self.place()

    def turn(self, delta: int) -> bool:
        if delta > 0:
            if self.last >= len(self.labels):
                return False
            self.first = self.last
        else:
            if self.first == 0:
                return False
            self.first = self._start_before(self.first)
        self.place()
        return True

    def _heights(self, width: int) -> list[int]:
        return [label.heightForWidth(width) for label in self.labels]

    def _start_before(self, first: int) -> int:
        """Where the page that ends just before ``first`` starts."""
        heights = self._heights(self.width())
        start, used = first, 0
        while start > 0:
            need = heights[start - 1] + (self.spacing if used else 0)
            if used and used + need > self.height():
                break
            used += need
            start -= 1
        return start

    def place(self) -> None:
        width, room = self.width(), self.height()
        heights = self._heights(width)
        y, last = 0, self.first
        for index, label in enumerate(self.labels):
            fits = index >= self.first and index == last and (
                index == self.first or y + heights[index] <= room)
            if fits:
                label.setGeometry(0, y, width, heights[index])
                label.show()
                y += heights[index] + self.spacing
                last = index + 1
            else:
                label.hide()
        self.last = last
        self.paged.emit()

    def shown(self) -> list[QLabel]:
        return self.labels[self.first:self.last]

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.place()
