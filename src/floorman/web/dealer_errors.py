"""The step number in the tablet's refusals: the live layer says what is wrong with an entry,
the tablet says which of its steps it was (``step 3: no up-cards are to be dealt now``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from floorman.errors import MalformedInputError


@contextmanager
def numbered(number: int) -> Iterator[None]:
    """Refusals of malformed input raised inside name the step ``number``."""
    try:
        yield
    except MalformedInputError as refused:
        raise MalformedInputError(
            f"step {number}: {refused}", constraint=refused.constraint
        ) from None
