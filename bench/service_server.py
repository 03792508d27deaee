"""A ``floorman serve`` subprocess to measure, its CPU time, and the clients' shared helpers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

TOKEN = "bench-director"
SERVER_OPTIONS = ("--no-access-log",)
"""How the benchmark runs the server: uvicorn picks uvloop and httptools (installed with
``uvicorn[standard]``) on its own; the access log, a line per request, is off, as behind a
reverse proxy that keeps its own."""


@dataclass(frozen=True, slots=True)
class Server:
    base: str
    pid: int

    def cpu_seconds(self) -> float:
        """The CPU time the server process has used (user and system, all threads)."""
        with open(f"/proc/{self.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_server(data_dir: Path) -> Iterator[Server]:
    """``floorman serve`` on a free port with its SQLite log under ``data_dir``."""
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port),
               "--data-dir", str(data_dir), "--token", TOKEN, "--host", "127.0.0.1",
               *SERVER_OPTIONS]  # fmt: skip
    env = {**os.environ, "FLOORMAN_DATABASE_URL": ""}
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, server)
        yield Server(base, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    with httpx.Client(base_url=base, timeout=1.0) as probe:
        for _ in range(1200):
            if server.poll() is not None:
                raise RuntimeError("floorman serve exited")
            try:
                if probe.get("/health").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
    raise RuntimeError("floorman serve did not answer")


def client(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=60.0, headers={"Authorization": f"Bearer {TOKEN}"})


def create_tournament(api: httpx.Client, players: int, seats: int = 9) -> str:
    body = {"name": "Benchmark", "expected_players": players, "seats_per_table": seats}
    tid: str = api.post("/tournaments", json=body).raise_for_status().json()["tournament"]
    for number in range(1, players + 1):
        player = {"player": f"p{number}", "name": f"Player {number}"}
        api.post(f"/tournaments/{tid}/entries", json=player).raise_for_status()
    api.post(f"/tournaments/{tid}/start").raise_for_status()
    return tid


def in_threads(count: int, work: Callable[[int], None]) -> float:
    """Run ``work(n)`` in ``count`` threads at once; the seconds until the last is done."""
    threads = [threading.Thread(target=work, args=(n,)) for n in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def load_average() -> float:
    """The machine's load average over the last minute."""
    return os.getloadavg()[0]
