"""``floorman serve --workers N``: N server processes on one host, behind one port.

Python runs one core's worth of a server process (the GIL), so a host with more cores serves
more with more processes. They share nothing but the PostgreSQL database (the bridge of
:mod:`floorman.service.cluster.bridge` carries changes between their feeds), so SQLite,
which has one writer and no way to wake the other processes, is refused for more than one.

The parent migrates the database once, then forks the workers before it opens any
connection or thread. Each worker binds the same address with ``SO_REUSEPORT``, so the
kernel spreads the connections over them and no proxy is needed on one host (several hosts
go behind a reverse proxy: docs/service.md). The parent supervises: a worker that dies is
started again (one that dies within :data:`SETTLE_SECONDS` of its start ends them all: it
would only die again), and SIGTERM or SIGINT stop every worker.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable
from types import FrameType

from floorman.errors import FloormanError

SETTLE_SECONDS = 5.0
"""A worker that exits sooner than this after starting is not started again."""


class WorkersRefused(FloormanError):
    """Several processes asked for on a database that supports only one."""


def refuse_single_process_database(url: str, workers: int) -> None:
    """Raise :class:`WorkersRefused` for ``workers`` > 1 on any database but PostgreSQL."""
    if workers < 1:
        raise WorkersRefused(f"--workers must be at least 1, not {workers}")
    if workers > 1 and not url.startswith("postgresql"):
        raise WorkersRefused(
            f"--workers {workers} needs PostgreSQL (--db postgresql://... or "
            "FLOORMAN_DATABASE_URL): SQLite has one writer, and one process's commands would "
            "not reach the feeds and caches of the others; run one process on SQLite"
        )


def shared_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` that other processes may bind too (SO_REUSEPORT)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class Supervisor:
    """Forks ``workers`` processes running ``serve(index)`` and keeps them running."""

    def __init__(self, workers: int, serve: Callable[[int], None]) -> None:
        self.workers = workers
        self.serve = serve
        self.running: dict[int, tuple[int, float]] = {}  # pid -> (index, started at)
        self.stopping = False
        self.failed = False

    def run(self) -> int:
        """Start the workers, wait until they are stopped; the exit status."""
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        for index in range(self.workers):
            self._start(index)
        while self.running:
            try:
                pid, _ = os.wait()
            except ChildProcessError:
                break
            except InterruptedError:  # pragma: no cover - retried by Python since PEP 475
                continue
            index, started = self.running.pop(pid, (-1, 0.0))
            if index < 0 or self.stopping:
                continue
            if time.monotonic() - started < SETTLE_SECONDS:
                print(f"worker {index} exited at start: stopping", file=sys.stderr)
                self.failed = True
                self._stop(signal.SIGTERM, None)
            else:
                print(f"worker {index} died: starting it again", file=sys.stderr)
                self._start(index)
        return 1 if self.failed else 0

    def _start(self, index: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 0
            try:
                self.serve(index)
            except BaseException:  # reported; the worker's exit status says so
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        self.running[pid] = (index, time.monotonic())

    def _stop(self, _signal: int, _frame: FrameType | None) -> None:
        self.stopping = True
        for pid in list(self.running):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
