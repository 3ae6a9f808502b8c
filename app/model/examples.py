"""Checking worked examples against the game's rules engine.

Every example in the content names a position, an action and the facts the
rules must give. The engine computes the facts; any difference is a content
error, because a wrong fact in a refresher is the worst bug we can ship.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, NamedTuple

from app.rules.errors import RulesError

if TYPE_CHECKING:  # the snapshot start reads ExampleResult without pydantic
    from app.model.schema import QuizItem, WorkedExample



class ExampleResult(NamedTuple):
    """The engine's verdict on one worked example (a named tuple: the snapshot start reads
    these before the first frame, where a frozen dataclass costs a millisecond to define)."""

    ok: bool
    message: str = ""
    facts: Mapping[str, object] = MappingProxyType({})


def engine_for(game_id: str) -> ModuleType | None:
    """The engine package of ``game_id`` (``example_facts``, ``EXAMPLE_FACT_KEYS``), found
    through the one registry of games; engines are imported on first use, so a game without
    one still loads fast."""
    from app.model.library import SHIPPED_GAMES

    if game_id not in SHIPPED_GAMES:
        return None
    from app.rules.registry import game_for

    game = game_for(game_id)
    if game is None:
        return None
    return importlib.import_module(type(game).__module__.rpartition(".")[0])


def check_examples(game_id: str, examples: list[WorkedExample]) -> dict[str, ExampleResult]:
    if not examples:
        return {}
    engine = engine_for(game_id)
    if engine is None:
        return {ex.id: ExampleResult(False, "Für dieses Spiel gibt es keine Regel-Engine, "
                                            "die das Beispiel prüfen könnte.")
                for ex in examples}
    return {ex.id: check_example(engine, ex) for ex in examples}


def check_example(engine: ModuleType, example: WorkedExample) -> ExampleResult:
    return _check_facts(engine, f"Beispiel „{example.id}“", example.position, example.action,
                        example.expect)


def _check_facts(engine: ModuleType, what: str, position: str, action: str,
                 expect: dict) -> ExampleResult:
    known: dict[str, str] = engine.EXAMPLE_FACT_KEYS
    unknown = sorted(set(expect) - set(known))
    if unknown:
        return ExampleResult(False, f"unbekannte Größe(n) {', '.join(unknown)}; "
                                    f"die Engine kennt: {', '.join(sorted(known))}")
    try:
        facts = engine.example_facts(position, action)
    except RulesError as exc:
        return ExampleResult(False, f"{what} ist nicht auswertbar: {exc}")
    wrong = []
    for key, expected in expect.items():
        actual = _plain(facts.get(key))
        if _plain(expected) != actual:
            wrong.append(f"{key}: erwartet {_show(expected)}, die Regeln ergeben {_show(actual)}")
    if wrong:
        return ExampleResult(False, f"{what} – " + "; ".join(wrong), facts)
    return ExampleResult(True, "", facts)


def check_quiz_positions(game_id: str, quiz: list[QuizItem]) -> dict[str, ExampleResult]:
    """The engine's verdict on every quiz question that carries a position.

    As for a worked example, the position must be one a game can reach, and each expected fact
    what the rules give; on top, every number among the facts must be the one the answer
    states, so the answer itself is recomputed.
    """
    asked = [item for item in quiz if item.position is not None]
    if not asked:
        return {}
    engine = engine_for(game_id)
    if engine is None:
        return {item.id: ExampleResult(False, "Für dieses Spiel gibt es keine Regel-Engine, die "
                                              "die Stellung der Frage prüfen könnte.")
                for item in asked}
    results: dict[str, ExampleResult] = {}
    for item in asked:
        result = _check_facts(engine, f"Quizfrage „{item.id}“", item.position, item.action,
                              item.expect or {})
        if result.ok:
            missing = [f"{key}: {value}" for key, value in (item.expect or {}).items()
                       if _is_number(value) and not states_number(item.answer, value)]
            if missing:
                result = ExampleResult(
                    False, f"Quizfrage „{item.id}“ – die Antwort nennt die Zahl der Regeln "
                           f"nicht ({'; '.join(missing)}).", result.facts)
        results[item.id] = result
    return results


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def states_number(text: str, value: int) -> bool:
    """Does ``text`` state the number ``value`` (digits, with its sign if negative)?

    >>> states_number("−6 – doppelt der Wert 3", -6), states_number("16 Karten", 6)
    (True, False)
    >>> states_number("+7 (2 + 4 − 1 + 2)", 7), states_number("−7", 7)
    (True, False)
    """
    plain = text.replace("−", "-")
    sign = "-" if value < 0 else r"(?<!-)"
    return re.search(rf"(?<![\d,]){sign}{abs(value)}(?![\d,])", plain) is not None


def _plain(value: object) -> object:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if value is None:
        return "nichts"
    return str(value)
