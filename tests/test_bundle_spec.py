"""The bundle spec ships every data folder the app reads at run time, and nothing machine-bound.

The bundle itself is built and smoke-tested by `python -m tests.bundle` (minutes, not in
the suite); this keeps the spec honest in the fast suite.
"""

from __future__ import annotations

import ast
import re

from tests.conftest import REPO

SPEC = REPO / "resources" / "packaging" / "regelfrisch.spec"


def _spec_data_folders() -> list[str]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "DATA_FOLDERS" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("DATA_FOLDERS fehlt in der Spec")


def _folders_the_app_reads() -> set[str]:
    # Every shipped folder is found through app/model/paths.py's _shipped("name").
    names = set()
    for path in (REPO / "app").rglob("*.py"):
        names |= set(re.findall(r"_shipped\(\"([\w.-]+)\"\)", path.read_text(encoding="utf-8")))
    return names


def test_spec_lists_every_data_folder_the_app_reads():
    assert _folders_the_app_reads() == {"content", "resources"}
    assert set(_spec_data_folders()) == _folders_the_app_reads()


def test_spec_bakes_in_no_path_of_this_machine():
    text = SPEC.read_text(encoding="utf-8")
    assert not re.search(r"[\"'](/(home|work|usr|opt|tmp|root|Users|srv)/|[A-Za-z]:\\)", text)
    assert str(REPO) not in text


def test_launcher_starts_the_same_main_as_the_installed_script():
    launcher = (REPO / "resources" / "packaging" / "launcher.py").read_text(encoding="utf-8")
    assert "from app.__main__ import main" in launcher
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'regelfrisch = "app.__main__:main"' in pyproject


def test_spec_keeps_german_qt_translations_and_drops_the_network_stack():
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_needed")
    scope: dict = {}
    exec(compile(ast.Module([func], []), str(SPEC), "exec"), scope)
    needed = scope["_needed"]
    assert needed(("PySide6/Qt/translations/qtbase_de.qm", "x", "DATA"))
    assert not needed(("PySide6/Qt/translations/qtbase_fr.qm", "x", "DATA"))
    assert not needed(("PySide6/Qt/lib/libQt6Network.so.6", "x", "BINARY"))
    assert needed(("PySide6/Qt/lib/libQt6Widgets.so.6", "x", "BINARY"))
    assert needed(("app/content/atlantis/game.yaml", "x", "DATA"))
