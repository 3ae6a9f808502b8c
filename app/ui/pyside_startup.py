"""Spares the start PySide's source scan of every module imported after it.

PySide6 supports ``from __feature__ import snake_case`` per module. To know which modules
might use it, its import hook reads the whole source of every module the first time an
``import`` statement names it after ``PySide6.QtCore`` was loaded (``inspect.getsource``,
looking for the word "PySide6") – our sixty-odd modules and the standard library's, about
10–15 ms of a start of ~300 ms (issue #27, measured with ``python -m tests.bench startup``).
We use no such feature, so the answer is known beforehand: every module keeps Qt's
standard names. It is written into PySide's table ahead of the imports; PySide then skips
the scan. Should a PySide version keep the table elsewhere, nothing happens and it scans as
before.

The modules we cannot name ahead (the libraries the full load imports after the first
frame: pydantic, YAML, Markdown, and the standard library's submodules) are still scanned,
but by reading the file's bytes: PySide's own scan goes through ``inspect.getsource``
(tokenizing, the line cache), 80 ms for those libraries on the worker thread that checks
the content while the window should answer; the same question answered from the bytes
takes a fraction of that (``tests/ui/test_pyside_startup.py``).
"""

from __future__ import annotations

import os
import sys

import PySide6.QtCore  # noqa: F401 - loads the import hook whose table is filled here

# PySide's values: 0 = uses PySide, no feature chosen; -1 = does not use PySide.
_USES_PYSIDE, _IGNORED = 0, -1


def app_module_names(root: str) -> list[str]:
    """The dotted names of the Python modules and packages in the package folder ``root``."""
    base = os.path.dirname(root)
    names = []
    for folder, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "__"))]
        package = os.path.relpath(folder, base).replace(os.sep, ".")
        for filename in filenames:
            if filename == "__init__.py":
                names.append(package)
            elif filename.endswith(".py"):
                names.append(f"{package}.{filename[:-3]}")
    return names


def skip_feature_scan() -> int:
    """Tell PySide that no module of ours or of the standard library uses ``__feature__``,
    and let it answer for any other module from the file's bytes.

    Returns how many names were entered (0 when PySide keeps no such table)."""
    feature = sys.modules.get("shibokensupport.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return 0
    scan = getattr(feature, "_mod_uses_pyside", None)
    if callable(scan) and not getattr(scan, "reads_bytes", False):
        feature._mod_uses_pyside = uses_pyside_from_bytes(scan)
    entered = 0
    app_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ours = [(name, _USES_PYSIDE if name.startswith("app.ui") else _IGNORED)
            for name in app_module_names(app_root)]
    theirs = [(name, _IGNORED) for name in (*sys.stdlib_module_names, *sys.modules)
              if not name.startswith(("PySide6", "shiboken", "__feature__"))]
    for name, value in (*ours, *theirs):
        if name not in table:
            table[name] = value
            entered += 1
    return entered


def uses_pyside_from_bytes(pyside_scan):
    """PySide's question „does this module's source name PySide6?“, answered from the bytes
    of its ``.py`` file; any other module (built in, compiled, without a file) goes to
    ``pyside_scan``, PySide's own answer."""

    def uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return pyside_scan(module)

    uses_pyside.reads_bytes = True
    return uses_pyside
