"""``python -m bench [--quick] [--output PATH]``: run every benchmark, print, write Markdown."""

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
from bench.hands import deal_hands
from bench.icm import icm_benchmark
from bench.machine import describe_machine
from bench.report import Report, Section, print_section, print_summary, write_markdown
from bench.service import service_benchmark
from bench.tournament import tournament_benchmark
from bench.views import views_benchmark

DEFAULT_OUTPUT = Path("docs/benchmarks.md")


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
        "--output",
        type=Path,
        default=DEFAULT_OUTPUT,
        help=f"where to write the Markdown report (default: {DEFAULT_OUTPUT})",
    )
    return parser.parse_args(argv)


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

    with console.status(f"dealing {config.batch_hands:,} hands"):
        hands = deal_hands(config.batch_hands, 7, config.seed)
    with console.status("scalar evaluation"):
        scalar = scalar_benchmark(config, hands)
    record(scalar.section)
    eval7_rate = scalar.rates["eval7"]
    with console.status("batch evaluation"):
        record(batch_benchmark(config, hands, scalar))
    del hands
    with console.status("exhaustive enumeration"):
        record(histogram_benchmark(config, eval7_rate))
    with console.status("Hold'em equity"):
        record(holdem_benchmark(config))
    with console.status("Omaha equity"):
        record(omaha_benchmark(config))
    with console.status("hand engine"):
        record(engine_benchmark(config))
    with console.status("ICM"):
        record(icm_benchmark(config))
    with console.status("table balancing"):
        record(balancing_benchmark(config))
    with console.status("whole-tournament simulation"):
        record(tournament_benchmark(config))
    with console.status("service: event log, API and feeds"):
        record(service_benchmark(config))
    with console.status("director's view at scale"):
        record(views_benchmark(config))

    report = Report(config, machine, sections, perf_counter() - start)
    print_summary(console, report)
    write_markdown(report, args.output)
    console.print(f"Report written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
