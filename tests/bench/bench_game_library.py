"""Spiele-Bibliothek: subscribing to a library of 200 packs over smart HTTP (127.0.0.1) and
opening the browser list; „Aktualisieren“ with nothing new; the window's largest pause while a
job runs. Baseline in the same run, where git is installed: ``git clone --no-local`` of the
same repository (the pack objects copied, as over a network) and ``git fetch`` with nothing new.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PACKS = 200
TARGET_SUBSCRIBE_S = 15.0  # cold: every pack gets the full import check once
TARGET_REFRESH_S = 1.0
TARGET_PAUSE_MS = 100.0


def _library(folder: Path) -> None:
    from tests.library_repos import commit_files, library_files, pack_files

    packs = {f"spiel-{n:03d}": pack_files(f"Spiel {n:03d}", author=f"Autor {n % 7}")
             for n in range(PACKS)}
    commit_files(folder, library_files(packs), "200 Spiele", when=1_700_000_000)
    packs["spiel-007"] = pack_files("Spiel 007", version="2")
    commit_files(folder, library_files(packs), "Spiel 007: Fassung 2", when=1_700_100_000)


def _seconds(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _git(*args: str, cwd: Path | None = None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def run() -> list[str]:
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    from app.model.game_library import read_library, sync
    from app.model.game_library_git import mirror_path, parse_source
    from app.ui.game_library_dialog import GameLibraryDialog
    from tests.library_repos import GitHttpServer

    class MemorySources:
        def __init__(self):
            self.items: list[str] = []

        def locations(self):
            return list(self.items)

        def set_locations(self, locations):
            self.items = list(locations)

    app = QApplication.instance() or QApplication([])
    work = Path(tempfile.mkdtemp(prefix="bench-bibliothek-"))
    lines = []
    try:
        repo = work / "bibliothek"
        _library(repo)
        with GitHttpServer({"bib": repo}) as server:
            source = parse_source(server.url("bib"))
            runs = []
            for attempt in range(3):
                data = work / f"daten-{attempt}"
                sources = MemorySources()

                def subscribe(data=data, sources=sources):
                    sync(source, data)
                    sources.set_locations([source.location])
                    dialog = GameLibraryDialog(data, data / "spiele", sources)
                    dialog.show()
                    while dialog.busy:
                        app.processEvents()
                    dialog.list.viewport().repaint()
                    assert dialog.model.rowCount() == PACKS
                    dialog.close()

                runs.append(_seconds(subscribe))
            subscribe_s = statistics.median(runs)
            data = work / "daten-0"
            refresh_runs = [_seconds(lambda: (sync(source, data), read_library(source, data)))
                            for _ in range(5)]
            refresh_s = statistics.median(refresh_runs)
            size_kib = sum(p.stat().st_size for p in mirror_path(data, source).rglob("*")
                           if p.is_file()) // 1024

            # The window while a fresh subscription is fetched and checked in its thread.
            fresh = work / "daten-pause"
            sources = MemorySources()
            sources.set_locations([source.location])
            dialog = GameLibraryDialog(fresh, fresh / "spiele", sources)
            dialog.show()
            while dialog.busy:
                app.processEvents()
            dialog.refresh()
            clock = QElapsedTimer()
            clock.start()
            gaps = []
            last = [0]

            def tick():
                now = clock.elapsed()
                gaps.append(now - last[0])
                last[0] = now

            timer = QTimer()
            timer.setInterval(10)
            timer.timeout.connect(tick)
            timer.start()
            while dialog.busy:
                app.processEvents()
            timer.stop()
            dialog.close()
            pause_ms = max(gaps) if gaps else 0.0

        lines.append(f"subscribe to {PACKS} packs over HTTP + open the list: "
                     f"{subscribe_s:.2f} s (target ≤ {TARGET_SUBSCRIBE_S:.0f} s; "
                     f"mirror {size_kib} KiB)")
        lines.append(f"aktualisieren, nothing new (fetch + list from the check cache): "
                     f"{refresh_s * 1000:.0f} ms (target ≤ {TARGET_REFRESH_S * 1000:.0f} ms)")
        lines.append(f"largest pause of the window while a subscription is fetched and checked: "
                     f"{pause_ms:.0f} ms (target ≤ {TARGET_PAUSE_MS:.0f} ms)")
        if shutil.which("git"):
            clone_runs, fetch_runs = [], []
            for attempt in range(3):
                target = work / f"git-{attempt}"
                clone_runs.append(_seconds(lambda t=target: _git("clone", "--quiet", "--bare",
                                                                 "--no-local", str(repo),
                                                                 str(t))))
            target = work / "git-0"
            for _ in range(5):
                fetch_runs.append(_seconds(lambda: _git("fetch", "--quiet", str(repo),
                                                        cwd=target)))
            clone_s, fetch_s = statistics.median(clone_runs), statistics.median(fetch_runs)
            lines.append(f"git clone --no-local of the same repository: {clone_s:.2f} s → "
                         f"subscribe + list = {subscribe_s / clone_s:.1f}× git clone")
            lines.append(f"git fetch with nothing new: {fetch_s * 1000:.0f} ms → "
                         f"aktualisieren = {refresh_s / fetch_s:.1f}× git fetch")
        else:
            lines.append("git is not installed: no ratio against git clone")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return lines
