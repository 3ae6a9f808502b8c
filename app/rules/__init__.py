"""Game engines: pure Python, no Qt, no YAML, no files.

Each game module offers ``example_facts(position, action) -> dict`` so the model
layer can check worked examples without knowing a game's rules.
"""

from app.rules.errors import IllegalMoveError, NotationError, RulesError

__all__ = ["IllegalMoveError", "NotationError", "RulesError"]
