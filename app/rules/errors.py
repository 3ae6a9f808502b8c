"""The one error family every engine raises; messages are German, for the player."""


class RulesError(ValueError):
    """Base of every error an engine raises for bad input."""


class NotationError(RulesError):
    """A position or move text that cannot be read; the message names the part."""


class IllegalMoveError(RulesError):
    """A well-formed move the rules forbid; the message names the rule."""
