"""The bridge: each server process LISTENs for the changes the others commit and tells its
own feeds, so a command taken by one process reaches the subscribers of every process.

A thread per process holds one PostgreSQL session that LISTENs on
:data:`~floorman.service.cluster.notify.CHANGES` and
:data:`~floorman.service.cluster.notify.REVOCATIONS`. For each change of a tournament (or of
one of its online hands' streams) made by another process it drops the tournament's cached
state if it is behind the announced version (:meth:`TournamentService.observe`, so the next
command here is not decided on it and refused as stale), then publishes the tournament: the
process's broadcasts take their views again from the log and send them. For each revoked
token it drops the token from the token cache and cuts the feeds it holds open here.

Catching up. Notifications sent while the session was down are lost, so after every
(re)connection, once LISTEN is in force, the bridge drops every cached state and publishes
every tournament that has subscribers here: each view is taken again from the log, which
holds every change. Views are whole and taken from a log that only grows, so a subscriber
may skip states but never sees an older one after a newer one.
"""

from __future__ import annotations

import logging
import threading

import psycopg

from floorman.service.api.context import ApiContext
from floorman.service.cluster.forwarding import ANSWERS, FORWARDS, Forwarder
from floorman.service.cluster.notify import CHANGES, REVOCATIONS, Announcer, Change, parse_changes

log = logging.getLogger("floorman.service.cluster")

WAKE_SECONDS = 0.5
"""How often the listening thread looks whether it should stop."""
RETRY_SECONDS = 0.5
"""The pause before connecting again after the session was lost."""


class Bridge:
    """The LISTEN side of one server process (PostgreSQL stores only)."""

    def __init__(
        self, ctx: ApiContext, announcer: Announcer, forwarder: Forwarder | None = None
    ) -> None:
        self.ctx = ctx
        self.announcer = announcer
        self.forwarder = forwarder
        """Requests for online tables forwarded between processes (:mod:`.forwarding`)."""
        url = ctx.service.store.engine.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()
        self.connections = 0
        """Sessions opened so far (more than one: the bridge reconnected and caught up)."""
        self.session: psycopg.Connection[tuple[object, ...]] | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="floorman-bridge", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as session:
                    self._listen(session)
            except psycopg.Error as error:
                log.warning("change bridge lost its session (%s); reconnecting", error)
            finally:
                self.connected.clear()
                self.session = None
            self._stop.wait(RETRY_SECONDS)

    def _listen(self, session: psycopg.Connection[tuple[object, ...]]) -> None:
        session.execute(f"LISTEN {CHANGES}")
        session.execute(f"LISTEN {REVOCATIONS}")
        if self.forwarder is not None:
            session.execute(f"LISTEN {FORWARDS}")
            session.execute(f"LISTEN {ANSWERS}")
        self.session = session
        self.connections += 1
        self.catch_up()
        self.connected.set()
        while not self._stop.is_set():
            for notice in session.notifies(timeout=WAKE_SECONDS):
                if notice.channel == CHANGES:
                    own = self.announcer.own(notice.pid)
                    for change in parse_changes(notice.payload):
                        self.changed(change, own=own)
                elif notice.channel == REVOCATIONS and notice.payload.isdigit():
                    self.revoked(int(notice.payload))
                elif self.forwarder is not None:
                    self.forwarded(self.forwarder, notice.channel, notice.payload)

    def changed(self, change: Change, *, own: bool) -> None:
        """``change`` was committed (``own``: by this process, whose feeds know already)."""
        tournament = change.tournament
        behind = False
        if change.stream == tournament:
            behind = self.ctx.service.observe(tournament, change.version)
        elif not own and self.ctx.online is not None:  # a hand another process deals
            self.ctx.online.heard(change.stream, change.version)
        if own and not behind:
            return
        self.ctx.publisher.publish(tournament)

    @staticmethod
    def forwarded(forwarder: Forwarder, channel: str, payload: str) -> None:
        """A forwarded request (served here if this process owns its tables) or an answer."""
        if channel == FORWARDS:
            forwarder.received(payload)
        elif channel == ANSWERS:
            forwarder.answered(payload)

    def revoked(self, token_id: int) -> None:
        self.ctx.service.store.tokens.forget(token_id)
        self.ctx.feeds.close_token(token_id)

    def catch_up(self) -> None:
        """After a gap: every cached state read again, every followed view taken again."""
        self.ctx.service.forget()
        for tournament in self.ctx.publisher.watched():
            self.ctx.publisher.publish(tournament)


def start_bridge(ctx: ApiContext, forwarder: Forwarder | None = None) -> Bridge | None:
    """The bridge of ``ctx``'s process, started (``None`` on SQLite: one process only);
    ``forwarder``: it hears forwarded requests and their answers too."""
    announcer = ctx.service.store.announcer
    if announcer is None:
        return None
    bridge = Bridge(ctx, announcer, forwarder)
    bridge.start()
    return bridge


def wait_connected(bridge: Bridge | None, timeout: float = 10.0) -> bool:
    """Block until the bridge listens (start-up waits for it, so a change committed once the
    server answers is never missed); ``False`` if it did not within ``timeout``."""
    return bridge is None or bridge.connected.wait(timeout)
