"""``floorman serve``: the tournament service over HTTP and WebSockets (uvicorn).

The event log is SQLite under ``--data-dir`` unless ``--db`` (or ``FLOORMAN_DATABASE_URL``)
names another database; it is migrated on start. The server's director token (the one that
creates tournaments) comes from ``--token`` or ``FLOORMAN_DIRECTOR_TOKEN``, or is drawn at start
and printed. ``--demo`` opens a demo tournament and prints the URLs to open with their tokens.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path
from typing import Annotated

import typer
import uvicorn

from floorman.service.api.app import create_app
from floorman.service.api.context import ApiContext
from floorman.service.api.demo import demo_tournament
from floorman.service.api.frames import FeedWebSocketProtocol
from floorman.service.core import TournamentService
from floorman.service.store import EventStore


def serve_command(
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: SQLite in --data-dir).")
    ] = None,
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
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
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    base = base_url or f"http://{shown_host}:{port}"
    app = create_app(
        service,
        server_token=server_token,
        base_url=base,
        concurrent_tables=concurrent_tables,
        on_ready=_show_demo if demo else None,
    )
    typer.echo(f"floorman service at {base}  (OpenAPI: {base}/docs)")
    typer.echo(f"database: {store.engine.url.render_as_string(hide_password=True)}")
    if token is None:
        typer.echo(f"server director token (creates tournaments): {server_token}")
    _log_security()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        loop="uvloop",
        http="httptools",
        ws=FeedWebSocketProtocol,  # frames written straight to the sockets: docs/service.md
        ws_per_message_deflate=False,  # a view compressed per socket: docs/service.md
    )


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


def _show_demo(ctx: ApiContext) -> None:
    demo = demo_tournament(ctx)
    lines = [f"demo tournament {demo.tournament}:"]
    lines += [f"  {what:<32} {url}" for what, url in demo.links]
    lines.append(f"  {'director token':<32} {demo.director_token}")
    typer.echo("\n".join(lines))
