"""Prize money: the pool, the payout table and the sharing of tied places.

All amounts are integers in the smallest currency unit (cents, or chips of a points league),
so every split adds up exactly: whatever cannot be divided evenly is given out by a stated rule,
never lost to rounding. None of the rulebooks fixes a payout table (the TDA digest leaves it to
the house, its ambiguity A32); :func:`payout_table` is floorman's default, a smooth curve any
event may replace with its own table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from floorman.errors import MalformedInputError

_EXPONENT_RANGE: Final = 20.0
"""The curve's exponent is searched in [-20, 20]: steeper than that is a step function."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePool:
    """Where the prize money comes from, and the money collected beside it.

    ``total`` is what :func:`payout_table` distributes: the entries' buy-ins, rebuys, add-ons
    and the organiser's top-up to a guarantee. Bounties are paid to whoever knocks a player out,
    so they are collected but kept out of the pool; fees are the house's and never in it.
    """

    total: int
    buy_ins: int
    rebuys: int
    add_ons: int
    guarantee_top_up: int
    bounties: int
    fees: int

    @property
    def collected(self) -> int:
        """Everything the players paid: pool money (without the top-up), bounties and fees."""
        return self.buy_ins + self.rebuys + self.add_ons + self.bounties + self.fees


def prize_pool(
    *,
    entries: int,
    buy_in: int,
    fee: int = 0,
    rebuys: int = 0,
    rebuy_price: int = 0,
    add_ons: int = 0,
    add_on_price: int = 0,
    guarantee: int = 0,
    bounty: int = 0,
) -> PrizePool:
    """The prize pool of an event with ``entries`` entries (re-entries count as entries).

    ``buy_in`` is the part of each entry that goes to the pool, ``fee`` the house's part and
    ``bounty`` the part set aside for the player who eliminates that entry. Rebuys and add-ons
    add their price to the pool. When the money collected falls short of ``guarantee``, the
    organiser tops the pool up to it.
    """
    amounts = {
        "entries": entries,
        "buy_in": buy_in,
        "fee": fee,
        "rebuys": rebuys,
        "rebuy_price": rebuy_price,
        "add_ons": add_ons,
        "add_on_price": add_on_price,
        "guarantee": guarantee,
        "bounty": bounty,
    }
    for name, value in amounts.items():
        _check_count(name, value, minimum=0, constraint="prize-pool-amount")
    collected = entries * buy_in + rebuys * rebuy_price + add_ons * add_on_price
    top_up = max(0, guarantee - collected)
    return PrizePool(
        total=collected + top_up,
        buy_ins=entries * buy_in,
        rebuys=rebuys * rebuy_price,
        add_ons=add_ons * add_on_price,
        guarantee_top_up=top_up,
        bounties=entries * bounty,
        fees=entries * fee,
    )


# --- payout table --------------------------------------------------------------------------


