"""Rich-text documents that load nothing but the app's own files.

Qt's rich text fetches images and style sheets named in the HTML – local paths, ``file:``
URLs, devices such as ``/dev/zero`` or a FIFO. Content never puts such names into our HTML
(see :mod:`app.model.markup`); this is the second wall: whatever a document asks for, only
regular files inside the app's resources folder are read.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument

from app.model.paths import resources_root

MAX_RESOURCE_BYTES = 2 * 1024 * 1024


def bundled_file(url: QUrl) -> Path | None:
    """The app resource ``url`` names, or None for anything else."""
    if url.scheme() not in ("", "file"):
        return None
    try:
        path = Path(url.toLocalFile() or url.path()).resolve()
        root = resources_root().resolve()
        if not path.is_relative_to(root) or not path.is_file():
            return None
        if path.stat().st_size > MAX_RESOURCE_BYTES:
            return None
    except (OSError, ValueError, RuntimeError):
        return None
    return path


class SafeTextDocument(QTextDocument):
    """A QTextDocument whose resources can only be the app's own files."""

    def loadResource(self, kind: int, name: QUrl):
        if bundled_file(name) is None:
            return None
        return super().loadResource(kind, name)
