"""``floorman serve``: the tournament service over HTTP and WebSockets (uvicorn).

The event log is SQLite under ``--data-dir`` unless ``--db`` (or ``FLOORMAN_DATABASE_URL``)
names another database; it is migrated on start. The server listens on every interface by
default, so every device in the room reaches it, and gives out URLs (printed, in QR codes) at
the machine's LAN address (:mod:`floorman.service.lan`; ``--base-url`` wins, ``--host
127.0.0.1`` keeps it to this machine). The server's director token (the one that creates
tournaments) comes from ``--token`` or ``FLOORMAN_DIRECTOR_TOKEN``, or is drawn at start.
``--demo`` opens a demo tournament. Once the server answers, it prints a short list of what to
open (:mod:`floorman.cli.serve_startup`).
"""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
import uvicorn

from floorman.cli.serve_startup import Startup, startup_text
from floorman.service.api.app import create_app
from floorman.service.api.context import ApiContext
from floorman.service.api.demo import Demo, demo_tournament
from floorman.service.api.frames import FeedWebSocketProtocol
from floorman.service.core import TournamentService
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
) -> None:
    """Start the tournament service (HTTP API, OpenAPI docs at /docs, WebSocket feeds)."""
    store = EventStore.open(db, data_dir=data_dir)
    service = TournamentService(store)
    server_token = token or secrets.token_urlsafe(32)
    base = public_base_url(host, port, given=base_url)
    demos: list[Demo] = []

    def open_demo(ctx: ApiContext) -> None:
        demos.append(demo_tournament(ctx))

    app = create_app(
        service,
        server_token=server_token,
        base_url=base,
        concurrent_tables=concurrent_tables,
        on_ready=open_demo if demo else None,
    )
    _log_security()
    startup = Startup(
        base=base,
        server_token=server_token,
        network=listens_on_network(host),
        database=store.engine.url.render_as_string(hide_password=True),
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info" if access_log else "warning",  # the start-up list is what to read
        access_log=access_log,
        loop="uvloop",
        http="httptools",
        ws=FeedWebSocketProtocol,  # frames written straight to the sockets: docs/service.md
        ws_per_message_deflate=False,  # a view compressed per socket: docs/service.md
    )

    def announce() -> None:
        typer.echo(startup_text(startup, demos[0] if demos else None))

    _AnnouncingServer(config, announce).run()


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
