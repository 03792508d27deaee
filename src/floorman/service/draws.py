"""The randomness a command draws (seat draws, buttons, balancing), kept with the command.

The draws were once ``random.Random(f"{seed}:{version}")`` with the seed in the database, so
anyone who read the database or an export could predict every draw (issue 20, item 10). Now a
command draws from the system's randomness (:class:`random.SystemRandom`, the operating
system's CSPRNG) through a :class:`RecordingRandom`, which keeps every raw value it hands out.
The values are stored with the command (``commands.draws``); their results (who sits where,
where the button is) are in the command's events as before. So:

- nothing stored before a draw tells what it will be;
- ``floorman replay`` decides each command again with a :class:`PlaybackRandom` of its stored
  values and must get exactly the stored events: no seed is needed, and a log whose events do
  not follow from its draws is caught.

Only a service built with an explicit ``rng_seed`` (tests, simulations) draws from a seeded
generator, for repeatable runs; its values are recorded the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from floorman.errors import FloormanError

Draw = int | float
"""One raw value: a ``getrandbits`` integer or a ``random()`` float."""


class RecordingRandom(random.Random):
    """Hands out ``source``'s values and keeps them in :attr:`draws`. Every method of
    :class:`random.Random` (shuffle, choice, sample, randrange...) is built on the two
    overridden here, as with :class:`random.SystemRandom`."""

    def __init__(self, source: random.Random | None = None) -> None:
        self.source = source if source is not None else random.SystemRandom()
        self.draws: list[Draw] = []
        super().__init__()

    def random(self) -> float:
        value = self.source.random()
        self.draws.append(value)
        return value

    def getrandbits(self, k: int, /) -> int:
        value = self.source.getrandbits(k)
        self.draws.append(value)
        return value

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seeding does nothing: the values come from ``source``."""

    def getstate(self) -> Any:
        raise NotImplementedError("a recording random source has no state to save")

    def setstate(self, state: Any) -> None:
        raise NotImplementedError("a recording random source has no state to restore")


class DrawsExhausted(FloormanError):
    """A command asked a playback for more values than were recorded for it."""


class PlaybackRandom(random.Random):
    """Gives back recorded values in order: a command decided again draws what it drew."""

    def __init__(self, draws: Iterable[Draw]) -> None:
        self.values: Sequence[Draw] = tuple(draws)
        self.used = 0
        super().__init__()

    def _next(self) -> Draw:
        if self.used >= len(self.values):
            raise DrawsExhausted("the command drew more values than were recorded for it")
        value = self.values[self.used]
        self.used += 1
        return value

    def random(self) -> float:
        value = self._next()
        if not isinstance(value, float):
            raise DrawsExhausted("a recorded draw is not a random() value")
        return value

    def getrandbits(self, k: int, /) -> int:
        value = self._next()
        if isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > k:
            raise DrawsExhausted(f"a recorded draw is not a {k}-bit value")
        return value

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seeding does nothing: the values are the recorded ones."""

    @property
    def exhausted(self) -> bool:
        """Every recorded value was used (a command that drew fewer did not decide alike)."""
        return self.used == len(self.values)


def draws_from_json(raw: object) -> tuple[Draw, ...]:
    """Stored draws read back (a JSON list of numbers; nothing: no draws)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in raw
    ):
        raise FloormanError("a command's draws are not a list of numbers")
    return tuple(raw)
