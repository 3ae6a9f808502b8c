"""Command line of ``regelfrisch`` / ``python -m app``: parse arguments, then hand over.

Heavy imports (Qt, pydantic) happen inside the branch that needs them, so
``--check`` stays quick and the window appears as early as possible.

Exit codes: 0 done, 1 the job failed (content problems, a file that could not be
written), 2 the command line itself is wrong (said in German on stderr).
"""

from __future__ import annotations

import sys
from pathlib import Path

USAGE_ERROR = 2

# argparse's own wording for the mistakes a person makes most, in German.
_ARGPARSE_GERMAN = (
    ("unrecognized arguments:", "unbekannte Angaben:"),
    ("expected one argument", "braucht einen Wert"),
    ("argument ", "Angabe "),
    ("the following arguments are required:", "es fehlt:"),
)


def usage_error(message: str):
    """Say what is wrong with the command line and stop with exit code 2."""
    print(f"regelfrisch: Fehler: {message}", file=sys.stderr)
    print("Hilfe: regelfrisch --help", file=sys.stderr)
    raise SystemExit(USAGE_ERROR)


def build_parser():
    import argparse

    class GermanParser(argparse.ArgumentParser):
        def error(self, message: str):
            for english, german in _ARGPARSE_GERMAN:
                message = message.replace(english, german)
            usage_error(message)

    class GermanHelp(argparse.HelpFormatter):
        def add_usage(self, usage, actions, groups, prefix=None):
            super().add_usage(usage, actions, groups, prefix="Aufruf: ")

    parser = GermanParser(
        prog="regelfrisch",
        description="Brettspielregeln auffrischen – vor dem Spieleabend, in zehn Minuten.",
        formatter_class=GermanHelp,
        add_help=False,
    )
    parser._optionals.title = "Optionen"  # argparse names the group in English otherwise
    parser.add_argument("-h", "--help", action="help", help="diese Hilfe zeigen und beenden")
    parser.add_argument("--check", nargs="?", const="", metavar="ORDNER",
                        help="Inhalte prüfen (Standard: die mitgelieferten) und Probleme als "
                             "datei:zeile: meldung ausgeben")
    parser.add_argument("--screenshot", metavar="ORDNER",
                        help="jeden Abschnitt als PNG in ORDNER speichern")
    parser.add_argument("--pdf", metavar="DATEI", help="Spickzettel als einseitiges PDF speichern")
    parser.add_argument("--erklaerzettel", metavar="DATEI",
                        help="Erklärzettel (Reihenfolge des Erklärens) als einseitiges PDF "
                             "speichern")
    parser.add_argument("--game", metavar="SPIEL", help="Spiel, z. B. atlantis")
    parser.add_argument("--content", metavar="ORDNER", help="anderer Inhaltsordner (zum Testen)")
    parser.add_argument("--anki", metavar="DATEI",
                        help="das Quiz eines Spiels (--game) als Anki-Stapel (.apkg) speichern")
    parser.add_argument("--neu", nargs="+", metavar=("NAME", "ORDNER"),
                        help="ein eigenes Spiel aus der Vorlage anlegen (Standard: im Ordner "
                             "„spiele“ deiner Daten)")
    parser.add_argument("--bibliothek", nargs="+", metavar=("BEFEHL", "ANGABE"),
                        help="Spiele-Bibliothek (geteilte Spiele über git): hinzufuegen "
                             "URL|ORDNER, entfernen, aktualisieren, liste, installieren ID, "
                             "uebernehmen ID KOPIE, neu ORDNER, pruefen ORDNER")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Regelfrisch ins Anwendungsmenü eintragen (nur für dich)")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="den Menüeintrag wieder entfernen")
    return parser


def check_arguments(args) -> None:
    """Catch what would otherwise start the wrong job or fail deep inside it."""
    if args.pdf is not None and not args.pdf.strip():
        usage_error("--pdf braucht einen Dateinamen, z. B. --pdf spickzettel.pdf")
    if args.erklaerzettel is not None and not args.erklaerzettel.strip():
        usage_error("--erklaerzettel braucht einen Dateinamen, z. B. --erklaerzettel "
                    "erklaeren.pdf")
    if args.screenshot is not None and not args.screenshot.strip():
        usage_error("--screenshot braucht einen Ordner, z. B. --screenshot bilder")
    if args.content is not None:
        if not args.content.strip():
            usage_error("--content braucht einen Ordner.")
        if not Path(args.content).is_dir():
            usage_error(f"Den Inhaltsordner „{args.content}“ gibt es nicht.")
    if args.game is not None:
        from app.model.paths import content_root

        root = Path(args.content) if args.content else content_root()
        try:
            known = sorted(p.name for p in root.iterdir()
                           if p.is_dir() and not p.name.startswith((".", "_")))
        except OSError:
            known = []
        if args.game not in known and args.content is None:
            known += _own_pack_ids()
        if args.game not in known:
            listed = ", ".join(known) if known else "keine"
            usage_error(f"Das Spiel „{args.game}“ gibt es nicht. Verfügbar: {listed}.")


