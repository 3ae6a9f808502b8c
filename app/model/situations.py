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
from functools import lru_cache

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
from app.rules.atlantis.explain import count_words, gap_name
from app.rules.atlantis.scoring import payment_choices
from app.rules.atlantis.types import ITEMS, MAINLAND, Phase, State, place_name
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
LANDING_TOLD = ("plaettchen", "nachziehen")  # the question says where the pawn lands


def make_situation(seed: int, kind: str | None = None) -> Situation:
    """The question for ``seed``: the same seed always gives the same question.

    ``kind`` (one of :data:`KINDS`) asks for that kind only; by default the seed picks it.
    """
    rng = random.Random(seed)
    kinds = list(KINDS)
    rng.shuffle(kinds)
    if kind is not None:
        kinds = [kind]
    # One kind alone may need more positions: a landing question wants three honest mistakes.
    state: State | None = None
    for attempt in range(MAX_TRIES if kind is None else 4 * MAX_TRIES):
        # Stay with the seed's kind for a while, so every kind comes up about equally often.
        allowed = kinds[:1] if attempt < MAX_TRIES // 2 else kinds
        if state is None or attempt % 24 == 0:
            players = rng.choice((2, 3, 4))
            state = _practice_state(seed * 1_000 + attempt, players)
            if allowed == ["nachziehen"]:
                # Extra cards need a pawn at or near the mainland: play on toward the end.
                state = _later(state, rng, rng.randint(2, 6) * players, lead=True)
        else:
            # Playing the same game on one turn is much cheaper than a new game.
            later = _later(state, rng, 1, lead=allowed == ["nachziehen"])
            state = later if later is not state else None
            if state is None:
                continue
        advances = [m for m in legal_moves(state) if isinstance(m, Advance)]
        rng.shuffle(advances)
        for asked in allowed:
            for move in advances[:16]:
                built = BUILDERS[asked](state, move)
                if built is not None:
                    question, choices, explanation, pages, tests, named = built
                    return Situation(asked, question, _shuffle(rng, choices), explanation,
                                     pages, format_state(state), seed, tests, format_move(move),
                                     focus=_focus(state, move, named, asked in LANDING_TOLD))
    raise RulesError(f"Zur Übungsnummer {seed} ließ sich keine Übungssituation bilden.")


@lru_cache(maxsize=256)
def _practice_state(seed: int, players: int) -> State:
    # Playing a game to the middle is the slow part; every kind asked of one seed shares it.
    return practice_situation(seed, players=players).state


def _later(state: State, rng: random.Random, turns: int, lead: bool) -> State:
    """``state`` a few turns on (``lead``: each player moves a leading pawn)."""
    for _ in range(turns):
        advances = [m for m in legal_moves(state) if isinstance(m, Advance)]
        if not advances:
            break
        if lead:
            front = max(m.origin for m in advances)
            advances = [m for m in advances if m.origin == front]
        after, _outcome = apply(state, rng.choice(advances))
        if after.phase is not Phase.PLAYING:
            break
        state = after
    return state


def _focus(state: State, move: Advance, named: set[int], landing_told: bool) -> tuple[int, ...]:
    """Every place the question needs in its picture (``MAINLAND`` stands for itself).

    Always the start, each gap crossed with both its bordering tiles, the landing, the tile
    taken and everything named in question, choices or explanation. Where the player has to
    find the landing, every field passed too; where the question tells it, the fields in
    between do not matter and the picture may leave them out.
    """
    _after, outcome = apply(state, move)
    movement = outcome.movement
    places = {move.origin, movement.landing, *named}
    end = len(state.path) if movement.landing == MAINLAND else movement.landing
    if movement.taken.position is not None:
        places.update(range(movement.taken.position, end + 1))
    for gap in movement.gaps:
        places.update(range(gap.first - 1, gap.last + 2))
    if not landing_told:
        places.update(range(move.origin, end + 1))
    return tuple(sorted(places))


def _shuffle(rng: random.Random, choices: list[Choice]) -> tuple[Choice, ...]:
    shuffled = list(choices)
    rng.shuffle(shuffled)
    return tuple(shuffled)


def _describe(state: State, move: Advance) -> str:
    cards = " → ".join(card.display for card in move.cards)
    colour = ("Blau", "Weiß", "Schwarz", "Rot")[state.turn]
    return (f"Du spielst {colour}. Deine Figur {_at(move.origin)} zieht mit "
            f"{'der Karte' if len(move.cards) == 1 else 'den Karten'} {cards}.")


def _at(place: int) -> str:
    """``auf Feld 7``, ``auf Atlantis``, ``auf dem Festland``."""
    return "auf dem Festland" if place == MAINLAND else f"auf {place_name(place)}"


def _to(place: int) -> str:
    """``auf Feld 7`` or ``aufs Festland`` (where a card sends the pawn)."""
    return "aufs Festland" if place == MAINLAND else f"auf {place_name(place)}"


def _arrives(place: int) -> str:
    return "Sie erreicht das Festland." if place == MAINLAND else f"Sie landet {_at(place)}."


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


