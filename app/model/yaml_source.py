"""Reading one YAML content file safely, keeping the line of every value.

Content files are written by hand, so every problem must point at a file and a
line. We compose the YAML node graph once with PyYAML's safe loader, record the
line of each key and list item, and construct plain data from the same graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# libyaml's parser is ten times faster than the pure-Python one; both are the safe loader
# (no Python tags) and both keep the line marks we report.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Content files are a few kilobytes; anything far larger is a mistake or an attack.
MAX_FILE_BYTES = 512 * 1024
MAX_DEPTH = 12

LinePath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """A content problem, reported to the user as ``file:line: message``."""

    file: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        return f"{where}: {self.message}"


class ContentError(Exception):
    """One or more problems that stop a file or a game from loading."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass
class YamlSource:
    """The data of one file together with the line of every path inside it."""

    path: Path
    data: Any
    lines: dict[LinePath, int] = field(default_factory=dict)

    def line_of(self, loc: LinePath) -> int | None:
        """The line of the longest known prefix of ``loc`` (a missing key reports its parent)."""
        for end in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:end]))
            if line is not None:
                return line
        return None

    def problem(self, loc: LinePath, message: str) -> Problem:
        return Problem(self.path, self.line_of(loc), message)


def read_yaml(path: Path) -> YamlSource:
    """Read ``path`` or raise :class:`ContentError` with a German message and a line."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _error(path, None, f"Die Datei ist mit {size // 1024} KiB zu groß "
                                     f"(höchstens {MAX_FILE_BYTES // 1024} KiB).")
        raw = path.read_bytes()
    except IsADirectoryError:
        raise _error(path, None, "Hier steht ein Ordner, erwartet wird eine YAML-Datei.") from None
    except OSError as exc:
        raise _error(path, None, f"Die Datei lässt sich nicht lesen ({exc.strerror}).") from None

    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise _error(path, line, "Die Datei enthält Binärdaten (Nullbytes) statt Text.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise _error(path, line, "Die Datei ist kein gültiges UTF-8 (bitte als UTF-8 speichern)."
                     ) from None
    if not text.strip():
        raise _error(path, 1, "Die Datei ist leer.")

    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise _error(path, 1, "Die Datei ist leer.")
        lines: dict[LinePath, int] = {}
        _index(path, node, (), lines, set(), 0)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        # An error at the very end is reported one line past it; point at the last line.
        last_line = max(1, len(text.splitlines()))
        line = min(mark.line + 1, last_line) if mark else None
        raise _error(path, line, f"YAML-Syntaxfehler: {_german_yaml(exc)}") from None
    except yaml.YAMLError as exc:
        raise _error(path, None, f"YAML-Fehler: {exc}") from None
    except RecursionError:
        raise _error(path, None, "Die Datei ist zu tief verschachtelt.") from None
    finally:
        loader.dispose()
    return YamlSource(path, data, lines)


def _index(path: Path, node: yaml.Node, loc: LinePath, lines: dict, seen: set, depth: int) -> None:
    # An alias makes the same node appear twice; refusing aliases is what stops
    # "billion laughs" bombs, and hand-written content never needs them.
    if id(node) in seen:
        raise _error(path, node.start_mark.line + 1,
                     "Anker und Verweise (&name / *name) sind in Inhaltsdateien nicht erlaubt.")
    seen.add(id(node))
    if depth > MAX_DEPTH:
        raise _error(path, node.start_mark.line + 1,
                     f"Zu tief verschachtelt (mehr als {MAX_DEPTH} Ebenen).")
    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if id(key_node) in seen:
                raise _error(path, key_node.start_mark.line + 1,
                             "Anker und Verweise (&name / *name) sind nicht erlaubt.")
            if not isinstance(key_node, yaml.ScalarNode):
                raise _error(path, key_node.start_mark.line + 1,
                             "Schlüssel müssen einfache Wörter sein.")
            key = key_node.value
            child = (*loc, key)
            if child in lines:
                raise _error(path, key_node.start_mark.line + 1,
                             f"Der Schlüssel „{key}“ steht doppelt "
                             f"(zuerst in Zeile {lines[child]}).")
            lines[child] = key_node.start_mark.line + 1
            _index(path, value_node, child, lines, seen, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[(*loc, i)] = item.start_mark.line + 1
            _index(path, item, (*loc, i), lines, seen, depth + 1)


def _error(path: Path, line: int | None, message: str) -> ContentError:
    return ContentError([Problem(path, line, message)])


_YAML_PHRASES = {
    "mapping values are not allowed here": "Doppelpunkt an unerwarteter Stelle "
                                            "(Text mit „:“ bitte in Anführungszeichen setzen)",
    "could not find expected ':'": "erwarteter Doppelpunkt „:“ fehlt",
    "found character '\\t' that cannot start any token": "Tabulatoren sind nicht erlaubt, "
                                                          "bitte mit Leerzeichen einrücken",
    "expected <block end>, but found": "Einrückung passt nicht",
    "found undefined alias": "Verweis auf einen unbekannten Anker",
    "found unexpected end of stream": "Datei endet mitten in einem Wert (Anführungszeichen offen?)",
    "did not find expected key": "Einrückung passt nicht (Schlüssel erwartet)",
    "did not find expected '-' indicator": "Einrückung passt nicht (Listeneintrag „-“ erwartet)",
    "found unhashable key": "ungültiger Schlüssel",
    "could not determine a constructor": "unbekannter YAML-Typ (Tags wie !!python sind verboten)",
    "exceeded maximum nesting depth": "die Datei ist zu tief verschachtelt",
    "did not find expected node content": "hier fehlt ein Wert (Klammer oder Anführungszeichen "
                                          "nicht geschlossen?)",
    "did not find expected ',' or ']'": "Liste in [ ] nicht geschlossen",
    "did not find expected ',' or '}'": "Abschnitt in { } nicht geschlossen",
}


def _german_yaml(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or ""
    for english, german in _YAML_PHRASES.items():
        if problem.startswith(english) or english in problem:
            return german
    return problem or "unlesbar"
