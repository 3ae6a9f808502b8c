"""Worked-example protocol: ``example_facts(position, action)`` answers a content question.

Positions are either a whole game (``2p plan=… türme=… rechte=…``) or a single line
(``linie k3 G5 …``). Actions:

``prüfe <zug>``
    a question of legality: never raises for a move the rules forbid, returns
    ``legal: False`` with the rule in ``reason``.
``zug <zug>``
    plays the move (an illegal one raises :class:`IllegalMoveError`) and describes the result.
``wertung``
    totals and winners (printed values and, for comparison, every field as 1).
``wertung reihe 5`` / ``wertung spalte e`` (``spieler N`` zu viert)
    one line with the right of the player who scores it.
``stand``
    whose turn, what is left, which sub-boards lie open.
``wertung kg-s`` / ``wertung sg-k``
    for a single-line position: that line scored with the right.
"""

from __future__ import annotations

from app.rules.atacama import geometry as geo
from app.rules.atacama.moves import (
    apply,
    end_reason,
    legal_moves,
    legal_reason,
    why_illegal,
)
from app.rules.atacama.notation import (
    parse_line,
    parse_move,
    parse_position,
    position_text,
)
from app.rules.atacama.scoring import (
    RIGHTS_OPEN,
    LineScore,
    parse_line_label,
    score,
    score_free_line,
    score_line,
    winners,
)
from app.rules.atacama.types import Place, Right, State
from app.rules.atacama.words import player_name
from app.rules.errors import IllegalMoveError, NotationError, RulesError

EXAMPLE_FACT_KEYS: dict[str, str] = {
    "legal": "Ist der Zug erlaubt? (ja/nein)",
    "reason": "Die Regel, die den Zug erlaubt oder verbietet, als Satz",
    "sub_board": "Teilplan (A–I), auf dem das Feld liegt",
    "edge_neighbours": "Felder mit Bohrturm, die mit dem Feld eine Kante teilen",
    "diagonal_neighbours": "Felder mit Bohrturm, die diagonal an das Feld grenzen",
    "position": "Die Stellung nach dem Zug in der Notation",
    "outcome": "Was im Zug passiert ist, als Text",
    "newly_revealed": "Teilpläne, die nach dem Zug neu ausliegen (Aufbauspiel)",
    "to_move": "Wer jetzt am Zug ist (Person 1, 2, …)",
    "turns": "Wie viele Züge schon gemacht sind",
    "game_over": "Ist die Partie vorbei?",
    "end_reason": "Warum die Partie vorbei ist (leer, solange sie läuft)",
    "remaining": "Bohrtürme, die jede Person noch hat (beide Farben zusammen)",
    "remaining_base": "Bohrtürme der Grundfarbe, die jede Person noch hat",
    "remaining_second": "Bohrtürme der zweiten Farbe, die jede Person noch hat",
    "stage": "Lieferung im Aufbauspiel (1 Dreieck, 2 Diagonale, 3 Rest; 0 sonst)",
    "revealed": "Teilpläne, die ausliegen",
    "legal_count": "Wie viele erlaubte Züge es gibt",
    "line": "Welche Linie gewertet wird (Reihe 5, Spalte e, Linie)",
    "scorer": "Wer diese Linie wertet (Person 1, 2, …)",
    "right": "Mit welchem Schürfrecht gewertet wird",
    "derricks_in_line": "Bohrtürme in der Linie",
    "counted": "Wird die Linie gewertet (mindestens 4 Bohrtürme)?",
    "line_score": "Punkte der Linie mit den aufgedruckten Werten (Auslegung A1)",
    "line_score_unit": "Punkte der Linie, wenn jedes Feld nur 1 zählte",
    "field_points": (
        "Wert jedes besetzten Feldes der Linie mit Vorzeichen "
        "(zählt nur, wenn die Linie gewertet wird)"
    ),
    "explanation": "Die Wertung der Linie als Satz",
    "totals": "Gesamtpunkte je Person (aufgedruckte Werte)",
    "totals_unit": "Gesamtpunkte je Person, wenn jedes Feld nur 1 zählte",
    "winners": "Wer vorn liegt bzw. gewonnen hat (Person 1, 2, …; bei Gleichstand mehrere)",
    "winners_unit": "Wer vorn läge, wenn jedes Feld nur 1 zählte",
}

_RIGHTS = {r.value: r for r in Right}


def example_facts(position: str, action: str) -> dict[str, object]:
    """Answer ``action`` on ``position`` with named facts (see :data:`EXAMPLE_FACT_KEYS`)."""
    if not isinstance(position, str) or not isinstance(action, str):
        raise NotationError("Stellung und Aktion sind Texte.")
    try:
        if position.strip()[:5].lower() == "linie":
            return _line_facts(position, action)
        return _position_facts(parse_position(position), action)
    except (NotationError, IllegalMoveError):
        raise
    except RulesError as err:
        raise NotationError(str(err), code=err.code) from None


