"""What happens on one sea space: the encounter resolver ("Was passiert, wenn …").

Two rules from the sources decide everything on a space (seed 003, and the rules
notes' effects of serpent, shark and whale):

1. A *loaded* boat on a space with a serpent or a whale is gone; its passengers
   fall into the water there and become swimmers. Empty boats are never harmed.
2. A swimmer on a space with a serpent or a shark is eaten at once.

Rule 1 runs before rule 2, so passengers of a boat destroyed by a serpent are
eaten (a boat's crew ends up like the seed says: "boat and people are removed"),
while a whale only capsizes the boat and the crew swims on – unless a shark is
already waiting on that space. The engine uses :func:`settle` after every change
on a space, so the trainer and the game can never disagree.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.rules.errors import NotationError
from app.rules.survive.core import (
    BOAT_SEATS,
    EXPLORER_VALUES,
    Creature,
    Explorer,
    require,
    sort_explorers,
)


@dataclass(frozen=True, slots=True)
class SpaceContents:
    """What lies on one sea space before a creature arrives.

    ``boat`` is None for no boat, ``()`` for an empty boat. ``creatures`` are the
    creatures already on the space.
    """

    swimmers: tuple[Explorer, ...] = ()
    boat: tuple[Explorer, ...] | None = None
    creatures: tuple[Creature, ...] = ()

    def __post_init__(self) -> None:
        require(self.swimmers, tuple, "ein Tupel von Schwimmern")
        require(self.boat, tuple | type(None), "ein Boot (Tupel der Insassen) oder None")
        require(self.creatures, tuple, "ein Tupel von Kreaturen")
        for e in (*self.swimmers, *(self.boat or ())):
            require(e, Explorer, "ein Entdecker")
        for c in self.creatures:
            require(c, Creature, "eine Kreatur")
        if self.boat is not None and len(self.boat) > BOAT_SEATS:
            raise NotationError(
                f"Ein Boot trägt höchstens {BOAT_SEATS} Entdecker, hier wären es {len(self.boat)}.")
        # A colour has 10 explorers in the box [seed 003, Spielmaterial], in the water and
        # in the boat together.
        for colour, count in Counter(e.colour for e in (*self.swimmers, *(self.boat or ()))
                                     ).items():
            if count > len(EXPLORER_VALUES):
                raise NotationError(
                    f"{colour.title} hat nur {len(EXPLORER_VALUES)} Entdecker, hier wären es "
                    f"{count}.")
        there = set(self.creatures)
        if self.swimmers and there & {Creature.SCHLANGE, Creature.HAI}:
            biter = Creature.SCHLANGE if Creature.SCHLANGE in there else Creature.HAI
            raise NotationError(
                f"Schwimmer und {_with_article(biter)} auf demselben Feld gibt es nicht: "
                "Schwimmer werden dort sofort gefressen.")
        if self.boat and there & {Creature.SCHLANGE, Creature.WAL}:
            raise NotationError(
                "Ein besetztes Boot kann nicht mit Seeschlange oder Wal auf einem Feld liegen: "
                "Es wäre schon zerstört.")


@dataclass(frozen=True, slots=True)
class Settled:
    """The bare result of :func:`settle` (no text)."""

    boat_destroyed: bool
    lost: tuple[Explorer, ...]
    new_swimmers: tuple[Explorer, ...]  # passengers now in the water who survived
    swimmers: tuple[Explorer, ...]  # everyone swimming on the space afterwards
    boat: tuple[Explorer, ...] | None  # the boat's passengers afterwards; None: no boat


def settle(swimmers: tuple[Explorer, ...], boat: tuple[Explorer, ...] | None,
           creatures: set[Creature] | frozenset[Creature] | tuple[Creature, ...]) -> Settled:
    """Apply the two space rules (see the module docstring) to one space."""
    present = set(creatures)
    destroyed = bool(boat) and bool(present & {Creature.SCHLANGE, Creature.WAL})
    thrown: tuple[Explorer, ...] = ()
    if destroyed:
        # Falling in counts as the swimmer's one sea space this turn (seed 003).
        thrown = tuple(Explorer(e.colour, e.value, True) for e in boat or ())
        boat = None
    in_water = swimmers + thrown
    if present & {Creature.SCHLANGE, Creature.HAI}:
        return Settled(destroyed, sort_explorers(in_water), (), (), boat)
    return Settled(destroyed, (), sort_explorers(thrown), sort_explorers(in_water), boat)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a creature entering a sea space does, with the German reason."""

    creature: Creature
    stops: bool  # the creature's move ends on this space
    boat_destroyed: bool
    lost: tuple[Explorer, ...]  # eaten, out of the game
    new_swimmers: tuple[Explorer, ...]  # passengers who now swim here and live
    swimmers_after: tuple[Explorer, ...]
    passengers_after: tuple[Explorer, ...] | None  # None: no boat left on the space
    reason: str
    sources: tuple[str, ...] = ()  # the rulings the reason rests on (S1, S2)


