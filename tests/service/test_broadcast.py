"""The feeds' broadcast: one view per change handed to every subscriber's socket, a slow
subscriber holding back nobody and then sent the latest view, nothing older than a screen's
first view; and a real uvicorn server feeding several clients through ASGI."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect
from tests.service.api_fixtures import STRUCTURE, bearer
from websockets.sync.client import connect

from floorman.server import create_app
from floorman.service.api.broadcast import Broadcast, Ending, Member
from floorman.service.api.context import ApiContext
from floorman.service.api.fanout import Fanout
from floorman.service.api.feeds import Publisher
from floorman.service.api.viewing import Audience, Taken, ViewKey
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

KEY = ViewKey(tournament="t1", audience=Audience.PUBLIC)


class Socket:
    """A subscriber's socket whose sends wait while it is ``full`` (the server's
    back-pressure), as a slow reader's do."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.open = asyncio.Event()
        self.open.set()

    @property
    def full(self) -> bool:
        return not self.open.is_set()

    @full.setter
    def full(self, full: bool) -> None:
        if full:
            self.open.clear()
        else:
            self.open.set()

    async def send_text(self, text: str) -> None:
        await self.open.wait()
        self.texts.append(text)


class Views:
    """A fan-out whose view is the number of views taken so far."""

    def __init__(self) -> None:
        self.taken = 0

    async def view(self, ctx: Any, key: ViewKey) -> Taken:
        self.taken += 1
        return Taken(audience=key.audience, version=self.taken, at=0.0, view={}, expires=None)


def versions(socket: Socket) -> list[int]:
    return [json.loads(text)["version"] for text in socket.texts]


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def _broadcast(publisher: Publisher, views: Views) -> Broadcast:
    ctx = cast(ApiContext, type("Ctx", (), {"publisher": publisher})())
    return Broadcast(ctx, cast(Fanout, views), KEY)


def _member(socket: Socket, seen: int) -> Member:
    ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
    return Member(socket.send_text, seen, ended)


def test_one_view_per_change_goes_to_every_subscriber_and_a_full_one_gets_the_latest() -> None:
    async def scenario() -> tuple[list[int], list[int], int]:
        publisher, views = Publisher(), Views()
        broadcast = _broadcast(publisher, views)
        quick, slow = Socket(), Socket()
        broadcast.add(_member(quick, 0))
        broadcast.add(_member(slow, 0))
        publisher.publish("t1")
        await _settle()
        slow.full = True
        for _ in range(3):
            publisher.publish("t1")
            await _settle()
        assert len(quick.texts) == 4  # nobody waited for the slow one
        slow.full = False
        await _settle()
        broadcast.close()
        await broadcast.task
        return versions(quick), versions(slow), views.taken

    quick, slow, taken = asyncio.run(scenario())
    assert taken == 4  # one view per change, whatever the number of subscribers
    assert quick == [1, 2, 3, 4]
    assert slow == [1, 2, 4]  # the view its send held, then the latest one only


def test_a_subscriber_is_sent_no_change_its_first_view_already_showed() -> None:
    async def scenario() -> tuple[list[int], list[int]]:
        publisher, views = Publisher(), Views()
        broadcast = _broadcast(publisher, views)
        publisher.publish("t1")
        await _settle()  # change 1 sent while the subscriber took its first view
        late, later = Socket(), Socket()
        broadcast.add(_member(late, 0))  # its first view showed nothing of change 1
        broadcast.add(_member(later, 1))  # its first view showed change 1
        publisher.publish("t1")
        await _settle()
        broadcast.close()
        await broadcast.task
        return versions(late), versions(later)

    late, later = asyncio.run(scenario())
    assert late == [1, 2]
    assert later == [2]


def test_a_subscriber_whose_socket_is_gone_is_ended_and_the_others_still_served() -> None:
    async def gone(text: str) -> None:
        raise WebSocketDisconnect(1006)

    async def scenario() -> tuple[bool, Ending, list[int]]:
        publisher, views = Publisher(), Views()
        broadcast = _broadcast(publisher, views)
        ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
        broadcast.add(Member(gone, 0, ended))
        alive = Socket()
        broadcast.add(_member(alive, 0))
        publisher.publish("t1")
        await _settle()
        broadcast.close()
        await broadcast.task
        return ended.done(), ended.result() if ended.done() else None, versions(alive)

    done, ending, alive = asyncio.run(scenario())
    assert done
    assert ending is None  # its feed ends as a departure, not a refusal
    assert alive == [1]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread, with its own WebSocket implementation."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'feeds.db'}", data_dir=tmp_path)
    app = create_app(TournamentService(store), server_token="server", refresh_seconds=3600)
    config = uvicorn.Config(app, port=0, log_level="error", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        store.engine.dispose()


def test_a_real_server_writes_each_view_to_every_subscriber(served: tuple[str, Any]) -> None:
    url, app = served
    body = {"name": "Served", "structure": STRUCTURE}
    created = httpx.post(
        f"{url}/tournaments", json=body, headers=bearer("server"), timeout=10
    ).json()
    tournament, director = created["tournament"], created["director"]["token"]
    ws = url.replace("http", "ws", 1) + f"/ws/public/{tournament}"
    given = bearer(director)
    with connect(ws, additional_headers=given) as one, connect(ws, additional_headers=given) as two:
        firsts = [json.loads(screen.recv(timeout=10)) for screen in (one, two)]
        (broadcasts,) = app.state.broadcasts._by_loop.values()  # one loop, one view
        (broadcast,) = broadcasts.values()
        assert len(broadcast.members) == 2  # both sockets are written by the broadcast
        for number in (1, 2):
            entry = {"player": f"p{number}", "name": f"Player {number}"}
            entries = f"{url}/tournaments/{tournament}/entries"
            httpx.post(entries, json=entry, headers=bearer(director), timeout=10).raise_for_status()
        seconds = [json.loads(screen.recv(timeout=10)) for screen in (one, two)]
        thirds = [json.loads(screen.recv(timeout=10)) for screen in (one, two)]
    assert [view["view"]["entries"] for view in firsts] == [0, 0]
    assert [view["view"]["entries"] for view in seconds] == [1, 1]
    assert [view["view"]["entries"] for view in thirds] == [2, 2]
    assert thirds[0] == thirds[1]
