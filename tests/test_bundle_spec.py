"""The bundle spec ships every data folder the app reads at run time, and nothing machine-bound.

The bundle itself is built and smoke-tested by `python -m tests.bundle` (minutes, not in
the suite); this keeps the spec honest in the fast suite.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.metadata as metadata
import re
import sys
import tomllib
import types

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import REPO

SPEC = REPO / "resources" / "packaging" / "regelfrisch.spec"


def _spec_namespace() -> dict:
    """The spec's lists and pure functions, run without PyInstaller (no build, no Analysis)."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    pure = [node for node in tree.body
            if (isinstance(node, ast.FunctionDef) and node.name in ("_needed", "_orphans"))
            or (isinstance(node, ast.Assign) and _is_literal(node.value))]
    scope: dict = {}
    exec(compile(ast.Module(pure, []), str(SPEC), "exec"), scope)
    return scope


def _is_literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except ValueError:
        return False
    return True


def _requirement_closure(names: list[str]) -> set[str]:
    """Installed distributions ``names`` need, transitively (markers for this Python)."""
    seen: set[str] = set()
    todo = [Requirement(n) for n in names]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in seen:
            continue
        seen.add(key)
        with contextlib.suppress(metadata.PackageNotFoundError):  # an extra not installed here
            todo.extend(Requirement(r) for r in metadata.requires(req.name) or [])
    return seen


def _modules_of() -> dict[str, set[str]]:
    modules: dict[str, set[str]] = {}
    for module, dists in metadata.packages_distributions().items():
        for dist in dists:
            modules.setdefault(canonicalize_name(dist), set()).add(module)
    return modules


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


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
    needed = _spec_namespace()["_needed"]
    assert needed(("PySide6/Qt/translations/qtbase_de.qm", "x", "DATA"))
    assert not needed(("PySide6/Qt/translations/qtbase_fr.qm", "x", "DATA"))
    assert not needed(("PySide6/Qt/lib/libQt6Network.so.6", "x", "BINARY"))
    assert needed(("PySide6/Qt/lib/libQt6Widgets.so.6", "x", "BINARY"))
    assert needed(("app/content/atlantis/game.yaml", "x", "DATA"))


def test_spec_excludes_every_package_of_the_test_and_bundle_extras_the_app_does_not_need():
    # The README's venv holds both extras; PyInstaller follows optional imports into them
    # (dulwich and Markdown take rich/pygments when installed). Whatever the app's own
    # dependencies do not require must be listed in EXCLUDES.
    project = _pyproject()["project"]
    extras = project["optional-dependencies"]
    runtime = _requirement_closure(project["dependencies"])
    tools = _requirement_closure(extras["test"] + extras["bundle"]) - runtime
    modules = _modules_of()
    excludes = set(_spec_namespace()["EXCLUDES"])
    assert {"pytest", "hypothesis", "pyinstaller", "rich", "pygments"} <= tools
    missing = {}
    for dist in sorted(tools):
        if dist in modules:
            left = modules[dist] - excludes
        else:  # not installed in this venv (the bundle extra): its module bears its name
            left = set() if any(canonicalize_name(e.lstrip("_")) == dist for e in excludes) \
                else {dist}
        if left:
            missing[dist] = sorted(left)
    assert not missing, f"in die Bundle-Spec EXCLUDES aufnehmen: {missing}"


def test_spec_excludes_nothing_the_app_or_its_dependencies_import():
    excludes = set(_spec_namespace()["EXCLUDES"])
    modules = _modules_of()
    runtime = _requirement_closure(_pyproject()["project"]["dependencies"])
    runtime_modules = set().union(*(modules.get(dist, set()) for dist in runtime))
    assert {"PySide6", "dulwich", "rapidfuzz", "urllib3", "genanki"} <= runtime_modules
    imported = set()
    for path in (REPO / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module)
    tops = {name.split(".")[0] for name in imported}
    assert {"dulwich", "rapidfuzz", "PySide6"} <= tops
    # A dotted exclude (PySide6.QtNetwork) removes only that module, not its package.
    clash = {e for e in excludes if e in runtime_modules | tops or e in imported}
    assert not clash, f"die App braucht, was die Spec ausschließt: {sorted(clash)}"
    assert "readline" in excludes and "readline" in sys.stdlib_module_names


QT = "PySide6/Qt/plugins"


def test_spec_drops_the_qt_plugins_a_desktop_widgets_app_never_loads():
    needed = _spec_namespace()["_needed"]

    def keeps(dest: str) -> bool:
        return needed((dest, "x", "BINARY"))

    for dropped in ("platforms/libqeglfs.so", "platforms/libqlinuxfb.so", "platforms/libqvnc.so",
                    "platforms/libqvkkhrdisplay.so", "platforms/libqminimalegl.so",
                    "platformthemes/libqgtk3.so", "generic/libqevdevmouseplugin.so",
                    "egldeviceintegrations/libqeglfs-x11-integration.so",
                    "imageformats/libqwebp.so", "imageformats/libqtiff.so"):
        assert not keeps(f"{QT}/{dropped}"), dropped
    # What a player's desktop, --screenshot/--pdf, the icons, the sheet and printing use.
    for kept in ("platforms/libqxcb.so", "platforms/libqwayland.so", "platforms/libqoffscreen.so",
                 "platformthemes/libqxdgdesktopportal.so", "iconengines/libqsvgicon.so",
                 "imageformats/libqsvg.so", "imageformats/libqjpeg.so",
                 "printsupport/libcupsprintersupport.so",
                 "platforminputcontexts/libcomposeplatforminputcontextplugin.so",
                 "platforminputcontexts/libibusplatforminputcontextplugin.so",
                 "wayland-shell-integration/libxdg-shell.so",
                 "xcbglintegrations/libqxcb-glx-integration.so"):
        assert keeps(f"{QT}/{kept}"), kept
    for lib in ("libQt6Svg.so.6", "libQt6PrintSupport.so.6", "libQt6DBus.so.6",
                "libQt6WaylandClient.so.6", "libicudata.so.73"):
        assert keeps(f"PySide6/Qt/lib/{lib}"), lib


