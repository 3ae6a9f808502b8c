"""The one-page sheet for the table: turn, numbers and pitfalls of a game on one A4 page.

The sheet is HTML laid out by a QTextDocument whose layout measures with the printer's
own font metrics, so the height we check is the height that gets printed. The pitfalls
stand in the order a player needs them before the game: those marked for re-reading first,
then the rest by importance. Fitting tries, in this order: every pitfall at 10 pt down to
8.5 pt (never smaller, small print included); then, at 8.5 pt, leaves out unmarked pitfalls
from the least important end; only when the marked ones alone overflow, they shrink to their
correct rule (the wrong belief goes) from the end of their order, and last are left out. The
sheet says how many more the app has. Only a game whose steps and numbers alone overflow the
page takes two pages, and the print preview says so. The footer (source and "Regelfrisch")
is painted at the foot of every page, outside the flowing text.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)
from PySide6.QtPrintSupport import QPrinter

from app.model.loader import Library, LoadedGame
from app.model.safe_files import german_os_error, write_atomically
from app.model.schema import format_pages
from app.ui.safe_text import SafeTextDocument
from app.ui.theme import LIGHT
from app.ui.widgets import markdown_html

MARKER = "▶"
# Below 8.5 pt a sheet on the table is hard to read in a dim room.
MIN_FONT_PT = 8.5
FONT_SIZES = (10.0, 9.5, 9.0, MIN_FONT_PT)
PREVIEW_SHEET = ("QToolBar QLineEdit, QToolBar QComboBox, QToolBar QSpinBox { padding: 0 2px; "
                 "border-radius: 3px; min-height: 0; }"
                 "QToolBar QComboBox QLineEdit { border: none; padding: 0; }")
MARK_LEGEND = "im Quiz nicht (sicher) gewusst – vor dem Spiel noch einmal lesen"
MARGINS_MM = 10.0
# Space between the text and the footer line, in points.
FOOTER_GAP_PT = 4.0
# Paper is white: the sheet always uses the light colours, whatever the screen shows.
C = LIGHT


@dataclass(frozen=True)
class SheetPlan:
    """What ended up on the sheet; for tests and for telling the user what was left out."""

    font_pt: float
    pitfall_ids: tuple[str, ...]  # in the order printed
    split: int
    pages: int
    total_pitfalls: int
    short_ids: frozenset[str] = frozenset()  # printed without the wrong belief

    @property
    def dropped(self) -> int:
        return self.total_pitfalls - len(self.pitfall_ids)


@dataclass(frozen=True)
class _Sizes:
    """Type sizes (pt) and spacing (CSS px) derived from the body size."""

    body: float

    @property
    def h1(self) -> str:
        return f"{self.body * 1.7:.1f}"

    @property
    def h2(self) -> str:
        return f"{self.body * 1.2:.1f}"

    @property
    def h3(self) -> str:
        return f"{self.body * 1.05:.1f}"

    @property
    def small(self) -> str:
        return f"{max(MIN_FONT_PT, self.body * 0.85):.1f}"

    @property
    def gap(self) -> str:
        return f"{self.body * 0.7:.0f}"

    @property
    def half(self) -> str:
        return f"{self.body * 0.35:.0f}"

    @property
    def pad(self) -> str:
        return f"{self.body * 0.3:.1f}"


# -- HTML ---------------------------------------------------------------------------------------


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _inline(markdown_text: str) -> str:
    """Markdown → inline HTML, with paragraphs joined so a cell stays one block."""
    rendered = markdown_html(markdown_text)
    return re.sub(r"</p>\s*<p>", "<br>", rendered).removeprefix("<p>").removesuffix("</p>")


def _pages(pages: list, z: _Sizes) -> str:
    text = format_pages(pages)
    return (f'<span style="color:{C.muted}; font-size:{z.small}pt; white-space:nowrap">'
            f"{_esc(text)}</span>") if text else ""


def _marker(marked: bool) -> str:
    return f'<span style="color:{C.mark}; font-weight:700">{MARKER}</span>&nbsp;' if marked else ""


def _title_line(loaded: LoadedGame, z: _Sizes) -> str:
    meta = loaded.game.content.meta
    facts = " · ".join([meta.publisher, meta.edition, f"{meta.players} Personen"])
    return (
        f'<p style="margin:0"><span style="font-size:{z.h1}pt; font-weight:700; '
        f'color:{C.accent}">{_esc(meta.title)}</span>'
        f'<span style="font-size:{z.h3}pt; color:{C.muted}">&nbsp;&nbsp;·&nbsp;&nbsp;'
        f"{_esc(facts)}</span></p>"
    )


def _heading(text: str, z: _Sizes) -> str:
    return (f'<p style="margin-top:{z.gap}px; margin-bottom:{z.half}px; font-size:{z.h2}pt; '
            f'font-weight:700; color:{C.accent}">{_esc(text)}</p>')


def _steps(loaded: LoadedGame, marked: Collection[str], z: _Sizes) -> str:
    rows = []
    for step in loaded.game.content.steps:
        is_marked = step.id in marked
        background = f' bgcolor="{C.mark_bg}"' if is_marked else ""
        optional = (f' <span style="color:{C.muted}; font-size:{z.small}pt">(freiwillig)</span>'
                    if step.optional and "freiwillig" not in step.title.lower() else "")
        rows.append(
            f"<tr{background}>"
            f'<td width="18" valign="top" style="font-size:{z.h2}pt; font-weight:700; '
            f'color:{C.accent}">{step.number}</td>'
            f'<td valign="top">{_marker(is_marked)}<b>{_esc(step.title)}</b>{optional}'
            f' – {_inline(step.text)}</td>'
            f'<td width="52" align="right" valign="top" nowrap>{_pages(step.pages, z)}</td>'
            "</tr>")
    return (f'<table width="100%" cellspacing="0" cellpadding="{z.pad}">' + "".join(rows)
            + "</table>")


def _numbers(loaded: LoadedGame, marked: Collection[str], z: _Sizes) -> str:
    rows = []
    for index, number in enumerate(loaded.game.content.numbers):
        is_marked = number.id in marked
        colour = C.mark_bg if is_marked else (C.zebra if index % 2 else C.surface)
        rows.append(
            f'<tr bgcolor="{colour}">'
            f'<td width="23%" valign="top" style="color:{C.muted}">{_marker(is_marked)}'
            f"{_esc(number.label)}</td>"
            f'<td valign="top"><b>{_inline(number.value)}</b></td>'
            f'<td width="52" align="right" valign="top" nowrap>{_pages(number.pages, z)}</td>'
            "</tr>")
    return (f'<table width="100%" cellspacing="0" cellpadding="{z.pad}">' + "".join(rows)
            + "</table>")


def _pitfall(rank: int, pitfall, marked: bool, z: _Sizes, short: bool = False) -> str:
    background = f' bgcolor="{C.mark_bg}"' if marked else ""
    wrong = ("" if short else
             f'<span style="color:{C.wrong}; font-weight:700">Nicht:</span> '
             f'<span style="color:{C.muted}">{_inline(pitfall.wrong)}</span><br>')
    return (
        f"<tr><td{background}>"
        f'<span style="color:{C.accent}; font-weight:700">{rank}</span>&nbsp; '
        f"{_marker(marked)}<b>{_esc(pitfall.title)}</b>&nbsp; {_pages(pitfall.pages, z)}<br>"
        f"{wrong}"
        f'<span style="color:{C.right}; font-weight:700">Richtig:</span> '
        f"{_inline(pitfall.right)}"
        "</td></tr>")


def pitfall_order(loaded: LoadedGame, marked: Collection[str]) -> list[str]:
    """Pitfall ids as a player needs them: marked ones first, each group by importance."""
    ids = [p.id for p in loaded.game.content.pitfalls]
    return [i for i in ids if i in marked] + [i for i in ids if i not in marked]


def _pitfalls(loaded: LoadedGame, marked: Collection[str], keep: Collection[str],
              split: int, z: _Sizes, short: Collection[str] = frozenset()) -> str:
    rank_of = {p.id: (rank, p) for rank, p in enumerate(loaded.game.content.pitfalls, start=1)}
    chosen = [rank_of[pid] for pid in pitfall_order(loaded, marked) if pid in keep]
    columns = [chosen[:split], chosen[split:]]
    cells = []
    for column in columns:
        inner = "".join(_pitfall(rank, p, p.id in marked, z, p.id in short)
                        for rank, p in column)
        cells.append(f'<td width="50%" valign="top"><table width="100%" cellspacing="0" '
                     f'cellpadding="{z.pad}">{inner}</table></td>')
    left, right = cells
    table = ('<table width="100%" cellspacing="0" cellpadding="0"><tr>'
             f'{left}<td width="10"></td>{right}</tr></table>')
    missing = len(loaded.game.content.pitfalls) - len(chosen)
    if missing:
        table += (f'<p style="margin-top:{z.half}px; color:{C.muted}; font-size:{z.small}pt">'
                  f"{missing} weitere in der App unter „Leicht vergessen“.</p>")
    return table


def _source_short(loaded: LoadedGame) -> str:
    meta = loaded.game.content.meta
    parts = [f"Nach: {meta.booklet}", meta.edition]
    if meta.booklet_pages:
        parts.append(f"{meta.booklet_pages} Seiten")
    stand = re.search(r"Stand:\s*([0-9][0-9.]*[0-9])", meta.source_note)
    if stand:
        parts.append(f"Stand {stand.group(1)}")
    content = loaded.game.content
    has_pages = any(item.pages for group in (content.steps, content.numbers, content.pitfalls)
                    for item in group)
    tail = ("Seitenangaben beziehen sich auf dieses Heft; im Zweifel gilt die Spielregel des "
            "Verlags." if has_pages else "Im Zweifel gilt die Spielregel des Verlags.")
    return ", ".join(parts) + ". " + tail


def footer_html(loaded: LoadedGame, font_pt: float = 8.0) -> str:
    small = max(MIN_FONT_PT, font_pt * 0.85)
    return (
        f'<table width="100%" cellspacing="0" cellpadding="0" style="font-size:{small:.1f}pt; '
        f'color:{C.muted}"><tr><td>{_esc(_source_short(loaded))}</td>'
        f'<td width="90" align="right" valign="bottom"><b style="color:{C.accent}">'
        "Regelfrisch</b></td></tr></table>")


def sheet_html(loaded: LoadedGame, marked_ids: Collection[str] = frozenset(), *,
               font_pt: float = 10.0, pitfall_ids: Collection[str] | None = None,
               split: int | None = None, footer: bool = True,
               short_ids: Collection[str] = frozenset()) -> str:
    """The sheet as HTML for QTextDocument.

    ``pitfall_ids`` limits the pitfalls (default: all), ``split`` is how many go into the
    left column (default: half). With ``footer`` the source line ends the text; the PDF
    paints it at the foot of the page instead.
    """
    content = loaded.game.content
    keep = set(pitfall_ids) if pitfall_ids is not None else {p.id for p in content.pitfalls}
    chosen = sum(1 for p in content.pitfalls if p.id in keep)
    split = (chosen + 1) // 2 if split is None else max(0, min(split, chosen))
    z = _Sizes(font_pt)
    starts = (f'<p style="margin-top:{z.half}px; color:{C.muted}">'
              f"<b>Wer beginnt?</b> {_inline(content.starts)}</p>")
    legend = ""
    if set(marked_ids) & set(loaded.game.linkable_ids()):
        legend = (f'<p style="margin-top:{z.half}px; color:{C.muted}">{_marker(True)}'
                  f"= {_esc(MARK_LEGEND)}</p>")
    parts = [
        _title_line(loaded, z), starts, legend,
        _heading("Dein Zug", z), _steps(loaded, marked_ids, z),
        _heading("Die Zahlen", z), _numbers(loaded, marked_ids, z),
        _heading("Leicht vergessen – das Wichtigste zuerst", z),
        _pitfalls(loaded, marked_ids, keep, split, z, short_ids),
    ]
    if footer:
        parts.append(f"<hr>{footer_html(loaded, font_pt)}")
    body = "".join(parts)
    return (f'<html><body style="font-size:{font_pt:.1f}pt; color:{C.text}">{body}'
            "</body></html>")


# -- layout and printing ------------------------------------------------------------------------


def _document(html_text: str, device: QPagedPaintDevice, width: float,
              height: float | None) -> QTextDocument:
    doc = SafeTextDocument()
    # Measure with the printer's metrics: what fits here fits on paper.
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setDefaultFont(QFont(QGuiApplication.font().family()))
    doc.setHtml(html_text)
    if height is None:
        doc.setTextWidth(width)
    else:
        doc.setPageSize(QSizeF(width, height))
    return doc


def _fits(doc: QTextDocument, height: float) -> bool:
    return doc.pageCount() == 1 and doc.documentLayout().documentSize().height() <= height


def _balanced(loaded: LoadedGame, marked: Collection[str], font_pt: float, keep: list[str],
              device: QPagedPaintDevice, width: float, height: float,
              short: Collection[str] = frozenset()):
    """The column split with the shortest sheet; tries every split near the middle."""
    middle = (len(keep) + 1) // 2
    candidates = sorted(range(len(keep) + 1), key=lambda s: abs(s - middle))[:5]
    laid_out = []
    for split in candidates:
        doc = _document(sheet_html(loaded, marked, font_pt=font_pt, pitfall_ids=keep,
                                   split=split, footer=False, short_ids=short),
                        device, width, height)
        laid_out.append((doc.documentLayout().documentSize().height(), split, doc))
    _height, split, doc = min(laid_out, key=lambda entry: entry[0])
    return split, doc


def fit_sheet(loaded: LoadedGame, device: QPagedPaintDevice, width: float, height: float,
              marked_ids: Collection[str] = frozenset()) -> tuple[QTextDocument, SheetPlan]:
    """Lay the sheet out for a ``width`` × ``height`` body (device pixels); see module doc."""
    marked = frozenset(marked_ids)
    order = pitfall_order(loaded, marked)
    marked_count = sum(1 for pid in order if pid in marked)

    def attempt(font_pt: float, kept: int, full: int):
        keep = order[:kept]
        short = frozenset(order[full:kept])
        split, doc = _balanced(loaded, marked, font_pt, keep, device, width, height, short)
        return keep, split, doc, short

    def most(low: int, high: int, trial):
        """The largest n in [low, high] whose layout fits (fits shrink as n grows), or None."""
        best = None
        while low <= high:
            middle = (low + high + 1) // 2
            laid_out = trial(middle)
            if _fits(laid_out[2], height):
                best, low = laid_out, middle + 1
            else:
                high = middle - 1
        return best

    everything = len(order)
    for font_pt in FONT_SIZES:
        chosen = attempt(font_pt, everything, everything)
        if _fits(chosen[2], height):
            break
    if not _fits(chosen[2], height):
        # At the smallest size, in turn: unmarked pitfalls are left out from the least
        # important end; then the marked ones lose their wrong belief from the end of their
        # order, and last are left out (a sheet of only marks beats two pages).
        chosen = (most(marked_count, everything, lambda n: attempt(font_pt, n, n))
                  or most(0, marked_count, lambda n: attempt(font_pt, marked_count, n))
                  or most(0, marked_count, lambda n: attempt(font_pt, n, 0))
                  or attempt(font_pt, 0, 0))
    keep, split, doc, short = chosen
    plan = SheetPlan(font_pt, tuple(keep), split, doc.pageCount(), len(order),
                     frozenset(short) & frozenset(keep))
    return doc, plan


def a4_printer(path: Path | str | None = None) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    if path is not None:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
    printer.setPageLayout(QPageLayout(
        QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
        QMarginsF(MARGINS_MM, MARGINS_MM, MARGINS_MM, MARGINS_MM), QPageLayout.Unit.Millimeter))
    return printer


def _layout(loaded: LoadedGame, printer: QPrinter, marked_ids: Collection[str]):
    width, full_height = float(printer.width()), float(printer.height())
    footer = _document(footer_html(loaded), printer, width, None)
    gap = FOOTER_GAP_PT * printer.resolution() / 72
    footer_height = footer.documentLayout().documentSize().height()
    body_height = full_height - footer_height - 2 * gap
    doc, plan = fit_sheet(loaded, printer, width, body_height, marked_ids)
    return doc, footer, plan, (width, full_height, body_height, footer_height, gap)


def _paint_page(painter: QPainter, page: int, doc: QTextDocument, footer: QTextDocument,
                geometry: tuple[float, ...], resolution: int) -> None:
    width, full_height, body_height, footer_height, gap = geometry
    painter.save()
    painter.translate(0, -page * body_height)
    doc.drawContents(painter, QRectF(0, page * body_height, width, body_height))
    painter.restore()
    top = full_height - footer_height
    painter.save()
    painter.setPen(QPen(QColor(C.muted), resolution / 144))  # half a point
    painter.drawLine(QPointF(0, top - gap), QPointF(width, top - gap))
    painter.translate(0, top)
    footer.drawContents(painter)
    painter.restore()


def render_sheet(loaded: LoadedGame, printer: QPrinter,
                 marked_ids: Collection[str] = frozenset()) -> SheetPlan:
    """Fit the sheet to ``printer``'s page and print it; returns what was printed."""
    doc, footer, plan, geometry = _layout(loaded, printer, marked_ids)
    painter = QPainter(printer)
    if not painter.isActive():
        name = (printer.outputFileName() or printer.printerName()
                if isinstance(printer, QPrinter) else "PDF")
        raise OSError(f"„{name}“ lässt sich nicht zum Schreiben öffnen.")
    try:
        for page in range(plan.pages):
            if page and not printer.newPage():
                break
            _paint_page(painter, page, doc, footer, geometry, printer.resolution())
    finally:
        painter.end()
    return plan


