"""Übungssituationen of Atacama and Survive through the real window, and the feedback in view.

A player switches game, opens „Weißt du's noch?“, starts the practice round and answers with
the keys: each question shows its picture with what it names marked; after a wrong key the
verdict is in view even at 800×600, the wrong choice red with ✗ and the right one green with
✓, and the pitfall named as „Nachlesen: …“ with its wrong belief – not its correct rule.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from app.ui.practice_situations import (
    AtacamaPicture,
    AtacamaSituations,
    EncounterPicture,
    RemovalPicture,
)
from tests.ui.util import visible_text

PICTURES = (AtacamaPicture, EncounterPicture, RemovalPicture)


def _in_viewport(view, widget) -> bool:
    top = widget.mapTo(view.viewport(), QPoint(0, 0)).y()
    return (top >= 0 and top + widget.height() <= view.viewport().height() + 1) or \
        (top <= 0 and widget.height() > view.viewport().height())


def _open_practice(qtbot, window, game: str):
    switcher = window.game_switcher
    switcher.setCurrentIndex(switcher.findData(game))
    view = window.view_for("quiz")
    start = next(b for b in view.card.findChildren(QPushButton)
                 if b.text() == "Übungssituationen" and b.isVisibleTo(view.card))
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    assert view.round is not None and not view.round.finished
    return view


@pytest.mark.parametrize("game", ["atacama", "survive", "atlantis"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_practice_round_by_keys_with_pictures_and_feedback_in_view(qtbot, window, library,
                                                                   game, size):
    window.resize(*size)
    view = _open_practice(qtbot, window, game)
    content = library.game(game).game.content
    beliefs = {p.id: (p.title, p.wrong, p.right) for p in content.pitfalls}
    for number in range(6):
        s = view.round.current
        QApplication.processEvents()
        if game != "atlantis":  # Atlantis's drawings: tests/ui/test_situation_drawings.py
            _check_picture(view, s)
            assert s.answerable
        wrong = next(i for i, c in enumerate(s.choices) if not c.correct)
        pick = wrong if number % 2 == 0 else s.correct_index
        qtbot.keyClick(view, Qt.Key.Key_1 + pick)
        assert view.round.revealed
        qtbot.waitUntil(lambda: _in_viewport(view, view.verdict), timeout=2000)
        assert _in_viewport(view, view.next_button)
        buttons = view.choice_buttons
        assert buttons[s.correct_index].property("verdict") == "right"
        assert buttons[s.correct_index].text().startswith("✓")
        text = visible_text(view.card)
        if pick == wrong:
            assert buttons[wrong].property("verdict") == "wrong"
            assert buttons[wrong].text().startswith("✗")
            target = s.choices[wrong].pitfall
            if target in beliefs:
                title, belief, rule = beliefs[target]
                assert f"Nachlesen: {title}" in text
                assert belief in text and rule not in text
            assert (target in window.services.progress.marked(game)) is s.answerable
        else:
            assert "Richtig!" in text
            assert not any(b.property("verdict") == "wrong" for b in buttons)
        qtbot.keyClick(view.next_button, Qt.Key.Key_Space)


def _check_picture(view, s) -> None:
    assert s.kind in {"setzen", "linie", "kreatur", "entfernen"}
    pictures = [w for w in view.card.findChildren(QWidget)
                if isinstance(w, PICTURES) and w.isVisibleTo(view.card)]
    assert len(pictures) == 1, s.question
    picture = pictures[0]
    if isinstance(picture, AtacamaPicture):
        assert set(picture.marked) == set(AtacamaSituations.marked(s))
        assert all(picture.rect().contains(picture.square_rect(q)) for q in picture.marked)
    elif isinstance(picture, RemovalPicture):
        assert picture.offered == [c.text.split()[0] for c in s.choices]
        assert all(picture.rect().contains(picture.tile_point(t)) for t in picture.offered)
    else:
        shown = picture.shown()
        assert shown["creature"].code == s.action
