"""The sections of a game's refresher, in sidebar order.

Each section names its view class as ``module:Class``; the module is imported
when the section is first opened, which keeps the start of the app quick.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from app.model.capabilities import capabilities_for
from app.ui.app_state import Services

if TYPE_CHECKING:
    from app.model.loader import LoadedGame


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    icon: str
    view: str = ""
    shown: Callable[[LoadedGame], bool] = lambda loaded: True
    # Interactive sections are built on a game's engine: the view is the game's capability of
    # this name (app/model/capabilities.py), so a game without an engine has no such section.
    capability: str = ""

    def view_for(self, game_id: str, *, own_pack: bool = False) -> str:
        if not self.capability:
            return self.view
        return getattr(capabilities_for(game_id, own_pack=own_pack), self.capability)

    def build(self, loaded: LoadedGame, services: Services) -> QWidget:
        module_name, class_name = self.view_for(loaded.id, own_pack=_own(loaded)).split(":")
        view_class = getattr(importlib.import_module(module_name), class_name)
        return view_class(loaded, services)


def _has(attribute: str) -> Callable[[LoadedGame], bool]:
    return lambda loaded: bool(getattr(loaded.game.content, attribute))


SECTIONS: tuple[Section, ...] = (
    Section("summary", "In 30 Sekunden", "summary", "app.ui.views.summary_view:SummaryView"),
    Section("turn", "Dein Zug", "turn", "app.ui.views.steps_view:StepsView"),
    Section("numbers", "Die Zahlen", "numbers", "app.ui.views.numbers_view:NumbersView"),
    Section("pitfalls", "Leicht vergessen", "pitfalls", "app.ui.views.pitfalls_view:PitfallsView"),
    Section("quiz", "Weißt du's noch?", "quiz", "app.ui.views.quiz_view:QuizView"),
    Section("calculators", "Rechner", "calculator", capability="calculators"),
    Section("board", "Spielbrett", "board", capability="board"),
    Section("interpretations", "Auslegungen", "interpretations",
            "app.ui.views.interpretations_view:InterpretationsView",
            lambda loaded: bool(loaded.game.content.interpretations
                                or loaded.game.content.open_questions)),
    Section("variants", "Varianten", "variants", "app.ui.views.variants_view:VariantsView",
            _has("variants")),
    Section("source", "Quelle", "source", "app.ui.views.source_view:SourceView"),
)


def sections_for(loaded: LoadedGame) -> list[Section]:
    own = _own(loaded)
    return [s for s in SECTIONS
            if s.shown(loaded) and _view_exists(s.view_for(loaded.id, own_pack=own))]


def _own(loaded: LoadedGame) -> bool:
    # Set by app.model.packs on a player's own pack: it never gets a shipped game's engine.
    return bool(getattr(loaded, "own_pack", False))


@cache
def _view_exists(view: str) -> bool:
    # A game's interactive view appears once its module is there; no import needed to know.
    if not view:
        return False
    import importlib.util

    module = view.split(":")[0]
    return importlib.util.find_spec(module) is not None
