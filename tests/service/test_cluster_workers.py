"""``floorman serve --workers N``: refused on SQLite with a message that says why and what to
do; on PostgreSQL, N processes behind one port, a command through any of them reaching the
feeds of all, and a worker that dies started again by the parent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from tests.service.api_fixtures import STRUCTURE, bearer
from tests.service.server_process import free_port
from typer.testing import CliRunner
from websockets.sync.client import connect

from floorman.cli.app import app
from floorman.service import db
from floorman.service.cluster.workers import WorkersRefused, refuse_single_process_database
from floorman.service.store import EventStore

TOKEN = "workers-token"


def test_several_workers_on_sqlite_are_refused_with_the_reason(tmp_path: Path) -> None:
    environment = {"FLOORMAN_DATABASE_URL": ""}
    runner = CliRunner()
    result = runner.invoke(
        app, ["serve", "--workers", "2", "--data-dir", str(tmp_path)], env=environment
    )
    assert result.exit_code == 2
    assert "needs PostgreSQL" in " ".join(result.output.split())
    assert not (tmp_path / "floorman.db").exists()  # refused before anything was opened


@pytest.mark.parametrize("workers", [0, -1])
def test_fewer_than_one_worker_is_refused(workers: int) -> None:
    with pytest.raises(WorkersRefused, match="at least 1"):
        refuse_single_process_database("postgresql+psycopg://h/d", workers)


def test_one_worker_on_sqlite_is_allowed() -> None:
    refuse_single_process_database("sqlite:///x.db", 1)  # nothing raised


def _children(pid: int) -> set[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return {int(child) for child in text.split()}


@pytest.fixture
def workers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--workers", "2", "--db", postgres_url]
    command += ["--port", str(port), "--data-dir", str(tmp_path), "--token", TOKEN]
    command += ["--host", "127.0.0.1"]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base, parent)
        yield base, parent
    finally:
        parent.send_signal(signal.SIGTERM)
        parent.wait(timeout=30)
        assert parent.stderr is not None
        parent.stderr.close()


def _wait_for(base: str, parent: subprocess.Popen[bytes], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert parent.poll() is None, parent.stderr.read().decode() if parent.stderr else ""
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError("the workers did not answer in time")


def test_two_workers_share_one_port_and_every_feed_sees_a_command(
    workers: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, parent = workers
    deadline = time.monotonic() + 60
    while len(_children(parent.pid)) < 2:  # the second may still be starting
        assert time.monotonic() < deadline
        time.sleep(0.2)
    body = {"name": "Workers", "structure": STRUCTURE}
    created = httpx.post(f"{base}/tournaments", json=body, headers=bearer(TOKEN), timeout=10)
    assert created.status_code == 201, created.text
    tournament = created.json()["tournament"]
    headers = bearer(created.json()["director"]["token"])
    ws = base.replace("http", "ws", 1)
    with ExitStack() as stack:  # connections spread over the workers by the kernel
        screens = [
            stack.enter_context(connect(f"{ws}/ws/public/{tournament}", additional_headers=headers))
            for _ in range(8)
        ]
        for screen in screens:
            assert json.loads(screen.recv(timeout=10))["view"]["entries"] == 0
        for number in (1, 2):
            entry = {"player": f"p{number}", "name": f"Player {number}"}
            path = f"{base}/tournaments/{tournament}/entries"
            answer = httpx.post(path, json=entry, headers=headers, timeout=10)
            assert answer.status_code == 200, answer.text
            for screen in screens:
                view = json.loads(screen.recv(timeout=1.0))
                while view["version"] < answer.json()["version"]:
                    view = json.loads(screen.recv(timeout=1.0))
                assert view["view"]["entries"] == number


def test_a_worker_that_dies_is_started_again(
    workers: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, parent = workers
    deadline = time.monotonic() + 60
    while len(_children(parent.pid)) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    time.sleep(5.5)  # past the settling time: a death now is not a failed start
    victim = min(_children(parent.pid))
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while True:
        children = _children(parent.pid)
        if len(children) == 2 and victim not in children:
            break
        assert time.monotonic() < deadline, "the worker was not started again"
        time.sleep(0.1)
    assert httpx.get(f"{base}/health", timeout=5).status_code == 200
    assert parent.poll() is None


def test_processes_opening_an_empty_database_together_migrate_one_at_a_time(
    postgres_url: str, tmp_path: Path
) -> None:
    opened: list[EventStore] = []
    failures: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(EventStore.open(postgres_url, data_dir=tmp_path))
        except BaseException as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    try:
        assert not failures
        assert {db.schema_revision(store.engine) for store in opened} == {"0006"}
    finally:
        for store in opened:
            store.close()
