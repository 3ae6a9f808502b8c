"""Where the shipped content and resources live, installed or in a checkout."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

DATA_ENV = "REGELFRISCH_DATA"
# The player's own games, inside their data folder. Here rather than in app.model.packs,
# which pulls in the whole content schema, because the start asks for it before the first frame.
PACKS_FOLDER = "spiele"


def data_dir(default: Path) -> Path:
    """The folder for progress and settings: ``$REGELFRISCH_DATA`` if set, else ``default``."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else default


@cache
def _shipped(name: str) -> Path:
    # In a wheel the folders are packaged inside ``app``; in a source checkout
    # (and an editable install) they sit beside it at the top level.
    # Beside app/__init__.py, as importlib.resources.files("app") would say for any
    # installed (unzipped) package, without importing importlib.resources at start.
    packaged = Path(__file__).resolve().parents[1] / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / name


def content_root() -> Path:
    return _shipped("content")


def resources_root() -> Path:
    return _shipped("resources")


def packs_root(data: Path) -> Path:
    """The pack folder inside the user's data folder."""
    return data / PACKS_FOLDER
