"""The one-page sheet: every shipped game fits one A4 page, marks stand out, fitting is measured."""

from __future__ import annotations

import io
import re
import unicodedata

import pypdf
import pytest

from app.model.loader import load_library
from app.model.paths import content_root
from app.model.schema import format_pages
from app.ui.print_sheet import (
    FONT_SIZES,
    MARK_LEGEND,
    MARKER,
    MIN_FONT_PT,
    a4_printer,
    export_pdf,
    fit_sheet,
    render_sheet,
    sheet_html,
    sheet_image,
    write_sheet_pdf,
)

LIBRARY = load_library(content_root())
GAME_IDS = [g.id for g in LIBRARY.games]


def pdf_text(path) -> tuple[int, str]:
    reader = pypdf.PdfReader(str(path))
    text = " ".join(page.extract_text() for page in reader.pages)
    # The PDF keeps non-breaking spaces and ligatures; a reader sees plain words.
    return len(reader.pages), re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))


@pytest.fixture
def atlantis(qapp):
    game = LIBRARY.game("atlantis")
    assert game is not None, [str(p) for p in LIBRARY.problems]
    return game


def test_atlantis_fits_one_page_with_steps_and_pages(atlantis, tmp_path):
    path = tmp_path / "atlantis.pdf"
    assert write_sheet_pdf(atlantis, path) == 1
    pages, text = pdf_text(path)
    assert pages == 1
    content = atlantis.game.content
    for step in content.steps:
        assert step.title in text
    assert "S. 3–4" in text
    assert "Atlantis · AMIGO · MMIX Version 1.0" in text
    for number in content.numbers:
        assert number.label in text
    assert "Nicht:" in text and "Richtig:" in text
    assert text.rstrip().endswith("Regelfrisch")
    assert "Stand 02.11.2026" in text
    assert MARKER not in text


def test_marked_items_carry_the_marker(atlantis, tmp_path):
    path = tmp_path / "marked.pdf"
    marked = {"breite-luecken", "schritt-2", "zahl-bruecke"}
    assert write_sheet_pdf(atlantis, path, marked) == 1
    _, text = pdf_text(path)
    assert f"{MARKER} Breite Lücken kosten nicht mehr" in text
    assert f"{MARKER} Karte spielen und vorrücken" in text
    assert f"{MARKER} Brücke" in text
    assert text.count(MARKER) == len(marked) + 1, "each mark, and the legend"
    assert f"{MARKER} = {MARK_LEGEND}" in text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_shipped_game_fits_one_page(qapp, game_id, tmp_path):
    loaded = LIBRARY.game(game_id)
    path = tmp_path / f"{game_id}.pdf"
    plan = render_sheet(loaded, a4_printer(path))
    pages, text = pdf_text(path)
    assert (plan.pages, pages) == (1, 1)
    assert plan.font_pt >= MIN_FONT_PT
    content = loaded.game.content
    for step in content.steps:
        assert step.title in text
    shown = [p for p in content.pitfalls if p.id in plan.pitfall_ids]
    assert [p.id for p in shown] == list(plan.pitfall_ids), "the most important come first"
    for pitfall in shown:
        assert re.sub(r"\s+", " ", pitfall.title) in text
    if plan.dropped:
        assert f"{plan.dropped} weitere in der App" in text
    for number in content.numbers:
        if number.pages:
            assert format_pages(number.pages) in text


def test_font_sizes_never_go_below_eight_and_a_half_points():
    assert min(FONT_SIZES) == MIN_FONT_PT == 8.5
    assert list(FONT_SIZES) == sorted(FONT_SIZES, reverse=True)


def test_a_roomy_page_takes_everything_at_the_largest_size(atlantis):
    printer = a4_printer()
    doc, plan = fit_sheet(atlantis, printer, printer.width(), printer.height() * 3)
    assert plan.font_pt == FONT_SIZES[0]
    assert plan.dropped == 0 and plan.pages == 1
    assert doc.documentLayout().documentSize().height() <= printer.height() * 3


def test_a_short_page_shrinks_then_drops_the_least_important_but_keeps_marks(atlantis):
    printer = a4_printer()
    pitfalls = [p.id for p in atlantis.game.content.pitfalls]
    last = pitfalls[-1]
    height = printer.height() * 0.85  # a short page: the full sheet needs nearly all of A4
    doc, plan = fit_sheet(atlantis, printer, printer.width(), height, {last})
    assert plan.font_pt == MIN_FONT_PT
    assert plan.dropped > 0 and plan.pages == 1
    assert last in plan.pitfall_ids, "a marked pitfall is never dropped"
    dropped = [p for p in pitfalls if p not in plan.pitfall_ids]
    assert dropped == pitfalls[len(pitfalls) - 1 - len(dropped):-1], "from the least important end"
    assert doc.documentLayout().documentSize().height() <= height
    assert f"{plan.dropped} weitere in der App" in doc.toPlainText()


def test_the_sheet_html_marks_and_formats(atlantis):
    page = sheet_html(atlantis, {"zweite-karte"})
    assert f"{MARKER}</span>&nbsp;<b>Eine zweite Karte nur, wenn das Ziel besetzt ist" in page
    assert "**" not in page
    assert "<b>nur</b>" in page or "<strong>nur</strong>" in page
    assert "Regelfrisch" in page and "Nach: Atlantis – Spielregel" in page


