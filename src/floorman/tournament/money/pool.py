"""The money of a running event: its prize pool and payouts, prizes of places, bounties.

:mod:`floorman.tournament.money.prizes` computes pools and payout tables from figures; this module
reads the figures from the tournament's state. The pool counts every entry's buy-in, every
rebuy and add-on, and the organiser's top-up to a guarantee (the overlay); fees are the
house's, and bounties are collected beside the pool. While nobody has reached the paid places
the payout table is recomputed whenever the pool changes (late entries, rebuys, add-ons); once
the money is reached it no longer changes, so nobody's prize changes after he was paid.
A director's payout plan (:mod:`.payout_plan`) replaces the default table.

Bounties (a house matter: no rulebook has them) are paid to whoever knocks a player out, split
equally between the winners of the pots he lost when there are several (whole units, the first
named gets what does not divide). In a progressive knockout half of a bounty won is paid and
half goes onto the winner's own head, rounded in the winner's favour of cash. Whoever wins the
event collects his own bounty, so every bounty is paid in the end, except a disqualified
player's, which nobody wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.events import BountyPaid, PayoutsSet
from floorman.tournament.formats.kinds import format_of, sit_and_go_prizes
from floorman.tournament.money import prizes as pool_math
from floorman.tournament.money.events import PayoutPlan
from floorman.tournament.money.payout_plan import payout_table
from floorman.tournament.state import TournamentState

HOUSE_RULE = "house"
"""What bounty events cite: the rulebooks leave bounties to the house."""


def payouts(
    state: TournamentState, *, field: int | None = None, plan: PayoutPlan | None = None
) -> PayoutsSet:
    """The pool and payout table for the field as it is now, or for a ``field`` of that many
    entries (a Day 2 pays the whole event's field), by ``plan`` or the director's plan in force.
    Without a plan a sit-and-go pays fixed shares by the size of its field; other formats the
    default payout table."""
    config, earlier = state.config_, state.formats  # earlier days count (a Day 2)
    entries = len(state.entries) - len(state.unsold) + earlier.earlier_entries
    entries = entries if field is None else field
    rebuy, add_on = config.rebuy, config.add_on
    pool = pool_math.prize_pool(
        entries=entries,
        buy_in=config.buy_in,
        fee=config.fee,
        rebuys=state.rebuys + earlier.earlier_rebuys,
        rebuy_price=rebuy.price if rebuy is not None else 0,
        add_ons=state.add_ons + earlier.earlier_add_ons,
        add_on_price=add_on.price if add_on is not None else 0,
        guarantee=config.guarantee,
        bounty=config.bounty,
    )
    if pool.total == 0:
        return PayoutsSet(pool=0, prizes=())
    plan = plan if plan is not None else state.money.plan
    if plan is not None:
        table = payout_table(plan, entries=max(entries, 1), pool=pool.total, buy_in=config.buy_in)
    elif format_of(config) is TournamentFormat.SIT_AND_GO:
        table = sit_and_go_prizes(entries, pool.total, unit=config.prize_unit)
    else:
        table = pool_math.payout_table(
            entries=entries, pool=pool.total, buy_in=max(config.buy_in, 1), unit=config.prize_unit
        )
    return PayoutsSet(pool=pool.total, prizes=table, overlay=pool.guarantee_top_up)


def in_the_money(state: TournamentState) -> bool:
    """The paid places are reached: the payout table is final."""
    return 0 < state.alive <= len(state.prizes)


def payouts_unless_paid(state: TournamentState) -> list[PayoutsSet]:
    """The recomputed payouts after the pool changed, unless the money is reached."""
    return [] if in_the_money(state) else [payouts(state)]


def place_shares(state: TournamentState, first: int, entries: Sequence[str]) -> list[int]:
    """The prizes of ``entries`` sharing the places from ``first`` on (one each if alone),
    each with the deal money he was already sure of."""
    shares = (
        pool_math.share_places(
            state.prizes, first_place=first, count=len(entries), unit=state.config_.prize_unit
        )
        if state.prizes
        else (0,) * len(entries)
    )
    return [share + state.guaranteed.get(e, 0) for share, e in zip(shares, entries, strict=True)]


def bounty_for(state: TournamentState, entry: str, *, winners: Sequence[str]) -> list[BountyPaid]:
    """The bounty on ``entry``'s head paid to ``winners`` (his own when he won the event);
    forfeited when nobody won it (a disqualification)."""
    bounty = state.entries[entry].bounty
    if not bounty:
        return []
    if not winners:
        return [BountyPaid(eliminated=entry, shares=(), forfeited=bounty, rule=HOUSE_RULE)]
    each, extra = divmod(bounty, len(winners))
    won = [(w, each + (1 if i < extra else 0)) for i, w in enumerate(winners)]
    if state.config_.progressive_bounty and list(winners) != [entry]:
        added = tuple((w, amount // 2) for w, amount in won)
        paid = tuple((w, amount - amount // 2) for w, amount in won)
        return [BountyPaid(eliminated=entry, shares=paid, added=added, rule=HOUSE_RULE)]
    return [BountyPaid(eliminated=entry, shares=tuple(won), rule=HOUSE_RULE)]
