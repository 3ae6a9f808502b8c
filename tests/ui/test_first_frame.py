"""What waits for the first frame still comes: menus and keys, the boards' screen-reader
interfaces, the marks counts; and the progress marks need no FSRS."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.ui.application import create_main_window, make_application
from tests.conftest import REPO
from tests.ui.util import second_start


def _menu_entries(window) -> list[str]:
    return [a.text() for top in window.menuBar().actions() for a in top.menu().actions()
            if a.text()]


def test_menus_and_shortcuts_come_right_after_the_first_frame(qtbot, library):
    make_application()
    window = create_main_window(library, "atlantis", remember=False)
    qtbot.addWidget(window)
    # Before the first frame: the bar with its three menus (its final height), no entries yet.
    assert [a.text() for a in window.menuBar().actions()] == ["&Datei", "&Ansicht", "&Hilfe"]
    assert _menu_entries(window) == []
    ran = []
    window.after_first_frame(lambda: ran.append(window.content_painted))
    window.show()
    qtbot.waitUntil(lambda: window.content_painted)
    # Nobody asked for the actions: the window fills its menus by itself in the next turn.
    qtbot.waitUntil(lambda: len(_menu_entries(window)) > 20)
    assert "Beenden" in _menu_entries(window) and "Spiele verwalten …" in _menu_entries(window)
    assert ran == [True], "a job waiting for the first frame ran once, after it"
    # The keys work as a user presses them, on the focused page.
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_3,
                   Qt.KeyboardModifier.ControlModifier)
    assert window.state.section == window.sections()[2].key
    # The section names reached the Ctrl+1 … 9 entries made after the content.
    assert window.actions_by_name["section3"].text() == window.sections()[2].title
    # A job asked for after the first frame still runs (in the next turn).
    window.after_first_frame(lambda: ran.append("later"))
    qtbot.waitUntil(lambda: "later" in ran)


PROBE = """
import gc, json, sys
from PySide6.QtWidgets import QApplication
from app.__main__ import main
sys.argv = ["regelfrisch"]  # the everyday start, as the launcher makes it
main()
collecting_at_first_frame = gc.isenabled()
# Looked up, not imported: importing the board interfaces would make QAccessible here.
accessible = sys.modules.get("app.ui.boards.accessible")
at_first_frame = bool(accessible and accessible._installed)
# What the first frame needed: none of the full-load machinery (YAML, the schema, the engines).
heavy = sorted(m for m in sys.modules
               if m.split(".")[0] in ("yaml", "pydantic", "markdown", "fsrs", "rapidfuzz")
               or m.startswith(("app.rules.atlantis", "app.rules.atacama", "app.rules.survive",
                                "app.model.schema", "app.model.packs", "app.model.quality")))
# Pages are built ahead only in the idle time after the first frame (app/ui/page_builder.py).
window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "page_builder"))
pages_at_first_frame = (window.stack.count(), window.page_builder is not None)
# Qt types PySide made before the first frame (a type is in its module once made): not the
# file-saving one (nothing is written before it; the marks the page shows are read without
# the progress lock when there is nothing to tidy), not the screen reader's, not the menus',
# not the widget types the text-size style's polish hook made it try (app/ui/text_size.py).
import PySide6.QtCore as core, PySide6.QtGui as gui, PySide6.QtWidgets as widgets
later = {core: ("QSaveFile",),
         gui: ("QAccessible", "QAccessibleAnnouncementEvent", "QAction", "QKeySequence"),
         widgets: ("QMdiSubWindow", "QCalendarWidget", "QWizard", "QRhiWidget", "QStyle",
                   "QProxyStyle", "QPushButton", "QAbstractSpinBox")}
# Nor the modules that have nothing to do before the frame.
modules_made = sorted(m for m in ("app.ui.page_builder", "app.rules.contract",
                                  "app.ui.wheel_guard") if m in sys.modules)
types_made = sorted(n for module, names in later.items() for n in names if n in module.__dict__)
style_at_first_frame = hasattr(QApplication.instance(), "_regelfrisch_text_style")
QApplication.processEvents()
assert window.ready
collecting_after = [gc.isenabled(), gc.get_freeze_count() > 10000]
style_after = type(getattr(QApplication.instance(), "_regelfrisch_text_style", None)).__name__
import app.ui.boards.accessible as accessible
print(json.dumps({"at_first_frame": at_first_frame, "after": accessible._installed,
                  "types_before_first_frame": types_made + modules_made,
                  "text_style": [style_at_first_frame, style_after],
                  "fsrs": "fsrs" in sys.modules, "heavy_before_first_frame": heavy,
                  "pages_at_first_frame": pages_at_first_frame,
                  "garbage_collection": [collecting_at_first_frame, *collecting_after]}))
