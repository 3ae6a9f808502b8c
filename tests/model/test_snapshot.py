"""The start-up snapshot: exactly the checked content, re-checked whenever a byte changes."""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path

import pytest

from app.model import snapshot
from app.model.library import FailedGame, Library, LoadedGame
from app.model.loader import load_library
from app.model.schema import Game
from app.model.snapshot import SnapshotGame, complete, open_library, plain, snapshot_files
from tests.conftest import REPO


def write(opened: snapshot.Opened, library: Library) -> None:
    """What the window's writer does, without Qt (the UI test covers QSaveFile)."""
    opened.directory.mkdir(parents=True, exist_ok=True)
    for name, raw in snapshot_files(opened, library).items():
        (opened.directory / name).write_bytes(raw)


def start(root: Path, cache: Path, first: str | None = "atlantis") -> Library:
    """One start: the snapshot where it fits, the full load elsewhere, then the new snapshot."""
    opened = open_library(root, cache, first)
    library = opened.library if opened.complete else complete(opened, first)
    if not opened.complete:
        write(opened, library)
    return library


@pytest.fixture(scope="module")
def full() -> Library:
    return load_library(REPO / "content")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    return root


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_second_start_reads_the_snapshot_and_holds_the_same_games(content, cache, full):
    first = start(content, cache)
    assert not any(isinstance(g, SnapshotGame) for g in first.games), "first start loads in full"
    opened = open_library(content, cache, "atlantis")
    assert opened.complete
    games = opened.library.games
    assert [g.id for g in games] == [g.id for g in full.games]
    assert all(isinstance(g, SnapshotGame) for g in games)
    # The remembered game is read at once, the others only when opened.
    assert [g.filled for g in games] == [g.id == "atlantis" for g in games]
    for loaded, expected in zip(games, full.games, strict=True):
        assert plain(loaded.game) == plain(expected.game)
        assert {k: (r.ok, r.message) for k, r in loaded.examples.items()} == \
               {k: (r.ok, r.message) for k, r in expected.examples.items()}
        assert (loaded.title, loaded.short_title) == (expected.title, expected.short_title)


def test_snapshot_games_answer_like_the_schema(content, cache, full):
    """Every public property and method of ``Game`` gives the same on the snapshot record."""
    start(content, cache)
    games = open_library(content, cache).library.games
    # Ours, own or inherited (GameViews), not pydantic's BaseModel API.
    names = [n for cls in Game.__mro__ if cls.__module__.startswith("app.")
             for n, member in vars(cls).items() if not n.startswith("_")
             and (isinstance(member, property) or inspect.isfunction(member))]
    assert names, "Game has methods to compare"
    for loaded, expected in zip(games, full.games, strict=True):
        for name in names:
            ours, theirs = getattr(loaded.game, name), getattr(expected.game, name)
            if callable(theirs):
                ours, theirs = ours(), theirs()
            assert ours == theirs, (loaded.id, name)


def test_status_line_count_is_the_check_result_of_these_bytes(content, cache, full):
    start(content, cache)
    library = open_library(content, cache).library
    checked = sum(1 for g in library.games for r in g.examples.values() if r.ok)
    assert checked == sum(1 for g in full.games for r in g.examples.values() if r.ok) > 0


def test_a_changed_file_is_checked_again_and_its_broken_example_reported(content, cache):
    start(content, cache)
    examples = content / "atacama" / "examples.yaml"
    text = examples.read_text(encoding="utf-8")
    # Break the first expected number of the first example the engine checks.
    import yaml

    data = yaml.safe_load(text)
    first = data["examples"][0]
    key, value = next((k, v) for k, v in first["expect"].items()
                      if isinstance(v, int) and not isinstance(v, bool))
    old_line = f"{key}: {value}"
    assert old_line in text, "fixture layout changed"
    examples.write_text(text.replace(old_line, f"{key}: {value + 7}", 1), encoding="utf-8")

    opened = open_library(content, cache, "atlantis")
    assert [f.name for f in opened.stale] == ["atacama"], "only the changed game is re-checked"
    library = complete(opened, "atlantis")
    failed = next(e for e in library.entries() if e.id == "atacama")
    assert isinstance(failed, FailedGame), "a broken example is not served from the snapshot"
    assert any(p.file == examples and p.line and "die Regeln ergeben" in p.message
               for p in failed.problems), [str(p) for p in failed.problems]
    assert isinstance(library.game("atlantis"), SnapshotGame), "unchanged games stay quick"

    # The failure is remembered for exactly these bytes, and undone when they change back.
    write(opened, library)
    again = open_library(content, cache, "atlantis")
    assert again.complete and [f.id for f in again.library.failures] == ["atacama"]
    examples.write_text(text, encoding="utf-8")
    back = open_library(content, cache, "atlantis")
    assert [f.name for f in back.stale] == ["atacama"]
    assert isinstance(complete(back).game("atacama"), LoadedGame)


