"""Engine-made quiz questions for Atlantis: a practice position, a question, four choices.

The right answer comes from the rules engine. Each wrong choice is what a player
would answer with one of the misconceptions from „Leicht vergessen“ in mind, and
names that pitfall, so picking it marks the rule for re-reading. A misconception
that happens to give the true answer in a position is dropped; if fewer than
three wrong choices remain, the next sub-seed is tried.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.model.quiz_round import Choice, Situation
from app.rules.atlantis import (
    Advance,
    Payment,
    apply,
    format_move,
    format_state,
    legal_moves,
    practice_situation,
    target,
)
from app.rules.atlantis.scoring import payment_choices
from app.rules.atlantis.types import ITEMS, MAINLAND, State, place_name
from app.rules.errors import RulesError

KINDS = ("landung", "plaettchen", "kosten", "nachziehen", "bezahlen")
KIND_TITLES = {
    "landung": "Wo landet die Figur?",
    "plaettchen": "Welches Plättchen nimmst du?",
    "kosten": "Was kostet der Zug?",
    "nachziehen": "Wie viele Karten ziehst du?",
    "bezahlen": "Womit bezahlst du?",
}
MAX_TRIES = 40


def make_situation(seed: int) -> Situation:
    """The question for ``seed``: the same seed always gives the same question."""
    rng = random.Random(seed)
    kinds = list(KINDS)
    rng.shuffle(kinds)
    for attempt in range(MAX_TRIES):
        # Stay with the seed's kind for a while, so every kind comes up about equally often.
        allowed = kinds[:1] if attempt < MAX_TRIES // 2 else kinds
        situation = practice_situation(seed * 1_000 + attempt, players=rng.choice((2, 3, 4)))
        state = situation.state
        advances = [m for m in legal_moves(state) if isinstance(m, Advance)]
        rng.shuffle(advances)
        for kind in allowed:
            for move in advances[:16]:
                built = BUILDERS[kind](state, move)
                if built is not None:
                    question, choices, explanation, pages, tests = built
                    return Situation(kind, question, _shuffle(rng, choices), explanation, pages,
                                     format_state(state), seed, tests, format_move(move))
    raise RulesError(f"Zu Seed {seed} ließ sich keine Übungssituation bilden.")


def _shuffle(rng: random.Random, choices: list[Choice]) -> tuple[Choice, ...]:
    shuffled = list(choices)
    rng.shuffle(shuffled)
    return tuple(shuffled)


def _describe(state: State, move: Advance) -> str:
    cards = " → ".join(card.display for card in move.cards)
    where = place_name(move.origin)
    player = state.turn
    colour = ("Blau", "Weiß", "Schwarz", "Rot")[player]
    return (f"Du spielst {colour}. Deine Figur auf {where} zieht mit "
            f"{'der Karte' if len(move.cards) == 1 else 'den Karten'} {cards}.")


def _choices(correct: str, wrong: list[tuple[str, str]]) -> list[Choice] | None:
    """Keep misconceptions that differ from the truth and from each other; need three."""
    seen = {correct}
    chosen = [Choice(correct, True)]
    for text, pitfall in wrong:
        if text not in seen:
            seen.add(text)
            chosen.append(Choice(text, False, pitfall))
        if len(chosen) == 4:
            return chosen
    return None


# -- the four kinds of question ---------------------------------------------------------------

def _landing(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None:
        return None
    correct = place_name(movement.landing)
    wrong: list[tuple[str, str]] = []
    for step in movement.steps:
        if step.occupied_by is not None:
            # Staying on the occupied target instead of playing on.
            wrong.append((place_name(step.target), "zweite-karte"))
    if movement.landing == MAINLAND:
        wrong.append((f"Sie bleibt auf {place_name(move.origin)} stehen", "festland-erreichen"))
    else:
        # Playing one more card than needed, to get further: each card in hand its own landing.
        left = list(state.player.hand)
        for card in move.cards:
            left[card.index] -= 1
        for card in ITEMS:
            if left[card.index] > 0:
                wrong.append((place_name(target(state, movement.landing, card)),
                              "zweite-karte"))
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    reasons = [f"Karte {s.card.label}: Ziel {place_name(s.target)}"
               + (" – besetzt, also noch eine Karte" if s.occupied_by is not None else " – frei")
               for s in movement.steps]
    explanation = ("; ".join(reasons) + f". Die Figur bleibt auf {correct}; eine weitere Karte "
                   "gibt es nur, wenn das Ziel besetzt ist.")
    return (f"{_describe(state, move)} Wo bleibt sie stehen?", chosen, explanation,
            (3, 5) if movement.landing == MAINLAND else (3,), ("zweite-karte", "schritt-2"))


def _tile_name(tile) -> str:
    return f"{tile.item.display}, Wert {tile.value}"


def _tile(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or movement.taken.tile is None or movement.landing == MAINLAND:
        return None
    taken = movement.taken
    correct = _tile_name(taken.tile)
    wrong: list[tuple[str, str]] = []
    landed = state.position(movement.landing)
    # The tile the pawn stands on (and, on a stack, the one below it).
    wrong.append((_tile_name(landed.top), "welches-plaettchen"))
    if len(landed.tiles) == 2:
        wrong.append((_tile_name(landed.tiles[0]), "welches-plaettchen"))
    # The lower tile of the stack actually taken from.
    source = state.position(taken.position)
    if len(source.tiles) == 2:
        wrong.append((_tile_name(source.tiles[0]), "welches-plaettchen"))
    # The tile directly behind although a pawn stands on it; nothing because of water.
    for skip in taken.skipped:
        skipped = state.position(skip.position)
        if skipped.top is not None:
            wrong.append((_tile_name(skipped.top), "welches-plaettchen"))
        else:
            wrong.append(("Keins – hinter der Figur ist Wasser", "welches-plaettchen"))
    # The tile ahead, toward the mainland (the wrong direction).
    ahead = movement.landing + 1
    if ahead <= len(state.path) and state.position(ahead).top is not None:
        wrong.append((_tile_name(state.position(ahead).top), "welches-plaettchen"))
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    skipped_text = ""
    if taken.skipped:
        skipped_text = (" Übersprungen (Wasser oder Figur): "
                        + ", ".join(place_name(s.position) for s in taken.skipped) + ".")
    explanation = (f"Du nimmst das Plättchen hinter deiner Figur (Richtung Atlantis), vom "
                   f"Stapel nur das obere: {place_name(taken.position)}.{skipped_text}")
    return (f"{_describe(state, move)} Sie landet auf {place_name(movement.landing)}. "
            "Welches Plättchen nimmst du?", chosen, explanation, (3,),
            ("welches-plaettchen", "schritt-3"))


def _cost(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or not movement.gaps:
        return None
    costs = [gap.cost for gap in movement.gaps]
    total = sum(costs)
    wrong: list[tuple[str, str]] = []
    by_width = sum(0 if g.bridge is not None else min(g.left, g.right) * g.width
                   for g in movement.gaps)
    wrong.append((str(by_width), "breite-luecken"))
    mover = state.turn
    owner_only = sum(min(g.left, g.right) if g.bridge is not None and g.bridge != mover
                     else g.cost for g in movement.gaps)
    wrong.append((str(owner_only), "bruecke-fuer-alle"))
    if len(costs) > 1:
        wrong.append((str(max(costs)), "breite-luecken"))
    higher = sum(0 if g.bridge is not None else max(g.left, g.right) for g in movement.gaps)
    wrong.append((str(higher), "breite-luecken"))
    # Only the last gap, as if each card's gaps were paid on the way (S. 4: all at the end).
    if len(costs) > 1:
        wrong.append((str(costs[-1]), "breite-luecken"))
    chosen = _choices(str(total), wrong)
    if chosen is None:
        return None
    parts = []
    for gap in movement.gaps:
        if gap.bridge is not None:
            parts.append(f"Lücke {gap.left}–{gap.right}: Brücke, also 0")
        else:
            parts.append(f"Lücke {gap.left}–{gap.right} ({gap.width} breit): {gap.cost}")
    explanation = "; ".join(parts) + f". Zusammen {total} – die Breite zählt nicht."
    return (f"{_describe(state, move)} Was kosten die überquerten Lücken zusammen?", chosen,
            explanation, (4,), ("breite-luecken", "zahl-luecke"))


def _draw(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None:
        return None
    wanted = movement.draw.wanted
    home_before = state.player.pawns_home
    if wanted == 1 or len(movement.draw.cards) != wanted:
        # No pawn home: nothing to get wrong; a nearly empty pile (R7) is another question.
        return None
    wrong = [
        # The arriving pawn counts only from the next turn on.
        (str(1 + home_before), "mehr-karten"),
        # Forgetting the extra cards altogether.
        ("1", "mehr-karten"),
        # The third pawn: forgetting that it is 4 and the end.
        (str(wanted - 1), "mehr-karten"),
        (str(wanted + 1), "mehr-karten"),
    ]
    chosen = _choices(str(wanted), wrong)
    if chosen is None:
        return None
    home = movement.pawns_home
    explanation = (f"1 Karte plus 1 je eigener Figur auf dem Festland – schon im Zug der "
                   f"Ankunft. Nach dem Zug stehen {home} deiner Figuren dort: {wanted}.")
    if home == 3:
        explanation = "Die dritte Figur ist angekommen: 4 Karten, und das Spiel endet sofort."
    arrived = " und erreicht das Festland" if movement.landing == MAINLAND else ""
    return (f"{_describe(state, move)} Sie landet auf {place_name(movement.landing)}{arrived}. "
            f"Vorher standen {home_before} deiner Figuren auf dem Festland. Wie viele Karten "
            "ziehst du am Zugende?", chosen, explanation, (3, 5),
            ("mehr-karten", "zahl-nachziehen"))


def payment_text(payment: Payment) -> str:
    """A payment as a player says it: „Krone 5 + 2 Karten“."""
    parts = [f"{tile.item.label} {tile.value}" for tile in payment.tiles]
    if payment.cards:
        count = len(payment.cards)
        parts.append(f"{count} Karte{'n' if count != 1 else ''}")
    return " + ".join(parts) or "nichts"


def _payment(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or movement.settlement.cost == 0:
        return None
    settle = movement.settlement
    crossed = movement.gaps

    def paid_for(cost: int) -> str:
        return payment_text(payment_choices(settle.tiles, settle.hand, cost)[0])

    wrong: list[tuple[str, str]] = []
    taken = movement.taken.tile
    if taken is not None:
        # Paying with the tile just taken (only what you held at the start counts).
        wrong.append((f"{taken.item.label} {taken.value} – das eben genommene Plättchen",
                      "bezahlen-zugbeginn"))
    by_width = sum(0 if g.bridge is not None else min(g.left, g.right) * g.width for g in crossed)
    higher = sum(0 if g.bridge is not None else max(g.left, g.right) for g in crossed)
    owner_only = sum(min(g.left, g.right) if g.bridge is not None and g.bridge != state.turn
                     else g.cost for g in crossed)
    for wrong_cost, pitfall in ((by_width, "breite-luecken"), (higher, "breite-luecken"),
                                (owner_only, "bruecke-fuer-alle")):
        if wrong_cost != settle.cost and wrong_cost <= sum(t.value for t in settle.tiles) + sum(
                settle.hand):
            wrong.append((paid_for(wrong_cost), pitfall))
    correct = payment_text(settle.payment)
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    held = ", ".join(f"{t.item.label} {t.value}" for t in settle.tiles) or "keine"
    cards = sum(settle.hand)
    explanation = (f"Die Lücken kosten {settle.cost}. Bezahlt wird erst am Zugende und nur mit "
                   f"dem, was du zu Zugbeginn hattest; am sparsamsten (R9): {correct}.")
    return (f"{_describe(state, move)} Zu Zugbeginn hattest du die Plättchen {held}; nach dem "
            f"Ausspielen bleib{'t' if cards == 1 else 'en'} dir {cards} "
            f"Karte{'n' if cards != 1 else ''}. Womit bezahlst "
            "du die Lücken am sparsamsten?", chosen, explanation, (4,),
            ("bezahlen-zugbeginn", "zahl-bezahlen"))


BUILDERS: dict[str, Callable] = {
    "landung": _landing,
    "plaettchen": _tile,
    "kosten": _cost,
    "nachziehen": _draw,
    "bezahlen": _payment,
}

__all__ = ["KINDS", "KIND_TITLES", "make_situation"]