"""


def test_the_real_start_installs_the_board_interfaces_after_the_content(tmp_path):
    seen = second_start(tmp_path / "daten", PROBE)
    assert seen == {"at_first_frame": False, "after": True, "fsrs": False,
                    "heavy_before_first_frame": [], "pages_at_first_frame": [1, False],
                    "types_before_first_frame": [],
                    "text_style": [False, "TextSizeStyle"],
                    # Off for the start, on again after its first frame, what the start
                    # made set aside (app/__main__.py, application.collect_garbage_again).
                    "garbage_collection": [False, True, True]}, seen


def test_marks_are_read_without_fsrs_and_answers_still_schedule(tmp_path):
    code = f"""
import sys
from pathlib import Path
from app.model.progress import Grade, ProgressStore
store = ProgressStore.open(Path({str(tmp_path)!r}), "atlantis")
assert store.marked() == set()
assert "fsrs" not in sys.modules, "reading marks imports no FSRS"
store.record("q1", Grade.DID_NOT_KNOW, ["vergessen-1"])
again = ProgressStore.open(Path({str(tmp_path)!r}), "atlantis")
assert again.marked() == {{"vergessen-1"}} and again.due("q1") is not None
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


STYLE_PROBE = """
import json, sys
from types import SimpleNamespace
from PySide6.QtWidgets import QApplication, QWidget
from app.ui.application import run
from app.ui.text_size import ROLE_SCALES, TextSizeStyle
run(SimpleNamespace(check=None, screenshot=None, pdf=None, game=None, content=None))
app = QApplication.instance()
window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "page_builder"))

def roles():
    return sorted((w.objectName(), w.font().pointSizeF()) for w in window.findChildren(QWidget)
                  if w.objectName() in ROLE_SCALES)

at_first_frame = (isinstance(app._regelfrisch_text_style, TextSizeStyle)
                  if hasattr(app, "_regelfrisch_text_style") else False)
roles_before, image_before = roles(), window.grab().toImage()
QApplication.processEvents()
assert window.ready
after = isinstance(getattr(app, "_regelfrisch_text_style", None), TextSizeStyle)
print(json.dumps({"at_first_frame": at_first_frame, "after": after,
                  "same_sizes": roles_before == roles(), "roles": len(roles_before),
                  "sizes": sorted({size for _name, size in roles_before}),
                  "same_pixels": image_before == window.grab().toImage()}))
"""


@pytest.mark.parametrize(("theme", "font_pt"), [("hell", 11.0), ("dunkel", 15.0)])
def test_the_text_size_style_comes_after_the_first_frame_with_the_same_look(
        tmp_path, theme, font_pt):
    data = tmp_path / "daten"
    data.mkdir()
    (data / "einstellungen.ini").write_text(
        f"[General]\nlast_game=atlantis\nlast_section=turn\ntheme={theme}\nfont_pt={font_pt}\n",
        encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REGELFRISCH_DATA": str(data),
           "REGELFRISCH_EXIT_WHEN_SHOWN": "content"}
    env.pop("REGELFRISCH_CACHE", None)
    for _start in range(2):  # the second start opens from the snapshot
        result = subprocess.run([sys.executable, "-c", STYLE_PROBE], cwd=REPO, env=env,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    # The role sizes at this text size: H1 1.6×, H2 1.25×, a page pill 0.85× the body.
    wanted = {round(font_pt * 1.6, 1), round(font_pt * 1.25, 1), round(font_pt * 0.85, 1)}
    assert wanted <= set(seen["sizes"]), seen
    assert seen["roles"] > 10 and seen["at_first_frame"] is False and seen["after"] is True
    assert seen["same_sizes"] and seen["same_pixels"], seen


def test_the_notice_button_made_with_the_first_notice_is_tabbed_to_where_it_stands(
        qtbot, window):
    # The bar above the page makes its „Verstanden“ only when it first has something to say;
    # Tab still reaches it between the sections and the page, as the eye reads the window.
    assert window.notice_bar.close_button is None
    window.notice_bar.show_notice("Dein Fortschritt wurde gesichert.")
    button = window.notice_bar.close_button
    assert button is not None and button.isVisible()
    window.activateWindow()
    window.section_list.setFocus()
    qtbot.keyClick(window.section_list, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is button
    qtbot.keyClick(button, Qt.Key.Key_Tab)
    focus = QApplication.focusWidget()
    assert focus is not None and window.stack.isAncestorOf(focus), focus
    button.click()
    assert not window.notice_bar.isVisible()