def sheet_image(loaded: LoadedGame, marked_ids: Collection[str] = frozenset(),
                dpi: int = 110) -> QImage:
    """The first page as the PDF shows it, for screenshots and a quick look."""
    printer = a4_printer()
    doc, footer, _plan, geometry = _layout(loaded, printer, marked_ids)
    resolution = printer.resolution()
    scale = dpi / resolution
    full = printer.pageLayout().fullRectPixels(resolution)
    paint = printer.pageLayout().paintRectPixels(resolution)
    image = QImage(round(full.width() * scale), round(full.height() * scale),
                   QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(paint.left(), paint.top())
    _paint_page(painter, 0, doc, footer, geometry, resolution)
    painter.end()
    return image


def write_sheet_pdf(loaded: LoadedGame, path: Path | str,
                    marked_ids: Collection[str] = frozenset()) -> int:
    """Write the sheet as an A4 PDF; returns the number of pages (1 unless content overflows).

    Rendered in memory, then written through ``write_atomically``: the file replaces
    ``path`` only when every byte is on disk, so a full disk or a failed write raise OSError
    (its errno intact for ``german_os_error``; ``UnwritableFile`` for a device or folder)
    and leave an earlier file as it was. Needs a QGuiApplication (offscreen is fine).
    """
    target = Path(path)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    layout = a4_printer()
    writer = QPdfWriter(buffer)
    writer.setResolution(layout.resolution())
    writer.setPageLayout(layout.pageLayout())
    writer.setTitle(f"Regelfrisch – {loaded.game.title}")
    writer.setCreator("Regelfrisch")
    # render_sheet ends its painter, which writes the PDF's last bytes into ``buffer``.
    pages = render_sheet(loaded, writer, marked_ids).pages
    buffer.close()
    write_atomically(target, bytes(buffer.data()))
    return pages


def print_sheet(loaded: LoadedGame, parent=None,
                marked_ids: Collection[str] = frozenset()) -> int:
    """Show the print preview; printing (or „Als PDF“ in the print dialog) goes from there."""
    from PySide6.QtPrintSupport import QPrintPreviewDialog
    from PySide6.QtWidgets import QLabel

    printer = a4_printer()
    printer.setDocName(f"Regelfrisch – {loaded.game.title}")
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(f"Spickzettel drucken – {loaded.game.title}")
    # Qt's own toolbar is laid out for plain fields; the app's roomy field padding would
    # cut its zoom and page boxes in half.
    dialog.setStyleSheet(PREVIEW_SHEET)

    dialog.paintRequested.connect(lambda target: render_sheet(loaded, target, marked_ids))
    warning = sheet_warning(loaded, printer, marked_ids)
    if warning:
        note = QLabel(warning, dialog)
        note.setObjectName("sheetWarning")
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setContentsMargins(8, 6, 8, 6)
        dialog.layout().insertWidget(0, note)
    return dialog.exec()


def sheet_warning(loaded: LoadedGame, printer: QPrinter,
                  marked_ids: Collection[str] = frozenset()) -> str:
    """What the preview tells a player about the fit: nothing when everything is there."""
    _doc, _footer, plan, _geometry = _layout(loaded, printer, marked_ids)
    if plan.pages > 1:
        return (f"Passt nicht auf eine Seite: Schritte und Zahlen von {loaded.game.title} "
                f"allein brauchen {plan.pages} Seiten.")
    marked_out = [pid for pid in pitfall_order(loaded, marked_ids)
                  if pid in marked_ids and pid not in plan.pitfall_ids]
    if marked_out:
        count = ("einer fehlt auf dem Blatt und steht" if len(marked_out) == 1
                 else f"{len(marked_out)} fehlen auf dem Blatt und stehen")
        return (f"Nicht alle markierten Punkte aus „Leicht vergessen“ passen auf die Seite: "
                f"{count} nur in der App.")
    return ""


def save_sheet_pdf(loaded: LoadedGame, parent=None,
                   marked_ids: Collection[str] = frozenset()) -> Path | None:
    """Ask where to save, then write the PDF; returns the path or None if cancelled."""
    from PySide6.QtWidgets import QFileDialog

    suggested = str(Path.home() / f"{loaded.id}-spickzettel.pdf")
    name, _ = QFileDialog.getSaveFileName(parent, "Spickzettel als PDF speichern", suggested,
                                          "PDF-Dateien (*.pdf)")
    if not name:
        return None
    path = Path(name if name.lower().endswith(".pdf") else f"{name}.pdf")
    write_sheet_pdf(loaded, path, marked_ids)
    return path


def pdf_not_saved(target: Path, exc: OSError) -> str:
    """What a player reads when the sheet could not be written (German, never errno text)."""
    return (f"Der Spickzettel „{target}“ wurde nicht gespeichert ({german_os_error(exc)}); "
            "eine frühere Datei bleibt unverändert.")


def export_pdf(library: Library, game_id: str | None, path: Path | str,
               marked_ids: Collection[str] = frozenset(), out: TextIO | None = None,
               err: TextIO | None = None) -> int:
    """``regelfrisch --pdf DATEI [--game SPIEL]``: write the sheet, say so; the exit code.

    Without ``game_id`` the first loaded game (Atlantis) is used. 0 on success, 1 if the
    game is unknown or failed to load, or the file cannot be written (said on ``err``,
    else on ``out`` if given, else on stderr).
    """
    err = err or out or sys.stderr
    out = out or sys.stdout
    if not library.games:
        print("Kein Spiel ließ sich laden – es gibt nichts zu drucken.", file=err)
        return 1
    loaded = library.game(game_id) if game_id else library.games[0]
    if loaded is None:
        known = ", ".join(g.id for g in library.games)
        print(f"Das Spiel „{game_id}“ gibt es nicht (oder es ist fehlerhaft). "
              f"Verfügbar: {known}.", file=err)
        return 1
    target = Path(path)
    if not target.parent.is_dir():
        problem = "ist kein Ordner" if target.parent.exists() else "existiert nicht"
        print(f"Der Ordner „{target.parent}“ {problem}; das PDF wurde nicht gespeichert.",
              file=err)
        return 1
    try:
        pages = write_sheet_pdf(loaded, target, marked_ids)
    except OSError as exc:
        print(pdf_not_saved(target, exc), file=err)
        return 1
    note = "1 Seite" if pages == 1 else f"{pages} Seiten – passt nicht auf eine Seite"
    print(f"Spickzettel für {loaded.game.title} gespeichert: {target} ({note}).", file=out)
    return 0
