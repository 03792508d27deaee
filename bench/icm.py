"""ICM equities: floorman's exact dynamic programme against PokerKit's, and sampling at scale.

``python -m bench.icm [--quick]`` runs this section alone. Every timed call gets stacks of its
own (drawn from a seeded generator, the same sequence for both contenders), so nothing one
call computes can help the next. floorman's ICM module is imported when the benchmark runs, so
a tree without it reports "not available" instead of failing the whole run.
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable, Sequence
from types import ModuleType

import pokerkit
from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from bench.timing import best_of, best_of_each

RATIO_GOAL = 500
"""floorman's exact 9-player ICM rate over PokerKit's (issue 6)."""
TWENTY_SECONDS = 1.0
"""Longest acceptable exact ICM with 20 players and 20 prizes (issue 6)."""
FLOORMAN_BATCH = {False: 200, True: 50}
"""Exact 9-player calls per timed floorman run (full, quick): one call is too short to time."""
SAMPLES = {False: 200_000, True: 20_000}
"""Finishing orders drawn for the 100-player Monte Carlo (full, quick)."""
SAMPLED_PLAYERS = 100
SAMPLED_PRIZES = 15

NINE_PRIZES = (3_000, 2_000, 1_500, 1_100, 800, 600, 450, 330, 220)
TWENTY_PRIZES = tuple(2_000 - 90 * place for place in range(20))
HUNDRED_PRIZES = tuple(4_000 - 250 * place for place in range(SAMPLED_PRIZES))

COLUMNS = (
    "Method",
    "Kind",
    "Players × prizes",
    "Calls per run",
    "Best time",
    "Rate (calls/s)",
    "floorman vs this",
    "Detail",
)


def load_icm() -> ModuleType | str:
    """floorman's ICM module, or why it cannot be imported right now."""
    try:
        return importlib.import_module("floorman.tournament.money.icm")
    except Exception as error:  # a module being rewritten may fail in any way
        return f"{type(error).__name__}: {error}"


class StackDraws:
    """A fresh set of stacks per call: one seeded generator per contender, same sequence."""

    def __init__(self, seed: int, players: int) -> None:
        self._rng = random.Random(seed)
        self._players = players

    def __call__(self) -> list[int]:
        return [self._rng.randint(1_000, 100_000) for _ in range(self._players)]


def icm_benchmark(config: Config) -> Section:
    section = Section(
        key="icm",
        title="7. ICM equities",
        intro=(
            "Expected prizes of every player under the Independent Chip Model (Malmuth-Harville)."
            " Exact rows compute every player's equity once per call, on stacks drawn afresh "
            "for each call; rates are calls per second, the ratio is floorman's rate divided by "
            "this row's."
        ),
        columns=COLUMNS,
        left=2,
    )
    icm = load_icm()
    if isinstance(icm, str):
        section.notes.append(f"floorman ICM: not available ({icm}).")
        section.targets += [
            Target("exact 9 players vs PokerKit", "not available", f"≥ {RATIO_GOAL}×", None),
            Target("exact 20 players, 20 prizes", "not available", "< 1 s", None),
        ]
        return section
    _nine_players(section, config, icm)
    _twenty_players(section, config, icm)
    _sampled(section, config, icm)
    return section


