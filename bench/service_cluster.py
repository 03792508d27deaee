"""Past one machine (issue 21): the service on PostgreSQL with one and two processes.

- acknowledged commands a second through the API with ``floorman serve --workers 1`` and
  ``--workers 2`` on one PostgreSQL database, and their ratio (the issue's goal: 1.6x on this
  2-core machine), with the CPU each command costs the server processes and the database,
  for two loads: dealers' tablets posting hands (the floor's commonest command) and clock
  pauses (the lightest, where the database's share is largest), each at 64 and 128 clients;
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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.postgres import fresh_database, postgres_server, postmaster_pid
from bench.report import Section, Target, print_section
from bench.service_commands import Throughput, hands_over_http, over_http
from bench.service_feeds import fan_out
from bench.service_online import OnlineRun, online_event
from bench.service_server import SERVER_OPTIONS, TOKEN, Server, free_port, percentile

GOAL_RATIO = 1.6
GOAL_SUBSCRIBERS = 10_000
GOAL_FAN_OUT_P99 = 0.250
GOAL_ENTRANTS = 10_000


def _tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid``, its live children (user and system, all threads) and the
    children it has reaped: PostgreSQL's postmaster reaps each backend whose connection
    closed, and a closed backend's CPU would otherwise drop out of the sum."""
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
        ticks = int(fields[11]) + int(fields[12])
        if process == pid:
            ticks += int(fields[13]) + int(fields[14])
        total += ticks / os.sysconf("SC_CLK_TCK")
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


@dataclass(frozen=True, slots=True)
class CommandLoad:
    """One kind of command load: what each client does, and how many commands each posts."""

    name: str
    run: Callable[[Server, int, int, int], Throughput]
    per_client: int
    setup_commands: int
    """Commands each client's set-up posts (its tournament: creation, entries, start)."""


PAUSES = CommandLoad("clock pause and resume", over_http, 150, 4)
"""The lightest command: the database's share of each is the largest."""
HANDS = CommandLoad("tablets' hands", hands_over_http, 60, 11)
"""What a floor's tablets send most: each client one 9-seat table, its next hand's setup
read, the hand's result posted."""


@dataclass(frozen=True, slots=True)
class Scaling:
    """One load on 1 and 2 processes at each concurrency: the best run of each."""

    load: CommandLoad
    runs: int
    found: dict[tuple[int, int], Commands]
    """By (processes, clients)."""

    def peak(self, processes: int) -> Commands:
        """The most commands a second ``processes`` served at any of the concurrencies."""
        mine = [c for (n, _), c in self.found.items() if n == processes]
        return max(mine, key=lambda c: c.found.rate)

    def clients_at_peak(self, processes: int) -> int:
        peak = self.peak(processes)
        return next(k for (n, k), c in self.found.items() if n == processes and c is peak)

    @property
    def ratio(self) -> float:
        return self.peak(2).found.rate / max(self.peak(1).found.rate, 1e-9)

    @property
    def ceiling(self) -> float:
        """The most 2 processes could serve over 1 on two cores, from what a command cost
        at one process's peak: a process uses one core at most (the GIL), so one process
        serves ``1 / server``; two cores shared by everything a command costs (the server,
        PostgreSQL, the client) serve at most ``2 / (server + database + client)``; the
        ratio of the two, with every core busy all the time and a second process costing
        each command no more CPU than the first, which neither does."""
        one = self.peak(1)
        server = min(one.found.cpu, 1 / max(one.found.rate, 1e-9))
        whole = one.found.cpu + one.database_cpu + one.found.client_cpu
        return 2 * server / max(whole, 1e-12)


