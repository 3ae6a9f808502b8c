"""„Weißt du's noch?“ as a list: each question with its answer hidden until „Aufdecken“."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.widgets import Box, Card, PageColumn, label, page_pill, row


class QuizListView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Weißt du's noch?",
                         "Erst selbst überlegen, dann aufdecken – und ehrlich sein.")
        self.anchors = {}
        self.reveal_buttons: list[QPushButton] = []
        for index, item in enumerate(loaded.game.quiz, start=1):
            card = Card()
            card.body.addWidget(label(f"**{index}.** {item.question}"))
            answer = Box("Answer")
            answer.body.addWidget(label(f"**{item.answer}**"))
            answer.body.addWidget(label(item.explanation, "Lead"))
            pages = page_pill(item.pages)
            if pages is not None:
                answer.body.addLayout(row(pages))
            answer.hide()
            button = QPushButton("Aufdecken")
            button.setAccessibleName(f"Antwort {index} aufdecken")
            button.clicked.connect(lambda _=False, a=answer, b=button: (a.show(), b.hide()))
            card.body.addLayout(row(button))
            card.body.addWidget(answer)
            self.reveal_buttons.append(button)
            self.anchors[item.id] = card
            self.add(card)
        self.finish()
