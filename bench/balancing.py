"""Table balancing: one balancing decision over every table of a 10,000-entrant event.

A 9-max event of 10,000 entries sits at 1,112 tables. After the first hand everywhere, a few
hundred players bust at random, so tables differ and some must give or receive players; one
call of ``plan_balance`` then decides every move and every halted table. A floor program
makes that decision after every hand somewhere in the room, so it must be cheap.

``python -m bench.balancing [--quick]`` runs this section alone.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, Target, print_section
from bench.timing import best_of
from floorman.rules.tournament_rules import BalanceMover, TournamentRules
from floorman.tournament.seating.balancing import BalancePlan, plan_balance
from floorman.tournament.seating.draws import seat_draw
from floorman.tournament.seating.positions import first_positions, record_hand
from floorman.tournament.seating.tables import Table

ENTRANTS = 10_000
SEATS = 9
BUSTS = 400
GOAL_SECONDS = 0.010
"""One balancing decision over 1,112 tables (issue 6)."""

PROFILES = (
    ("TDA (next big blind, halt 3 short)", TournamentRules()),
    (
        "Belarus (current big blind, within one)",
        TournamentRules(
            balance_mover=BalanceMover.CURRENT_BIG_BLIND,
            halt_when_short_by=None,
            balance_within_one=True,
        ),
    ),
)

COLUMNS = ("Rules", "Tables", "Players", "Moves", "Halted", "Best time")


@dataclass(frozen=True, slots=True)
class Timed:
    label: str
    plan: BalancePlan
    seconds: float


def build_event(seed: int) -> tuple[Table, ...]:
    """The event's tables after one hand everywhere and ``BUSTS`` random eliminations."""
    rng = random.Random(seed)
    entries = [f"e{i}" for i in range(ENTRANTS)]
    tables = [
        record_hand(t, first_positions(t, t.seats.index(t.players[0])))
        for t in seat_draw(entries, seats_per_table=SEATS, rng=rng)
    ]
    at = {e: k for k, t in enumerate(tables) for e in t.players}
    for entry in rng.sample(entries, BUSTS):
        k = at[entry]
        if tables[k].size > 2:
            tables[k] = tables[k].without(entry)
    return tuple(tables)


def time_profiles(config: Config, tables: Sequence[Table]) -> list[Timed]:
    """Each rule set's plan and its best time over a few calls."""
    timed = []
    for label, rules in PROFILES:

        def run(rules: TournamentRules = rules) -> BalancePlan:
            return plan_balance(tables, rules=rules)

        timed.append(Timed(label, run(), best_of(run, repeat=config.repeat * 4)))
    return timed


def balancing_benchmark(config: Config) -> Section:
    tables = build_event(config.seed)
    players = sum(t.size for t in tables)
    section = Section(
        key="balancing",
        title="Table balancing",
        intro=(
            f"One `plan_balance` call over the {fmt.count(len(tables))} tables of a "
            f"{fmt.count(ENTRANTS)}-entrant {SEATS}-max event, after the first hand everywhere "
            f"and {BUSTS} random eliminations: every move (who, from where, to which seat) and "
            "every halted table, decided at once. Best of several calls."
        ),
        columns=COLUMNS,
    )
    timed = time_profiles(config, tables)
    for row in timed:
        section.rows.append(
            (
                row.label,
                fmt.count(len(tables)),
                fmt.count(players),
                fmt.count(len(row.plan.moves)),
                fmt.count(len(row.plan.halted)),
                fmt.seconds(row.seconds),
            )
        )
    worst = max(row.seconds for row in timed)
    section.targets.append(
        Target(
            label=f"balancing decision over {fmt.count(len(tables))} tables",
            measured=fmt.seconds(worst),
            goal="< 10 ms",
            passed=worst < GOAL_SECONDS,
        )
    )
    section.notes.append("The measured time is the slower of the two rule sets.")
    return section


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.balancing")
    parser.add_argument("--quick", action="store_true", help="fewer timed repeats")
    args = parser.parse_args(argv)
    console = Console()
    print_section(console, balancing_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
