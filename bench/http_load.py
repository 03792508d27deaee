"""Concurrent clients that post commands over loopback and count the acknowledged ones.

Each client is one keep-alive HTTP/1.1 connection that sends a request, waits for the whole
answer, checks it is ``200 OK`` (the service answers only after the commit), and sends the
next: no pipelining, so a client never has more than one command in flight. The clients are
spread over a few processes, each a uvloop event loop of bare protocols writing prebuilt
requests and reading the answers by their ``Content-Length``: a general-purpose client
(httpx) spends more CPU per request than the server does, asyncio's streams about a third of
it, and on a small machine the load would measure itself. This one spends about 20 µs a
request.

The rate is the acknowledged commands divided by the time from the common start (a barrier
across the processes) to the last answer.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

import uvloop


@dataclass(frozen=True, slots=True, kw_only=True)
class Load:
    """What each client sends: ``paths[n]`` is the n-th client's paths, posted in turn
    until it has sent ``per_client`` requests."""

    base: str
    token: str
    paths: tuple[tuple[str, ...], ...]
    per_client: int
    method: str = "POST"
    tablets: bool = False
    """Each client is a dealer's tablet: its paths are a table's ``.../setup`` and
    ``.../hands``; it reads the next hand's setup, then posts that hand's result (the small
    blind's chips won by the big blind), and counts the posted hands."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadResult:
    acknowledged: int
    seconds: float
    client_cpu: float = 0.0
    """CPU seconds the client processes spent from the common start to their last answer."""

    @property
    def rate(self) -> float:
        return self.acknowledged / self.seconds if self.seconds > 0 else 0.0


def run_load(load: Load, processes: int) -> LoadResult:
    """Run ``load`` from ``processes`` client processes at once."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(processes + 1)
    answers: Any = context.Queue()
    shares = [load.paths[n::processes] for n in range(processes)]
    workers = [
        context.Process(target=_client_process, args=(load, share, ready, answers))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    ready.wait(timeout=300)
    start = time.monotonic()
    results = [answers.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    failures = [r for r in results if isinstance(r, str)]
    if failures:
        raise RuntimeError(f"a client failed: {failures[0]}")
    done = sum(count for count, _, _ in results)
    last = max(end for _, end, _ in results)
    cpu = sum(spent for _, _, spent in results)
    return LoadResult(acknowledged=done, seconds=last - start, client_cpu=cpu)


def _client_process(load: Load, paths: Sequence[tuple[str, ...]], ready: Any, out: Any) -> None:
    try:
        out.put(uvloop.run(_clients(load, paths, ready)))
    except Exception as error:  # reported to the parent, which raises it
        out.put(f"{type(error).__name__}: {error}")


async def _clients(
    load: Load, paths: Sequence[tuple[str, ...]], ready: Any
) -> tuple[int, float, float]:
    url = urlsplit(load.base)
    host, port = url.hostname or "127.0.0.1", url.port or 80
    loop = asyncio.get_running_loop()
    kind = _Tablet if load.tablets else _Client
    clients = [kind(_requests(load, f"{host}:{port}", mine), load.per_client, loop)
               for mine in paths]  # fmt: skip
    for client in clients:
        await loop.create_connection(lambda c=client: c, host, port)
    ready.wait(timeout=300)
    cpu = time.process_time()
    for client in clients:
        client.send()
    counts = await asyncio.gather(*(client.done for client in clients))
    end = time.monotonic()
    for client in clients:
        client.close()
    return sum(counts), end, time.process_time() - cpu


def _requests(load: Load, host: str, paths: Sequence[str]) -> list[bytes]:
    """Each path's request; a tablet's are its ``GET`` of the setup and the head of its
    ``POST`` of a hand, whose length and body it adds."""
    head = f"HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {load.token}\r\n"
    if load.tablets:
        setup, hands = paths
        return [
            f"GET {setup} {head}\r\n".encode(),
            f"POST {hands} {head}Content-Type: application/json\r\n".encode(),
        ]
    body = "Content-Length: 0\r\n\r\n" if load.method == "POST" else "\r\n"
    return [f"{load.method} {path} {head}{body}".encode() for path in paths]


class _Client(asyncio.Protocol):
    """One connection: a request, its whole answer (checked ``200``), the next request.

    A protocol rather than asyncio's streams: a stream's reader and writer cost several times
    what the server spends on a ``GET /health``, and on two cores the load's CPU is taken
    from the server processes being measured."""

    def __init__(self, requests: list[bytes], count: int, loop: asyncio.AbstractEventLoop):
        self.requests = requests
        self.count = count
        self.sent = 0
        self.buffer = b""
        self.done: asyncio.Future[int] = loop.create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def send(self) -> None:
        assert self.transport is not None
        self.transport.write(self.requests[self.sent % len(self.requests)])
        self.sent += 1

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = self.buffer[:end]
        length = _content_length(head)
        if len(self.buffer) < end + 4 + length:
            return
        body, self.buffer = self.buffer[end + 4 : end + 4 + length], self.buffer[end + 4 + length :]
        if head[9:12] != b"200":
            self._fail(RuntimeError(f"answer {head[9:12].decode()}: {body[:200]!r}"))
        else:
            self.answered(body)

    def answered(self, body: bytes) -> None:
        if self.sent >= self.count:
            if not self.done.done():
                self.done.set_result(self.sent)
        else:
            self.send()

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(ConnectionError(f"connection lost after {self.sent} requests: {exc}"))

    def _fail(self, error: Exception) -> None:
        if not self.done.done():
            self.done.set_exception(error)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class _Tablet(_Client):
    """A table's tablet: ``GET`` the setup, ``POST`` the hand, again; counts the hands."""

    posting = False

    def send(self) -> None:
        assert self.transport is not None
        self.posting = False
        self.transport.write(self.requests[0])

    def answered(self, body: bytes) -> None:
        assert self.transport is not None
        if not self.posting:
            hand = _hand_of(json.loads(body)["setup"])
            length = b"Content-Length: %d\r\n\r\n" % len(hand)
            self.transport.write(self.requests[1] + length + hand)
            self.posting = True
            return
        self.sent += 1
        super().answered(body)


def _hand_of(setup: dict[str, Any]) -> bytes:
    """The result of the hand ``setup`` deals, all folding to the big blind (who wins the
    small blind's chips): a valid result the server checks like any other."""
    config, positions, seats = setup["config"], setup["positions"], setup["seats"]
    before = [(entry, config["stacks"][seat]) for seat, entry in enumerate(seats) if entry]
    after = dict(before)
    payer = seats[
        positions["small_blind"] if positions["small_blind"] is not None else positions["button"]
    ]
    winner = seats[positions["big_blind"]]
    if payer in after and winner in after and payer != winner:
        paid = min(config["small_blind"], after[payer])
        after[payer] -= paid
        after[winner] += paid
    hand = {
        "table": setup["table"],
        "level": setup["level"],
        "positions": positions,
        "stacks_before": before,
        "stacks_after": [(e, after[e]) for e, _ in before],
    }
    return json.dumps(hand, separators=(",", ":")).encode()


def _content_length(head: bytes) -> int:
    at = head.find(b"content-length:")
    if at < 0:
        at = head.lower().find(b"content-length:")
        if at < 0:
            raise RuntimeError("an answer without Content-Length")
    end = head.find(b"\r\n", at)
    return int(head[at + 15 : end if end >= 0 else None])