def commands(
    server_url: str, load: CommandLoad, levels: Sequence[int], runs: int, per_client: int
) -> Scaling:
    """``load`` on 1 and on 2 processes, both up at once on databases of their own, their
    runs taking turns (1, 2, 1, 2...): on a shared machine the load drifts, and runs far
    apart in time would compare the load rather than the processes. Each concurrency of
    ``levels`` (clients at once) is run on both; a process count's capacity is its best
    rate at any of them (a single process saturates with fewer clients than two)."""
    found: dict[tuple[int, int], list[Commands]] = {}
    with serving(server_url, 1) as single, serving(server_url, 2) as pair:
        postgres = postmaster_pid(server_url)
        for _ in range(runs):
            for clients in levels:
                for count, running in ((1, single), (2, pair)):
                    before = _tree_cpu(postgres) if postgres else 0.0
                    run = load.run(running.server(), clients, per_client, 1)
                    spent = (_tree_cpu(postgres) - before) if postgres else 0.0
                    total = clients * (per_client + load.setup_commands)
                    found.setdefault((count, clients), []).append(
                        Commands(count, run, spent / total)
                    )
    best = {key: max(found[key], key=lambda c: c.found.rate) for key in found}
    return Scaling(load, runs, best)


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
    levels, runs = ((16,), 1) if quick else ((64, 128), 3)
    subscribers, changes = (1_000, 6) if quick else (GOAL_SUBSCRIBERS, 12)
    entrants, hands_seconds = (450, 10.0) if quick else (GOAL_ENTRANTS, 40.0)
    with postgres_server() as server_url:
        scalings = [
            commands(server_url, load, levels, runs, load.per_client // (5 if quick else 1))
            for load in (HANDS, PAUSES)
        ]
        delays = fan_out_across(server_url, subscribers, changes)
        with serving(server_url, 2, "--concurrent-tables") as running:
            online = online_event(running.base, entrants, hands_seconds)
    p50, p99 = percentile(delays, 0.5), percentile(delays, 0.99)
    for scaling in scalings:
        section.rows += _scaling_rows(scaling)
    section.rows += [
        ("View after a command, delay p50 / p99", f"{subscribers:,} subscribers on 2 processes",
         f"{fmt.seconds(p50)} / {fmt.seconds(p99)}"),
        *_online_rows(online),
    ]  # fmt: skip
    section.notes += _notes(scalings, online, subscribers, changes)
    if quick:
        section.notes.append("Quick run: smaller loads; the targets apply to the full run.")
        return section
    section.targets += [
        *(Target(f"2 processes / 1 on PostgreSQL, {scaling.load.name}",
                 fmt.ratio(scaling.ratio), f"≥ {GOAL_RATIO}×", scaling.ratio >= GOAL_RATIO)
          for scaling in scalings),
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


def _scaling_rows(scaling: Scaling) -> list[tuple[str, str, str]]:
    name, rows = scaling.load.name, []
    for processes in (1, 2):
        peak = scaling.peak(processes)
        load = (
            f"{scaling.clients_at_peak(processes)} clients × {scaling.load.per_client}, "
            f"best of {scaling.runs}, in turns"
        )
        rows.append(
            (
                f"{name.capitalize()}: commands acknowledged, {processes} process"
                f"{'es' if processes > 1 else ''}",
                load,
                fmt.rate(peak.found.rate),
            )
        )
    one, two = scaling.peak(1), scaling.peak(2)
    levels = sorted({k for _, k in scaling.found})
    spread = ", ".join(
        f"{k}: {fmt.rate(scaling.found[(1, k)].found.rate)} / "
        f"{fmt.rate(scaling.found[(2, k)].found.rate)}"
        for k in levels
    )
    rows += [
        (f"{name.capitalize()}: ratio 2 / 1 (best of each)", "peaks above",
         fmt.ratio(scaling.ratio)),
        (f"{name.capitalize()}: 1 / 2 processes by clients", "clients: 1 / 2", spread),
        (f"{name.capitalize()}: ceiling of the ratio on two cores", "from the costs below",
         fmt.ratio(scaling.ceiling)),
        (f"{name.capitalize()}: server CPU per command, 1 / 2 processes", "at the peaks",
         f"{_us(one.found.cpu)} / {_us(two.found.cpu)}"),
        (f"{name.capitalize()}: PostgreSQL CPU per command, 1 / 2 processes", "at the peaks",
         f"{_us(one.database_cpu)} / {_us(two.database_cpu)}"),
        (f"{name.capitalize()}: clients' CPU per command, 1 / 2 processes", "at the peaks",
         f"{_us(one.found.client_cpu)} / {_us(two.found.client_cpu)}"),
    ]  # fmt: skip
    return rows


def _notes(scalings: list[Scaling], online: OnlineRun, subscribers: int, changes: int) -> list[str]:
    cores = os.cpu_count() or 1
    hands = scalings[0]
    two = hands.peak(2)
    server = two.found.cpu * two.found.rate
    database = two.database_cpu * two.found.rate
    return [
        f"Machine: {cores} logical cores shared by the server processes, PostgreSQL, the "
        f"load's client processes and other work (load average {two.found.load:.1f} at the "
        "start of the best 2-process run of tablets' hands). Each figure is the best of its "
        "runs.",
        "The runs of 1 and 2 processes take turns, both servers up at once, so a change of "
        "the machine's load touches both; each load runs at each concurrency on both, and "
        "a process count's capacity is its best rate (one process saturates with fewer "
        "clients than two, and more clients only queue in it).",
        "What bounds the ratio on two cores: a second process adds what the first leaves "
        "of the cores. One process is bound by its core (the GIL); two share both cores "
        "with PostgreSQL and the clients, so even with both cores busy all the time and no "
        "command costing more with two processes, two could serve at most "
        f"{fmt.ratio(hands.ceiling)} what one does for tablets' hands and "
        f"{fmt.ratio(scalings[1].ceiling)} for clock pauses (the ceiling rows: twice the "
        "server's CPU per command over everything a command costs). With 2 processes "
        "serving tablets' hands the servers used "
        f"{server:.2f} cores and PostgreSQL {database:.2f} at {fmt.rate(two.found.rate)}; "
        "the clients and the other work share the same two cores, and each command costs "
        "the servers more CPU than with one process (threads waiting for a core to take "
        "the GIL back). The lighter the command, the larger the database's and the "
        "clients' share and the smaller the gain: for clock pauses, "
        f"{fmt.ratio(scalings[1].ratio)}. On a host with a core per process (the database "
        f"elsewhere) each process adds about {1 / max(two.found.cpu, 1e-9):,.0f} hands a "
        f"second, or {1 / max(scalings[1].peak(2).found.cpu, 1e-9):,.0f} clock commands.",
        f"Where PostgreSQL becomes the limit: it spent {_us(scalings[1].peak(2).database_cpu)} "
        f"of CPU per clock command and {_us(two.database_cpu)} per hand (the append in one "
        "statement, the batch's NOTIFY and commit), so one database core takes about "
        f"{1 / max(scalings[1].peak(2).database_cpu, 1e-9):,.0f} commands a second.",
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
