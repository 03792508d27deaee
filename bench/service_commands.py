"""Acknowledged commands a second, through the API and on the service in-process.

Both take the same load: each client pauses and resumes its own tournament's clock, one
command at a time, and waits for each acknowledgement, which the service gives only once the
command is committed (SQLite, WAL, ``synchronous=FULL``). Each load is run several times and
the best run kept, since on a shared machine other work only ever slows a run down; with it
go the CPU time the server spent per command in that run and the load average at its start.
A ``GET /health`` load beside it shows what the HTTP stack costs before any command is run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from bench.http_load import Load, run_load
from bench.service_server import (
    TOKEN,
    Server,
    client,
    create_tournament,
    in_threads,
    load_average,
)
from floorman.service.commands import Pause, Register, Resume, Start
from floorman.service.core import TournamentService
from floorman.service.store import EventStore
from floorman.tournament.config import TournamentConfig
from floorman.tournament.structure.default import default_structure

LOAD_PROCESSES = 2
"""Processes of the HTTP clients (each runs many connections in one event loop)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Throughput:
    """The best of several runs."""

    rate: float
    """Acknowledged requests a second."""
    cpu: float
    """CPU seconds the server (in-process: this process) spent per request in that run."""
    load: float
    """Load average of the machine when that run started."""
    runs: int
    per_commit: float = 0.0
    """In-process: commands committed per disk commit in that run."""
    client_cpu: float = 0.0
    """CPU seconds the load's clients spent per request in that run."""


def over_http(server: Server, clients: int, per_client: int, runs: int) -> Throughput:
    """Pause and resume through the API, each client on its own tournament."""
    with client(server.base) as api:
        tournaments = [create_tournament(api, 2) for _ in range(clients)]
    paths = tuple(
        (f"/tournaments/{tid}/clock/pause", f"/tournaments/{tid}/clock/resume")
        for tid in tournaments
    )
    load = Load(base=server.base, token=TOKEN, paths=paths, per_client=per_client)
    return _best(server, load, runs)


def hands_over_http(server: Server, clients: int, per_client: int, runs: int) -> Throughput:
    """Dealers' tablets: each client one 9-seat table of its own tournament, reading each
    hand's setup and posting its result; the rate counts the posted hands (the commands)."""
    with client(server.base) as api:
        tournaments = [create_tournament(api, 9) for _ in range(clients)]
    paths = tuple(
        (f"/tournaments/{tid}/tables/1/setup", f"/tournaments/{tid}/tables/1/hands")
        for tid in tournaments
    )
    load = Load(base=server.base, token=TOKEN, paths=paths, per_client=per_client, tablets=True)
    return _best(server, load, runs)


def health_floor(server: Server, clients: int, per_client: int, runs: int) -> Throughput:
    """``GET /health`` under the same load: the HTTP stack alone."""
    paths = tuple(("/health",) for _ in range(clients))
    load = Load(base=server.base, token=TOKEN, paths=paths, per_client=per_client, method="GET")
    return _best(server, load, runs)


def _best(server: Server, load: Load, runs: int) -> Throughput:
    found: list[Throughput] = []
    for _ in range(runs):
        start, before = load_average(), server.cpu_seconds()
        result = run_load(load, LOAD_PROCESSES)
        cpu = (server.cpu_seconds() - before) / max(result.acknowledged, 1)
        client_cpu = result.client_cpu / max(result.acknowledged, 1)
        found.append(
            Throughput(rate=result.rate, cpu=cpu, load=start, runs=runs, client_cpu=client_cpu)
        )
    return max(found, key=lambda t: t.rate)


def in_process(data_dir: Path, clients: int, per_client: int, runs: int) -> Throughput:
    """The same load on a ``TournamentService`` in this process, one thread per client."""
    store = EventStore.open(f"sqlite:///{data_dir / 'inprocess.db'}", data_dir=data_dir)
    service = TournamentService(store)
    tournaments = [_started(service) for _ in range(clients)]

    def work(number: int) -> None:
        for n in range(per_client):
            command = Pause() if n % 2 == 0 else Resume()
            service.execute(
                tournaments[number], command, expected_version=None, idempotency_key=None,
                actor="bench",
            )  # fmt: skip

    found: list[Throughput] = []
    for _ in range(runs):
        start, cpu = load_average(), time.process_time()
        batches, committed = store.committer.batches, store.committer.committed
        seconds = in_threads(clients, work)
        count = clients * per_client
        per_commit = (store.committer.committed - committed) / max(
            store.committer.batches - batches, 1
        )
        found.append(Throughput(rate=count / seconds, cpu=(time.process_time() - cpu) / count,
                                load=start, runs=runs, per_commit=per_commit))  # fmt: skip
    store.close()
    return max(found, key=lambda t: t.rate)


def _started(service: TournamentService) -> str:
    config = TournamentConfig(name="Benchmark", structure=default_structure(2))
    tid = service.create(config).tournament_id
    for command in (Register(player="a", name="A"), Register(player="b", name="B"), Start()):
        service.execute(tid, command, expected_version=None, idempotency_key=None, actor="b")
    return tid
