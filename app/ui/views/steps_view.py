"""„Dein Zug“: the turn as numbered steps, each with its rulebook pages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.views.pitfall_examples import example_panel
from app.ui.widgets import Card, PageColumn, label, page_pill, pill, row


class StepsView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Dein Zug", "Die Schritte eines Zuges, in dieser Reihenfolge.")
        self.anchors = {}
        for step in loaded.game.content.steps:
            card = Card()
            line = QHBoxLayout()
            line.setSpacing(18)
            number = QLabel(str(step.number))
            number.setObjectName("StepNumber")
            number.setFixedWidth(44)
            number.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
            line.addWidget(number)
            text = QVBoxLayout()
            text.setSpacing(6)
            title = label(f"**{step.title}**", "H2")
            title_row = row(title, pill("freiwillig", "Tag") if step.optional else None,
                            self.mark_badge(step.id), page_pill(step.pages), grow=0)
            text.addLayout(title_row)
            text.addWidget(label(step.text))
            panel = example_panel(loaded, step.id, services)
            if panel is not None:
                text.addWidget(panel)
            line.addLayout(text, 1)
            card.body.addLayout(line)
            self.anchors[step.id] = card
            self.add(card)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)
