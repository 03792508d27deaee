"""A whole freeze-out simulated to the end: bots, hand engine and tournament engine together.

The issue's target is a 10,000-entrant event in under 60 s on one core and under 1 GB of
memory. The run is the same as ``floorman simulate`` (TDA rules, 9-max, the default structure),
timed once; memory is the process's peak resident size, read from the operating system after
the run (it includes the interpreter and everything the benchmark loaded before).

``python -m bench.tournament [--quick]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import resource
import sys
from collections.abc import Sequence
from time import perf_counter

from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from floorman.sim.tournament_sim import simulate

GOAL_SECONDS = 60.0
GOAL_BYTES = 1 << 30


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
            f"A {fmt.count(entrants)}-entrant 9-max freeze-out under the TDA profile, played to "
            "the end by bots through the hand engine and the tournament engine (seat draw, "
            "levels, balancing, breaking, final table, places, payouts), invariants checked."
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
    if not config.quick:
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
        section.notes.append("Quick run: 1,000 entrants; the targets apply to the full run.")
    return section


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tournament")
    parser.add_argument("--quick", action="store_true", help="1,000 entrants instead of 10,000")
    args = parser.parse_args(argv)
    print_section(Console(), tournament_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
