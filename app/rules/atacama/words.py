"""German words every text of the engine shares, so each thing is named one way.

Players are „Person 1“, „Person 2“ … as the content names them (0-based in the API):
Atacama has no player colours, while Atlantis and Survive name players by their colour.

>>> player_name(0), derricks_german(1), derricks_german(13)
('Person 1', '1 Bohrturm', '13 Bohrtürme')
>>> join_names(["a1", "c3", "e5"])
'a1, c3 und e5'
"""

from __future__ import annotations


def player_name(player: int) -> str:
    return f"Person {player + 1}"


def derricks_german(count: int) -> str:
    """``1`` → „1 Bohrturm“, ``3`` → „3 Bohrtürme“."""
    return f"{count} Bohrturm" if count == 1 else f"{count} Bohrtürme"


def join_names(names: list[str]) -> str:
    """``["a", "b", "c"]`` → „a, b und c“."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " und " + names[-1]
