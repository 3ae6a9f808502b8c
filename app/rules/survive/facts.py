"""Worked-example protocol: ``example_facts(position, action)`` for the content checker.

Actions (German, lower-case is fine):

* a move in the move notation (see :mod:`app.rules.survive.notation`), e.g. ``ro3 e4-[d3]``,
  ``boot d3-c3``, ``entferne f3 wal``, ``hai h3-h5``, ``spiele wind d3-b2``;
* ``begegnung`` – then ``position`` is an *encounter* in the compact notation
  (``hai: schwimmer rot; boot [gelb]``), not a whole position;
* ``entfernbar`` – which tiles may be removed now;
* ``boot d3`` – who controls the boat on d3;
* ``wertung`` – the score of the position.

A trailing ``?`` marks a *question of legality* (``entferne e5?``): a move the rules forbid
then gives ``{"legal": False, "reason": "<Regel>"}`` instead of an error. Without ``?`` a
forbidden move raises IllegalMoveError, which the checker reports as a content error.
"""

from __future__ import annotations

from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive import board
from app.rules.survive.core import Colour, Phase, sort_explorers
from app.rules.survive.encounter import resolve_encounter
from app.rules.survive.notation import parse_encounter, parse_move, parse_position
from app.rules.survive.removal import current_kind, removable_tiles, removal_check
from app.rules.survive.rules import apply
from app.rules.survive.scoring import boat_controllers, controls_reason, score, winners

EXAMPLE_FACT_KEYS: dict[str, str] = {
    "legal": "Ist die Aktion nach den Regeln erlaubt? (ja/nein)",
    "reason": "Die Begründung in einem deutschen Satz (bei verbotenen Zügen: die verletzte Regel)",
    "explanation": "Die ganze Erklärung, was passiert",
    "cost": "Verbrauchte Bewegungspunkte",
    "points_left": "Übrige Bewegungspunkte nach der Aktion",
    "lost": "Entdecker, die aus dem Spiel sind (Farben, z. B. [rot, blau])",
    "lost_count": "Anzahl der Entdecker, die aus dem Spiel sind",
    "new_swimmers": "Entdecker, die jetzt (überlebend) im Wasser schwimmen (Farben)",
    "swimmers_after": "Bei einer Begegnung: alle Schwimmer auf dem Feld danach (Farben)",
    "passengers_after": "Bei einer Begegnung: Insassen des Bootes danach (Farben; leer, wenn kein "
                        "Boot mehr da ist)",
    "boat_left": "Bei einer Begegnung: Liegt danach noch ein Boot auf dem Feld?",
    "rescued": "Entdecker, die auf einer sicheren Insel ankommen (Farben)",
    "boarded": "Entdecker, die in ein aufgetauchtes Boot steigen (Farben)",
    "boat_destroyed": "Wird ein Boot zerstört oder umgeworfen?",
    "stops": "Muss die Kreatur auf diesem Feld anhalten?",
    "kind": "Geländeart des entfernten Plättchens (Strand, Wald, Berg)",
    "effect": "Rückseite des entfernten Plättchens (z. B. hai, strudel, delfin)",
    "effect_timing": "Wann die Rückseite wirkt: grün, rot oder rot mit X",
    "removed_creatures": "Kreaturen, die vom Plan verschwinden (schlange, hai, wal)",
    "removed_boats": "Anzahl Boote, die verschwinden",
    "creature_repelled": "Wurde die Kreatur mit einem Abwehr-Plättchen vertrieben?",
    "reaction_by": "Farbe, die jetzt ein Abwehr-Plättchen spielen darf (leer: niemand)",
    "game_over": "Ist das Spiel danach zu Ende?",
    "next_phase": "Phase danach (karte, ziehen, entfernen, würfeln, kreatur, abwehr, ende)",
    "next_player": "Farbe, die danach am Zug ist",
    "removable": "Plättchen, die jetzt entfernt werden dürfen (Felder)",
    "current_kind": "Geländeart, die jetzt an der Reihe ist (Strand, Wald, Berg)",
    "controllers": "Farben, die das Boot bewegen dürfen",
    "can_move": "Darf die Farbe am Zug dieses Boot bewegen?",
    "free_seats": "Freie Plätze im Boot",
    "scores": "Punkte je Farbe in Spielerreihenfolge (z. B. [rot 9, blau 4])",
    "winners": "Farbe(n) mit den meisten Punkten",
    "score_rot": "Punkte von Rot",
    "score_blau": "Punkte von Blau",
    "score_gelb": "Punkte von Gelb",
    "score_gruen": "Punkte von Grün",
}


