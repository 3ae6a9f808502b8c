"""What makes an Atacama position possible – the one list, checked on every :class:`State`.

Like python-chess's ``Board.status()``: :func:`status` returns a :class:`Status` with one flag
per broken invariant (``Status.VALID`` = none), :func:`is_valid` says whether it is empty, and
:func:`violations` gives the German reasons. ``State(...)`` and therefore ``parse_position``
refuse a position with the reason of the first broken invariant; the refusal's reason code is
the flag's name in lower case (:func:`code_of`).

The invariants (source in brackets: the section of the Anleitung, or the ruling's code as the
content names it under „Auslegungen“; the Anleitung has no page numbers):

===========================  ====================================================================
flag                         invariant
===========================  ====================================================================
EDGE_CONTACT                 no two derricks share an edge [„Türme setzen“]
TOO_MANY_TURNS               no more turns than the variant has: 14 / 11 + 3 each zu zweit,
                             7 / 6 + 1 zu viert [„Abrechnung“, Varianten]
TOO_MANY_SECOND              nobody placed more second-colour derricks than he has (3 zu zweit,
                             1 zu viert) [Taktikvariante]
SECOND_TOO_EARLY             nobody placed more second-colour derricks than he had turns
                             [„Türme setzen“: abwechselnd, genau ein Turm]
TOO_MANY_BASE                nobody placed (or paid) more base-colour derricks than he has
                             [Varianten]
RIGHT_NOT_PAID               Aufbauspiel: the rights are dealt exactly when one player paid a
                             derrick for his [Aufbauspiel]
DELIVERY_ORDER               Aufbauspiel: every derrick stood on a sub-board that was already out
                             when it was placed – A, B, D for the first 6 turns, then C, E, G,
                             after 12 turns F, H, I; a taken right is a turn [Auslegung P4]
RIGHTS_OPEN_AT_END           Aufbauspiel: the last turn of the game takes a right if nobody has
                             [Auslegung P5]
NO_SECOND_COLOUR             second-colour derricks only in the Taktikvariante [Taktikvariante]
RIGHT_PAID_OUTSIDE_BUILDUP   a derrick is paid for a right only in the Aufbauspiel; in every
                             other game both rights are dealt before the first derrick
                             [Aufbauspiel; „Nach dem Aufbau … beide Schürfrechte sind vergeben“]
RIGHT_TOO_EARLY              Aufbauspiel: whoever paid for a right has had a turn to take it
                             [Aufbauspiel: „in einem beliebigen Zug“]
===========================  ====================================================================

Structural checks (types, the 81 entries, how the rights are dealt) come before these and raise
at once (:func:`app.rules.atacama.types.check_rights`). This module sits below the value types
(a state checks itself on construction), so it reads a state only through its attributes.

>>> from app.rules.atacama import parse_position
>>> state = parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e5")
Traceback (most recent call last):
...
app.rules.errors.NotationError: Auf e5 (Teilplan E) steht ein Bohrturm, doch gespielt sind
erst 6 Züge: E kommt erst nach 6 Zügen dazu, jeder Turm dort braucht einen Zug danach
(Auslegung P4: A, B, D, nach je 3 Zügen C, E, G, nach je 6 Zügen F, H, I).
>>> status(parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e3"))
<Status.VALID: 0>
"""

from __future__ import annotations

from enum import IntFlag
from typing import Any, Protocol

from app.rules.atacama import geometry as geo
from app.rules.atacama.words import derricks_german, player_name
from app.rules.invariant_queries import invariant_queries


class State(Protocol):
    """What the invariants read of a :class:`app.rules.atacama.types.State` (which imports
    this module to check itself, so this module cannot import it)."""

    variant: Any
    derricks: tuple[int, ...]
    occupied: int
    taker: int | None

    @property
    def turns(self) -> int: ...
    @property
    def rights_open(self) -> bool: ...
    def turns_of(self, player: int) -> int: ...
    def second_placed(self, player: int) -> int: ...
    def base_placed(self, player: int) -> int: ...
    def base_left(self, player: int) -> int: ...


