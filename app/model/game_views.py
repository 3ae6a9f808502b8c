"""What a whole game answers beyond its fields, for the full model and the snapshot alike.

Kept free of pydantic so :class:`~app.model.snapshot.GameRecord` (read without pydantic at
start) and :class:`~app.model.schema.Game` share one definition.
"""

from __future__ import annotations


class GameViews:
    """Needs ``self.content`` with ``meta``, ``steps``, ``numbers``, ``pitfalls``,
    ``interpretations`` and ``variants``."""

    @property
    def title(self) -> str:
        return self.content.meta.title

    @property
    def short_title(self) -> str:
        return self.content.meta.short_title or self.content.meta.title

    def linkable_ids(self) -> dict[str, str]:
        """Every id a quiz item or example may point at, with its kind."""
        ids: dict[str, str] = {}
        for kind, entries in (("step", self.content.steps), ("number", self.content.numbers),
                              ("pitfall", self.content.pitfalls),
                              ("interpretation", self.content.interpretations),
                              ("variant", self.content.variants)):
            for entry in entries:
                ids[entry.id] = kind
        return ids
