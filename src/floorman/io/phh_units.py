"""Histories with decimal amounts, read in whole units (issue 16 item 10).

floorman counts chips in whole numbers, and :func:`floorman.io.phh.loads` refuses a fractional
amount rather than round it. Real records have them: online cash games write dollars and cents
(``$0.25/$0.50``), and a cash game splits an odd chip in halves (a finishing stack of
``10162.5``). :func:`loads_scaled` reads such a file by scaling every amount by a power of ten,
the fewest decimal places that make them all whole, so nothing is rounded: the hand is replayed
in those units and reported back in the file's own (:meth:`Scaled.in_file_units`).

Two units matter. ``scale`` makes every amount of the file whole, finishing stacks included.
``chip`` is the smallest unit the hand is *played* in, read from the stacks, forced bets and
actions alone: a file whose only halves are in its finishing stacks plays in whole chips, so
an odd chip goes whole to the player the rule names (TDA R20-A), where the file split it.
:func:`split_notes` says so, player by player.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from floorman.errors import MalformedInputError
from floorman.io.phh import PhhHand, hand_from_table

_LISTS: Final = ("starting_stacks", "antes", "blinds_or_straddles")
_SCALARS: Final = ("min_bet", "bring_in", "small_bet", "big_bet")
_RESULT: Final = "finishing_stacks"
_RAISE: Final = re.compile(r"(\bcbr\s+)([0-9]+(?:\.[0-9]+)?)")


@dataclass(frozen=True, slots=True)
class Scaled:
    """A hand read in whole units: ``scale`` of them make one unit of the file, and the hand is
    played in units of ``chip`` (a divisor of nothing smaller than what the file bets)."""

    hand: PhhHand
    scale: int = 1
    chip: int = 1

    def in_file_units(self, amount: int) -> int | float:
        """An amount of the scaled hand written as the file writes it (``1016250`` at scale
        100 is ``10162.5``); a whole number stays an int."""
        if amount % self.scale == 0:
            return amount // self.scale
        return float(Decimal(amount) / self.scale)


def loads_scaled(text: str) -> Scaled:
    """One hand from the text of a ``.phh`` file, decimal amounts scaled to whole units."""
    return _scaled(_toml(text))


def loads_all_scaled(text: str) -> list[Scaled]:
    """The hands of a ``.phhs`` file (one table per hand), each scaled on its own."""
    hands = []
    for key, table in _toml(text).items():
        if not isinstance(table, dict):
            raise MalformedInputError(
                f"a .phhs file holds one table per hand, but {key!r} is not a table",
                constraint="phh-field",
            )
        try:
            hands.append(_scaled(table))
        except MalformedInputError as exc:
            raise MalformedInputError(f"hand [{key}]: {exc}", constraint=exc.constraint) from exc
    return hands


def split_notes(scaled: Scaled, finishing: Iterable[int], rule: str) -> list[str]:
    """Where the file's finishing stacks split a chip the rule gives whole to one player.

    Each player whose stack differs from the file's by less than one chip of play, the totals
    agreeing, is named with both amounts; anything else is no split and gets no note.
    """
    given = scaled.hand.finishing_stacks
    ours = list(finishing)
    if given is None or list(given) == ours or sum(given) != sum(ours):
        return []
    if any(abs(g - o) >= scaled.chip for g, o in zip(given, ours, strict=True)):
        return []
    return [
        f"p{player + 1}: the file has {scaled.in_file_units(g)}, the rule ({rule}) gives "
        f"{scaled.in_file_units(o)}: the odd chip the file splits goes whole to one player"
        for player, (g, o) in enumerate(zip(given, ours, strict=True))
        if g != o
    ]


def _toml(text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedInputError(f"not valid TOML: {exc}", constraint="phh-toml") from exc


def _scaled(table: Mapping[str, object]) -> Scaled:
    """The table with every amount multiplied by the scale, read as a hand."""
    played = _decimals(_played_amounts(table))
    scale = 10 ** max(played, _decimals(_result_amounts(table)))
    chip = scale // 10**played
    if scale == 1:
        return Scaled(hand_from_table(table))
    scaled = dict(table)
    for name in (*_LISTS, _RESULT):
        values = table.get(name)
        if isinstance(values, list):
            scaled[name] = [_times(v, scale) for v in values]
    for name in _SCALARS:
        if name in table:
            scaled[name] = _times(table[name], scale)
    actions = table.get("actions")
    if isinstance(actions, list):
        scaled["actions"] = [_scaled_action(a, scale) for a in actions]
    return Scaled(hand_from_table(scaled), scale, chip)


def _played_amounts(table: Mapping[str, object]) -> list[object]:
    """The amounts the hand is played with: stacks, forced bets, bet sizes, raises."""
    amounts: list[object] = []
    for name in _LISTS:
        values = table.get(name)
        if isinstance(values, list):
            amounts += values
    amounts += [table[name] for name in _SCALARS if name in table]
    actions = table.get("actions")
    if isinstance(actions, list):
        for action in actions:
            if isinstance(action, str):
                amounts += [Decimal(m.group(2)) for m in _RAISE.finditer(action.split("#")[0])]
    return amounts


def _result_amounts(table: Mapping[str, object]) -> list[object]:
    values = table.get(_RESULT)
    return list(values) if isinstance(values, list) else []


def _decimals(amounts: Iterable[object]) -> int:
    """The most decimal places among the amounts (what is not a finite number counts 0: the
    reading refuses it later, naming the field)."""
    most = 0
    for amount in amounts:
        exact = _exact(amount)
        if exact is not None:
            exponent = exact.normalize().as_tuple().exponent
            if isinstance(exponent, int):
                most = max(most, -exponent)
    return most


def _exact(amount: object) -> Decimal | None:
    """The decimal a TOML number stands for: a float by its shortest text (``10162.5``)."""
    if isinstance(amount, bool):
        return None
    if isinstance(amount, Decimal):
        return amount
    if isinstance(amount, int):
        return Decimal(amount)
    if isinstance(amount, float) and math.isfinite(amount):
        return Decimal(repr(amount))
    return None


def _times(amount: object, scale: int) -> object:
    """A number scaled to whole units; anything else is left for the reading to refuse."""
    exact = _exact(amount)
    if exact is None:
        return amount
    return int(exact * scale)


def _scaled_action(action: object, scale: int) -> object:
    if not isinstance(action, str):
        return action
    head, hashmark, comment = action.partition("#")
    head = _RAISE.sub(lambda m: f"{m.group(1)}{int(Decimal(m.group(2)) * scale)}", head)
    return head + hashmark + comment
