"""„In 30 Sekunden“: the whole game in three short paragraphs, and who starts."""

from __future__ import annotations

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Box, Card, PageColumn, item_legend, label, pill, row


class SummaryView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        content = loaded.game.content
        meta = content.meta
        super().__init__("In 30 Sekunden",
                         f"{meta.title} · {meta.publisher} · {meta.players} Personen")
        self.anchors = {}
        card = Card()
        card.body.addWidget(label(content.summary, "Body"))
        self.add(card)
        starts = Box("RightBox")
        starts.body.addLayout(row(pill("Wer beginnt?", "Tag")))
        starts.body.addWidget(label(content.starts))
        self.add(starts)
        if meta.items:
            self.add(item_legend(meta.items))
        self.finish()