def _own_pack_ids() -> list[str]:
    # The player's own games count as known games too (regelfrisch --neu, or imported).
    from app.model.packs import packs_root
    from app.ui.progress_model import default_data_dir

    try:
        root = packs_root(default_data_dir())
        return sorted(p.name for p in root.iterdir() if p.is_dir())
    except OSError:
        return []


def _safe_streams() -> None:
    # A terminal that cannot show „ä“ gets a replacement character, not a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    _safe_streams()
    try:
        code = _main(argv)
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        # `regelfrisch --check | head -1`: the reader has gone; that is not an error of ours.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        # The everyday start: no options, so no argparse on the way to the first frame.
        # Nor the cyclic garbage collector: the start makes a few hundred thousand objects
        # (Qt's classes and enums, the first page) and frees almost none, yet each pass walks
        # them all (≈ 12 ms of a 240 ms start, python -m tests.bench startup). ``run`` turns
        # it on again right after the first frame.
        import gc

        gc.disable()
        from types import SimpleNamespace

        from app.ui.application import run

        return run(SimpleNamespace(check=None, screenshot=None, pdf=None, game=None,
                                   content=None, erklaerzettel=None))
    args = build_parser().parse_args(argv)
    check_arguments(args)
    if args.anki is not None:
        return export_anki(args)
    if args.neu is not None:
        from app.model.packs import run_new
        from app.ui.progress_model import default_data_dir

        return run_new(args.neu, default_data_dir(), sys.stdout)
    if args.bibliothek is not None:
        return run_library(args.bibliothek)
    if args.install_desktop or args.uninstall_desktop:
        from app.ui.desktop_entry import run as desktop_entry

        return desktop_entry(install_it=args.install_desktop)
    if args.check is not None:
        from app.model.check import run_check

        return run_check(Path(args.check) if args.check else None, sys.stdout)
    from app.ui.application import run

    return run(args)


def run_library(words: list[str]) -> int:
    """``--bibliothek BEFEHL …``; the sources live in the app's settings."""
    from app.model.game_library_cli import run
    from app.ui.game_library_sources import LibrarySources
    from app.ui.progress_model import default_data_dir

    sources = LibrarySources()  # first: it names the app, which the data folder's path uses
    return run(words, default_data_dir(), sources, sys.stdout, sys.stderr)


def export_anki(args) -> int:
    """``--anki OUT.apkg --game ID``: German messages; 2 for a wrong call, 1 if writing fails."""
    from app.model.anki_export import export_apkg
    from app.model.loader import load_game
    from app.model.paths import content_root
    from app.model.yaml_source import ContentError

    if not args.anki:
        print("--anki braucht einen Dateinamen, z. B. --anki atlantis.apkg", file=sys.stderr)
        return 2
    root = Path(args.content) if args.content else content_root()
    game_id = args.game or "atlantis"
    folder = root / game_id
    if not folder.is_dir() and not args.content:
        # One of the player's own games (regelfrisch --neu, or imported)?
        from app.model.packs import packs_root
        from app.ui.progress_model import default_data_dir

        folder = packs_root(default_data_dir()) / game_id
    if not folder.is_dir():
        print(f"Unbekanntes Spiel „{game_id}“ (kein Ordner in {root}).", file=sys.stderr)
        return 2
    try:
        game = load_game(folder, check=False).game
    except ContentError as exc:
        print(f"Das Spiel „{game_id}“ lässt sich nicht laden:", file=sys.stderr)
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    out = Path(args.anki)
    try:
        count = export_apkg(game, out)
    except OSError as exc:
        from app.model.safe_files import german_os_error

        print(f"Anki-Stapel nicht gespeichert: {out} ({german_os_error(exc)}).", file=sys.stderr)
        return 1
    print(f"Anki-Stapel „Regelfrisch::{game.short_title}“ gespeichert: {out} "
          f"({count} Karte{'n' if count != 1 else ''}). In Anki: Datei → Importieren.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
