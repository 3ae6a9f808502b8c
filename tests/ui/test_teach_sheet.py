"""The Erklärzettel: the explanation's order with its key sentences on one A4 page."""

from __future__ import annotations

import html
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QLabel

from app.model.teaching import build_lesson
from app.rules.registry import GAMES
from app.ui.application import make_application
from app.ui.teach.presentation import fits
from app.ui.teach.sheet import key_sentence, teaching_html, teaching_image, write_teaching_pdf
from tests.conftest import REPO


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_sheet_is_one_page_in_the_order_of_the_explanation(qtbot, library, tmp_path,
                                                               game_id):
    make_application()
    loaded = library.game(game_id)
    lesson = build_lesson(loaded.game)
    out = tmp_path / "erklaeren.pdf"
    assert write_teaching_pdf(loaded, out, lesson) == 1
    assert out.read_bytes().startswith(b"%PDF")
    text = html.unescape(teaching_html(loaded, lesson))
    places = [text.index(f"{n}. {s.title}</b> – {key_sentence(s)}")
              for n, s in enumerate(lesson.screens, start=1)]
    assert places == sorted(places)
    assert f"≈ {lesson.minutes} Minuten" in text
    image = teaching_image(loaded, lesson, 40)
    assert image.width() > 0 and image.height() > image.width()


def test_key_sentences_are_the_contents_own_words(library):
    lesson = build_lesson(library.game("atlantis").game)
    pitfall = next(s for s in lesson.screens if s.ids == ("zweite-karte",))
    assert key_sentence(pitfall) == ("Eine weitere Karte kommt nur ins Spiel, wenn auf dem Ziel "
                                     "der vorigen Karte schon eine Figur steht – dann aber musst "
                                     "du sie spielen.")
    question = next(s for s in lesson.screens if s.question is not None)
    assert key_sentence(question).endswith(question.question.answer.rstrip())


def test_erklaerzettel_from_the_command_line(tmp_path):
    out = tmp_path / "erklaeren.pdf"
    result = subprocess.run([sys.executable, "-m", "app", "--erklaerzettel", str(out), "--game",
                             "atacama"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Erklärzettel für Atacama gespeichert" in result.stdout and out.is_file()
    from pypdf import PdfReader

    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Erklärzettel" in text and "Kanten prüfen" in text and "Erster Zug" in text
    bad = subprocess.run([sys.executable, "-m", "app", "--erklaerzettel", str(out), "--game",
                          "schach"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert bad.returncode == 2 and "schach" in bad.stderr


def test_fits_sees_a_cut_label(qtbot):
    make_application()
    window = QLabel()
    qtbot.addWidget(window)
    window.resize(400, 300)
    label = QLabel("ein sehr langer Satz, der in diese kleine Fläche nicht hineinpasst " * 3,
                   window)
    label.setWordWrap(True)
    label.setGeometry(0, 0, 120, 30)
    window.show()
    assert not fits(label, window)
    label.setGeometry(0, 0, 400, 300)
    assert fits(label, window)
