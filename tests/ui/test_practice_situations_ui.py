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

from app.model import survive_situations
from app.rules.survive import Island
from app.ui.practice_situations import (
    AtacamaPicture,
    AtacamaSituations,
    EncounterPicture,
    MovePicture,
    RemovalPicture,
)
from tests.ui.util import visible_text

PICTURES = (AtacamaPicture, EncounterPicture, RemovalPicture, MovePicture)


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
    assert s.kind in {"setzen", "linie", "kreatur", "entfernen", "punkte"}
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
    elif isinstance(picture, MovePicture):
        # The way the question describes, every leg of it, inside the picture.
        assert picture.legs == survive_situations.route(s) and picture.legs
        assert all(picture.rect().contains(picture.point(label).toPoint())
                   for leg in picture.legs for label in leg)
        name = picture.accessibleName()
        assert name.startswith(f"Übungskarte mit dem Weg des Zuges: {picture.legs[0][0]} → ")
        last = picture.legs[-1][1]
        islands = {i.value: i.german for i in Island}
        assert name.endswith(islands.get(last, last))  # a safe island by name, not „nw“
    else:
        shown = picture.shown()
        assert shown["creature"].code == s.action


@pytest.mark.parametrize("size", [(800, 600), (900, 700)])
def test_a_price_question_answered_wrong_by_keys_marks_its_pitfall(qtbot, window, library,
                                                                   size):
    """„Was kostet der Zug?“ among Survive's Übungssituationen: a wrong key shows the verdict in
    view, the wrong price red with ✗, the engine's price green with ✓, and the misconception's
    pitfall named with its wrong belief and marked for re-reading."""
    window.resize(*size)
    switcher = window.game_switcher
    switcher.setCurrentIndex(switcher.findData("survive"))
    view = window.view_for("quiz")
    pitfalls = {p.id: p for p in library.game("survive").game.content.pitfalls}
    # The round's seeds as the service would draw them, kept to this kind: one question for
    # each pitfall its wrong prices stand for.
    asked: dict[str, int] = {}
    for seed in range(1, 2000):
        s = survive_situations.make_situation(seed)
        for choice in s.choices if s.kind == "punkte" else ():
            if choice.pitfall in pitfalls and choice.pitfall not in asked:
                asked[choice.pitfall] = seed
                break
    assert set(asked) == {"boot-steuern", "aussteigen-kostet", "schwimmer-ein-feld",
                          "nie-zurueck"}
    view.situations.next_seeds = lambda count: list(asked.values())[:count]
    start = next(b for b in view.card.findChildren(QPushButton)
                 if b.text() == "Übungssituationen" and b.isVisibleTo(view.card))
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    for target in asked:
        s = view.round.current
        assert s.kind == "punkte" and s.question.endswith("Bewegungspunkte kostet das?")
        QApplication.processEvents()
        _check_picture(view, s)
        wrong = next(i for i, c in enumerate(s.choices) if c.pitfall == target)
        pitfall = pitfalls[target]
        assert target not in window.services.progress.marked("survive")
        qtbot.keyClick(view, Qt.Key.Key_A + wrong)  # the letters work as well as the digits
        qtbot.waitUntil(lambda: _in_viewport(view, view.verdict), timeout=2000)
        buttons = view.choice_buttons
        assert buttons[wrong].property("verdict") == "wrong"
        assert buttons[wrong].text().startswith("✗")
        assert buttons[s.correct_index].property("verdict") == "right"
        assert buttons[s.correct_index].text().startswith(f"✓  {'ABCD'[s.correct_index]}   "
                                                          f"{s.choices[s.correct_index].text}")
        text = visible_text(view.card)
        assert f"Nachlesen: {pitfall.title}" in text and pitfall.wrong in text
        assert s.explanation in text
        assert target in window.services.progress.marked("survive")
        qtbot.keyClick(view.next_button, Qt.Key.Key_Space)


@pytest.mark.parametrize("kind", ["punkte", "entfernen"])
def test_survive_maps_fit_the_card_at_800x600_with_larger_text(qtbot, window, kind):
    """The map takes the card's width: nothing scrolls sideways, the verdict is read whole."""
    from app.ui.settings import DEFAULT_FONT_PT

    window.theme.set_font_pt(DEFAULT_FONT_PT + 3)
    try:
        window.resize(800, 600)
        switcher = window.game_switcher
        switcher.setCurrentIndex(switcher.findData("survive"))
        view = window.view_for("quiz")
        seeds = [seed for seed in range(1, 300)
                 if survive_situations.make_situation(seed).kind == kind][:2]
        view.situations.next_seeds = lambda count: seeds
        start = next(b for b in view.card.findChildren(QPushButton)
                     if b.text() == "Übungssituationen" and b.isVisibleTo(view.card))
        qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
        s = view.round.current
        qtbot.keyClick(view, Qt.Key.Key_1 + next(i for i, c in enumerate(s.choices)
                                                 if not c.correct))
        qtbot.waitUntil(lambda: _in_viewport(view, view.verdict), timeout=2000)
        _check_picture(view, s)
        assert view.horizontalScrollBar().maximum() == 0
        right = view.verdict.mapTo(view.viewport(), QPoint(view.verdict.width(), 0)).x()
        assert right <= view.viewport().width()
    finally:
        window.theme.set_font_pt(DEFAULT_FONT_PT)
