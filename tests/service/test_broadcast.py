"""The feeds' broadcast: one frame per view written to every subscriber's socket, a slow
subscriber skipped and then sent the latest view, nothing older than a screen's first view;
the frames as RFC 6455 reads them; and a real uvicorn server with the frame-writing protocol
feeding several clients."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import uvicorn
from hypothesis import given
from hypothesis import strategies as st
from tests.service.api_fixtures import STRUCTURE, bearer
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader
from websockets.sync.client import connect

from floorman.server import create_app
from floorman.service.api.broadcast import Broadcast, Ending, Member
from floorman.service.api.context import ApiContext
from floorman.service.api.fanout import Fanout
from floorman.service.api.feeds import Publisher
from floorman.service.api.frames import FeedWebSocketProtocol, text_frame
from floorman.service.api.viewing import Audience, Taken, ViewKey
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

KEY = ViewKey(tournament="t1", audience=Audience.PUBLIC)


@given(st.binary(max_size=70_000))
def test_a_text_frame_reads_back_as_one_unmasked_final_frame(payload: bytes) -> None:
    reader = StreamReader()
    reader.feed_data(text_frame(payload))
    parsing = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parsing)
    except StopIteration as done:
        frame = cast(Frame, done.value)
    else:  # pragma: no cover - the frame was not whole
        raise AssertionError("the frame asked for more bytes than it has")
    assert (frame.opcode, frame.fin, bytes(frame.data)) == (Opcode.TEXT, True, payload)
    assert not reader.buffer  # nothing left over


class Sink:
    """A socket that takes frames while it is not ``full``."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.full = False
        self.on_writable: Callable[[], None] | None = None

    def write_frame(self, frame: bytes) -> bool:
        if self.full:
            return False
        self.frames.append(frame)
        return True

    def drained(self) -> None:
        self.full = False
        assert self.on_writable is not None
        self.on_writable()


class Views:
    """A fan-out whose view is the number of views taken so far."""

    def __init__(self) -> None:
        self.taken = 0

    async def view(self, ctx: Any, key: ViewKey) -> Taken:
        self.taken += 1
        return Taken(audience=key.audience, version=self.taken, at=0.0, view={}, expires=None)


def versions(sink: Sink) -> list[int]:
    return [json.loads(frame[2:])["version"] for frame in sink.frames]


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def _broadcast(publisher: Publisher, views: Views) -> Broadcast:
    ctx = cast(ApiContext, type("Ctx", (), {"publisher": publisher})())
    return Broadcast(ctx, cast(Fanout, views), KEY)


def _member(sink: Sink, seen: int) -> Member:
    ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
    return Member(sink, seen, ended)


def test_one_view_per_change_goes_to_every_subscriber_and_a_full_one_gets_the_latest() -> None:
    async def scenario() -> tuple[list[int], list[int], int]:
        publisher, views = Publisher(), Views()
        broadcast = _broadcast(publisher, views)
        quick, slow = Sink(), Sink()
        broadcast.add(_member(quick, 0))
        broadcast.add(_member(slow, 0))
        publisher.publish("t1")
        await _settle()
        slow.full = True
        for _ in range(3):
            publisher.publish("t1")
            await _settle()
        slow.drained()
        broadcast.close()
        await broadcast.task
        return versions(quick), versions(slow), views.taken

    quick, slow, taken = asyncio.run(scenario())
    assert taken == 4  # one view per change, whatever the number of subscribers
    assert quick == [1, 2, 3, 4]
    assert slow == [1, 4]  # skipped while full, then the latest view only


def test_a_subscriber_is_sent_no_change_its_first_view_already_showed() -> None:
    async def scenario() -> tuple[list[int], list[int]]:
        publisher, views = Publisher(), Views()
        broadcast = _broadcast(publisher, views)
        publisher.publish("t1")
        await _settle()  # change 1 sent while the subscriber took its first view
        late, later = Sink(), Sink()
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


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread, with the frame-writing WebSocket protocol."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'feeds.db'}", data_dir=tmp_path)
    app = create_app(TournamentService(store), server_token="server", refresh_seconds=3600)
    config = uvicorn.Config(
        app, port=0, log_level="error", ws=FeedWebSocketProtocol, ws_per_message_deflate=False
    )
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
