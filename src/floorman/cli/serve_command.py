"""``floorman serve``: the tournament service over HTTP and WebSockets (uvicorn).

The event log is SQLite under ``--data-dir`` unless ``--db`` (or ``FLOORMAN_DATABASE_URL``)
names another database; it is migrated on start. The server listens on every interface by
default, so every device in the room reaches it, and gives out URLs (printed, in QR codes) at
the machine's LAN address (:mod:`floorman.service.lan`; ``--base-url`` wins, ``--host
127.0.0.1`` keeps it to this machine). The server's director token (the one that creates
tournaments) comes from ``--token`` or ``FLOORMAN_DIRECTOR_TOKEN``, or is drawn at start.
``--demo`` opens a demo tournament. Once the server answers, it prints a short list of what to
open (:mod:`floorman.cli.serve_startup`). ``--workers N`` starts N processes sharing the port
(PostgreSQL only: :mod:`floorman.service.cluster.workers`).
"""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
import uvicorn

from floorman.cli.serve_startup import Startup, startup_text
from floorman.server import create_app
from floorman.service.api.context import ApiContext
from floorman.service.api.demo import Demo, demo_tournament
from floorman.service.cluster.leases import SECONDS as LEASE_SECONDS
from floorman.service.cluster.workers import (
    Supervisor,
    WorkersRefused,
    refuse_single_process_database,
    shared_socket,
)
from floorman.service.core import TournamentService
from floorman.service.db import database_url
from floorman.service.lan import listens_on_network, public_base_url
from floorman.service.store import EventStore


def serve_command(
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: SQLite in --data-dir).")
    ] = None,
    host: Annotated[
        str,
        typer.Option(help="Interface to listen on (default: all; 127.0.0.1: this machine only)."),
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="Where the SQLite event log lives.")
    ] = Path("floorman-data"),
    token: Annotated[
        str | None,
        typer.Option(envvar="FLOORMAN_DIRECTOR_TOKEN", help="The server's director token."),
    ] = None,
    demo: Annotated[bool, typer.Option(help="Open a demo tournament and print its URLs.")] = False,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="The URL clients reach this server at.")
    ] = None,
    concurrent_tables: Annotated[
        bool, typer.Option(help="Deal every online table of a tournament at once.")
    ] = False,
    access_log: Annotated[
        bool, typer.Option(help="Log every HTTP request (a tenth of the server's CPU per command).")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes on this host, sharing the port (more than one: PostgreSQL)."
        ),
    ] = 1,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=0.5,
            help="PostgreSQL: how long a server-dealt event's lease lasts unless renewed "
            "(another process deals on this long after its owner dies).",
        ),
    ] = LEASE_SECONDS,
) -> None:
    """Start the tournament service (HTTP API, OpenAPI docs at /docs, WebSocket feeds)."""
    url = database_url(db, data_dir)
    try:
        refuse_single_process_database(url, workers)
    except WorkersRefused as refused:
        raise typer.BadParameter(str(refused), param_hint="--workers") from None
    options = _Options(
        url=url,
        host=host,
        port=port,
        data_dir=data_dir,
        server_token=token or secrets.token_urlsafe(32),  # drawn once: every worker's
        demo=demo,
        base_url=base_url,
        concurrent_tables=concurrent_tables,
        access_log=access_log,
        lease_seconds=lease_seconds,
    )
    if workers == 1:
        _serve(options, index=0, sockets=None)
        return
    EventStore.open(url, data_dir=data_dir).close()  # migrated once, before the workers fork
    supervisor = Supervisor(
        workers, lambda index: _serve(options, index=index, sockets=[shared_socket(host, port)])
    )
    raise typer.Exit(supervisor.run())


@dataclass(frozen=True, slots=True, kw_only=True)
class _Options:
    url: str
    host: str
    port: int
    data_dir: Path
    server_token: str
    demo: bool
    base_url: str | None
    concurrent_tables: bool
    access_log: bool
    lease_seconds: float


def _serve(options: _Options, *, index: int, sockets: list[socket.socket] | None) -> None:
    """One server process (worker ``index``: the first opens the demo and prints the list)."""
    store = EventStore.open(options.url, data_dir=options.data_dir)
    service = TournamentService(store)
    base = public_base_url(options.host, options.port, given=options.base_url)
    first = index == 0
    demos: list[Demo] = []

    def open_demo(ctx: ApiContext) -> None:
        demos.append(demo_tournament(ctx))

    app = create_app(
        service,
        server_token=options.server_token,
        base_url=base,
        concurrent_tables=options.concurrent_tables,
        on_ready=open_demo if options.demo and first else None,
        lease_seconds=options.lease_seconds,
    )
    _log_security()
    startup = Startup(
        base=base,
        server_token=options.server_token,
        network=listens_on_network(options.host),
        database=store.engine.url.render_as_string(hide_password=True),
    )
    config = uvicorn.Config(
        app,
        host=options.host,
        port=options.port,
        log_level="info" if options.access_log else "warning",  # the start-up list is to read
        access_log=options.access_log,
        loop="uvloop",
        http="httptools",
        ws_per_message_deflate=False,  # a view compressed per socket: docs/service.md
    )

    def announce() -> None:
        if first:
            typer.echo(startup_text(startup, demos[0] if demos else None))

    _AnnouncingServer(config, announce).run(sockets=sockets)


class _AnnouncingServer(uvicorn.Server):
    """uvicorn's server, printing the start-up list once it listens (so every URL printed
    already answers)."""

    def __init__(self, config: uvicorn.Config, announce: Callable[[], None]) -> None:
        super().__init__(config)
        self._announce = announce

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started and not self.should_exit:
            self._announce()


def _log_security() -> None:
    """Write the ``floorman.security`` log (join attempts, unknown tokens, lockouts: never a
    token or a code) to the server's error output, as uvicorn writes its own."""
    security = logging.getLogger("floorman.security")
    security.setLevel(logging.INFO)
    if not security.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        security.addHandler(handler)
        security.propagate = False
