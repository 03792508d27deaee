"""A tournament server that can be killed and restarted quickly, for the durability test.

Starting ``floorman serve`` costs seconds of imports; fifty restarts would take minutes. So a
parent process (the "zygote") imports everything, migrates the database and builds the app
once, without keeping a connection, and forks a fresh server process for every start: each
server starts from that same pristine memory (empty caches), opens its own database
connections, serves the API with uvicorn, and is killed with SIGKILL by the test. Nothing
survives a kill but the database.

Run as ``python -m tests.service.server_process URL DATA_DIR PORT TOKEN``; it answers
``ready`` once imported, then reads ``start`` lines and answers each with the new server's pid.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def _zygote(url: str, data_dir: Path, port: int, token: str) -> None:
    """Import, open and migrate the store, build the app; then fork a server per ``start``.

    The pool's connections are closed before any fork, so every server opens its own."""
    import uvicorn

    from floorman.server import create_app
    from floorman.service.core import TournamentService
    from floorman.service.store import EventStore

    store = EventStore.open(url, data_dir=data_dir)
    store.engine.dispose()
    service = TournamentService(store, snapshot_every=40)
    app = create_app(service, server_token=token, refresh_seconds=3600)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error", access_log=False)
    config.load()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # killed servers are reaped by the kernel
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() != "start":
            break
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, 0)
            os.dup2(devnull, 1)
            try:
                uvicorn.Server(config).run()
            finally:
                os._exit(0)
        print(pid, flush=True)


class ServerProcess:
    """The test's handle on the zygote and the server it forked last."""

    def __init__(self, url: str, data_dir: Path, port: int, token: str) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.zygote = subprocess.Popen(
            [sys.executable, "-m", "tests.service.server_process", url, str(data_dir),
             str(port), token],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
        )  # fmt: skip
        self.pid: int | None = None
        self.health = httpx.Client(base_url=self.base, timeout=1.0)
        if self._answer() != "ready":
            raise RuntimeError("the server zygote did not start")

    def _answer(self) -> str:
        assert self.zygote.stdout is not None
        return self.zygote.stdout.readline().strip()

    def start(self, timeout: float = 60.0) -> float:
        """Fork a server and wait until it answers; returns the seconds it took."""
        begun = time.perf_counter()
        assert self.zygote.stdin is not None
        self.zygote.stdin.write("start\n")
        self.zygote.stdin.flush()
        self.pid = int(self._answer())
        while time.perf_counter() - begun < timeout:
            try:
                if self.health.get("/health").status_code == 200:
                    return time.perf_counter() - begun
            except httpx.TransportError:
                time.sleep(0.01)
        raise RuntimeError(f"the server did not answer within {timeout} s")

    def kill(self) -> None:
        """SIGKILL the server, and wait until it is gone."""
        if self.pid is None:
            return
        os.kill(self.pid, signal.SIGKILL)
        while _alive(self.pid):
            time.sleep(0.002)
        self.pid = None

    def close(self) -> None:
        self.kill()
        self.health.close()
        assert self.zygote.stdin is not None
        self.zygote.stdin.close()
        self.zygote.wait(timeout=10)
        assert self.zygote.stdout is not None
        self.zygote.stdout.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


if __name__ == "__main__":
    _zygote(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
