"""The FastAPI application: the tournament service over HTTP and WebSockets.

:func:`create_api` wires the routes (one module per concept), the refusal mapping
(:mod:`~floorman.service.api.errors`), the scope table (:mod:`~floorman.service.api.roles`),
the publisher of the feeds and the online tables around a
:class:`~floorman.service.core.TournamentService`. The OpenAPI schema is at ``/openapi.json``
and the interactive documentation at ``/docs``.

The API knows nothing of the web pages: the layer above both (:func:`floorman.server.
create_app`) hands their routers and their inline scripts' hashes in as plain values.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import random
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.routing import BaseRoute

from floorman import __version__
from floorman.service.api import (
    errors,
    online_forwarding,
    responses,
    routes_commands,
    routes_days,
    routes_feeds,
    routes_leagues,
    routes_online,
    routes_people,
    routes_records,
    routes_structures,
    routes_tokens,
    routes_tournaments,
    routes_version,
    routes_views,
    routes_webhooks,
)
from floorman.service.api.broadcast import Broadcasts
from floorman.service.api.context import ApiContext, moment
from floorman.service.api.edge import EdgeLimits
from floorman.service.api.fanout import Fanout
from floorman.service.api.fast_commands import LeanCommands
from floorman.service.api.feeds import Publisher
from floorman.service.api.hardening import SecurityHeaders, scrub_access_log
from floorman.service.api.online import OnlineTables
from floorman.service.api.online_mirror import HandMirror
from floorman.service.api.open_feeds import SWEEP_SECONDS
from floorman.service.api.roles import token_hash
from floorman.service.api.ticker import Ticker
from floorman.service.api.viewing import ViewCache
from floorman.service.cluster.bridge import start_bridge, wait_connected
from floorman.service.cluster.leases import SECONDS as LEASE_SECONDS
from floorman.service.cluster.ownership import online_ownership
from floorman.service.core import Outcome, TournamentService
from floorman.service.webhooks.hooks import KEPT_DELIVERIES
from floorman.service.webhooks.sender import Webhooks
from floorman.service.webhooks.stored import HookStore
from floorman.tournament.desk.events import TournamentCancelled
from floorman.tournament.events import TournamentFinished
from floorman.tournament.views.clock import clock_view

log = logging.getLogger("floorman.service.api")

REFRESH_SECONDS = 15.0
"""How often the feeds of a tournament get a fresh view without any command (besides the
moment each level or break ends, :mod:`~floorman.service.api.ticker`), and how often online
tables that may start a hand again are dealt."""


def create_api(
    service: TournamentService,
    *,
    server_token: str,
    base_url: str = "http://127.0.0.1:8000",
    online_rng: random.Random | None = None,
    refresh_seconds: float = REFRESH_SECONDS,
    concurrent_tables: bool = False,
    on_ready: Callable[[ApiContext], None] | None = None,
    lean: bool = True,
    lease_seconds: float = LEASE_SECONDS,
    routers: Sequence[APIRouter] = (),
    script_hashes: tuple[str, ...] = (),
) -> FastAPI:
    """The app serving ``service``. ``server_token`` is the server's director token (it creates
    tournaments); ``online_rng`` shuffles the online decks (``None``: the system's randomness);
    ``concurrent_tables`` deals every online table of a tournament at once (see
    :mod:`~floorman.service.api.online`);
    ``on_ready(ctx)`` runs once the open online hands are recovered (the demo uses it);
    ``lean`` answers the hot command routes in :mod:`~floorman.service.api.fast_commands`
    before FastAPI (``False``: FastAPI alone, to compare the two);
    ``lease_seconds``: on PostgreSQL, how long a server-dealt tournament's lease lasts
    unless renewed (:mod:`floorman.service.cluster.ownership`);
    ``routers`` are served after the API's own (the web pages), and ``script_hashes`` are the
    inline scripts the security policy allows (:class:`~floorman.service.api.hardening.
    SecurityHeaders`)."""
    publisher = Publisher()
    ctx = ApiContext(
        service=service,
        publisher=publisher,
        server_token_hash=token_hash(server_token),
        base_url=base_url.rstrip("/"),
        clock=service.clock,
    )
    ownership = online_ownership(service, lease_seconds)
    ctx.online = OnlineTables(
        service,
        clock=service.clock,
        rng=online_rng,
        on_change=publisher.publish,
        concurrent=concurrent_tables,
        ownership=ownership,
    )
    if ownership is not None:
        ctx.online.mirror = HandMirror(service.store)  # hands dealt elsewhere, for views
        ownership.on_gained = ctx.online.take_over
        ownership.on_lost = ctx.online.lose
    service.listeners.append(_publishing(publisher))
    service.listeners.append(_ending_players(ctx))
    webhooks = Webhooks(
        _public_names(service),
        _stage(ctx),
        store=HookStore(service.store.engine, kept=KEPT_DELIVERIES),
    )
    service.listeners.append(webhooks.notice)
    ticker = Ticker(ctx, refresh_seconds=refresh_seconds)
    publisher.listen(ticker.notice)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        assert ctx.online is not None
        scrub_access_log()  # again: uvicorn configures its loggers after the app is made
        recovered = await run_in_threadpool(ctx.online.recover)
        await run_in_threadpool(webhooks.resume)  # deliveries pending before a restart
        if ownership is not None:
            ownership.start()
        if recovered:
            log.info("recovered %d online hands", recovered)
        # several processes: docs/service.md
        bridge = app.state.bridge = start_bridge(ctx, forwarder)
        if not await run_in_threadpool(wait_connected, bridge):
            log.warning("the change bridge is not listening yet: feeds may lag until it does")
        if on_ready is not None:
            await run_in_threadpool(on_ready, ctx)
        _freeze_once()
        running = asyncio.ensure_future(ticker.run())
        sweeping = asyncio.ensure_future(_sweep_feeds(ctx))
        try:
            yield
        finally:
            if bridge is not None:
                await run_in_threadpool(bridge.stop)
            if ownership is not None:
                await run_in_threadpool(ownership.stop)
            await run_in_threadpool(webhooks.stop)
            if forwarder is not None:
                forwarder.close()
            for task in (running, sweeping):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    app = FastAPI(
        title="floorman",
        version=__version__,
        summary="Poker tournaments run by the book: commands, views and feeds.",
        lifespan=lifespan,
    )
    app.state.floorman = ctx
    app.state.webhooks = webhooks
    app.state.views = ViewCache()
    app.state.fanout = Fanout(app.state.views)
    app.state.broadcasts = Broadcasts(app.state.fanout)
    app.state.ticker = ticker
    errors.install(app)
    forwarder = online_forwarding.install(app, ctx)  # online tables dealt by another process
    # first: matched before every router's routes (matching them all cost ~190 µs a request)
    app.add_api_route("/health", _health, methods=["GET"], name="health", tags=["service"])
    for module in (
        routes_version,
        routes_days,  # before routes_tournaments: its path is not a tournament's id
        routes_tournaments,
        routes_structures,
        routes_commands,
        routes_views,
        routes_tokens,
        routes_people,
        routes_leagues,
        routes_online,
        routes_records,
        routes_webhooks,
        routes_feeds,
    ):
        app.include_router(module.router)
    for router in routers:
        app.include_router(router)
    responses.document(routes_of(app))
    if lean:
        app.add_middleware(LeanCommands, ctx=ctx)
    app.add_middleware(EdgeLimits)  # met before the lean path
    app.add_middleware(
        SecurityHeaders, script_hashes=script_hashes
    )  # outermost: the lean path's answers get them too
    scrub_access_log()
    return app


def routes_of(app: FastAPI) -> list[BaseRoute]:
    """Every route of ``app``, those of its included routers too (FastAPI keeps them behind
    a wrapper in ``app.routes``); the scope test walks these."""
    found: list[BaseRoute] = []
    for route in app.routes:
        included = getattr(route, "original_router", None)
        found.extend(included.routes if included is not None else [route])
    return found


YOUNG_COLLECTION = 20_000
"""Allocations between two collections of the young generation (Python's default: 700)."""


@functools.cache
def _freeze_once() -> None:
    """What start-up made (modules, schemas, the recovered state) lives as long as the
    server: kept out of the collector's full passes, which paused the feeds for tens of
    milliseconds once a thousand sockets were open. Once a process: a test process starts
    many apps, and its garbage before each must stay collectable.

    The young generation is collected every :data:`YOUNG_COLLECTION` allocations rather than
    every 700: a command allocates a few thousand short-lived objects (its request, events,
    records, JSON), so the default threshold ran several young passes per command, about a
    tenth of the server's CPU per command (measured: 459–501 µs against 395–427 µs)."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)


def _health() -> dict[str, Any]:
    return {"status": "ok", "version": __version__}


async def _sweep_feeds(ctx: ApiContext) -> None:
    """Every :data:`~floorman.service.api.open_feeds.SWEEP_SECONDS`, cut the open feeds whose
    token another process revoked (this process's revocations cut them at once)."""
    store = ctx.service.store.tokens

    def ended(ids: tuple[int, ...]) -> frozenset[int]:
        return store.ended(ids, ctx.clock())

    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            await run_in_threadpool(ctx.feeds.sweep, ended)
        except Exception:  # pragma: no cover - the database away: try again next time
            log.exception("the sweep of the feeds' tokens failed")


ENDINGS = (TournamentFinished, TournamentCancelled)
"""Events after which the players' tokens of the event stop working."""


def _ending_players(ctx: ApiContext) -> Callable[[Outcome], None]:
    """Cut the players' feeds when their event ends (their tokens end with it: checked at
    every request by :func:`~floorman.service.api.context.grant_of`)."""

    def cut(outcome: Outcome) -> None:
        if any(isinstance(event, ENDINGS) for event in outcome.events):
            ctx.feeds.close_players(outcome.tournament_id)

    return cut


def _public_names(service: TournamentService) -> Callable[[str], Callable[[str], str]]:
    """For the webhooks: an event's entries by the name its clock display shows."""

    def of(tournament: str) -> Callable[[str], str]:
        with service.reading(tournament) as loaded:
            names = {e: s.name for e, s in loaded.tournament.state.entries.items()}
        return lambda entry: names.get(entry, entry)

    return of


def _stage(ctx: ApiContext) -> Callable[[str], dict[str, Any] | None]:
    """For the webhooks: an event's level (number and stakes) or break, as its clock reads."""

    def read(tournament: str) -> dict[str, Any] | None:
        with ctx.service.reading(tournament) as loaded:
            view = clock_view(loaded.tournament, moment(ctx.clock(), loaded.tournament))
        if view is None or view.status == "finished":
            return None
        if view.level is None:
            return {"on_break": True}
        level = view.level
        stakes = ("level", "small_blind", "big_blind", "ante", "small_bet", "big_bet")
        return {"on_break": False, **{k: getattr(level, k) for k in stakes}}

    return read


def _publishing(publisher: Publisher) -> Callable[[Outcome], None]:
    def publish(outcome: Outcome) -> None:
        publisher.publish(outcome.tournament_id)

    return publish
