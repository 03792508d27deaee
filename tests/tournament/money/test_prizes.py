"""The prize pool, the payout table and tied places."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from floorman.errors import MalformedInputError
from floorman.tournament.money.prizes import (
    PrizePool,
    first_place_share,
    paid_places,
    payout_percentages,
    payout_table,
    prize_pool,
    share_places,
)

# --- the pool ------------------------------------------------------------------------------


def test_pool_adds_buy_ins_rebuys_and_add_ons_but_not_fees_or_bounties() -> None:
    pool = prize_pool(
        entries=120,
        buy_in=9_000,
        fee=1_000,
        rebuys=30,
        rebuy_price=9_000,
        add_ons=80,
        add_on_price=5_000,
        bounty=2_500,
    )
    assert pool == PrizePool(
        total=120 * 9_000 + 30 * 9_000 + 80 * 5_000,
        buy_ins=1_080_000,
        rebuys=270_000,
        add_ons=400_000,
        guarantee_top_up=0,
        bounties=300_000,
        fees=120_000,
    )
    assert pool.collected == 1_080_000 + 270_000 + 400_000 + 300_000 + 120_000


def test_guarantee_tops_up_a_short_pool_only() -> None:
    short = prize_pool(entries=40, buy_in=10_000, guarantee=500_000)
    assert (short.total, short.guarantee_top_up) == (500_000, 100_000)
    met = prize_pool(entries=60, buy_in=10_000, guarantee=500_000)
    assert (met.total, met.guarantee_top_up) == (600_000, 0)


@pytest.mark.parametrize("field", ["entries", "buy_in", "fee", "rebuys", "guarantee", "bounty"])
def test_pool_refuses_negative_amounts(field: str) -> None:
    arguments = {"entries": 10, "buy_in": 100, field: -1}
    with pytest.raises(MalformedInputError) as caught:
        prize_pool(**arguments)
    assert caught.value.constraint == "prize-pool-amount"


# --- the payout table ----------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    entries=st.integers(min_value=1, max_value=5_000),
    buy_in=st.integers(min_value=0, max_value=100_000),
    unit=st.sampled_from([1, 5, 100, 1_000]),
    extra=st.integers(min_value=-1_000_000, max_value=10_000_000),
    paid_share=st.sampled_from([0.1, 0.15, 0.2, 1.0]),
    min_cash_multiple=st.sampled_from([0.0, 1.5, 2.0, 3.0]),
)
# Found by hypothesis: the last place's one-unit minimum computed as 0.999... and paid 0.
@example(entries=1743, buy_in=1745, unit=1, extra=788, paid_share=0.2, min_cash_multiple=0.0)
def test_payout_table_invariants(
    entries: int, buy_in: int, unit: int, extra: int, paid_share: float, min_cash_multiple: float
) -> None:
    pool = max(0, entries * buy_in + extra)
    prizes = payout_table(
        entries=entries,
        pool=pool,
        buy_in=buy_in,
        unit=unit,
        paid_share=paid_share,
        min_cash_multiple=min_cash_multiple,
    )
    assert sum(prizes) == pool
    assert all(a >= b for a, b in itertools.pairwise(prizes))
    assert all(prize % unit == 0 for prize in prizes[1:])
    assert prizes[0] % unit == pool % unit
    assert 1 <= len(prizes) <= entries
    assert len(prizes) == max(1, min(math.ceil(paid_share * entries - 1e-9), pool // unit))
    if pool >= unit:
        assert prizes[-1] > 0


def test_two_players_winner_takes_all() -> None:
    assert payout_table(entries=2, pool=200, buy_in=100) == (200,)


@pytest.mark.parametrize(("entries", "paid"), [(6, 1), (7, 2), (13, 2), (14, 3), (20, 3)])
def test_small_fields_pay_one_to_three(entries: int, paid: int) -> None:
    prizes = payout_table(entries=entries, pool=entries * 1_000, buy_in=1_000)
    assert len(prizes) == paid
    assert prizes[0] / sum(prizes) >= 0.5


@pytest.mark.parametrize("entries", [100, 200, 330, 1_000, 5_000])
def test_big_fields_pay_fifteen_percent_from_a_min_cash_of_two_buy_ins(entries: int) -> None:
    prizes = payout_table(entries=entries, pool=entries * 10_000, buy_in=10_000, unit=100)
    assert len(prizes) == math.ceil(0.15 * entries)
    assert prizes[-1] == 20_000
    assert 0.14 <= prizes[0] / sum(prizes) <= 0.31
    assert prizes[0] > prizes[1] > prizes[2]


def test_first_place_share_falls_with_the_places_paid() -> None:
    shares = [first_place_share(places) for places in (1, 2, 3, 9, 15, 150, 1_500)]
    assert shares[0] == 1.0
    assert shares == sorted(shares, reverse=True)
    assert 0.2 <= first_place_share(50) <= 0.3


def test_two_places_paid_keep_the_winner_to_his_share() -> None:
    # With two places the curve cannot bend: the second prize is what the winner's share
    # leaves (first: 1.1 / (1 + ln 2) = 64.97%), above the 2-buy-in min-cash here.
    assert payout_table(entries=10, pool=10_000, buy_in=1_000) == (6_497, 3_503)


def test_recalculating_for_a_bigger_field_pays_more_places() -> None:
    before = payout_table(entries=100, pool=100 * 5_000, buy_in=5_000)
    after = payout_table(entries=120, pool=120 * 5_000, buy_in=5_000)
    assert (len(before), len(after)) == (15, 18)
    assert after[0] > before[0]


def test_percentages_are_the_unrounded_table() -> None:
    percentages = payout_percentages(entries=100, pool=1_000_000, buy_in=10_000)
    assert sum(percentages) == pytest.approx(100.0)
    table = payout_table(entries=100, pool=1_000_000, buy_in=10_000)
    for percent, prize in zip(percentages[1:], table[1:], strict=True):
        assert prize <= percent * 10_000 < prize + 1


def test_an_empty_pool_pays_nothing() -> None:
    assert payout_table(entries=10, pool=0, buy_in=0) == (0,)


def test_paid_places_is_limited_by_the_pool() -> None:
    assert paid_places(entries=1_000, pool=30, unit=1) == 30


@pytest.mark.parametrize(
    ("arguments", "constraint"),
    [
        ({"entries": 0, "pool": 100, "buy_in": 10}, "payout-entries"),
        ({"entries": 10, "pool": -1, "buy_in": 10}, "payout-pool"),
        ({"entries": 10, "pool": 100, "buy_in": 10, "unit": 0}, "prize-unit"),
        ({"entries": 10, "pool": 100, "buy_in": 10, "paid_share": 0.0}, "payout-share"),
        ({"entries": 10, "pool": 100, "buy_in": 10, "min_cash_multiple": -1.0}, "payout-min-cash"),
    ],
)
def test_payout_table_refuses_bad_input(arguments: dict[str, float], constraint: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        payout_table(**arguments)  # type: ignore[arg-type]
    assert caught.value.constraint == constraint


# --- tied places ---------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 RP-8-A")
def test_scenario_T58_same_hand_busts_share_the_last_paid_place() -> None:
    # 330 entries pay 50 places; 52 are left at the hand-for-hand announcement and 3 bust in
    # that hand: they hold places 50, 51 and 52, of which only the 50th pays.
    prizes = payout_table(entries=330, pool=330 * 10_000, buy_in=10_000, unit=100)
    assert len(prizes) == 50
    shares = share_places(prizes, 50, 3, unit=100)
    assert sum(shares) == prizes[49] == 20_000
    assert shares == (6_700, 6_700, 6_600)


@pytest.mark.rules("poland-pzp §51.3", "poland-pzp §52.5")
def test_tied_players_split_the_places_they_occupy_equally() -> None:
    prizes = (5_000, 3_000, 1_200, 800)
    assert share_places(prizes, 2, 2) == (2_100, 2_100)
    assert share_places(prizes, 3, 3) == (667, 667, 666)  # places 3, 4 and an unpaid 5th


def test_tied_remainder_goes_to_the_first_players_given() -> None:
    assert share_places((1_000, 700, 305), 2, 3, unit=10) == (345, 330, 330)
    assert share_places((1_000,), 4, 2) == (0, 0)
    assert share_places((90, 60), 1, 1) == (90,)


@settings(max_examples=100, deadline=None)
@given(
    prizes=st.lists(st.integers(0, 10_000), max_size=20).map(lambda p: sorted(p, reverse=True)),
    first_place=st.integers(1, 25),
    count=st.integers(1, 8),
    unit=st.sampled_from([1, 5, 25]),
)
def test_tied_shares_add_up_and_differ_by_at_most_a_unit(
    prizes: list[int], first_place: int, count: int, unit: int
) -> None:
    shares = share_places(prizes, first_place, count, unit)
    assert len(shares) == count
    assert sum(shares) == sum(prizes[first_place - 1 : first_place - 1 + count])
    assert all(share % unit == 0 for share in shares[1:])
    assert max(shares[1:], default=shares[0]) - min(shares[1:], default=shares[0]) <= unit
    assert list(shares[1:]) == sorted(shares[1:], reverse=True)


@pytest.mark.parametrize(
    ("prizes", "first_place", "count", "unit", "constraint"),
    [
        ((100,), 0, 1, 1, "tied-places"),
        ((100,), 1, 0, 1, "tied-places"),
        ((100,), 1, 1, 0, "prize-unit"),
        ((100, -5), 1, 2, 1, "prize-amount"),
    ],
)
def test_share_places_refuses_bad_input(
    prizes: tuple[int, ...], first_place: int, count: int, unit: int, constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        share_places(prizes, first_place, count, unit)
    assert caught.value.constraint == constraint
