"""Loading game folders into validated :class:`~app.model.schema.Game` objects.

A broken game never stops the others: :func:`load_library` returns every game
that loaded and, per failed folder, the list of problems with file and line.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

# The light types are re-exported here, where the views have always imported them from;
# YAML, pydantic and the engines are imported only when a folder is really loaded.
from app.model.library import (  # noqa: F401
    SHIPPED_GAMES,
    ContentError,
    FailedGame,
    Library,
    LoadedGame,
    Problem,
    game_folders,
    order_key,
)
from app.model.safe_files import german_os_error

if TYPE_CHECKING:
    from pydantic import BaseModel

    from app.model.schema import Game
    from app.model.yaml_source import GameFiles, YamlSource

GAME_FILE = "game.yaml"
QUIZ_FILE = "quiz.yaml"
EXAMPLES_FILE = "examples.yaml"

_order_key = order_key


def load_library(root: Path) -> Library:
    """Load every game folder below ``root``; one broken folder never stops the others."""
    library = Library()
    try:
        folders = game_folders(root)
    except OSError:
        library.failures.append(
            FailedGame(root.name, root, [Problem(root, None, "Der Inhaltsordner fehlt oder "
                                                             "lässt sich nicht lesen.")]))
        return library
    for folder in folders:
        entry = load_entry(folder)
        (library.games if isinstance(entry, LoadedGame) else library.failures).append(entry)
    return library


def load_entry(folder: Path, *, check: bool = True) -> LoadedGame | FailedGame:
    """:func:`load_game`, with every failure turned into a :class:`FailedGame`."""
    try:
        return load_game(folder, check=check)
    except ContentError as exc:
        return FailedGame(folder.name, folder, exc.problems)
    except RecursionError:
        return FailedGame(folder.name, folder, [Problem(folder, None, "Die Inhalte sind zu tief "
                                                                      "verschachtelt.")])
    except OSError as exc:
        return FailedGame(folder.name, folder, [Problem(
            folder, None, f"Der Spielordner lässt sich nicht lesen ({german_os_error(exc)}).")])
    except Exception as exc:  # content is untrusted: never blank the window
        # A bug of ours, not of the content; the window still lists every other game.
        print(f"Interner Fehler beim Laden von {folder}: {type(exc).__name__}", file=sys.stderr)
        return FailedGame(folder.name, folder, [Problem(
            folder, None, "Die Inhalte lassen sich nicht laden (interner Fehler; bitte melden).")])


def load_game(folder: Path, *, check: bool = True, files: GameFiles | None = None
              ) -> LoadedGame:
    """Load one game folder; raise :class:`ContentError` listing every problem found.

    ``files``: the folder's files as the caller read them already (each file is then read
    and parsed once for every check that shares them)."""
    from pydantic import ValidationError

    from app.model.examples import ExampleResult, check_examples, check_quiz_positions
    from app.model.markup import markup_problems
    from app.model.schema import ExamplesFile, Game, GameFile, QuizFile
    from app.model.yaml_source import GameFiles

    if files is None:
        if not folder.is_dir():
            raise ContentError([Problem(folder, None, "Der Spielordner fehlt.")])
        files = GameFiles(folder)
    problems: list[Problem] = []

    game_src, game_file = _read_model(files, GAME_FILE, GameFile, problems, required=True)
    quiz_src, quiz_file = _read_model(files, QUIZ_FILE, QuizFile, problems, required=True)
    ex_src, ex_file = _read_model(files, EXAMPLES_FILE, ExamplesFile, problems, required=False)
    if problems or game_file is None or quiz_file is None:
        raise ContentError(problems)

    examples = ex_file.examples if ex_file else []
    try:
        game = Game(id=folder.name, content=game_file, quiz=quiz_file.quiz, examples=examples)
    except ValidationError:
        raise ContentError([Problem(folder, None, f"Der Ordnername „{folder.name}“ taugt nicht "
                                                  "als Spiel-ID (Kleinbuchstaben, Ziffern und "
                                                  "Bindestriche).")]) from None
    problems += _cross_references(game, game_src, quiz_src, ex_src)
    problems += markup_problems(game_src, quiz_src, ex_src)
    if not problems:
        from app.model.teaching import teach_problems

        problems += [game_src.problem(loc, message) for loc, message in teach_problems(game)]
    results: dict[str, ExampleResult] = {}
    if check and ex_src is not None and not problems:
        results = check_examples(game.id, examples)
        for index, example in enumerate(examples):
            result = results[example.id]
            if not result.ok:
                problems.append(ex_src.problem(("examples", index, "expect"), result.message))
    if check and not problems:
        asked = check_quiz_positions(game.id, game.quiz)
        for index, item in enumerate(game.quiz):
            verdict = asked.get(item.id)
            if verdict is not None and not verdict.ok:
                problems.append(quiz_src.problem(("quiz", index, "position"), verdict.message))
    if problems:
        raise ContentError(problems)
    return LoadedGame(game, folder, results)


def _read_model(files: GameFiles, name: str, model: type[BaseModel], problems: list[Problem],
                *, required: bool):
    from pydantic import ValidationError

    from app.model.validation_messages import german_validation_problems

    path = files.folder / name
    if not files.exists(name):
        if required:
            problems.append(Problem(path, None, f"Die Datei {name} fehlt im Spielordner."))
        return None, None
    try:
        source = files.source(name)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None, None
    if not isinstance(source.data, dict):
        problems.append(Problem(path, 1, "Erwartet wird ein Abschnitt mit Schlüsseln "
                                         "(z. B. „meta:“), keine Liste oder einzelner Wert."))
        return source, None
    try:
        return source, model.model_validate(source.data)
    except ValidationError as exc:
        problems.extend(german_validation_problems(source, exc))
        return source, None


def _cross_references(game: Game, game_src: YamlSource, quiz_src: YamlSource,
                      ex_src: YamlSource | None) -> list[Problem]:
    problems: list[Problem] = []
    content = game.content
    seen: dict[str, str] = {}
    for section in ("steps", "numbers", "pitfalls", "interpretations", "open_questions",
                    "variants"):
        for index, entry in enumerate(getattr(content, section)):
            if entry.id in seen:
                problems.append(game_src.problem(
                    (section, index, "id"),
                    f"Die ID „{entry.id}“ gibt es schon ({seen[entry.id]})."))
            seen.setdefault(entry.id, section)
    item_ids = [item.id for item in content.meta.items]
    for index, item_id in enumerate(item_ids):
        if item_ids.index(item_id) != index:
            problems.append(game_src.problem(("meta", "items", index, "id"),
                                             f"Der Gegenstand „{item_id}“ steht doppelt."))

    linkable = game.linkable_ids()
    sources = [("quiz", game.quiz, quiz_src)]
    if ex_src is not None:
        sources.append(("examples", game.examples, ex_src))
    for key, entries, src in sources:
        ids_here: dict[str, int] = {}
        for index, entry in enumerate(entries):
            if entry.id in ids_here:
                problems.append(src.problem(
                    (key, index, "id"),
                    f"Die ID „{entry.id}“ gibt es in dieser Datei schon "
                    f"(Eintrag {ids_here[entry.id] + 1})."))
            ids_here.setdefault(entry.id, index)
            for t_index, target in enumerate(entry.tests):
                if target not in linkable:
                    problems.append(src.problem(
                        (key, index, "tests", t_index),
                        f"„{entry.id}“ verweist auf die unbekannte ID „{target}“."))
    return problems
