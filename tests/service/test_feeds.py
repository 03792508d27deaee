"""WebSocket feeds: a whole view on connect, a new one after every acknowledged command or online
action, each audience seeing only what its view shows, the next level the moment a level ends,
one view built and encoded for all the subscribers of a change; and one test through a real
uvicorn server started with ``floorman serve`` in a subprocess."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from tests.service.api_fixtures import STRUCTURE, Event, bearer, client_for, event
from websockets.sync.client import connect

from floorman.service.api import viewing
from floorman.service.api.feeds import Notice, Publisher
from floorman.tournament.views import audiences as views


@pytest.fixture
def ours(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        yield event(client, 6)


def feed(ours: Event, path: str, role: str) -> Any:
    return ours.client.websocket_connect(path, headers=ours.headers(role))


def test_public_feed_sends_a_view_then_a_new_one_after_each_command(ours: Event) -> None:
    with feed(ours, f"/ws/public/{ours.id}", "display") as screen:
        first = screen.receive_json()
        assert first["type"] == "view"
        assert first["audience"] == "public"
        assert first["view"]["clock"]["status"] == "running"
        ours.post("/clock/pause")
        second = screen.receive_json()
        assert second["version"] == first["version"] + 1
        assert second["view"]["clock"]["status"] == "paused"


def test_the_token_may_come_as_the_first_message(ours: Event) -> None:
    with ours.client.websocket_connect(f"/ws/director/{ours.id}") as console:
        console.send_json({"token": ours.tokens["floor"]})
        view = console.receive_json()
        assert view["audience"] == "director"
        assert len(view["view"]["entries"]) == 6


@pytest.mark.parametrize(
    ("path", "role", "status"),
    [
        ("/ws/director/{id}", "display", 403),
        ("/ws/table/{id}/2", "dealer", 403),
        ("/ws/public/tnosuch", "server", 404),
        ("/ws/table/{id}/7", "director", 404),
    ],
)
def test_a_feed_refuses_with_a_message_and_a_close_code(
    ours: Event, path: str, role: str, status: int
) -> None:
    with feed(ours, path.format(id=ours.id), role) as refused:
        message = refused.receive_json()
        assert message["type"] == "error"
        assert message["status"] == status
        with pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
        assert closed.value.code == 4000 + status


def test_an_unknown_token_is_401(ours: Event) -> None:
    with ours.client.websocket_connect(
        f"/ws/public/{ours.id}", headers=bearer("forged")
    ) as refused:
        assert refused.receive_json()["status"] == 401
        with pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
        assert closed.value.code == 4401


def test_player_and_dealer_feeds_follow_the_online_hand(ours: Event) -> None:
    ours.post("/tables/1/deal")
    hand = ours.get("/tables/1/hand").json()
    seats = {s["seat"]: s["entry"] for s in hand["seats"] if s["entry"]}
    actor = hand["view"]["actor"]
    entry = seats[actor]
    token = ours.token("player", entry=entry)
    with (
        ours.client.websocket_connect(f"/ws/player/{ours.id}", headers=bearer(token)) as mine,
        feed(ours, f"/ws/table/{ours.id}/1", "dealer") as dealer,
    ):
        view = mine.receive_json()["view"]
        own = next(s for s in view["hand"]["seats"] if s["seat"] == actor)
        assert None not in own["cards"]
        others = [s for s in view["hand"]["seats"] if s["seat"] != actor]
        assert all(c is None for s in others for c in s["cards"])
        table = dealer.receive_json()["view"]
        assert all(c is None for s in table["hand"]["seats"] for c in s["cards"])
        options = view["hand"]["options"]
        body = {"action": "check"} if options["check"] else {"action": "call"}
        answer = ours.client.post(
            f"/tournaments/{ours.id}/tables/1/actions", json=body, headers=bearer(token)
        )
        assert answer.status_code == 200
        assert mine.receive_json()["view"]["hand"]["actor"] != actor
        assert dealer.receive_json()["view"]["hand"]["actor"] != actor


def test_publisher_folds_waiting_notices_and_forgets_closed_subscribers() -> None:
    async def scenario() -> tuple[int, int, int, int, Notice | None]:
        publisher = Publisher()
        with publisher.subscribe("t1") as subscription:
            told = publisher.publish("t1") + publisher.publish("t1") + publisher.publish("t2")
            await asyncio.sleep(0)  # the notices are handed over by the loop
            notice = await subscription.next()
            assert notice is not None
            waiting = subscription.queue.qsize()
            publisher.publish("t1")
            await asyncio.sleep(0)
            subscription.close(Notice(tournament="t1", sequence=-1))  # the client has left
            after = await subscription.next()
        return told, notice.sequence, waiting, publisher.subscribers("t1"), after

    told, sequence, waiting, left, after = asyncio.run(scenario())
    assert after is None
    assert told == 2
    assert sequence == 2
    assert waiting == 0
    assert left == 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``floorman serve`` in a subprocess on a free port; its base URL."""
    port = _free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port)]
    command += ["--data-dir", str(tmp_path), "--token", "served-token", "--host", "127.0.0.1"]
    environment = {**os.environ, "FLOORMAN_DATABASE_URL": ""}
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base, server)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)
        assert server.stdout is not None
        server.stdout.close()


