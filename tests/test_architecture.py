"""The house rules that keep the code base navigable: layers, lint, no stray skips."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO


def _tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else (shutil.which(name) or name)


def test_layer_contracts_hold():
    result = subprocess.run([_tool("lint-imports")], cwd=REPO, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


def test_ruff_is_clean():
    result = subprocess.run([_tool("ruff"), "check", "app", "tests"], cwd=REPO,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_layer_imports_only_the_standard_library():
    allowed_ours = re.compile(r"^(from|import) app\.rules\b")
    for path in (REPO / "app" / "rules").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")) and " app" in stripped:
                assert allowed_ours.match(stripped), f"{path}: {stripped}"


def test_no_skipped_tests_left_behind():
    pattern = re.compile(r"pytest\.mark\.skip\b|pytest\.skip\(|unittest\.skip")
    offenders = [p for p in (REPO / "tests").rglob("*.py")
                 if p.name != "test_architecture.py" and pattern.search(p.read_text("utf-8"))]
    assert offenders == []


# Makes ``import PySide6`` (and pytest-qt, which needs it) fail as in a venv without them. One
# pytest run collects every engine and model test (so none imports Qt, even indirectly) and runs
# the doctests of both layers, the loader tests and a short contract run; the full tests of both
# layers run in the suite itself, so running them again here would only double their time.
_NO_QT = """
import sys
class _NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6", "pytestqt"):
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, _NoQt())
import pytest
from _pytest.doctest import DoctestItem
RUN = ("tests/rules/test_conformance.py", "tests/model/test_loader.py")
class _OnlySome:
    def pytest_collection_modifyitems(self, config, items):
        self.seen = len(items)
        kept = [i for i in items if isinstance(i, DoctestItem)
                or i.nodeid.startswith(RUN)]
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept
    def pytest_collection_finish(self, session):
        print(f"NOQT collected {len(session.items)} of {self.seen}")
sys.exit(pytest.main(sys.argv[1:], plugins=[_OnlySome()]))
"""


def test_engines_and_model_need_no_qt():
    # ``python -m pytest tests/rules tests/model app/rules app/model -p no:pytest-qt`` in a venv
    # without PySide6 runs everything of both layers.
    env = {**os.environ, "REGELFRISCH_CONFORMANCE_GAMES": "2"}
    run = subprocess.run(
        [sys.executable, "-c", _NO_QT, "-o", "addopts=--doctest-modules", "-p", "no:pytest-qt",
         "-p", "no:cacheprovider", "-q", "-W", "ignore",
         "tests/rules", "tests/model", "app/rules", "app/model"],
        cwd=REPO, capture_output=True, text=True, timeout=240, env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    collected = re.search(r"NOQT collected (\d+) of (\d+)", run.stdout)
    assert collected, run.stdout[-2000:]
    ran, seen = map(int, collected.groups())
    assert seen > 1500 and ran > 100, collected.group(0)
    assert f"{ran} passed" in run.stdout.splitlines()[-1], run.stdout[-2000:]


MAX_CLASS_LINES = 600


def test_no_class_in_app_is_longer_than_600_lines():
    """A class that grows past this does too many things; split it (issue #25)."""
    import ast

    too_long = []
    for path in sorted((REPO / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    too_long.append(f"{path.relative_to(REPO)}:{node.lineno} {node.name} "
                                    f"({lines} Zeilen)")
    assert not too_long, too_long