def _colours(explorers) -> list[str]:
    return [e.colour.word for e in sort_explorers(explorers)]


def example_facts(position: str, action: str) -> dict[str, object]:
    """Compute the named facts of ``action`` in ``position`` (see the module docstring)."""
    if not isinstance(position, str) or not isinstance(action, str):
        raise NotationError("Stellung und Aktion müssen Text sein.")
    text = action.strip()
    question = text.endswith("?")
    if question:
        text = text[:-1].strip()
    words = text.lower().split()
    if not words:
        raise NotationError("Die Aktion ist leer; z. B. „entferne f3“ oder „begegnung“.")
    if words == ["begegnung"]:
        return _encounter_facts(position)
    state = parse_position(position)
    if words == ["entfernbar"]:
        kind = current_kind(state)
        return {"removable": [s.label for s in removable_tiles(state)],
                "current_kind": kind.german if kind is not None else ""}
    if words == ["wertung"]:
        return _score_facts(state)
    if words[0] == "boot" and len(words) == 2 and "-" not in words[1]:
        return _boat_facts(state, words[1])
    if words[0] == "entferne" and len(words) == 2 and question:
        allowed, reason = removal_check(state, board.space(words[1]))
        if not allowed:
            return {"legal": False, "reason": reason}
    move = parse_move(text, state)
    try:
        after, report = apply(state, move)
    except IllegalMoveError as exc:
        if question:
            return {"legal": False, "reason": str(exc)}
        raise
    facts: dict[str, object] = {
        "legal": True,
        "reason": report.reason or (report.lines[0] if report.lines else ""),
        "explanation": report.text,
        "cost": report.cost,
        "points_left": after.points if after.phase is Phase.ZIEHEN else 0,
        "lost": _colours(report.lost),
        "lost_count": len(report.lost),
        "new_swimmers": _colours(report.new_swimmers),
        "rescued": _colours(report.rescued),
        "boarded": _colours(report.boarded),
        "boat_destroyed": report.boat_destroyed,
        "stops": bool(report.stops),
        "kind": report.kind.german if report.kind is not None else "",
        "effect": report.effect.value if report.effect is not None else "",
        "effect_timing": report.effect.timing.value if report.effect is not None else "",
        "removed_creatures": [c.code for c in report.removed_creatures],
        "removed_boats": report.removed_boats,
        "creature_repelled": report.creature_repelled,
        "reaction_by": report.reaction_by.word if report.reaction_by is not None else "",
        "game_over": report.game_over,
        "next_phase": after.phase.value,
        "next_player": after.current.word,
    }
    return facts


def _encounter_facts(text: str) -> dict[str, object]:
    creature, contents = parse_encounter(text)
    outcome = resolve_encounter(creature, contents)
    return {
        "legal": True,
        "reason": outcome.reason,
        "explanation": outcome.reason,
        "stops": outcome.stops,
        "boat_destroyed": outcome.boat_destroyed,
        "lost": _colours(outcome.lost),
        "lost_count": len(outcome.lost),
        "new_swimmers": _colours(outcome.new_swimmers),
        "swimmers_after": _colours(outcome.swimmers_after),
        "passengers_after": _colours(outcome.passengers_after or ()),
        "boat_left": outcome.passengers_after is not None,
    }


def _boat_facts(state, label: str) -> dict[str, object]:
    where = board.space(label.strip("[]"))
    boat = state.boat_at(where)
    if boat is None:
        raise NotationError(f"Auf {where.label} liegt in der Stellung kein Boot.")
    reason = controls_reason(boat, state.current)
    return {
        "controllers": [c.word for c in boat_controllers(boat, state.players)],
        "can_move": reason is None,
        "reason": reason or f"{state.current.title} darf das Boot auf {where.label} bewegen.",
        "free_seats": 3 - len(boat.passengers),
    }


def _score_facts(state) -> dict[str, object]:
    try:
        totals = score(state)
    except RulesError as exc:
        raise NotationError(str(exc)) from None
    facts: dict[str, object] = {
        "scores": [f"{c.word} {totals.get(c, 0)}" for c in state.players],
        "winners": [c.word for c in winners(state)],
    }
    for colour in Colour:
        key = "score_gruen" if colour is Colour.GRUEN else f"score_{colour.word}"
        facts[key] = totals.get(colour, 0)
    return facts