def paid_places(*, entries: int, pool: int, unit: int = 1, paid_share: float = 0.15) -> int:
    """How many places are paid: ``paid_share`` of the field rounded up, at least one, and no
    more places than the pool can give one ``unit`` each."""
    _check_table_input(entries=entries, pool=pool, buy_in=0, unit=unit, paid_share=paid_share)
    wanted = math.ceil(paid_share * entries - 1e-9)
    return max(1, min(wanted, entries, pool // unit))


def first_place_share(places: int) -> float:
    """The share of the pool aimed at for the winner when ``places`` are paid.

    ``1.1 / (1 + ln places)``: 65% with 2 paid, 52% with 3, 33% with 9, 30% with 15, 18% with
    150, 13% with 1,500. These are close to common live payout tables, from a sit-and-go to a
    festival main event.
    """
    return min(1.0, 1.1 / (1.0 + math.log(places)))


def payout_percentages(
    *,
    entries: int,
    pool: int,
    buy_in: int,
    unit: int = 1,
    paid_share: float = 0.15,
    min_cash_multiple: float = 2.0,
) -> tuple[float, ...]:
    """The payout curve before rounding, as percentages of the pool for places 1..k.

    The curve is ``prize(i) = m + c * (i**-a - k**-a) / (1 - k**-a)`` for ``k`` paid places:
    the last place gets exactly the min-cash ``m``, the first gets ``m + c``, and the exponent
    ``a`` bends the places between. ``c`` and ``a`` are solved so that the prizes sum to the
    pool and the winner gets :func:`first_place_share` of it. ``m`` aims at
    ``min_cash_multiple * buy_in``, but is at most half the average prize (so a small pool still
    has a curve) and at least what leaves the winner no more than his share (with two places
    paid the curve has no bend, and the second prize is then the rest of the pool).
    Percentages sum to 100.
    """
    _check_table_input(
        entries=entries,
        pool=pool,
        buy_in=buy_in,
        unit=unit,
        paid_share=paid_share,
        min_cash_multiple=min_cash_multiple,
    )
    places = paid_places(entries=entries, pool=pool, unit=unit, paid_share=paid_share)
    if pool == 0:
        return (100.0,)
    curve = _curve(places, float(pool), min_cash_multiple * buy_in, unit)
    return tuple(100.0 * prize / pool for prize in curve)


def payout_table(
    *,
    entries: int,
    pool: int,
    buy_in: int,
    unit: int = 1,
    paid_share: float = 0.15,
    min_cash_multiple: float = 2.0,
) -> tuple[int, ...]:
    """Prizes of places 1..k: non-increasing, multiples of ``unit``, summing exactly to ``pool``.

    The curve of :func:`payout_percentages` is rounded down to whole units and what rounding
    leaves over goes to first place (which therefore also takes any part of the pool smaller
    than a unit). When the field changes (late entries, re-entries, a guarantee met), call
    this again with the new figures: the table depends on nothing else, so recalculating is
    just recomputing.
    """
    _check_table_input(
        entries=entries,
        pool=pool,
        buy_in=buy_in,
        unit=unit,
        paid_share=paid_share,
        min_cash_multiple=min_cash_multiple,
    )
    places = paid_places(entries=entries, pool=pool, unit=unit, paid_share=paid_share)
    if pool == 0:
        return (0,)
    curve = _curve(places, float(pool), min_cash_multiple * buy_in, unit)
    # a prize a rounding error below a whole unit (the last place's minimum) is that unit
    prizes = [int(prize / unit + 1e-9) * unit for prize in curve]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)


def _curve(places: int, pool: float, min_cash_target: float, unit: int) -> list[float]:
    """Prizes before rounding (see :func:`payout_percentages` for the shape)."""
    if places == 1:
        return [pool]
    first_target = first_place_share(places) * pool
    min_cash = min(min_cash_target, pool / (2 * places))
    min_cash = max(min_cash, pool - (places - 1) * first_target, float(unit))
    if min_cash * places >= pool:
        return [pool / places] * places
    wanted = (pool - places * min_cash) / (first_target - min_cash)
    bends = _bends(places, _solve_exponent(places, wanted))
    excess = (pool - places * min_cash) / float(bends.sum())
    return [min_cash + excess * float(bend) for bend in bends]


def _bends(places: int, exponent: float) -> npt.NDArray[np.float64]:
    """``(i**-a - k**-a) / (1 - k**-a)`` for i = 1..k: 1 at the top, 0 at the last place."""
    ranks = np.arange(1, places + 1, dtype=np.float64)
    if abs(exponent) < 1e-12:
        return np.log(places / ranks) / math.log(places)
    powers = ranks**-exponent
    last = float(places) ** -exponent
    result: npt.NDArray[np.float64] = (powers - last) / (1.0 - last)
    return result


def _solve_exponent(places: int, wanted: float) -> float:
    """The exponent whose bends sum to ``wanted`` (they fall from k - 1 to 1 as it grows),
    clamped to the searched range; found by bisection."""
    low, high = -_EXPONENT_RANGE, _EXPONENT_RANGE
    for _ in range(60):
        middle = (low + high) / 2
        if float(_bends(places, middle).sum()) > wanted:
            low = middle
        else:
            high = middle
    return (low + high) / 2


# --- ties ----------------------------------------------------------------------------------


def share_places(
    prizes: Sequence[int], first_place: int, count: int, unit: int = 1
) -> tuple[int, ...]:
    """The amounts of ``count`` players tied for places ``first_place`` onwards.

    They pool the prizes of the places they occupy (places past the paid ones are worth
    nothing) and share equally in whole units (TDA RP-8-A and its example T58; Poland §51.3 and
    §52.5). What cannot be divided goes one unit each to the first players in the order given,
    and a remainder smaller than a unit to the first of them: callers order the tied players
    by the rulebook's choice (the seat draw, or more chips at the start of the hand).
    """
    _check_count("first_place", first_place, minimum=1, constraint="tied-places")
    _check_count("count", count, minimum=1, constraint="tied-places")
    _check_count("unit", unit, minimum=1, constraint="prize-unit")
    end = min(len(prizes), first_place - 1 + count)
    shared = prizes[first_place - 1 : end]
    _check_prizes(shared)  # only the places shared: called at every paid bust of a big field
    pooled = sum(shared)
    units, below_unit = divmod(pooled, unit)
    each, extra = divmod(units, count)
    shares = [(each + (1 if i < extra else 0)) * unit for i in range(count)]
    shares[0] += below_unit
    return tuple(shares)


# --- input ---------------------------------------------------------------------------------


def _check_count(name: str, value: int, *, minimum: int, constraint: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise MalformedInputError(
            f"{name} must be an integer of at least {minimum}, got {value!r}",
            constraint=constraint,
        )


def _check_prizes(prizes: Sequence[int]) -> None:
    for prize in prizes:
        _check_count("a prize", prize, minimum=0, constraint="prize-amount")


def _check_table_input(
    *,
    entries: int,
    pool: int,
    buy_in: int,
    unit: int,
    paid_share: float,
    min_cash_multiple: float = 0.0,
) -> None:
    _check_count("entries", entries, minimum=1, constraint="payout-entries")
    _check_count("pool", pool, minimum=0, constraint="payout-pool")
    _check_count("buy_in", buy_in, minimum=0, constraint="payout-buy-in")
    _check_count("unit", unit, minimum=1, constraint="prize-unit")
    if not 0.0 < paid_share <= 1.0:
        raise MalformedInputError(
            f"paid_share must be in (0, 1], got {paid_share!r}", constraint="payout-share"
        )
    if not (math.isfinite(min_cash_multiple) and min_cash_multiple >= 0.0):
        raise MalformedInputError(
            f"min_cash_multiple must be a non-negative number, got {min_cash_multiple!r}",
            constraint="payout-min-cash",
        )