def _nine_players(section: Section, config: Config, icm: ModuleType) -> None:
    exact: Callable[[Sequence[int], Sequence[int]], tuple[float, ...]] = icm.icm_exact
    batch = FLOORMAN_BATCH[config.quick]
    ours, theirs = StackDraws(config.seed, 9), StackDraws(config.seed, 9)

    def run_floorman() -> None:
        for _ in range(batch):
            exact(ours(), NINE_PRIZES)

    def run_pokerkit() -> None:
        pokerkit.calculate_icm(NINE_PRIZES, theirs())

    times = best_of_each(
        {"floorman": run_floorman, "pokerkit": run_pokerkit},
        repeat={"floorman": config.repeat, "pokerkit": config.slow_repeat},
    )
    floorman_rate = batch / times["floorman"]
    pokerkit_rate = 1 / times["pokerkit"]
    section.rows += [
        (
            "`floorman.tournament.money.icm.icm_exact`",
            "exact, NumPy over player sets",
            "9 × 9",
            fmt.count(batch),
            fmt.seconds(times["floorman"]),
            fmt.rate(floorman_rate),
            "1×",
            f"{fmt.seconds(1 / floorman_rate)} per call",
        ),
        (
            "`pokerkit.calculate_icm`",
            "exact, pure Python over finishing orders",
            "9 × 9",
            "1",
            fmt.seconds(times["pokerkit"]),
            fmt.rate(pokerkit_rate),
            fmt.ratio(floorman_rate / pokerkit_rate),
            "9! = 362,880 finishing orders",
        ),
    ]
    ratio = floorman_rate / pokerkit_rate
    section.targets.append(
        Target(
            "exact 9 players, 9 prizes: floorman vs PokerKit",
            fmt.ratio(ratio),
            f"≥ {RATIO_GOAL}×",
            ratio >= RATIO_GOAL,
        )
    )
    section.notes.append(_agreement(exact, config.seed))


def _agreement(
    exact: Callable[[Sequence[int], Sequence[int]], tuple[float, ...]], seed: int
) -> str:
    """Untimed: floorman's and PokerKit's equities on a few of the timed stacks."""
    draws = StackDraws(seed, 9)
    worst = 0.0
    for _ in range(3):
        stacks = draws()
        theirs = pokerkit.calculate_icm(NINE_PRIZES, stacks)
        worst = max(
            worst, *(abs(a - b) for a, b in zip(exact(stacks, NINE_PRIZES), theirs, strict=True))
        )
    verdict = "yes" if worst < 1e-9 else "NO"
    return (
        f"floorman's exact equities equal PokerKit's on 3 of the timed 9-player stacks "
        f"(largest difference {worst:.1e} on prizes summing to {sum(NINE_PRIZES):,}): {verdict}."
    )


def _twenty_players(section: Section, config: Config, icm: ModuleType) -> None:
    exact: Callable[[Sequence[int], Sequence[int]], tuple[float, ...]] = icm.icm_exact
    draws = StackDraws(config.seed + 20, 20)
    seconds = best_of(lambda: exact(draws(), TWENTY_PRIZES), repeat=config.repeat)
    section.rows.append(
        (
            "`floorman.tournament.money.icm.icm_exact`",
            "exact, NumPy over player sets",
            "20 × 20",
            "1",
            fmt.seconds(seconds),
            fmt.rate(1 / seconds),
            "",
            "2^20 = 1,048,576 player sets",
        )
    )
    section.targets.append(
        Target(
            "exact 20 players, 20 prizes",
            fmt.seconds(seconds),
            f"< {TWENTY_SECONDS:g} s",
            seconds < TWENTY_SECONDS,
        )
    )


def _sampled(section: Section, config: Config, icm: ModuleType) -> None:
    samples = SAMPLES[config.quick]
    draws = StackDraws(config.seed + 100, SAMPLED_PLAYERS)
    rng = random.Random(config.seed)

    def run() -> None:
        icm.icm_sampled(draws(), HUNDRED_PRIZES, rng=rng, samples=samples)

    seconds = best_of(run, repeat=config.slow_repeat)
    error = max(HUNDRED_PRIZES) / (2 * samples**0.5)
    section.rows.append(
        (
            "`floorman.tournament.money.icm.icm_sampled`",
            "Monte Carlo, NumPy exponential race",
            f"{SAMPLED_PLAYERS} × {SAMPLED_PRIZES}",
            "1",
            fmt.seconds(seconds),
            fmt.rate(1 / seconds),
            "",
            f"{samples:,} finishing orders at {fmt.rate(samples / seconds)}; "
            f"standard error ≤ {error:.1f} of {max(HUNDRED_PRIZES):,}",
        )
    )
    section.notes.append(
        "PokerKit has no sampled ICM, and its exact one would walk 100!/85! finishing orders "
        f"for {SAMPLED_PLAYERS} players and {SAMPLED_PRIZES} prizes: the sampled row has no peer."
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.icm [--quick]``: this section alone, printed."""
    parser = argparse.ArgumentParser(prog="python -m bench.icm", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run")
    args = parser.parse_args(argv)
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    print_section(console, icm_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
