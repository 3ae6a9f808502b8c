"""Content Markdown as HTML that is safe to hand to Qt's rich text, and what ``--check`` says.

Content packs are untrusted data. Their Markdown may format text (emphasis, lists, code,
paragraphs) but never carry markup of its own: raw HTML is escaped and shown as text, so
are image and link syntax; every attribute is dropped and only a short list of tags
survives. Nesting and length are capped, because Qt's rich-text layout
gets slower with every nested block. So no content text can make Qt load a file
(``<img src="/dev/zero">``), reach the network or freeze the layout.

:func:`markup_problems` names each such construct with file and line for ``--check``;
the loader treats them as content problems. :func:`render_markdown` is safe whatever it
gets, so the window is safe even for text that bypassed the check.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import markdown
from markdown.treeprocessors import Treeprocessor

from app.model.yaml_source import LinePath, Problem, YamlSource

# A refresher's longest text is a few hundred characters (the longest shipped one: 666).
MAX_TEXT_CHARS = 2000
# Lists and quotes inside each other: a list in a list in a quote in a list is four levels.
# Two are all content needs; a player reading the README counts visible levels, so do we.
MAX_NESTING = 4
# Beyond this many markers or indentation steps at a line's start, Markdown never sees the text:
# its parser recurses once (or more) per level, and how deep it may go must not depend on what
# the process did before. Well under any recursion limit, well over MAX_NESTING.
MAX_MARKERS = 16
# One text with the same mistake on every line is named this often, not once per line.
MAX_REPORTS_PER_TEXT = 5

_ALLOWED_TAGS = frozenset({"p", "br", "strong", "em", "b", "i", "code", "pre", "ul", "ol",
                           "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
                           "span", "div"})
_BLOCK_TAGS = frozenset({"ul", "ol", "blockquote"})
_ALLOWED_ATTRIBUTES = {"ol": frozenset({"start"})}

# Bounded repeats keep every pattern linear, whatever the text (no backtracking storms).
_RAW_HTML = re.compile(r"</?[A-Za-z][^<>]{0,300}>|<![^<>]{0,300}>?|<\?[^<>]{0,300}>")
_AUTOLINK = re.compile(r"<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]{0,300}"
                       r"|[^<>\s@]{1,100}@[^<>\s]{1,200})>")
_IMAGE = re.compile(r"!\[[^\]\n]{0,300}\][ \t]?[(\[]")
_LINK = re.compile(r"(?<!!)\[[^\]\n]{0,300}\][ \t]?\([^)\n]{0,300}\)"
                   r"|^[ \t]{0,3}\[[^\]\n]{1,300}\]:[ \t]*\S", re.MULTILINE)


class _OnlyText(Treeprocessor):
    """Keep the tags Markdown uses for formatting, without attributes; all else becomes text."""

    def run(self, root: ET.Element) -> None:
        self.flattened = False
        self._clean(root, 0)

    def _clean(self, element: ET.Element, depth: int) -> None:
        if element.text:
            element.text = _breakable(element.text)
        for child in list(element):
            if child.tail:
                child.tail = _breakable(child.tail)
            if child.tag == "img":
                alt = child.get("alt") or ""
                child.tag, child.text = "span", alt + (child.text or "")
            elif child.tag == "a" or child.tag not in _ALLOWED_TAGS:
                child.tag = "span"
            keep = _ALLOWED_ATTRIBUTES.get(child.tag, frozenset())
            for name in list(child.attrib):
                if name not in keep or not child.attrib[name].isdigit():
                    del child.attrib[name]
            level = depth + (child.tag in _BLOCK_TAGS)
            if child.tag in _BLOCK_TAGS and level > MAX_NESTING:
                # Too deep: the words stay, the structure goes.
                self.flattened = True
                text = " ".join("".join(child.itertext()).split())
                child.clear()
                child.tag, child.text = "span", text
                continue
            self._clean(child, level)


# Markdown's placeholders sit between \x02 and \x03 and are short: a run never spans one.
_LONG_WORD = re.compile(r"[^\s\x02\x03]{40}(?=[^\s\x02\x03])")


def _breakable(text: str) -> str:
    """A break chance (zero-width space) in every 40 characters of a word that long, so
    an endless „word“ wraps instead of pushing the page wider than the window."""
    return _LONG_WORD.sub(lambda m: m.group(0) + "\u200b", text)


def _converter() -> tuple[markdown.Markdown, _OnlyText]:
    from markdown.extensions.sane_lists import SaneListExtension

    # An extension object, not its name: a name makes Markdown scan every installed
    # package's entry points, which costs more than the rendering.
    md = markdown.Markdown(extensions=[SaneListExtension()])
    # Raw HTML is no longer recognised, so the serializer escapes it like any text. Links and
    # images stay as the text they were written as (their patterns are also the slow ones:
    # a line of 2,000 „[“ took seconds).
    md.preprocessors.deregister("html_block")
    for name in ("html", "autolink", "automail", "reference", "link", "image_link",
                 "image_reference", "short_reference", "short_image_ref"):
        if name in md.inlinePatterns:
            md.inlinePatterns.deregister(name)
    if "reference" in md.parser.blockprocessors:
        md.parser.blockprocessors.deregister("reference")
    only_text = _OnlyText(md)
    md.treeprocessors.register(only_text, "only_text", 5)
    return md, only_text


_CONVERTER: tuple[markdown.Markdown, _OnlyText] | None = None


def _markdown() -> markdown.Markdown:
    # Built on first use: the window's first frame comes from the render memo, without it.
    global _CONVERTER
    if _CONVERTER is None:
        _CONVERTER = _converter()
    return _CONVERTER[0]


def render_markdown(text: str) -> str:
    """Markdown → HTML with no markup from ``text`` itself (see module doc)."""
    md = _markdown()
    text = text.strip()
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS].rstrip() + " …"
    if nesting_depth(text) > MAX_MARKERS:
        return "<p>" + _escape(" ".join(text.split())) + "</p>"
    md.reset()
    try:
        return md.convert(text)
    except RecursionError:
        # Markdown itself gave up on the nesting: show the words as one paragraph.
        return "<p>" + _escape(" ".join(text.split())) + "</p>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def text_problems(text: str) -> Iterator[tuple[int, str]]:
    """Each construct content may not use, as (line within ``text`` from 0, German message)."""
    # Every pattern below starts at „<“ or „[“ (images at „![“): most texts have neither.
    patterns = () if "<" not in text and "[" not in text else (
            (_AUTOLINK, "Links sind in Inhaltstexten nicht erlaubt ({snippet}); "
                        "sie werden als Text gezeigt."),
            (_RAW_HTML, "HTML ist in Inhaltstexten nicht erlaubt ({snippet}); "
                        "es wird als Text gezeigt, nicht als Auszeichnung."),
            (_IMAGE, "Bilder sind in Inhaltstexten nicht erlaubt ({snippet}); die App lädt "
                     "keine Dateien aus Inhalten und zeigt es als Text."),
            (_LINK, "Links sind in Inhaltstexten nicht erlaubt ({snippet}); "
                    "sie werden als Text gezeigt."))
    for pattern, message in patterns:
        # Lines counted as the matches go (one pass), one message per line, a few per text.
        line = counted = reported = 0
        last_line = -1
        for match in pattern.finditer(text):
            if pattern is _RAW_HTML and _AUTOLINK.fullmatch(match.group(0)):
                continue
            line += text.count("\n", counted, match.start())
            counted = match.start()
            if line == last_line:
                continue
            last_line = line
            yield line, message.format(snippet=_snippet(match.group(0)))
            reported += 1
            if reported >= MAX_REPORTS_PER_TEXT:
                break
    if len(text) > MAX_TEXT_CHARS:
        yield 0, (f"Der Text ist mit {len(text)} Zeichen zu lang "
                  f"(höchstens {MAX_TEXT_CHARS}).")
    elif nesting_depth(text) > MAX_NESTING:
        yield 0, (f"Der Text ist zu tief verschachtelt (Listen oder Zitate, höchstens "
                  f"{MAX_NESTING} Ebenen).")


_INDENT = 4  # python-markdown's tab length: one nested list is four more spaces
_LIST_MARKER = re.compile(r"(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$)")


def nesting_depth(text: str) -> int:
    r"""How many lists and quotes a line of ``text`` opens inside each other, at most.

    Counted from the line starts alone, in one pass and without Markdown: every quote marker
    „>“, every list marker („-“, „*“, „+“, „1.“) and every four columns of indentation before
    them is a level (counting stops past :data:`MAX_MARKERS`). That is what the player sees
    as levels, it never undercounts what Markdown builds, and the verdict is the same in every
    process.

    >>> nesting_depth("- a\n    - b\n        - c")
    3
    >>> nesting_depth("> - Zitat mit Liste"), nesting_depth("1. " * 660) > MAX_MARKERS
    (2, True)
    """
    deepest = 0
    for line in text.splitlines():
        depth = _line_depth(line)
        if depth > deepest:
            deepest = depth
            if deepest > MAX_MARKERS:
                break
    return deepest


def _line_depth(line: str) -> int:
    depth = column = 0
    position, end = 0, len(line)
    indent = 0
    while position < end:
        char = line[position]
        if char == " ":
            column += 1
            indent += 1
            position += 1
            continue
        if char == "\t":
            step = _INDENT - column % _INDENT
            column += step
            indent += step
            position += 1
            continue
        depth += indent // _INDENT
        indent = 0
        if char == ">":
            depth += 1
            position += 1
            column += 1
            continue
        marker = _LIST_MARKER.match(line, position)
        if marker is None:
            break
        depth += 1
        column += marker.end() - position
        position = marker.end()
        if depth > MAX_MARKERS:
            break
    return depth


def _snippet(found: str) -> str:
    found = " ".join(found.split())
    shown = found if len(found) <= 40 else found[:39] + "…"
    # Content must not put control characters on the user's terminal either.
    return "„" + "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in shown) + "“"


def markup_problems(*sources: YamlSource | None) -> list[Problem]:
    """Every string of every file, checked by :func:`text_problems`, as ``file:line`` problems."""
    problems: list[Problem] = []
    for source in sources:
        if source is None:
            continue
        for loc, text in _strings(source.data, ()):
            found = list(text_problems(text))
            if not found:
                continue  # the usual case: no line to look up
            line = source.line_of(loc)
            # A multi-line block (``key: |``) starts on the line after its key.
            start = line + 1 if line is not None and "\n" in text.rstrip("\n") else line
            for offset, message in found:
                at = start + offset if start is not None else None
                problems.append(Problem(source.path, at, message))
    return problems


def _strings(data: Any, loc: LinePath) -> Iterator[tuple[LinePath, str]]:
    if isinstance(data, str):
        yield loc, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*loc, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*loc, index))
