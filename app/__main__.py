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
    if args.install_desktop or args.uninstall_desktop:
        from app.ui.desktop_entry import run as desktop_entry

        return desktop_entry(install_it=args.install_desktop)
    if args.check is not None:
        from app.model.check import run_check

        return run_check(Path(args.check) if args.check else None, sys.stdout)
    from app.ui.application import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
