"""Worked-example protocol: ``example_facts(position, action)`` and ``EXAMPLE_FACT_KEYS``.

``position`` is a position in the engine's notation (full or short form, or ``aufbau 3``).
``action`` is one of:

``<Zug>``
    a move or a whole turn in move notation, e.g. ``0:HR`` or ``kaufen K5; 3:S``. A move the
    rules forbid raises :class:`IllegalMoveError` (a content error).
``? <Zug>``
    a question of legality: never raises for a forbidden move but answers
    ``{"legal": False, "reason": "<German rule text>"}``; for an allowed move all facts with
    ``legal: True``.
``zeigen``
    no move: only the facts of the position itself (scores, hands, legal moves …).

Every answer holds every key of ``EXAMPLE_FACT_KEYS`` (except the short answer to a forbidden
``?`` question), with neutral values (0, "", [], false) where a fact does not apply. Places are
position numbers; the mainland is the string ``"Festland"``. Facts about "the mover" concern the
player whose move it was (in ``zeigen``: the player to move).
"""

from __future__ import annotations

from app.rules.atlantis.moves import NoMove, apply, legal_moves
from app.rules.atlantis.notation import format_path, parse_move, parse_state
from app.rules.atlantis.outcome import Outcome
from app.rules.atlantis.scoring import final_scores, winners
from app.rules.atlantis.types import MAINLAND, Gap, Phase, State, player_letter
from app.rules.errors import IllegalMoveError, NotationError

EXAMPLE_FACT_KEYS: dict[str, str] = {
    "legal": "Ist der Zug erlaubt? (Frage mit „?“; sonst immer ja)",
    "reason": "Welche Regel den Zug verbietet (leer, wenn erlaubt)",
    "cards_played": "Gespielte Karten als Buchstaben, in Reihenfolge",
    "targets": "Ziel jeder gespielten Karte (Feldnummer oder „Festland“)",
    "passed": "Besetzte Ziele, von denen aus weitergezogen werden musste",
    "extra_cards": "Wie viele Karten wegen besetzter Ziele zusätzlich gespielt wurden",
    "landing": "Wo die Figur stehen bleibt (Feldnummer oder „Festland“; leer ohne Figurenzug)",
    "mainland": "Hat die Figur das Festland erreicht?",
    "gaps": "Zahl der überquerten Lücken",
    "gap_costs": "Kosten jeder überquerten Lücke, in Zugrichtung",
    "gap_borders": "Die zwei Nachbarwerte jeder überquerten Lücke, z. B. „3-5“",
    "gap_widths": "Wasserfelder je überquerter Lücke",
    "bridged_by": "Je überquerter Lücke: wessen Brücke sie frei macht (leer: keine)",
    "total_cost": "Summe der Lückenkosten dieses Zuges",
    "tile_taken": "Das genommene Plättchen, z. B. „K5“ (leer: keins)",
    "tile_from": "Feld, von dem das Plättchen kam (0: keins)",
    "skipped": "Felder, die beim Nehmen übersprungen wurden (Wasser oder Figur)",
    "skip_reasons": "Warum jedes dieser Felder übersprungen wurde („Wasser“ oder „Figur“)",
    "new_water": "Ist durch das Nehmen ein Feld leer geworden?",
    "water_gap": "Die Lücke, zu der das neue Wasser gehört, z. B. „6-8“ (leer: keine)",
    "removed_ends": "Randfelder, die wegfielen (keine Lücke neben Atlantis oder Festland)",
    "path_after": "Der Weg nach dem Zug in Notation",
    "path_length": "Zahl der Wegfelder nach dem Zug",
    "payment_options": "Zahlungen, die am wenigsten Punkte kosten (R9)",
    "payment": "Womit bezahlt wurde (leer: nichts)",
    "paid": "Wert der Zahlung",
    "change_lost": "Überzahlter Betrag, der verfällt",
    "debt": "Was in diesem Zug nicht bezahlt werden konnte und minus zählt",
    "cards_drawn": "Karten, die am Zugende nachgezogen wurden",
    "drawn": "Die nachgezogenen Karten als Buchstaben",
    "bought_cards": "Karten, die durch Kaufen dazukamen",
    "bridge_at": "Feld, auf das die Brücke gelegt wurde (0: keine)",
    "bridge_gap": "Die Lücke, auf der die Brücke jetzt liegt, z. B. „6-8“",
    "no_move": "Wurde „kein Zug“ gespielt?",
    "game_over": "Hat dieser Zug das Spiel beendet oder ist es vorbei?",
    "end_reason": "Warum das Spiel endete (leer: läuft noch)",
    "phase": "Phase danach: spiel, schluss oder ende",
    "next_player": "Wer danach am Zug ist (a–d)",
    "hand": "Handkarten des Ziehenden danach als Buchstaben („-“: keine)",
    "hand_size": "Zahl der Handkarten des Ziehenden danach",
    "tiles_held": "Plättchen des Ziehenden danach",
    "pawns_home": "Figuren des Ziehenden auf dem Festland danach",
    "hand_sizes": "Handkarten aller Spieler danach (bei „aufbau“: die Startkarten)",
    "scores": "Punkte aller Spieler danach: Plättchen + Karten − Unbezahltes",
    "winners": "Wer die meisten Punkte hat (mehrere bei Gleichstand)",
    "path_tiles": "Plättchen auf dem Weg danach",
    "pile_size": "Karten im Nachziehstapel danach",
    "legal_moves": "Alle erlaubten Züge in der Stellung vor der Aktion",
    "no_move_possible": "Kann in der Stellung vor der Aktion keine Figur ziehen?",
}

