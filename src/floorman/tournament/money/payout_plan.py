"""The payout table a director's plan gives (:class:`~.money_events.PayoutPlan`).

The pool is the prize fund after fees: :func:`~.prizes.prize_pool` keeps the house's fee and
the bounties out of it and tops it up to a guarantee. A bubble prize is taken off the pool
first and paid to the first place out of the money, so it is one more paid place at the end
of the table; players who bust in the same hand on the bubble share it like any prize (TDA
RP-8-A, Poland §51.3). Percentages are rounded down to the unit and, like the curve, what
rounding leaves goes to first place, so the table always adds up to the pool.
"""

from __future__ import annotations

import math

from floorman.errors import refuse
from floorman.tournament.money import prizes as pool_math
from floorman.tournament.money.events import PayoutPlan

PERCENT_SLACK = 0.01
"""Percentages summing to 100 within this are accepted (a table typed with two decimals)."""


def check_plan(plan: PayoutPlan) -> None:
    """Refuse a plan that cannot give a table, naming the constraint."""
    if plan.places is not None and plan.share is not None:
        refuse(
            "give the places paid as a number or as a share of the field, not both", "payout-plan"
        )
    if plan.places is not None and plan.places < 1:
        refuse("at least one place is paid", "payout-plan")
    if plan.share is not None and not 0.0 < plan.share <= 1.0:
        refuse("the share of the field paid is above 0 and at most 1", "payout-plan")
    if plan.unit < 1 or plan.bubble < 0:
        refuse(
            "the rounding unit is at least 1 and the bubble prize is not negative", "payout-plan"
        )
    if plan.bubble % plan.unit:
        refuse(
            f"the bubble prize {plan.bubble} is not a multiple of the unit {plan.unit}",
            "payout-plan",
        )
    if plan.percentages:
        _check_percentages(plan)


def payout_table(plan: PayoutPlan, *, entries: int, pool: int, buy_in: int) -> tuple[int, ...]:
    """Prizes of places 1..k (and the bubble's, last, when the plan has one), multiples of the
    plan's unit (first place takes what rounding leaves), summing to ``pool``."""
    check_plan(plan)
    if plan.bubble and plan.bubble > pool:
        refuse(f"the bubble prize {plan.bubble} is more than the prize pool {pool}", "payout-plan")
    fund = pool - plan.bubble
    places = _places(plan, entries)
    if plan.bubble and places >= entries:
        refuse(
            f"a bubble prize needs a place out of the money: {places} of {entries} are paid",
            "payout-plan",
        )
    if plan.percentages:
        table = _from_percentages(plan.percentages, fund, plan.unit)
    else:
        share = min(1.0, places / entries)
        table = pool_math.payout_table(
            entries=entries, pool=fund, buy_in=buy_in, unit=plan.unit, paid_share=share
        )
    if plan.bubble:
        if table[-1] < plan.bubble:
            refuse(
                f"the bubble prize {plan.bubble} is more than the last paid prize {table[-1]}",
                "payout-plan",
            )
        table = (*table, plan.bubble)
    return table


def _places(plan: PayoutPlan, entries: int) -> int:
    if plan.percentages:
        return len(plan.percentages)
    if plan.places is not None:
        return min(plan.places, entries)
    share = plan.share if plan.share is not None else 0.15
    return max(1, min(entries, math.ceil(share * entries - 1e-9)))


def _from_percentages(percentages: tuple[float, ...], pool: int, unit: int) -> tuple[int, ...]:
    prizes = [int(pool * p / 100.0 // unit) * unit for p in percentages]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)


def _check_percentages(plan: PayoutPlan) -> None:
    if plan.places is not None or plan.share is not None:
        refuse(
            "percentages give the places paid themselves: no number or share with them",
            "payout-plan",
        )
    if any(not math.isfinite(p) or p <= 0 for p in plan.percentages):
        refuse("every paid place's percentage is above 0", "payout-plan")
    if abs(sum(plan.percentages) - 100.0) > PERCENT_SLACK:
        refuse(f"the percentages add up to {sum(plan.percentages):g}, not 100", "payout-plan")
    if any(a < b for a, b in zip(plan.percentages, plan.percentages[1:], strict=False)):
        refuse("a place never pays more than the place above it", "payout-plan")