def _break_first_example(examples: Path) -> str:
    """Add 7 to the first number the engine checks in ``examples``; returns the old text."""
    import yaml

    text = examples.read_text(encoding="utf-8")
    first = yaml.safe_load(text)["examples"][0]
    key, value = next((k, v) for k, v in first["expect"].items()
                      if isinstance(v, int) and not isinstance(v, bool))
    assert f"{key}: {value}" in text, "fixture layout changed"
    examples.write_text(text.replace(f"{key}: {value}", f"{key}: {value + 7}", 1),
                        encoding="utf-8")
    return text


def test_a_deferred_start_hashes_only_the_shown_game(content, cache, monkeypatch):
    start(content, cache)
    hashed = []
    real = snapshot.folder_digest
    monkeypatch.setattr(snapshot, "folder_digest", lambda f: hashed.append(f.name) or real(f))
    opened = open_library(content, cache, "survive", verify_all=False)
    assert hashed == ["survive"] and opened.complete
    assert sorted(f.name for f in opened.unverified) == ["atacama", "atlantis"]
    assert snapshot.verify_rest(opened) == [] and not opened.unverified
    assert sorted(hashed) == ["atacama", "atlantis", "survive"]
    # Without a remembered game the window shows the first in display order: that one.
    hashed.clear()
    open_library(content, cache, None, verify_all=False)
    assert hashed == ["atlantis"]


def test_a_deferred_start_still_checks_a_changed_game_before_anyone_sees_it(content, cache):
    start(content, cache)
    examples = content / "atacama" / "examples.yaml"
    _break_first_example(examples)
    opened = open_library(content, cache, "atlantis", verify_all=False)
    assert opened.complete, "the shown game is unchanged: the first frame needs nothing more"
    assert opened.library.game("atlantis") is not None
    assert [f.name for f in snapshot.verify_rest(opened)] == ["atacama"]
    assert "atacama" not in {e.id for e in opened.library.entries()}, "no stale entry left"
    library = complete(opened, "atlantis")
    failed = next(e for e in library.entries() if e.id == "atacama")
    assert isinstance(failed, FailedGame)
    assert any(p.file == examples and "die Regeln ergeben" in p.message for p in failed.problems)
    # Its digest is known now, so the rebuilt snapshot keeps the verdict for these bytes.
    write(opened, library)
    assert [f.id for f in open_library(content, cache, "atlantis").library.failures] == \
        ["atacama"]


def test_a_deferred_start_whose_shown_game_changed_checks_everything_at_once(content, cache):
    start(content, cache)
    _break_first_example(content / "atacama" / "examples.yaml")
    (content / "survive" / "quiz.yaml").write_text(
        (content / "survive" / "quiz.yaml").read_text(encoding="utf-8") + "\n",
        encoding="utf-8")
    opened = open_library(content, cache, "atacama", verify_all=False)
    assert sorted(f.name for f in opened.stale) == ["atacama", "survive"]
    assert not opened.unverified


def test_a_new_or_removed_game_folder_is_noticed(content, cache):
    start(content, cache)
    shutil.copytree(content / "survive", content / "survive-kopie")
    opened = open_library(content, cache)
    assert [f.name for f in opened.stale] == ["survive-kopie"]
    shutil.rmtree(content / "survive-kopie")
    shutil.rmtree(content / "atacama")
    opened = open_library(content, cache)
    assert opened.complete and [g.id for g in opened.library.games] == ["atlantis", "survive"]


def _snapshot_dir(content: Path, cache: Path) -> Path:
    return snapshot.snapshot_dir(cache, content)


