"""Engine-made quiz questions for Survive: Escape from Atlantis!

Two kinds a player meets at the table:

* ``kreatur`` – „Ein Hai kommt auf dieses Feld. Was passiert?“: the engine's encounter
  (:func:`app.rules.survive.resolve_encounter`); each wrong choice is what the creature would
  do with one misconception from „Leicht vergessen“ in mind (the serpent eats empty boats too,
  the shark attacks boats, the whale eats swimmers), worked out with the engine's own
  :func:`~app.rules.survive.encounter.settle` and the creature the misconception makes of it.
* ``entfernen`` – „Welches Plättchen darfst du wegnehmen?“: one tile the engine allows and
  tiles it refuses, the ones with the most explorers of other colours first – the classic
  „ich nehme das Plättchen mit den meisten gegnerischen Entdeckern“.

The position is always in ``position`` (a removal position in the engine's notation, or an
encounter in its notation), the move asked about in ``action``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.model.quiz_round import Choice, Situation
from app.rules.errors import RulesError
from app.rules.survive import (
    Creature,
    SpaceContents,
    format_encounter,
    random_encounter,
    random_position,
    removable_tiles,
    resolve_encounter,
)
from app.rules.survive.board import CELLS
from app.rules.survive.encounter import names, settle
from app.rules.survive.removal import removal_verdict

KINDS = ("kreatur", "entfernen")
KIND_TITLES = {
    "kreatur": "Was macht die Kreatur?",
    "entfernen": "Welches Plättchen darf weg?",
}
MAX_TRIES = 80
ARTICLE = {Creature.SCHLANGE: "Eine Seeschlange", Creature.HAI: "Ein Hai",
           Creature.WAL: "Ein Wal"}


def make_situation(seed: int, kind: str | None = None) -> Situation:
    """The question for ``seed``; the same seed always gives the same question."""
    rng = random.Random(seed)
    asked = kind if kind is not None else rng.choice(KINDS)
    if asked not in BUILDERS:
        raise RulesError(f"„{asked}“ ist keine Art von Übungssituation für Survive.")
    for _attempt in range(MAX_TRIES):
        built = BUILDERS[asked](rng)
        if built is None:
            continue
        question, choices, explanation, tests, position, action = built
        shuffled = list(choices)
        rng.shuffle(shuffled)
        return Situation(asked, question, tuple(shuffled), explanation, (), position, seed,
                         tests, action)
    raise RulesError(f"Zur Übungsnummer {seed} ließ sich keine Übungssituation bilden.")


def _choices(correct: str, wrong: list[tuple[str, str]], need: int) -> list[Choice] | None:
    seen = {correct}
    chosen = [Choice(correct, True)]
    for text, pitfall in wrong:
        if text not in seen and len(chosen) < 4:
            seen.add(text)
            chosen.append(Choice(text, False, pitfall))
    return chosen if len(chosen) >= need else None


# -- what does this creature do -------------------------------------------------------------

def result_text(boat_before: bool, boat_after: bool, lost) -> str:
    """One result as a player says it: who is eaten, what becomes of the boat."""
    eaten = f"Gefressen: {names(lost)}" if lost else "Niemand wird gefressen"
    if not boat_before:
        return eaten
    return f"{eaten} – das Boot {'bleibt' if boat_after else 'ist weg'}"


def _believed(creature: Creature, contents: SpaceContents) -> list[tuple[str, str]]:
    """What the creature does in the mind of a player with a misconception, and which."""
    there = set(contents.creatures)
    boat = contents.boat
    results: list[tuple[str, str]] = []

    def as_if(creatures, boat_gone=False) -> str:
        done = settle(contents.swimmers, boat, creatures)
        kept = done.boat is not None and not boat_gone
        return result_text(boat is not None, kept, done.lost)

    if creature is Creature.SCHLANGE and boat is not None and not boat:
        # „Die Seeschlange frisst alles, auch leere Boote.“
        results.append((as_if(there | {Creature.SCHLANGE}, boat_gone=True), "schlange"))
    if creature is Creature.HAI and boat is not None:
        # „Der Hai greift auch das Boot an“: the boat goes down, with or without its crew eaten.
        results.append((as_if(there | {Creature.HAI, Creature.SCHLANGE}, boat_gone=True), "hai"))
        results.append((as_if(there | {Creature.HAI, Creature.WAL}, boat_gone=True), "hai"))
    if creature is Creature.WAL and (contents.swimmers or boat):
        # „Der Wal frisst Schwimmer“: whoever is in the water after it is eaten.
        results.append((as_if(there | {Creature.WAL, Creature.HAI}), "wal"))
        if contents.swimmers and boat:
            # Only those already swimming, the boat left alone.
            done = settle(contents.swimmers, None, there | {Creature.HAI})
            results.append((result_text(True, True, done.lost), "wal"))
    return results


def _describe(contents: SpaceContents) -> str:
    parts = []
    if contents.swimmers:
        count = len(contents.swimmers)
        parts.append(f"{'ein Schwimmer' if count == 1 else f'{count} Schwimmer'} "
                     f"({names(contents.swimmers)})")
    if contents.boat is not None:
        parts.append(f"ein Boot mit {names(contents.boat)}" if contents.boat
                     else "ein leeres Boot")
    for creature in contents.creatures:
        parts.append(ARTICLE[creature].replace("Ein", "ein", 1))
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " und " + parts[-1]


def _creature(rng: random.Random):
    creature, contents = random_encounter(rng)
    outcome = resolve_encounter(creature, contents)
    correct = result_text(contents.boat is not None, outcome.passengers_after is not None,
                          outcome.lost)
    chosen = _choices(correct, _believed(creature, contents), 2)
    if chosen is None:
        return None
    question = (f"{ARTICLE[creature]} zieht auf ein Meeresfeld. Dort: "
                f"{_describe(contents)}. Was passiert?")
    tests = {Creature.SCHLANGE: ("schlange",), Creature.HAI: ("hai",),
             Creature.WAL: ("wal",)}[creature]
    return (question, chosen, outcome.reason, tests, format_encounter(creature, contents),
            creature.code)


# -- which tile may go ------------------------------------------------------------------------

def _others_on(state, space) -> int:
    for where, explorers in state.land:
        if where == space:
            return sum(1 for e in explorers if e.colour != state.current)
    return 0


def _tile_text(space) -> str:
    return f"{space.label} ({CELLS[space].name.capitalize()})"


def _remove(rng: random.Random):
    state = random_position(rng, rng.choice((2, 3, 4)))
    allowed = removable_tiles(state)
    if not allowed:
        return None
    right = rng.choice(allowed)
    verdicts = {s: removal_verdict(state, s) for s in CELLS if s not in state.removed}
    inland = [s for s, v in verdicts.items() if v[2] == "not_coastal"]
    later = [s for s, v in verdicts.items() if v[2] == "removal_order"]
    rng.shuffle(inland)
    rng.shuffle(later)
    # The tempting ones first: most explorers of other colours on them; and, where there is
    # one, a tile of the right kind away from the sea, so the kind alone never gives it away.
    tempting = sorted(inland[1:] + later, key=lambda s: -_others_on(state, s))
    offered = (inland[:1] + tempting)[:3]
    if len(offered) < 3:
        return None
    wrong = [(_tile_text(s), "reihenfolge-entfernen") for s in offered]
    chosen = _choices(_tile_text(right), wrong, 4)
    if chosen is None:
        return None
    reasons = [verdicts[right][1]]
    for code in ("not_coastal", "removal_order"):
        # One sentence per reason, not the same rule three times.
        these = [s for s in offered if verdicts[s][2] == code]
        if these:
            reasons.append(verdicts[these[0]][1] if len(these) == 1 else
                           _several(these, verdicts[these[0]][1], code))
    colour = state.current.title
    question = (f"Du spielst {colour} und musst ein Inselplättchen wegnehmen. Welches der "
                "vier markierten Plättchen darfst du nehmen?")
    return (question, chosen, " ".join(reasons), ("reihenfolge-entfernen", "schritt-3"),
            state.notation(), f"entferne {right.label}")


def _several(spaces, first_reason: str, code: str) -> str:
    labels = [s.label for s in spaces]
    listed = ", ".join(labels[:-1]) + " und " + labels[-1]
    if code == "not_coastal":
        return f"{listed} grenzen nicht ans Meer." + first_reason.split("Meer.", 1)[1]
    return (f"{listed} sind noch nicht an der Reihe: erst Strand, dann Wald, zuletzt Berg – "
            "die nächste Sorte erst, wenn von der vorigen keines mehr liegt.")


BUILDERS: dict[str, Callable] = {"kreatur": _creature, "entfernen": _remove}


def candidate_labels(situation: Situation) -> list[str]:
    """The tiles an ``entfernen`` question offers, in the order of its choices."""
    return [choice.text.split(" ", 1)[0] for choice in situation.choices]


__all__ = ["KINDS", "KIND_TITLES", "candidate_labels", "make_situation", "result_text"]
