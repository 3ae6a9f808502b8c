"""The search dialog and the in-place highlight of a hit in its section."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QDialog, QLabel

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.search import SECTION_TITLES, SearchIndex, match_spans
from app.ui import highlight
from app.ui.highlight import (
    clear_highlights,
    current_colours,
    highlight_in_view,
    highlighted_labels,
    is_flashing,
    mark_style,
)
from app.ui.search_dialog import (
    HIT_ROLE,
    NOTHING_FOUND,
    PLACEHOLDER,
    SearchDialog,
    elide_with_spans,
    fit_snippet,
)
from app.ui.sections import SECTIONS
from app.ui.theme import DARK, LIGHT, apply_theme
from app.ui.views.pitfalls_view import PitfallsView
from app.ui.views.steps_view import StepsView
from app.ui.views.summary_view import SummaryView


@pytest.fixture(scope="module")
def index(library):
    return SearchIndex.build(library)


@pytest.fixture
def dialog(qtbot, index):
    dlg = SearchDialog(index, game_id="atlantis", colours=LIGHT)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def shown(dlg: SearchDialog) -> list[str]:
    model = dlg.model
    return [model.data(model.index(row)) for row in range(model.rowCount())]


def test_section_titles_match_the_sidebar():
    # Interactive sections (board, calculators) hold no text to search; the rest must agree.
    sidebar = {s.key: s.title for s in SECTIONS}
    assert {key: sidebar.get(key) for key in SECTION_TITLES} == SECTION_TITLES


def test_field_and_list_are_named_for_screen_readers(dialog):
    assert dialog.field.placeholderText() == PLACEHOLDER
    assert dialog.field.accessibleName() == "Suchbegriff"
    assert dialog.results.accessibleName() == "Suchergebnisse"
    assert dialog.field.hasFocus()


def test_typing_shows_hits_with_game_and_section(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "luecke")
    rows = shown(dialog)
    assert rows, "no hits for „luecke“"
    assert rows[0].startswith("Atlantis · Die Zahlen: Lücke ohne Brücke")
    assert all(" · " in row for row in rows)
    assert dialog.results.isVisible() and not dialog.empty.isVisible()
    assert dialog.count.text() == f"{len(rows)} Treffer"


# QTest can only type ASCII; umlauts go in via setText (see below).
def test_each_keystroke_narrows_the_list(qtbot, dialog):
    counts = []
    for char in "bruecke ohne":
        qtbot.keyClicks(dialog.field, char)
        counts.append(dialog.model.rowCount())
    assert counts[-1] > 0
    assert counts[-1] < counts[0]


def test_nothing_found_says_what_to_do(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "xylophon")
    assert dialog.model.rowCount() == 0
    assert dialog.empty.isVisible() and not dialog.results.isVisible()
    assert dialog.empty.text() == NOTHING_FOUND


def test_enter_jumps_to_the_first_hit(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "luecke ohne bruecke")
    with qtbot.waitSignal(dialog.jumpRequested, timeout=1000) as blocker:
        qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    assert blocker.args == ["atlantis", "numbers", "zahl-luecke", "luecke ohne bruecke"]
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.isVisible()


def test_umlauts_typed_as_text_work_the_same(qtbot, dialog):
    dialog.field.setText("Lücke ohne Brücke")
    with qtbot.waitSignal(dialog.jumpRequested, timeout=1000) as blocker:
        qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    assert blocker.args == ["atlantis", "numbers", "zahl-luecke", "Lücke ohne Brücke"]


def test_arrow_keys_choose_the_hit(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "bruecke")
    qtbot.keyClick(dialog.field, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.field, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.field, Qt.Key.Key_Up)
    second = dialog.model.hits[1]
    assert dialog.results.currentIndex().row() == 1
    with qtbot.waitSignal(dialog.jumpRequested, timeout=1000) as blocker:
        qtbot.keyClick(dialog.field, Qt.Key.Key_Enter)
    assert blocker.args == [second.game_id, second.section_key, second.anchor_id, "bruecke"]


def test_up_at_the_top_stays_on_the_first_hit(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "bruecke")
    qtbot.keyClick(dialog.field, Qt.Key.Key_Up)
    assert dialog.results.currentIndex().row() == 0


def test_enter_without_hits_does_nothing(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "xylophon")
    with qtbot.assertNotEmitted(dialog.jumpRequested):
        qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    assert dialog.isVisible()


def test_escape_closes(qtbot, dialog):
    qtbot.keyClicks(dialog.field, "helm")
    qtbot.keyClick(dialog.field, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert dialog.result() == QDialog.DialogCode.Rejected


def test_the_current_game_is_preferred(qtbot, index, library):
    if library.game("atacama") is None:
        pytest.fail("Atacama did not load; this test needs a second game")
    dlg = SearchDialog(index, game_id="atacama")
    qtbot.addWidget(dlg)
    dlg.set_query("Punkte")
    entries = [h.entry for h in dlg.model.hits]
    assert entries == [h.entry for h in index.search("Punkte", 50, game_id="atacama")]
    assert entries != [h.entry for h in index.search("Punkte", 50, game_id="atlantis")]


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["hell", "dunkel"])
def test_matches_are_painted_marked(qtbot, index, colours):
    dlg = SearchDialog(index, colours=colours)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.set_query("Lücke")
    image = dlg.results.viewport().grab().toImage()
    mark = QColor(colours.mark_bg)
    marked = sum(
        1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
        if image.pixelColor(x, y) == mark)
    assert marked > 50


def test_long_labels_are_elided_with_their_marks_cut_too():
    metrics = QFontMetricsF(QFont())
    text = "Eine sehr lange Frage über die Lücke " * 6
    spans = match_spans(text, "lücke")
    elided, kept = elide_with_spans(text, spans, metrics, 200)
    assert elided.endswith("…") and len(elided) < len(text)
    assert all(e <= len(elided) - 1 for _, e in kept)
    assert len(kept) < len(spans)


def test_snippets_stop_after_two_lines():
    text = " ".join(["Wasserplättchen"] * 40)
    html = fit_snippet(text, (), QFont(), 200, LIGHT)
    assert html.endswith("…") and len(html) < len(text)


def test_model_carries_the_hit(qtbot, dialog):
    dialog.set_query("Helm")
    first = dialog.model.index(0)
    assert first.data(HIT_ROLE) is dialog.model.hits[0]
    assert dialog.field.selectedText() == "Helm"


# -- highlight in the section -------------------------------------------------------------------


@pytest.fixture
def atlantis(library):
    return library.game("atlantis")


def _texts(view) -> dict[int, tuple[str, Qt.TextFormat]]:
    return {id(lab): (lab.text(), lab.textFormat()) for lab in view.findChildren(QLabel)}


def _show(qtbot, view):
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_highlight_marks_the_words_in_the_anchor_card(qtbot, atlantis):
    view = _show(qtbot, PitfallsView(atlantis))
    before = _texts(view)
    card = highlight_in_view(view, "keine-randluecken", "luecke")
    assert card is view.anchors["keine-randluecken"]
    marked = highlighted_labels(view)
    assert marked and all(card.isAncestorOf(lab) for lab in marked)
    style = mark_style(current_colours())
    title = next(lab for lab in marked if "Atlantis oder am Festland" in lab.text())
    assert f'<span style="{style}">Lücke</span>' in title.text()
    # Nothing outside the card changed.
    for lab in view.findChildren(QLabel):
        if lab not in marked:
            assert (lab.text(), lab.textFormat()) == before[id(lab)]
    qtbot.waitUntil(lambda: view.verticalScrollBar().value() > 0, timeout=2000)
    assert is_flashing(view) is card


def test_clear_restores_every_label(qtbot, atlantis):
    view = _show(qtbot, PitfallsView(atlantis))
    before = _texts(view)
    highlight_in_view(view, "bezahlen-zugbeginn", "nicht richtig zugbeginn")
    assert len(highlighted_labels(view)) >= 3
    clear_highlights(view)
    assert _texts(view) == before
    assert highlighted_labels(view) == []
    assert is_flashing(view) is None


def test_plain_text_labels_get_marks_and_their_format_back(qtbot, atlantis):
    view = _show(qtbot, PitfallsView(atlantis))
    tag = next(lab for lab in view.anchors["zweite-karte"].findChildren(QLabel)
               if lab.objectName() == "WrongTag")
    assert tag.textFormat() == Qt.TextFormat.PlainText
    highlight_in_view(view, "zweite-karte", "nicht")
    assert tag.textFormat() == Qt.TextFormat.RichText and "<span" in tag.text()
    clear_highlights(view)
    assert (tag.text(), tag.textFormat()) == ("Nicht:", Qt.TextFormat.PlainText)


def test_a_new_highlight_replaces_the_old(qtbot, atlantis):
    view = _show(qtbot, StepsView(atlantis))
    highlight_in_view(view, "schritt-0", "karten")
    highlight_in_view(view, "schritt-4", "figuren")
    assert all(view.anchors["schritt-4"].isAncestorOf(lab) for lab in highlighted_labels(view))
    assert not any("<span" in lab.text()
                   for lab in view.anchors["schritt-0"].findChildren(QLabel))


def test_empty_anchor_marks_the_whole_page(qtbot, atlantis):
    view = _show(qtbot, SummaryView(atlantis))
    target = highlight_in_view(view, "", "juengste")
    assert target is view.column
    (label,) = highlighted_labels(view)
    assert "jüngste" in label.text() and "<span" in label.text()


def test_flash_ends_by_itself(qtbot, atlantis, monkeypatch):
    monkeypatch.setattr(highlight, "FLASH_MS", 20)
    view = _show(qtbot, PitfallsView(atlantis))
    card = view.anchors["zweite-karte"]
    sheet = card.styleSheet()
    highlight_in_view(view, "zweite-karte", "karte")
    assert card.styleSheet() != sheet
    qtbot.waitUntil(lambda: is_flashing(view) is None, timeout=1000)
    assert card.styleSheet() == sheet
    assert highlighted_labels(view), "the word marks stay after the flash"


def test_unknown_words_change_nothing(qtbot, atlantis):
    view = _show(qtbot, PitfallsView(atlantis))
    before = _texts(view)
    assert highlight_in_view(view, "zweite-karte", "xylophon") is view.anchors["zweite-karte"]
    assert _texts(view) == before


def test_marks_follow_a_dark_theme(qtbot, atlantis, qapp):
    apply_theme(qapp, DARK)
    try:
        view = _show(qtbot, PitfallsView(atlantis))
        highlight_in_view(view, "zweite-karte", "karte")
        assert DARK.mark_bg in highlighted_labels(view)[0].text()
    finally:
        apply_theme(qapp, LIGHT)


def test_open_dialog_follows_a_theme_switch(qtbot):
    from app.ui.application import create_main_window
    from app.ui.theme import DARK

    window = create_main_window(load_library(content_root()), "atlantis")
    qtbot.addWidget(window)
    window.show()
    window.open_search()
    dialog = window.last_dialog
    dialog.set_query("lücke")
    window.set_theme("dunkel")
    assert dialog.colours is DARK
    assert DARK.surface.lower() in dialog.styleSheet().lower()
    window.set_theme("hell")
