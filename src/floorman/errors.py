"""The one error hierarchy of floorman.

Every layer raises these, so a caller (the CLI, the HTTP API) can catch ``FloormanError`` and
show a clear message without knowing which layer refused. Errors about rules carry the rule
reference once the ``rules`` layer exists; errors about input carry the constraint that failed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from floorman.rules.ruling import Ruling


class FloormanError(Exception):
    """Base of every error floorman raises on purpose."""


class MalformedInputError(FloormanError, ValueError):
    """Input that cannot be read at all: a bad card, a wrong count, a duplicate.

    ``constraint`` names what was violated (``card-syntax``, ``duplicate-card``,
    ``card-count``...), so programs can react without parsing the message.
    """

    def __init__(self, message: str, *, constraint: str) -> None:
        super().__init__(message)
        self.constraint = constraint


class IllegalActionError(FloormanError):
    """A well-formed request that the rules forbid in the current state; carries the ruling."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(str(ruling))
        self.ruling = ruling


class OutOfTurnError(IllegalActionError):
    """An action by a seat that is not the one to act."""


def refuse(message: str, constraint: str) -> NoReturn:
    """Refuse bad input: raise :class:`MalformedInputError` naming the ``constraint``.

    One helper for every module that validates input. It is typed ``NoReturn`` so that a type
    checker knows nothing after a call runs, and callers need no ``raise`` of their own to
    narrow a value or end a branch.
    """
    raise MalformedInputError(message, constraint=constraint)
