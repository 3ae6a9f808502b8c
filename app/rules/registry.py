"""Every game that has an engine, by its content id: the one list of games.

Importing this module loads every engine; the window's first frame never needs it.

>>> [GAMES[key].info.title for key in sorted(GAMES)]
['Atacama', 'Atlantis', 'Survive: Escape from Atlantis']
>>> game_for("meins") is None
True
"""

from __future__ import annotations

from app.rules.atacama import GAME as ATACAMA
from app.rules.atlantis import GAME as ATLANTIS
from app.rules.contract import Game
from app.rules.survive import GAME as SURVIVE

GAMES: dict[str, Game] = {game.info.id: game for game in (ATLANTIS, ATACAMA, SURVIVE)}


def game_for(game_id: str) -> Game | None:
    """The engine of the game with content id ``game_id``, if it has one."""
    return GAMES.get(game_id)
