"""Reading one YAML content file safely, keeping the line of every value.

Content files are written by hand, so every problem must point at a file and a
line. We compose the YAML node graph once with PyYAML's safe loader, record the
line of each key and list item, and construct plain data from the same graph.
Content is untrusted: whatever a file holds, reading it ends in data or in
:class:`ContentError`, never in another exception.
"""

from __future__ import annotations

import errno
import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# Problem, ContentError and the size limit live in the light module the snapshot start
# uses; they are re-exported here, where the loader and the tests have always found them.
from app.model.library import (  # noqa: F401
    MAX_FILE_BYTES,
    ContentError,
    Problem,
    UnreadableFile,
    excerpt,
    read_content_file,
    safe_line,
)
from app.model.safe_files import german_os_error

# libyaml's parser is ten times faster than the pure-Python one; both are the safe loader
# (no Python tags) and both keep the line marks we report.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_DEPTH = 12
# The characters YAML refuses (control characters other than tab and line breaks, and the
# non-characters), found before parsing so the message can name the line.
_FORBIDDEN = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

LinePath = tuple[str | int, ...]


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


# The files last read, by path and content: checking a pack reads each file three times (its
# markup, the schema, the editorial review); parsing half a megabyte once is enough. Keyed by
# the bytes themselves, so a changed file is always parsed anew.
_RECENT: OrderedDict[tuple[str, bytes], YamlSource] = OrderedDict()
_RECENT_SIZE = 8
_RECENT_LOCK = threading.Lock()


def read_yaml(path: Path, raw: bytes | None = None) -> YamlSource:
    """Read ``path`` or raise :class:`ContentError` with a German message and a line.

    ``raw``: the file's bytes, if the caller has them already (an archive's entry, a file
    read once for its fingerprint); then ``path`` only names the file in messages.
    The data of a file read before with the same bytes is shared, not copied: treat it as
    read-only."""
    if raw is None:
        raw = _read_bytes(path)
    key = (str(path), hashlib.blake2b(raw, digest_size=20).digest())
    with _RECENT_LOCK:
        known = _RECENT.get(key)
        if known is not None:
            _RECENT.move_to_end(key)
            return known
    source = _parse(path, raw)
    with _RECENT_LOCK:
        _RECENT[key] = source
        while len(_RECENT) > _RECENT_SIZE:
            _RECENT.popitem(last=False)
    return source


def _read_bytes(path: Path) -> bytes:
    try:
        return read_content_file(path, MAX_FILE_BYTES)
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: OSError) -> ContentError:
    if isinstance(exc, IsADirectoryError):
        return _error(path, None, "Hier steht ein Ordner, erwartet wird eine YAML-Datei.")
    if isinstance(exc, UnreadableFile):
        return _error(path, None, str(exc))
    return _error(path, None, f"Die Datei lässt sich nicht lesen ({_reason(exc)}).")


class GameFiles:
    """The YAML files of one game folder, each read and parsed at most once.

    Loading a pack looks at each file several times (its markup, the schema, the editorial
    review, the fingerprint); they all ask this object, so a check reads a file once and parses
    it once. ``raw`` gives the files' bytes from memory (an archive's entries, a git tree): the
    folder is then not read at all, and a name missing from ``raw`` is a missing file.
    """

    def __init__(self, folder: Path, raw: dict[str, bytes] | None = None):
        self.folder = folder
        self.in_memory = raw is not None
        self._raw: dict[str, bytes | None] = dict(raw or {})
        self._errors: dict[str, OSError] = {}
        self._parsed: dict[str, YamlSource | ContentError] = {}

    def raw(self, name: str) -> bytes | None:
        """The bytes of ``name`` (``None`` if it is missing or cannot be read)."""
        if name not in self._raw and not self.in_memory:
            try:
                self._raw[name] = read_content_file(self.folder / name, MAX_FILE_BYTES)
            except OSError as exc:
                self._raw[name] = None
                self._errors[name] = exc
        return self._raw.get(name)

    def error(self, name: str) -> OSError | None:
        """Why ``name`` could not be read (``FileNotFoundError`` when it is missing)."""
        if self.raw(name) is None:
            return self._errors.get(name) or FileNotFoundError(errno.ENOENT, "fehlt", name)
        return None

    def exists(self, name: str) -> bool:
        error = self.error(name)
        return not isinstance(error, FileNotFoundError)

    def source(self, name: str) -> YamlSource:
        """The parsed file, or :class:`ContentError` as :func:`read_yaml` raises it."""
        known = self._parsed.get(name)
        if known is None:
            path = self.folder / name
            raw = self.raw(name)
            try:
                known = read_yaml(path, raw) if raw is not None else \
                    _unreadable(path, self.error(name))
            except ContentError as exc:
                known = exc
            self._parsed[name] = known
        if isinstance(known, ContentError):
            raise known
        return known


