"""What each game offers beyond its refresher, in one place.

A game is content plus, optionally, an engine. The engine makes worked examples checkable and
enables the interactive sections (Rechner, Spielbrett) and engine-made practice situations in the
quiz. Views and services are named as plain ``module:Class`` strings so this model module needs
no Qt; the UI imports them only when a section is opened.

A player's own pack is simply a game with none of these: :data:`NO_CAPABILITIES`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Capabilities:
    engine: str = ""  # rules package that checks worked examples, e.g. "app.rules.atlantis"
    calculators: str = ""  # view of the section „Rechner“
    board: str = ""  # view of the section „Spielbrett“
    situations: str = ""  # service that makes practice questions for the quiz

    @property
    def any(self) -> bool:
        return bool(self.engine or self.calculators or self.board or self.situations)


NO_CAPABILITIES = Capabilities()

CAPABILITIES: dict[str, Capabilities] = {
    "atlantis": Capabilities(
        engine="app.rules.atlantis",
        calculators="app.ui.views.atlantis_calculators:AtlantisCalculators",
        board="app.ui.views.atlantis_board_view:AtlantisBoardView",
        situations="app.ui.situations:AtlantisSituations",
    ),
    "atacama": Capabilities(
        engine="app.rules.atacama",
        calculators="app.ui.views.atacama_calculator:AtacamaCalculator",
        board="app.ui.views.atacama_board_view:AtacamaBoardView",
        situations="app.ui.practice_situations:AtacamaSituations",
    ),
    "survive": Capabilities(
        engine="app.rules.survive",
        calculators="app.ui.views.survive_encounters:SurviveEncounters",
        board="app.ui.views.survive_removal_view:SurviveRemovalView",
        situations="app.ui.practice_situations:SurviveSituations",
    ),
}

SHIPPED_IDS = frozenset(CAPABILITIES)


def capabilities_for(game_id: str, *, own_pack: bool = False) -> Capabilities:
    """What ``game_id`` offers; an own pack never borrows a shipped game's engine."""
    if own_pack:
        return NO_CAPABILITIES
    return CAPABILITIES.get(game_id, NO_CAPABILITIES)