# -- the kinds of question ----------------------------------------------------------------------
# Each builder returns (question, choices, explanation, pages, tests, places named) or None.

def _landing(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None:
        return None
    correct = place_name(movement.landing)
    named = {movement.landing}
    wrong: list[tuple[str, str]] = []
    for step in movement.steps:
        if step.occupied_by is not None:
            # Staying on the occupied target instead of playing on.
            wrong.append((place_name(step.target), "zweite-karte"))
            named.add(step.target)
    if movement.landing == MAINLAND:
        wrong.append((f"Sie bleibt {_at(move.origin)} stehen", "festland-erreichen"))
    else:
        # Playing one more card than needed, to get further: each card in hand its own landing.
        left = list(state.player.hand)
        for card in move.cards:
            left[card.index] -= 1
        for card in ITEMS:
            if left[card.index] > 0:
                further = target(state, movement.landing, card)
                wrong.append((place_name(further), "zweite-karte"))
                named.add(further)
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    reasons = []
    for s in movement.steps:
        if s.target == MAINLAND:
            reasons.append(f"{s.card.display} führt aufs Festland: vor der Figur liegt kein "
                           f"{s.card.label}-Plättchen mehr obenauf.")
        elif s.occupied_by is not None:
            reasons.append(f"{s.card.display} führt {_to(s.target)}. Dort steht schon eine "
                           "Figur, also kommt die nächste Karte.")
        else:
            reasons.append(f"{s.card.display} führt {_to(s.target)}, und das Feld ist frei.")
    explanation = (" ".join(reasons) + f" Die Figur bleibt {_at(movement.landing)}; eine weitere "
                   "Karte spielst du nur, wenn das Ziel besetzt ist.")
    return (f"{_describe(state, move)} Wo bleibt sie stehen?", chosen, explanation,
            (3, 5) if movement.landing == MAINLAND else (3,), ("zweite-karte", "schritt-2"),
            named)


def _tile_name(tile) -> str:
    return f"{tile.item.display}, Wert {tile.value}"


def _tile(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or movement.taken.tile is None or movement.landing == MAINLAND:
        return None
    taken = movement.taken
    correct = _tile_name(taken.tile)
    named = {movement.landing, taken.position}
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
        named.add(skip.position)
        if skipped.top is not None:
            wrong.append((_tile_name(skipped.top), "welches-plaettchen"))
        else:
            wrong.append(("Keins – hinter der Figur ist Wasser", "welches-plaettchen"))
    # The tile ahead, toward the mainland (the wrong direction).
    ahead = movement.landing + 1
    if ahead <= len(state.path) and state.position(ahead).top is not None:
        wrong.append((_tile_name(state.position(ahead).top), "welches-plaettchen"))
        named.add(ahead)
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    skipped_text = ""
    if taken.skipped:
        reasons = [f"{place_name(s.position)} ({s.reason.value})" for s in taken.skipped]
        skipped_text = " Übersprungen: " + ", ".join(reasons) + "."
    explanation = (f"Du nimmst das erste freie Plättchen hinter deiner Figur, Richtung Atlantis, "
                   f"vom Stapel nur das obere: {_tile_name(taken.tile)} "
                   f"{_at(taken.position)}.{skipped_text}")
    return (f"{_describe(state, move)} {_arrives(movement.landing)} "
            "Welches Plättchen nimmst du?", chosen, explanation, (3,),
            ("welches-plaettchen", "schritt-3"), named)


def _wrong_costs(state: State, gaps) -> list[tuple[int, str]]:
    """What a player with a misconception in mind would pay for ``gaps``, and the pitfall."""
    by_width = sum(0 if g.bridge is not None else min(g.left, g.right) * g.width for g in gaps)
    higher = sum(0 if g.bridge is not None else max(g.left, g.right) for g in gaps)
    owner_only = sum(min(g.left, g.right) if g.bridge is not None and g.bridge != state.turn
                     else g.cost for g in gaps)
    no_bridges = sum(min(g.left, g.right) for g in gaps)
    both = sum(0 if g.bridge is not None else g.left + g.right for g in gaps)
    per_field = sum(0 if g.bridge is not None else g.width for g in gaps)
    wrong = [
        (by_width, "breite-luecken"),  # each extra water field costs again
        (higher, "zahl-luecke"),  # the higher bordering value instead of the lower
        (owner_only, "bruecke-fuer-alle"),  # another player's bridge taken as theirs only
        (both, "zahl-luecke"),  # both bordering values added up
        (per_field, "breite-luecken"),  # paying by the water fields, one each
    ]
    if any(g.bridge == state.turn for g in gaps):
        wrong.append((no_bridges, "zahl-bruecke"))  # the own bridge forgotten
    if len([g for g in gaps if g.cost]) > 1:
        # One gap per move, the dearest: „jede Lücke kostet einzeln“ forgotten.
        wrong.append((max(g.cost for g in gaps), "breite-luecken"))
    return wrong


def _cost(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or not movement.gaps:
        return None
    total = sum(gap.cost for gap in movement.gaps)
    chosen = _choices(str(total), [(str(c), p) for c, p in _wrong_costs(state, movement.gaps)])
    if chosen is None:
        return None
    parts = []
    for gap in movement.gaps:
        name = gap_name(gap)
        if gap.bridge is not None:
            parts.append(f"Über {name} liegt eine Brücke, sie kostet also nichts.")
        else:
            width = ("" if gap.width == 1 else
                     f", obwohl sie {count_words(gap.width, 'ein Wasserfeld', 'Wasserfelder')} "
                     "breit ist")
            parts.append(f"{name[0].upper()}{name[1:]} kostet {gap.cost}, den kleineren "
                         f"Wert{width}.")
    explanation = " ".join(parts) + f" Zusammen: {total}."
    named = {p for g in movement.gaps for p in (g.first - 1, g.last + 1)}
    return (f"{_describe(state, move)} Was kosten die überquerten Lücken zusammen?", chosen,
            explanation, (4,), ("breite-luecken", "zahl-luecke"), named)


def _pawns_home_sentence(when: str, count: int, where: str) -> str:
    """``Vorher stand eine deiner Figuren auf dem Festland.`` with the verb agreeing."""
    if count == 0:
        return f"{when} stand noch keine deiner Figuren {where}."
    verb = "stand" if when == "Vorher" else "steht"
    if count > 1:
        verb = "standen" if when == "Vorher" else "stehen"
    return f"{when} {verb} {count_words(count, 'eine deiner Figuren', 'deiner Figuren')} {where}."


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
    if home == 3:
        explanation = "Die dritte Figur ist angekommen: Du ziehst 4 Karten, und das Spiel endet."
    else:
        explanation = ("Du ziehst 1 Karte und dazu eine für jede deiner Figuren auf dem "
                       "Festland, eine eben angekommene schon mitgezählt. "
                       + _pawns_home_sentence("Nach dem Zug", home, "dort")
                       + f" Also ziehst du {count_words(wanted, 'eine Karte', 'Karten')}.")
    return (f"{_describe(state, move)} {_arrives(movement.landing)} "
            + _pawns_home_sentence("Vorher", home_before, "auf dem Festland")
            + " Wie viele Karten ziehst du am Zugende?", chosen, explanation, (3, 5),
            ("mehr-karten", "zahl-nachziehen"), {movement.landing, MAINLAND})


def _held_tile(tile) -> str:
    # Three item names are our guesses (rules notes): the colour always goes with the name.
    return f"{tile.item.label} {tile.value} ({tile.item.colour_name})"


def payment_text(payment: Payment) -> str:
    """A payment as a player says it: „Krone 5 (gelb) + 2 Karten“."""
    parts = [_held_tile(tile) for tile in payment.tiles]
    if payment.cards:
        parts.append(count_words(len(payment.cards), "1 Karte", "Karten", digits=True))
    return " + ".join(parts) or "nichts"


def _payment(state: State, move: Advance):
    _after, outcome = apply(state, move)
    movement = outcome.movement
    if movement is None or movement.settlement.cost == 0:
        return None
    settle = movement.settlement

    def paid_for(cost: int) -> str:
        return payment_text(payment_choices(settle.tiles, settle.hand, cost)[0])

    wrong: list[tuple[str, str]] = []
    taken = movement.taken.tile
    if taken is not None:
        # Paying with the tile just taken (only what you held at the start counts).
        wrong.append((f"{_held_tile(taken)} – das eben genommene Plättchen",
                      "bezahlen-zugbeginn"))
    can_pay = sum(t.value for t in settle.tiles) + sum(settle.hand)
    for wrong_cost, pitfall in _wrong_costs(state, movement.gaps):
        if 0 < wrong_cost != settle.cost and wrong_cost <= can_pay:
            wrong.append((paid_for(wrong_cost), pitfall))
    correct = payment_text(settle.payment)
    chosen = _choices(correct, wrong)
    if chosen is None:
        return None
    held = ", ".join(_held_tile(t) for t in settle.tiles)
    tiles = f"hattest du die Plättchen {held}" if held else "hattest du kein Plättchen"
    cards = sum(settle.hand)
    left = ("bleibt dir keine Karte" if cards == 0 else
            f"bleibt dir {count_words(cards, 'eine Karte', 'Karten')}" if cards == 1 else
            f"bleiben dir {count_words(cards, 'eine Karte', 'Karten')}")
    explanation = (f"Die Lücken kosten {settle.cost}. Bezahlt wird erst am Zugende und nur mit "
                   f"dem, was du zu Zugbeginn hattest, und zwar so sparsam wie möglich (R9): "
                   f"{correct}.")
    return (f"{_describe(state, move)} Zu Zugbeginn {tiles}; nach dem Ausspielen {left}. "
            "Womit bezahlst du die Lücken am sparsamsten?", chosen, explanation, (4,),
            ("bezahlen-zugbeginn", "zahl-bezahlen", "r9"), set())


BUILDERS: dict[str, Callable] = {
    "landung": _landing,
    "plaettchen": _tile,
    "kosten": _cost,
    "nachziehen": _draw,
    "bezahlen": _payment,
}

__all__ = ["KINDS", "KIND_TITLES", "make_situation", "payment_text"]
