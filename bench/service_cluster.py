"""Past one machine (issue 21): the service on PostgreSQL with one and two processes.

- acknowledged commands a second through the API with ``floorman serve --workers 1`` and
  ``--workers 2`` on one PostgreSQL database, and their ratio (the issue's goal: 1.6x on this
  2-core machine), with the CPU each command costs the server processes and the database;
- fan-out across 2 processes to 10,000 WebSocket subscribers (the kernel spreads them, about
  5,000 on each): the delay from an acknowledged command to its view at each subscriber
  (goal: p99 < 250 ms);
- a 10,000-entrant online event on 2 processes: 1,112 server-dealt tables played by bots
  through the API (:mod:`bench.service_online`).

The database is a throwaway PostgreSQL cluster (:mod:`bench.postgres`), a fresh database for
each measure. ``python -m bench.service_cluster [--quick]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.postgres import fresh_database, postgres_server, postmaster_pid
from bench.report import Section, Target, print_section
from bench.service_commands import Throughput, over_http
from bench.service_feeds import fan_out
from bench.service_online import OnlineRun, online_event
from bench.service_server import SERVER_OPTIONS, TOKEN, Server, free_port, percentile

GOAL_RATIO = 1.6
GOAL_SUBSCRIBERS = 10_000
GOAL_FAN_OUT_P99 = 0.250
GOAL_ENTRANTS = 10_000


def _tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its live children (user and system, all threads)."""
    total = 0.0
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    for process in (pid, *map(int, children)):
        try:
            with open(f"/proc/{process}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


@dataclass(frozen=True, slots=True)
class Workers:
    """``floorman serve --workers N`` (its parent's pid) on one port."""

    base: str
    pid: int

    def cpu_seconds(self) -> float:
        return _tree_cpu(self.pid)

    def server(self) -> Server:
        return _TreeServer(self.base, self.pid)


class _TreeServer(Server):
    """A :class:`Server` whose CPU time is the parent's and its workers'."""

    def cpu_seconds(self) -> float:
        return _tree_cpu(self.pid)


@contextmanager
def workers(url: str, count: int, data_dir: Path, *extra: str) -> Iterator[Workers]:
    """``floorman serve --workers count`` on ``url``, on a free port."""
    port = free_port()
    command = [sys.executable, "-m", "floorman", "serve", "--port", str(port), "--db", url,
               "--workers", str(count), "--data-dir", str(data_dir), "--token", TOKEN,
               "--host", "127.0.0.1", *SERVER_OPTIONS, *extra]  # fmt: skip
    log = (data_dir / f"serve-{port}.log").open("ab")
    server = subprocess.Popen(command, stdout=log, stderr=log)
    log.close()
    base = f"http://127.0.0.1:{port}"
    try:
        _wait(base, server, count)
        yield Workers(base, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=60)


def _wait(base: str, server: subprocess.Popen[bytes], count: int) -> None:
    """Until every worker answers (each has its own start-up; the kernel picks one a
    connection, so a few answers in a row on new connections)."""
    deadline = time.monotonic() + 180
    answered = 0
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("floorman serve exited")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                answered += 1
                if answered >= 4 * count:
                    return
                continue
        except httpx.TransportError:
            answered = 0
        time.sleep(0.1)
    raise RuntimeError("floorman serve did not answer")


@dataclass(frozen=True, slots=True)
class Commands:
    """One run of the command load: the rate, and CPU a command in the servers and in
    PostgreSQL."""

    processes: int
    found: Throughput
    database_cpu: float


@contextmanager
def serving(server_url: str, count: int, *extra: str) -> Iterator[Workers]:
    """``count`` workers on a fresh database of ``server_url``."""
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(server_url) as url,
        workers(url, count, Path(folder), *extra) as running,
    ):
        yield running


def commands(
    server_url: str, clients: int, per_client: int, runs: int
) -> tuple[Commands, Commands]:
    """The command load on 1 and on 2 processes, both up at once on databases of their own,
    their runs taking turns (1, 2, 1, 2...): on a shared machine the load drifts, and runs
    far apart in time would compare the load rather than the processes. Best run of each."""
    with serving(server_url, 1) as single, serving(server_url, 2) as pair:
        postgres = postmaster_pid(server_url)
        found: dict[int, list[Commands]] = {1: [], 2: []}
        for _ in range(runs):
            for count, running in ((1, single), (2, pair)):
                before = _tree_cpu(postgres) if postgres else 0.0
                run = over_http(running.server(), clients, per_client, 1)
                spent = (_tree_cpu(postgres) - before) if postgres else 0.0
                total = clients * per_client + 3 * clients  # the set-up commands too
                found[count].append(Commands(count, run, spent / total))
    one, two = (max(found[n], key=lambda c: c.found.rate) for n in (1, 2))
    return one, two


def fan_out_across(server_url: str, subscribers: int, changes: int) -> list[float]:
    """Delays from each acknowledged command to its view at every subscriber, 2 workers."""
    with serving(server_url, 2) as running:
        return fan_out(running.base, subscribers, changes, running.cpu_seconds).delays


