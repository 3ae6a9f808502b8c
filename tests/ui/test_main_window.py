"""The main window with the shipped content: every section shows, with its facts."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from app.model.loader import load_library
from app.ui.application import create_main_window, make_application, save_screenshots
from app.ui.views.problems_view import ProblemsView
from tests.conftest import FIXTURES
from tests.ui.util import visible_text

REFRESHER_SECTIONS = ["In 30 Sekunden", "Dein Zug", "Die Zahlen", "Leicht vergessen",
                      "Weißt du's noch?"]
ENGINE_SECTIONS = ["Rechner", "Spielbrett"]


def test_shipped_content_loads_without_problems(library):
    assert library.failures == [], [str(p) for p in library.problems]
    assert library.game("atlantis") is not None


def test_window_title_and_sections(window):
    assert window.windowTitle() == "Regelfrisch — Atlantis"
    titles = [window.section_list.item(i).text() for i in range(window.section_list.count())]
    assert titles[:5] == REFRESHER_SECTIONS
    assert titles[-2:] == ["Auslegungen", "Quelle"]
    # The engine's sections sit between the quiz and our rulings, once they exist.
    assert "Rechner" in titles
    assert set(titles[5:-2]) <= set(ENGINE_SECTIONS)


# One fact from each section, as a player would look for it.
FACTS = [
    ("summary", ["jüngste", "drei Figuren"]),
    ("turn", ["Karten kaufen", "S. 3–4", "S. 3, 5"]),
    ("numbers", ["4, 5, 6, 7", "÷ 2", "S. 5–6"]),
    ("pitfalls", ["Nicht:", "Richtig:", "S. 4"]),
    ("quiz", ["Fragen zu Atlantis", "Runde starten"]),
    ("interpretations", ["R1", "R9", "Offene Fragen"]),
    ("source", ["AMIGO", "6 Seiten", "Verbindlich"]),
]


@pytest.mark.parametrize("key,words", FACTS, ids=[f[0] for f in FACTS])
def test_each_section_shows_its_facts(window, key, words):
    view = window.view_for(key)
    text = visible_text(view)
    for word in words:
        assert word.lower() in text.lower(), f"{key}: „{word}“ fehlt"


def test_third_pawn_page_ref(window):
    view = window.view_for("numbers")
    row = view.anchors["zahl-dritte-figur"]
    text = visible_text(row)
    assert "4 Karten" in text and "S. 5" in text


def test_pitfalls_are_in_order_of_importance(window, library):
    view = window.view_for("pitfalls")
    ids = list(view.anchors)
    assert ids == [p.id for p in library.game("atlantis").game.content.pitfalls]
    assert ids[0] == "bezahlen-zugbeginn"
    first = visible_text(view.anchors[ids[0]])
    assert first.index("Nicht:") < first.index("Richtig:")


def test_no_label_is_clipped(window):
    for key in ("summary", "turn", "numbers", "pitfalls", "interpretations"):
        view = window.view_for(key)
        for lbl in view.findChildren(QLabel):
            if lbl.isVisible() and lbl.wordWrap() and lbl.text():
                assert lbl.height() >= lbl.heightForWidth(lbl.width()) - 1, (key, lbl.text()[:40])


def test_broken_game_is_listed_and_explained(qtbot, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "minigame", root / "gut")
    shutil.copytree(FIXTURES / "minigame", root / "kaputt")
    (root / "kaputt" / "quiz.yaml").write_text("quiz:\n  - id: [", encoding="utf-8")
    make_application()
    win = create_main_window(load_library(root))
    qtbot.addWidget(win)
    items = [win.game_switcher.itemText(i) for i in range(win.game_switcher.count())]
    assert items == ["Minispiel", "kaputt (fehlerhaft)"]
    win.state.select_game("kaputt")
    view = win.current_view()
    assert isinstance(view, ProblemsView)
    assert "quiz.yaml:2" in visible_text(view)
    assert "fehlerhaft" in win.windowTitle()


@pytest.mark.parametrize("size", [(1280, 800), (900, 700)])
def test_screenshots_at_both_sizes(qtbot, library, tmp_path, size):
    make_application()
    win = create_main_window(library)
    qtbot.addWidget(win)
    written = save_screenshots(win, tmp_path, size, games=["atlantis"])
    assert len(written) == len(win.sections())
    assert all(p.stat().st_size > 5000 for p in written)
    # The column never gets wider than a readable line, and never touches the window edge.
    view = win.view_for("pitfalls")
    assert view.column.width() <= 760
    assert view.column.geometry().left() >= 24


def test_items_are_shown_with_their_colour(window, library):
    view = window.view_for("summary")
    legend = next(lbl for lbl in view.findChildren(QLabel)
                  if lbl.accessibleName() == "Gegenstände und ihre Farben")
    from app.ui.widgets import swatch_uri
    for item in library.game("atlantis").game.content.meta.items:
        assert swatch_uri(item.colour) in legend.text()
        assert f"{item.name}&nbsp;({item.colour_name})" in legend.text()
    assert "vorläufiger Name" in legend.text()


@pytest.mark.parametrize("key", ["turn", "numbers", "pitfalls", "interpretations", "source"])
def test_pages_do_not_scroll_into_empty_space(window, key):
    from PySide6.QtWidgets import QApplication
    window.resize(1280, 800)
    view = window.view_for(key)
    QApplication.processEvents()
    inner = view.widget()
    blocks = [w for w in view.column.children() if isinstance(w, QWidget) and w.isVisible()]
    content_bottom = max(w.mapTo(inner, w.rect().bottomLeft()).y() for w in blocks)
    # Only the page margin may follow the last block (before: thousands of empty pixels).
    assert inner.height() <= max(content_bottom + 60, view.viewport().height()), key
