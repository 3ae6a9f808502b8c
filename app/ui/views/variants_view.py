"""„Varianten“: the official variants, for games that have them."""

from __future__ import annotations

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Card, PageColumn, label, page_pill, row


class VariantsView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Varianten", "Abwandlungen aus der Regel – was sich jeweils ändert.")
        self.anchors = {}
        for variant in loaded.game.content.variants:
            card = Card()
            card.body.addLayout(row(label(f"**{variant.title}**", "H2"),
                                    self.mark_badge(variant.id), page_pill(variant.pages),
                                    grow=0))
            card.body.addWidget(label(variant.text))
            self.anchors[variant.id] = card
            self.add(card)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)