def _parse(path: Path, raw: bytes) -> YamlSource:
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
    forbidden = _FORBIDDEN.search(text)
    if forbidden:
        # libyaml would refuse it too, but without a usable line.
        line = text.count("\n", 0, forbidden.start()) + 1
        raise _error(path, line, f"Steuerzeichen {_escaped(forbidden.group())} ist in "
                                 "Inhaltsdateien nicht erlaubt.")

    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise _error(path, 1, "Die Datei ist leer.")
        lines: dict[LinePath, int] = {}
        _index(path, loader, node, (), lines, set(), 0)
        data = loader.construct_document(node)
    except ContentError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise _error(path, _line_at(text, mark), f"YAML-Syntaxfehler: {_german_yaml(exc, text)}"
                     ) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1 if 0 <= exc.position <= len(text) else None
        raise _error(path, line, f"Steuerzeichen {_escaped(exc.character)} ist in "
                                 "Inhaltsdateien nicht erlaubt.") from None
    except RecursionError:
        raise _error(path, None, "Die Datei ist zu tief verschachtelt.") from None
    except Exception:
        raise _error(path, None, "YAML-Fehler: Die Datei lässt sich nicht lesen (Aufbau, "
                                 "Einrückung und Anführungszeichen prüfen).") from None
    finally:
        loader.dispose()
    return YamlSource(path, data, lines)


