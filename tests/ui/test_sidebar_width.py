"""The sidebar keeps its width when the first „Nachlesen“ count appears (issue #27)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.ui.settings import DEFAULT_FONT_PT


@pytest.mark.parametrize("larger", [0, 4])
def test_the_first_badge_does_not_widen_the_sidebar(window, larger):
    window.theme.set_font_pt(DEFAULT_FONT_PT + larger)
    try:
        progress = window.services.progress
        for game in ("atlantis", "atacama", "survive"):
            window.state.select_game(game)
            QApplication.processEvents()
            before = window.sidebar.width()
            pitfalls = window.state.library.game(game).game.content.pitfalls
            for count, pitfall in enumerate(pitfalls[:10], start=1):
                progress.store(game).marks[pitfall.id] = ["quiz"]
                progress.changed(game)
                QApplication.processEvents()
                assert window.marked_count("pitfalls") == count
                assert window.sidebar.width() == before, (game, count)
    finally:
        window.theme.set_font_pt(DEFAULT_FONT_PT)
