"""Limits on guessing tokens: join codes above all (issue 20, item 7).

A player's code is short (:data:`~floorman.service.api.roles.CODE_LENGTH` characters of a
32-letter alphabet: 2^40 codes), so it is typed from a slip of paper; unlimited, one client
tried about 700 codes a second. Every unknown code presented anywhere (a join link, a bearer
header, a feed's token) is a failed guess, and failures are limited before the lookup:

- **per client address**: a bucket of :data:`ADDRESS_BURST` failures refilled at one per
  :data:`ADDRESS_REFILL` seconds; :data:`LOCKOUT_FAILURES` failures within
  :data:`LOCKOUT_WINDOW` seconds lock the address out for :data:`LOCKOUT_SECONDS`;
- **per code space** (the whole server, every address together, against a guesser spread over
  many addresses): a bucket of :data:`SPACE_BURST` failures refilled at :data:`SPACE_RATE` a
  second.

An empty bucket or a lockout answers 429 with ``Retry-After`` without looking the code up,
so a correct guess gets no answer either. A valid code never spends anything: a room of
players joining at once from the venue's one address is not slowed. The other roles' tokens
(32 random bytes: nothing to guess) are never limited, so a guesser cannot lock the staff
out of their consoles; their failures are only logged. Each attempt at a join
code, and each failure anywhere, is logged on the ``floorman.security`` logger with the
client's address and never with the code.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("floorman.security")

ADDRESS_BURST = 10.0
ADDRESS_REFILL = 6.0
"""Seconds for one more failure to be allowed to an address (10 a minute)."""
LOCKOUT_FAILURES = 30
LOCKOUT_WINDOW = 900.0
LOCKOUT_SECONDS = 900.0
SPACE_BURST = 200.0
SPACE_RATE = 5.0
"""Failed guesses a second allowed over the whole server (432,000 a day: with 1,000 live codes
among 2^40, one lucky guess in about 2,500 days)."""
ADDRESSES_KEPT = 100_000
"""Addresses remembered at most; past it the quiet ones are forgotten."""


class TooManyAttempts(Exception):
    """429: too many failed tokens from this address or over the server; ``retry_after``
    seconds until the next attempt is heard."""

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass(slots=True)
class _Bucket:
    level: float
    at: float

    def refill(self, now: float, capacity: float, per_second: float) -> None:
        self.level = min(capacity, self.level + (now - self.at) * per_second)
        self.at = now


@dataclass(slots=True)
class _Address:
    bucket: _Bucket
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0


class GuessGuard:
    """The failure budgets of one server process (thread-safe)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._addresses: dict[str, _Address] = {}
        self._space = _Bucket(SPACE_BURST, clock())

    def admit(self, address: str | None) -> None:
        """Refuse (:class:`TooManyAttempts`) before a lookup when ``address`` is locked out
        or its failures, or the server's, are spent."""
        now = self.clock()
        with self._lock:
            self._space.refill(now, SPACE_BURST, SPACE_RATE)
            if self._space.level < 1:
                wait = (1 - self._space.level) / SPACE_RATE
                raise self._refused(address, "too many failed tokens on this server", wait)
            known = self._addresses.get(address or "")
            if known is None:
                return
            if known.locked_until > now:
                raise self._refused(
                    address,
                    "this address is locked out after repeated failures",
                    known.locked_until - now,
                )
            known.bucket.refill(now, ADDRESS_BURST, 1 / ADDRESS_REFILL)
            if known.bucket.level < 1:
                wait = (1 - known.bucket.level) * ADDRESS_REFILL
                raise self._refused(address, "too many failed tokens from this address", wait)

    def failed(self, address: str | None, *, code: bool = True) -> None:
        """A token presented from ``address`` was unknown: spend from both budgets if it had
        a code's shape (else only log it)."""
        if not code:
            log.info("unknown token (not a code) from %s", address)
            return
        now = self.clock()
        with self._lock:
            self._space.level -= 1
            known = self._address(address or "", now)
            known.bucket.refill(now, ADDRESS_BURST, 1 / ADDRESS_REFILL)
            known.bucket.level -= 1
            known.failures = [t for t in known.failures if t > now - LOCKOUT_WINDOW]
            known.failures.append(now)
            if len(known.failures) >= LOCKOUT_FAILURES:
                known.locked_until = now + LOCKOUT_SECONDS
                known.failures.clear()
                log.warning("address %s locked out after repeated failed tokens", address)
        log.info("unknown token from %s", address)

    def _address(self, address: str, now: float) -> _Address:
        known = self._addresses.get(address)
        if known is None:
            if len(self._addresses) >= ADDRESSES_KEPT:
                self._forget_quiet(now)
            known = self._addresses[address] = _Address(_Bucket(ADDRESS_BURST, now))
        return known

    def _forget_quiet(self, now: float) -> None:
        for address in [
            a
            for a, k in self._addresses.items()
            if k.locked_until <= now and (not k.failures or k.failures[-1] < now - LOCKOUT_WINDOW)
        ]:
            del self._addresses[address]
        if len(self._addresses) >= ADDRESSES_KEPT:  # all busy: start again rather than grow
            self._addresses.clear()

    @staticmethod
    def _refused(address: str | None, reason: str, wait: float) -> TooManyAttempts:
        log.warning("token attempt from %s refused: %s", address, reason)
        return TooManyAttempts(reason, wait)