def cluster_benchmark(config: Config) -> Section:
    quick = config.quick
    section = Section(
        key="cluster",
        title="Service on PostgreSQL: one and two processes",
        intro=(
            "`floorman serve --workers N --no-access-log` on one PostgreSQL 15 database "
            "(a throwaway cluster with its durable defaults: fsync on, synchronous commit), "
            "the N processes sharing one port (SO_REUSEPORT), the clients on loopback on the "
            "same two cores. A command is acknowledged when its HTTP 200 arrives, after its "
            "commit; a committed change reaches the other process by LISTEN/NOTIFY."
        ),
        columns=("Measure", "Load", "Result"),
    )
    clients, per_client, runs = (16, 30, 1) if quick else (64, 60, 3)
    subscribers, changes = (1_000, 6) if quick else (GOAL_SUBSCRIBERS, 12)
    entrants, hands_seconds = (450, 10.0) if quick else (GOAL_ENTRANTS, 40.0)
    with postgres_server() as server_url:
        one, two = commands(server_url, clients, per_client, runs)
        delays = fan_out_across(server_url, subscribers, changes)
        with serving(server_url, 2, "--concurrent-tables") as running:
            online = online_event(running.base, entrants, hands_seconds)
    ratio = two.found.rate / max(one.found.rate, 1e-9)
    load = f"{clients} clients × {per_client}, best of {runs}, in turns"
    p50, p99 = percentile(delays, 0.5), percentile(delays, 0.99)
    section.rows += [
        ("Commands acknowledged, 1 process", load, fmt.rate(one.found.rate)),
        ("Commands acknowledged, 2 processes", load, fmt.rate(two.found.rate)),
        ("Ratio 2 / 1", load, fmt.ratio(ratio)),
        ("Server CPU per command, 1 / 2 processes", load,
         f"{_us(one.found.cpu)} / {_us(two.found.cpu)}"),
        ("PostgreSQL CPU per command, 1 / 2 processes", load,
         f"{_us(one.database_cpu)} / {_us(two.database_cpu)}"),
        ("View after a command, delay p50 / p99", f"{subscribers:,} subscribers on 2 processes",
         f"{fmt.seconds(p50)} / {fmt.seconds(p99)}"),
        *_online_rows(online),
    ]  # fmt: skip
    section.notes += _notes(one, two, online, subscribers, changes)
    if quick:
        section.notes.append("Quick run: smaller loads; the targets apply to the full run.")
        return section
    section.targets += [
        Target("2 processes / 1 on PostgreSQL", fmt.ratio(ratio), f"≥ {GOAL_RATIO}×",
               ratio >= GOAL_RATIO),
        Target(f"fan-out to {subscribers:,} subscribers on 2 processes, p99",
               fmt.seconds(p99), "< 250 ms", p99 < GOAL_FAN_OUT_P99),
        Target(f"{online.tables:,} server-dealt tables on 2 processes",
               f"{online.tables_dealt:,} tables dealt", "every table deals",
               online.tables_dealt >= online.tables),
    ]  # fmt: skip
    return section


def _online_rows(online: OnlineRun) -> list[tuple[str, str, str]]:
    load = f"{online.entrants:,} entrants, {online.tables:,} tables, {online.bots} bots"
    return [
        ("Online event: set-up (entries, start, tokens, first deals)", load,
         fmt.seconds(online.setup_seconds)),
        ("Online event: hands a second, 2 processes", load, fmt.rate(online.hands_per_second)),
        ("Online event: actions a second", load, fmt.rate(online.actions_per_second)),
        ("Online action to its answer, p50 / p99", load,
         f"{fmt.seconds(online.answer_p50)} / {fmt.seconds(online.answer_p99)}"),
        ("Online action to the table feed's frame, p50 / p99",
         f"{online.watched} table feeds",
         f"{fmt.seconds(online.frame_p50)} / {fmt.seconds(online.frame_p99)}"),
    ]  # fmt: skip


def _notes(
    one: Commands, two: Commands, online: OnlineRun, subscribers: int, changes: int
) -> list[str]:
    cores = os.cpu_count() or 1
    server = two.found.cpu * two.found.rate
    database = two.database_cpu * two.found.rate
    return [
        f"Machine: {cores} logical cores shared by the server processes, PostgreSQL, the "
        f"load's client processes and other work (load average {two.found.load:.1f} at the "
        "start of the best 2-process run). Each figure is the best of its runs.",
        "The runs of 1 and 2 processes take turns, both servers up at once, so a change of "
        "the machine's load touches both. What bounds the ratio: with 2 processes the "
        f"servers used {server:.2f} cores and PostgreSQL {database:.2f} at "
        f"{fmt.rate(two.found.rate)}; the load's clients and the other work share the same "
        "two cores. A second process adds a core's worth of Python only when a core is free "
        "for it. On a host with a core "
        "per process (and the database elsewhere) each process adds about "
        f"{1 / max(two.found.cpu, 1e-9):,.0f} commands a second.",
        f"Where PostgreSQL becomes the limit: it spent {_us(two.database_cpu)} of CPU per "
        f"command (the append, its NOTIFY, the group commit), so one database core takes "
        f"about {1 / max(two.database_cpu, 1e-9):,.0f} commands a second.",
        f"Fan-out: {subscribers:,} subscribers of one public feed, bare asyncio protocols in "
        f"two client processes (`bench/service_feeds.py`), the kernel spreading them over "
        f"the 2 server processes; {changes} commands a quarter of a second apart through one "
        "of them; each process takes the view once and writes it to its own subscribers.",
        *online.notes,
    ]


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.service_cluster")
    parser.add_argument("--quick", action="store_true", help="smaller loads")
    parser.add_argument(
        "--update", type=Path, help="also put the results into this Markdown report"
    )
    args = parser.parse_args(argv)
    section = cluster_benchmark(QUICK if args.quick else FULL)
    print_section(Console(), section)
    if args.update is not None:
        from bench.service import update_report

        update_report(args.update, section)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
