"""The whole server as one ASGI app: the HTTP and WebSocket API with the web pages.

It sits above both layers it joins (``docs/architecture.md``): the pages build on the API's
context, roles and errors, so the API cannot import the pages back; here the pages' router and
the hashes of their inline scripts are handed to :func:`~floorman.service.api.app.create_api`
as plain values. The CLI (``floorman serve``), the tests and the benchmarks start this app.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from fastapi import FastAPI

from floorman.service.api.app import REFRESH_SECONDS, create_api
from floorman.service.api.context import ApiContext
from floorman.service.cluster.leases import SECONDS as LEASE_SECONDS
from floorman.service.core import TournamentService
from floorman.web import pages


def create_app(
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
) -> FastAPI:
    """The app serving ``service``'s API and pages; every option is
    :func:`~floorman.service.api.app.create_api`'s."""
    return create_api(
        service,
        server_token=server_token,
        base_url=base_url,
        online_rng=online_rng,
        refresh_seconds=refresh_seconds,
        concurrent_tables=concurrent_tables,
        on_ready=on_ready,
        lean=lean,
        lease_seconds=lease_seconds,
        routers=(pages.router,),
        script_hashes=pages.inline_script_hashes(),
    )
