"""WebSocket feeds: each subscriber gets its audience's whole view on connect, then a new whole
view after every acknowledged command and every action at an online table.

Whole views rather than diffs: a view is small (a public screen is a few kilobytes, a director's
grows with the field), a client that missed one message is never out of step, and the same
JSON serves the HTTP view endpoints. Messages are ``{"type": "view", "audience", "version",
"at", "view"}``; ``at`` is the service's clock when the view was taken, so a screen counts the
level's time down from ``view.clock.remaining`` until the next message. A refusal (bad token,
unknown tournament) is one ``{"type": "error", ...}`` message, then the socket closes with code
4401, 4403 or 4404.

The :class:`Publisher` is in-process: commands run in worker threads, subscribers wait in the
event loop, so a notice is handed to each subscriber's loop with ``call_soon_threadsafe``.
Several server processes over one PostgreSQL database would put a LISTEN/NOTIFY bridge in
front of :meth:`Publisher.publish`; nothing else changes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

QUEUE_SIZE = 64
"""Notices a slow subscriber may have waiting; older ones are dropped (each notice only says
"look again", so one pending notice is as good as many)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Notice:
    """Something changed in a tournament: views taken before change ``sequence`` are stale."""

    tournament: str
    sequence: int


class Subscription:
    """One subscriber's queue of notices, fed from any thread."""

    def __init__(self, tournament: str, loop: asyncio.AbstractEventLoop) -> None:
        self.tournament = tournament
        self.loop = loop
        self.queue: asyncio.Queue[Notice] = asyncio.Queue(QUEUE_SIZE)
        self.closed = False

    def offer(self, notice: Notice) -> None:
        """Called in the subscriber's loop: keep the newest notice when the queue is full."""
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(notice)

    def close(self, last: Notice) -> None:
        """The subscriber has left (called in its loop): :meth:`next` answers ``None`` from
        now on, and a wait for it ends at once (``last`` wakes it)."""
        self.closed = True
        self.offer(last)

    async def next(self) -> Notice | None:
        """The next notice, with any that piled up behind it folded into the newest;
        ``None`` once the subscriber has left."""
        notice = await self.queue.get()
        while not self.queue.empty():
            notice = self.queue.get_nowait()
        return None if self.closed else notice


def _offer_all(subscriptions: list[Subscription], notice: Notice) -> None:
    for subscription in subscriptions:
        subscription.offer(notice)


class Publisher:
    """Fan-out of notices to the subscribers of each tournament."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self._sequence: dict[str, int] = {}
        self._listeners: list[Callable[[str], None]] = []

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(tournament)`` (from the publishing thread) after every change and
        when a tournament gains a subscriber: the refresh ticker follows the clocks this way."""
        self._listeners.append(listener)

    @contextmanager
    def subscribe(self, tournament: str) -> Iterator[Subscription]:
        """A subscription for the running event loop, removed when the block ends."""
        subscription = Subscription(tournament, asyncio.get_running_loop())
        with self._lock:
            self._subscribers.setdefault(tournament, set()).add(subscription)
        self._tell(tournament)
        try:
            yield subscription
        finally:
            with self._lock:
                group = self._subscribers.get(tournament, set())
                group.discard(subscription)
                if not group:
                    self._subscribers.pop(tournament, None)

    def publish(self, tournament: str) -> int:
        """Tell every subscriber of ``tournament`` that it changed (a command acknowledged, an
        action at an online table); returns how many were told. Safe from any thread."""
        with self._lock:
            sequence = self._sequence[tournament] = self._sequence.get(tournament, 0) + 1
            group = list(self._subscribers.get(tournament, ()))
        notice = Notice(tournament=tournament, sequence=sequence)
        by_loop: dict[asyncio.AbstractEventLoop, list[Subscription]] = {}
        for subscription in group:
            by_loop.setdefault(subscription.loop, []).append(subscription)
        for loop, subscriptions in by_loop.items():  # one wake-up per loop, not per socket
            try:
                loop.call_soon_threadsafe(_offer_all, subscriptions, notice)
            except RuntimeError:  # that loop has closed: its sockets are gone
                continue
        self._tell(tournament)
        return len(group)

    def _tell(self, tournament: str) -> None:
        for listener in self._listeners:
            listener(tournament)

    def sequence(self, tournament: str) -> int:
        """How many changes of ``tournament`` were published: views cached under an older
        number are stale."""
        with self._lock:
            return self._sequence.get(tournament, 0)

    def watched(self) -> tuple[str, ...]:
        """The tournaments that have subscribers now."""
        with self._lock:
            return tuple(sorted(self._subscribers))

    def subscribers(self, tournament: str) -> int:
        with self._lock:
            return len(self._subscribers.get(tournament, ()))
