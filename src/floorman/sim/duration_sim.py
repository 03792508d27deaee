"""How long an event will last: its structure played many times by a fast stack model.

The whole-tournament simulation (:mod:`floorman.sim.tournament_sim`) deals every card through
the real engines; one 200-player event takes it minutes, and a forecast wants 200 of them in
seconds. This model keeps what decides an event's length and drops the cards: the same clock
(levels and breaks of the :class:`~floorman.tournament.structure.levels.Structure`, a round of one
hand per table every ``seconds_per_hand`` as the full simulation counts time), the forced bets
of the level in force, and stacks that meet in all-in confrontations more often the shorter
they are in big blinds. Busts end a player; the run records when the field reached the money,
the final table and one player.

The all-in rates, and how much they vary from one event to the next, were fitted to the full
simulation on the default structures of 20, 45 and 200 players (30 seeds each). In hours,
10th percentile / median / 90th percentile, model against full simulation: 20 players
3.1 / 5.6 / 7.2 against 3.0 / 5.8 / 7.4; 45 players 4.3 / 6.7 / 7.7 against 4.5 / 6.6 / 7.7;
200 players 6.9 / 8.5 / 9.7 against 6.7 / 8.6 / 9.7.
``tests/tournament/structure/test_duration_forecast.py``
runs both.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from floorman.engine.config import AnteMode
from floorman.errors import MalformedInputError
from floorman.tournament.structure.levels import Break, Level, Structure

ALL_IN_BASE = 0.06
"""The chance that two players meet all in at any depth (coolers, bluffs gone wrong)."""
ALL_IN_BY_DEPTH: tuple[tuple[float, float], ...] = (
    (5, 0.40),
    (10, 0.15),
    (20, 0.05),
    (math.inf, 0.0),
)
"""(shorter stack below this many big blinds, added chance of an all-in): short stacks shove."""
EVENT_TEMPER_SIGMA = 1.0
"""How much one event's play differs from another's: every run scales its all-in chances by
a factor drawn once (log-normal, this sigma), as a table of maniacs or of rocks would."""
POT_SHARE = (2, 3)
"""The share of the forced bets a hand without an all-in moves from one player to another."""

MAX_ROUNDS = 20_000
"""A run still going after this many rounds (a structure whose last level is tiny) stops."""


@dataclass(frozen=True, slots=True)
class Spread:
    """Seconds from the start of the clock: 10th percentile, median, 90th percentile."""

    p10: float
    median: float
    p90: float

    def as_dict(self) -> dict[str, float]:
        return {"p10": self.p10, "median": self.median, "p90": self.p90}


@dataclass(frozen=True, slots=True)
class Forecast:
    """When the event should end, reach the money and reach the final table."""

    players: int
    runs: int
    paid_places: int
    final_table: int
    end: Spread
    money: Spread
    final: Spread

    def as_dict(self) -> dict[str, object]:
        return {
            "players": self.players,
            "runs": self.runs,
            "paid_places": self.paid_places,
            "final_table": self.final_table,
            "end": self.end.as_dict(),
            "money": self.money.as_dict(),
            "final": self.final.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class _Step:
    """One item of the clock, flattened: where it ends and what a hand costs in it."""

    end: float
    is_break: bool
    small: int
    big: int
    ante_total_per_seat: int
    big_blind_ante: int


def forecast(
    structure: Structure,
    *,
    players: int,
    paid_places: int,
    seats_per_table: int = 9,
    runs: int = 200,
    seed: int = 1,
    seconds_per_hand: int = 120,
    stacks: Sequence[int] | None = None,
    elapsed: float = 0.0,
) -> Forecast:
    """``runs`` runs of the event; live, ``stacks`` are the chips of the players still in and
    ``elapsed`` the clock's seconds so far (before the start: the field's starting stacks)."""
    current = list(stacks) if stacks is not None else [structure.starting_stack] * players
    _check(current, players, paid_places, seats_per_table, runs)
    steps = _steps(structure)
    rng = random.Random(seed)
    final_table = min(seats_per_table, players)
    ends: list[float] = []
    money: list[float] = []
    finals: list[float] = []
    for _ in range(runs):
        end, paid, final = _run(
            list(current), steps, rng, seats_per_table, paid_places, final_table,
            seconds_per_hand, elapsed,
        )  # fmt: skip
        ends.append(end)
        money.append(paid)
        finals.append(final)
    return Forecast(
        players=players,
        runs=runs,
        paid_places=paid_places,
        final_table=final_table,
        end=_spread(ends),
        money=_spread(money),
        final=_spread(finals),
    )


def _check(stacks: list[int], players: int, paid: int, seats: int, runs: int) -> None:
    if not 2 <= players <= 1_000_000:
        raise MalformedInputError("a forecast needs 2 to 1,000,000 players", constraint="players")
    if not 1 <= runs <= 10_000:
        raise MalformedInputError("a forecast runs 1 to 10,000 times", constraint="runs")
    if not 1 <= paid <= players:
        raise MalformedInputError("paid places are 1 to the field", constraint="paid-places")
    if not 2 <= seats <= 10:
        raise MalformedInputError("tables seat 2 to 10", constraint="seats-per-table")
    if not stacks or any(s <= 0 for s in stacks):
        raise MalformedInputError("stacks still in play are above 0", constraint="stacks")


def _steps(structure: Structure) -> list[_Step]:
    steps: list[_Step] = []
    bounds = structure.boundaries
    for item, end in zip(structure.items, bounds[1:], strict=True):
        if isinstance(item, Break):
            steps.append(_Step(end, True, 0, 0, 0, 0))
            continue
        steps.append(_level_step(item, end))
    return steps


def _level_step(level: Level, end: float) -> _Step:
    big = level.big_blind or level.small_bet
    small = level.small_blind or level.bring_in
    classic = level.ante if level.ante_mode is not AnteMode.BIG_BLIND else 0
    big_blind_ante = level.ante if level.ante_mode is AnteMode.BIG_BLIND else 0
    return _Step(end, False, small, big, classic, big_blind_ante)


def _run(
    stacks: list[int],
    steps: list[_Step],
    rng: random.Random,
    seats: int,
    paid: int,
    final_table: int,
    seconds: int,
    now: float,
) -> tuple[float, float, float]:
    """One event: (end, money, final table) in clock seconds."""
    money = now if len(stacks) <= paid else math.nan
    final = now if len(stacks) <= final_table else math.nan
    index = 0
    rand = rng.random
    pick = rng.randrange
    temper = rng.lognormvariate(0.0, EVENT_TEMPER_SIGMA)
    for _ in range(MAX_ROUNDS):
        while index < len(steps) - 1 and now >= steps[index].end:
            index += 1
        step = steps[index]
        if step.is_break:
            now = step.end
            continue
        tables = -(-len(stacks) // seats)
        for _hand in range(tables):
            alive = len(stacks)
            if alive < 2:
                break
            _hand_at_table(stacks, step, min(seats, alive), rand, pick, temper)
        now += seconds
        alive = len(stacks)
        if money != money and alive <= paid:  # nan: not reached yet
            money = now
        if final != final and alive <= final_table:
            final = now
        if alive < 2:
            break
    return now, money, final


def _hand_at_table(
    stacks: list[int],
    step: _Step,
    seated: int,
    chance: Callable[[], float],
    randrange: Callable[[int], int],
    temper: float,
) -> None:
    """One hand: two players meet; the shorter they are in big blinds, the likelier all in."""
    alive = len(stacks)
    a = randrange(alive)
    b = randrange(alive - 1)
    if b >= a:
        b += 1
    sa, sb = stacks[a], stacks[b]
    short = min(sa, sb)
    depth = short / step.big
    all_in = temper * (ALL_IN_BASE + next(r for limit, r in ALL_IN_BY_DEPTH if depth < limit))
    if chance() < all_in:
        if chance() < 0.5:
            a, b = b, a
        stacks[a] += short
        stacks[b] -= short
    else:
        pot = step.small + step.big + step.big_blind_ante + step.ante_total_per_seat * seated
        paid = min(stacks[b], pot * POT_SHARE[0] // POT_SHARE[1])
        stacks[b] -= paid
        stacks[a] += paid
    if stacks[b] <= 0:
        stacks[b] = stacks[-1]
        stacks.pop()


def _spread(values: list[float]) -> Spread:
    reached = sorted(v for v in values if v == v)
    if not reached:
        return Spread(math.nan, math.nan, math.nan)
    if len(reached) == 1:
        return Spread(reached[0], reached[0], reached[0])
    deciles = statistics.quantiles(reached, n=10, method="inclusive")
    return Spread(deciles[0], statistics.median(reached), deciles[-1])
