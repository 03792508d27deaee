"""WebSocket fan-out: the delay from an acknowledged command to its view at each of many
subscribers of the public feed.

The subscribers run on the same two cores as the server, so what a subscriber costs is part
of the measure: a general-purpose client (the ``websockets`` library: a task, a frame parser
and a message queue per connection, a ``recv`` per message) spent as much CPU per message as
the server spent sending it. Here each subscriber is a bare asyncio protocol: it sends the
opening handshake, then notes the arrival time of every frame in ``data_received`` (server
frames are not masked, so a frame is its header and its bytes) and answers pings; the
messages are parsed only after the run. The subscribers are spread over a few processes,
each one event loop (uvloop).
"""

from __future__ import annotations

import asyncio
import base64
import json
import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

import uvloop

from bench.service_server import TOKEN, client, create_tournament

CLIENT_PROCESSES = 2
"""Processes of subscribers (one event loop each)."""
PAUSE = 0.25
"""Seconds between two commands: each change's views are all sent before the next."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FanOut:
    delays: list[float]
    """From each acknowledged command to its view, at every subscriber."""
    cpu: float
    """Server CPU seconds per view sent while the commands ran (the commands included)."""


def fan_out(
    base: str, subscribers: int, commands: int, cpu: Callable[[], float] = lambda: 0.0
) -> FanOut:
    """Delays from each acknowledged command to its view at every subscriber; ``cpu()``:
    the server's CPU seconds so far."""
    with client(base) as api:
        tid = create_tournament(api, 2)
    url = base.replace("http", "ws", 1) + f"/ws/public/{tid}"  # the token goes in a header
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(CLIENT_PROCESSES + 1)
    arrivals: Any = context.Queue()
    shares = [subscribers // CLIENT_PROCESSES + (n < subscribers % CLIENT_PROCESSES)
              for n in range(CLIENT_PROCESSES)]  # fmt: skip
    workers = [
        context.Process(target=_subscribe, args=(url, share, commands, ready, arrivals))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    ready.wait(timeout=300)
    before = cpu()
    acknowledged = _drive(base, tid, commands)
    spent = cpu() - before
    received: list[tuple[float, int]] = []
    for _ in workers:
        received += arrivals.get(timeout=300)
    for worker in workers:
        worker.join(timeout=60)
    delays = [max(t - acknowledged[v], 0.0) for t, v in received if v in acknowledged]
    return FanOut(delays=delays, cpu=spent / max(len(delays), 1))


def _drive(base: str, tid: str, commands: int) -> dict[int, float]:
    """Pause and resume the clock, one command at a time with a pause between; the moment
    each version was acknowledged."""
    acknowledged: dict[int, float] = {}
    with client(base) as api:
        for n in range(commands):
            time.sleep(PAUSE)
            step = "pause" if n % 2 == 0 else "resume"
            answer = api.post(f"/tournaments/{tid}/clock/{step}").raise_for_status()
            acknowledged[answer.json()["version"]] = time.monotonic()
    return acknowledged


def _subscribe(url: str, count: int, commands: int, ready: Any, arrivals: Any) -> None:
    """One client process: ``count`` subscribers; sends back (arrival, version) pairs."""
    arrivals.put(uvloop.run(_subscribers(url, count, commands, ready)))


async def _subscribers(url: str, count: int, commands: int, ready: Any) -> list[tuple[float, int]]:
    loop = asyncio.get_running_loop()
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    target = f"{parts.path}?{parts.query}" if parts.query else parts.path
    feeds = [Feed(loop, target, f"{host}:{port}", commands + 1)
             for _ in range(count)]  # fmt: skip
    for feed in feeds:  # one at a time: a burst of handshakes would overflow the backlog
        await loop.create_connection(lambda f=feed: f, host, port)  # type: ignore[misc]
        await feed.opened
    await asyncio.gather(*(feed.first for feed in feeds))
    await loop.run_in_executor(None, ready.wait, 300)
    await asyncio.wait_for(asyncio.gather(*(feed.done for feed in feeds)), timeout=300)
    for feed in feeds:
        feed.close()
    return [(t, _version(m)) for feed in feeds for t, m in feed.messages[1:]]


def _version(message: bytes) -> int:
    version: int = json.loads(message)["version"]
    return version


class Feed(asyncio.Protocol):
    """One subscriber: the handshake, then each text frame with its arrival time."""

    def __init__(self, loop: asyncio.AbstractEventLoop, target: str, host: str, wanted: int):
        self.target, self.host, self.wanted = target, host, wanted
        self.opened: asyncio.Future[None] = loop.create_future()
        self.first: asyncio.Future[None] = loop.create_future()
        self.done: asyncio.Future[None] = loop.create_future()
        self.messages: list[tuple[float, bytes]] = []
        self.buffer = b""
        self.upgraded = False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        key = base64.b64encode(os.urandom(16)).decode()
        self.transport.write(
            f"GET {self.target} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Authorization: Bearer {TOKEN}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        self.buffer += data
        if not self.upgraded:
            head, found, rest = self.buffer.partition(b"\r\n\r\n")
            if not found:
                return
            if not head.startswith(b"HTTP/1.1 101"):
                raise RuntimeError(f"handshake refused: {head[:80]!r}")
            self.upgraded, self.buffer = True, rest
            self.opened.set_result(None)
        while (frame := self._frame()) is not None:
            opcode, payload = frame
            if opcode == 0x9:  # ping: the server's keep-alive
                self._send(0xA, payload)
            elif opcode == 0x1:
                self._arrived(now, payload)

    def _arrived(self, now: float, payload: bytes) -> None:
        self.messages.append((now, payload))
        if len(self.messages) == 1:
            self.first.set_result(None)
        if len(self.messages) == self.wanted and not self.done.done():
            self.done.set_result(None)

    def _frame(self) -> tuple[int, bytes] | None:
        """The next whole frame in the buffer (a server's: not masked, not fragmented)."""
        data = self.buffer
        if len(data) < 2:
            return None
        size, start = data[1] & 0x7F, 2
        if size == 126:
            if len(data) < 4:
                return None
            size, start = int.from_bytes(data[2:4]), 4
        elif size == 127:
            if len(data) < 10:
                return None
            size, start = int.from_bytes(data[2:10]), 10
        if len(data) < start + size:
            return None
        self.buffer = data[start + size :]
        return data[0] & 0x0F, data[start : start + size]

    def _send(self, opcode: int, payload: bytes) -> None:
        """A client frame: masked, with the mask zero (the payload goes as it is)."""
        assert self.transport is not None
        assert len(payload) < 126
        self.transport.write(bytes((0x80 | opcode, 0x80 | len(payload))) + b"\0\0\0\0" + payload)

    def close(self) -> None:
        if self.transport is not None:
            self._send(0x8, (1000).to_bytes(2))
            self.transport.close()