class Status(IntFlag):
    """One flag per broken invariant of an Atacama position (see the module docstring)."""

    VALID = 0
    EDGE_CONTACT = 1
    TOO_MANY_TURNS = 2
    TOO_MANY_SECOND = 4
    SECOND_TOO_EARLY = 8
    TOO_MANY_BASE = 16
    RIGHT_NOT_PAID = 32
    DELIVERY_ORDER = 64
    RIGHTS_OPEN_AT_END = 128
    NO_SECOND_COLOUR = 256
    RIGHT_PAID_OUTSIDE_BUILDUP = 512
    RIGHT_TOO_EARLY = 1024


def code_of(flag: Status) -> str:
    """The reason code a refusal for ``flag`` carries.

    >>> code_of(Status.DELIVERY_ORDER)
    'delivery_order'
    """
    return (flag.name or "invalid").lower()


# Every code a refused position may carry for a broken invariant.
POSITION_CODES = frozenset(code_of(flag) for flag in Status if flag)


def _stage_counts(state: State) -> tuple[int, ...]:
    """Derricks on the sub-boards of each delivery (triangle, diagonal, last three)."""
    masks = [sum(geo.sub_board_mask(letter) for letter in stage) for stage in geo.BUILDUP_STAGES]
    return tuple((state.occupied & m).bit_count() for m in masks)


def _delivery_problem(state: State) -> str | None:
    """Ruling P4 in full: could the derricks have been placed in the order the boards came?

    A derrick on a sub-board of delivery k needs a turn after the first k × 3 turns of each
    player. Putting the paid right (if any) into its owner's very first turn and all derricks of
    earlier deliveries as early as possible is the best order; so a legal order exists exactly
    when, for each later delivery, the turns after it opened are enough for its derricks and
    those of every still later delivery (Hall's condition for nested intervals).
    """
    turns = state.turns
    per_stage = geo.BUILDUP_TURNS_PER_PLAYER_AND_STAGE * state.variant.players
    counts = _stage_counts(state)
    for stage in range(len(geo.BUILDUP_STAGES) - 1, 0, -1):
        needed = sum(counts[stage:])
        opened_at = stage * per_stage
        available = max(0, turns - opened_at)
        if needed > available:
            letters = "".join(geo.BUILDUP_STAGES[stage:])
            square = next(
                s for s in geo.squares_of(state.occupied) if geo.sub_board_of(s) in letters
            )
            letter = geo.sub_board_of(square)
            first = geo.stage_of_board(letter)
            if needed == 1 or available == 0:
                return (
                    f"Auf {geo.square_name(square)} (Teilplan {letter}) steht ein Bohrturm, "
                    f"doch gespielt sind erst {turns} Züge: {letter} kommt erst nach "
                    f"{first * per_stage} Zügen dazu, jeder Turm dort braucht einen Zug "
                    f"danach ({_P4})."
                )
            return (
                f"Auf den Teilplänen {', '.join(sorted(letters))} stehen {needed} Bohrtürme, aber "
                f"seit sie ausliegen (nach {opened_at} Zügen) gab es erst {available} Züge – "
                f"zu wenig Türme auf den früher ausgelegten Teilplänen ({_P4})."
            )
    return None


_P4 = "Auslegung P4: A, B, D, nach je 3 Zügen C, E, G, nach je 6 Zügen F, H, I"


