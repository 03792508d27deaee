"""The tournament structure: levels, breaks, the chips in play, and a generator for them.

A structure is the director's schedule, fixed before the first card: how long each level lasts,
which game it plays and at which forced bets and bet sizes, where the breaks fall and which
denominations each break colours up. It is plain data (:meth:`Structure.as_dict` round-trips
through JSON, :meth:`Structure.from_toml` reads a director's file); the level clock
(:mod:`floorman.tournament.clock`) walks it, and the hand engine gets each level's amounts.

Belarus 3.3 and the TDA's level rules (R23) say only that levels are timed and grow; the amounts
are the event's own. :func:`generate_structure` proposes them for directors who have none.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, fields
from typing import Any, NoReturn, cast

from floorman.engine.config import AnteMode
from floorman.engine.games import Game, get_game
from floorman.errors import MalformedInputError
from floorman.tournament.colour_up import break_colour_up, colour_up_schedule


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """One level of play: its length, its game, and its forced bets and bet sizes.

    The same fields as the hand engine's :class:`~floorman.engine.config.HandConfig`, checked
    the same way, so that every level of a valid structure can be dealt: a flop or draw game
    has a big blind, a limit game a small and a big bet, a stud game antes and a bring-in and
    no blinds. Mixed-game events change ``game`` from level to level.
    """

    minutes: int
    game: str = "NT"
    """A code of :data:`floorman.engine.GAMES` (``NT``, ``PO``, ``FT``, ``F7S``...)."""
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0

    def __post_init__(self) -> None:
        _check_count(self.minutes, "minutes", minimum=1)
        if not isinstance(self.game, str):
            _bad(f"game must be a game code such as 'NT', not {self.game!r}", "game")
        for name in _AMOUNTS:
            _check_count(getattr(self, name), name, minimum=0)
        if not isinstance(self.ante_mode, AnteMode):
            _bad(f"ante_mode must be one of {_ANTE_MODES}", "ante-mode")
        _check_forced_bets(self, get_game(self.game))

    @property
    def amounts(self) -> tuple[int, ...]:
        """Every forced bet and bet size of the level that is not zero: what chips must pay."""
        return tuple(a for name in _AMOUNTS if (a := getattr(self, name)))

    @property
    def stake(self) -> int:
        """The level's size: the big blind, or the small bet of a game without blinds (stud).

        Structures grow in this measure, and the finishing model of :func:`expected_hours`
        counts stacks in it.
        """
        return self.big_blind or self.small_bet


_AMOUNTS = ("small_blind", "big_blind", "ante", "small_bet", "big_bet", "bring_in")
_ANTE_MODES = ", ".join(repr(m.value) for m in AnteMode)


def _check_forced_bets(level: Level, game: Game) -> None:
    """The hand engine's checks (``HandConfig.__post_init__``), plus what a level must add:
    an ante has a mode and a mode has an ante, and every blind game has a big blind."""
    if (level.ante > 0) != (level.ante_mode is not AnteMode.NONE):
        _bad("an ante needs an ante mode and an ante mode needs an ante above 0", "ante")
    if level.small_blind > level.big_blind:
        _bad("the small blind cannot exceed the big blind", "blinds")
    if game.is_limit and not 0 < level.small_bet <= level.big_bet:
        _bad(f"{game.name} needs 0 < small bet <= big bet", "bet-sizes")
    if not game.is_limit and (level.small_bet or level.big_bet):
        _bad(f"{game.name} has no fixed bet sizes; leave small_bet and big_bet at 0", "bet-sizes")
    if game.is_stud:
        if level.small_blind or level.big_blind or level.ante_mode is AnteMode.BIG_BLIND:
            _bad("stud has antes from every player and a bring-in, not blinds", "forced-bets")
        if level.ante <= 0:
            _bad("a stud level needs an ante", "forced-bets")
        if not 0 < level.bring_in < level.small_bet:
            _bad("stud needs a bring-in above 0 and below the small bet", "bring-in")
        return
    if level.big_blind <= 0:
        _bad(f"{game.name} needs a big blind", "forced-bets")
    if level.bring_in:
        _bad("only stud games have a bring-in", "bring-in")


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    """A pause in play, where the chip race of the denominations in ``colour_up`` happens.

    The removed denominations are ascending; the race itself (TDA R24) is the chip-race
    module's business, the break only says which chips leave play.
    """

    minutes: int
    colour_up: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_count(self.minutes, "minutes", minimum=1)
        _check_denominations(self.colour_up, "colour_up", allow_empty=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class Structure:
    """The whole schedule: levels and breaks in order, the starting stack and the chips.

    Checked as a whole so that nothing downstream has to: at least one level, the last item a
    level (it runs until the event ends), every amount payable in the smallest chip still in
    play, no level's stake below an earlier one's (Belarus 3.3: levels grow; stud levels and
    blind levels of a mixed event each on their own), breaks colouring up only chips in play
    and never the last one.
    """

    items: tuple[Level | Break, ...]
    starting_stack: int
    chips: tuple[int, ...]
    """The denominations in play at the start, ascending."""

    def __post_init__(self) -> None:
        _check_denominations(self.chips, "chips", allow_empty=False)
        _check_count(self.starting_stack, "starting_stack", minimum=1)
        if self.starting_stack % self.chips[0]:
            _bad(
                f"starting stack {self.starting_stack} is not a multiple of the smallest chip "
                f"{self.chips[0]}",
                "starting-stack",
            )
        _check_items(self)

    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(item for item in self.items if isinstance(item, Level))

    @property
    def boundaries(self) -> tuple[int, ...]:
        """Seconds from the start at which each item begins, then the end of the last one."""
        starts = [0]
        for item in self.items:
            starts.append(starts[-1] + item.minutes * 60)
        return tuple(starts)

    def level_number(self, index: int) -> int | None:
        """The 1-based number of the play level at item ``index``; ``None`` for a break."""
        self._check_index(index)
        if isinstance(self.items[index], Break):
            return None
        return sum(isinstance(item, Level) for item in self.items[: index + 1])

    def chips_after(self, index: int) -> tuple[int, ...]:
        """The denominations in play once the breaks up to item ``index`` have coloured up."""
        self._check_index(index)
        gone = {
            c for item in self.items[: index + 1] if isinstance(item, Break) for c in item.colour_up
        }
        return tuple(c for c in self.chips if c not in gone)

    def smallest_chip_after(self, index: int) -> int:
        """The smallest chip in play at item ``index``: the unit of its amounts and of odd
        chips (TDA R20, R24-C)."""
        return self.chips_after(index)[0]

    def as_dict(self) -> dict[str, object]:
        """Plain dicts, lists, ints and strs, every field written: ``from_dict`` inverts it."""
        return {
            "starting_stack": self.starting_stack,
            "chips": list(self.chips),
            "items": [_item_as_dict(item) for item in self.items],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Structure:
        """Read :meth:`as_dict`'s shape; level fields left out take their defaults and an item
        without ``kind`` is a level, so a hand-written file stays short."""
        _check_keys(data, {"starting_stack", "chips", "items"}, "structure")
        items = data.get("items")
        if not isinstance(items, list):
            _bad("items must be a list of levels and breaks", "items")
        return cls(
            items=tuple(_item_from_dict(raw, n) for n, raw in enumerate(items, 1)),
            starting_stack=cast(int, data.get("starting_stack")),
            chips=_tuple(data.get("chips")),
        )

    @classmethod
    def from_toml(cls, text: str) -> Structure:
        """A director's structure file: :meth:`from_dict`'s shape in TOML, top-level
        ``starting_stack`` and ``chips``, then an ``[[items]]`` table per level (``minutes``,
        ``small_blind``, ``big_blind``...) or break (``kind = "break"``, ``minutes``,
        ``colour_up``), in order."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise MalformedInputError(f"not valid TOML: {error}", constraint="toml") from None
        return cls.from_dict(data)

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.items):
            _bad(f"item {index} is not in a structure of {len(self.items)} items", "index")


