"""„Leicht vergessen“: wrong belief against correct rule, most important first."""

from __future__ import annotations

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.views.pitfall_examples import example_panel
from app.ui.widgets import Box, Card, PageColumn, RankBadge, label, page_pill, row


class PitfallsView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Leicht vergessen",
                         "Was man nach einer Pause am ehesten falsch im Kopf hat – "
                         "das Wichtigste zuerst.")
        self.anchors = {}
        for rank, pitfall in enumerate(loaded.game.content.pitfalls, start=1):
            card = Card()
            number = RankBadge(rank)
            title = label(f"**{pitfall.title}**", "H2")
            card.body.addLayout(row(number, title, self.mark_badge(pitfall.id),
                                    page_pill(pitfall.pages), grow=1))
            wrong = Box("WrongBox")
            wrong.body.addWidget(label("Nicht:", "WrongTag", rich=False))
            wrong.body.addWidget(label(pitfall.wrong))
            right = Box("RightBox")
            right.body.addWidget(label("Richtig:", "RightTag", rich=False))
            right.body.addWidget(label(pitfall.right))
            card.body.addWidget(wrong)
            card.body.addWidget(right)
            panel = example_panel(loaded, pitfall.id, services)
            if panel is not None:
                card.body.addWidget(panel)
            self.anchors[pitfall.id] = card
            self.add(card)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)
