"""Ruling codes in running text are links to their ruling, as on the boards (issue #27)."""

from __future__ import annotations

import re

from app.ui.views.atlantis_calculators import AtlantisCalculators


def test_the_rechner_links_r8_to_its_ruling(window, qtbot):
    window.state.open("atlantis", "calculators")
    view = window.current_view()
    assert isinstance(view, AtlantisCalculators)
    text = view.buy_rule.text()
    ruling = next(i for i in window.current_entry().game.content.interpretations
                  if i.code == "R8")
    assert f'<a href="ruling:{ruling.id}"' in text
    # No code is left as bare letters beside the link.
    assert "R8" not in re.sub(r"<a [^>]*>R8</a>", "", text)
    view.buy_rule.linkActivated.emit(f"ruling:{ruling.id}")
    assert window.state.section == "interpretations"
    assert window.current_view().anchors[ruling.id].isVisible()
