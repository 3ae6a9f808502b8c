"""Who may steer a boat, who is still out there, and the score at the end.

Boat control (seed 003): an empty boat may be moved by anyone; a loaded boat by the colour with
the most explorers aboard (tie: any of the tied colours; ruling S10: per colour, also in „zwei
Farben“). Scoring: the values of the explorers on safe islands per colour (variant „Gleicher
Wert“: their number); in „zwei Farben“ the two colours of a person are added.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.rules.errors import RulesError
from app.rules.survive.core import ALL_COLOURS, Boat, Colour, Explorer, State, Variant, require
from app.rules.survive.encounter import names


def boat_controllers(boat: Boat | tuple[Explorer, ...],
                     players: Sequence[Colour] = ALL_COLOURS) -> tuple[Colour, ...]:
    """Who may move the boat: anyone if empty, else the colour(s) with most passengers."""
    require(boat, Boat | tuple, "ein Boot oder seine Insassen")
    passengers = boat.passengers if isinstance(boat, Boat) else boat
    require(players, tuple | list, "die Farben der Partie")
    if not 2 <= len(players) <= 4:
        raise RulesError("Eine Partie hat 2 bis 4 Farben.", code="players")
    for item in (*passengers, *players):
        require(item, Explorer if item in passengers else Colour, "Entdecker und Farben")
    if not passengers:
        return tuple(sorted(players))
    counts: dict[Colour, int] = {}
    for e in passengers:
        counts[e.colour] = counts.get(e.colour, 0) + 1
    top = max(counts.values())
    return tuple(sorted(c for c, n in counts.items() if n == top))


def controls_reason(boat: Boat, player: Colour) -> str | None:
    """None if ``player`` may move the boat, else the German reason why not."""
    require(boat, Boat, "ein Boot")
    require(player, Colour, "eine Farbe")
    if not boat.passengers:
        return None
    controllers = boat_controllers(boat)
    if player in controllers:
        return None
    crew = names(boat.passengers)
    who = " oder ".join(c.title for c in controllers)
    return (f"Im Boot auf {boat.space.label} sitzen {crew}: Ein besetztes Boot bewegt nur, wer "
            f"darin die meisten Entdecker hat (bei Gleichstand jeder davon) – hier {who}.")


def explorers_out(state: State, colour: Colour | None = None) -> int:
    """Explorers still on the island, swimming or in boats (of one colour, or all)."""
    require(state, State, "eine Stellung")
    def count(es: Iterable[Explorer]) -> int:
        return sum(1 for e in es if colour is None or e.colour == colour)

    return (sum(count(es) for _, es in state.land) + sum(count(es) for _, es in state.sea)
            + sum(count(b.passengers) for b in state.boats))


def score(state: State) -> dict[Colour, int]:
    """Values of the explorers on safe islands per colour ("Gleicher Wert": their number)."""
    require(state, State, "eine Stellung")
    totals = {c: 0 for c in state.players}
    count_only = Variant.GLEICHER_WERT in state.variants
    for _, explorers in state.safe:
        for e in explorers:
            if count_only:
                totals[e.colour] = totals.get(e.colour, 0) + 1
            elif e.value is None:
                raise RulesError(
                    f"Für die Wertung fehlt der Wert eines geretteten Entdeckers von "
                    f"{e.colour.title}; schreib ihn dazu, etwa {e.colour.code}3.",
                    code="value_unknown")
            else:
                totals[e.colour] = totals.get(e.colour, 0) + e.value
    return totals


def teams(state: State) -> tuple[tuple[Colour, ...], ...]:
    """Scoring sides: one colour each, or pairs of seats in "zwei-farben" (1st+3rd, 2nd+4th)."""
    require(state, State, "eine Stellung")
    if Variant.ZWEI_FARBEN in state.variants and len(state.players) == 4:
        p = state.players
        return ((p[0], p[2]), (p[1], p[3]))
    return tuple((c,) for c in state.players)


def winners(state: State) -> tuple[Colour, ...]:
    """The colours of the side(s) with the highest total; a tie gives several winners."""
    totals = score(state)
    sides = [(sum(totals.get(c, 0) for c in side), side) for side in teams(state)]
    best = max(total for total, _ in sides)
    return tuple(sorted(c for total, side in sides if total == best for c in side))


def persons(state: State) -> int:
    """People at the table: two in „zwei Farben“, else one per colour."""
    return 2 if Variant.ZWEI_FARBEN in state.variants else len(state.players)
