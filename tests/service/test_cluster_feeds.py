"""Several server processes over one PostgreSQL database (issue 21): a command taken by one
process reaches the feeds of another within a second; a second process's cache follows the
first's commits, so its commands are not refused as stale and retried; a revocation made
through one process cuts the feeds the token holds open on another; a bridge that lost its
session catches up from the log."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect
from tests.service.api_fixtures import STRUCTURE, TestClient, bearer, build_app, event
from tests.service.server_process import free_port
from websockets.sync.client import connect

from floorman.service.cluster.bridge import Bridge
from floorman.service.core import TournamentService

TOKEN = "cluster-token"


def _serve(url: str, data_dir: Path) -> tuple[str, subprocess.Popen[bytes]]:
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port), "--db", url]
    command += ["--data-dir", str(data_dir), "--token", TOKEN, "--host", "127.0.0.1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return f"http://127.0.0.1:{port}", server


def _wait_for(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            output = server.stdout.read().decode() if server.stdout else ""
            raise AssertionError(f"floorman serve exited: {output}")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError("floorman serve did not answer within 90 s")


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two ``floorman serve`` processes on one PostgreSQL database; their base URLs."""
    started = [_serve(postgres_url, tmp_path) for _ in range(2)]
    try:
        for base, server in started:
            _wait_for(base, server)
        yield started[0][0], started[1][0]
    finally:
        for _, server in started:
            server.terminate()
        for _, server in started:
            server.wait(timeout=20)
            assert server.stdout is not None
            server.stdout.close()


def test_a_command_through_one_process_reaches_a_feed_of_the_other_within_a_second(
    two_servers: tuple[str, str],
) -> None:
    first, second = two_servers
    body = {"name": "Two processes", "structure": STRUCTURE}
    created = httpx.post(f"{first}/tournaments", json=body, headers=bearer(TOKEN), timeout=10)
    assert created.status_code == 201, created.text
    tournament = created.json()["tournament"]
    headers = bearer(created.json()["director"]["token"])
    ws = second.replace("http", "ws", 1)
    with connect(f"{ws}/ws/public/{tournament}", additional_headers=headers) as screen:
        assert json.loads(screen.recv(timeout=10))["view"]["entries"] == 0
        for number in (1, 2, 3):
            entry = {"player": f"p{number}", "name": f"Player {number}"}
            path = f"{first}/tournaments/{tournament}/entries"
            answer = httpx.post(path, json=entry, headers=headers, timeout=10)
            assert answer.status_code == 200, answer.text
            sent = time.monotonic()
            while True:  # each view shows the newest state: an older one never follows
                view = json.loads(screen.recv(timeout=max(0.0, sent + 1.0 - time.monotonic())))
                if view["version"] >= answer.json()["version"]:
                    break
            assert time.monotonic() - sent < 1.0
            assert view["view"]["entries"] == number


# --- in one process: two apps, each with its own store and bridge, on one database ----------


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    apps = [build_app(tmp_path, url=postgres_url, clock=time.time) for _ in range(2)]
    try:
        with TestClient(apps[0][0]) as one, TestClient(apps[1][0]) as two:
            yield one, two
    finally:
        for _, service in apps:
            service.store.close()


def _service(client: TestClient) -> TournamentService:
    service: TournamentService = client.app.state.floorman.service  # type: ignore[attr-defined]
    return service


def _bridge(client: TestClient) -> Bridge:
    bridge: Bridge = client.app.state.bridge  # type: ignore[attr-defined]
    return bridge


def _eventually(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.01)


def test_the_other_process_cache_follows_so_its_next_command_is_not_retried(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    ours = event(one, 6)
    other = _service(two)
    assert other.load(ours.id).version == ours.state()["version"]  # cached in the second
    for _ in range(3):
        assert ours.post("/clock/pause").status_code == 200
        assert ours.post("/clock/resume").status_code == 200
    latest = ours.state()["version"]
    _eventually(lambda: other.load(ours.id).version == latest)
    attempts = 0
    begin = other.begin

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal attempts
        attempts += 1
        return begin(*args, **kwargs)  # type: ignore[arg-type]

    other.begin = counted  # type: ignore[method-assign]
    answer = two.post(f"/tournaments/{ours.id}/clock/pause", headers=ours.headers("director"))
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] == latest + 1
    assert attempts == 1


def test_a_revocation_through_one_process_cuts_the_feed_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    ours = event(one, 6)
    display = ours.post("/tokens", json={"role": "display"}).json()
    with two.websocket_connect(f"/ws/public/{ours.id}", headers=bearer(display["token"])) as ws:
        assert ws.receive_json()["type"] == "view"
        revoked = ours.client.delete(
            f"/tournaments/{ours.id}/tokens/{display['id']}", headers=ours.headers("director")
        )
        assert revoked.status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            _read_until_closed(ws)
        assert closed.value.code == 4401
    refused = two.get(f"/tournaments/{ours.id}/views/public", headers=bearer(display["token"]))
    assert refused.status_code == 401


def _read_until_closed(ws: Any) -> None:
    """Read views until the socket closes; a refusal before the close says 401."""
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            assert message["status"] == 401


def test_a_bridge_that_lost_its_session_catches_up_from_the_log(
    pair: tuple[TestClient, TestClient], postgres_url: str
) -> None:
    one, two = pair
    ours = event(one, 6)
    bridge = _bridge(two)
    assert bridge.session is not None
    lost = bridge.session.info.backend_pid
    with two.websocket_connect(f"/ws/public/{ours.id}", headers=ours.headers("display")) as ws:
        first = ws.receive_json()
        admin = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:  # the session dies; a command lands meanwhile
            connection.execute(sa.text("SELECT pg_terminate_backend(:p)"), {"p": lost})
        admin.dispose()
        assert ours.post("/clock/pause").status_code == 200
        _eventually(lambda: bridge.connections == 2)
        seen = first
        while seen["version"] < first["version"] + 1:
            seen = ws.receive_json()
        assert seen["view"]["clock"]["status"] == "paused"
