"""Checking worked examples against the game's rules engine.

Every example in the content names a position, an action and the facts the
rules must give. The engine computes the facts; any difference is a content
error, because a wrong fact in a refresher is the worst bug we can ship.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING

from app.rules.errors import RulesError

if TYPE_CHECKING:  # the snapshot start reads ExampleResult without pydantic
    from app.model.schema import WorkedExample



@dataclass(frozen=True)
class ExampleResult:
    ok: bool
    message: str = ""
    facts: dict = field(default_factory=dict)


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
    known: dict[str, str] = engine.EXAMPLE_FACT_KEYS
    unknown = sorted(set(example.expect) - set(known))
    if unknown:
        return ExampleResult(False, f"unbekannte Größe(n) {', '.join(unknown)}; "
                                    f"die Engine kennt: {', '.join(sorted(known))}")
    try:
        facts = engine.example_facts(example.position, example.action)
    except RulesError as exc:
        return ExampleResult(False, f"Beispiel „{example.id}“ ist nicht auswertbar: {exc}")
    wrong = []
    for key, expected in example.expect.items():
        actual = _plain(facts.get(key))
        if _plain(expected) != actual:
            wrong.append(f"{key}: erwartet {_show(expected)}, die Regeln ergeben {_show(actual)}")
    if wrong:
        return ExampleResult(False, f"Beispiel „{example.id}“ – " + "; ".join(wrong), facts)
    return ExampleResult(True, "", facts)


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
