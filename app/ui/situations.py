"""Engine-made practice situations for the quiz: which games have them, and their drawings."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from app.model.quiz_round import Situation


class AtlantisSituations:
    """Makes questions from seeds; new seeds come from the clock, so every round differs."""

    def __init__(self, seed: int | None = None):
        self._seeds = random.Random(seed)

    def make(self, seed: int) -> Situation:
        """The situation for ``seed``; one whose picture would leave out a place the question
        needs is marked not answerable, so a wrong guess marks no pitfall."""
        from dataclasses import replace

        from app.model.situations import make_situation

        situation = make_situation(seed)
        if not covers(situation):
            situation = replace(situation, answerable=False)
        return situation

    def next_seeds(self, count: int) -> list[int]:
        return [self._seeds.randrange(1, 1_000_000) for _ in range(count)]

    def drawing(self, situation: Situation) -> QWidget | None:
        """The stretch of path the question is about, with the moving pawn ringed — and
        nothing that would give the answer away (no target glow, no arrow, no costs)."""
        from app.rules.atlantis import parse_move
        from app.ui.boards.atlantis_scene import Highlights, MiniBoard, drawing_for

        stretch = drawing_for(situation.position, situation.action, situation.focus, whole=False)
        move = parse_move(situation.action)
        marks = Highlights(selected=move.origin, player=stretch.state.turn)
        board = MiniBoard(stretch.state, stretch.first, stretch.last, marks,
                          shown=stretch.shown)
        board.setAccessibleName(f"Ausschnitt des Weges: {board.accessibleName()}")
        return board


def covers(situation: Situation) -> bool:
    """Whether the situation's picture shows every place its question needs."""
    from app.ui.boards.atlantis_scene import drawing_for, stretch_layout

    drawing = drawing_for(situation.position, situation.action, situation.focus, whole=False)
    drawn = stretch_layout(len(drawing.state.path), drawing.shown).rects
    return all(place in drawn for place in situation.focus)


def situation_service_for(game_id: str, *, own_pack: bool = False):
    """The practice service of ``game_id`` (see app/ui/game_registry.py), or ``None``
    where the engine makes none."""
    from app.rules.offers import PRACTICE
    from app.ui.game_registry import offers, ui_for_id

    if PRACTICE not in offers(game_id, own_pack=own_pack):
        return None
    return ui_for_id(game_id).practice()
