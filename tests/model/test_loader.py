"""The loader: broken content gives German messages with file and line, never a traceback."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from app.model.loader import load_game, load_library
from app.model.schema import format_pages
from app.model.yaml_source import MAX_FILE_BYTES, ContentError
from tests.conftest import FIXTURES

MINIGAME = FIXTURES / "minigame"


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    target = tmp_path / "content" / "minigame"
    shutil.copytree(MINIGAME, target)
    return target


def problems_of(folder: Path) -> list:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return info.value.problems


def test_fixture_loads(game_dir):
    loaded = load_game(game_dir)
    assert loaded.game.content.meta.title == "Minispiel"
    assert loaded.game.quiz[0].tests == ["nur-einmal", "zahl-wuerfel"]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture changed: {old!r} not found"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# (name, file, mutation, expected line, words the German message must contain)
BROKEN_TEXT = [
    ("yaml-syntax", "game.yaml", ("title: Würfeln", "title: [Würfeln"), None,
     ["YAML-Syntaxfehler"]),
    ("unknown-key", "game.yaml", ("  players:", "  spieler: 3\n  players:"), 4, ["unbekanntes Feld",
                                                                               "meta.spieler"]),
    ("missing-field", "game.yaml", ("    wrong: Ich würfle dreimal.\n", ""), 23,
     ["Pflichtfeld fehlt", "pitfalls[1].wrong"]),
    ("wrong-type", "game.yaml", ("booklet_pages: 4", "booklet_pages: vier"), 7,
     ["ganze Zahl", "meta.booklet_pages"]),
    ("duplicate-id", "game.yaml", ("  - id: nur-einmal", "  - id: schritt-1"), 23,
     ["„schritt-1“ gibt es schon"]),
    ("unknown-link", "quiz.yaml", ("tests: [nur-einmal, zahl-wuerfel]", "tests: [nur-zweimal]"), 7,
     ["unbekannte ID „nur-zweimal“"]),
    ("duplicate-key", "game.yaml", ("summary:", "starts: doppelt\nsummary:"), 11, ["doppelt"]),
    ("bad-page", "game.yaml", ("pages: [2, 3]", "pages: [0]"), 27, ["Seitenzahl 0"]),
    ("python-tag", "game.yaml", ("title: Minispiel", "title: !!python/object:os.system x"), 2,
     ["YAML"]),
    ("tab-indent", "quiz.yaml", ("    answer:", "\tanswer:"), 4, ["YAML-Syntaxfehler"]),
    ("list-not-mapping", "quiz.yaml", ("quiz:\n", "- quiz:\n"), 1, ["Abschnitt"]),
]


@pytest.mark.parametrize("name,filename,change,line,words", BROKEN_TEXT,
                         ids=[b[0] for b in BROKEN_TEXT])
def test_broken_text_content(game_dir, name, filename, change, line, words):
    _replace(game_dir / filename, *change)
    problems = problems_of(game_dir)
    assert problems, name
    first = problems[0]
    assert first.file == game_dir / filename
    assert first.line is not None
    if line is not None:
        assert first.line == line, str(first)
    for word in words:
        assert any(word in p.message for p in problems), [str(p) for p in problems]
    assert "Traceback" not in str(first)


BROKEN_BYTES = [
    ("empty-file", b"", 1, "leer"),
    ("only-whitespace", b"\n   \n", 1, "leer"),
    ("binary-garbage", b"meta:\n\x00\x01\x02\xff\xfe", 2, "Binärdaten"),
    ("not-utf8", "meta:\n  title: Lücke\n".encode("latin-1"), 2, "UTF-8"),
    ("too-large", b"# " + b"x" * (MAX_FILE_BYTES + 10), None, "zu groß"),
    ("deep-nesting", b"a: " + b"[" * 60 + b"]" * 60, 1, "verschachtelt"),
    ("very-deep-nesting", b"a: " + b"[" * 5000 + b"]" * 5000, None, "verschachtelt"),
    ("alias-bomb", b'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
                   b"b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                   b"c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
                   b"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n", 1, "Verweise"),
]


@pytest.mark.parametrize("name,data,line,word", BROKEN_BYTES, ids=[b[0] for b in BROKEN_BYTES])
def test_broken_bytes(game_dir, name, data, line, word):
    (game_dir / "game.yaml").write_bytes(data)
    problems = problems_of(game_dir)
    assert problems[0].file == game_dir / "game.yaml"
    assert word in problems[0].message, str(problems[0])
    if line is not None:
        assert problems[0].line == line


def test_missing_game_folder(tmp_path):
    problems = problems_of(tmp_path / "gibt-es-nicht")
    assert "fehlt" in problems[0].message


def test_missing_quiz_file(game_dir):
    (game_dir / "quiz.yaml").unlink()
    problems = problems_of(game_dir)
    assert problems[0].file.name == "quiz.yaml"
    assert "fehlt" in problems[0].message


def test_folder_instead_of_file(game_dir):
    (game_dir / "quiz.yaml").unlink()
    (game_dir / "quiz.yaml").mkdir()
    assert "Ordner" in problems_of(game_dir)[0].message


def test_all_problems_of_a_game_are_reported(game_dir):
    _replace(game_dir / "game.yaml", "booklet_pages: 4", "booklet_pages: vier")
    _replace(game_dir / "quiz.yaml", "    answer: Einmal.\n", "")
    problems = problems_of(game_dir)
    assert {p.file.name for p in problems} == {"game.yaml", "quiz.yaml"}


def test_broken_game_does_not_stop_the_others(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(MINIGAME, root / "gut")
    shutil.copytree(MINIGAME, root / "kaputt")
    (root / "kaputt" / "game.yaml").write_text("meta: [", encoding="utf-8")
    library = load_library(root)
    assert [g.id for g in library.games] == ["gut"]
    assert [f.id for f in library.failures] == ["kaputt"]
    assert library.failures[0].problems[0].line == 1
    assert [e.id for e in library.entries()] == ["gut", "kaputt"]


def test_missing_content_root(tmp_path):
    library = load_library(tmp_path / "nichts")
    assert not library.games
    assert "fehlt" in library.problems[0].message


@pytest.mark.parametrize("pages,text", [
    ([3, 4], "S. 3–4"), ([3], "S. 3"), ([3, 5], "S. 3, 5"), ([5, 6, 2], "S. 2, 5–6"),
    ([3, "engl. 3"], "S. 3; engl. S. 3"), ([], ""), ([1, 2, 3, 5], "S. 1–3, 5"),
])
def test_page_refs_render(pages, text):
    assert format_pages(pages) == text


# -- one broken game never blanks the window (issue #13, 3 and 4) ---------------------------

# (name, file, old, new, expected line, words of the German message)
HOSTILE_VALUES = [
    ("impossible-date", "game.yaml", "booklet_pages: 4", "booklet_pages: 2013-02-30", 7,
     ["kein gültiges Datum"]),
    ("int-tag-on-word", "game.yaml", "booklet_pages: 4", "booklet_pages: !!int zwei", 7,
     ["keine gültige ganze Zahl"]),
    ("empty-binary-number", "game.yaml", "booklet_pages: 4", "booklet_pages: 0b_", 7,
     ["keine gültige ganze Zahl"]),
    ("5000-digit-number", "game.yaml", "booklet_pages: 4", "booklet_pages: " + "9" * 5000, 7,
     ["Zahl ist zu lang"]),
    ("huge-year", "game.yaml", "booklet_pages: 4", "booklet_pages: 4\n  year: " + "9" * 30, 8,
     ["höchstens 2200"]),
    ("bool-tag-on-word", "game.yaml", "booklet_pages: 4", "booklet_pages: !!bool vielleicht", 7,
     ["Wahrheitswert"]),
    ("binary-tag", "game.yaml", "booklet_pages: 4", "booklet_pages: !!binary eA==", 7,
     ["nicht erlaubt"]),
    ("set-tag", "game.yaml", "booklet_pages: 4", "booklet_pages: !!set {a: null}", 7,
     ["nicht erlaubt"]),
    ("number-as-key", "game.yaml", "  players:", "  42: x\n  players:", 4, ["Schlüssel"]),
    ("unquoted-colon", "quiz.yaml", "answer: Einmal.", "answer: Einmal: nie zweimal.", None,
     ["Doppelpunkt", "Anführungszeichen"]),
    ("unknown-escape", "game.yaml", "title: Minispiel", 'title: "Mini\\qspiel"', 2,
     ["„\\“"]),
]


@pytest.mark.parametrize("name,filename,old,new,line,words", HOSTILE_VALUES,
                         ids=[h[0] for h in HOSTILE_VALUES])
def test_hostile_values_are_one_german_line_each(tmp_path, name, filename, old, new, line, words):
    root = tmp_path / "content"
    shutil.copytree(MINIGAME, root / "gut")
    shutil.copytree(MINIGAME, root / "kaputt")
    _replace(root / "kaputt" / filename, old, new)
    library = load_library(root)  # never raises
    assert [g.id for g in library.games] == ["gut"], "the other game still loads"
    problems = library.failures[0].problems
    assert problems and problems[0].file == root / "kaputt" / filename
    assert problems[0].line is not None
    if line is not None:
        assert problems[0].line == line, str(problems[0])
    for word in words:
        assert any(word in p.message for p in problems), [str(p) for p in problems]
    for problem in problems:
        text = str(problem)
        assert text.isprintable() and "\n" not in text
        assert text.startswith(f"{problem.file}:{problem.line}: ")


def test_the_app_uses_libyaml_and_its_messages_are_german(game_dir):
    import yaml

    from app.model import yaml_source

    assert yaml.__with_libyaml__ and yaml_source._SafeLoader is yaml.CSafeLoader
    _replace(game_dir / "game.yaml", "title: Würfeln", "title: Würfeln: schnell")
    problem = problems_of(game_dir)[0]
    assert "mapping values" not in problem.message
    assert "Doppelpunkt an unerwarteter Stelle" in problem.message


ENGLISH = ("found", "expected", "while ", "could not", "not allowed", "Input should",
           "Field required", "invalid literal", "out of range", "Exceeds", "object has no")


def test_escape_sequences_from_content_never_reach_the_terminal(game_dir):
    # An unknown key is quoted in the message; YAML's "\e" is a real escape character.
    _replace(game_dir / "game.yaml", "  players:", '  "sp\\e[2J\\e]0;x\\aieler": 3\n  players:')
    (game_dir / "quiz.yaml").write_bytes(b"quiz:\n  - id: a\x1b[31mrot\n")
    problems = problems_of(game_dir)
    assert len(problems) == 2
    for problem in problems:
        text = str(problem)
        assert "\x1b" not in text and "\x07" not in text and "\n" not in text
        assert text.isprintable() and problem.line is not None
    assert any("\\x1b[2J" in p.message for p in problems)
    assert any("Steuerzeichen \\x1b" in p.message for p in problems)


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "fifo", "folder-link"])
def test_content_files_that_are_no_regular_files_are_refused_at_once(game_dir, target):
    import signal

    quiz = game_dir / "quiz.yaml"
    quiz.unlink()
    if target == "fifo":
        os.mkfifo(quiz)
    elif target == "folder-link":
        quiz.symlink_to(game_dir)
    else:
        quiz.symlink_to(target)
    signal.alarm(10)  # a hang fails the test instead of stalling the suite
    try:
        problems = problems_of(game_dir)
    finally:
        signal.alarm(0)
    assert problems[0].file == quiz
    assert "gewöhnliche Datei" in problems[0].message or "Ordner" in problems[0].message


def test_an_unreadable_game_folder_is_reported_and_the_others_load(tmp_path, monkeypatch):
    root = tmp_path / "content"
    shutil.copytree(MINIGAME, root / "gut")
    shutil.copytree(MINIGAME, root / "gesperrt")
    locked = root / "gesperrt"
    real_exists, real_is_dir = Path.exists, Path.is_dir

    def refuse(real):
        def check(self, *args, **kwargs):
            # As for a folder without x permission (the tests may run as root).
            if locked in self.parents:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self, *args, **kwargs)
        return check

    monkeypatch.setattr(Path, "exists", refuse(real_exists))
    monkeypatch.setattr(Path, "is_dir", refuse(real_is_dir))
    real_open = os.open

    def refuse_open(path, *args, **kwargs):
        if locked in Path(path).parents:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_open)
    library = load_library(root)
    assert [g.id for g in library.games] == ["gut"]
    assert [f.id for f in library.failures] == ["gesperrt"]
    assert "lässt sich nicht lesen" in library.failures[0].problems[0].message


def test_a_bad_folder_name_is_a_problem_not_a_crash(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(MINIGAME, root / "Mein Spiel")
    library = load_library(root)
    assert "Spiel-ID" in library.failures[0].problems[0].message


def test_check_names_special_files_and_never_hangs(tmp_path):
    import io
    import signal

    from app.model.check import run_check

    root = tmp_path / "content"
    shutil.copytree(MINIGAME, root / "null")
    shutil.copytree(MINIGAME, root / "pipe")
    (root / "null" / "game.yaml").unlink()
    (root / "null" / "game.yaml").symlink_to("/dev/zero")
    (root / "pipe" / "quiz.yaml").unlink()
    os.mkfifo(root / "pipe" / "quiz.yaml")
    out = io.StringIO()
    signal.alarm(10)
    try:
        code = run_check(root, out)
        single = run_check(root / "pipe", io.StringIO())
    finally:
        signal.alarm(0)
    lines = out.getvalue().splitlines()
    assert code == 1 and single == 1
    assert f"{root / 'null' / 'game.yaml'}: Das ist keine gewöhnliche Datei" in lines[0]
    assert any(line.startswith(f"{root / 'pipe' / 'quiz.yaml'}: ") for line in lines)
