"""Qt's own dialogs speak German: message box buttons, the file dialog, the print preview."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QFileDialog,
    QLabel,
    QMessageBox,
    QToolButton,
)

from app.model.progress import Grade
from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from tests.ui.util import plain

ENGLISH = re.compile(r"\b(Yes|No|Cancel|OK|Save|Open|Look in|File name|Files of type|Close|"
                     r"Print|Page|Setup|Fit width|Fit page|Zoom in|Zoom out|Portrait|"
                     r"Landscape|Directory|Detail View|List View)\b")


def dialog_texts(dialog) -> list[str]:
    texts = [plain(w.text()) for w in dialog.findChildren(QLabel) + dialog.findChildren(
        QAbstractButton) if w.isVisible() and w.text()]
    texts += [w.toolTip() for w in dialog.findChildren(QToolButton) if w.toolTip()]
    texts += [a.text() for w in dialog.findChildren(QToolButton) for a in w.actions()]
    return [t.replace("&", "") for t in texts]


def english_words(texts: list[str]) -> list[str]:
    return [t for t in texts if ENGLISH.search(t)]


def test_reset_progress_asks_with_german_buttons(qtbot, library, tmp_path):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    view = window.view_for("quiz")
    view.start_round(1)
    view.reveal()
    view.grade(Grade.DID_NOT_KNOW)
    view.show_start()
    reset = next(b for b in view.card.findChildren(QAbstractButton)
                 if b.text() == "Fortschritt zurücksetzen")
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.extend(b.text().replace("&", "") for b in box.buttons())
        seen.extend(english_words(dialog_texts(box)))
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
    assert "Ja" in seen and "Abbrechen" in seen
    assert "Yes" not in seen and "Cancel" not in seen
    assert window.services.progress.store("atlantis").answers, "Abbrechen keeps the progress"


def _dialog_texts_of(qtbot, library, tmp_path, action: str, kind: type) -> list[str]:
    """Every text of the modal dialog the window's ``action`` opens (closed again)."""
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    found: dict[str, list[str]] = {}

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, kind)
        found["texts"] = dialog_texts(dialog)
        dialog.reject()

    QTimer.singleShot(50, look)
    window.actions_by_name[action].trigger()
    return found["texts"]


def test_save_dialog_is_german(qtbot, library, tmp_path):
    texts = _dialog_texts_of(qtbot, library, tmp_path, "pdf", QFileDialog)
    assert any("Dateiname" in t for t in texts), texts
    assert any("Suchen in" in t for t in texts), texts
    assert english_words(texts) == []


def test_print_preview_is_german(qtbot, library, tmp_path):
    texts = _dialog_texts_of(qtbot, library, tmp_path, "print", QDialog)
    assert texts and english_words(texts) == [], english_words(texts)
    assert any("Drucken" in t for t in texts)


def test_print_preview_boxes_show_their_whole_text(qtbot, library, tmp_path):
    from PySide6.QtWidgets import QComboBox, QLineEdit, QStyle, QStyleOptionFrame

    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.theme.set_font_pt(14)
    window.show()
    found: list[str] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        dialog.grab().save(str(tmp_path / "preview.png"))
        for field in dialog.findChildren(QLineEdit):
            if not field.isVisible() or not field.text():
                continue
            metrics = field.fontMetrics()
            option = QStyleOptionFrame()
            field.initStyleOption(option)
            # Where the text is drawn once the style sheet's padding is taken off.
            room = field.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option,
                                                field)
            if room.height() < metrics.height() or \
                    room.width() < metrics.horizontalAdvance(field.text()):
                found.append(f"{field.text()}: {room.width()}×{room.height()}, "
                             f"Text {metrics.horizontalAdvance(field.text())}×{metrics.height()}")
        found.append("zoom" if dialog.findChildren(QComboBox) else "no zoom box")
        dialog.reject()

    QTimer.singleShot(50, look)
    window.actions_by_name["print"].trigger()
    assert found == ["zoom"], found


def test_wording_fixes(qtbot, library, tmp_path):
    from PySide6.QtWidgets import QPushButton

    make_application()
    window = create_main_window(library, "survive", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    quiz = window.view_for("quiz")
    text = plain(" ".join(label.text() for label in quiz.findChildren(QLabel)))
    assert "Atlantis!." not in text and "Atlantis!" in text
    assert "oben" not in text, "there is no „oben“ the lead could point at"
    assert "Regeln zum Nachlesen markiert" in text, "says what the number counts"
    calculators = window.view_for("calculators")
    assert "Rechner" in calculators.title, "sidebar and page title agree"
    window.state.select_game("atlantis")
    source = plain(" ".join(lb.text() for lb in window.view_for("source").findChildren(QLabel)))
    assert "deutsch), 6 Seiten" in source and ") (6 Seiten)" not in source
    undo_labels = set()
    for game in ("atlantis", "atacama", "survive"):
        window.state.select_game(game)
        board = window.view_for("board")
        undo_labels |= {b.text().strip("↶↷ ") for b in board.findChildren(QPushButton)
                        if b.text().strip("↶↷ ") in ("Rückgängig", "Wiederherstellen", "Zurück",
                                                     "Wieder")}
    assert undo_labels == {"Rückgängig", "Wiederherstellen"}


def test_quiz_summary_says_round_over_not_geschafft(qtbot, library, tmp_path):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.show()
    view = window.view_for("quiz")
    view.start_round(1)
    view.reveal()
    view.grade(Grade.DID_NOT_KNOW)
    text = plain(" ".join(label.text() for label in view.card.findChildren(QLabel)))
    assert "Runde beendet: 0 von 1 gewusst." in text and "Geschafft" not in text
