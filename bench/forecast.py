"""The duration forecast: 200 runs of a structure with a 200-player field, and how close its
median comes to whole tournaments the full simulator played on the same structure.

The issue's target is the 200 runs in under 30 s on this machine. The check against known
lengths plays the event card by card (:func:`floorman.sim.tournament_sim.simulate`, bots
through the engines) a number of times and compares the median of those lengths with the
forecast's median.

``python -m bench.forecast [--quick]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from time import perf_counter

from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from floorman.sim.duration_sim import forecast
from floorman.sim.tournament_sim import simulate
from floorman.tournament.money.prizes import paid_places
from floorman.tournament.structure.default import default_structure

GOAL_SECONDS = 30.0
PLAYERS = 200
RUNS = 200


def forecast_benchmark(config: Config) -> Section:
    structure = default_structure(PLAYERS)
    paid = paid_places(entries=PLAYERS, pool=PLAYERS * 100)
    start = perf_counter()
    result = forecast(structure, players=PLAYERS, paid_places=paid, runs=RUNS, seed=config.seed)
    seconds = perf_counter() - start
    played = 3 if config.quick else 20
    known = [
        simulate(players=PLAYERS, seed=config.seed + n, structure=structure).simulated_hours
        for n in range(played)
    ]
    known_median = statistics.median(known)
    predicted = result.end.median / 3600
    section = Section(
        key="forecast",
        title="Duration forecast",
        intro=(
            f"{RUNS} runs of the default structure for {PLAYERS} players (TDA, 9-max, "
            f"{paid} paid) through floorman.sim.duration_sim, against {played} events of the "
            "same structure played to the end by the full simulator."
        ),
        columns=("Runs", "Time", "End p10", "End median", "End p90", "Full simulator median"),
    )
    section.rows.append(
        (
            fmt.count(RUNS),
            fmt.seconds(seconds),
            f"{result.end.p10 / 3600:.2f} h",
            f"{predicted:.2f} h",
            f"{result.end.p90 / 3600:.2f} h",
            f"{known_median:.2f} h",
        )
    )
    section.targets.append(
        Target(
            label=f"{RUNS} forecast runs of a {PLAYERS}-player event",
            measured=fmt.seconds(seconds),
            goal="< 30 s",
            passed=seconds < GOAL_SECONDS,
        )
    )
    section.notes.append(
        f"Forecast median {predicted:.2f} h against {known_median:.2f} h for the full "
        f"simulator ({abs(predicted - known_median) / known_median:.1%} apart)."
    )
    return section


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.forecast")
    parser.add_argument("--quick", action="store_true", help="3 full simulations instead of 20")
    args = parser.parse_args(argv)
    print_section(Console(), forecast_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