_STANDARD_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _index(path: Path, loader, node: yaml.Node, loc: LinePath, lines: dict, seen: set,
           depth: int) -> None:
    # An alias makes the same node appear twice; refusing aliases is what stops
    # "billion laughs" bombs, and hand-written content never needs them.
    line = node.start_mark.line + 1
    if id(node) in seen:
        raise _error(path, line,
                     "Anker und Verweise (&name / *name) sind in Inhaltsdateien nicht erlaubt.")
    seen.add(id(node))
    if depth > MAX_DEPTH:
        raise _error(path, line, f"Zu tief verschachtelt (mehr als {MAX_DEPTH} Ebenen).")
    lines.setdefault(loc, line)
    if isinstance(node, yaml.ScalarNode):
        _construct_scalar(path, loader, node, line)
    elif node.tag not in _STANDARD_TAGS:
        raise _error(path, line, "YAML-Typangaben (!!set, !!omap …) sind in Inhaltsdateien "
                                 "nicht erlaubt.")
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if id(key_node) in seen:
                raise _error(path, key_line,
                             "Anker und Verweise (&name / *name) sind nicht erlaubt.")
            if not isinstance(key_node, yaml.ScalarNode) or \
                    key_node.tag != "tag:yaml.org,2002:str":
                raise _error(path, key_line, "Schlüssel müssen einfache Wörter sein.")
            key = key_node.value
            child = (*loc, key)
            if child in lines:
                raise _error(path, key_line,
                             f"Der Schlüssel {_quoted(key)} steht doppelt "
                             f"(zuerst in Zeile {lines[child]}).")
            lines[child] = key_line
            _index(path, loader, value_node, child, lines, seen, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[(*loc, i)] = item.start_mark.line + 1
            _index(path, loader, item, (*loc, i), lines, seen, depth + 1)


# Plain values YAML turns into numbers, dates and so on; any other scalar is text.
_SCALAR_WORDS = {
    "tag:yaml.org,2002:int": "keine gültige ganze Zahl",
    "tag:yaml.org,2002:float": "keine gültige Kommazahl",
    "tag:yaml.org,2002:bool": "kein gültiger Wahrheitswert (true/false)",
    "tag:yaml.org,2002:timestamp": "kein gültiges Datum (Text mit Datum bitte in "
                                   "Anführungszeichen)",
    "tag:yaml.org,2002:null": "kein gültiger leerer Wert",
}
_MAX_NUMBER_CHARS = 40


def _construct_scalar(path: Path, loader, node: yaml.ScalarNode, line: int) -> None:
    # The constructors raise ValueError, KeyError or AttributeError on values like
    # ``2013-02-30``, ``!!int zwei`` or ``0b_``; constructing each scalar here gives the line.
    tag = node.tag
    if tag == "tag:yaml.org,2002:str":
        return
    if tag not in _SCALAR_WORDS:
        raise _error(path, line, "YAML-Typangaben wie !!binary sind in Inhaltsdateien "
                                 "nicht erlaubt.")
    if tag in {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"} and \
            len(node.value) > _MAX_NUMBER_CHARS:
        raise _error(path, line, f"Die Zahl ist zu lang (höchstens {_MAX_NUMBER_CHARS} Zeichen).")
    try:
        loader.construct_object(node)
    except Exception:
        raise _error(path, line, f"„{_short(node.value)}“ ist {_SCALAR_WORDS[tag]}.") from None


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def _quoted(text: str) -> str:
    return excerpt(text)


def _escaped(char: str | int) -> str:
    # libyaml reports the character as a number, the pure-Python reader as text.
    code = char if isinstance(char, int) else ord(char[:1] or "\0")
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _reason(exc: OSError) -> str:
    return german_os_error(exc)


def _line_at(text: str, mark) -> int | None:
    if mark is None:
        return None
    # An error at the very end is reported one line past it; point at the last line.
    last_line = max(1, len(text.splitlines()))
    return min(mark.line + 1, last_line)


def _error(path: Path, line: int | None, message: str) -> ContentError:
    return ContentError([Problem(path, line, message)])


_QUOTE_HINT = "(Text mit „:“ bitte in Anführungszeichen setzen)"
# The wording of libyaml (the C loader the app uses) comes first, then that of the
# pure-Python loader; both are matched by the start of the problem text.
_YAML_PHRASES = {
    "mapping values are not allowed": f"Doppelpunkt an unerwarteter Stelle {_QUOTE_HINT}",
    "block sequence entries are not allowed": "Listeneintrag „-“ an unerwarteter Stelle "
                                              "(Einrückung prüfen)",
    "could not find expected ':'": "erwarteter Doppelpunkt „:“ fehlt",
    "found a tab character": "Tabulatoren sind nicht erlaubt, bitte mit Leerzeichen einrücken",
    "found character '\\t' that cannot start any token": "Tabulatoren sind nicht erlaubt, "
                                                          "bitte mit Leerzeichen einrücken",
    "found character that cannot start any token": "Zeichen, mit dem kein Wert beginnen darf "
                                                   "(Text mit @ oder ` bitte in "
                                                   "Anführungszeichen setzen)",
    "found character": "Zeichen, mit dem kein Wert beginnen darf "
                       "(Text bitte in Anführungszeichen setzen)",
    "expected <block end>, but found": "Einrückung passt nicht",
    "found undefined alias": "Verweis auf einen unbekannten Anker",
    "found duplicate anchor": "Anker und Verweise (&name / *name) sind nicht erlaubt",
    "second occurrence": "Anker und Verweise (&name / *name) sind nicht erlaubt",
    "did not find expected alphabetic or numeric character": "nach & oder * muss ein Name "
                                                             "folgen (Text mit & oder * bitte "
                                                             "in Anführungszeichen setzen)",
    "expected alphabetic or numeric character": "nach & oder * muss ein Name folgen (Text mit "
                                                "& oder * bitte in Anführungszeichen setzen)",
    "found unexpected end of stream": "Datei endet mitten in einem Wert (Anführungszeichen offen?)",
    "did not find expected key": "Einrückung passt nicht (Schlüssel erwartet)",
    "did not find expected '-' indicator": "Einrückung passt nicht (Listeneintrag „-“ erwartet)",
    "did not find expected <document start>": "nach dem Ende der Daten steht noch etwas "
                                              "(Klammer zu viel?)",
    "but found another document": "die Datei darf nur ein Dokument enthalten („---“ nur "
                                  "am Anfang)",
    "found unhashable key": "ungültiger Schlüssel",
    "could not determine a constructor": "unbekannter YAML-Typ (Tags wie !!python sind verboten)",
    "found undefined tag handle": "unbekannter YAML-Typ (Tags mit ! sind verboten)",
    "did not find expected tag URI": "unbekannter YAML-Typ (Tags mit ! sind verboten)",
    "did not find URI escaped octet": "unbekannter YAML-Typ (Tags mit ! sind verboten)",
    "found unknown escape character": "unbekanntes Zeichen nach „\\“ in doppelten "
                                      "Anführungszeichen (einfache Anführungszeichen verwenden)",
    "found unknown escape": "unbekanntes Zeichen nach „\\“ in doppelten Anführungszeichen "
                            "(einfache Anführungszeichen verwenden)",
    "did not find expected hexdecimal number": "ungültige Zeichennummer nach „\\x“, „\\u“ "
                                               "oder „\\U“ (einfache Anführungszeichen "
                                               "verwenden)",
    "expected escape sequence": "ungültige Zeichennummer nach „\\x“, „\\u“ oder „\\U“ "
                                "(einfache Anführungszeichen verwenden)",
    "found invalid Unicode character escape code": "ungültige Zeichennummer nach „\\U“",
    "did not find expected comment or line break": "nach dem Wert steht noch etwas (Text "
                                                   "bitte in Anführungszeichen setzen)",
    "expected a comment or a line break": "nach dem Wert steht noch etwas (Text bitte in "
                                          "Anführungszeichen setzen)",
    "exceeded maximum nesting depth": "die Datei ist zu tief verschachtelt",
    "did not find expected node content": "hier fehlt ein Wert (Klammer oder Anführungszeichen "
                                          "nicht geschlossen?)",
    "expected the node content": "hier fehlt ein Wert (Klammer oder Anführungszeichen nicht "
                                 "geschlossen?)",
    "did not find expected ',' or ']'": "Liste in [ ] nicht geschlossen",
    "expected ',' or ']'": "Liste in [ ] nicht geschlossen",
    "did not find expected ',' or '}'": "Abschnitt in { } nicht geschlossen",
    "expected ',' or '}'": "Abschnitt in { } nicht geschlossen",
    "found duplicate %YAML directive": "ungültige %-Anweisung am Dateianfang",
    "found incompatible YAML document": "ungültige %-Anweisung am Dateianfang",
    "found unknown directive name": "ungültige %-Anweisung am Dateianfang",
    "did not find expected": "Aufbau passt hier nicht (Einrückung, Klammern und "
                             "Anführungszeichen prüfen)",
    "expected a": "YAML-Typangabe passt nicht zum Wert",
}
_UNKNOWN = "Aufbau passt hier nicht (Einrückung, Klammern und Anführungszeichen prüfen)"


def _german_yaml(exc: yaml.MarkedYAMLError, text: str = "") -> str:
    """The German for a PyYAML/libyaml problem; never the English original."""
    problem = exc.problem or exc.context or ""
    mark = exc.problem_mark
    index = getattr(mark, "index", -1)
    if problem.startswith("found character") and 0 <= index < len(text) and text[index] == "\t":
        return _YAML_PHRASES["found a tab character"]
    for english, german in _YAML_PHRASES.items():
        if problem.startswith(english) or english in problem:
            return german
    return _UNKNOWN
