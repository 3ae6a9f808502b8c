"""PySide's source scan of every module imported after it is answered ahead (issue #27)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO

PROBE = """
import sys
import app.ui  # as the app starts: our Qt layer loads PySide and answers its scan ahead
feature = sys.modules["shibokensupport.feature"]
scanned = []
real = feature._mod_uses_pyside
def recording(module):
    scanned.append(module.__name__)
    return real(module)
feature._mod_uses_pyside = recording
import app.ui.application, app.ui.views.steps_view, app.model.progress, dataclasses, datetime
import xml.dom.minidom  # a package of the standard library not loaded so far
from PySide6.QtWidgets import QWidget
QWidget.setWindowTitle  # Qt's own names, as before
print(sorted(set(scanned)))
"""


def test_no_module_of_ours_nor_of_the_standard_library_is_read_for_pyside_features():
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    scanned = eval(result.stdout.strip().splitlines()[-1])  # a list of names we printed
    # Submodules of the standard library's packages (json.decoder) may still be read.
    ours = [name for name in scanned if name.startswith("app") or name in sys.stdlib_module_names]
    assert ours == [], ours
    assert scanned, "the probe sees PySide's scan"


def test_the_module_list_covers_the_app():
    from app.ui.pyside_startup import app_module_names

    names = set(app_module_names(str(REPO / "app")))
    assert {"app", "app.ui", "app.ui.main_window", "app.rules.atlantis",
            "app.model.progress"} <= names
    assert not any("__pycache__" in name for name in names)


SAME_ANSWER = """
import sys
import app.ui
feature = sys.modules["shibokensupport.feature"]
ours = feature._mod_uses_pyside
import pydantic, yaml, markdown, app.ui.application, app.model.loader  # what the full load uses
pyside_scan = ours.__closure__[0].cell_contents  # PySide's own answer, kept for the rest
differ = [name for name, module in list(sys.modules.items())
          if module is not None and getattr(module, "__file__", None)
          and ours(module) != pyside_scan(module)]
uses = sorted(name for name, module in list(sys.modules.items())
              if name.startswith("app.ui.") and ours(module))
print(repr((ours.reads_bytes, differ, "app.ui.main_window" in uses, ours(pydantic))))
"""


def test_other_modules_are_scanned_from_their_bytes_with_pysides_answer():
    result = subprocess.run([sys.executable, "-c", SAME_ANSWER], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    reads_bytes, differ, ui_uses_pyside, pydantic_uses = eval(
        result.stdout.strip().splitlines()[-1])  # a tuple we printed
    assert reads_bytes
    assert differ == [], differ
    assert ui_uses_pyside and not pydantic_uses
