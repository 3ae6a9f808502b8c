"""The questions every engine answers about its invariants, from one list of checks.

Each engine's ``invariants`` module has a ``_check(state)`` that lists every broken invariant
as ``(flag, German reason)``, in the order of its ``Status`` flags. What players and parsers
ask of that list is the same for every game, so it is written once here:

>>> from enum import IntFlag
>>> class Status(IntFlag):
...     VALID = 0
...     TOO_FEW = 1
>>> queries = invariant_queries(lambda n: [] if n >= 2 else [(Status.TOO_FEW, "zu wenig")],
...                             Status.VALID, __name__)
>>> queries.status(1), queries.is_valid(2), queries.violations(1)
(<Status.TOO_FEW: 1>, True, ['zu wenig'])
>>> queries.check(1)
Traceback (most recent call last):
...
app.rules.errors.NotationError: zu wenig
>>> try:
...     queries.check(1)
... except NotationError as err:
...     err.code
'too_few'
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntFlag
from typing import Any, NamedTuple

from app.rules.errors import NotationError

Check = Callable[[Any], list[tuple[IntFlag, str]]]


class InvariantQueries(NamedTuple):
    status: Callable[[Any], IntFlag]
    is_valid: Callable[[Any], bool]
    violations: Callable[[Any], list[str]]
    check: Callable[[Any], Any]


def invariant_queries(check: Check, valid: IntFlag, module: str) -> InvariantQueries:
    """``status``, ``is_valid``, ``violations`` and ``check`` for one engine's ``_check``."""

    def status(state):
        """Every broken invariant of ``state`` as flags; ``Status.VALID`` if it could occur."""
        result = valid
        for flag, _ in check(state):
            result |= flag
        return result

    def is_valid(state) -> bool:
        """True if no invariant is broken."""
        return not check(state)

    def violations(state) -> list[str]:
        """The German reason for each broken invariant, in the order of ``Status``."""
        return [reason for _, reason in check(state)]

    def check_state(state):
        """``state`` itself, or NotationError with the reason of the first broken invariant;
        its code is the flag's name (``TOO_FEW`` → ``too_few``)."""
        found = check(state)
        if found:
            flag, reason = found[0]
            raise NotationError(reason, code=(flag.name or "invalid").lower())
        return state

    functions = InvariantQueries(status, is_valid, violations, check_state)
    for function in functions:
        function.__module__ = module  # they belong to the engine that uses them
    return functions
