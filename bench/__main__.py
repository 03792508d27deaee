"""``python -m bench [--quick] [--only SECTION ...] [--output PATH]``: run the benchmarks, print,
write Markdown."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from time import perf_counter

from rich.console import Console

from bench.balancing import balancing_benchmark
from bench.config import FULL, QUICK
from bench.engine import engine_benchmark
from bench.equity import holdem_benchmark, omaha_benchmark
from bench.evaluators import batch_benchmark, histogram_benchmark, scalar_benchmark
from bench.forecast import forecast_benchmark
from bench.hands import deal_hands
from bench.icm import icm_benchmark
from bench.machine import describe_machine
from bench.pages import pages_benchmark
from bench.report import Report, Section, print_section, print_summary, write_markdown
from bench.service import service_benchmark
from bench.service_cluster import cluster_benchmark
from bench.tournament import tournament_benchmark
from bench.views import views_benchmark

DEFAULT_OUTPUT = Path("docs/benchmarks.md")
PARTIAL_OUTPUT = Path("bench/results/partial.md")
"""Where a run of some sections only (``--only``) writes, unless told: not over the full report."""
SECTIONS = (
    "scalar",
    "batch",
    "histogram",
    "holdem",
    "omaha",
    "engine",
    "icm",
    "balancing",
    "tournament",
    "forecast",
    "service",
    "cluster",
    "views",
    "pages",
)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=(
            "Benchmark floorman's card layer, hand engine and tournament engine against "
            "eval7, treys, phevaluator and PokerKit."
        ),
    )
    parser.add_argument(
        "--quick", action="store_true", help="small samples: a smoke run of every benchmark"
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=SECTIONS,
        metavar="SECTION",
        help=f"run these sections only ({', '.join(SECTIONS)}); batch and histogram need scalar",
    )
    parser.add_argument(
        "--output",
        type=Path,
        help=f"where to write the Markdown report (default: {DEFAULT_OUTPUT}, or "
        f"{PARTIAL_OUTPUT} with --only)",
    )
    args = parser.parse_args(argv)
    if args.only and {"batch", "histogram"} & set(args.only) and "scalar" not in args.only:
        parser.error("batch and histogram compare with the scalar section: add scalar")
    if args.output is None:
        args.output = PARTIAL_OUTPUT if args.only else DEFAULT_OUTPUT
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    config = QUICK if args.quick else FULL
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    start = perf_counter()
    machine = describe_machine()
    console.print(f"[bold]floorman benchmarks[/] ({'quick' if config.quick else 'full'} run)")
    for label, value in machine:
        console.print(f"  {label}: {value}", highlight=False)

    sections: list[Section] = []

    def record(section: Section) -> None:
        sections.append(section)
        print_section(console, section)

    wanted = set(args.only or SECTIONS)
    if "scalar" in wanted:
        with console.status(f"dealing {config.batch_hands:,} hands"):
            hands = deal_hands(config.batch_hands, 7, config.seed)
        with console.status("scalar evaluation"):
            scalar = scalar_benchmark(config, hands)
        record(scalar.section)
        eval7_rate = scalar.rates["eval7"]
        if "batch" in wanted:
            with console.status("batch evaluation"):
                record(batch_benchmark(config, hands, scalar))
        del hands
        if "histogram" in wanted:
            with console.status("exhaustive enumeration"):
                record(histogram_benchmark(config, eval7_rate))
    steps = (
        ("holdem", "Hold'em equity", holdem_benchmark),
        ("omaha", "Omaha equity", omaha_benchmark),
        ("engine", "hand engine", engine_benchmark),
        ("icm", "ICM", icm_benchmark),
        ("balancing", "table balancing", balancing_benchmark),
        ("tournament", "whole-tournament simulation", tournament_benchmark),
        ("forecast", "duration forecast", forecast_benchmark),
        ("service", "service: event log, API and feeds", service_benchmark),
        ("cluster", "service on PostgreSQL: 1 and 2 processes", cluster_benchmark),
        ("views", "director's view at scale", views_benchmark),
        ("pages", "page load times", pages_benchmark),
    )
    for key, label, run in steps:
        if key in wanted:
            with console.status(label):
                record(run(config))

    report = Report(config, machine, sections, perf_counter() - start)
    print_summary(console, report)
    write_markdown(report, args.output)
    console.print(f"Report written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