def _check(state: State) -> list[tuple[Status, str]]:
    """Every broken invariant of ``state`` as ``(flag, German reason)``, in flag order."""
    variant = state.variant
    found: list[tuple[Status, str]] = []
    mask = state.occupied
    if geo.has_edge_contact(mask):
        a, b = _first_edge_pair(mask)
        found.append((
            Status.EDGE_CONTACT,
            f"Die Bohrtürme auf {geo.square_name(a)} und {geo.square_name(b)} teilen eine "
            "Kante – so eine Stellung kann es nicht geben.",
        ))
    if state.turns > variant.total_turns:
        found.append((
            Status.TOO_MANY_TURNS,
            f"Zu viele Züge: in dieser Variante gibt es nur {variant.total_turns} "
            f"({variant.turns_per_player} je Person), gespielt wären {state.turns}.",
        ))
    right_too_early: list[tuple[Status, str]] = []
    for player in range(variant.players):
        name = player_name(player)
        second = state.second_placed(player)
        turns = state.turns_of(player)
        paid = 1 if state.taker == player else 0
        if variant.tactical and second > variant.second_derricks:
            found.append((
                Status.TOO_MANY_SECOND,
                f"{name} hätte {second} Bohrtürme der zweiten Farbe gesetzt, hat aber nur "
                f"{variant.second_derricks}.",
            ))
        if variant.tactical and second > turns:
            found.append((
                Status.SECOND_TOO_EARLY,
                f"{name} war erst {turns}-mal am Zug, kann also nicht {second} Bohrtürme der "
                "zweiten Farbe gesetzt haben.",
            ))
        elif paid and variant.buildup and turns == 0:
            right_too_early.append((
                Status.RIGHT_TOO_EARLY,
                f"{name} war noch nicht am Zug, kann also kein Schürfrecht genommen und mit "
                "einem Bohrturm bezahlt haben.",
            ))
        elif state.base_placed(player) >= 0 and state.base_left(player) < 0:
            used = state.base_placed(player) + paid
            found.append((
                Status.TOO_MANY_BASE,
                f"{name} hätte {derricks_german(used)} der Grundfarbe "
                + ("gesetzt oder bezahlt" if paid else "gesetzt")
                + f", hat aber nur {variant.base_derricks}.",
            ))
    if variant.buildup:
        if (state.taker is None) != state.rights_open:
            found.append((
                Status.RIGHT_NOT_PAID,
                "Im Aufbauspiel sind die Schürfrechte vergeben, sobald jemand eines genommen "
                "und mit einem Bohrturm bezahlt hat – nicht vorher und nicht ohne das.",
            ))
        problem = _delivery_problem(state)
        if problem is not None:
            found.append((Status.DELIVERY_ORDER, problem))
        if state.rights_open and state.turns >= variant.total_turns:
            found.append((
                Status.RIGHTS_OPEN_AT_END,
                f"Alle {variant.total_turns} Züge sind gespielt, aber niemand hat ein "
                "Schürfrecht genommen. Das geht nicht: Spätestens der letzte Zug muss eines "
                "nehmen (Auslegung P5).",
            ))
    if not variant.tactical:
        second = [code for code in state.derricks if code >= 2]
        if second:
            found.append((
                Status.NO_SECOND_COLOUR,
                f"{player_name(second[0] - 2)} hätte einen Bohrturm der zweiten Farbe gesetzt – "
                "die gibt es nur in der Taktikvariante.",
            ))
    if state.taker is not None and not variant.buildup:
        found.append((
            Status.RIGHT_PAID_OUTSIDE_BUILDUP,
            "Ein Schürfrecht bezahlt man nur im Aufbauspiel mit einem Bohrturm; sonst sind "
            "beide Schürfrechte vergeben, bevor der erste Turm steht.",
        ))
    found.extend(right_too_early)
    return found


status, is_valid, violations = invariant_queries(_check, Status.VALID, __name__)[:3]


def _first_edge_pair(mask: int) -> tuple[int, int]:
    for square in geo.squares_of(mask):
        for other in geo.EDGE_NEIGHBOURS[square]:
            if other > square and mask >> other & 1:
                return square, other
    raise AssertionError("no edge pair in a mask with edge contact")  # pragma: no cover
