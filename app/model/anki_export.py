"""A game's quiz as an Anki deck (``.apkg``), written with genanki.

One note per quiz question with stable ids: the note's GUID comes from the game and question
id, the deck and note type ids from fixed names, so exporting again after a content update
*updates* the notes in Anki instead of duplicating them. Content is untrusted: every field is
HTML-escaped before its Markdown (bold, italics, lists) is rendered, so no markup from a pack
reaches Anki's card renderer.
"""

from __future__ import annotations

import hashlib
import html
import os
import tempfile
from pathlib import Path

import genanki
import markdown

from app.model.schema import Game, format_pages

# Tags name the part of the refresher a question tests, as Anki users browse them.
SECTION_TAGS = {
    "step": "Dein_Zug",
    "number": "Die_Zahlen",
    "pitfall": "Leicht_vergessen",
    "interpretation": "Auslegungen",
    "variant": "Varianten",
}
FIELDS = ["Frage", "Antwort", "Erklärung", "Seiten", "Regel", "Spiel"]

_CSS = """
.card { font-family: sans-serif; font-size: 20px; line-height: 1.4; text-align: left;
        color: #1F2328; background: #FAFAF7; max-width: 40em; margin: 0 auto; }
.nightMode.card, .night_mode .card { color: #E6E6E6; background: #1C1E21; }
.antwort { font-weight: bold; }
.erklaerung { margin-top: .6em; }
.meta { margin-top: .8em; font-size: 15px; color: #5B6169; }
"""


def _stable_id(name: str) -> int:
    # Anki wants a positive 63-bit-safe id; the same name always gives the same id.
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:6], "big") + (1 << 40)


NOTE_TYPE = genanki.Model(
    _stable_id("regelfrisch-quiz-v1"),
    "Regelfrisch – Quizfrage",
    fields=[{"name": name} for name in FIELDS],
    templates=[{
        "name": "Frage → Antwort",
        "qfmt": "{{Frage}}",
        "afmt": ("{{FrontSide}}<hr id=answer><div class=antwort>{{Antwort}}</div>"
                 "<div class=erklaerung>{{Erklärung}}</div>"
                 "<div class=meta>{{Seiten}}{{#Regel}} · prüft: {{Regel}}{{/Regel}}"
                 " · {{Spiel}}</div>"),
    }],
    css=_CSS,
)


def field_html(text: str) -> str:
    """Markdown to HTML with every tag of the source escaped first.

    >>> field_html("Nur **eine** Karte <img src=x>")
    'Nur <strong>eine</strong> Karte &lt;img src=x&gt;'
    """
    rendered = markdown.markdown(html.escape(text.strip(), quote=False))
    if rendered.count("<p>") == 1 and rendered.startswith("<p>") and rendered.endswith("</p>"):
        rendered = rendered[3:-4]
    return rendered


def build_deck(game: Game) -> genanki.Deck:
    """The deck "Regelfrisch::<Spiel>" with one note per quiz question."""
    deck = genanki.Deck(_stable_id(f"regelfrisch-deck-{game.id}"),
                        f"Regelfrisch::{game.short_title}")
    kinds = game.linkable_ids()
    titles = _titles(game)
    for item in game.quiz:
        tags = sorted({SECTION_TAGS[kinds[t]] for t in item.tests if kinds.get(t) in SECTION_TAGS}
                      | {f"regelfrisch::{game.id}"})
        rules = "; ".join(html.escape(titles[t], quote=False) for t in item.tests if t in titles)
        deck.add_note(genanki.Note(
            model=NOTE_TYPE,
            fields=[field_html(item.question), field_html(item.answer),
                    field_html(item.explanation), html.escape(format_pages(item.pages)),
                    rules, html.escape(game.title, quote=False)],
            guid=genanki.guid_for("regelfrisch", game.id, item.id),
            tags=tags,
        ))
    return deck


def _titles(game: Game) -> dict[str, str]:
    content = game.content
    titles = {s.id: s.title for s in content.steps}
    titles |= {n.id: n.label for n in content.numbers}
    titles |= {p.id: p.title for p in content.pitfalls}
    titles |= {i.id: f"{i.code} {i.title}" for i in content.interpretations}
    titles |= {v.id: v.title for v in content.variants}
    return titles


def export_apkg(game: Game, out: Path) -> int:
    """Write the deck to ``out`` atomically (a half-written file never replaces a good one).

    Returns the number of notes; raises ``OSError`` if the file cannot be written.
    """
    deck = build_deck(game)
    out = Path(out)
    handle, temp = tempfile.mkstemp(prefix=".regelfrisch-", suffix=".apkg", dir=out.parent)
    os.close(handle)
    try:
        genanki.Package(deck).write_to_file(temp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # mkstemp's 0600 would hide the deck from other users
        os.replace(temp, out)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return len(deck.notes)
