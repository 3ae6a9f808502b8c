"""The command line and the window use one data folder (a game made with --neu is seen)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

_ASK = """
import sys
from app.ui.progress_model import default_data_dir
print(default_data_dir())
if sys.argv[1] == "window":
    from app.ui.application import make_application
    make_application()
    print(default_data_dir())
"""


def _ask(home: Path, how: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "REGELFRISCH_DATA"}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
               QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", _ASK, how], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_command_line_and_the_window_agree_on_the_data_folder(tmp_path):
    alone, = _ask(tmp_path, "alone")
    before, after = _ask(tmp_path, "window")
    assert alone == before == after
    assert Path(alone).name == "Regelfrisch" and "Regelfrisch" in Path(alone).parent.name


def test_neu_writes_where_the_library_looks(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "REGELFRISCH_DATA"}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "share"),
               QT_QPA_PLATFORM="offscreen")
    made = subprocess.run([sys.executable, "-m", "app", "--neu", "Mein Spiel"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stdout + made.stderr
    folders = [p for p in (tmp_path / "share").rglob("game.yaml")]
    assert len(folders) == 1
    assert folders[0].parents[2] == tmp_path / "share" / "Regelfrisch" / "Regelfrisch", folders