SHOW = "zeigen"


def _place(location: int) -> int | str:
    return "Festland" if location == MAINLAND else location


def _borders(gap: Gap) -> str:
    return f"{gap.left}-{gap.right}"


def _span(gap: Gap | None) -> str:
    return "" if gap is None else f"{gap.first}-{gap.last}"


def _neutral() -> dict[str, object]:
    return {
        "legal": True, "reason": "", "cards_played": [], "targets": [], "passed": [],
        "extra_cards": 0, "landing": "", "mainland": False, "gaps": 0, "gap_costs": [],
        "gap_borders": [], "gap_widths": [], "bridged_by": [], "total_cost": 0, "tile_taken": "",
        "tile_from": 0, "skipped": [], "skip_reasons": [], "new_water": False, "water_gap": "",
        "removed_ends": 0, "payment_options": [], "payment": "", "paid": 0, "change_lost": 0,
        "debt": 0, "cards_drawn": 0, "drawn": [], "bought_cards": 0, "bridge_at": 0,
        "bridge_gap": "", "no_move": False, "end_reason": "",
    }


def _gap_facts(gaps: tuple[Gap, ...]) -> dict[str, object]:
    return {
        "gaps": len(gaps),
        "gap_costs": [g.cost for g in gaps],
        "gap_borders": [_borders(g) for g in gaps],
        "gap_widths": [g.width for g in gaps],
        "bridged_by": ["" if g.bridge is None else player_letter(g.bridge) for g in gaps],
        "total_cost": sum(g.cost for g in gaps),
    }


def _outcome_facts(outcome: Outcome) -> dict[str, object]:
    facts: dict[str, object] = {}
    if outcome.purchase is not None:
        facts["bought_cards"] = len(outcome.purchase.draw.cards)
    if outcome.bridges:
        facts["bridge_at"] = outcome.bridges[-1].position
        facts["bridge_gap"] = _span(outcome.bridges[-1].gap)
    move = outcome.movement
    settlements = []
    if move is not None:
        taken = move.taken
        facts.update(_gap_facts(move.gaps))
        facts.update({
            "cards_played": [c.letter for c in move.cards],
            "targets": [_place(s.target) for s in move.steps],
            "passed": [s.target for s in move.steps if s.occupied_by is not None],
            "extra_cards": len(move.steps) - 1,
            "landing": _place(move.landing),
            "mainland": move.landing == MAINLAND,
            "tile_taken": "" if taken.tile is None else str(taken.tile),
            "tile_from": taken.position or 0,
            "skipped": [s.position for s in taken.skipped],
            "skip_reasons": [s.reason.value for s in taken.skipped],
            "new_water": taken.tile is not None and taken.left_below is None,
            "water_gap": _span(taken.water_gap),
            "removed_ends": taken.removed_at_atlantis + taken.removed_at_mainland,
        })
        settlements.append(move.settlement)
    if outcome.finals:
        all_gaps = tuple(g for final in outcome.finals for g in final.gaps)
        facts.update(_gap_facts(all_gaps))
        facts["landing"] = "Festland"
        facts["mainland"] = True
        settlements.extend(final.settlement for final in outcome.finals)
    if settlements:
        paid = [s.payment for s in settlements]
        facts.update({
            "payment_options": [str(p) for p in settlements[-1].options],
            "payment": " · ".join(str(p) for p in paid if p.value),
            "paid": sum(p.value for p in paid),
            "change_lost": sum(s.change_lost for s in settlements),
            "debt": sum(s.debt for s in settlements),
        })
    if outcome.no_move is not None:
        facts["no_move"] = True
    facts["cards_drawn"] = len(outcome.cards_drawn)
    facts["drawn"] = [c.letter for c in outcome.cards_drawn]
    if outcome.ended is not None:
        facts["end_reason"] = outcome.ended.value
    return facts


def _state_facts(state: State, mover: int, before: State) -> dict[str, object]:
    player = state.players[mover]
    moves = legal_moves(before)
    return {
        "path_after": format_path(state),
        "path_length": len(state.path),
        "game_over": state.phase is not Phase.PLAYING,
        "phase": state.phase.value,
        "next_player": player_letter(state.turn),
        "hand": "".join(c.letter for c in player.cards()) or "-",
        "hand_size": player.card_count,
        "tiles_held": [str(t) for t in player.tiles],
        "pawns_home": player.pawns_home,
        "hand_sizes": [p.card_count for p in state.players],
        "scores": list(final_scores(state)),
        "winners": [player_letter(i) for i in winners(state)],
        "path_tiles": sum(len(pos.tiles) for pos in state.path),
        "pile_size": len(state.pile),
        "legal_moves": [str(m) for m in moves],
        "no_move_possible": any(isinstance(m, NoMove) for m in moves),
    }


def example_facts(position: str, action: str) -> dict[str, object]:
    """Parse ``position`` and ``action``, play it, and answer with the named facts."""
    state = parse_state(position)
    if not isinstance(action, str) or not action.strip():
        raise NotationError("Aktion fehlt: ein Zug wie „0:HR“, „? 0:HR“ oder „zeigen“.")
    text = action.strip()
    facts = _neutral()
    if text.lower() == SHOW:
        facts.update(_state_facts(state, state.turn, state))
        return facts
    question = text.startswith("?")
    move = parse_move(text[1:].strip() if question else text)
    try:
        after, outcome = apply(state, move)
    except IllegalMoveError as error:
        if not question:
            raise
        return {"legal": False, "reason": str(error)}
    facts.update(_outcome_facts(outcome))
    facts.update(_state_facts(after, outcome.player, state))
    return facts
