"""„Quelle“: where the content comes from, and that the publisher's rules decide."""

from __future__ import annotations

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Card, PageColumn, label


class SourceView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        meta = loaded.game.content.meta
        super().__init__("Quelle")
        self.anchors = {}
        facts = [
            ("Spiel", meta.title),
            ("Verlag", meta.publisher + (f", {meta.year}" if meta.year else "")),
            ("Autor", meta.designer or "–"),
            ("Personen", meta.players),
            ("Ausgabe", meta.edition),
            ("Regelheft", meta.booklet + (f", {meta.booklet_pages} Seiten"
                                          if meta.booklet_pages else "")),
        ]
        card = Card()
        card.body.addWidget(label("\n".join(f"- **{k}:** {v}" for k, v in facts)))
        self.add(card)
        self.add(label(meta.source_note, "Body"))
        checked = sum(1 for r in loaded.examples.values() if r.ok)
        if checked:
            self.add(label(f"{checked} Rechenbeispiele in diesem Spiel hat unsere Regel-Engine "
                           "nachgerechnet und bestätigt.", "Lead"))
        self.finish()
