"""A malicious content pack: `--check` names every attack, the window and the PDF stay fast
and never read a file outside the content.

The files outside the pack that the attacks point at are FIFOs: anything that opened one for
reading would block there, so a run that finishes is a run that never touched them. The one
real image is only there to show that nothing gets embedded into the PDF.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.model.markup import MAX_NESTING, render_markdown, text_problems
from tests.conftest import REPO

NESTED_TABLES = "<table><tr><td>" * 20 + "tief" + "</td></tr></table>" * 20


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def make_hostile_pack(root: Path) -> dict[str, tuple[Path, int]]:
    """A game folder ``boese`` full of attacks; returns attack name → (file, line)."""
    outside = root.parent / "draussen"
    outside.mkdir()
    fifo = outside / "fifo"
    os.mkfifo(fifo)
    fifo_image = outside / "bild-fifo.png"
    os.mkfifo(fifo_image)
    fifo_css = outside / "stil.css"
    os.mkfifo(fifo_css)
    secret = outside / "geheim.png"
    from PySide6.QtGui import QColor, QImage

    image = QImage(40, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    image.save(str(secret))

    attacks = {
        "dev-zero": '<img src="/dev/zero"> Ein Spiel.',
        "fifo-image": f'<img src="{fifo_image}"> Wer zuletzt würfelte.',
        "nested-tables": NESTED_TABLES,
        "local-file-image": f'<img src="file://{secret}" width="400"> **1**',
        "markdown-image": f"Du würfelst ![Geheim]({secret}) genau einmal.",
        "page-ref": "<img src=/dev/zero>",
        "stylesheet": f'<link rel="stylesheet" href="{fifo_css}"> Ich würfle dreimal.',
        "file-link": "[Passwörter](file:///etc/passwd)",
        "fifo-in-quiz": f'![x]({fifo}) Ein Wurf pro Zug.',
    }
    game = root / "boese"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(f"""meta:
  title: Böses Spiel
  publisher: Testverlag
  players: "2–3"
  edition: Testausgabe
  booklet: Testheft
  booklet_pages: 4
  source_note: Nur für Tests.
summary: {_quote(attacks["dev-zero"])}
starts: {_quote(attacks["fifo-image"])}
steps:
  - id: schritt-1
    number: 1
    title: Würfeln
    text: {_quote(attacks["nested-tables"])}
    pages: [2]
numbers:
  - id: zahl-wuerfel
    label: Würfel
    value: {_quote(attacks["local-file-image"])}
    pages: [1]
pitfalls:
  - id: nur-einmal
    title: Nur einmal würfeln
    wrong: {_quote(attacks["stylesheet"])}
    right: {_quote(attacks["markdown-image"])}
    pages: [2, {_quote(attacks["page-ref"])}]
  - id: mehr
    title: Mehr lesen
    wrong: Das steht nirgends.
    right: {_quote(attacks["file-link"])}
    pages: [3]
""", encoding="utf-8")
    (game / "quiz.yaml").write_text(f"""quiz:
  - id: quiz-wuerfeln
    question: Wie oft würfelst du?
    answer: Einmal.
    explanation: {_quote(attacks["fifo-in-quiz"])}
    pages: [2]
    tests: [nur-einmal, zahl-wuerfel]
""", encoding="utf-8")
    where: dict[str, tuple[Path, int]] = {}
    for name, attack in attacks.items():
        for path in (game / "game.yaml", game / "quiz.yaml"):
            lines = path.read_text("utf-8").splitlines()
            found = [i + 1 for i, line in enumerate(lines) if _quote(attack) in line]
            if found:
                where[name] = (path, found[0])
    assert len(where) == len(attacks)
    return where


def test_check_names_every_attack_with_file_and_line(tmp_path):
    where = make_hostile_pack(tmp_path / "packs")
    result = subprocess.run([sys.executable, "-m", "app", "--check", str(tmp_path / "packs")],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "Alles in Ordnung" not in result.stdout
    lines = result.stdout.splitlines()
    for name, (path, line) in where.items():
        assert any(out.startswith(f"{path}:{line}: ") for out in lines), (name, result.stdout)
    assert all("Traceback" not in out for out in lines)


HOSTILE_RUN = """
import json, sys, time
from pathlib import Path

