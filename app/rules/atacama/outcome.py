"""What a turn did, as a record, and its German explanation step by step with its sources.

The Anleitung we follow has no page numbers, so a step's sources are the ruling codes the
content names under „Auslegungen“ (P4, P5, A1); a step that rests on the Anleitung alone has
none. The running text names a ruling as „Auslegung P4“, as the content does.

>>> from app.rules.atacama.types import Place, Variant
>>> outcome = Outcome(Place(40), 0, "E", (30,), None, 13, "", False, None)
>>> [step.text for step in outcome.explanation().steps]
['Person 1 setzt einen Bohrturm auf e5 (Teilplan E).', 'Diagonal daneben steht ein Bohrturm \
(d4) – das ist erlaubt.', 'Person 1 hat noch 13 Bohrtürme.']
"""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.atacama import geometry as geo
from app.rules.atacama.types import Move, Place, PlayerRight
from app.rules.atacama.words import derricks_german, join_names, player_name
from app.rules.contract import Explanation, Step

P4 = "P4"  # Aufbauspiel: deliveries A, B, D → C, E, G → F, H, I; a taken right is a turn
P5 = "P5"  # Aufbauspiel: the last turn takes a right if nobody has
A1 = "A1"  # a field scores its printed value


@dataclass(frozen=True, slots=True)
class Outcome:
    """Everything a player would ask about a turn; :meth:`explanation` says it in German.

    ``revealed`` holds the sub-boards that came out after this turn (Aufbauspiel), ``forced``
    says the right was taken because the last turn had to (Auslegung P5), and ``scores`` and
    ``winners`` (0-based) are filled in when the turn ended the game.
    """

    move: Move
    player: int
    sub_board: str | None
    diagonal_neighbours: tuple[int, ...]
    rights: tuple[PlayerRight | None, ...] | None
    derricks_left: int
    revealed: str
    game_over: bool
    end_reason: str | None
    second_left: int = 0
    forced: bool = False
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    def explanation(self) -> Explanation:
        """One step per thing that happened, in the order it happened."""
        name = player_name(self.player)
        move = self.move
        steps: list[Step] = []
        if isinstance(move, Place):
            kind = "einen Bohrturm der zweiten Farbe (zählt doppelt)" if move.second else (
                "einen Bohrturm"
            )
            steps.append(Step(
                f"{name} setzt {kind} auf {geo.square_name(move.square)} "
                f"(Teilplan {self.sub_board})."
            ))
            if self.diagonal_neighbours:
                names = join_names([geo.square_name(n) for n in self.diagonal_neighbours])
                one = len(self.diagonal_neighbours) == 1
                verb = "steht ein Bohrturm" if one else "stehen Bohrtürme"
                steps.append(Step(
                    f"Diagonal daneben {verb} ({names}) – das ist erlaubt."
                ))
        else:
            steps.extend(self._right_steps(name))
        if not self.game_over:
            left = (f"{name} hat noch {derricks_german(self.derricks_left)}"
                    if self.derricks_left else f"{name} hat keinen Bohrturm mehr")
            if self.second_left:
                left += f", davon {self.second_left} der zweiten Farbe"
            steps.append(Step(left + "."))
        if self.revealed:
            stage = geo.stage_of_board(self.revealed[0])
            steps.append(Step(
                f"Jetzt kommen die Teilpläne {join_names(list(self.revealed))} dazu – die "
                f"Lieferung „{geo.BUILDUP_STAGE_NAMES[stage]}“ (Auslegung P4).",
                (P4,),
            ))
        if self.end_reason:
            steps.append(Step(self.end_reason))
        if self.scores is not None:
            steps.append(self._score_step())
        return Explanation(tuple(steps))

    @property
    def text(self) -> str:
        """All steps as one paragraph (the rulings are named in the running text)."""
        return " ".join(step.text for step in self.explanation().steps)

    def _right_steps(self, name: str) -> list[Step]:
        assert self.rights is not None
        steps: list[Step] = []
        if self.forced:
            steps.append(Step(
                "Die Schürfrechte waren noch offen, und dies war der letzte Zug der Partie: "
                f"{name} musste ein Schürfrecht nehmen (Auslegung P5).",
                (P5,),
            ))
        mine = self.rights[self.player]
        assert mine is not None
        steps.append(Step(
            f"{name} nimmt das Schürfrecht „{mine.right.german}“ und wertet die "
            f"{mine.direction.german}; bezahlt wird mit einem Bohrturm aus dem Vorrat. "
            "Auch das ist ein Zug (Auslegung P4).",
            (P4,),
        ))
        for other, theirs in enumerate(self.rights):
            if other != self.player and theirs is not None:
                steps.append(Step(
                    f"{player_name(other)} bekommt „{theirs.right.german}“ und wertet die "
                    f"{theirs.direction.german}."
                ))
        return steps

    def _score_step(self) -> Step:
        assert self.scores is not None and self.winners is not None
        totals = join_names([
            f"{player_name(p)} hat {_points(points)}" for p, points in enumerate(self.scores)
        ])
        best = [player_name(p) for p in self.winners]
        if len(best) == 1:
            result = f"{best[0]} gewinnt"
        else:
            # The Anleitung names no tie-break (see „Offene Fragen“).
            result = f"Gleichstand: {join_names(best)} gewinnen gemeinsam"
        return Step(
            f"Abrechnung mit den aufgedruckten Werten (Auslegung A1): {totals} – {result}.",
            (A1,),
        )


def _points(points: int) -> str:
    number = f"−{-points}" if points < 0 else str(points)
    return f"{number} Punkt" if abs(points) == 1 else f"{number} Punkte"
