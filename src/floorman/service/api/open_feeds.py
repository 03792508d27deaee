"""The open WebSocket feeds by the token that opened them, so that a token's end closes them.

A feed checks its token once, when it opens; afterwards it only sends views. Without this
registry a revoked token kept receiving the director's views (every online hole card) for as
long as its socket stayed open (issue 20, item 2). Each feed opened with a stored token
registers here how to cut it; the feed then ends with a refusal (close code 4401):

- at once when the token is revoked (:meth:`OpenFeeds.close_token`, called by the revoking
  route; a bridge carrying revocations between server processes, such as a PostgreSQL
  LISTEN/NOTIFY listener, calls the same method with the token's id);
- when the token expires (a timer of the feed's event loop);
- for a player's token, when his event ends (:meth:`OpenFeeds.close_players`);
- within :data:`SWEEP_SECONDS` when another server process over the same database revoked it
  (:meth:`OpenFeeds.sweep` asks the database which open feeds' tokens have ended; a
  LISTEN/NOTIFY bridge would call :meth:`OpenFeeds.close_token` at once instead).

The server's own director token is not stored and has no id: it ends with the server.
Safe from any thread: a cut is handed to the feed's own loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from floorman.service.api.roles import AccessDenied, Grant, Role

SWEEP_SECONDS = 5.0
"""How often each process asks the database whether its open feeds' tokens still hold."""

Cut = Callable[[AccessDenied], None]
"""Ends one feed with a refusal (called in the feed's loop)."""


@dataclass(slots=True, eq=False, kw_only=True)
class _Feed:
    token: int
    tournament: str | None
    role: Role
    loop: asyncio.AbstractEventLoop
    cut: Cut
    timer: asyncio.TimerHandle | None = field(default=None)


class OpenFeeds:
    """The feeds of one server process, by token id."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._by_token: dict[int, set[_Feed]] = {}

    @contextmanager
    def holding(self, grant: Grant, cut: Cut) -> Iterator[None]:
        """Register a feed of ``grant`` (in the running loop) for the block's length."""
        if grant.token_id is None:
            yield
            return
        loop = asyncio.get_running_loop()
        feed = _Feed(
            token=grant.token_id, tournament=grant.tournament, role=grant.role, loop=loop, cut=cut
        )
        if grant.expires_at is not None:
            delay = max(0.0, grant.expires_at - self.clock())
            feed.timer = loop.call_later(delay, cut, AccessDenied(401, "the token has expired"))
        with self._lock:
            self._by_token.setdefault(feed.token, set()).add(feed)
        try:
            yield
        finally:
            if feed.timer is not None:
                feed.timer.cancel()
            with self._lock:
                group = self._by_token.get(feed.token, set())
                group.discard(feed)
                if not group:
                    self._by_token.pop(feed.token, None)

    def close_token(self, token_id: int) -> int:
        """Cut every feed opened with token ``token_id`` (revoked); returns how many."""
        with self._lock:
            feeds = list(self._by_token.get(token_id, ()))
        return self._cut(feeds, AccessDenied(401, "the token was revoked"))

    def close_players(self, tournament: str) -> int:
        """Cut the players' feeds of ``tournament`` (the event is over: so are their tokens)."""
        with self._lock:
            feeds = [
                feed
                for group in self._by_token.values()
                for feed in group
                if feed.role is Role.PLAYER and feed.tournament == tournament
            ]
        return self._cut(feeds, AccessDenied(401, "the event is over: so is this token"))

    def tokens(self) -> tuple[int, ...]:
        """The ids of the tokens that hold feeds open now."""
        with self._lock:
            return tuple(self._by_token)

    def sweep(self, ended: Callable[[tuple[int, ...]], frozenset[int]]) -> int:
        """Cut the feeds whose token ``ended`` says has ended (revoked elsewhere, expired);
        returns how many were cut."""
        gone = ended(self.tokens())
        return sum(self.close_token(token_id) for token_id in gone)

    def count(self, token_id: int) -> int:
        """How many feeds token ``token_id`` holds open."""
        with self._lock:
            return len(self._by_token.get(token_id, ()))

    @staticmethod
    def _cut(feeds: list[_Feed], denial: AccessDenied) -> int:
        for feed in feeds:
            try:
                feed.loop.call_soon_threadsafe(feed.cut, denial)
            except RuntimeError:  # that loop has closed: its sockets are gone
                continue
        return len(feeds)
