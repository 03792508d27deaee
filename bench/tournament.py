"""A whole freeze-out simulated to the end: bots, hand engine and tournament engine together.

Two targets: a 10,000-entrant event in under 60 s on one core and under 1 GB of memory, and
a 100,000-entrant one, the size of the largest online events, in under 5 minutes and 2 GB
(issue 18). Each run is the same as ``floorman simulate`` (TDA rules, 9-max, the default
structure), timed once. The 10,000 run's memory is this process's peak resident size, read
from the operating system after the run (it includes the interpreter and everything the
benchmark loaded before); the 100,000 run plays in a child process of its own, which reports
its own peak, so that neither run's memory hides in the other's.

``python -m bench.tournament [--quick]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from time import perf_counter

from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from floorman.sim.tournament_sim import simulate

GOAL_SECONDS = 60.0
GOAL_BYTES = 1 << 30
LARGE_ENTRANTS = 100_000
LARGE_GOAL_SECONDS = 300.0
LARGE_GOAL_BYTES = 2 << 30
QUICK_LARGE_ENTRANTS = 2_000


def peak_memory_bytes() -> int:
    """Peak resident memory of this process (Linux reports kilobytes, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def tournament_benchmark(config: Config) -> Section:
    entrants = 1_000 if config.quick else 10_000
    start = perf_counter()
    report = simulate(players=entrants, seed=config.seed)
    seconds = perf_counter() - start
    memory = peak_memory_bytes()
    section = Section(
        key="tournament",
        title="Whole-tournament simulation",
        intro=(
            "9-max freeze-outs under the TDA profile, played to the end by bots through the "
            "hand engine and the tournament engine (seat draw, levels, balancing, breaking, "
            "final table, places, payouts), invariants checked; the larger one in a process "
            "of its own."
        ),
        columns=("Entrants", "Hands", "Table moves", "Tables broken", "Time", "Hands/s"),
    )
    section.rows.append(
        (
            fmt.count(entrants),
            fmt.count(report.hands),
            fmt.count(report.table_moves),
            fmt.count(report.tables_broken),
            fmt.seconds(seconds),
            fmt.rate(report.hands / seconds),
        )
    )
    large = run_in_child(QUICK_LARGE_ENTRANTS if config.quick else LARGE_ENTRANTS, config.seed)
    section.rows.append(
        (
            fmt.count(large.entrants),
            fmt.count(large.hands),
            fmt.count(large.table_moves),
            fmt.count(large.tables_broken),
            fmt.seconds(large.seconds),
            fmt.rate(large.hands / large.seconds),
        )
    )
    if not config.quick:
        section.targets.extend(large_targets(large))
        section.targets.append(
            Target(
                label="10,000-entrant freeze-out to the end",
                measured=fmt.seconds(seconds),
                goal="< 60 s",
                passed=seconds < GOAL_SECONDS,
            )
        )
        section.targets.append(
            Target(
                label="peak memory of that run",
                measured=f"{memory / (1 << 20):,.0f} MB",
                goal="< 1 GB",
                passed=memory < GOAL_BYTES,
            )
        )
    else:
        section.notes.append(
            f"Quick run: 1,000 and {fmt.count(QUICK_LARGE_ENTRANTS)} entrants; the targets "
            "apply to the full run."
        )
    return section


@dataclass(frozen=True, slots=True)
class ChildRun:
    """What a simulation in a process of its own reports: its size, time and peak memory."""

    entrants: int
    hands: int
    table_moves: int
    tables_broken: int
    seconds: float
    peak_bytes: int


def run_in_child(entrants: int, seed: int) -> ChildRun:
    """One simulation in a fresh interpreter (``--child``), so its peak memory is its own."""
    command = [sys.executable, "-m", "bench.tournament", "--child", str(entrants), str(seed)]
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True)
    return ChildRun(**json.loads(done.stdout.strip().splitlines()[-1]))


def child(entrants: int, seed: int) -> ChildRun:
    """The simulation run by ``--child``: timed, then the process's peak resident size."""
    start = perf_counter()
    report = simulate(players=entrants, seed=seed)
    seconds = perf_counter() - start
    return ChildRun(
        entrants=entrants,
        hands=report.hands,
        table_moves=report.table_moves,
        tables_broken=report.tables_broken,
        seconds=seconds,
        peak_bytes=peak_memory_bytes(),
    )


def large_targets(run: ChildRun) -> list[Target]:
    return [
        Target(
            label=f"{fmt.count(run.entrants)}-entrant freeze-out to the end",
            measured=fmt.seconds(run.seconds),
            goal="< 5 min",
            passed=run.seconds < LARGE_GOAL_SECONDS,
        ),
        Target(
            label="peak memory of that run (its own process)",
            measured=f"{run.peak_bytes / (1 << 20):,.0f} MB",
            goal="< 2 GB",
            passed=run.peak_bytes < LARGE_GOAL_BYTES,
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tournament")
    parser.add_argument("--quick", action="store_true", help="1,000 entrants instead of 10,000")
    parser.add_argument(
        "--child", nargs=2, type=int, metavar=("ENTRANTS", "SEED"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(asdict(child(*args.child))))
        return 0
    print_section(Console(), tournament_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