import app.model.markup as markup
# As if the pack had never been checked: the window and the PDF must be safe on their own.
markup.markup_problems = lambda *sources: []

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from app.model.loader import load_library
from app.ui.application import create_main_window, make_application, save_screenshots
from app.ui.print_sheet import export_pdf

root, out = Path(sys.argv[1]), Path(sys.argv[2])
make_application()
library = load_library(root)
assert [g.id for g in library.games] == ["boese"], library.problems
start = time.perf_counter()
pdf_code = export_pdf(library, "boese", out / "boese.pdf")
pdf_seconds = time.perf_counter() - start
start = time.perf_counter()
window = create_main_window(library, "boese", remember=False)
shots = save_screenshots(window, out / "png")
plain = [label.text() for label in window.findChildren(QLabel)
         if label.textFormat() == Qt.TextFormat.PlainText]
widths = [window.view_for(section.key).column.width() for section in window.sections()
          if hasattr(window.view_for(section.key), "column")]
# Search renders hits as rich text, and a jump marks the words in the section's labels.
from PySide6.QtWidgets import QApplication
from app.model.search import SearchIndex
from app.ui.search_dialog import SearchDialog
dialog = SearchDialog(SearchIndex.build(library), window)
dialog.show()
for query in ("img", "table", "Geheim", "dev zero", "stylesheet"):
    dialog.set_query(query)
    QApplication.processEvents()
    dialog.grab()
dialog.close()
window.jump_to_match("boese", "pitfalls", "nur-einmal", "img src")
QApplication.processEvents()
window.grab()
window_seconds = time.perf_counter() - start
rich = [label.text() for label in window.findChildren(QLabel)
        if label.textFormat() != Qt.TextFormat.PlainText]
print(json.dumps({"pdf_code": pdf_code, "pdf_seconds": pdf_seconds, "shots": len(shots),
                  "window_seconds": window_seconds, "rich": rich, "plain": plain,
                  "widths": widths}))
