"""The sections of a game's refresher, in sidebar order.

Each section names its view class as ``module:Class``; the module is imported
when the section is first opened, which keeps the start of the app quick. The
interactive sections (Rechner, Spielbrett) are the game's own pages from the game
registry (:mod:`app.ui.game_registry`), keyed by its engine's class.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtWidgets import QWidget

from app.ui.app_state import Services
from app.ui.game_registry import offers, ui_for_id

if TYPE_CHECKING:
    from app.model.loader import LoadedGame


class Section(NamedTuple):
    # A named tuple: made before the first frame (see theme.Colours).
    key: str
    title: str
    icon: str
    view: str = ""
    shown: Callable[[LoadedGame], bool] = lambda loaded: True
    # Interactive sections are a game's own pages (app/ui/game_registry.py): a game without
    # an engine, or an own pack, has no such section.
    offer: str = ""

    def offered(self, game_id: str, *, own_pack: bool = False) -> bool:
        if self.offer:
            return self.offer in offers(game_id, own_pack=own_pack)
        return _view_exists(self.view)

    def build(self, loaded: LoadedGame, services: Services) -> QWidget:
        if self.offer:
            view_class = getattr(ui_for_id(loaded.id, own_pack=_own(loaded)), self.offer)
        else:
            module_name, class_name = self.view.split(":")
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
    Section("calculators", "Rechner", "calculator", offer="calculators"),
    Section("board", "Spielbrett", "board", offer="board"),
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
            if s.shown(loaded) and s.offered(loaded.id, own_pack=own)]


def _own(loaded: LoadedGame) -> bool:
    # Set by app.model.packs on a player's own pack: it never gets a shipped game's engine.
    return loaded.own_pack


@cache
def _view_exists(view: str) -> bool:
    # A view appears once its module is there; no import needed to know.
    if not view:
        return False
    module = view.split(":")[0]
    return importlib.util.find_spec(module) is not None
