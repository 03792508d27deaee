"""Past one machine (issue 21): the service on PostgreSQL with one and two processes.

- acknowledged commands a second through the API with ``floorman serve --workers 1`` and
  ``--workers 2`` on one PostgreSQL database, and their ratio (the issue's goal: 1.6x on
  this 2-core machine);
- not yet: the fan-out across processes (:mod:`bench.service_feeds` opens its sockets with
  the token in the URL, which the API refuses since issue 20; once it sends the token as a
  header, ``fan_out(server.base, ...)`` against ``--workers 2`` measures it: the kernel
  spreads the subscribers and the commands over both workers).

``python -m bench.service_cluster --db postgresql://... [--clients N] [--per-client N]``;
the defaults are small (a quick look). Not part of ``make bench`` yet: it needs a
PostgreSQL server.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.service_commands import over_http
from bench.service_server import (
    SERVER_OPTIONS,
    TOKEN,
    Server,
    free_port,
)


@contextmanager
def workers(url: str, count: int, data_dir: Path) -> Iterator[Server]:
    """``floorman serve --workers count`` on ``url``, on a free port."""
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port), "--db", url,
               "--workers", str(count), "--data-dir", str(data_dir), "--token", TOKEN,
               "--host", "127.0.0.1", *SERVER_OPTIONS]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait(base, server)
        yield Server(base, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("floorman serve exited")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError("floorman serve did not answer")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("FLOORMAN_DATABASE_URL", ""))
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--per-client", type=int, default=50)
    options = parser.parse_args(argv)
    if not options.db.startswith("postgres"):
        parser.error("--db must name a PostgreSQL database")
    rates = {}
    with tempfile.TemporaryDirectory() as data:
        for count in (1, 2):
            with workers(options.db, count, Path(data)) as server:
                found = over_http(server, options.clients, options.per_client, runs=1)
                rates[count] = found.rate
                print(f"{count} process(es): {found.rate:,.0f} acknowledged commands a second")
    print(f"ratio 2/1: {rates[2] / max(rates[1], 1e-9):.2f}x")


if __name__ == "__main__":
    main()
