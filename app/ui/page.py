"""What the main window may ask of every section's page: one explicit protocol.

Every page answers the same five questions, so the window never probes with ``getattr``
(which would silently skip a page that renamed its board or forgot an attribute).
:class:`~app.ui.widgets.PageColumn` answers them for the reading pages, the board pages
name their board as ``focus_target``; ``tests/ui/test_game_registry.py`` builds every page
of every game and holds it to this protocol.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtWidgets import QWidget


@runtime_checkable
class Page(Protocol):
    anchors: dict[str, QWidget]  # what a search hit or a link may scroll to, by content id

    def focus_target(self) -> QWidget | None:
        """The widget whose keys the page advertises (a board, the quiz's start button);
        ``None``: the page itself, so arrow and page keys scroll it."""

    def scroll_to(self, widget: QWidget) -> None:
        """Bring ``widget`` (one of the anchors) into view."""

    def show_first_mark(self) -> None:
        """Open at the first rule marked for re-reading, if the page has marks."""

    def text_root(self) -> QWidget:
        """The widget whose labels hold the page's words: a search marks them there when no
        anchor is asked for (app/ui/highlight.py)."""
