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

    parser = GermanParser(
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
    return parser


def check_arguments(args) -> None:
    """Catch what would otherwise start the wrong job or fail deep inside it."""
    if args.pdf is not None and not args.pdf.strip():
        usage_error("--pdf braucht einen Dateinamen, z. B. --pdf spickzettel.pdf")
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
        if args.game not in known:
            listed = ", ".join(known) if known else "keine"
            usage_error(f"Das Spiel „{args.game}“ gibt es nicht. Verfügbar: {listed}.")


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
        from types import SimpleNamespace

        from app.ui.application import run

        return run(SimpleNamespace(check=None, screenshot=None, pdf=None, game=None,
                                   content=None))
    args = build_parser().parse_args(argv)
    check_arguments(args)
    if args.check is not None:
        from app.model.check import run_check

        return run_check(Path(args.check) if args.check else None, sys.stdout)
    from app.ui.application import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