def _wait_for(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            output = server.stdout.read().decode() if server.stdout else ""
            raise AssertionError(f"floorman serve exited: {output}")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError("floorman serve did not answer within 60 s")


def test_a_real_server_feeds_a_websocket_client(served: str) -> None:
    server = {"Authorization": "Bearer served-token"}
    body = {"name": "Served", "structure": STRUCTURE}
    created = httpx.post(f"{served}/tournaments", json=body, headers=server, timeout=10).json()
    tournament, director = created["tournament"], created["director"]["token"]
    headers = bearer(director)
    for number in (1, 2, 3):
        entry = {"player": f"p{number}", "name": f"Player {number}"}
        httpx.post(f"{served}/tournaments/{tournament}/entries", json=entry, headers=headers)
    ws = served.replace("http", "ws", 1)
    with connect(f"{ws}/ws/public/{tournament}", additional_headers=headers) as screen:
        first = json.loads(screen.recv(timeout=10))
        assert (first["view"]["entries"], first["view"]["started"]) == (3, False)
        started = httpx.post(f"{served}/tournaments/{tournament}/start", headers=headers)
        assert started.status_code == 200
        second = json.loads(screen.recv(timeout=10))
        assert second["version"] == started.json()["version"]
        assert second["view"]["started"]
        assert second["view"]["clock"]["status"] == "running"


class ShiftedClock:
    """The wall clock moved on by ``offset`` seconds: time runs as it does, and a test can
    bring the end of a level near without waiting twenty minutes for it."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


def test_a_subscriber_is_sent_the_next_level_the_moment_the_level_ends(tmp_path: Path) -> None:
    clock = ShiftedClock()
    with client_for(tmp_path, clock=clock, refresh=3600.0) as client:
        ours = event(client, 6)
        remaining = ours.get("/views/public").json()["view"]["clock"]["remaining"]
        clock.offset += remaining - 0.4  # the level has 0.4 s left
        publisher = client.app.state.floorman.publisher  # type: ignore[attr-defined]
        watchdog = threading.Timer(5.0, publisher.publish, [ours.id])  # no hang if it fails
        with feed(ours, f"/ws/public/{ours.id}", "display") as screen:
            first = screen.receive_json()
            watchdog.start()
            try:
                second = screen.receive_json()
            finally:
                watchdog.cancel()
        waited = second["at"] - first["at"]
    assert first["view"]["clock"]["level"]["level"] == 1
    assert second["view"]["clock"]["level"]["level"] == 2
    assert second["version"] == first["version"]  # no command: the clock alone
    remaining = first["view"]["clock"]["remaining"]  # rounded to a tenth of a second
    assert remaining - 0.05 <= waited < remaining + 1  # the view came as the level ended


def test_one_view_is_built_and_encoded_for_every_subscriber_of_a_change(
    ours: Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    encoded: list[int] = []
    take_public, encode = views.public_view, viewing.encode

    def counting_view(*args: Any) -> Any:
        built.append("public")
        return take_public(*args)

    def counting_encode(data: Any) -> str:
        encoded.append(len(data))
        return encode(data)

    monkeypatch.setattr(viewing, "public_view", counting_view)
    monkeypatch.setattr(viewing, "encode", counting_encode)
    with contextlib.ExitStack() as stack:
        screens = [
            stack.enter_context(feed(ours, f"/ws/public/{ours.id}", "display")) for _ in range(4)
        ]
        firsts = {screen.receive_text() for screen in screens}
        assert (len(firsts), len(built)) == (1, 1)
        built.clear()
        encoded.clear()
        ours.post("/clock/pause")
        seconds = {screen.receive_text() for screen in screens}
    assert len(seconds) == 1
    assert json.loads(seconds.pop())["view"]["clock"]["status"] == "paused"
    assert built == ["public"]
    assert len(encoded) == 2  # the view once, and the message's head


def test_publisher_tells_its_listeners_and_wakes_each_loop_once() -> None:
    told: list[str] = []

    async def scenario() -> tuple[int, int]:
        publisher = Publisher()
        publisher.listen(told.append)
        loop = asyncio.get_running_loop()
        wakes = []
        wake = loop.call_soon_threadsafe

        def counted(*args: Any) -> Any:
            wakes.append(args)
            return wake(*args)

        with publisher.subscribe("t1") as one, publisher.subscribe("t1") as two:
            loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
            publisher.publish("t1")
            await asyncio.sleep(0)
            notices = [await one.next(), await two.next()]
        return len(wakes), sum(n.sequence for n in notices if n is not None)

    wakes, sequences = asyncio.run(scenario())
    assert wakes == 1
    assert sequences == 2
    assert told == ["t1", "t1", "t1"]  # two subscriptions, one change
