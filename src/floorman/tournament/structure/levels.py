"""The tournament structure: levels, breaks and the chips in play.

A structure is the director's schedule, fixed before the first card: how long each level lasts,
which game it plays and at which forced bets and bet sizes, where the breaks fall and which
denominations each break colours up. It is plain data (:meth:`Structure.as_dict` round-trips
through JSON, :meth:`Structure.from_toml` reads a director's file); the level clock
(:mod:`floorman.tournament.structure.clock`) walks it, and the hand engine gets each level's
amounts.

Belarus 3.3 and the TDA's level rules (R23) say only that levels are timed and grow; the amounts
are the event's own; :mod:`floorman.tournament.structure.generator` proposes them for
directors who have none.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping, Set
from dataclasses import dataclass, fields
from typing import Any, NoReturn, cast

from floorman.engine.config import AnteMode
from floorman.engine.games import Game, get_game
from floorman.errors import MalformedInputError


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
        check_count(self.minutes, "minutes", minimum=1)
        if not isinstance(self.game, str):
            refuse(f"game must be a game code such as 'NT', not {self.game!r}", "game")
        for name in _AMOUNTS:
            check_count(getattr(self, name), name, minimum=0)
        if not isinstance(self.ante_mode, AnteMode):
            refuse(f"ante_mode must be one of {ANTE_MODE_CHOICES}", "ante-mode")
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
ANTE_MODE_CHOICES = ", ".join(repr(m.value) for m in AnteMode)


def _check_forced_bets(level: Level, game: Game) -> None:
    """The hand engine's checks (``HandConfig.__post_init__``), plus what a level must add:
    an ante has a mode and a mode has an ante, and every blind game has a big blind."""
    if (level.ante > 0) != (level.ante_mode is not AnteMode.NONE):
        refuse("an ante needs an ante mode and an ante mode needs an ante above 0", "ante")
    if level.small_blind > level.big_blind:
        refuse("the small blind cannot exceed the big blind", "blinds")
    if game.is_limit and not 0 < level.small_bet <= level.big_bet:
        refuse(f"{game.name} needs 0 < small bet <= big bet", "bet-sizes")
    if not game.is_limit and (level.small_bet or level.big_bet):
        refuse(f"{game.name} has no fixed bet sizes; leave small_bet and big_bet at 0", "bet-sizes")
    if game.is_stud:
        if level.small_blind or level.big_blind or level.ante_mode is AnteMode.BIG_BLIND:
            refuse("stud has antes from every player and a bring-in, not blinds", "forced-bets")
        if level.ante <= 0:
            refuse("a stud level needs an ante", "forced-bets")
        if not 0 < level.bring_in < level.small_bet:
            refuse("stud needs a bring-in above 0 and below the small bet", "bring-in")
        return
    if level.big_blind <= 0:
        refuse(f"{game.name} needs a big blind", "forced-bets")
    if level.bring_in:
        refuse("only stud games have a bring-in", "bring-in")


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    """A pause in play, where the chip race of the denominations in ``colour_up`` happens.

    The removed denominations are ascending; the race itself (TDA R24) is the chip-race
    module's business, the break only says which chips leave play.
    """

    minutes: int
    colour_up: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_count(self.minutes, "minutes", minimum=1)
        check_denominations(self.colour_up, "colour_up", allow_empty=True)


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
        check_denominations(self.chips, "chips", allow_empty=False)
        check_count(self.starting_stack, "starting_stack", minimum=1)
        if self.starting_stack % self.chips[0]:
            refuse(
                f"starting stack {self.starting_stack} is not a multiple of the smallest chip "
                f"{self.chips[0]}",
                "starting-stack",
                stack=self.starting_stack,
                chip=self.chips[0],
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
            refuse("items must be a list of levels and breaks", "items")
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
            refuse(f"item {index} is not in a structure of {len(self.items)} items", "index")


def _check_items(structure: Structure) -> None:
    items = structure.items
    if not isinstance(items, tuple) or not all(isinstance(i, Level | Break) for i in items):
        refuse("items must be a tuple of Level and Break values", "items")
    if not any(isinstance(item, Level) for item in items):
        refuse("a structure needs at least one level", "levels")
    if not isinstance(items[-1], Level):
        refuse(
            "a structure ends with a level: the last level runs until the event ends", "last-item"
        )
    in_play = list(structure.chips)
    largest: dict[bool, int] = {}
    for index, item in enumerate(items):
        if isinstance(item, Break):
            in_play = _coloured_up(in_play, item, index)
            continue
        if odd := [a for a in item.amounts if a % in_play[0]]:
            message = f"amounts {odd} cannot be paid in the smallest chip in play, {in_play[0]}"
            refuse(
                f"item {index}: {message}",
                "chip-multiple",
                item=index,
                amounts=f"{odd}",
                chip=in_play[0],
            )
        stud = get_game(item.game).is_stud
        if item.stake < largest.get(stud, 0):
            message = "a level cannot be smaller than an earlier one"
            refuse(f"item {index}: {message}", "level-order", item=index)
        largest[stud] = item.stake


def _coloured_up(in_play: list[int], item: Break, index: int) -> list[int]:
    missing = [c for c in item.colour_up if c not in in_play]
    if missing:
        message = f"the break colours up {missing}, which are not in play"
        refuse(f"item {index}: {message}", "colour-up", item=index, chips=f"{missing}")
    left = [c for c in in_play if c not in item.colour_up]
    if not left:
        message = "a colour-up must leave at least one denomination"
        refuse(f"item {index}: {message}", "colour-up", item=index)
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
        refuse(f"{where} must be a table of fields", "items")
    values: dict[str, Any] = {"minutes": None, **raw}
    kind = values.pop("kind", "level")
    if kind not in ("level", "break"):
        refuse(f"{where}: kind must be 'level' or 'break', not {kind!r}", "kind")
    _check_keys(values, _LEVEL_FIELDS if kind == "level" else {"minutes", "colour_up"}, where)
    try:
        if kind == "break":
            return Break(minutes=values["minutes"], colour_up=_tuple(values.get("colour_up", [])))
        if "ante_mode" in values:
            mode = values["ante_mode"]
            if mode not in {m.value for m in AnteMode}:
                refuse(f"ante_mode must be one of {ANTE_MODE_CHOICES}", "ante-mode")
            values["ante_mode"] = AnteMode(mode)
        return Level(**values)
    except MalformedInputError as error:
        raise MalformedInputError(f"{where}: {error}", constraint=error.constraint) from None


def _check_keys(data: Mapping[str, object], allowed: Set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        refuse(f"{where}: unknown fields {unknown}; allowed: {sorted(allowed)}", "unknown-field")


def _tuple(value: object) -> tuple[int, ...]:
    """A list read from JSON or TOML as the tuple the dataclasses keep (checked by them)."""
    return cast(tuple[int, ...], tuple(value) if isinstance(value, list) else value)


# --- the generator ----------------------------------------------------------------------------


def check_count(value: object, name: str, *, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        message = f"{name} must be a whole number of at least {minimum}, not {value!r}"
        refuse(message, name.replace("_", "-"))


def check_denominations(chips: object, name: str, *, allow_empty: bool) -> None:
    if not isinstance(chips, tuple) or (not chips and not allow_empty):
        refuse(f"{name} must be a tuple of chip denominations", "denominations")
    values = list(chips)
    if not all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in values):
        refuse(f"{name}: denominations are whole numbers above 0", "denominations")
    if any(a >= b for a, b in itertools.pairwise(values)):
        refuse(f"{name}: denominations are listed once each, ascending", "denominations")


class StructureError(MalformedInputError):
    """A structure that cannot be played, with the values its message shows, so that the
    editor's ruling for it (:mod:`.checks`) can be worded in another language."""

    def __init__(self, message: str, *, constraint: str, params: Mapping[str, int | str]) -> None:
        super().__init__(message, constraint=constraint)
        self.params = dict(params)


def refuse(message: str, constraint: str, **params: int | str) -> NoReturn:
    raise StructureError(message, constraint=constraint, params=params)
