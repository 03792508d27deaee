"""The director's view at scale: what one publication costs in a field of 100, 500 and 1,112
tables.

The service publishes after every command (every hand recorded), and a director's console on
the feed then gets a new view. Building it used to set up the next hand of every table
(positions, level, TDA R23); it now keeps the lines of the tables that did not change
(:class:`floorman.service.api.table_lines.TableLines`). For each field, a 9-max event is
seated and started in-process, then hands are recorded at one table after another and the
view is built after each hand, as the feed does:

- *lines, all anew*: every table's line set up again (what each view cost before);
- *lines, kept*: the lines after the hand, with ``TableLines``;
- *view*: the whole view as the service sends it after a hand (the lines, the public part,
  every entry, the pending balancing, then ``as_dict`` and JSON encoding), with every line
  set up anew and with the lines kept, and its size.

Times are the process's CPU time (``time.process_time``: on a shared machine the wall clock
adds the waits for a core), the best over the hands. ``python -m bench.views [--quick]`` runs this
section alone.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import process_time

from rich.console import Console

from bench import report as fmt
from bench.config import FULL, QUICK, Config
from bench.report import Section, print_section
from floorman.rules.profiles import get_ruleset
from floorman.service.api.table_lines import TableLines
from floorman.service.api.viewing import director_data, encode
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.floor.table_hand import result_of
from floorman.tournament.structure.default import default_structure
from floorman.tournament.views.audiences import TableLine, director_view, table_line

FIELDS = (100, 500, 1_112)
SEATS = 9
AT = 60.0


@dataclass(frozen=True, slots=True, kw_only=True)
class ViewCost:
    tables: int
    all_anew: float
    kept: float
    view_anew: float
    view: float
    taken_per_view: float
    """Lines set up anew per view, on average."""
    size: int


def seated(tables: int, seed: int) -> Tournament:
    """A started 9-max event filling ``tables`` tables."""
    players = tables * SEATS
    config = TournamentConfig(
        name="views",
        structure=default_structure(players),
        ruleset=get_ruleset("tda-2022"),
        seats_per_table=SEATS,
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(seed))
    return tournament


def _timed(work: Callable[[], object]) -> float:
    start = process_time()
    work()
    return process_time() - start


def _record_next_hand(tournament: Tournament, turn: int, rng: random.Random) -> None:
    numbers = sorted(tournament.state.tables)
    for offset in range(len(numbers)):
        setup = tournament.hand_setup(numbers[(turn + offset) % len(numbers)], at=AT)
        if setup is not None:
            hand = play_hand(setup, {}, rng)
            tournament.record_hand(result_of(setup, hand), at=AT, rng=rng)
            return


def _all_anew(tournament: Tournament) -> list[TableLine]:
    return [table_line(tournament, n, AT) for n in sorted(tournament.state.tables)]


def measure(tables: int, hands: int, seed: int) -> ViewCost:
    tournament = seated(tables, seed)
    rng = random.Random(seed)
    kept = TableLines()
    kept.lines(tournament, AT)
    all_anew: list[float] = []
    kept_times: list[float] = []
    views: list[float] = []
    views_anew: list[float] = []
    size = 0
    taken = kept.taken
    for turn in range(hands):
        _record_next_hand(tournament, turn * 7, rng)
        all_anew.append(_timed(lambda: _all_anew(tournament)))
        kept_times.append(_timed(lambda: kept.lines(tournament, AT)))
        views_anew.append(_timed(lambda: encode(director_view(tournament, AT).as_dict())))
        _record_next_hand(tournament, turn * 7 + 3, rng)
        start = process_time()
        view = director_data(kept, tournament, AT)
        size = len(encode(view).encode())
        views.append(process_time() - start)
    return ViewCost(
        tables=tables,
        all_anew=min(all_anew),
        kept=min(kept_times),
        view_anew=min(views_anew),
        view=min(views),
        taken_per_view=(kept.taken - taken) / (2 * hands),
        size=size,
    )


def views_benchmark(config: Config) -> Section:
    hands = 3 if config.quick else 12
    fields = FIELDS[:2] if config.quick else FIELDS
    section = Section(
        key="views",
        title="Director's view at scale",
        intro=(
            "The director's view after a recorded hand, built in-process as the service "
            f"builds it for its feed, in 9-max events of {', '.join(map(str, fields))} "
            f"tables (CPU time, best over {hands} hands)."
        ),
        columns=(
            "Tables",
            "Lines, all anew",
            "Lines, kept",
            "Lines set up per view",
            "View, lines anew",
            "View, lines kept",
            "View size",
        ),
    )
    for tables in fields:
        cost = measure(tables, hands, config.seed)
        section.rows.append(
            (
                fmt.count(tables),
                fmt.seconds(cost.all_anew),
                fmt.seconds(cost.kept),
                f"{cost.taken_per_view:.1f}",
                fmt.seconds(cost.view_anew),
                fmt.seconds(cost.view),
                f"{cost.size / 1e6:.2f} MB",
            )
        )
    section.notes += [
        "Lines, all anew: every table's next hand set up again, as every view did before the "
        "lines were kept. Lines, kept: only the tables the hand changed (its own, and those "
        "a bust balanced) are set up again.",
        "View: the whole view as the service sends it (the lines, the public part, every "
        "entry, the pending balancing, then as_dict and JSON), with every line set up anew "
        "and with the lines kept; the service encodes it once per change for every "
        "subscriber and HTTP answer.",
    ]
    if config.quick:
        section.notes.append("Quick run: the two smaller fields, fewer hands.")
    return section


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.views")
    parser.add_argument("--quick", action="store_true", help="smaller fields, fewer hands")
    args = parser.parse_args(argv)
    print_section(Console(), views_benchmark(QUICK if args.quick else FULL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
