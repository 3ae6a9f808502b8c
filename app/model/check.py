"""``regelfrisch --check``: validate content and report ``file:line: message``."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from app.model.loader import GAME_FILE, Library, LoadedGame, load_entry, load_library
from app.model.paths import content_root
from app.model.quality import review_game


def check_folder(folder: Path) -> Library:
    """A content root (one folder per game) or a single game folder."""
    try:
        single = (folder / GAME_FILE).exists()
    except OSError:
        single = False  # load_library names the unreadable folder
    if single:
        library = Library()
        entry = load_entry(folder)  # never raises: every failure is a FailedGame
        (library.games if isinstance(entry, LoadedGame) else library.failures).append(entry)
        return library
    return load_library(folder)


def run_check(folder: Path | None, out: TextIO) -> int:
    from app.model.packs import SUFFIX, with_pack_rules

    if folder is not None and folder.suffix == SUFFIX and not folder.is_dir():
        return check_archive(folder, out)

    # A game without an engine is a player's pack: no HTML, no file links, only known files.
    library = with_pack_rules(check_folder(folder or content_root()))
    reviews = [review_game(loaded.game, loaded.folder) for loaded in library.games]
    errors = library.problems + [p for r in reviews for p in r.errors]
    for problem in errors:
        print(problem, file=out)
    for review in reviews:
        for hint in review.hints:
            print(hint, file=out)
        if review.coverage is not None:
            print(review.coverage.summary(), file=out)
    if errors:
        count = len(errors)
        games = len(library.failures) + sum(1 for r in reviews if r.errors)
        print(f"{count} Problem{'e' if count != 1 else ''} in "
              f"{games} Spiel{'en' if games != 1 else ''}.",
              file=out)
        return 1
    if not library.games:
        print(f"{folder or content_root()}: keine Spielordner gefunden.", file=out)
        return 1
    quiz = sum(len(g.game.quiz) for g in library.games)
    examples = sum(len(g.examples) for g in library.games)
    names = ", ".join(g.game.title for g in library.games)
    games = f"{len(library.games)} Spiel{'e' if len(library.games) != 1 else ''}"
    print(f"Alles in Ordnung: {games} ({names}), {quiz} Quizfrage{'n' if quiz != 1 else ''}, "
          f"{examples} Beispiel{'e' if examples != 1 else ''} von der Regel-Engine bestätigt.",
          file=out)
    return 0


def check_archive(archive: Path, out: TextIO) -> int:
    """``--check x.regelfrisch``: what „Spiel importieren …“ would say, without installing."""
    import tempfile

    from app.model.packs import inspect_archive, reserved_ids

    with tempfile.TemporaryDirectory(prefix="regelfrisch-pruefung-") as work:
        result = inspect_archive(archive, Path(work), reserved_ids())
    for problem in [*result.problems, *result.hints]:
        print(problem, file=out)
    if not result.ok:
        count = len(result.problems)
        print(f"{count} Problem{'e' if count != 1 else ''}: „{archive.name}“ ließe sich nicht "
              "importieren.", file=out)
        return 1
    quiz = len(result.loaded.game.quiz)
    print(f"Alles in Ordnung: „{archive.name}“ ({result.loaded.game.title}, {quiz} "
          f"Quizfrage{'n' if quiz != 1 else ''}) ließe sich importieren.", file=out)
    return 0