@pytest.mark.parametrize("damage", [
    "garbage-index", "empty-index", "wrong-types", "other-version", "other-root",
    "truncated-game", "edited-game", "pickle-game", "foreign-shape",
])
def test_a_corrupt_or_foreign_snapshot_is_ignored_and_rebuilt(content, cache, full, damage):
    start(content, cache)
    directory = _snapshot_dir(content, cache)
    index_path = directory / snapshot.INDEX
    index = json.loads(index_path.read_text(encoding="utf-8"))
    shown = directory / snapshot.game_file_name("atlantis")
    if damage == "garbage-index":
        index_path.write_bytes(b"\x80\x04\x95 not json at all")
    elif damage == "empty-index":
        index_path.write_bytes(b"")
    elif damage == "wrong-types":
        index["games"] = [{"id": 5, "digest": None}, "x", {"id": "atlantis", "state": "ok"}]
        index_path.write_text(json.dumps(index), encoding="utf-8")
    elif damage == "other-version":
        index["key"] = "0" * 64
        index_path.write_text(json.dumps(index), encoding="utf-8")
    elif damage == "other-root":
        index["root"] = "/somewhere/else"
        index_path.write_text(json.dumps(index), encoding="utf-8")
    elif damage == "truncated-game":
        shown.write_bytes(shown.read_bytes()[:100])
    elif damage == "edited-game":
        # Valid JSON, right id and digest, but not what was written: the index's hash tells.
        data = json.loads(shown.read_text(encoding="utf-8"))
        data["game"]["content"]["meta"]["title"] = "Falscher Titel"
        shown.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "foreign-shape":
        # Well-formed, hash in the index updated to match, but not the shape of a game.
        data = json.loads(shown.read_text(encoding="utf-8"))
        data["game"] = {"id": "atlantis", "content": {"x": 1}}
        raw = json.dumps(data).encode()
        shown.write_bytes(raw)
        for entry in index["games"]:
            if entry["id"] == "atlantis":
                entry["hash"] = snapshot._hash(raw).hexdigest()
        index_path.write_text(json.dumps(index), encoding="utf-8")
    elif damage == "pickle-game":
        import pickle

        shown.write_bytes(pickle.dumps({"format": 1}))

    opened = open_library(content, cache, "atlantis")
    assert not opened.complete, "a damaged snapshot is never trusted"
    library = complete(opened, "atlantis")
    atlantis = library.game("atlantis")
    assert atlantis is not None and not isinstance(atlantis, SnapshotGame)
    assert plain(atlantis.game) == plain(full.game("atlantis").game)
    write(opened, library)
    assert open_library(content, cache, "atlantis").complete, "rebuilt for the next start"


def test_a_damaged_file_of_a_game_opened_later_falls_back_to_the_content(content, cache, full):
    start(content, cache)
    directory = _snapshot_dir(content, cache)
    (directory / snapshot.game_file_name("survive")).write_bytes(b"{}")
    opened = open_library(content, cache, "atlantis")
    survive = opened.library.game("survive")
    assert isinstance(survive, SnapshotGame) and not survive.filled
    assert plain(survive.game) == plain(full.game("survive").game)


def test_a_changed_checking_code_invalidates_the_snapshot(content, cache, monkeypatch):
    start(content, cache)
    monkeypatch.setattr(snapshot, "__version__", "99.0")
    assert not open_library(content, cache).complete


def test_the_snapshot_start_imports_no_yaml_pydantic_or_engine(content, cache):
    import subprocess
    import sys

    start(content, cache)
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from app.model.snapshot import open_library\n"
        f"opened = open_library(Path({str(content)!r}), Path({str(cache)!r}), 'atlantis')\n"
        "assert opened.complete\n"
        "game = opened.library.game('atlantis').game\n"
        "assert game.content.steps and game.linkable_ids()\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('yaml', 'pydantic', 'markdown',"
        " 'fsrs') or m.startswith(('app.rules.atlantis', 'app.rules.atacama',"
        " 'app.rules.survive', 'app.model.schema', 'app.model.loader'))]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "[]"


def test_unreadable_content_file_sends_the_game_to_the_full_load(content, cache):
    start(content, cache)
    game_file = content / "survive" / "quiz.yaml"
    game_file.unlink()
    game_file.symlink_to("/dev/zero")
    opened = open_library(content, cache)
    assert [f.name for f in opened.stale] == ["survive"]
    failed = next(e for e in complete(opened).entries() if e.id == "survive")
    assert isinstance(failed, FailedGame)
    assert any("keine gewöhnliche Datei" in p.message for p in failed.problems)
