"""Issue 20 item 2: a token's end reaches its open feeds. Revoking a token closes the sockets it
opened (at once, on a real server), a token expires, and a player's
token ends with his event."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from tests.service.api_fixtures import STRUCTURE, bearer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from floorman.server import create_app
from floorman.service.api import open_feeds
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

SERVER = "lifetime-server-token"
PROMPTLY = 2.0
"""Seconds a cut feed may take to close (it is told at once; the rest is the test's threads)."""


class MovableClock:
    """The wall clock moved on by ``offset`` seconds."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Served:
    def __init__(self, url: str, app: Any, clock: MovableClock) -> None:
        self.url, self.app, self.clock = url, app, clock
        self.ws = url.replace("http", "ws", 1)

    def post(self, path: str, token: str, **kwargs: Any) -> httpx.Response:
        return httpx.post(f"{self.url}{path}", headers=bearer(token), timeout=10, **kwargs)

    def event(self, players: int = 4) -> tuple[str, str]:
        body = {"name": "Lifetimes", "structure": STRUCTURE}
        created = self.post("/tournaments", SERVER, json=body).json()
        tournament, director = created["tournament"], created["director"]["token"]
        for number in range(1, players + 1):
            entry = {"player": f"p{number}", "name": f"Player {number}"}
            assert self.post(f"/tournaments/{tournament}/entries", director, json=entry).is_success
        return tournament, director

    def token(self, tournament: str, director: str, **body: Any) -> dict[str, Any]:
        made = self.post(f"/tournaments/{tournament}/tokens", director, json=body)
        assert made.status_code == 201, made.text
        answer: dict[str, Any] = made.json()
        return answer


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """The app under uvicorn in a thread, with the WebSocket implementation ``floorman serve``
    gets (uvicorn's ``auto``: websockets' sans-I/O one); the feeds send through ASGI."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'lifetimes.db'}", data_dir=tmp_path)
    clock = MovableClock()
    service = TournamentService(store, clock=clock)
    app = create_app(service, server_token=SERVER, refresh_seconds=3600)
    options: dict[str, Any] = {"ws_per_message_deflate": False, "ws": "websockets-sansio"}
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Served(f"http://127.0.0.1:{port}", app, clock)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        store.engine.dispose()


def _closed_with(screen: Any, code: int, within: float = PROMPTLY) -> dict[str, Any]:
    """The refusal the feed ends with, and its close code, within ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        message = json.loads(screen.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "error":
            break
    with pytest.raises(ConnectionClosed) as closed:
        screen.recv(timeout=max(0.01, deadline - time.monotonic()))
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == code
    refusal: dict[str, Any] = message
    return refusal


def test_revoked_token_closes_its_open_director_feed_at_once(served: Served) -> None:
    tournament, director = served.event()
    floor = served.token(tournament, director, role="floor")
    with connect(
        f"{served.ws}/ws/director/{tournament}", additional_headers=bearer(floor["token"])
    ) as console:
        assert json.loads(console.recv(timeout=10))["audience"] == "director"
        revoked = httpx.delete(
            f"{served.url}/tournaments/{tournament}/tokens/{floor['id']}",
            headers=bearer(director),
            timeout=10,
        )
        assert revoked.status_code == 204
        refusal = _closed_with(console, 4401)
        assert refusal["status"] == 401
        assert "revoked" in refusal["message"]
    assert served.app.state.floorman.feeds.count(floor["id"]) == 0
    again = httpx.get(
        f"{served.url}/tournaments/{tournament}/views/director",
        headers=bearer(floor["token"]),
        timeout=10,
    )
    assert again.status_code == 401


def test_revoking_one_token_leaves_the_other_feeds_open(served: Served) -> None:
    tournament, director = served.event()
    floor = served.token(tournament, director, role="floor")
    other = served.token(tournament, director, role="floor")
    with (
        connect(
            f"{served.ws}/ws/director/{tournament}", additional_headers=bearer(floor["token"])
        ) as cut,
        connect(
            f"{served.ws}/ws/director/{tournament}", additional_headers=bearer(other["token"])
        ) as kept,
    ):
        cut.recv(timeout=10)
        kept.recv(timeout=10)
        httpx.delete(
            f"{served.url}/tournaments/{tournament}/tokens/{floor['id']}",
            headers=bearer(director),
            timeout=10,
        )
        _closed_with(cut, 4401)
        started = served.post(f"/tournaments/{tournament}/start", director)
        assert json.loads(kept.recv(timeout=10))["version"] == started.json()["version"]


def test_an_expired_token_is_refused_and_its_feed_closed_when_it_expires(
    served: Served,
) -> None:
    tournament, director = served.event()
    floor = served.token(tournament, director, role="floor", expires_in=60)
    assert floor["expires_at"] == pytest.approx(served.clock() + 60, abs=5)
    served.clock.offset = 59.5  # half a second of its life left
    with connect(
        f"{served.ws}/ws/director/{tournament}", additional_headers=bearer(floor["token"])
    ) as console:
        console.recv(timeout=10)
        refusal = _closed_with(console, 4401)
        assert "expired" in refusal["message"]
    view = httpx.get(
        f"{served.url}/tournaments/{tournament}/views/director",
        headers=bearer(floor["token"]),
        timeout=10,
    )
    assert view.status_code == 401
    assert "expired" in view.json()["message"]


def test_a_token_lifetime_out_of_bounds_is_refused(served: Served) -> None:
    tournament, director = served.event()
    for seconds in (0, 59, 90 * 86_400 + 1):
        body = {"role": "floor", "expires_in": seconds}
        made = served.post(f"/tournaments/{tournament}/tokens", director, json=body)
        assert made.status_code == 422, made.text


def test_a_player_token_ends_with_his_event(served: Served) -> None:
    tournament, director = served.event()
    player = served.token(tournament, director, role="player", entry="e1")
    code = player["token"]
    assert httpx.get(f"{served.url}/join/{code}", timeout=10).status_code == 200
    with connect(f"{served.ws}/ws/player/{tournament}", additional_headers=bearer(code)) as phone:
        phone.recv(timeout=10)
        cancelled = served.post(
            f"/tournaments/{tournament}/commands/cancel", director, json={"reason": "storm"}
        )
        assert cancelled.status_code == 200, cancelled.text
        refusal = _closed_with(phone, 4401)
        assert "event is over" in refusal["message"]
    mine = httpx.get(
        f"{served.url}/tournaments/{tournament}/views/me", headers=bearer(code), timeout=10
    )
    assert mine.status_code == 401
    assert httpx.get(f"{served.url}/join/{code}", timeout=10).status_code == 404
    staff = httpx.get(
        f"{served.url}/tournaments/{tournament}/views/director",
        headers=bearer(director),
        timeout=10,
    )
    assert staff.status_code == 200


def test_a_token_revoked_by_another_process_closes_its_feed_within_the_sweep(
    served: Served, tmp_path: Path
) -> None:
    tournament, director = served.event()
    floor = served.token(tournament, director, role="floor")
    elsewhere = EventStore.open(f"sqlite:///{tmp_path / 'lifetimes.db'}", data_dir=tmp_path)
    try:
        with connect(
            f"{served.ws}/ws/director/{tournament}", additional_headers=bearer(floor["token"])
        ) as console:
            console.recv(timeout=10)
            assert elsewhere.tokens.revoke(floor["id"])  # another server process's revocation
            refusal = _closed_with(console, 4401, within=open_feeds.SWEEP_SECONDS + PROMPTLY)
            assert "revoked" in refusal["message"]
    finally:
        elsewhere.close()
