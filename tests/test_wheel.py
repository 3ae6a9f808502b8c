"""The wheel carries content and resources: installed, the app works from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

from tests.conftest import REPO


def test_wheel_installs_and_checks_from_another_folder(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(dist), str(REPO)], check=True, capture_output=True, timeout=240)
    wheel = next(dist.glob("regelfrisch-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "app/content/atlantis/game.yaml" in names
    assert "app/resources/style.qss" in names
    assert any(n.endswith("entry_points.txt") for n in names)

    # Install without touching the network: the test venv already has the dependencies.
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    "--target", str(target), str(wheel)], check=True, capture_output=True,
                   timeout=240)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "QT_QPA_PLATFORM": "offscreen"}
    script = target / "bin" / "regelfrisch"
    assert script.exists()
    result = subprocess.run([sys.executable, str(script), "--check"], cwd=elsewhere, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Alles in Ordnung" in result.stdout
    where = subprocess.run([sys.executable, "-c", "import app, sys; print(app.__file__)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    assert where.stdout.strip().startswith(str(target))