"""


@pytest.fixture(scope="module")
def hostile_run(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    make_hostile_pack(base / "packs")
    out = base / "out"
    out.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_DATA": str(base / "data")}
    # A FIFO that anything opened would hang here; the timeout turns that into a failure.
    result = subprocess.run([sys.executable, "-c", HOSTILE_RUN, str(base / "packs"), str(out)],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1]), out


def test_window_and_pdf_stay_fast_and_read_nothing_outside(hostile_run):
    report, _out = hostile_run
    assert report["pdf_code"] == 0
    assert report["pdf_seconds"] < 20
    assert report["window_seconds"] < 40
    assert report["shots"] >= 5
    # An endless „word“ of escaped markup wraps: no page grows wider than its column.
    assert report["widths"] and max(report["widths"]) <= 760


def test_no_content_markup_reaches_qt_rich_text(hostile_run):
    report, _out = hostile_run
    for text in report["rich"]:
        for tag in re.findall(r"<[^<>]*>", text):
            name = re.match(r"</?\s*([A-Za-z0-9]*)", tag).group(1).lower()
            assert name not in {"img", "table", "link", "a", "style", "object"}, text
            assert not re.search(r"\b(src|href|url)\b", tag, re.IGNORECASE), text
    # The attacks are shown, as text: the reader sees what the pack tried.
    assert any("&lt;img" in text for text in report["rich"])
    assert any("<img src=/dev/zero>" in text for text in report["plain"]), "page ref as text"


def test_the_pdf_embeds_no_image_and_shows_the_markup_as_text(hostile_run):
    from pypdf import PdfReader

    _report, out = hostile_run
    reader = PdfReader(out / "boese.pdf")
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        kinds = [xobjects[name].get_object().get("/Subtype") for name in xobjects]
        assert "/Image" not in kinds
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "img src" in text


@pytest.mark.parametrize("text", [
    "<b>fett</b>", "<img src=x>", "![a](b)", "[a](b)", "<http://x.example>", "<!-- x -->",
])
def test_every_kind_of_markup_is_named(text):
    assert list(text_problems(text)), text


@pytest.mark.parametrize("text", [
    "**fett** und *kursiv*", "- eins\n- zwei", "a < b und c > d", "Wert 3 [nicht 4]",
    "`code`", "1. erst\n2. dann",
])
def test_ordinary_markdown_is_fine(text):
    assert list(text_problems(text)) == [], text


def test_nesting_is_capped():
    deep = "\n".join("  " * i + "- Ebene" for i in range(40))
    html = render_markdown(deep)
    assert html.count("<ul>") <= MAX_NESTING
    assert html.count("Ebene") == 40, "the words stay"
    assert any("verschachtelt" in message for _, message in text_problems(deep))
    quotes = "> " * 200 + "tief"
    assert render_markdown(quotes).count("<blockquote>") <= MAX_NESTING


def test_a_long_text_is_cut_and_named():
    long = "Wort " * 3000
    assert len(render_markdown(long)) < 6000
    assert any("zu lang" in message for _, message in text_problems(long))



PATHOLOGICAL = {"brackets": "[" * 5000, "images": "![" * 2500, "links": "[a](" * 1250,
                "quotes": ">" * 5000, "list-lines": "- \n" * 1600, "emphasis": "*_" * 2500,
                "angles": "<a " * 1600, "long-tag": "<a" + "b" * 5000}


def test_pathological_texts_render_and_check_quickly():
    import time

    start = time.perf_counter()
    for text in PATHOLOGICAL.values():
        render_markdown(text)
        list(text_problems(text))
    # Before the limits, the brackets alone took about nine seconds.
    assert time.perf_counter() - start < 2.0


_NOT_SHOWN = {"id", "colour", "accent", "code", "tests", "position", "action", "expect",
              "language", "pitfall", "kind", "part", "show", "moves", "ask", "variant"}
MARKER = "<i>ROH</i>"


def _mark_every_text(data, key=None):
    if key in _NOT_SHOWN:  # engine input (a quiz question's position and facts) is not shown
        return data
    if isinstance(data, str):
        return data + " " + MARKER
    if isinstance(data, dict):
        return {k: _mark_every_text(v, k) for k, v in data.items()}
    if isinstance(data, list):
        return [_mark_every_text(v, key) for v in data]
    return data


@pytest.mark.parametrize("game", ["atlantis", "atacama", "survive"])
def test_no_text_field_of_a_game_reaches_a_label_as_markup(qtbot, tmp_path, monkeypatch, game):
    import yaml
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from app.model import loader
    from app.model.paths import content_root
    from app.ui.application import create_main_window, make_application

    folder = tmp_path / game
    folder.mkdir()
    for name in ("game.yaml", "quiz.yaml"):
        data = yaml.safe_load((content_root() / game / name).read_text("utf-8"))
        (folder / name).write_text(yaml.safe_dump(_mark_every_text(data), allow_unicode=True),
                                   "utf-8")
    from app.model import markup

    assert markup.markup_problems  # the check itself would name every one of them
    monkeypatch.setattr(markup, "markup_problems", lambda *sources: [])
    library = loader.load_library(tmp_path)
    assert [g.id for g in library.games] == [game], library.problems
    make_application()
    window = create_main_window(library, game, remember=False)
    qtbot.addWidget(window)
    window.show()
    shown = 0
    for section in window.sections():
        window.view_for(section.key)
        for label in window.findChildren(QLabel):
            text = label.text()
            if label.textFormat() == Qt.TextFormat.PlainText:
                shown += MARKER in text
            else:
                assert MARKER not in text, (section.key, label.objectName(), text[:200])
                shown += "&lt;i&gt;ROH&lt;/i&gt;" in text
    assert shown > 10, "the marked texts are on screen, as text"
    # The explanation for the table shows them as text too, screen by screen.
    from app.ui.teach.presentation import open_teaching

    presentation = open_teaching(library.game(game), window, screens=[], size=window.size())
    qtbot.addWidget(presentation)
    shown = 0
    for _screen in range(120):
        presentation.next()
        for label in presentation.findChildren(QLabel):
            text = label.text()
            if label.textFormat() == Qt.TextFormat.PlainText:
                shown += MARKER in text
            else:
                assert MARKER not in text, (presentation.screen.title, text[:200])
                shown += "&lt;i&gt;ROH&lt;/i&gt;" in text
    assert shown > 10 and presentation.screen.first_move
