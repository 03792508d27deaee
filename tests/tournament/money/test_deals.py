"""Deals: chip chop, ICM chop, hybrid, custom figures, and everyone's consent."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef
from floorman.tournament.money.deals import (
    DEAL_CONSENT_RULE,
    Deal,
    DealMethod,
    accept_deal,
    chip_chop,
    hybrid_chop,
    icm_chop,
    propose_deal,
)
from floorman.tournament.money.icm import icm_exact

PRIZES = (5_000, 3_000, 2_000)

stacks_strategy = st.lists(st.integers(0, 100_000), min_size=1, max_size=8).filter(any)


@st.composite
def split_spots(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    stacks = draw(stacks_strategy)
    unit = draw(st.sampled_from([1, 5, 100]))
    units = draw(st.lists(st.integers(0, 10_000), max_size=len(stacks)))
    return stacks, sorted((n * unit for n in units), reverse=True), unit


# --- chip chop -----------------------------------------------------------------------------


def test_chip_chop_guarantees_the_last_prize_then_goes_by_chips() -> None:
    # Each gets 2,000; the other 4,000 goes 50 : 30 : 20.
    assert chip_chop([50_000, 30_000, 20_000], PRIZES) == (4_000, 3_200, 2_800)


def test_chip_chop_with_unpaid_places_splits_everything_by_chips() -> None:
    assert chip_chop([3, 1, 0, 0], [800]) == (600, 200, 0, 0)


def test_chip_chop_remainder_goes_to_largest_fractions_then_bigger_stacks() -> None:
    # 100 by 1 : 1 : 1 is 33.3 each: the extra unit goes to the earliest of equal stacks.
    assert chip_chop([1, 1, 1], [100]) == (34, 33, 33)
    # 101 by 2 : 1 : 1 : 0 is 50.5, 25.25, 25.25: the unit goes to the largest fraction.
    assert chip_chop([2, 1, 1, 0], [101]) == (51, 25, 25, 0)
    # 10 by 1 : 1 : 2 in units of 4 is 2 units as 0.5, 0.5 and 1: the spare unit goes to the
    # earlier of the equal halves, and the 2 below a unit to the biggest stack.
    assert chip_chop([1, 1, 2], [10], unit=4) == (4, 0, 6)


def test_chip_chop_can_pay_the_leader_more_than_first() -> None:
    # The flaw ICM removes: 98% of the chips, 3 players, 5,000 / 3,000 / 2,000.
    chips = chip_chop([98_000, 1_000, 1_000], PRIZES)
    icm = icm_chop([98_000, 1_000, 1_000], PRIZES)
    assert chips[0] > PRIZES[0] >= icm[0]


# --- ICM chop ------------------------------------------------------------------------------


def test_icm_chop_is_the_equities_rounded() -> None:
    stacks = [50_000, 30_000, 20_000]
    amounts = icm_chop(stacks, PRIZES)
    assert sum(amounts) == sum(PRIZES)
    for amount, equity in zip(amounts, icm_exact(stacks, PRIZES), strict=True):
        assert abs(amount - equity) < 1


def test_icm_chop_beyond_twenty_players_samples_with_the_rng() -> None:
    stacks = [10_000 + 100 * i for i in range(25)]
    prizes = [9_000, 6_000, 4_000, 3_000]
    with pytest.raises(MalformedInputError):
        icm_chop(stacks, prizes)
    amounts = icm_chop(stacks, prizes, unit=100, rng=random.Random(3))
    assert sum(amounts) == sum(prizes)
    assert all(amount % 100 == 0 for amount in amounts)


@settings(max_examples=80, deadline=None)
@given(spot=split_spots())
def test_chops_add_up_exactly_in_units(spot: tuple[list[int], list[int], int]) -> None:
    stacks, prizes, unit = spot
    for amounts in (chip_chop(stacks, prizes, unit=unit), icm_chop(stacks, prizes, unit=unit)):
        assert sum(amounts) == sum(prizes)
        assert all(amount >= 0 and amount % unit == 0 for amount in amounts)


@settings(max_examples=60, deadline=None)
@given(stacks=stacks_strategy, prizes=st.lists(st.integers(0, 10**7), max_size=8))
def test_chops_of_odd_sums_add_up_with_one_amount_off_the_unit(
    stacks: list[int], prizes: list[int]
) -> None:
    prizes = sorted(prizes[: len(stacks)], reverse=True)
    amounts = icm_chop(stacks, prizes, unit=25)
    assert sum(amounts) == sum(prizes)
    assert sum(1 for amount in amounts if amount % 25) <= 1


@settings(max_examples=60, deadline=None)
@given(spot=split_spots())
def test_chop_amounts_never_favour_the_smaller_stack(
    spot: tuple[list[int], list[int], int],
) -> None:
    stacks, prizes, _ = spot
    for amounts in (chip_chop(stacks, prizes), icm_chop(stacks, prizes)):
        for i in range(len(stacks)):
            for j in range(len(stacks)):
                if stacks[i] > stacks[j]:
                    assert amounts[i] >= amounts[j]


# --- hybrid --------------------------------------------------------------------------------


def test_hybrid_leaves_the_sum_to_play_for_out_of_the_first_prize() -> None:
    stacks = [50_000, 30_000, 20_000]
    amounts = hybrid_chop(stacks, PRIZES, keep_for_winner=1_000)
    assert sum(amounts) == sum(PRIZES) - 1_000
    assert amounts == icm_chop(stacks, (4_000, 3_000, 2_000))
    assert hybrid_chop(stacks, PRIZES, keep_for_winner=0) == icm_chop(stacks, PRIZES)


def test_hybrid_cannot_keep_more_than_the_first_prize() -> None:
    with pytest.raises(MalformedInputError) as caught:
        hybrid_chop([1, 2], [100, 50], keep_for_winner=101)
    assert caught.value.constraint == "deal-left-to-play"


# --- proposing and accepting ---------------------------------------------------------------

ENTRIES = ("e1", "e7", "e9")
STACKS = (50_000, 30_000, 20_000)


def test_propose_each_method() -> None:
    chips = propose_deal(DealMethod.CHIP_CHOP, ENTRIES, STACKS, PRIZES)
    assert chips == Deal(
        method=DealMethod.CHIP_CHOP,
        players=ENTRIES,
        amounts=(4_000, 3_200, 2_800),
        left_to_play=0,
    )
    icm = propose_deal("icm", ENTRIES, STACKS, PRIZES)  # type: ignore[arg-type]
    assert icm.amounts == icm_chop(STACKS, PRIZES)
    hybrid = propose_deal(DealMethod.HYBRID, ENTRIES, STACKS, PRIZES, keep_for_winner=500)
    assert (hybrid.left_to_play, hybrid.total) == (500, sum(PRIZES))
    custom = propose_deal(
        DealMethod.CUSTOM,
        ENTRIES,
        STACKS,
        PRIZES,
        amounts=(4_000, 3_000, 2_500),
        keep_for_winner=500,
    )
    assert (custom.amounts, custom.left_to_play) == ((4_000, 3_000, 2_500), 500)


def test_custom_deal_must_add_up_to_the_remaining_prizes() -> None:
    with pytest.raises(MalformedInputError) as caught:
        propose_deal(DealMethod.CUSTOM, ENTRIES, STACKS, PRIZES, amounts=(4_000, 3_000, 2_000))
    assert caught.value.constraint == "deal-total"


@pytest.mark.parametrize(
    ("method", "options", "constraint"),
    [
        (DealMethod.CHIP_CHOP, {"amounts": (1, 2, 3)}, "deal-amounts"),
        (DealMethod.CUSTOM, {}, "deal-amounts"),
        (DealMethod.ICM, {"keep_for_winner": 100}, "deal-left-to-play"),
        ("split-evenly", {}, "deal-method"),
    ],
)
def test_propose_refuses_inconsistent_options(
    method: DealMethod, options: dict[str, object], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        propose_deal(method, ENTRIES, STACKS, PRIZES, **options)  # type: ignore[arg-type]
    assert caught.value.constraint == constraint


@pytest.mark.parametrize(
    ("entries", "stacks", "prizes", "constraint"),
    [
        (("a", "b"), (1, 2, 3), PRIZES, "deal-players"),
        (("a", "a", "b"), STACKS, PRIZES, "deal-players"),
        (ENTRIES, (1, -2, 3), PRIZES, "deal-stack"),
        (ENTRIES, (0, 0, 0), PRIZES, "deal-stack"),
        (ENTRIES, STACKS, (5, 4, 3, 2), "deal-prize"),
        (ENTRIES, STACKS, (5, -4), "deal-prize"),
    ],
)
def test_propose_refuses_bad_input(
    entries: tuple[str, ...], stacks: tuple[int, ...], prizes: tuple[int, ...], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        propose_deal(DealMethod.CHIP_CHOP, entries, stacks, prizes)
    assert caught.value.constraint == constraint


def test_deal_binds_once_everyone_consents() -> None:
    deal = propose_deal(DealMethod.ICM, ENTRIES, STACKS, PRIZES)
    assert accept_deal(deal, {"e1": True, "e7": True, "e9": True}) is deal


def test_deal_without_every_consent_is_refused_citing_the_house_rule() -> None:
    deal = propose_deal(DealMethod.ICM, ENTRIES, STACKS, PRIZES)
    with pytest.raises(IllegalActionError) as caught:
        accept_deal(deal, {"e1": True, "e7": False})
    ruling = caught.value.ruling
    assert ruling.rule == DEAL_CONSENT_RULE == RuleRef("tda-2022", "R1")
    assert ruling.key == "deal-needs-consent"
    assert ruling.params == (("players", "e7, e9"),)


@pytest.mark.rules("pokerstars-live 1.5")
def test_pokerstars_live_deals_need_every_players_agreement() -> None:
    deal = propose_deal(DealMethod.CHIP_CHOP, ENTRIES, STACKS, PRIZES)
    rule = RuleRef("pokerstars-live", "1.5")
    with pytest.raises(IllegalActionError) as caught:
        accept_deal(deal, {"e1": True, "e7": True}, rule=rule)
    assert caught.value.ruling.rule == rule
    assert accept_deal(deal, dict.fromkeys(ENTRIES, True), rule=rule) is deal


def test_only_players_in_the_deal_can_consent() -> None:
    deal = propose_deal(DealMethod.ICM, ENTRIES, STACKS, PRIZES)
    with pytest.raises(MalformedInputError) as caught:
        accept_deal(deal, {"e1": True, "e7": True, "e9": True, "e4": True})
    assert caught.value.constraint == "deal-consent"


def test_deal_checks_its_own_shape() -> None:
    with pytest.raises(MalformedInputError) as caught:
        Deal(method=DealMethod.CUSTOM, players=("a", "b"), amounts=(1,), left_to_play=0)
    assert caught.value.constraint == "deal-amounts"
    with pytest.raises(MalformedInputError):
        Deal(method=DealMethod.CUSTOM, players=("a",), amounts=(1,), left_to_play=-1)
