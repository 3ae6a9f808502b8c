"""What each game offers in the window, keyed by its engine's ``Game`` class.

The one place that ties an engine to its pages, as napari's ``layer_to_controls`` ties a
layer class to its controls: the board page's drawing, the Rechner page, the practice
service of the quiz, the screen-reader fields of the board, the help lines of F1 and the
drawing of worked examples under „Leicht vergessen“. It lives in ``app/ui`` because it
names classes of both sides (``ui → model → rules``); ``app/model`` names no UI at all.

Entries are classes, not ``"module:Class"`` strings: a renamed module fails the registry
test (``tests/ui/test_game_registry.py``) instead of making a section silently disappear.
Each entry is built by a function that imports its classes when first asked, so the first
frame imports no engine; :data:`OFFERS` answers the one question the sidebar asks before it
(which sections a game has) and the registry test holds it to the entries and to each
engine's ``GameInfo.provides``.

Adding a game: an engine package with ``GAME`` (``app/rules/<spiel>``), its drawing and side
panel (``app/ui/boards``), and one entry here (a function below, its line in ``_ENTRIES`` and
in :data:`OFFERS`). README → „Adding a game“.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from app.rules.offers import BOARD, CALCULATORS, DRAWN_EXAMPLES, PRACTICE

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.rules.contract import Game

# What the window offers per game (content id), without importing the game: the sidebar's
# sections and the drawn examples are decided before the first frame.
OFFERS: dict[str, frozenset[str]] = {
    "atlantis": frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
    "atacama": frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
    "survive": frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
}


class GameUI(NamedTuple):
    """One game's pages and helpers; ``None`` where the game offers nothing of the kind."""

    # A named tuple: its class is made before the first frame (see theme.Colours).
    game: type  # the engine's Game class: the registry's key
    board: type[QWidget] | None = None  # the section „Spielbrett“ (a BoardPage)
    calculators: type[QWidget] | None = None  # the section „Rechner“
    practice: type | None = None  # makes practice situations for the quiz
    fields: Callable[[Any], list] | None = None  # the board drawing's screen-reader fields
    help_lines: tuple[tuple[str, str], ...] = ()  # F1: what the board's keys do
    drawn_example: Callable[..., QWidget] | None = None  # a worked example as a picture

    def offers(self) -> frozenset[str]:
        """What this entry really provides (the registry test compares it with OFFERS)."""
        have = {BOARD: self.board, CALCULATORS: self.calculators, PRACTICE: self.practice,
                DRAWN_EXAMPLES: self.drawn_example}
        return frozenset(key for key, value in have.items() if value is not None)


def _atlantis() -> GameUI:
    from app.rules.atlantis.game import Atlantis
    from app.rules.atlantis.types import ITEMS
    from app.ui.boards.accessible import atlantis_fields
    from app.ui.situations import AtlantisSituations
    from app.ui.views.atlantis_board_view import AtlantisBoardView
    from app.ui.views.atlantis_calculators import AtlantisCalculators
    from app.ui.views.pitfall_examples import atlantis_example_drawing

    return GameUI(
        game=Atlantis, board=AtlantisBoardView, calculators=AtlantisCalculators,
        practice=AtlantisSituations, fields=atlantis_fields,
        drawn_example=atlantis_example_drawing,
        help_lines=(
            ("Atlantis-Brett: Karte spielen (" + ", ".join(item.label for item in ITEMS) + ")",
             " ".join(item.letter for item in ITEMS)),
            ("Atlantis-Brett: Brücke legen an / aus", "B"),
            ("Atlantis-Brett: nächste Figur – oder beim Brückenlegen die nächste Lücke",
             "Pfeiltasten oder Tab"),
            ("Atlantis-Brett: Figur wählen / Brücke auf diese Lücke legen",
             "Eingabe oder Leertaste"),
            ("Atlantis-Brett: Auswahl abbrechen, ohne Brücke weiter", "Esc"),
            ("Atlantis-Brett: den letzten Zug Schritt für Schritt", "Ctrl+Links / Ctrl+Rechts"),
        ))


def _atacama() -> GameUI:
    from app.rules.atacama.game import Atacama
    from app.ui.boards.accessible import atacama_fields
    from app.ui.practice_situations import AtacamaSituations
    from app.ui.views.atacama_board_view import AtacamaBoardView
    from app.ui.views.atacama_calculator import AtacamaCalculator
    from app.ui.views.pitfall_examples import atacama_example_drawing

    return GameUI(
        game=Atacama, board=AtacamaBoardView, calculators=AtacamaCalculator,
        practice=AtacamaSituations, fields=atacama_fields,
        drawn_example=atacama_example_drawing,
        help_lines=(
            ("Atacama-Brett: Feld wählen / Bohrturm setzen", "Pfeiltasten, dann Eingabe"),
            ("Atacama-Rechner: Feld – Bohrturm wechseln / Rohstoff / Wert",
             "Leertaste / K S G / 1–5"),
        ))


def _survive() -> GameUI:
    from app.rules.survive.game import Survive
    from app.ui.boards.accessible import survive_fields
    from app.ui.practice_situations import SurviveSituations
    from app.ui.views.pitfall_examples import survive_example_drawing
    from app.ui.views.survive_encounters import SurviveEncounters
    from app.ui.views.survive_removal_view import SurviveRemovalView

    return GameUI(
        game=Survive, board=SurviveRemovalView, calculators=SurviveEncounters,
        practice=SurviveSituations, fields=survive_fields,
        drawn_example=survive_example_drawing,
        help_lines=(
            ("Survive-Karte: Plättchen wählen / nehmen", "Pfeiltasten, dann Eingabe"),
        ))


_ENTRIES: tuple[Callable[[], GameUI], ...] = (_atlantis, _atacama, _survive)


@cache
def registry() -> dict[type, GameUI]:
    """Every entry by its engine's Game class (imports every engine and page module)."""
    return {entry.game: entry for entry in (make() for make in _ENTRIES)}


def ui_for(game: Game) -> GameUI | None:
    """The entry of ``game`` (an engine's ``GAME``), or ``None`` for a game without pages."""
    return registry().get(type(game))


def ui_for_id(game_id: str, *, own_pack: bool = False) -> GameUI | None:
    """The entry of the game with content id ``game_id``; an own pack never borrows a
    shipped game's engine or pages."""
    if own_pack or game_id not in OFFERS:
        return None
    from app.rules.registry import game_for

    game = game_for(game_id)
    return None if game is None else ui_for(game)


def offers(game_id: str, *, own_pack: bool = False) -> frozenset[str]:
    """What the window offers for ``game_id`` (no import: the sidebar asks before the first
    frame)."""
    return frozenset() if own_pack else OFFERS.get(game_id, frozenset())


def help_lines() -> list[tuple[str, str]]:
    """Every game's board and calculator keys for F1, then what all boards share."""
    lines = [line for entry in registry().values() for line in entry.help_lines]
    lines.append(("Spielbretter: rückgängig / wiederherstellen", "Ctrl+Z / Ctrl+Y"))
    return lines


__all__ = ["OFFERS", "GameUI", "help_lines", "offers", "registry", "ui_for", "ui_for_id"]
