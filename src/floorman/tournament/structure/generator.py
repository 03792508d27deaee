"""A blind-structure generator: levels, breaks and colour-ups for a director who has none.

From the starting stack, the chip set, the field and a target length, it proposes a structure
whose blinds grow 20-35% a level on round numbers payable in the smallest chip in play, with a
big-blind ante equal to the big blind (TDA RP-11) from an early level, breaks at regular
intervals and colour-ups on the first break that can take them. :func:`expected_hours` is the
finishing model it plans with, open to any structure so a director can check his own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.engine.config import AnteMode
from floorman.engine.games import Game, get_game
from floorman.tournament.structure.colour_up import break_colour_up, colour_up_schedule
from floorman.tournament.structure.levels import (
    ANTE_MODE_CHOICES,
    Break,
    Level,
    Structure,
    check_count,
    check_denominations,
    refuse,
)

FINISH_BIG_BLINDS = 25
"""The finishing model: an event is expected to end once the last two players hold, on average,
this many big blinds (small bets in stud), i.e. when the stake reaches all chips / 50."""
_RUN_ON = 5
"""A generated structure continues until the stake is this many times the finishing stake, so
an event that runs late still has levels to play."""
_COUNTS = (
    "starting_stack",
    "players",
    "level_minutes",
    "break_every",
    "break_minutes",
    "ante_from_level",
)
_GROWTH_PERCENTS = tuple(range(20, 36))
_MAX_STEP = 1.5
"""No single step grows more than this, whatever the ideal sequence asks."""
_ODD_PENALTY = 0.12
"""How much nearer (in log terms, about 12 %) an amount like 140 or 450 must be to the ideal to
be preferred to one of the usual amounts."""
_ROUND_MANTISSAS = frozenset({10, 12, 15, 20, 25, 30, 35, 40, 50, 60, 70, 75, 80})
"""The first two digits of the small blinds people expect on a structure sheet (100/200,
150/300, 250/500...); the big blind is twice the small blind, the stud small bet twice such
an amount."""


@dataclass(frozen=True, slots=True, kw_only=True)
class _Plan:
    """One candidate: a first stake, a growth in percent, the stakes, the smallest chip each
    level is built for (antes and bring-ins are rounded to it), and the expected finish: after
    ``played`` levels and ``pauses`` minutes of breaks."""

    start: int
    growth: int
    stakes: tuple[int, ...]
    units: tuple[int, ...]
    played: int
    pauses: int


def generate_structure(
    *,
    starting_stack: int,
    chips: tuple[int, ...],
    players: int,
    target_hours: float,
    level_minutes: int = 20,
    ante_mode: AnteMode = AnteMode.BIG_BLIND,
    game: str = "NT",
    break_every: int = 4,
    break_minutes: int = 10,
    ante_from_level: int = 2,
) -> Structure:
    """A structure for ``players`` entries that is expected to finish near ``target_hours``.

    The stake (big blind; small bet in stud) starts between 1/200 and 1/100 of the starting
    stack and tracks a geometric sequence growing 20 to 35 % a level. Each level is twice a
    round small blind (100, 125, 150, 200, 250, 300, 350, 400, 500, 600, 700, 750, 800 and
    their decades; other two-digit amounts only when much nearer the sequence), payable in
    the smallest chip kept, and 20 to 50 % above the level before (more only when the chips
    leave no amount in between). Of all starts and growth rates the one whose finish
    (:func:`expected_hours`) is nearest the target is taken; a target none of them comes
    within a level and a break of is refused, naming the level length that would fit.

    The smallest chip kept for a level is the largest denomination at most a quarter of its
    smallest forced bet; the colour-ups follow from the amounts (:func:`colour_up_schedule`)
    and go on the breaks, one after every ``break_every`` levels.

    Blind games post ``ante_mode`` antes from level ``ante_from_level`` on: a big-blind ante
    equal to the big blind (TDA RP-11), or an ante of every player of about 1/8 of the big
    blind. Limit games bet the big blind and twice it. Stud games have antes from every player
    (1/8 of the small bet) and a bring-in (1/4) from the first level, whatever ``ante_mode``.
    """
    spec = get_game(game)
    counts = (starting_stack, players, level_minutes, break_every, break_minutes, ante_from_level)
    _check_generator_input(chips, target_hours, ante_mode, counts)
    divisor = 32 if spec.is_stud or ante_mode is AnteMode.EVERY_PLAYER else 8
    finish_stake = players * starting_stack / (2 * FINISH_BIG_BLINDS)

    plans = []
    for start in _start_stakes(starting_stack, chips, divisor):
        for growth in _GROWTH_PERCENTS:
            stakes, units = _ladder(start, growth, chips, divisor, finish_stake * _RUN_ON)
            last = next(i for i, stake in enumerate(stakes) if stake >= finish_stake)
            pauses = last // break_every * break_minutes
            plans.append(
                _Plan(
                    start=start,
                    growth=growth,
                    stakes=stakes,
                    units=units,
                    played=last + 1,
                    pauses=pauses,
                )
            )
    plan = _best_plan(plans, target_hours * 60, level_minutes, break_minutes, starting_stack)
    levels = tuple(
        _make_level(
            spec, stake, unit, ante_mode if n >= ante_from_level else AnteMode.NONE, level_minutes
        )
        for n, (stake, unit) in enumerate(zip(plan.stakes, plan.units, strict=True), 1)
    )
    return Structure(
        items=_with_breaks(levels, chips, break_every, break_minutes),
        starting_stack=starting_stack,
        chips=chips,
    )


def expected_hours(structure: Structure, *, players: int) -> float | None:
    """When the finishing model expects ``players`` entries to finish this structure: the end
    of the first level whose stake reaches all chips / 50 (two players with 25 big blinds
    each), breaks included; ``None`` if no level gets there. A deliberately simple model,
    shared with :func:`generate_structure` so a hand-made structure can be measured too."""
    check_count(players, "players", minimum=2)
    finish_stake = players * structure.starting_stack / (2 * FINISH_BIG_BLINDS)
    for item, end in zip(structure.items, structure.boundaries[1:], strict=True):
        if isinstance(item, Level) and item.stake >= finish_stake:
            return end / 3600
    return None


def _check_generator_input(
    chips: tuple[int, ...], target_hours: float, ante_mode: AnteMode, counts: Sequence[int]
) -> None:
    check_denominations(chips, "chips", allow_empty=False)
    for name, value in zip(_COUNTS, counts, strict=True):
        check_count(value, name, minimum=2 if name == "players" else 1)
    if counts[0] % chips[0]:
        refuse("the starting stack must be a multiple of the smallest chip", "starting-stack")
    hours = target_hours
    if not isinstance(hours, int | float) or isinstance(hours, bool) or not 0 < hours < math.inf:
        refuse(f"target_hours must be a number of hours above 0, not {hours!r}", "target-hours")
    if not isinstance(ante_mode, AnteMode):
        refuse(f"ante_mode must be one of {ANTE_MODE_CHOICES}", "ante-mode")


def _best_plan(
    plans: Sequence[_Plan], target: float, minutes: int, pause: int, stack: int
) -> _Plan:
    """The plan finishing nearest ``target`` minutes with ``minutes``-long levels; on a tie the
    growth nearest 27.5 % and the start nearest 1/150 of the stack, the middle of the ranges.
    Refused when even that one misses by more than a level and a break (``pause``), naming
    the level length that would fit best."""

    def miss(plan: _Plan, length: int) -> float:
        return abs(plan.played * length + plan.pauses - target)

    best = min(
        plans,
        key=lambda p: (
            miss(p, minutes),
            abs(p.growth - 27.5),
            abs(math.log(p.start * 150 / stack)),
        ),
    )
    if miss(best, minutes) > minutes + pause:
        shortest = min(p.played * minutes + p.pauses for p in plans) / 60
        longest = max(p.played * minutes + p.pauses for p in plans) / 60
        fitting = min(range(1, 241), key=lambda m: (min(miss(p, m) for p in plans), m))
        if min(miss(p, fitting) for p in plans) <= fitting + pause:
            advice = f"change the target or level_minutes (about {fitting} would fit)"
        else:
            advice = "no level length fits: the breaks alone take too long; change the target"
        refuse(
            f"with {minutes}-minute levels this field is expected to take {shortest:.1f} to "
            f"{longest:.1f} hours, not {target / 60:.1f}: {advice}",
            "target-hours",
        )
    return best


def _start_stakes(stack: int, chips: tuple[int, ...], divisor: int) -> tuple[int, ...]:
    """Round first stakes between 1/200 and 1/100 of the stack; when the chips allow none, the
    smallest above, if it leaves at least 10 big blinds."""

    def fits(half: int) -> bool:
        return half % _policy_chip(2 * half, chips, divisor) == 0

    found = [h for h in _round_multiples(-(-stack // 400), stack // 200, chips[0]) if fits(h)]
    found = [h for h in found if _is_round(h)] or found
    if not found:
        found = [h for h in _round_multiples(stack // 200, stack // 20, chips[0]) if fits(h)][:1]
    if not found:
        refuse(f"a stack of {stack} is under 10 big blinds of chips {chips[0]}", "starting-stack")
    return tuple(2 * h for h in found)


def _ladder(
    start: int, growth: int, chips: tuple[int, ...], divisor: int, stop: float
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Stakes tracking ``start * (1 + growth/100) ** level`` in round amounts, until ``stop``.

    Following the ideal sequence rather than multiplying the last stake keeps the rounding
    from adding up: the average growth is ``growth`` even though each step is a round amount.
    """
    stakes = [start]
    units = [_policy_chip(start, chips, divisor)]
    while stakes[-1] < stop:
        ideal = start * (1 + growth / 100) ** len(stakes)
        reach = min(ideal, stakes[-1] * _MAX_STEP)
        unit = max(units[-1], _policy_chip(reach, chips, divisor))
        stakes.append(2 * _next_half(stakes[-1] // 2, ideal / 2, unit))
        units.append(unit)
    return tuple(stakes), tuple(units)


def _policy_chip(stake: float, chips: tuple[int, ...], divisor: int) -> int:
    """The largest chip at most a quarter of the smallest forced bet (``stake / divisor``
    is that quarter): a half big blind, or an ante of about an eighth."""
    return max((c for c in chips if c * divisor <= stake), default=chips[0])


def _next_half(previous: int, ideal: float, unit: int) -> int:
    """The next half stake (small blind): the multiple of ``unit`` with two significant
    digits, 20 to 50 % above ``previous``, nearest the ideal; the usual amounts
    (:func:`_is_round`) win unless another is more than :data:`_ODD_PENALTY` nearer. When the
    unit leaves no amount in that window, the nearest one outside it."""
    low, high = -(-previous * 6 // 5), int(previous * _MAX_STEP)
    inside = _round_multiples(low, high, unit)
    if inside:
        return min(
            inside,
            key=lambda v: (abs(math.log(v / ideal)) + (0 if _is_round(v) else _ODD_PENALTY), v),
        )
    below = _round_multiples(previous + 1, low - 1, unit)
    above = _first_above(high, unit)
    if below and math.log(low / below[-1]) < math.log(above / high):
        return below[-1]
    return above


def _first_above(value: int, unit: int) -> int:
    low = value + 1
    while not (found := _round_multiples(low, 2 * low + unit, unit)):
        low = 2 * low + unit + 1
    return found[0]


def _round_multiples(low: int, high: int, unit: int) -> list[int]:
    """Multiples of ``unit`` in ``[low, high]`` with two significant digits or the digits
    125 (125/250 is a usual level), more digits only when the unit itself has more;
    ascending."""
    digits = max(2, len(str(unit).rstrip("0")))
    found: set[int] = set()
    step = 1
    while step <= high:
        first = max(-(-low // step), 1)
        found.update(m * step for m in range(first, min(high // step, 10**digits - 1) + 1))
        if low <= 125 * step <= high:
            found.add(125 * step)
        step *= 10
    return sorted(v for v in found if v % unit == 0)


def _is_round(value: int) -> bool:
    head = str(value).rstrip("0")
    return head == "125" or (len(head) <= 2 and int(head.ljust(2, "0")) in _ROUND_MANTISSAS)


def _make_level(spec: Game, stake: int, unit: int, ante_mode: AnteMode, minutes: int) -> Level:
    if spec.is_stud:
        return Level(
            minutes=minutes,
            game=spec.code,
            ante=_nearest_round(stake / 8, unit),
            ante_mode=AnteMode.EVERY_PLAYER,
            small_bet=stake,
            big_bet=2 * stake,
            bring_in=_nearest_round(stake / 4, unit),
        )
    ante = stake if ante_mode is AnteMode.BIG_BLIND else _nearest_round(stake / 8, unit)
    return Level(
        minutes=minutes,
        game=spec.code,
        small_blind=stake // 2,
        big_blind=stake,
        ante=0 if ante_mode is AnteMode.NONE else ante,
        ante_mode=ante_mode,
        small_bet=stake if spec.is_limit else 0,
        big_bet=2 * stake if spec.is_limit else 0,
    )


def _nearest_round(target: float, unit: int) -> int:
    """The usual amount (:func:`_is_round`), a multiple of ``unit`` and at least one unit,
    nearest ``target``: antes and bring-ins of 25, 60, 150, 500 rather than 37 or 1300."""
    pool = [v for v in _round_multiples(unit, max(unit, int(2 * target)), unit) if _is_round(v)]
    return min([unit, *pool], key=lambda v: (abs(math.log(v / target)), v))


def _with_breaks(
    levels: tuple[Level, ...], chips: tuple[int, ...], every: int, minutes: int
) -> tuple[Level | Break, ...]:
    """A break after every ``every`` levels (none after the last), each racing off the chips
    the levels after it no longer need."""
    schedule = colour_up_schedule(levels, chips)
    items: list[Level | Break] = []
    in_play = list(chips)
    for index, level in enumerate(levels):
        if index and index % every == 0:
            gone = break_colour_up(schedule, next_level=index, in_play=in_play)
            items.append(Break(minutes=minutes, colour_up=gone))
            in_play = [c for c in in_play if c not in gone]
        items.append(level)
    return tuple(items)


# --- shared checks ----------------------------------------------------------------------------
