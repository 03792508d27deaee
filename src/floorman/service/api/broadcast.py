"""One sender per view: after a change, one task takes the view and writes the same frame to
every subscriber's socket.

A task (or a waiting coroutine) per subscriber woke a thousand coroutines per change, each
sending through ASGI (:mod:`~floorman.service.api.frames` says what that cost). Here the
subscribers of one :class:`ViewKey` in one event loop form a :class:`Broadcast`: it holds one
subscription to the publisher, takes the view once per notice (:class:`Fanout`), frames it
once, and writes the bytes to each socket in a plain loop.

A slow subscriber never holds the others back: while its socket's send buffer is over the
high-water mark its views are skipped, and when the buffer drains it is sent the latest one
(whole views: the latest is all a screen needs, as the notices folded behind a slow
subscriber always were).

Ordering. A subscriber joins (the broadcast subscribes at once), then notes the publisher's
change count and takes its first view, which shows that change or a later one; the broadcast
sends it only the views of later changes, so no view older than its first follows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Iterator
from dataclasses import dataclass

from floorman.errors import FloormanError
from floorman.service.api.context import ApiContext
from floorman.service.api.errors import NotFound
from floorman.service.api.fanout import Fanout
from floorman.service.api.feeds import Notice, Subscription
from floorman.service.api.frames import FrameSink, text_frame
from floorman.service.api.viewing import ViewKey

log = logging.getLogger("floorman.service.api")

Ending = Exception | None
"""How a subscriber's feed ended: the refusal to send it (its table broke), or ``None``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sent:
    """A view as the broadcast sent it: the change it was taken for, and its frame."""

    sequence: int
    frame: bytes


class Member:
    """One subscriber of a broadcast: its socket, the change its screen shows, its end."""

    def __init__(self, sink: FrameSink, seen: int, ended: asyncio.Future[Ending]) -> None:
        self.sink = sink
        self.seen = seen
        self.ended = ended

    def offer(self, sent: Sent) -> None:
        """Write ``sent`` unless the screen shows it already or the socket is full (then
        the next drain sends the latest)."""
        if sent.sequence > self.seen and self.sink.write_frame(sent.frame):
            self.seen = sent.sequence

    def end(self, ending: Ending) -> None:
        if not self.ended.done():
            self.ended.set_result(ending)


class Broadcast:
    """The subscribers of one view in one event loop, and the task that sends it to them."""

    def __init__(self, ctx: ApiContext, fanout: Fanout, key: ViewKey) -> None:
        self.ctx, self.fanout, self.key = ctx, fanout, key
        self.members: set[Member] = set()
        self.holders = 0
        self.latest: Sent | None = None
        self._exit = contextlib.ExitStack()
        self.subscription: Subscription = self._exit.enter_context(
            ctx.publisher.subscribe(key.tournament)
        )
        self.task = asyncio.ensure_future(self._run())

    def add(self, member: Member) -> None:
        """``member`` has been sent its first view: from now on it is sent each new one,
        the latest at once if one came meanwhile."""
        self.members.add(member)
        member.sink.on_writable = lambda: self._resync(member)
        self._resync(member)

    def remove(self, member: Member) -> None:
        self.members.discard(member)
        member.sink.on_writable = None

    def _resync(self, member: Member) -> None:
        if self.latest is not None and member in self.members:
            member.offer(self.latest)

    def close(self) -> None:
        """The last holder left: stop following the tournament."""
        self.subscription.close(Notice(tournament=self.key.tournament, sequence=-1))
        self._exit.close()

    async def _run(self) -> None:
        ending: Ending = None
        try:
            while (notice := await self.subscription.next()) is not None:
                taken = await self.fanout.view(self.ctx, self.key)
                sent = Sent(sequence=notice.sequence, frame=text_frame(taken.message().encode()))
                self.latest = sent
                for member in self.members:
                    member.offer(sent)
        except (NotFound, FloormanError) as refusal:  # the table broke, the player left
            ending = refusal
        except Exception:  # pragma: no cover - a bug: close the feeds rather than hang them
            log.exception("feed broadcast of %s failed", self.key)
        finally:
            for member in self.members:
                member.end(ending)


class Broadcasts:
    """The broadcasts of each event loop, by view."""

    def __init__(self, fanout: Fanout) -> None:
        self.fanout = fanout
        self._by_loop: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, dict[ViewKey, Broadcast]
        ] = weakref.WeakKeyDictionary()

    @contextlib.contextmanager
    def joined(self, ctx: ApiContext, key: ViewKey) -> Iterator[Broadcast]:
        """The broadcast of ``key`` in the running loop, held (and following the
        tournament) until the block ends; the last holder to leave closes it."""
        broadcasts = self._by_loop.setdefault(asyncio.get_running_loop(), {})
        broadcast = broadcasts.get(key)
        if broadcast is None or broadcast.task.done():
            broadcast = broadcasts[key] = Broadcast(ctx, self.fanout, key)
        broadcast.holders += 1
        try:
            yield broadcast
        finally:
            broadcast.holders -= 1
            if broadcast.holders == 0:
                if broadcasts.get(key) is broadcast:
                    del broadcasts[key]
                broadcast.close()
