"""The one error family every engine raises; messages are German, for the player."""


class RulesError(ValueError):
    """Base of every error an engine raises for bad input.

    ``code`` names the reason in a word a program can compare (``"occupied"``, ``"no_card"``),
    so no caller ever has to read the German message to know why:

    >>> IllegalMoveError("Auf e5 steht schon ein Bohrturm.", code="occupied").code
    'occupied'
    >>> NotationError("Unlesbar.").code
    'notation'
    """

    code = "invalid"

    def __init__(self, message: str = "", code: str | None = None):
        super().__init__(message)
        if code:
            self.code = code


class NotationError(RulesError):
    """A position or move text that cannot be read; the message names the part."""

    code = "notation"


class IllegalMoveError(RulesError):
    """A well-formed move the rules forbid; the message names the rule."""

    code = "illegal"


def require_text(value: object, what: str, limit: int = 2000) -> str:
    """``value`` itself if it is a text of at most ``limit`` characters, else NotationError.

    Every parser calls this first, so a number, ``None`` or a list passed by mistake gives a
    German message instead of a TypeError or AttributeError.

    >>> require_text("e5", "Ein Feld")
    'e5'
    >>> require_text(1, "Ein Feld")
    Traceback (most recent call last):
    ...
    app.rules.errors.NotationError: Ein Feld wird als Text geschrieben, nicht als int.
    """
    if not isinstance(value, str):
        raise NotationError(f"{what} wird als Text geschrieben, nicht als {type(value).__name__}.")
    if len(value) > limit:
        raise NotationError(f"{what} ist zu lang (höchstens {limit} Zeichen).")
    return value
