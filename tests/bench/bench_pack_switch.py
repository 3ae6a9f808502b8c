"""Switching to an own pack whose glossary is huge, against switching to a shipped game.

A pack's glossary once cost one regular expression per avoided word, applied to every text,
every time the player switched to the pack (the problems panel reviews it): 1,000 avoided
words froze the window for seconds. The target is the issue's: ≤ 150 ms per switch, whatever
the glossary holds. Also the inspection of the same pack as an archive (the import's work).
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 150.0
REPEATS = 5
WORDS = (1000, 11_000)  # 11,000 is about as many as a pack's glossary file can hold


def make_glossary_pack(root: Path, words: int, pack_id: str = "glossar-test") -> Path:
    """A pack of about 6 KiB of prose whose glossary avoids ``words`` words, none of which
    the prose uses (so the check must look at every word and find nothing)."""
    from app.model.packs import create_pack

    folder = create_pack(root, pack_id)
    rng = random.Random(words)
    avoided = sorted({"".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(9))
                      for _ in range(words)})
    (folder / "glossary.yaml").write_text(
        "address: du\nterms:\n  - term: Zweck\n    avoid: [" + ", ".join(avoided) + "]\n",
        "utf-8")
    sentence = "Du legst eine Karte offen auf den Tisch und ziehst danach genau eine nach. "
    items = "".join(
        f"  - id: frage-{n}\n    question: >-\n      {sentence * 2}Was gilt?\n"
        f"    answer: Die kurze Antwort.\n    explanation: >-\n      {sentence}\n"
        "    pages: []\n    tests: [vergessen-1]\n" for n in range(3, 30))
    quiz = folder / "quiz.yaml"
    quiz.write_text(quiz.read_text("utf-8") + "\n" + items, "utf-8")
    return folder


def make_largest_pack(root: Path) -> Path:
    """A pack whose quiz and glossary are as large as a pack file may be: the most YAML,
    texts and avoided words an archive can bring (the import's worst case)."""
    from app.model.packs import MAX_PACK_FILE_BYTES, create_pack

    folder = create_pack(root, "Groesstes Spiel")
    quiz = folder / "quiz.yaml"
    text = quiz.read_text("utf-8")
    item = ("  - id: f{n}\n    question: Was gilt?\n    answer: Ja.\n    explanation: So.\n"
            "    pages: []\n    tests: [vergessen-1]\n")
    n = 3
    while len(text.encode()) < MAX_PACK_FILE_BYTES - 200:
        text += item.format(n=n)
        n += 1
    quiz.write_text(text, "utf-8")
    glossary, i = "address: du\nterms:\n  - term: Zweck\n    avoid: [", 0
    while len(glossary) < MAX_PACK_FILE_BYTES - 100:
        glossary += f"w{i}, "
        i += 1
    (folder / "glossary.yaml").write_text(glossary + "x]\n", "utf-8")
    return folder


def _switch_ms(window, app, game_id: str, back: str) -> float:
    times = []
    for _ in range(REPEATS):
        window.state.select_game(back)
        app.processEvents()
        started = time.perf_counter()
        window.state.select_game(game_id)
        app.processEvents()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run() -> list[str]:
    from app.model.loader import load_library
    from app.model.packs import export_pack, inspect_archive, load_pack
    from app.model.paths import content_root
    from app.ui.application import create_main_window, make_application
    from app.ui.pack_actions import with_own_packs

    app = make_application()
    library = load_library(content_root())
    lines = []
    with tempfile.TemporaryDirectory() as data:
        os.environ["REGELFRISCH_DATA"] = data
        packs = Path(data) / "spiele"
        for words in WORDS:
            make_glossary_pack(packs, words, f"glossar-{words}")
        window = create_main_window(with_own_packs(library, Path(data)), "atlantis")
        window.show()
        app.processEvents()
        shipped = _switch_ms(window, app, "atacama", "atlantis")
        for words in WORDS:
            ours = _switch_ms(window, app, f"glossar-{words}", "atlantis")
            verdict = "ok" if ours <= TARGET_MS else "ZU LANGSAM"
            lines.append(f"Wechsel zu einem eigenen Spiel mit {words} gemiedenen Wörtern: "
                         f"{ours:.1f} ms (Ziel ≤ {TARGET_MS:.0f} ms) – {verdict}; "
                         f"{ours / shipped:.1f}× Wechsel zu Atacama ({shipped:.1f} ms)")
        window.close()
        for words in WORDS:
            folder = packs / f"glossar-{words}"
            archive = export_pack(load_pack(folder), Path(data) / f"g{words}.regelfrisch")
            with tempfile.TemporaryDirectory() as work:
                started = time.perf_counter()
                result = inspect_archive(archive, Path(work), {"atlantis"})
                spent = time.perf_counter() - started
            lines.append(f"Import-Prüfung des Archivs mit {words} gemiedenen Wörtern: "
                         f"{spent * 1000:.0f} ms (Ziel ≤ 2000 ms), "
                         f"{'sauber' if result.ok else 'abgelehnt'}")
        largest = make_largest_pack(Path(data) / "groesste")
        archive = export_pack(load_pack(largest), Path(data) / "groesste.regelfrisch")
        with tempfile.TemporaryDirectory() as work:
            started = time.perf_counter()
            result = inspect_archive(archive, Path(work), {"atlantis"})
            spent = time.perf_counter() - started
        load = os.getloadavg()[0]
        lines.append(f"Import-Prüfung des größten möglichen Archivs: {spent * 1000:.0f} ms "
                     f"(Ziel ≤ 2000 ms), {'sauber' if result.ok else 'abgelehnt'}; "
                     f"Systemlast {load:.1f} auf {os.cpu_count()} Kernen")
    return lines
