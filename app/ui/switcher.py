"""How the game switcher names a game: own packs carry a pen and „(eigenes)“.

Apart from ``pack_actions`` so the window's first frame needs none of the pack machinery.
"""

from __future__ import annotations

from PySide6.QtGui import QIcon


def is_own(entry) -> bool:
    """Whether ``entry`` (a library entry, ``None`` before the content has loaded) is an own
    pack."""
    return entry is not None and entry.own_pack


def switcher_title(entry) -> str:
    """The game switcher's text: own packs are marked as the player's."""
    return f"{entry.short_title} (eigenes)" if is_own(entry) else entry.short_title


def switcher_icon(entry) -> QIcon:
    """A pen beside own packs: seen even where a long name hides the words „eigenes“."""
    from app.model.paths import resources_root

    return QIcon(str(resources_root() / "icons" / "own-pack.svg")) if is_own(entry) else QIcon()
