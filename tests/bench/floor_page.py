"""The lowest start this page can have in PySide6: a hand-made copy with no app code.

Run by ``bench_startup`` as a script, started exactly like the app and the bare window:
``python floor_page.py SNAPSHOT_GAME_FILE STYLE_SHEET_FILE``. It reads the remembered game's
snapshot file (plain JSON, as the app does) and shows the "Dein Zug" page the way the app
lays it out in its first frame: menu bar, sidebar with title, game box and section list, a
scrolling column of step cards (number, title, page pill, text, and under a step the worked
example that tests it: its title, „geprüft“, its note, and the room its picture took last
time, from the memo beside the snapshot, ``rendered.json``), the status line; styled by the
app's own style sheet, already filled in. It leaves out everything else the app does
(settings, progress marks, icons, accessibility names, the section delegate, links and
Markdown), so it is a lower bound: no version of Regelfrisch that shows this page can start faster.

Imports only PySide6 and the standard library; prints ``bemalt <ns>`` after its frame.
"""

import json
import os
import re
import sys
import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

SECTIONS = ("In 30 Sekunden", "Dein Zug", "Die Zahlen", "Leicht vergessen", "Weißt du's noch?",
            "Rechner", "Spielbrett", "Auslegungen", "Quelle")


def example_panel(example: dict, result: list | None, room: list | None) -> QFrame:
    panel = QFrame()
    panel.setObjectName("ExamplePanel")
    lines = QVBoxLayout(panel)
    lines.setContentsMargins(0, 4, 0, 0)
    lines.setSpacing(6)
    head = QHBoxLayout()
    title = QLabel(f"Beispiel: {example['title']}")
    title.setObjectName("Muted")
    title.setWordWrap(True)
    head.addWidget(title, 1)
    if result and result[0]:
        badge = QLabel("geprüft")
        badge.setObjectName("CheckedBadge")
        head.addWidget(badge)
    lines.addLayout(head)
    picture, below = room or (0, 0)
    for height, where in ((picture, 1), (below, -1)):
        if height:
            blank = QWidget()
            blank.setFixedHeight(height)
            lines.insertWidget(where, blank)
    if example.get("note"):
        note = QLabel(example["note"])
        note.setObjectName("Body")
        note.setWordWrap(True)
        lines.insertWidget(lines.count() - (1 if below else 0), note)
    return panel


def main() -> None:
    game_file, sheet_file = sys.argv[1], sys.argv[2]
    app = QApplication(sys.argv[:1])
    with open(sheet_file, encoding="utf-8") as sheet:
        app.setStyleSheet(sheet.read())
    with open(game_file, encoding="utf-8") as data:
        snapshot = json.load(data)
    content = snapshot["game"]["content"]
    rooms = {}
    try:
        with open(os.path.join(os.path.dirname(game_file), "rendered.json"),
                  encoding="utf-8") as memo:
            for key, heights in json.load(memo).get("pictures", {}).items():
                game_id, example_id = key.split("\x1f")[:2]
                rooms[(game_id, example_id)] = heights
    except OSError:
        pass

    window = QMainWindow()
    for name in ("&Datei", "&Ansicht", "&Hilfe"):
        window.menuBar().addMenu(name)
    central = QWidget()
    columns = QHBoxLayout(central)
    columns.setContentsMargins(0, 0, 0, 0)
    columns.setSpacing(0)

    sidebar = QFrame()
    sidebar.setObjectName("Sidebar")
    sidebar.setFixedWidth(232)
    side = QVBoxLayout(sidebar)
    side.setContentsMargins(14, 18, 14, 14)
    for text, name in (("Regelfrisch", "AppTitle"),
                       ("Regeln auffrischen vor dem Spieleabend", "AppSubtitle")):
        label = QLabel(text)
        label.setObjectName(name)
        label.setWordWrap(True)
        side.addWidget(label)
    games = QComboBox()
    games.setObjectName("GameSwitcher")
    games.addItems([content["meta"]["title"], "Atacama", "Survive"])
    side.addWidget(games)
    sections = QListWidget()
    sections.setObjectName("SectionList")
    sections.addItems(SECTIONS)
    sections.setCurrentRow(1)
    side.addWidget(sections, 1)
    columns.addWidget(sidebar)

    stack = QStackedWidget()
    page = QScrollArea()
    page.setObjectName("Page")
    page.setWidgetResizable(True)
    column = QWidget()
    column.setObjectName("Column")
    lines = QVBoxLayout(column)
    lines.setContentsMargins(140, 24, 140, 24)
    lines.setSpacing(14)
    for text, name in (("Dein Zug", "H1"),
                       ("Die Schritte eines Zuges, in dieser Reihenfolge.", "Lead")):
        label = QLabel(text)
        label.setObjectName(name)
        lines.addWidget(label)
    for step in content["steps"]:
        card = QFrame()
        card.setObjectName("Card")
        row = QHBoxLayout(card)
        row.setSpacing(18)
        number = QLabel(str(step["number"]))
        number.setObjectName("StepNumber")
        number.setFixedWidth(44)
        number.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        row.addWidget(number)
        text = QVBoxLayout()
        head = QHBoxLayout()
        title = QLabel(f"<b>{step['title']}</b>")
        title.setObjectName("H2")
        head.addWidget(title, 1)
        pages = QLabel("S. " + ", ".join(str(p) for p in step["pages"]))
        pages.setObjectName("Pill")
        head.addWidget(pages)
        text.addLayout(head)
        body = QLabel(re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", step["text"]))
        body.setObjectName("Body")
        body.setWordWrap(True)
        text.addWidget(body)
        example = next((e for e in snapshot["game"]["examples"] if step["id"] in e["tests"]),
                       None)
        if example is not None:
            text.addWidget(example_panel(example, snapshot["examples"].get(example["id"]),
                                         rooms.get((snapshot["id"], example["id"]))))
        row.addLayout(text, 1)
        lines.addWidget(card)
    lines.addStretch(1)
    page.setWidget(column)
    stack.addWidget(page)
    columns.addWidget(stack, 1)
    window.setCentralWidget(central)
    status = QLabel(f"{content['meta']['title']} – Spielregel · Rechenbeispiele geprüft")
    window.statusBar().addWidget(status, 1)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    print(f"bemalt {time.monotonic_ns()}", flush=True)


if __name__ == "__main__":
    main()
