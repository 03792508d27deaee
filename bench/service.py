"""The service: acknowledged commands per second, tables dealt by bots, WebSocket fan-out.

The issue's targets, all on one machine over loopback with the default SQLite event log
(WAL, ``synchronous=FULL``: every acknowledged command is on disk):

- at least 2,000 acknowledged commands a second from concurrent clients, measured through the
  HTTP API and, beside it, on the service in-process, with the CPU each costs the server
  (:mod:`bench.service_commands`);
- 200 bot-played tables at once: one 1,800-entrant tournament, each table dealt by a bot
  through the API as a dealer's tablet would (next hand's setup, the hand played with the
  engine, its result posted), hands per second and the delay of a recorded hand. The result
  carries no expected version: hands at other tables move the tournament's version all the
  time, and the core itself refuses a result whose stacks are not the table's (a hand
  recorded twice, or on a table that changed);
- a 99th-percentile delay under 100 ms from an acknowledged command to its view at each of
  1,000 WebSocket subscribers.

The server is ``floorman serve`` in a subprocess, as deployed. ``python -m bench.service
[--quick] [--update docs/benchmarks.md]`` runs this section alone (and puts its results into
the report without running the other sections).
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import httpx
from rich.console import Console

from bench import report as fmt
from bench import service_commands as throughput
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from bench.service_feeds import FanOut, fan_out
from bench.service_server import (
    client,
    create_tournament,
    in_threads,
    percentile,
    running_server,
)
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.sim.tournament_sim import STYLE_MIX, play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of

GOAL_COMMANDS = 2_000.0
GOAL_TABLES = 200
GOAL_SUBSCRIBERS = 1_000
GOAL_P99_SECONDS = 0.100


# --- tables dealt by bots ----------------------------------------------------------------


def bot_tables(base: str, tables: int, hands_per_table: int, bots: int) -> dict[str, float]:
    """One tournament of ``tables`` 9-max tables; ``bots`` clients deal its tables in turn."""
    with client(base) as api:
        tid = create_tournament(api, tables * 9)
    delays: list[float] = []
    hands = [0]
    lock = threading.Lock()

    def work(number: int) -> None:
        rng = random.Random(number)
        mine = list(range(1 + number, tables + 1, bots))
        with client(base) as api:
            for _ in range(hands_per_table):
                for table in mine:
                    delay = _deal(api, tid, table, rng)
                    if delay is not None:
                        with lock:
                            delays.append(delay)
                            hands[0] += 1

    seconds = in_threads(bots, work)
    return {
        "hands": hands[0],
        "seconds": seconds,
        "p50": percentile(delays, 0.5),
        "p99": percentile(delays, 0.99),
    }


def _deal(api: httpx.Client, tid: str, table: int, rng: random.Random) -> float | None:
    """One hand at ``table``: its setup, played, posted; the post's delay (``None``: the table
    is gone or waiting, or the log moved on first)."""
    answer = api.get(f"/tournaments/{tid}/tables/{table}/setup")
    if answer.status_code != 200 or answer.json()["setup"] is None:
        return None
    setup = decode_dataclass(HandSetup, answer.json()["setup"])
    styles = {e: rng.choice(STYLE_MIX) for e in setup.seats if e is not None}
    result = encode_dataclass(result_of(setup, play_hand(setup, styles, rng)))
    start = time.perf_counter()
    posted = api.post(f"/tournaments/{tid}/tables/{table}/hands", json=result)
    return time.perf_counter() - start if posted.status_code == 200 else None


# --- the section ----------------------------------------------------------------------------


def service_benchmark(config: Config) -> Section:
    quick = config.quick
    section = Section(
        key="service",
        title="Service: event log, API and feeds",
        intro=(
            "The tournament service over its default SQLite event log (WAL, synchronous=FULL, "
            "group commit), served by `floorman serve --no-access-log` (uvicorn with uvloop "
            "and httptools) in a subprocess, clients on loopback. A command is acknowledged "
            "when its HTTP 200 arrives, which the service sends only after the commit."
        ),
        columns=("Measure", "Load", "Result"),
    )
    clients, per_client, runs = (8, 50, 1) if quick else (128, 100, 3)
    tables, hands, bots = (20, 1, 4) if quick else (GOAL_TABLES, 3, 16)
    subscribers = 100 if quick else GOAL_SUBSCRIBERS
    started = _load()
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        local = throughput.in_process(data_dir / "a", clients, per_client, runs)
        with running_server(data_dir / "b") as server:
            floor = throughput.health_floor(server, clients, per_client, runs)
            http = throughput.over_http(server, clients, per_client, runs)
            dealt = bot_tables(server.base, tables, hands, bots)
            fans = [
                fan_out(server.base, subscribers, 10 if quick else 20, server.cpu_seconds)
                for _ in range(runs)
            ]
            fanned = min(fans, key=lambda run: percentile(run.delays, 0.99))
    delays = fanned.delays
    load = f"{clients} clients × {per_client}, best of {runs}"
    section.rows += [
        ("Commands acknowledged, through the API", load, fmt.rate(http.rate)),
        ("Server CPU per acknowledged command, through the API", load, _us(http.cpu)),
        ("GET /health through the API (the HTTP stack alone)", load, fmt.rate(floor.rate)),
        ("Server CPU per GET /health", load, _us(floor.cpu)),
        ("Commands acknowledged, service in-process", load, fmt.rate(local.rate)),
        ("CPU per command, service in-process (all its threads)", load, _us(local.cpu)),
        ("Commands per disk commit (in-process)", load, f"{local.per_commit:.1f}"),
        (
            "Hands recorded by bot dealers",
            f"{tables} tables, {bots} bots, {int(dealt['hands'])} hands",
            fmt.rate(dealt["hands"] / dealt["seconds"]),
        ),
        ("Recorded hand, delay p50 / p99", f"{tables} tables",
         f"{fmt.seconds(dealt['p50'])} / {fmt.seconds(dealt['p99'])}"),
        ("View after a command, delay p50 / p99",
         f"{subscribers} subscribers, best p99 of {runs}",
         f"{fmt.seconds(percentile(delays, 0.5))} / {fmt.seconds(percentile(delays, 0.99))}"),
        ("Server CPU per view sent", f"{subscribers} subscribers", _us(fanned.cpu)),
    ]  # fmt: skip
    section.notes += _notes(started, local, floor, http, clients)
    section.notes.append(
        f"Fan-out: {subscribers} subscribers of the public feed, bare asyncio protocols in "
        "two processes (`bench/service_feeds.py`), a command a quarter of a second; the "
        f"run with the best p99 of {runs} (spread {_spread(fans)}), like the other figures: "
        "on shared cores one pause of the server's process delays a whole change, 1/20 of "
        "the deliveries. One sender per view hands the same message to every socket "
        "through ASGI (`service/api/broadcast.py`). The server spent "
        f"{_us(fanned.cpu)} of CPU per view sent, the command and the view's build "
        f"included (a change's {subscribers:,} views: "
        f"{fanned.cpu * subscribers * 1e3:.0f} ms of one core)."
    )
    if quick:
        section.notes.append("Quick run: smaller loads; the targets apply to the full run.")
        return section
    section.targets += [
        Target("acknowledged commands through the API", fmt.rate(http.rate), "≥ 2,000 /s",
               http.rate >= GOAL_COMMANDS),
        Target("acknowledged commands, service in-process", fmt.rate(local.rate), "≥ 2,000 /s",
               local.rate >= GOAL_COMMANDS),
        Target(f"{tables} bot-played tables at once", f"{int(dealt['hands'])} hands",
               "every table deals", dealt["hands"] >= tables),
        Target(f"fan-out to {subscribers} subscribers, p99",
               fmt.seconds(percentile(delays, 0.99)), "< 100 ms",
               percentile(delays, 0.99) < GOAL_P99_SECONDS),
    ]  # fmt: skip
    return section


def _notes(
    started: str,
    local: throughput.Throughput,
    floor: throughput.Throughput,
    http: throughput.Throughput,
    clients: int,
) -> list[str]:
    stack = max(http.cpu - local.cpu, 0.0)
    return [
        f"Machine: {os.cpu_count()} logical cores shared with other work; load average "
        f"{started} when the section started, {http.load:.1f} at the start of the best API "
        f"run, {local.load:.1f} at the start of the best in-process run. Every figure is "
        "CPU-bound, so each is the best of its runs.",
        f"Clients: {clients} keep-alive connections in {throughput.LOAD_PROCESSES} processes "
        "(asyncio, prebuilt requests; see `bench/http_load.py`), each sending its next "
        "command only when the last one's 200 has arrived, so the rate is also bound by "
        "how long a commit takes (the disk is shared too). In-process: one thread per "
        "client calling `TournamentService.execute`.",
        f"Commands go through the lean command path (`service/api/fast_commands.py`) in "
        f"front of FastAPI. Per command through the API the server spends {_us(http.cpu)} of "
        f"CPU: about {_us(local.cpu)} is the service itself (its in-process cost), the other "
        f"{_us(stack)} uvicorn, the lean layer, one worker-thread hop and the answer. "
        f"`GET /health`, still served by FastAPI, costs {_us(floor.cpu)}: FastAPI's own "
        "floor, no longer on the command path. During the best run the server used "
        f"{http.cpu * http.rate:.2f} cores' worth of CPU.",
        f"In-process, a disk commit carries about {local.per_commit:.0f} commands (group "
        "commit), so the durable log is not the limit.",
        f"2,000 commands a second at {_us(http.cpu)} of server CPU each need "
        f"{http.cpu * GOAL_COMMANDS:.2f} of a core: one server process (bound to one core "
        f"by the GIL) with a core to itself would acknowledge about {1 / http.cpu:,.0f} a "
        "second; on this machine the clients, the other work and the disk share the two "
        "cores with it.",
    ]


def _spread(fans: list[FanOut]) -> str:
    """The runs' p99s, lowest to highest."""
    p99s = sorted(percentile(run.delays, 0.99) for run in fans)
    return f"p99 {fmt.seconds(p99s[0])} to {fmt.seconds(p99s[-1])}"


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs"


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def update_report(path: Path, section: Section) -> None:
    """Put ``section`` into the Markdown report at ``path`` (a run of this section alone):
    its block before *Method*, replacing an older one, and its targets in the summary."""
    text = path.read_text(encoding="utf-8")
    block = "\n".join(_section_markdown(section))
    heading = f"## {section.title}\n"
    if heading in text:
        start = text.index(heading)
        end = text.index("\n## ", start + len(heading)) + 1
        text = text[:start] + block + "\n" + text[end:]
    else:
        text = text.replace("## Method\n", block + "\n## Method\n", 1)
    lines = [line for line in text.split("\n") if not line.startswith(f"| {section.title} |")]
    last = lines.index("## Summary") + 2  # the heading, a blank line, the table's first row
    while lines[last + 1].startswith("| "):
        last += 1
    rows = [
        f"| {section.title} | {t.label} | {t.measured} | {t.goal} | **{t.verdict}** |"
        for t in section.targets
    ]
    text = "\n".join(lines[: last + 1] + rows + lines[last + 1 :])
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    path.write_text(text, encoding="utf-8")


def _section_markdown(section: Section) -> list[str]:
    lines = [f"## {section.title}", "", section.intro, ""]
    lines += [*fmt._markdown_table(section.columns, section.rows, left=section.left), ""]
    if section.targets:
        targets = ((t.label, t.measured, t.goal, f"**{t.verdict}**") for t in section.targets)
        lines += [*fmt._markdown_table(("Target", "Measured", "Goal", "Result"), targets), ""]
    lines += [f"* {note}" for note in section.notes]
    return [*lines, ""]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.service")
    parser.add_argument("--quick", action="store_true", help="smaller loads")
    parser.add_argument(
        "--update", type=Path, help="also put the results into this Markdown report"
    )
    args = parser.parse_args(argv)
    section = service_benchmark(QUICK if args.quick else FULL)
    print_section(Console(), section)
    if args.update is not None:
        update_report(args.update, section)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
