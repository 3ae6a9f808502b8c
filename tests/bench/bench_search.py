"""Search per keystroke over all shipped content, against a plain lower-case scan of the same texts.

Two figures per query set: ``index.search`` alone, and the whole keystroke in the dialog
(search, model reset, painting the visible rows offscreen). The baselines, measured in
the same run, are a ``str.lower() in`` scan over the same entries, and for the dialog
that scan feeding a plain QListWidget that repaints as well.
"""

from __future__ import annotations

import ctypes
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 16.0
REPEATS = 7
TYPED = ["brücke ohne lücke", "luecke", "karten kaufen", "helm", "figur festland", "xylophon"]


def _prefixes(text: str) -> list[str]:
    return [text[:n] for n in range(1, len(text) + 1)]


def _median_ms(action, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _per_keystroke(action) -> list[float]:
    return [_median_ms(lambda q=q: action(q)) for text in TYPED for q in _prefixes(text)]


def _line(name: str, ours: list[float], base: list[float], base_name: str) -> str:
    median, worst = statistics.median(ours), max(ours)
    ratio = median / statistics.median(base)
    verdict = "ok" if worst <= TARGET_MS else "ZU LANGSAM"
    return (f"{name}: Median {median:.3f} ms, Max {worst:.3f} ms pro Tastendruck "
            f"(Ziel ≤ {TARGET_MS:.0f} ms) – {verdict}; {ratio:.1f}× {base_name} "
            f"({statistics.median(base):.3f} ms)")


def _keep_none_alive() -> None:
    """PySide6 6.12 on Python 3.11 drops a reference to None on every void call.

    Python 3.12 made None immortal, so there it does not matter; on 3.11 the thousands of
    calls this benchmark makes would free None and abort. Give None the huge reference
    count 3.12 gives it, so the benchmark measures speed instead of crashing.
    """
    if sys.version_info < (3, 12):
        ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40


def run() -> list[str]:
    _keep_none_alive()
    from PySide6.QtWidgets import QApplication, QListWidget

    from app.model.loader import load_library
    from app.model.paths import content_root
    from app.model.search import SearchIndex
    from app.ui.search_dialog import RESULT_LIMIT, SearchDialog

    app = QApplication.instance() or QApplication([])
    library = load_library(content_root())
    build_ms = _median_ms(lambda: SearchIndex.build(library), 5)
    index = SearchIndex.build(library)
    lowered = [f"{e.label} {e.text}".lower() for e in index.entries]

    def scan(query: str) -> list[str]:
        words = query.lower().split()
        return [t for t in lowered if all(w in t for w in words)][:RESULT_LIMIT] if words else []

    search_ms = _per_keystroke(lambda q: index.search(q, RESULT_LIMIT + 1, game_id="atlantis"))
    scan_ms = _per_keystroke(scan)

    dialog = SearchDialog(index, game_id="atlantis")
    dialog.show()
    plain = QListWidget()
    plain.resize(dialog.results.size())
    plain.show()
    app.processEvents()

    def dialog_keystroke(query: str) -> None:
        # Repeating a text would not fire textChanged; run exactly what one keystroke runs.
        dialog.field.blockSignals(True)
        dialog.field.setText(query)
        dialog.field.blockSignals(False)
        dialog.update_results(query)
        dialog.results.viewport().repaint()

    def plain_keystroke(query: str) -> None:
        plain.clear()
        plain.addItems([text[:120] for text in scan(query)])
        plain.viewport().repaint()

    dialog_ms = _per_keystroke(dialog_keystroke)
    plain_ms = _per_keystroke(plain_keystroke)
    dialog.close()
    plain.close()

    keystrokes = sum(len(t) for t in TYPED)
    return [
        f"Inhalt: {len(library.games)} Spiele, {len(index)} Einträge; Index bauen "
        f"{build_ms:.1f} ms; {keystrokes} Tastendrücke aus {len(TYPED)} Suchen "
        f"(u. a. „{TYPED[0]}“ Zeichen für Zeichen)",
        _line("index.search", search_ms, scan_ms, "str.lower()-in-Scan"),
        _line("Tastendruck im Dialog (Suche + Liste + Zeichnen)", dialog_ms, plain_ms,
              "Scan + schlichte QListWidget"),
    ]


if __name__ == "__main__":
    print("\n".join(run()))