def _line_facts(position: str, action: str) -> dict[str, object]:
    line = parse_line(position)
    words = action.lower().split()
    if len(words) != 2 or words[0] != "wertung" or words[1] not in _RIGHTS:
        raise NotationError(
            "Zu einer einzelnen Linie passt nur „wertung kg-s“ oder „wertung sg-k“."
        )
    right = _RIGHTS[words[1]]
    exact = score_free_line(line, right)
    unit = score_free_line(line, right, unit_values=True)
    return _line_score_facts(exact, unit)


def _line_score_facts(exact: LineScore, unit: LineScore) -> dict[str, object]:
    return {
        "line": exact.label,
        "right": exact.right.german,
        "derricks_in_line": exact.derricks,
        "counted": exact.counted,
        "line_score": exact.total,
        "line_score_unit": unit.total,
        "field_points": [f.points for f in exact.fields],
        "explanation": exact.text,
    }


def _position_facts(state: State, action: str) -> dict[str, object]:
    words = action.split()
    if not words:
        raise NotationError("Die Aktion ist leer: „prüfe e5“, „zug e5“, „wertung“ oder „stand“.")
    verb = words[0].lower()
    rest = " ".join(words[1:])
    if verb in ("prüfe", "pruefe"):
        return _check_facts(state, rest)
    if verb == "zug":
        new, outcome = apply(state, parse_move(rest))
        facts = _status_facts(new)
        facts["position"] = position_text(new)
        facts["outcome"] = outcome.text
        facts["newly_revealed"] = list(outcome.revealed)
        return facts
    if verb == "stand" and not rest:
        return _status_facts(state)
    if verb == "wertung" and not rest:
        return _total_facts(state)
    if verb == "wertung":
        return _one_line_facts(state, words[1:])
    raise NotationError(
        f"„{action}“ kenne ich nicht: „prüfe e5“, „zug e5“, „wertung“, "
        "„wertung reihe 5“ oder „stand“."
    )


def _check_facts(state: State, move_text: str) -> dict[str, object]:
    move = parse_move(move_text)
    reason = why_illegal(state, move)
    facts: dict[str, object] = {"legal": reason is None}
    if isinstance(move, Place):
        if reason is None:
            reason = legal_reason(state, move.square)
        square = move.square
        facts["sub_board"] = geo.sub_board_of(square)
        facts["edge_neighbours"] = [
            geo.square_name(n) for n in geo.EDGE_NEIGHBOURS[square] if state.occupied >> n & 1
        ]
        facts["diagonal_neighbours"] = [
            geo.square_name(n)
            for n in geo.DIAGONAL_NEIGHBOURS[square]
            if state.occupied >> n & 1
        ]
    elif reason is None:
        reason = (
            f"{player_name(state.to_move)} darf statt eines Bohrturms ein Schürfrecht nehmen "
            "und bezahlt es mit einem noch nicht gesetzten Bohrturm."
        )
    facts["reason"] = reason
    return facts


def _status_facts(state: State) -> dict[str, object]:
    players = range(state.variant.players)
    reason = end_reason(state)
    return {
        "to_move": state.to_move + 1,
        "turns": state.turns,
        "game_over": reason is not None,
        "end_reason": reason or "",
        "remaining": [state.derricks_left(p) for p in players],
        "remaining_base": [state.base_left(p) for p in players],
        "remaining_second": [state.second_left(p) for p in players],
        "stage": state.stage,
        "revealed": list(state.revealed_boards),
        "legal_count": len(legal_moves(state)),
    }


def _total_facts(state: State) -> dict[str, object]:
    return {
        "totals": list(score(state)),
        "totals_unit": list(score(state, unit_values=True)),
        "winners": [p + 1 for p in winners(state)],
        "winners_unit": [p + 1 for p in winners(state, unit_values=True)],
        "game_over": end_reason(state) is not None,
    }


def _one_line_facts(state: State, words: list[str]) -> dict[str, object]:
    player_words = words[2:]
    direction, index = parse_line_label(" ".join(words[:2]))
    if state.rights_open:
        raise NotationError(RIGHTS_OPEN, code="rights_open")
    scorers = state.scorer_of(direction)
    if player_words:
        if (
            len(player_words) != 2
            or player_words[0].lower() != "spieler"
            or player_words[1] not in [str(p + 1) for p in range(state.variant.players)]
        ):
            raise NotationError(
                f"„{' '.join(player_words)}“: nach der Linie folgt höchstens „spieler N“."
            )
        player = int(player_words[1]) - 1
        if player not in scorers:
            pr = state.rights[player]
            assert pr is not None
            raise NotationError(
                f"{player_name(player)} wertet die {pr.direction.german}, "
                f"nicht die {direction.german}.",
                code="not_scorer",
            )
    elif len(scorers) == 1:
        player = scorers[0]
    else:
        raise NotationError(
            f"Zu viert werten zwei Personen die {direction.german} – "
            f"nenne sie, z. B. „wertung {' '.join(words[:2])} spieler "
            f"{scorers[0] + 1}“.",
            code="scorer_ambiguous",
        )
    pr = state.rights[player]
    assert pr is not None
    exact = score_line(state, direction, index, pr.right)
    unit = score_line(state, direction, index, pr.right, unit_values=True)
    facts = _line_score_facts(exact, unit)
    facts["scorer"] = player + 1
    return facts
