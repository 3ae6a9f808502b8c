"""„Leicht vergessen“: wrong belief against correct rule, most important first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QWidget

from app.model.loader import LoadedGame
from app.ui.app_state import Services
from app.ui.views.pitfall_examples import example_panel
from app.ui.widgets import Box, Card, PageColumn, RankBadge, label, page_pill, row

# Below this column width the title would wrap into many short lines beside its pills.
NARROW_COLUMN = 620


class PitfallsView(PageColumn):
    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Leicht vergessen",
                         "Was man nach einer Pause am ehesten falsch im Kopf hat – "
                         "das Wichtigste zuerst.")
        self.anchors = {}
        self.headers: list[tuple[QGridLayout, QWidget]] = []
        self.narrow: bool | None = None
        for rank, pitfall in enumerate(loaded.game.content.pitfalls, start=1):
            card = Card()
            number = RankBadge(rank)
            title = label(f"**{pitfall.title}**", "H2")
            meta = QWidget()
            meta.setLayout(row(self.mark_badge(pitfall.id), page_pill(pitfall.pages)))
            header = QGridLayout()
            header.setContentsMargins(0, 0, 0, 0)
            header.setHorizontalSpacing(10)
            header.setVerticalSpacing(4)
            header.addWidget(number, 0, 0, Qt.AlignmentFlag.AlignVCenter)
            header.addWidget(title, 0, 1)
            header.setColumnStretch(1, 1)
            self.headers.append((header, meta))
            card.body.addLayout(header)
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
        self.arrange(narrow=False)
        self.finish()
        self.follow_marks(services.progress if services else None, loaded.id)

    def arrange(self, narrow: bool) -> None:
        """„Nachlesen“ and the page pill beside the title, or under it in a narrow column
        (so the title keeps the width to read in one or two lines)."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        for header, meta in self.headers:
            header.removeWidget(meta)
            if narrow:
                header.addWidget(meta, 1, 1, Qt.AlignmentFlag.AlignLeft)
            else:
                header.addWidget(meta, 0, 2, Qt.AlignmentFlag.AlignVCenter)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.arrange(narrow=self.column.width() < NARROW_COLUMN)
