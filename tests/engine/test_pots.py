"""Pots: uncalled bets, main and side pots, and odd chips, named after the rules they check."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards.card import Card
from floorman.engine.pots import (
    OddChipRule,
    Pot,
    PotAward,
    UncalledBet,
    award_pots,
    build_pots,
    odd_chip_order,
    split_pot,
    uncalled_bet,
)
from floorman.errors import MalformedInputError

FLOP = OddChipRule.LEFT_OF_BUTTON
STUD = OddChipRule.HIGH_CARD_BY_SUIT
LOW_SUIT = OddChipRule.LOW_CARD_BY_SUIT


def card(text: str) -> int:
    return int(Card.parse(text))


def award_flop(
    pots: tuple[Pot, ...] | list[Pot],
    high: Mapping[int, int],
    *,
    low: Mapping[int, int | None] | None = None,
    unit: int = 25,
    button: int = 0,
    seat_count: int = 10,
) -> tuple[PotAward, ...]:
    return award_pots(
        pots, high, low=low, unit=unit, button=button, seat_count=seat_count, rule=FLOP
    )


# --- pot structure -------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 4.1-side-pot")
def test_tda_t5_add16_ex3_main_pot_and_side_pot() -> None:
    # A all-in 700 pre-flop, B and C call, then B bets 1000 on the turn and C calls.
    contributions = [700, 1700, 1700]
    live = [True, True, True]
    assert uncalled_bet(contributions, live) is None
    assert build_pots(contributions, live) == (Pot(2100, (0, 1, 2)), Pot(2000, (1, 2)))


@pytest.mark.rules("belarus-sport 4.1-side-pot", "poland-pzp §4.1", "poland-pzp §4.2")
def test_pzp_t37_never_merged_side_pots() -> None:
    # A all-in 1,000, B all-in 3,000, C and D put in 5,000 each.
    pots = build_pots([1000, 3000, 5000, 5000], [True] * 4)
    assert pots == (Pot(4000, (0, 1, 2, 3)), Pot(6000, (1, 2, 3)), Pot(4000, (2, 3)))


def test_folded_dead_money_below_the_all_in_goes_to_the_main_pot() -> None:
    pots = build_pots([100, 300, 300, 50], [True, True, True, False])
    assert pots == (Pot(350, (0, 1, 2)), Pot(400, (1, 2)))


def test_folded_dead_money_above_every_live_level_goes_to_the_last_pot() -> None:
    # Seat 1 folded with 500 in; the 200 above the deepest live stack stays in the pot.
    pots = build_pots([100, 500, 300, 300], [True, False, True, True])
    assert pots == (Pot(400, (0, 2, 3)), Pot(800, (2, 3)))


def test_bands_with_the_same_contestants_merge() -> None:
    # Seat 2 folded between the levels 100 and 300: both bands belong to seats 0 and 1 alone.
    pots = build_pots([300, 300, 200, 100], [True, True, False, False])
    assert pots == (Pot(900, (0, 1)),)


def test_single_live_player_takes_one_pot() -> None:
    contributions = [200, 100, 50]
    live = [True, False, False]
    assert uncalled_bet(contributions, live) == UncalledBet(seat=0, amount=100)
    assert build_pots([100, 100, 50], live) == (Pot(250, (0,)),)


def test_unreturned_unmatched_top_forms_a_pot_for_its_owner() -> None:
    pots = build_pots([1000, 400, 400], [True] * 3)
    assert pots == (Pot(1200, (0, 1, 2)), Pot(600, (0,)))


def test_no_chips_no_pots() -> None:
    assert build_pots([0, 0], [True, True]) == ()


@pytest.mark.rules("tda-2022 RP-11")
def test_tda_rp11_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    # BB (seat 1) posts a 200 ante and a 200 blind and folds to seat 0's raise to 600;
    # seat 2 is all-in for 300. The ante matches nothing, and seat 2 plays for it.
    wagers = [600, 200, 300]
    live = [True, False, True]
    assert uncalled_bet(wagers, live) == UncalledBet(seat=0, amount=300)
    assert build_pots([300, 200, 300], live, dead=200) == (Pot(1000, (0, 2)),)


@pytest.mark.rules("tda-2022 RP-11")
def test_tda_rp11_short_big_blind_all_in_for_the_ante_plays_for_it() -> None:
    # Ante first: the BB (seat 2) had only 150, all of it the ante, and no blind.
    pots = build_pots([400, 400, 0], [True, True, True], dead=150)
    assert pots == (Pot(150, (0, 1, 2)), Pot(800, (0, 1)))


# --- the uncalled bet ----------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R15-B")
def test_tda_r15b_uncalled_bet_is_returned() -> None:
    assert uncalled_bet([100, 300, 1000, 50], [True, True, True, False]) == UncalledBet(
        seat=2, amount=700
    )


def test_uncalled_bet_none_when_matched() -> None:
    assert uncalled_bet([500, 500, 100], [True, True, False]) is None


def test_folded_chips_match_up_to_their_amount() -> None:
    # Seat 1 called 800 and then folded to a raise he could not see; only 200 is uncalled.
    assert uncalled_bet([1000, 800, 300], [True, False, True]) == UncalledBet(seat=0, amount=200)


@pytest.mark.rules("tda-2022 R15-B")
def test_tda_r15b_mucked_bettor_gets_his_uncalled_bet_back() -> None:
    # He bet 900 and discarded thinking he had won; the bet was not called.
    assert uncalled_bet([900, 400, 400], [False, True, True]) == UncalledBet(seat=0, amount=500)


# --- odd chips -----------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R21", "tda-2022 R20-A")
def test_tda_r21_each_pot_gets_its_own_odd_chip() -> None:
    # D8: seat 3 all-in for 100. Seats 0, 1 and 3 tie for the main pot (16 chips of 25 split
    # three ways, one odd chip); seats 0 and 1 tie for the side pot (27 chips, one odd chip).
    pots = build_pots([325, 325, 325, 100], [True] * 4)
    assert pots == (Pot(400, (0, 1, 2, 3)), Pot(675, (0, 1, 2)))
    main, side = award_flop(pots, {0: 9, 1: 9, 2: 5, 3: 9}, button=2, seat_count=4)
    assert main.high_winners == (0, 1, 3)
    assert main.shares == {0: 125, 1: 125, 3: 150}  # seat 3 is first left of the button
    assert side.high_winners == (0, 1)
    assert side.shares == {0: 350, 1: 325}  # seat 3 is not in it: seat 0 is next


@pytest.mark.rules("tda-2022 R20-A")
@pytest.mark.parametrize(
    ("button", "seat_count", "winners", "first"),
    [
        pytest.param(5, 10, [3, 8], 8, id="pzp-t3"),
        pytest.param(9, 10, [2, 0], 0, id="wrap-button-on-last-seat"),
        pytest.param(4, 9, [1, 6], 6, id="dead-button-not-a-winner"),
        pytest.param(3, 6, [3, 5], 5, id="button-holder-is-last"),
    ],
)
def test_tda_r20a_odd_chip_to_first_winner_left_of_button(
    button: int, seat_count: int, winners: list[int], first: int
) -> None:
    order = odd_chip_order(winners, rule=FLOP, button=button, seat_count=seat_count)
    assert order[0] == first
    (other,) = set(winners) - {first}
    assert split_pot(1025, winners, unit=25, order=order) == {first: 525, other: 500}


@pytest.mark.rules("tda-2022 R20-A", "belarus-sport 5.9.3", "poland-pzp §3a")
def test_pzp_t5_three_way_split_odd_chips_go_clockwise_one_each() -> None:
    order = odd_chip_order([2, 5, 7], rule=FLOP, button=6, seat_count=9)
    assert order == [7, 2, 5]
    assert split_pot(1025, [2, 5, 7], unit=25, order=order) == {2: 350, 5: 325, 7: 350}
    assert split_pot(1000, [2, 5, 7], unit=25, order=order) == {2: 325, 5: 325, 7: 350}


@pytest.mark.rules("poland-pzp §3")
def test_pzp_t4_no_odd_chip_after_breaking_down() -> None:
    assert split_pot(500, [1, 2], unit=25, order=[2, 1]) == {1: 250, 2: 250}


@pytest.mark.rules("tda-2022 R20-A", "poland-pzp §3")
def test_tda_r20_odd_chip_in_units_of_the_smallest_chip() -> None:
    assert split_pot(2500, [0, 4], unit=500, order=[4, 0]) == {0: 1000, 4: 1500}


def test_tda_r20_rest_below_one_chip_goes_to_the_first_in_order() -> None:
    assert split_pot(1010, [0, 1], unit=25, order=[1, 0]) == {0: 500, 1: 510}


def test_pot_smaller_than_the_winners_leaves_a_zero_share() -> None:
    assert split_pot(25, [0, 1], unit=25, order=[1, 0]) == {0: 0, 1: 25}


@pytest.mark.rules("tda-2022 R20-B", "poland-pzp §3b")
def test_tda_r20b_stud_odd_chip_to_highest_card_by_suit() -> None:
    # PZP T7: A♥ against A♠, the spade wins the chip wherever the seats sit.
    cards = {1: card("Ah"), 4: card("As")}
    assert odd_chip_order([1, 4], rule=STUD, button=0, seat_count=8, high_cards=cards) == [4, 1]
    (award,) = award_pots(
        [Pot(1050, (1, 4))],
        {1: 7, 4: 7},
        unit=25,
        button=3,
        seat_count=8,
        rule=STUD,
        high_cards=cards,
    )
    assert award.shares == {1: 525, 4: 525}
    (award,) = award_pots(
        [Pot(1075, (1, 4))],
        {1: 7, 4: 7},
        unit=25,
        button=3,
        seat_count=8,
        rule=STUD,
        high_cards=cards,
    )
    assert award.shares == {1: 525, 4: 550}


def test_pzp_3c_low_game_odd_chip_to_lowest_suit() -> None:
    # PZP T7: lowest cards A♣ against A♦, the club wins the chip.
    cards = {2: card("Ad"), 6: card("Ac")}
    assert odd_chip_order([2, 6], rule=LOW_SUIT, button=0, seat_count=8, low_cards=cards) == [6, 2]


@pytest.mark.rules("tda-2022 R20-B")
def test_tda_r20b_stud8_low_half_uses_the_low_hands_highest_card() -> None:
    # Seat 0 scoops high; seats 1 and 2 tie for low, seat 2's low holds 8♠ against 8♦.
    pots = [Pot(1000, (0, 1, 2))]
    (award,) = award_pots(
        pots,
        {0: 9, 1: 3, 2: 4},
        low={0: None, 1: 60, 2: 60},
        unit=100,
        button=0,
        seat_count=3,
        rule=STUD,
        high_cards={0: card("Kc")},
        low_cards={1: card("8d"), 2: card("8s")},
    )
    assert award.shares == {0: 500, 1: 200, 2: 300}


def test_lone_winner_needs_no_odd_chip_card() -> None:
    assert odd_chip_order([3], rule=STUD, button=0, seat_count=6) == [3]


# --- hi/lo ---------------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R20-C", "poland-pzp §3d")
def test_tda_r20c_hi_lo_odd_chip_goes_to_high() -> None:
    # D7 and PZP T6: pot 1,025 in 25s, seat 5 high, seat 2 low. The low seat sits first left of
    # the button, which must not matter.
    (award,) = award_flop([Pot(1025, (2, 5))], {2: 1, 5: 9}, low={2: 50, 5: None}, button=1)
    assert award.high_winners == (5,)
    assert award.low_winners == (2,)
    assert award.shares == {2: 500, 5: 525}


@pytest.mark.rules("poland-pzp §3d")
def test_hi_lo_scoop_when_no_low_qualifies() -> None:
    (award,) = award_flop([Pot(1025, (2, 5))], {2: 1, 5: 9}, low={2: None, 5: None})
    assert award.low_winners == ()
    assert award.shares == {5: 1025}


def test_hi_lo_one_player_wins_both_halves() -> None:
    (award,) = award_flop([Pot(1025, (2, 5))], {2: 1, 5: 9}, low={2: 10, 5: 50})
    assert award.high_winners == (5,)
    assert award.low_winners == (5,)
    assert award.shares == {5: 1025}


@pytest.mark.rules("tda-2022 R20-A")
def test_hi_lo_quartering_when_two_tie_for_low() -> None:
    (award,) = award_flop([Pot(1000, (0, 1, 2))], {0: 9, 1: 3, 2: 4}, low={0: None, 1: 7, 2: 7})
    assert award.shares == {0: 500, 1: 250, 2: 250}
    # 42 chips of 25: high gets 21, the 21 of the low half split 11/10 from the button's left.
    (award,) = award_flop(
        [Pot(1050, (0, 1, 2))], {0: 9, 1: 3, 2: 4}, low={0: None, 1: 7, 2: 7}, button=1
    )
    assert award.shares == {0: 525, 1: 250, 2: 275}


@pytest.mark.rules("tda-2022 R21")
def test_hi_lo_low_only_counts_seats_in_the_pot() -> None:
    # Seat 0 has the only low but is all-in for the main pot only: the side pot is scooped.
    pots = build_pots([100, 400, 400], [True] * 3)
    main, side = award_flop(pots, {0: 1, 1: 9, 2: 5}, low={0: 40, 1: None, 2: None})
    assert main.shares == {0: 150, 1: 150}
    assert side.shares == {1: 600}


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contributions", "live", "constraint"),
    [
        pytest.param([100, -5], [True, True], "contribution", id="negative"),
        pytest.param([100, 100], [True], "seat-count", id="length-mismatch"),
        pytest.param([100, 100], [False, False], "pot", id="nobody-live"),
    ],
)
def test_build_pots_refuses_bad_input(
    contributions: list[int], live: list[bool], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        build_pots(contributions, live)
    assert info.value.constraint == constraint


def test_build_pots_refuses_negative_dead_money() -> None:
    with pytest.raises(MalformedInputError) as info:
        build_pots([100], [True], dead=-1)
    assert info.value.constraint == "contribution"


def test_uncalled_bet_refuses_bad_input() -> None:
    with pytest.raises(MalformedInputError) as info:
        uncalled_bet([100, 100], [True])
    assert info.value.constraint == "seat-count"


@pytest.mark.parametrize(
    ("amount", "winners", "unit", "order", "constraint"),
    [
        pytest.param(100, [0, 1], 0, [0, 1], "chip-unit", id="unit-below-one"),
        pytest.param(-100, [0, 1], 25, [0, 1], "pot", id="negative-pot"),
        pytest.param(100, [], 25, [], "winners", id="no-winner"),
        pytest.param(100, [0, 0], 25, [0, 0], "winners", id="repeated-winner"),
        pytest.param(100, [0, 1], 25, [0], "odd-chip-order", id="winner-missing-from-order"),
        pytest.param(100, [0, 1], 25, [0, 2], "odd-chip-order", id="stranger-in-order"),
    ],
)
def test_split_pot_refuses_bad_input(
    amount: int, winners: list[int], unit: int, order: list[int], constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        split_pot(amount, winners, unit=unit, order=order)
    assert info.value.constraint == constraint


@pytest.mark.parametrize(
    ("winners", "button", "seat_count", "rule", "cards", "constraint"),
    [
        pytest.param([0, 9], 0, 9, FLOP, None, "seat", id="winner-off-the-table"),
        pytest.param([0, 1], 9, 9, FLOP, None, "button", id="button-off-the-table"),
        pytest.param([0, 1], 0, 0, FLOP, None, "seat-count", id="no-seats"),
        pytest.param([0, 1], 0, 9, STUD, None, "odd-chip-card", id="stud-without-cards"),
        pytest.param([0, 1], 0, 9, STUD, {0: 51}, "odd-chip-card", id="stud-card-missing"),
        pytest.param([0, 1], 0, 9, STUD, {0: 51, 1: 51}, "duplicate-card", id="same-card"),
        pytest.param([0, 1], 0, 9, STUD, {0: 51, 1: 52}, "card-range", id="no-such-card"),
    ],
)
def test_odd_chip_order_refuses_bad_input(
    winners: list[int],
    button: int,
    seat_count: int,
    rule: OddChipRule,
    cards: dict[int, int] | None,
    constraint: str,
) -> None:
    with pytest.raises(MalformedInputError) as info:
        odd_chip_order(winners, rule=rule, button=button, seat_count=seat_count, high_cards=cards)
    assert info.value.constraint == constraint


@pytest.mark.parametrize(
    ("pots", "high", "low", "constraint"),
    [
        pytest.param([Pot(100, (0, 1))], {0: 5}, None, "hand-strength", id="high-missing"),
        pytest.param([Pot(100, (0, 1))], {0: 5, 1: 5}, {0: 3}, "hand-strength", id="low-missing"),
        pytest.param([Pot(100, ())], {0: 5}, None, "pot", id="nobody-eligible"),
    ],
)
def test_award_pots_refuses_bad_input(
    pots: list[Pot], high: dict[int, int], low: dict[int, int | None] | None, constraint: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        award_flop(pots, high, low=low)
    assert info.value.constraint == constraint


def test_award_pots_refuses_unit_below_one() -> None:
    with pytest.raises(MalformedInputError) as info:
        award_flop([Pot(100, (0,))], {0: 1}, unit=0)
    assert info.value.constraint == "chip-unit"


# --- properties ----------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[bool]]:
    """Random contributions and live flags for 1 to 10 seats, at least one seat live."""
    seats = draw(st.integers(min_value=1, max_value=10))
    contributions = draw(st.lists(st.integers(0, 5000), min_size=seats, max_size=seats))
    live = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    live[draw(st.integers(0, seats - 1))] = True
    return contributions, live


def returned(contributions: list[int], live: list[bool]) -> tuple[list[int], int]:
    """The contributions after the uncalled bet goes back, and the amount returned."""
    refund = uncalled_bet(contributions, live)
    if refund is None:
        return list(contributions), 0
    after = list(contributions)
    after[refund.seat] -= refund.amount
    return after, refund.amount


@given(hands(), st.integers(0, 500))
def test_pots_hold_every_chip_but_the_uncalled_bet(
    hand: tuple[list[int], list[bool]], dead: int
) -> None:
    contributions, live = hand
    after, refund = returned(contributions, live)
    pots = build_pots(after, live, dead=dead)
    assert sum(pot.amount for pot in pots) == sum(contributions) - refund + dead
    assert all(pot.amount > 0 for pot in pots)


@given(hands())
def test_pots_are_contested_by_live_seats_nested(hand: tuple[list[int], list[bool]]) -> None:
    contributions, live = hand
    pots = build_pots(returned(contributions, live)[0], live)
    for pot in pots:
        assert pot.eligible
        assert list(pot.eligible) == sorted(pot.eligible)
        assert all(live[seat] for seat in pot.eligible)
    for bigger, smaller in pairwise(pots):
        assert set(smaller.eligible) < set(bigger.eligible)


@given(
    hands(),
    st.lists(st.integers(0, 3), min_size=10, max_size=10),
    st.lists(st.one_of(st.none(), st.integers(0, 2)), min_size=10, max_size=10),
    st.booleans(),
    st.sampled_from([1, 5, 25, 100]),
    st.integers(0, 9),
)
def test_awards_pay_each_pot_exactly_to_its_best_hands(
    hand: tuple[list[int], list[bool]],
    strengths: list[int],
    lows: list[int | None],
    hi_lo: bool,
    unit: int,
    button: int,
) -> None:
    contributions, live = hand
    seats = len(contributions)
    pots = build_pots(returned(contributions, live)[0], live)
    high = {seat: strengths[seat] for seat in range(seats) if live[seat]}
    low = {seat: lows[seat] for seat in high} if hi_lo else None
    awards = award_flop(pots, high, low=low, unit=unit, button=button % seats, seat_count=seats)
    assert [award.pot for award in awards] == list(pots)
    for award in awards:
        assert sum(award.shares.values()) == award.pot.amount
        best_high = max(high[seat] for seat in award.pot.eligible)
        assert award.high_winners == tuple(
            seat for seat in award.pot.eligible if high[seat] == best_high
        )
        lows_here = {} if low is None else {s: low[s] for s in award.pot.eligible}
        made = {s: v for s, v in lows_here.items() if v is not None}
        best_low = max(made.values(), default=None)
        assert award.low_winners == tuple(s for s, v in made.items() if v == best_low)
        for seat, chips in award.shares.items():
            assert chips >= 0
            if chips:
                assert seat in award.high_winners or seat in award.low_winners


@given(
    st.integers(0, 10_000),
    st.sets(st.integers(0, 9), min_size=1),
    st.sampled_from([1, 5, 25, 100, 500]),
    st.integers(0, 9),
)
def test_split_shares_sum_and_differ_by_at_most_one_chip(
    amount: int, winners: set[int], unit: int, button: int
) -> None:
    order = odd_chip_order(sorted(winners), rule=FLOP, button=button, seat_count=10)
    shares = split_pot(amount, sorted(winners), unit=unit, order=order)
    assert sum(shares.values()) == amount
    whole = [shares[seat] - (amount % unit if seat == order[0] else 0) for seat in order]
    assert all(share % unit == 0 for share in whole)
    assert max(whole) - min(whole) <= unit
    assert whole == sorted(whole, reverse=True)  # odd chips go down the order
