"""Which process deals each server-dealt tournament: a lease per tournament
(:mod:`floorman.service.cluster.leases`), renewed by a thread, taken over when it expires.

The online tables keep each live hand in the memory of the process dealing it (its deck's
order is never stored), so a tournament's tables are dealt by one process at a time: the one
holding the lease ``online:<tournament>``. It takes the lease when it deals the first hand (or
recovers the open hands at start), renews it every third of its length, and fences each
write to a hand's stream with it, so a process that lost the lease (paused past its expiry)
cannot deal or act again. Every process looks for expired leases as often: the first to take
one over folds the open hands back from their streams and deals on
(:meth:`OnlineTables.take_over`), within about the lease's length of the owner's death.

Levels are not fired by anyone: a level's start is a moment the clock's state computes, not an
event, so every process shows the same level and none can fire one twice.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import sqlalchemy as sa

from floorman.service.cluster.leases import Fence, Lease, LeaseLost, Leases
from floorman.service.core import TournamentService

log = logging.getLogger("floorman.service.cluster")

PREFIX = "online:"
"""The leases' names: ``online:<tournament>``."""


def _lost(connection: sa.Connection) -> None:
    raise LeaseLost("this server process does not deal these tables")


class Ownership:
    """The server-dealt tournaments this process owns, by lease."""

    def __init__(self, leases: Leases) -> None:
        self.leases = leases
        self.on_gained: Callable[[str], object] = lambda tournament: None
        self.on_lost: Callable[[str], object] = lambda tournament: None
        self._held: dict[str, Lease] = {}
        self._settling: set[str] = set()
        """Tournaments being taken over: owned, their hands not folded back yet."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def claim(self, tournament: str) -> bool:
        """Whether this process deals ``tournament`` (taking its lease if it is free)."""
        with self._lock:
            if tournament in self._held:
                return True
        lease = self.leases.acquire(PREFIX + tournament)
        if lease is None:
            return False
        with self._lock:
            self._held[tournament] = lease
        return True

    def owns(self, tournament: str) -> bool:
        with self._lock:
            return tournament in self._held

    def serves(self, tournament: str) -> bool:
        """Whether this process answers for ``tournament``'s tables now: it owns them and is
        not still folding them back after a takeover (a forwarded request heard meanwhile is
        sent again and answered once the hands are here)."""
        with self._lock:
            return tournament in self._held and tournament not in self._settling

    def forfeit(self, tournament: str) -> None:
        """Forget the lease of ``tournament`` (a write found it taken over)."""
        with self._lock:
            self._held.pop(tournament, None)

    def fence(self, tournament: str) -> Fence:
        """The check of this process's lease on ``tournament``, for a write's transaction."""
        with self._lock:
            lease = self._held.get(tournament)
        return _lost if lease is None else Leases.fence(lease)

    def tick(self) -> None:
        """Renew what is held (dropping what was lost), then take over expired leases."""
        with self._lock:
            held = list(self._held.items())
        for tournament, lease in held:
            if not self.leases.renew(lease):
                with self._lock:
                    self._held.pop(tournament, None)
                log.warning("lost the online tables of %s to another process", tournament)
                self.on_lost(tournament)
        for name in self.leases.expired(PREFIX):
            tournament = name.removeprefix(PREFIX)
            with self._lock:
                self._settling.add(tournament)
            try:
                if not self.owns(tournament) and self.claim(tournament):
                    log.info("took over the online tables of %s", tournament)
                    self.on_gained(tournament)
            finally:
                with self._lock:
                    self._settling.discard(tournament)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="floorman-leases", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop renewing and give every lease up, so another process takes over at once."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        with self._lock:
            held, self._held = list(self._held.values()), {}
        for lease in held:
            try:
                self.leases.release(lease)
            except sa.exc.SQLAlchemyError:
                continue  # it expires by itself

    def _run(self) -> None:
        while not self._stop.wait(self.leases.seconds / 3):
            try:
                self.tick()
            except sa.exc.SQLAlchemyError as error:  # the database is away: try again
                log.warning("lease renewal failed: %s", error)


def online_ownership(service: TournamentService, seconds: float) -> Ownership | None:
    """The ownership of a PostgreSQL store's online tables (``None`` on SQLite: one process
    deals everything)."""
    engine: sa.Engine | None = getattr(service.store, "engine", None)  # a stand-in has none
    if engine is None or engine.dialect.name != "postgresql":
        return None
    return Ownership(Leases(engine, seconds=seconds))
