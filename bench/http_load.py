"""Concurrent clients that post commands over loopback and count the acknowledged ones.

Each client is one keep-alive HTTP/1.1 connection that sends a request, waits for the whole
answer, checks it is ``200 OK`` (the service answers only after the commit), and sends the
next: no pipelining, so a client never has more than one command in flight. The clients are
spread over a few processes, each an asyncio loop writing prebuilt requests and reading the
answers by their ``Content-Length``: a general-purpose client (httpx) spends more CPU per
request than the server does, and on a small machine it would measure itself.

The rate is the acknowledged commands divided by the time from the common start (a barrier
across the processes) to the last answer.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True, kw_only=True)
class Load:
    """What each client sends: ``paths[n]`` is the n-th client's paths, posted in turn
    until it has sent ``per_client`` requests."""

    base: str
    token: str
    paths: tuple[tuple[str, ...], ...]
    per_client: int
    method: str = "POST"


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadResult:
    acknowledged: int
    seconds: float

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
    done = sum(count for count, _ in results)
    last = max(end for _, end in results)
    return LoadResult(acknowledged=done, seconds=last - start)


def _client_process(load: Load, paths: Sequence[tuple[str, ...]], ready: Any, out: Any) -> None:
    try:
        out.put(asyncio.run(_clients(load, paths, ready)))
    except Exception as error:  # reported to the parent, which raises it
        out.put(f"{type(error).__name__}: {error}")


async def _clients(load: Load, paths: Sequence[tuple[str, ...]], ready: Any) -> tuple[int, float]:
    url = urlsplit(load.base)
    host, port = url.hostname or "127.0.0.1", url.port or 80
    connections = [await asyncio.open_connection(host, port) for _ in paths]
    ready.wait(timeout=300)
    counts = await asyncio.gather(
        *(
            _client(reader, writer, _requests(load, f"{host}:{port}", mine), load.per_client)
            for (reader, writer), mine in zip(connections, paths, strict=True)
        )
    )
    end = time.monotonic()
    for _, writer in connections:
        writer.close()
    return sum(counts), end


def _requests(load: Load, host: str, paths: Sequence[str]) -> list[bytes]:
    head = f"HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {load.token}\r\n"
    body = "Content-Length: 0\r\n\r\n" if load.method == "POST" else "\r\n"
    return [f"{load.method} {path} {head}{body}".encode() for path in paths]


async def _client(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, requests: list[bytes], count: int
) -> int:
    for n in range(count):
        writer.write(requests[n % len(requests)])
        head = await reader.readuntil(b"\r\n\r\n")
        status = head[9:12]
        length = _content_length(head)
        body = await reader.readexactly(length)
        if status != b"200":
            raise RuntimeError(f"answer {status.decode()}: {body[:200]!r}")
    return count


def _content_length(head: bytes) -> int:
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    raise RuntimeError("an answer without Content-Length")
