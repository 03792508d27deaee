"""One sender per view: after a change, one task takes the view and hands the same message to
every subscriber's socket.

A task (or a waiting coroutine) per subscriber, each taking the view, woke a thousand
coroutines per change. Here the subscribers of one :class:`ViewKey` in one event loop form a
:class:`Broadcast`: it holds one subscription to the publisher, takes the view once per notice
(:class:`Fanout`), and offers the message to each subscriber in a plain loop.

Each subscriber sends through its socket's ASGI ``send`` (Starlette's public
``WebSocket.send_text``), whatever the server, in a short task of its own: the server makes
a send wait while the socket's send buffer is full, so a slow subscriber never holds the
others back. While its send waits, the views offered to it replace each other, and when the
send completes it is sent the latest one (whole views: the latest is all a screen needs, as
the notices folded behind a slow subscriber always were).

Ordering. A subscriber joins (the broadcast subscribes at once), then notes the publisher's
change count and takes its first view, which shows that change or a later one; the broadcast
sends it only the views of later changes, so no view older than its first follows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass

from starlette.websockets import WebSocketDisconnect

from floorman.errors import FloormanError
from floorman.service.api.context import ApiContext
from floorman.service.api.errors import NotFound
from floorman.service.api.fanout import Fanout
from floorman.service.api.feeds import Notice, Subscription
from floorman.service.api.viewing import ViewKey

log = logging.getLogger("floorman.service.api")

Ending = Exception | None
"""How a subscriber's feed ended: the refusal to send it (its table broke), or ``None``."""

Send = Callable[[str], Awaitable[None]]
"""A subscriber's socket: sends one text message (``WebSocket.send_text``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sent:
    """A view as the broadcast sent it: the change it was taken for, and its message."""

    sequence: int
    text: str


class Member:
    """One subscriber of a broadcast: its socket, the change its screen shows, its end."""

    def __init__(self, send: Send, seen: int, ended: asyncio.Future[Ending]) -> None:
        self.send = send
        self.seen = seen
        self.ended = ended
        self.sending: asyncio.Task[None] | None = None
        self.waiting: Sent | None = None
        """The latest view offered while a send was under way."""

    def offer(self, sent: Sent) -> None:
        """Send ``sent`` unless the screen shows it already; while a send is under way, keep
        it to send after that one if nothing newer comes."""
        if sent.sequence <= self.seen:
            return
        if self.sending is not None:
            self.waiting = sent
            return
        self.sending = asyncio.ensure_future(self._deliver(sent))

    async def _deliver(self, sent: Sent | None) -> None:
        try:
            while sent is not None:
                await self.send(sent.text)
                self.seen = sent.sequence
                sent, self.waiting = self.waiting, None
                if sent is not None and sent.sequence <= self.seen:
                    sent = None
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.end(None)  # the client left: its reader ends the feed too
        finally:
            self.sending = None

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
        if self.latest is not None:
            member.offer(self.latest)

    def remove(self, member: Member) -> None:
        self.members.discard(member)

    def close(self) -> None:
        """The last holder left: stop following the tournament."""
        self.subscription.close(Notice(tournament=self.key.tournament, sequence=-1))
        self._exit.close()

    async def _run(self) -> None:
        ending: Ending = None
        try:
            while (notice := await self.subscription.next()) is not None:
                taken = await self.fanout.view(self.ctx, self.key)
                sent = Sent(sequence=notice.sequence, text=taken.message())
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
