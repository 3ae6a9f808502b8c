"""The „Erklärzettel“: the explanation's order on one A4 page, with each screen's key
sentence, for those who prefer paper. Laid out and written with the refresher sheet's
machinery (:mod:`app.ui.print_sheet`): same page, fonts, footer and safe writing."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QIODevice, QSaveFile
from PySide6.QtGui import QColor, QImage, QPainter, QPdfWriter

from app.model.loader import LoadedGame
from app.model.teaching import PART_TITLES, Lesson, Screen, build_lesson, plain
from app.ui import print_sheet as sheet

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9„])")


def key_sentence(screen: Screen) -> str:
    """The one sentence that carries a screen (plain text)."""
    if screen.question is not None:
        return f"{plain(screen.question.question)} – {plain(screen.question.answer)}"
    if screen.first_move:
        return ("Eine echte Partie für die Runde: die erste Person spielt ihren Zug und "
                "erklärt ihn dabei.")
    sentences = []
    for block in screen.blocks:
        if block.kind == "number":
            sentences.append(f"{block.title}: {plain(block.text)}")
        else:
            # A summary paragraph says what and how in two sentences; a rule in one.
            keep = 2 if block.kind == "summary" else 1
            sentences.append(" ".join(_SENTENCE.split(plain(block.text))[:keep]))
    return " · ".join(sentences[:3])


def teaching_html(loaded: LoadedGame, lesson: Lesson, font_pt: float = 10.0) -> str:
    z = sheet._Sizes(font_pt)
    c = sheet.C
    parts = [sheet._title_line(loaded, z),
             f'<p style="margin-top:{z.half}px; color:{c.muted}"><b>Erklärzettel</b> · '
             f"≈ {lesson.minutes} Minuten · {len(lesson.screens)} Schritte</p>"]
    current = None
    for number, screen in enumerate(lesson.screens, start=1):
        if screen.part != current:
            current = screen.part
            parts.append(sheet._heading(PART_TITLES[current], z))
        title = sheet._esc(screen.title)
        words = sheet._esc(key_sentence(screen))
        parts.append(f'<p style="margin:0 0 {z.half}px 0"><b>{number}. {title}</b> – '
                     f"{words}</p>")
    body = "".join(parts)
    return (f'<html><body style="font-size:{font_pt:.1f}pt; color:{c.text}">{body}'
            "</body></html>")


def _fitted(loaded: LoadedGame, lesson: Lesson, device) -> tuple:
    width, full_height = float(device.width()), float(device.height())
    footer = sheet._document(sheet.footer_html(loaded), device, width, None)
    gap = sheet.FOOTER_GAP_PT * device.resolution() / 72
    footer_height = footer.documentLayout().documentSize().height()
    body_height = full_height - footer_height - 2 * gap
    for font_pt in sheet.FONT_SIZES:
        doc = sheet._document(teaching_html(loaded, lesson, font_pt), device, width, body_height)
        if sheet._fits(doc, body_height):
            break
    return doc, footer, (width, full_height, body_height, footer_height, gap)


def teaching_image(loaded: LoadedGame, lesson: Lesson, dpi: int = 110) -> QImage:
    """The page as the PDF shows it (for a quick look and the README)."""
    printer = sheet.a4_printer()
    doc, footer, geometry = _fitted(loaded, lesson, printer)
    resolution = printer.resolution()
    scale = dpi / resolution
    full = printer.pageLayout().fullRectPixels(resolution)
    paint = printer.pageLayout().paintRectPixels(resolution)
    image = QImage(round(full.width() * scale), round(full.height() * scale),
                   QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    painter.translate(paint.left(), paint.top())
    sheet._paint_page(painter, 0, doc, footer, geometry, resolution)
    painter.end()
    return image


def write_teaching_pdf(loaded: LoadedGame, path: Path | str, lesson: Lesson | None = None
                       ) -> int:
    """Write the Erklärzettel as an A4 PDF; the number of pages (1 unless it overflows)."""
    lesson = lesson or build_lesson(loaded.game,
                                    None if loaded.own_pack else "auto")
    target = Path(path)
    if target.exists() and not target.is_file():
        raise OSError(f"„{target}“ ist keine gewöhnliche Datei – dort wird kein PDF gespeichert.")
    save = QSaveFile(str(target))
    if not save.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(f"„{target}“ lässt sich nicht zum Schreiben öffnen (Meldung des Systems: "
                      f"{save.errorString()}).")
    try:
        layout = sheet.a4_printer()
        writer = QPdfWriter(save)
        writer.setResolution(layout.resolution())
        writer.setPageLayout(layout.pageLayout())
        writer.setTitle(f"Regelfrisch – Erklärzettel {loaded.game.title}")
        writer.setCreator("Regelfrisch")
        doc, footer, geometry = _fitted(loaded, lesson, writer)
        painter = QPainter(writer)
        try:
            for page in range(doc.pageCount()):
                if page and not writer.newPage():
                    break
                sheet._paint_page(painter, page, doc, footer, geometry, writer.resolution())
        finally:
            painter.end()
        pages = doc.pageCount()
    except BaseException:
        save.cancelWriting()
        raise
    if not save.commit():
        raise OSError(f"Das PDF „{target}“ ließ sich nicht vollständig schreiben (Meldung des "
                      f"Systems: {save.errorString()}).")
    return pages


def export_teaching_pdf(library, game_id: str | None, path: Path | str, out=None, err=None
                        ) -> int:
    """``regelfrisch --erklaerzettel DATEI [--game SPIEL]``: write it, say so; the exit code."""
    import sys

    err = err or sys.stderr
    out = out or sys.stdout
    loaded = library.game(game_id) if game_id else (library.games[0] if library.games else None)
    if loaded is None:
        known = ", ".join(g.id for g in library.games) or "keine"
        print(f"Das Spiel „{game_id}“ gibt es nicht (oder es ist fehlerhaft). Verfügbar: "
              f"{known}.", file=err)
        return 1
    target = Path(path)
    if not target.parent.is_dir():
        print(f"Den Ordner „{target.parent}“ gibt es nicht; das PDF wurde nicht gespeichert.",
              file=err)
        return 1
    try:
        pages = write_teaching_pdf(loaded, target)
    except OSError as exc:
        print(str(exc), file=err)
        return 1
    note = "1 Seite" if pages == 1 else f"{pages} Seiten – passt nicht auf eine Seite"
    print(f"Erklärzettel für {loaded.game.title} gespeichert: {target} ({note}).", file=out)
    return 0
