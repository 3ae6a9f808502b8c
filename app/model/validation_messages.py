"""German messages for pydantic validation errors, placed at the offending line."""

from __future__ import annotations

from pydantic import ValidationError

from app.model.library import distinct_problems, excerpt
from app.model.yaml_source import Problem, YamlSource

_TYPE_WORDS = {
    "string_type": "erwartet Text",
    "int_type": "erwartet eine ganze Zahl",
    "int_parsing": "erwartet eine ganze Zahl",
    "int_from_float": "erwartet eine ganze Zahl",
    "bool_type": "erwartet ja/nein (true/false)",
    "bool_parsing": "erwartet ja/nein (true/false)",
    "list_type": "erwartet eine Liste (Einträge mit „-“)",
    "dict_type": "erwartet einen Abschnitt mit Schlüsseln",
    "model_type": "erwartet einen Abschnitt mit Schlüsseln",
    "model_attributes_type": "erwartet einen Abschnitt mit Schlüsseln",
}


def german_validation_problems(source: YamlSource, exc: ValidationError) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple] = set()
    for error in exc.errors(include_url=False):
        loc = _data_path(source, tuple(error["loc"]))
        key = (loc, error["type"] if not _is_union_branch(error) else "union")
        if key in seen:
            continue
        seen.add(key)
        problems.append(source.problem(loc, f"{_field_name(loc)}: {_message(error)}"))
    # Union branches repeat one mistake per alternative; one message per place is enough.
    unique: dict[tuple, Problem] = {}
    for problem in problems:
        unique.setdefault((problem.line, problem.message.split(":")[0]), problem)
    return distinct_problems(list(unique.values()))


def _data_path(source: YamlSource, loc: tuple) -> tuple:
    # Pydantic appends the branch name of a union (e.g. "int", "constrained-str")
    # to the location; those are not keys of the file.
    path: list = []
    node = source.data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_dict or in_list:
            node = node[part]
        elif isinstance(node, dict) or part == loc[-1]:
            path.append(part)
            break
        else:
            break
        path.append(part)
    return tuple(path)


def _is_union_branch(error: dict) -> bool:
    return any(isinstance(p, str) and ("-" in p or p in {"int", "str", "bool", "list[...]"})
               for p in error["loc"][-1:])


def _field_name(loc: tuple) -> str:
    text = ""
    for part in loc:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"Feld „{text}“" if text else "Datei"


def _message(error: dict) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "Pflichtfeld fehlt"
    if kind == "extra_forbidden":
        return "unbekanntes Feld (Tippfehler?)"
    if kind in _TYPE_WORDS:
        return f"{_TYPE_WORDS[kind]}, steht hier aber {_shown(error.get('input'))}"
    if kind == "string_pattern_mismatch":
        return (f"{_shown(error.get('input'))} hat nicht die erwartete Form "
                "(IDs: Kleinbuchstaben, Ziffern und Bindestriche; Farben: #RRGGBB)")
    if kind in {"too_short", "string_too_short"}:
        return "darf nicht leer sein"
    if kind in {"too_long", "string_too_long"}:
        return "ist zu lang"
    if kind in {"greater_than_equal", "greater_than"}:
        return f"muss mindestens {ctx.get('ge', ctx.get('gt'))} sein"
    if kind in {"less_than_equal", "less_than"}:
        return f"darf höchstens {ctx.get('le', ctx.get('lt'))} sein"
    if kind == "value_error":
        # Our validators' German text; it may quote content, so it is bounded like a quote.
        text = str(ctx.get("error", error["msg"]))
        return text if len(text) <= 300 else text[:299] + "…"
    if kind == "frozen_instance":
        return "darf nicht geändert werden"
    return f"ungültiger Wert {_shown(error.get('input'))}"


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return "ein Abschnitt"
    if isinstance(value, list):
        return "eine Liste"
    if value is None:
        return "nichts"
    return excerpt(value)