def _check_items(structure: Structure) -> None:
    items = structure.items
    if not isinstance(items, tuple) or not all(isinstance(i, Level | Break) for i in items):
        _bad("items must be a tuple of Level and Break values", "items")
    if not any(isinstance(item, Level) for item in items):
        _bad("a structure needs at least one level", "levels")
    if not isinstance(items[-1], Level):
        _bad("a structure ends with a level: the last level runs until the event ends", "last-item")
    in_play = list(structure.chips)
    largest: dict[bool, int] = {}
    for index, item in enumerate(items):
        if isinstance(item, Break):
            in_play = _coloured_up(in_play, item, index)
            continue
        if odd := [a for a in item.amounts if a % in_play[0]]:
            message = f"amounts {odd} cannot be paid in the smallest chip in play, {in_play[0]}"
            _bad(f"item {index}: {message}", "chip-multiple")
        stud = get_game(item.game).is_stud
        if item.stake < largest.get(stud, 0):
            _bad(f"item {index}: a level cannot be smaller than an earlier one", "level-order")
        largest[stud] = item.stake


def _coloured_up(in_play: list[int], item: Break, index: int) -> list[int]:
    missing = [c for c in item.colour_up if c not in in_play]
    if missing:
        _bad(f"item {index}: the break colours up {missing}, which are not in play", "colour-up")
    left = [c for c in in_play if c not in item.colour_up]
    if not left:
        _bad(f"item {index}: a colour-up must leave at least one denomination", "colour-up")
    return left


