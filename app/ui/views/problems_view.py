"""Shown instead of the refresher when a game's content could not be loaded."""

from __future__ import annotations

from app.model.loader import FailedGame
from app.ui.widgets import Box, PageColumn, label


class ProblemsView(PageColumn):
    def __init__(self, failed: FailedGame):
        super().__init__(f"„{failed.id}“ ließ sich nicht laden",
                         "Die anderen Spiele funktionieren weiter. Bitte diese Stellen in den "
                         "Inhaltsdateien korrigieren – oder `regelfrisch --check` aufrufen:")
        self.anchors = {}
        box = Box("ProblemBox")
        for problem in failed.problems:
            text = label(str(problem), "ProblemText", rich=False)
            box.body.addWidget(text)
        self.add(box)
        self.finish()
