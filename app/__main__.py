"""Command line of ``regelfrisch`` / ``python -m app``: parse arguments, then hand over.

Heavy imports (Qt, pydantic) happen inside the branch that needs them, so
``--check`` stays quick and the window appears as early as possible.
"""

from __future__ import annotations

import sys
from pathlib import Path


def build_parser():
    import argparse

    parser = argparse.ArgumentParser(
        prog="regelfrisch",
        description="Brettspielregeln auffrischen – vor dem Spieleabend, in zehn Minuten.",
    )
    parser.add_argument("--check", nargs="?", const="", metavar="ORDNER",
                        help="Inhalte prüfen (Standard: die mitgelieferten) und Probleme als "
                             "datei:zeile: meldung ausgeben")
    parser.add_argument("--screenshot", metavar="ORDNER",
                        help="jeden Abschnitt als PNG in ORDNER speichern")
    parser.add_argument("--pdf", metavar="DATEI", help="Spickzettel als einseitiges PDF speichern")
    parser.add_argument("--game", metavar="SPIEL", help="Spiel, z. B. atlantis")
    parser.add_argument("--content", metavar="ORDNER", help="anderer Inhaltsordner (zum Testen)")
    parser.add_argument("--anki", metavar="DATEI",
                        help="das Quiz eines Spiels (--game) als Anki-Stapel (.apkg) speichern")
    parser.add_argument("--neu", nargs="+", metavar=("NAME", "ORDNER"),
                        help="ein eigenes Spiel aus der Vorlage anlegen (Standard: im Ordner "
                             "„spiele“ deiner Daten)")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Regelfrisch ins Anwendungsmenü eintragen (nur für dich)")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="den Menüeintrag wieder entfernen")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        # The everyday start: no options, so no argparse on the way to the first frame.
        from types import SimpleNamespace

        from app.ui.application import run

        return run(SimpleNamespace(check=None, screenshot=None, pdf=None, game=None,
                                   content=None))
    args = build_parser().parse_args(argv)
    if args.anki is not None:
        return export_anki(args)
    if args.neu is not None:
        from app.model.packs import run_new
        from app.ui.progress_model import default_data_dir

        return run_new(args.neu, default_data_dir(), sys.stdout)
    if args.install_desktop or args.uninstall_desktop:
        from app.ui.desktop_entry import run as desktop_entry

        return desktop_entry(install_it=args.install_desktop)
    if args.check is not None:
        from app.model.check import run_check

        return run_check(Path(args.check) if args.check else None, sys.stdout)
    from app.ui.application import run

    return run(args)


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
        print(f"Anki-Stapel nicht gespeichert: {out} ({exc.strerror or exc}).", file=sys.stderr)
        return 1
    print(f"Anki-Stapel „Regelfrisch::{game.short_title}“ gespeichert: {out} "
          f"({count} Karte{'n' if count != 1 else ''}). In Anki: Datei → Importieren.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