# --- dict and TOML form -----------------------------------------------------------------------

_LEVEL_FIELDS = frozenset(f.name for f in fields(Level))


def _item_as_dict(item: Level | Break) -> dict[str, object]:
    if isinstance(item, Break):
        return {"kind": "break", "minutes": item.minutes, "colour_up": list(item.colour_up)}
    written: dict[str, object] = {"kind": "level"}
    for f in fields(Level):
        value = getattr(item, f.name)
        written[f.name] = value.value if isinstance(value, AnteMode) else value
    return written


def _item_from_dict(raw: object, number: int) -> Level | Break:
    """One item; the values' types are checked by ``Level`` and ``Break`` themselves, and
    their refusals say which item they come from."""
    where = f"item {number}"
    if not isinstance(raw, Mapping):
        _bad(f"{where} must be a table of fields", "items")
    values: dict[str, Any] = {"minutes": None, **raw}
    kind = values.pop("kind", "level")
    if kind not in ("level", "break"):
        _bad(f"{where}: kind must be 'level' or 'break', not {kind!r}", "kind")
    _check_keys(values, _LEVEL_FIELDS if kind == "level" else {"minutes", "colour_up"}, where)
    try:
        if kind == "break":
            return Break(minutes=values["minutes"], colour_up=_tuple(values.get("colour_up", [])))
        if "ante_mode" in values:
            mode = values["ante_mode"]
            if mode not in {m.value for m in AnteMode}:
                _bad(f"ante_mode must be one of {_ANTE_MODES}", "ante-mode")
            values["ante_mode"] = AnteMode(mode)
        return Level(**values)
    except MalformedInputError as error:
        raise MalformedInputError(f"{where}: {error}", constraint=error.constraint) from None


def _check_keys(data: Mapping[str, object], allowed: Set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        _bad(f"{where}: unknown fields {unknown}; allowed: {sorted(allowed)}", "unknown-field")


def _tuple(value: object) -> tuple[int, ...]:
    """A list read from JSON or TOML as the tuple the dataclasses keep (checked by them)."""
    return cast(tuple[int, ...], tuple(value) if isinstance(value, list) else value)


# --- the generator ----------------------------------------------------------------------------

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
    _check_count(players, "players", minimum=2)
    finish_stake = players * structure.starting_stack / (2 * FINISH_BIG_BLINDS)
    for item, end in zip(structure.items, structure.boundaries[1:], strict=True):
        if isinstance(item, Level) and item.stake >= finish_stake:
            return end / 3600
    return None


def _check_generator_input(
    chips: tuple[int, ...], target_hours: float, ante_mode: AnteMode, counts: Sequence[int]
) -> None:
    _check_denominations(chips, "chips", allow_empty=False)
    for name, value in zip(_COUNTS, counts, strict=True):
        _check_count(value, name, minimum=2 if name == "players" else 1)
    if counts[0] % chips[0]:
        _bad("the starting stack must be a multiple of the smallest chip", "starting-stack")
    hours = target_hours
    if not isinstance(hours, int | float) or isinstance(hours, bool) or not 0 < hours < math.inf:
        _bad(f"target_hours must be a number of hours above 0, not {hours!r}", "target-hours")
    if not isinstance(ante_mode, AnteMode):
        _bad(f"ante_mode must be one of {_ANTE_MODES}", "ante-mode")


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
        _bad(
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
        _bad(f"a stack of {stack} is under 10 big blinds of chips {chips[0]}", "starting-stack")
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


def _check_count(value: object, name: str, *, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        message = f"{name} must be a whole number of at least {minimum}, not {value!r}"
        _bad(message, name.replace("_", "-"))


def _check_denominations(chips: object, name: str, *, allow_empty: bool) -> None:
    if not isinstance(chips, tuple) or (not chips and not allow_empty):
        _bad(f"{name} must be a tuple of chip denominations", "denominations")
    values = list(chips)
    if not all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in values):
        _bad(f"{name}: denominations are whole numbers above 0", "denominations")
    if any(a >= b for a, b in itertools.pairwise(values)):
        _bad(f"{name}: denominations are listed once each, ascending", "denominations")


def _bad(message: str, constraint: str) -> NoReturn:
    raise MalformedInputError(message, constraint=constraint)
