"""The refresh ticker: the feeds get a new view the moment a level or break ends, and every
``refresh_seconds`` besides.

The end of a level changes every view (the level, the stakes, the next hand's level) though no
command changed anything, so nothing is published then. The clock knows when its level or break
in progress ends (:func:`~floorman.tournament.views.audiences.clock_changes_at`): the ticker keeps
that
moment for each tournament someone watches (or the server deals online), wakes at the earliest
one, deals at the online tables a break had stopped, and publishes, so every screen shows the
next level within moments of its start rather than at the next periodic refresh.

A tournament's moment is read again after each of its changes (a pause, added time), which the
publisher reports (:meth:`~floorman.service.api.feeds.Publisher.listen`). The periodic refresh
stays: the colour-up notice's minutes, the absences, and an online tournament's tables that
may start a hand again are followed by it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import threading

from starlette.concurrency import run_in_threadpool

from floorman.service.api.context import ApiContext
from floorman.service.core import UnknownStream
from floorman.tournament.views.clock import clock_changes_at

log = logging.getLogger("floorman.service.api")

LATE = 0.02
"""Seconds the ticker wakes after a level's end, so that the clock, read again, is past it."""


class Ticker:
    """Publishes each followed tournament when its clock's level or break ends."""

    def __init__(self, ctx: ApiContext, *, refresh_seconds: float) -> None:
        self.ctx = ctx
        self.refresh_seconds = refresh_seconds
        self._lock = threading.Lock()
        self._changed: set[str] = set()
        self._ends: dict[str, float | None] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._woken = False
        """A wake-up is on its way: the changes noted until it reads them need no other (at a
        thousand commands a second, one wake-up and one pass of the loop per command cost
        the server a tenth of its time)."""

    def notice(self, tournament: str) -> None:
        """``tournament`` changed or gained a subscriber: read its clock again. Any thread."""
        with self._lock:
            self._changed.add(tournament)
            loop, wake = self._loop, self._wake
            if self._woken or loop is None:
                return
            self._woken = True
        if wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server stops
                loop.call_soon_threadsafe(wake.set)

    async def run(self) -> None:
        """Until cancelled: wait for the earliest end or the next refresh, then publish."""
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        with self._lock:
            self._loop, self._wake = loop, wake
        refresh_at = loop.time() + self.refresh_seconds
        while True:
            await self._read_clocks()
            wait = min(self._until_next_end(), refresh_at - loop.time())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), max(wait, 0.0))
            wake.clear()
            await self._publish_ended()
            if loop.time() >= refresh_at:
                await self._refresh()
                refresh_at = loop.time() + self.refresh_seconds

    def ends(self) -> dict[str, float | None]:
        """The followed tournaments and when each one's level or break ends."""
        return dict(self._ends)

    async def _read_clocks(self) -> None:
        online = self.ctx.online
        followed = set(self.ctx.publisher.watched())
        followed |= set(online.tournaments() if online is not None else ())
        with self._lock:
            changed, self._changed = self._changed, set()
            self._woken = False
        for gone in set(self._ends) - followed:
            del self._ends[gone]
        stale = (changed & followed) | (followed - set(self._ends))
        if stale:
            self._ends.update(await run_in_threadpool(self._clock_ends, sorted(stale)))

    def _clock_ends(self, tournaments: list[str]) -> dict[str, float | None]:
        ends: dict[str, float | None] = {}
        for tournament in tournaments:
            try:
                with self.ctx.service.reading(tournament) as loaded:
                    ends[tournament] = clock_changes_at(loaded.tournament, self.ctx.clock())
            except UnknownStream:
                ends[tournament] = None
        return ends

    def _until_next_end(self) -> float:
        now = self.ctx.clock()
        ahead = [end - now for end in self._ends.values() if end is not None]
        return min(ahead) + LATE if ahead else math.inf

    async def _publish_ended(self) -> None:
        now = self.ctx.clock()
        ended = [t for t, end in self._ends.items() if end is not None and end <= now]
        online = self.ctx.online
        for tournament in ended:
            self._ends[tournament] = None  # read again once its publication is noticed
            if online is not None and online.is_online(tournament):
                await self._deal(tournament)  # a break is over: deal before showing it
            self.ctx.publisher.publish(tournament)

    async def _refresh(self) -> None:
        """Deal at online tables that may start a hand again, and send the feeds of every
        watched tournament a fresh view."""
        online = self.ctx.online
        for tournament in online.tournaments() if online is not None else ():
            await self._deal(tournament)
        for tournament in self.ctx.publisher.watched():
            self.ctx.publisher.publish(tournament)

    async def _deal(self, tournament: str) -> None:
        online = self.ctx.online
        assert online is not None
        try:
            await run_in_threadpool(online.top_up, tournament)
        except Exception:  # one bad tournament must not stop the others
            log.exception("dealing online tables of %s", tournament)
