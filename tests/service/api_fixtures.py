"""An API over a fresh SQLite event log, and a tournament driven through it, for the API tests."""

from __future__ import annotations

import random
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.exceptions import StarletteDeprecationWarning
from starlette.routing import WebSocketRoute
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.api.app import routes_of
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; the httpx installed here works the same.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

SERVER = "the-server-director-token"
STRUCTURE = {
    "starting_stack": 10_000,
    "chips": [25, 100, 500],
    "items": [
        {"minutes": 20, "small_blind": 50, "big_blind": 100},
        {"minutes": 20, "small_blind": 100, "big_blind": 200},
        {"kind": "break", "minutes": 10},
        {"minutes": 20, "small_blind": 200, "big_blind": 400},
    ],
}

__all__ = [
    "SERVER",
    "STRUCTURE",
    "Event",
    "TestClient",
    "app_routes",
    "build_app",
    "client_for",
    "event",
]


def app_routes() -> list[APIRoute | WebSocketRoute]:
    """The app's routes, read from an app over a throw-away SQLite log."""
    with tempfile.TemporaryDirectory() as folder:
        app, service = build_app(Path(folder))
        try:
            return [r for r in routes_of(app) if isinstance(r, APIRoute | WebSocketRoute)]
        finally:
            service.store.close()


def build_app(
    path: Path,
    *,
    seed: int = 3,
    refresh: float = 3600.0,
    url: str | None = None,
    clock: Callable[[], float] | None = None,
) -> tuple[FastAPI, TournamentService]:
    """An app over a SQLite file in ``path`` (the same path again: the same log, as after a
    restart) or over the database ``url``, a test clock (``clock``, else a ``FakeClock``),
    and seeded online decks."""
    store = EventStore.open(url or f"sqlite:///{path / 'api.db'}", data_dir=path)
    service = TournamentService(store, clock=clock or FakeClock(), rng_seed=seed)
    app = create_app(
        service, server_token=SERVER, online_rng=random.Random(seed), refresh_seconds=refresh
    )
    return app, service


@contextmanager
def client_for(path: Path, **options: Any) -> Iterator[TestClient]:
    app, service = build_app(path, **options)
    try:
        with TestClient(app) as client:
            yield client
    finally:
        service.store.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass(slots=True)
class Event:
    """A tournament made through the API, with a token per role."""

    client: TestClient
    id: str
    tokens: dict[str, str] = field(default_factory=dict)

    def headers(self, role: str) -> dict[str, str]:
        return bearer(self.tokens[role])

    def post(self, path: str, role: str = "director", **kwargs: Any) -> Any:
        headers = {**self.headers(role), **kwargs.pop("headers", {})}
        return self.client.post(f"/tournaments/{self.id}{path}", headers=headers, **kwargs)

    def get(self, path: str, role: str = "director", **kwargs: Any) -> Any:
        headers = {**self.headers(role), **kwargs.pop("headers", {})}
        return self.client.get(f"/tournaments/{self.id}{path}", headers=headers, **kwargs)

    def token(self, role: str, **scope: Any) -> str:
        answer = self.post("/tokens", json={"role": role, **scope})
        assert answer.status_code == 201, answer.text
        token: str = answer.json()["token"]
        return token

    def state(self) -> dict[str, Any]:
        view: dict[str, Any] = self.get("/views/director").json()
        return view


def event(
    client: TestClient,
    players: int = 12,
    *,
    start: bool = True,
    seats: int = 9,
    profile: str | None = None,
) -> Event:
    """A tournament of ``players`` registered (and started), with tokens of every role: the
    dealer of table 1 and the player ``e1``; ``profile``: its rulebook (the default's else)."""
    body: dict[str, Any] = {"name": "API test", "structure": STRUCTURE, "seats_per_table": seats,
                            "buy_in": 50}  # fmt: skip
    if profile is not None:
        body["profile"] = profile
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    made = Event(client=client, id=created.json()["tournament"])
    made.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, players + 1):
        body = {"player": f"p{number}", "name": f"Player {number}"}
        assert made.post("/entries", json=body).status_code == 200
    if start:
        assert made.post("/start").status_code == 200
    made.tokens["floor"] = made.token("floor")
    made.tokens["display"] = made.token("display")
    made.tokens["dealer"] = made.token("dealer", table=1)
    made.tokens["player"] = made.token("player", entry="e1")
    made.tokens["server"] = SERVER
    return made
