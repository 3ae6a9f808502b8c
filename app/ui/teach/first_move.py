"""„Erster Zug“: the explanation ends at the board with a real game for the table.

The first player's legal moves are offered one at a time (↑/↓), each marked on the board and
explained in the engine's words before it is played; Enter plays it (the board animates) and
the next player's moves follow – the practice turn every teaching guide recommends. Keys 2–4
set the game up anew for that many players, where the game allows it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

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
        self.words = QVBoxLayout()
        self.words.setSpacing(kind.px(12))
        column.addLayout(self.words)
        column.addStretch(1)
        text = QWidget()
        text.setObjectName("TeachText")
        text.setLayout(column)
        outer.addWidget(text, 9)
        if stage is not None:
            outer.addWidget(stage, 11)
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
        """The first legal move the board can play out (Atlantis offers its bridge first)."""
        if self.stage is None:
            return 0
        for index, move in enumerate(self.moves):
            after, outcome = self.engine.apply(self.state, move)
            if self.stage.duration(Played(self.state, move, after, outcome)) > 0:
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
        name = self._mover()
        self._show_words(f"Wenn {name} so zieht:", self._sentences(outcome))
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
        while self.words.count():
            item = self.words.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()  # gone from this frame, not only after the next turn
                item.widget().deleteLater()
        for sentence in sentences:
            self.words.addWidget(text_label(sentence, "body", self.kind, rich=False,
                                            name="TeachMoveText"))
        self._update_header()

    def _update_header(self) -> None:
        if self.engine is None or self.state is None:
            return
        name = self._mover()
        self.who.setText(f"{name} ist dran" if name else "Die Partie ist zu Ende.")
        count = len(self.moves)
        players = f"{self.players} Spieler" if self.players else ""
        if count:
            self.which.setText(f"Zug {self.selected + 1} von {count} · ↑ ↓ wählen · Eingabe "
                               f"spielt · {players} (Taste {_counts(self.engine.info.players)})")
        else:
            self.which.setText(players)

    def move_labels(self) -> list[QLabel]:
        return [self.words.itemAt(i).widget() for i in range(self.words.count())
                if self.words.itemAt(i).widget() is not None]



def _counts(players: tuple[int, ...]) -> str:
    """The keys that set up a game: ``2–4``, or ``2 oder 4`` when 3 is no choice."""
    counts = sorted(players)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]}–{counts[-1]}"
    return " oder ".join(str(c) for c in counts) if len(counts) == 2 else \
        ", ".join(str(c) for c in counts)