def resolve_encounter(creature: Creature, contents: SpaceContents) -> Outcome:
    """A creature enters a sea space with ``contents``: who is lost, who swims, why."""
    require(creature, Creature, "eine Kreatur")
    require(contents, SpaceContents, "der Inhalt eines Meeresfeldes")
    result = settle(contents.swimmers, contents.boat, {*contents.creatures, creature})
    stops = _stops(creature, contents)
    return Outcome(creature, stops, result.boat_destroyed, result.lost, result.new_swimmers,
                   result.swimmers, result.boat, _reason(creature, contents, result, stops),
                   _sources(creature, contents))


def _sources(creature: Creature, contents: SpaceContents) -> tuple[str, ...]:
    if creature is not Creature.SCHLANGE or contents.boat is None:
        return ()
    return ("S1",) if contents.boat else ("S2",)  # loaded: crew eaten; empty: safe


def _stops(creature: Creature, contents: SpaceContents) -> bool:
    if creature is Creature.SCHLANGE:
        return True
    if creature is Creature.HAI:
        return bool(contents.swimmers)
    return bool(contents.boat)


def names(explorers: tuple[Explorer, ...] | list[Explorer]) -> str:
    """``Rot, Rot und Blau`` – values stay hidden in explanations."""
    words = [e.colour.title for e in sort_explorers(explorers)]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " und " + words[-1]


def _with_article(creature: Creature) -> str:
    return {Creature.SCHLANGE: "eine Seeschlange", Creature.HAI: "ein Hai",
            Creature.WAL: "ein Wal"}[creature]


def _reason(creature: Creature, contents: SpaceContents, result: Settled, stops: bool) -> str:
    swimmers, boat = contents.swimmers, contents.boat
    parts: list[str] = []
    if creature is Creature.SCHLANGE:
        if boat:
            parts.append(
                f"Die Seeschlange zerstört das besetzte Boot. Die Insassen ({names(boat)}) "
                "fallen ins Wasser und werden auf dem Feld der Seeschlange sofort gefressen.")
        elif boat is not None:
            parts.append("Das leere Boot ist vor der Seeschlange sicher und bleibt liegen.")
        if swimmers:
            lead = ("Auch die Schwimmer frisst sie" if boat
                    else "Die Seeschlange frisst die Schwimmer")
            parts.append(f"{lead}: {names(swimmers)}.")
        if boat is None and not swimmers:
            parts.append("Auf dem Feld ist niemand – es passiert nichts.")
        parts.append("Die Seeschlange bleibt hier (sie zieht nur 1 Feld).")
    elif creature is Creature.HAI:
        if swimmers:
            parts.append(f"Der Hai hält bei den Schwimmern an und frisst sie ({names(swimmers)}).")
        else:
            parts.append("Hier schwimmt niemand – für den Hai kein Grund anzuhalten.")
        if boat:
            parts.append(
                f"Boote sind vor Haien sicher: {names(boat)} im Boot bleibt unversehrt."
                if len(boat) == 1 else
                f"Boote sind vor Haien sicher: {names(boat)} im Boot bleiben unversehrt.")
        elif boat is not None:
            parts.append("Das leere Boot lässt der Hai in Ruhe.")
    else:
        if boat:
            parts.append(
                f"Der Wal hält am besetzten Boot an und bringt es zum Kentern: Das Boot ist weg, "
                f"{names(boat)} {'schwimmt' if len(boat) == 1 else 'schwimmen'} jetzt auf "
                "diesem Feld.")
            if result.lost:
                parts.append("Auf dem Feld wartet aber ein Hai – die neuen Schwimmer werden "
                             "sofort gefressen.")
        elif boat is not None:
            parts.append("Leere Boote sind vor dem Wal sicher.")
        if swimmers:
            parts.append(f"Schwimmern tut der Wal nichts ({names(swimmers)} bleiben im Wasser)."
                         if len(swimmers) > 1 else
                         f"Schwimmern tut der Wal nichts ({names(swimmers)} bleibt im Wasser).")
        if not stops:
            parts.append("Kein besetztes Boot – für den Wal kein Grund anzuhalten.")
    if result.lost:
        parts.append(f"Aus dem Spiel: {names(result.lost)}.")
    return " ".join(parts)
