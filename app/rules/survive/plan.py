"""What a planned movement costs: „wie viele Punkte kostet dieser Zug?“

A *plan* is what a player describes at the table before moving – „ich fahre das Boot zwei
Felder und lasse beide aussteigen“ –: steps and boat moves of the player whose turn it is, one
after another. :func:`plan_cost` plays it through :func:`~app.rules.survive.rules.apply` and
adds up what each move cost (seed 003: every step 1 point, a boat 1 point per space however
many sit in it, every explorer stepping ashore 1 of its own). The budget of the turn is not
part of the question: a plan may cost more than ``state.points``, and then it does not fit into
this turn – the caller compares.

Notation: the moves' own notation, separated by ``;`` (``boot b2-b1; ro1 [b1]-nw``).

>>> from app.rules.survive.notation import parse_position
>>> state = parse_position("spieler: ro bl; zug: ro ziehen 3; boote: c2 [ro1 ro2]; "
...                        "land: f5 bl1")
>>> plan_cost(state, parse_plan("boot c2-b2; boot b2-b1; ro1 [b1]-nw", state))
3
>>> plan_cost(state, parse_plan("boot c2-b2; boot b2-a2; ro1 [a2]-nw; ro2 [a2]-nw", state))
4

A move the rules forbid is refused with the engine's reason and reason code, and which move of
the plan it is:

>>> plan_cost(state, parse_plan("ro1 [c2]-c2; ro1 c2-b2", state))
Traceback (most recent call last):
...
app.rules.errors.IllegalMoveError: Bewegung 2 von 2 geht nicht: Rot 1 ist in diesem Zug
schon ein Feld geschwommen: Schwimmer kommen pro Zug nur 1 Feld weit (ins Wasser gehen zählt mit,
Auslegung S5).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace

from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive.core import MOVE_POINTS, BoatMove, Phase, State, Step
from app.rules.survive.notation import parse_move
from app.rules.survive.rules import apply

SEPARATOR = "; "


def plan_cost(state: State, plan: Sequence[Step | BoatMove]) -> int:
    """The movement points ``plan`` costs, its moves played one after another from ``state``.

    Each move is played as if points were left, so a plan longer than the turn's budget gets
    its full price; compare it with ``state.points``. RulesError for anything but a non-empty
    sequence of steps and boat moves in phase „Ziehen“; IllegalMoveError (the move's number in
    a longer plan, the rule, the engine's reason code) for a move the rules forbid.
    """
    if not isinstance(state, State):
        raise RulesError("Was ein Zug kostet, sagt erst eine Stellung; hier fehlt sie.",
                         code="no_position")
    if state.phase is not Phase.ZIEHEN:
        raise RulesError(f"Bewegungspunkte gibt es nur in der Phase „{Phase.ZIEHEN.german}“; "
                         f"jetzt ist „{state.phase.german}“.", code="wrong_phase")
    if isinstance(plan, str | bytes) or not isinstance(plan, Sequence) or not plan:
        raise RulesError("Ein geplanter Zug ist eine Folge von Schritten und Bootsfahrten, "
                         "mindestens einer.", code="malformed_move")
    total = 0
    for number, move in enumerate(plan, 1):
        if not isinstance(move, Step | BoatMove):
            raise RulesError(f"Bewegung {number} ist kein Schritt und keine Bootsfahrt, "
                             f"sondern {move!r}.", code="malformed_move")
        if state.phase is not Phase.ZIEHEN:
            # Only the mover's last explorer leaving ends moving early (ruling S14).
            raise IllegalMoveError(f"Bewegung {number} von {len(plan)} geht nicht: Es ist "
                                   "nichts mehr zu bewegen – wer keinen Entdecker mehr draußen "
                                   "hat, bewegt auch kein Boot (Auslegung S14).",
                                   code="wrong_phase")
        try:
            state, report = apply(replace(state, points=MOVE_POINTS), move)
        except IllegalMoveError as refused:
            which = f"Bewegung {number} von {len(plan)} geht nicht: " if len(plan) > 1 else ""
            raise IllegalMoveError(f"{which}{refused}", code=refused.code) from None
        total += report.cost
    return total


def parse_plan(text: str, state: State) -> tuple[Step | BoatMove, ...]:
    """The moves of ``text`` (``;`` between them), each read in the position the ones before it
    leave – as far as they can be played; NotationError for anything but steps and boat moves."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("Ein geplanter Zug ist ein Text wie „boot b2-b1; ro1 [b1]-nw“.")
    moves: list[Step | BoatMove] = []
    here = state
    for part in text.split(";"):
        move = parse_move(part, here)
        if not isinstance(move, Step | BoatMove):
            raise NotationError(f"„{part.strip()}“ ist kein Schritt und keine Bootsfahrt.")
        moves.append(move)
        if here.phase is Phase.ZIEHEN:
            # The rest is read where the plan stopped; plan_cost names the refusal.
            with suppress(IllegalMoveError):
                here, _ = apply(replace(here, points=MOVE_POINTS), move)
    return tuple(moves)


def format_plan(plan: Sequence[Step | BoatMove]) -> str:
    """``plan`` in its notation; :func:`parse_plan` reads it back."""
    if (isinstance(plan, str | bytes) or not isinstance(plan, Sequence) or not plan
            or not all(isinstance(move, Step | BoatMove) for move in plan)):
        raise NotationError("Ein geplanter Zug ist eine Folge von Schritten und Bootsfahrten, "
                            "mindestens einer.")
    return SEPARATOR.join(move.notation() for move in plan)


__all__ = ["SEPARATOR", "format_plan", "parse_plan", "plan_cost"]
