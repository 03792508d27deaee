"""``floorman serve`` as a director starts it: on the local network, with a short list of the
pages to open at the machine's LAN address, and QR codes that carry that address."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from tests.web.service import free_port

from floorman.cli.serve_startup import Startup, startup_text
from floorman.service.api.demo import Demo
from floorman.service.api.tokens import qr_png
from floorman.service.lan import lan_address

START_TIMEOUT = 60.0
URL = re.compile(r"https?://\S+")


@contextmanager
def started(*options: str, data: Path) -> Iterator[list[str]]:
    """``python -m floorman serve --demo`` with ``options``; its output up to the start-up
    list's last line ("stop"), and the server still running while the block runs."""
    command = [sys.executable, "-m", "floorman", "serve", "--demo", "--data-dir", str(data)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "FLOORMAN_DATABASE_URL": ""}
    process = subprocess.Popen(
        [*command, *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
    )
    lines: queue.Queue[str | None] = queue.Queue()
    reader = threading.Thread(target=_read, args=(process, lines), daemon=True)
    reader.start()
    try:
        yield _until_stop(lines)
    finally:
        process.terminate()
        process.wait(timeout=15)
        reader.join(timeout=15)
        assert process.stdout is not None
        process.stdout.close()


def _read(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line.rstrip("\n"))
    lines.put(None)


def _until_stop(lines: queue.Queue[str | None]) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            pytest.fail("floorman serve exited:\n" + "\n".join(seen))
        seen.append(line)
        if line.strip().startswith("stop"):
            return seen
    pytest.fail("floorman serve printed no start-up list:\n" + "\n".join(seen))


def _rows(output: list[str]) -> dict[str, str]:
    """The list's rows: what to open, and its URL (or how to stop)."""
    return {
        what.strip(): where.strip()
        for what, where in (re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in output[2:])
    }


def test_serve_listens_on_the_network_and_prints_the_pages_at_the_lan_address(
    tmp_path: Path,
) -> None:
    address = lan_address()
    port = free_port()
    base = f"http://{address}:{port}"
    with started("--port", str(port), data=tmp_path) as output:
        assert output[0] == f"floorman is running for every device on this network at {base}"
        rows = _rows(output)
        assert list(rows) == ["director's console", "big-screen clock", "new event", "stop"]
        assert rows["stop"] == "press Ctrl+C"
        text = "\n".join(output)
        assert "ws://" not in text
        assert "{" not in text  # no JSON
        assert "warning" not in text.lower()
        for url in URL.findall(text):
            assert url == base or url.startswith(f"{base}/")
        with httpx.Client(timeout=10.0) as client:
            for what in ("director's console", "big-screen clock", "new event"):
                page = client.get(rows[what])
                assert page.status_code == 200
                assert "<html" in page.text.lower()
            _check_qr_codes(client, base, rows)
            _check_loopback_pages_move_to_the_lan_address(client, base, port, rows)


def _check_loopback_pages_move_to_the_lan_address(
    client: httpx.Client, base: str, port: int, rows: dict[str, str]
) -> None:
    """A page opened at ``localhost`` on the server's own machine is sent to the LAN address,
    so the links it builds from its own address open on the other devices; the API is not."""
    console = urlsplit(rows["director's console"])
    local = f"http://127.0.0.1:{port}{console.path}?{console.query}"
    moved = client.get(local, follow_redirects=False)
    if base == f"http://127.0.0.1:{port}":  # a machine with no network: nowhere else to go
        assert moved.status_code == 200
        return
    assert moved.status_code == 307
    assert moved.headers["location"] == rows["director's console"]
    assert client.get(f"http://127.0.0.1:{port}/health").status_code == 200


def _check_qr_codes(client: httpx.Client, base: str, rows: dict[str, str]) -> None:
    """The clock's QR code and a player's join QR code both carry the LAN address."""
    clock = urlsplit(rows["big-screen clock"])
    query = parse_qs(clock.query)
    tournament, display = query["t"][0], query["token"][0]
    qr = client.get(
        f"{base}/tournaments/{tournament}/clock/qr.png",
        headers={"Authorization": f"Bearer {display}"},  # the API takes no token in a URL
    )
    assert qr.status_code == 200
    assert qr.content == qr_png(rows["big-screen clock"])
    director = parse_qs(urlsplit(rows["director's console"]).query)["token"][0]
    made = client.post(
        f"{base}/tournaments/{tournament}/tokens",
        json={"role": "player", "entry": "e1"},
        headers={"Authorization": f"Bearer {director}"},
    )
    assert made.status_code == 201, made.text
    join = made.json()["join_url"]
    assert join.startswith(f"{base}/join/")
    assert client.get(made.json()["qr_url"]).content == qr_png(join)


def test_serve_on_127_0_0_1_says_this_machine_only(tmp_path: Path) -> None:
    port = free_port()
    with started("--host", "127.0.0.1", "--port", str(port), data=tmp_path) as output:
        assert output[0] == f"floorman is running for this machine only at http://127.0.0.1:{port}"
        rows = _rows(output)
        assert rows["new event"].startswith(f"http://127.0.0.1:{port}/director?token=")
        assert httpx.get(rows["new event"], timeout=10.0).status_code == 200


def test_the_base_url_given_is_in_every_printed_url() -> None:
    startup = Startup(
        base="https://poker.club.example", server_token="s/t", network=True, database="sqlite://"
    )
    demo = Demo(
        tournament="t1",
        links=(),
        director_token="d",
        console="https://poker.club.example/director?t=t1&token=d",
        clock="https://poker.club.example/clock?t=t1&token=c",
    )
    text = startup_text(startup, demo)
    assert "https://poker.club.example/director?token=s%2Ft" in text
    urls = URL.findall(text)
    assert len(urls) == 4
    assert all(url.startswith("https://poker.club.example") for url in urls)
    assert "director's console" not in startup_text(startup)