def test_spec_keeps_one_rapidfuzz_build_and_the_compiled_parts_of_dulwich():
    needed = _spec_namespace()["_needed"]
    so = ".cpython-311-x86_64-linux-gnu.so"
    assert not needed((f"rapidfuzz/distance/metrics_cpp_avx2{so}", "x", "EXTENSION"))
    assert not needed((f"rapidfuzz/fuzz_cpp_avx2{so}", "x", "EXTENSION"))
    assert needed((f"rapidfuzz/distance/metrics_cpp{so}", "x", "EXTENSION"))
    assert needed((f"rapidfuzz/fuzz_cpp{so}", "x", "EXTENSION"))
    assert needed((f"dulwich/_pack{so}", "x", "EXTENSION"))
    assert needed((f"python3.11/lib-dynload/_ssl{so}", "x", "EXTENSION"))
    assert needed((f"python3.11/lib-dynload/_sqlite3{so}", "x", "EXTENSION"))


def test_libraries_only_a_dropped_plugin_needed_go_with_it():
    orphans = _spec_namespace()["_orphans"]
    links = {
        "platformthemes/libqgtk3.so": {"libcairo.so.2", "libgio-2.0.so.0", "libglib-2.0.so.0"},
        "libcairo.so.2": {"libpixman-1.so.0", "libpng16.so.16"},
        "libgio-2.0.so.0": {"libglib-2.0.so.0", "libmount.so.1"},
        "PySide6/Qt/lib/libQt6Core.so.6": {"libglib-2.0.so.0"},
        "PySide6/Qt/lib/libQt6Gui.so.6": {"libpng16.so.16"},
        "libpython3.11.so.1.0": set(),
    }

    def entry(dest):
        return (dest, f"/src/{dest}", "BINARY")

    dropped = [entry("platformthemes/libqgtk3.so")]
    kept = [entry(d) for d in links if d not in ("platformthemes/libqgtk3.so",)]
    kept += [entry(d) for d in ("libpixman-1.so.0", "libpng16.so.16", "libglib-2.0.so.0",
                                "libmount.so.1", "libbsd.so.0")]
    gone = orphans(kept, dropped, lambda e: links.get(e[0], set()))
    # cairo and gio go, and what only they linked (pixman, mount); glib and png stay because
    # Qt itself links them; an unrelated library nobody names is not touched.
    assert gone == {"libcairo.so.2", "libgio-2.0.so.0", "libpixman-1.so.0", "libmount.so.1"}


def _fake_build(monkeypatch, tmp_path, size_mib: int, link_to_nothing: bool = False):
    # No PyInstaller: the "build" leaves a folder whose one (sparse) file has the given size.
    import tests.bundle.__main__ as bundle

    def pyinstaller(argv, **_kwargs):
        app = tmp_path / "dist" / "regelfrisch"
        (app / "_internal").mkdir(parents=True)
        with open(app / "_internal" / "libbig.so", "wb") as big:
            big.truncate(size_mib * 2**20)
        if link_to_nothing:
            (app / "_internal" / "libgone.so.1").symlink_to("libgone.so.1.2")

    # Only the bundle module's view of subprocess: nothing else in this process is touched.
    monkeypatch.setattr(bundle, "subprocess", types.SimpleNamespace(run=pyinstaller))
    monkeypatch.setattr(bundle, "_paired_start_to_content", lambda *_args: (1.0, 1.0))
    return bundle.build(tmp_path / "dist")


def test_the_build_fails_above_150_mib_and_names_the_largest_files(monkeypatch, tmp_path, capsys):
    assert _fake_build(monkeypatch, tmp_path, 151) == 1
    said = capsys.readouterr().out
    assert "151.0 MiB (target ≤ 150 MiB) ZU GROSS" in said
    assert "151.00 MiB  _internal/libbig.so" in said


def test_the_build_passes_at_150_mib(monkeypatch, tmp_path, capsys):
    assert _fake_build(monkeypatch, tmp_path, 150) == 0
    assert "150.0 MiB (target ≤ 150 MiB) ok" in capsys.readouterr().out


def test_the_build_fails_on_a_link_to_a_left_out_library(monkeypatch, tmp_path, capsys):
    assert _fake_build(monkeypatch, tmp_path, 1, link_to_nothing=True) == 1
    assert "_internal/libgone.so.1" in capsys.readouterr().out


def test_the_bundle_leaves_out_only_resources_the_app_never_opens():
    spec = _spec_namespace()
    needed = spec["_needed"]
    for folder in spec["UNREAD_RESOURCES"]:
        assert (REPO / "resources" / folder).is_dir(), folder
        assert not needed((f"app/resources/{folder}/x", "x", "DATA"))
        for path in (REPO / "app").rglob("*.py"):
            assert f'"{folder}"' not in path.read_text(encoding="utf-8"), (path, folder)
    for kept in ("icons/quiz.svg", "items/A.svg", "pack-template/game.yaml", "style.qss",
                 "app-icon.svg"):
        assert needed((f"app/resources/{kept}", "x", "DATA")), kept