def test_the_preview_image_is_a4(atlantis):
    image = sheet_image(atlantis, dpi=50)
    assert not image.isNull()
    assert abs(image.height() / image.width() - 297 / 210) < 0.01


def test_cli_export(qapp, tmp_path):
    out = io.StringIO()
    path = tmp_path / "blatt.pdf"
    assert export_pdf(LIBRARY, "atlantis", path, out=out) == 0
    assert pdf_text(path)[0] == 1
    assert "Spickzettel für Atlantis gespeichert" in out.getvalue()


@pytest.mark.parametrize("game,path,message", [
    ("gibtsnicht", "blatt.pdf", "Das Spiel „gibtsnicht“ gibt es nicht"),
    ("atlantis", "fehlt/blatt.pdf", "existiert nicht"),
], ids=["unknown-game", "missing-folder"])
def test_cli_export_errors(qapp, tmp_path, game, path, message):
    out = io.StringIO()
    assert export_pdf(LIBRARY, game, tmp_path / path, out=out) == 1
    assert message in out.getvalue()


def test_no_text_on_the_sheet_is_smaller_than_eight_and_a_half_points(atlantis):
    printer = a4_printer()
    _doc, plan = fit_sheet(atlantis, printer, printer.width(), printer.height() * 0.7)
    sizes = [float(s) for s in re.findall(r"font-size:\s*([0-9.]+)pt", sheet_html(
        atlantis, font_pt=plan.font_pt))]
    assert sizes and min(sizes) >= 8.5
    assert plan.font_pt >= 8.5



@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("share", [0.1, 0.5, 1.0])
def test_the_sheet_stays_one_page_with_any_number_of_marks(qapp, game_id, share, tmp_path):
    # Marks are what a player prints the sheet for: they must never push it onto a second
    # page, and the most important unmarked rule goes before any less important one.
    loaded = LIBRARY.game(game_id)
    ids = sorted(loaded.game.linkable_ids())
    marked = set(ids[: max(1, round(len(ids) * share))])
    path = tmp_path / "zettel.pdf"
    plan = render_sheet(loaded, a4_printer(path), marked)
    pages, _text = pdf_text(path)
    assert (plan.pages, pages) == (1, 1)
    order = [p.id for p in loaded.game.content.pitfalls]
    marked_pitfalls = [pid for pid in order if pid in marked]
    shown = list(plan.pitfall_ids)
    assert shown[: len([p for p in shown if p in marked])] == \
        [pid for pid in marked_pitfalls if pid in shown], "marked pitfalls stand first"
    unmarked_shown = [pid for pid in shown if pid not in marked]
    unmarked = [pid for pid in order if pid not in marked]
    assert unmarked_shown == unmarked[: len(unmarked_shown)], "by importance, from the top"
    if len(unmarked_shown) < len(unmarked):
        assert set(marked_pitfalls) <= set(shown) or not unmarked_shown


def test_marks_that_overflow_shrink_from_the_end_before_any_is_left_out(atlantis):
    printer = a4_printer()
    order = [p.id for p in atlantis.game.content.pitfalls]
    every = set(order)
    _doc, roomy = fit_sheet(atlantis, printer, printer.width(), printer.height(), every)
    _doc, plan = fit_sheet(atlantis, printer, printer.width(), printer.height() * 0.8, every)
    assert plan.pages == 1
    assert plan.short_ids, "marks that do not fit whole lose their wrong belief first"
    shorts = sorted(order.index(pid) for pid in plan.short_ids)
    full = [order.index(pid) for pid in plan.pitfall_ids if pid not in plan.short_ids]
    assert not full or max(full) < min(shorts), "the most important keep their wrong belief"
    assert len(plan.pitfall_ids) >= len(roomy.pitfall_ids) - len(order) // 2
    text = sheet_html(atlantis, pitfall_ids=order[:2], short_ids={order[1]})
    assert text.count("Nicht:") == 1


def test_the_preview_warns_when_marks_do_not_all_fit(qapp, monkeypatch):
    from PySide6.QtCore import QTimer
    from PySide6.QtPrintSupport import QPrintPreviewDialog
    from PySide6.QtWidgets import QApplication, QLabel

    from app.ui import print_sheet as module

    loaded = LIBRARY.game("survive")
    every = set(loaded.game.linkable_ids())
    printer = a4_printer()
    assert module.sheet_warning(loaded, printer, set()) == ""
    # Survive has more pitfalls than one page holds: with all of them marked, some go.
    warning = module.sheet_warning(loaded, printer, every)
    assert "Nicht alle markierten Punkte" in warning and "nur in der App" in warning
    monkeypatch.setattr(module, "fit_sheet", _squeezed(module.fit_sheet, 0.3))
    assert "Passt nicht auf eine Seite" in module.sheet_warning(loaded, printer, every)
    monkeypatch.undo()
    seen: list[str] = []

    def look():
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, QPrintPreviewDialog) and w.isVisible())
        note = dialog.findChild(QLabel, "sheetWarning")
        seen.append(note.text() if note is not None and note.isVisible() else "")
        dialog.reject()

    QTimer.singleShot(300, look)
    module.print_sheet(loaded, None, every)
    assert seen == [warning]


def _squeezed(fit, factor):
    def fit_on_a_short_page(loaded, device, width, height, marked_ids=frozenset()):
        return fit(loaded, device, width, height * factor, marked_ids)
    return fit_on_a_short_page
