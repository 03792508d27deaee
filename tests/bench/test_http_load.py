"""The benchmark's HTTP clients: each answer is waited for and counted, and a refusal stops
the load (a benchmark must not count errors as acknowledged commands)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from bench.http_load import Load, run_load


@contextmanager
def tiny_server(refuse: bytes | None = None) -> Iterator[tuple[str, list[bytes]]]:
    """A keep-alive HTTP/1.1 server in a thread answering ``200`` with a small JSON body
    (``409`` to a request line containing ``refuse``); yields its URL and the request lines."""
    seen: list[bytes] = []
    ready = threading.Event()
    holder: dict[str, object] = {}

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while head := await _head(reader):
            line = head.split(b"\r\n", 1)[0]
            seen.append(line)
            status = b"409 Conflict" if refuse and refuse in line else b"200 OK"
            body = b'{"version":1}'
            writer.write(b"HTTP/1.1 " + status + b"\r\nContent-Length: 13\r\n\r\n" + body)
            await writer.drain()
        writer.close()

    async def serve() -> None:
        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        holder["port"] = server.sockets[0].getsockname()[1]
        holder["stop"] = asyncio.get_running_loop().create_future()
        holder["loop"] = asyncio.get_running_loop()
        ready.set()
        async with server:
            await holder["stop"]  # type: ignore[misc]

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    ready.wait(timeout=10)
    try:
        yield f"http://127.0.0.1:{holder['port']}", seen
    finally:
        loop: asyncio.AbstractEventLoop = holder["loop"]  # type: ignore[assignment]
        stop: asyncio.Future[None] = holder["stop"]  # type: ignore[assignment]
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(timeout=10)


async def _head(reader: asyncio.StreamReader) -> bytes:
    try:
        return await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return b""


def test_every_client_sends_its_paths_in_turn_and_each_answer_is_counted() -> None:
    with tiny_server() as (base, seen):
        paths = (("/a/pause", "/a/resume"), ("/b/pause", "/b/resume"), ("/c/pause",))
        result = run_load(Load(base=base, token="t", paths=paths, per_client=4), processes=2)
    assert result.acknowledged == 12
    assert result.seconds > 0
    assert sorted(seen) == sorted(
        [b"POST /a/pause HTTP/1.1", b"POST /a/resume HTTP/1.1"] * 2
        + [b"POST /b/pause HTTP/1.1", b"POST /b/resume HTTP/1.1"] * 2
        + [b"POST /c/pause HTTP/1.1"] * 4
    )


def test_a_refused_request_fails_the_load() -> None:
    with tiny_server(refuse=b"/b ") as (base, _):
        load = Load(base=base, token="t", paths=(("/a",), ("/b",)), per_client=2, method="GET")
        with pytest.raises(RuntimeError, match="409"):
            run_load(load, processes=1)
