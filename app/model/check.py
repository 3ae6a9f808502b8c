"""``regelfrisch --check``: validate content and report ``file:line: message``."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from app.model.library import SHIPPED_GAMES, game_folders
from app.model.loader import (
    GAME_FILE,
    QUIZ_FILE,
    FailedGame,
    Library,
    LoadedGame,
    load_entry,
    load_library,
)
from app.model.paths import PACKS_FOLDER, content_root
from app.model.quality import review_game


def check_folder(folder: Path) -> Library:
    """A content root (one folder per game) or a single game folder.

    A folder that is no shipped game is a player's pack and is loaded as the window loads it
    (:func:`app.model.packs.load_pack_entry`): the pack's rules and the loader's, together."""
    try:
        single = (folder / GAME_FILE).exists() or (folder / QUIZ_FILE).exists()
    except OSError:
        single = False  # load_library names the unreadable folder
    if single:
        folders = [folder]
    else:
        try:
            folders = game_folders(folder)
        except OSError:
            return load_library(folder)  # names the unreadable folder
    library = Library()
    for game_folder in folders:
        entry = _load_any(game_folder)
        (library.games if isinstance(entry, LoadedGame) else library.failures).append(entry)
    return library


def _load_any(folder: Path) -> LoadedGame | FailedGame:
    from app.model.packs import load_pack_entry, reserved_ids

    # Never raises: every failure is a FailedGame. A folder in a pack folder („spiele“) is a
    # player's pack whatever its name: one named like a shipped game is refused, as the
    # window refuses it, not checked as that game with the engine's examples.
    if folder.name in SHIPPED_GAMES and folder.parent.name != PACKS_FOLDER:
        return load_entry(folder)
    return load_pack_entry(folder, reserved_ids())


def run_check(folder: Path | None, out: TextIO) -> int:
    from app.model.packs import SUFFIX, pack_report

    if folder is not None and folder.suffix == SUFFIX and not folder.is_dir():
        return check_archive(folder, out)

    library = check_folder(folder or content_root())
    # A game without an engine is a player's pack: reported as the window's problems panel
    # reports it (one function for both, so they never differ).
    reviews = [pack_report(loaded) if loaded.id not in SHIPPED_GAMES
               else review_game(loaded.game, loaded.folder) for loaded in library.games]
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
