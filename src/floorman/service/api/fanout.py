"""The feeds' side of taking views: after a change, every subscriber of one view in an event loop
waits for the same build and sends the same encoded text.

A thousand screens on the public feed are told of a change at once. Sending each of them off
to the thread pool to find the cached view, then encoding it again for its socket, cost more
than the view itself (the fan-out delay was seconds). Here the first subscriber to miss the
cache starts one build in the thread pool and the others of its loop await that build; a view
already cached is found without leaving the loop. Views are encoded where they are built
(:class:`~floorman.service.api.viewing.Taken`), never in the loop.
"""

from __future__ import annotations

import asyncio
import weakref

from starlette.concurrency import run_in_threadpool

from floorman.service.api.context import ApiContext
from floorman.service.api.viewing import CACHED, Taken, ViewCache, ViewKey, take


class _Flight:
    """A build under way, started when the tournament was at change ``sequence``. Its
    subscribers wait on an event rather than each on a shield of the build's task (a
    thousand shields cost more than the build): a subscriber that leaves cancels only its
    own wait, never the build the others wait for."""

    __slots__ = ("done", "failure", "sequence", "taken")

    def __init__(self, sequence: int) -> None:
        self.sequence = sequence
        self.done = asyncio.Event()
        self.taken: Taken | None = None
        self.failure: BaseException | None = None

    async def result(self) -> Taken:
        await self.done.wait()
        if self.failure is not None:
            raise self.failure
        assert self.taken is not None
        return self.taken


class Fanout:
    """Builds of cached views in flight, per event loop."""

    def __init__(self, cache: ViewCache) -> None:
        self.cache = cache
        self._flights: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, dict[ViewKey, _Flight]
        ] = weakref.WeakKeyDictionary()

    async def view(self, ctx: ApiContext, key: ViewKey) -> Taken:
        """``key``'s view now, as :func:`~floorman.service.api.viewing.take` gives it."""
        if key.audience not in CACHED:
            return await run_in_threadpool(take, ctx, self.cache, key)
        sequence = ctx.publisher.sequence(key.tournament)
        cached = self.cache.fresh(key, sequence, ctx.clock())
        if cached is not None:
            return cached
        flights = self._flights.setdefault(asyncio.get_running_loop(), {})
        flight = flights.get(key)
        if flight is None or flight.sequence < sequence:
            flight = self._start(ctx, key, sequence, flights)
        return await flight.result()

    def _start(
        self, ctx: ApiContext, key: ViewKey, sequence: int, flights: dict[ViewKey, _Flight]
    ) -> _Flight:
        flight = _Flight(sequence)
        flights[key] = flight
        task = asyncio.ensure_future(run_in_threadpool(take, ctx, self.cache, key))

        def landed(done: asyncio.Future[Taken]) -> None:
            if flights.get(key) is flight:
                del flights[key]
            if done.cancelled():
                flight.failure = asyncio.CancelledError()
            elif (failure := done.exception()) is not None:
                flight.failure = failure
            else:
                flight.taken = done.result()
            flight.done.set()

        task.add_done_callback(landed)
        return flight
