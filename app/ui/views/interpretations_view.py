"""„Auslegungen“: where the sources are silent or wrong, what we decided and why."""

from __future__ import annotations

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Card, PageColumn, heading, label, page_pill, pill, row


class InterpretationsView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        content = loaded.game.content
        super().__init__("Auslegungen",
                         "Hier schweigt die Regel oder widerspricht sich. So haben wir "
                         "entschieden – und so rechnet auch unsere Regel-Engine.")
        self.anchors = {}
        for interp in content.interpretations:
            card = Card()
            card.body.addLayout(row(pill(interp.code, "Code"), label(f"**{interp.title}**", "H2"),
                                    self.mark_badge(interp.id), page_pill(interp.pages), grow=1))
            card.body.addWidget(label(interp.ruling))
            card.body.addWidget(label(f"*Warum:* {interp.reason}", "Lead"))
            self.anchors[interp.id] = card
            self.add(card)
        if content.open_questions:
            self.add_spacing(8)
            self.add(heading("Offene Fragen", 2))
            self.add(label("Das wissen wir nicht sicher – deshalb steht es nirgends als Tatsache.",
                           "Lead"))
            items = "\n".join(f"- {q.text}" for q in content.open_questions)
            card = Card()
            card.body.addWidget(label(items))
            self.add(card)
            for question in content.open_questions:
                self.anchors[question.id] = card
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)
