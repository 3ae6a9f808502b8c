"""Loading game folders into validated :class:`~app.model.schema.Game` objects.

A broken game never stops the others: :func:`load_library` returns every game
that loaded and, per failed folder, the list of problems with file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ValidationError

from app.model.examples import ExampleResult, check_examples
from app.model.markup import markup_problems
from app.model.schema import ExamplesFile, Game, GameFile, QuizFile
from app.model.validation_messages import german_validation_problems
from app.model.yaml_source import ContentError, Problem, YamlSource, read_yaml

GAME_FILE = "game.yaml"
QUIZ_FILE = "quiz.yaml"
EXAMPLES_FILE = "examples.yaml"

# Atlantis is the flagship and comes first; the rest follow by name.
PREFERRED_ORDER = ("atlantis", "atacama", "survive")


@dataclass
class LoadedGame:
    """A game that loaded, with the engine's verdict on each worked example."""

    game: Game
    folder: Path
    examples: dict[str, ExampleResult] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game.id


@dataclass
class FailedGame:
    """A game folder that could not be loaded, and why."""

    id: str
    folder: Path
    problems: list[Problem]


@dataclass
class Library:
    games: list[LoadedGame] = field(default_factory=list)
    failures: list[FailedGame] = field(default_factory=list)

    def game(self, game_id: str) -> LoadedGame | None:
        return next((g for g in self.games if g.id == game_id), None)

    @property
    def problems(self) -> list[Problem]:
        return [p for f in self.failures for p in f.problems]

    def entries(self) -> list[LoadedGame | FailedGame]:
        """Every game folder, loaded or not, in display order."""
        everything: list[LoadedGame | FailedGame] = [*self.games, *self.failures]
        return sorted(everything, key=lambda e: _order_key(e.id))


def load_library(root: Path) -> Library:
    """Load every game folder below ``root``."""
    library = Library()
    if not root.is_dir():
        library.failures.append(
            FailedGame(root.name, root, [Problem(root, None, "Der Inhaltsordner fehlt.")]))
        return library
    folders = sorted(
        (p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))),
        key=lambda p: _order_key(p.name))
    for folder in folders:
        try:
            library.games.append(load_game(folder))
        except ContentError as exc:
            library.failures.append(FailedGame(folder.name, folder, exc.problems))
    return library


def load_game(folder: Path, *, check: bool = True) -> LoadedGame:
    """Load one game folder; raise :class:`ContentError` listing every problem found."""
    if not folder.is_dir():
        raise ContentError([Problem(folder, None, "Der Spielordner fehlt.")])
    problems: list[Problem] = []

    game_src, game_file = _read_model(folder / GAME_FILE, GameFile, problems, required=True)
    quiz_src, quiz_file = _read_model(folder / QUIZ_FILE, QuizFile, problems, required=True)
    ex_src, ex_file = _read_model(folder / EXAMPLES_FILE, ExamplesFile, problems, required=False)
    if problems or game_file is None or quiz_file is None:
        raise ContentError(problems)

    examples = ex_file.examples if ex_file else []
    game = Game(id=folder.name, content=game_file, quiz=quiz_file.quiz, examples=examples)
    problems += _cross_references(game, game_src, quiz_src, ex_src)
    problems += markup_problems(game_src, quiz_src, ex_src)
    results: dict[str, ExampleResult] = {}
    if check and ex_src is not None and not problems:
        results = check_examples(game.id, examples)
        for index, example in enumerate(examples):
            result = results[example.id]
            if not result.ok:
                problems.append(ex_src.problem(("examples", index, "expect"), result.message))
    if problems:
        raise ContentError(problems)
    return LoadedGame(game, folder, results)


def _read_model(path: Path, model: type[BaseModel], problems: list[Problem], *, required: bool):
    if not path.exists():
        if required:
            problems.append(Problem(path, None, f"Die Datei {path.name} fehlt im Spielordner."))
        return None, None
    try:
        source = read_yaml(path)
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


def _order_key(game_id: str) -> tuple[int, str]:
    if game_id in PREFERRED_ORDER:
        return (PREFERRED_ORDER.index(game_id), game_id)
    return (len(PREFERRED_ORDER), game_id)
