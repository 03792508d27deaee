"""Poland's odd chip of low games (§3c) and its Robert's Rules cap lifting (§26.2), each beside
the TDA's rule, which differs (R20-B, R48).

Odd chip: in razz and 2-7 draw the tied winner whose lowest card has the lowest suit gets it.
Cap: a limit round that turns heads-up before its cap is reached has no cap; a round capped
with three or more players able to bet stays capped whoever folds afterwards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from digest_tables import BIG, PZP, awards, limit_pzp
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import PLAYED, hand
from test_draw_rules import call_around, draw_config, stand_pat_all
from test_stud_rules import play_to_showdown, stud_deck

from floorman.cards import parse_cards
from floorman.cards.low import ace_five_best
from floorman.engine import (
    GAMES,
    BringIn,
    Call,
    Check,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    Phase,
    Raise,
)
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.games import Valuation
from floorman.engine.showdown import lowest_cards
from floorman.engine.stud import razz_key
from floorman.rules.profiles import PROFILES, TDA_2022
from floorman.rules.ruleset import CapLift, OddChipRule, Ruleset

BELARUS = PROFILES["belarus-sport"]

# --- §3c: the odd chip of low games ---------------------------------------------------------


def razz_tie(rules: Ruleset) -> dict[int, int]:
    """Seats 0 and 1 tie with 5-4-3-2-A: seat 0's ace is the club and his five the heart,
    seat 1's ace the diamond and his five the spade. Seat 2 brings in with the king of spades
    and folds, leaving 25 chips to split."""
    deck = stud_deck("Ac2c3c4c5hKcQc", "Ad2d3d4d5sKdQd", "QhJhKs")
    played = Hand(
        HandConfig(
            game=GAMES["FR"],
            stacks=(100, 100, 100),
            button=2,
            bring_in=5,
            small_bet=10,
            big_bet=20,
            ruleset=rules,
        )
    )
    PLAYED.append(played)
    deal_pending(played, deck)
    played.act(BringIn(), seat=2)
    played.act(Raise(10), seat=0)
    played.act(Call(), seat=1)
    played.act(Fold(), seat=2)
    play_to_showdown(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (25, (0, 1))
    return dict(award.shares)


@pytest.mark.rules("poland-pzp §3c")
def test_pzp_3c_razz_odd_chip_goes_to_the_lowest_card_of_the_lowest_suit() -> None:
    assert PZP.odd_chip_low is OddChipRule.LOW_CARD_BY_SUIT
    assert razz_tie(PZP) == {0: 13, 1: 12}  # the ace of clubs


@pytest.mark.rules("tda-2022 R20-B")
def test_tda_r20_b_razz_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    assert TDA_2022.odd_chip_low is None  # razz follows the stud rule
    assert razz_tie(TDA_2022) == {0: 12, 1: 13}  # the five of spades


def deuce_seven_tie(rules: Ruleset) -> dict[int, int]:
    """2-7 single draw: seats 1 and 2 tie with 7-5-4-3-2, seat 1's deuce the heart and seat
    2's the diamond; the small blind (seat 0) folds, leaving 25 chips to split."""
    played = Hand(replace(draw_config((100, 100, 100), game="N2L1D"), ruleset=rules))
    PLAYED.append(played)
    for seat, cards in enumerate(("KsQsJs9h8h", "7h5c4d3s2h", "7c5d4h3c2d")):
        played.act(DealHole(seat, tuple(parse_cards(cards))))
    played.act(Call())  # the button
    played.act(Fold())  # the small blind
    played.act(Check())  # the big blind
    stand_pat_all(played)
    call_around(played)
    auto_showdown(played)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (25, (1, 2))
    return dict(award.shares)


@pytest.mark.rules("poland-pzp §3c")
def test_pzp_3c_deuce_seven_odd_chip_goes_to_the_deuce_of_the_lowest_suit() -> None:
    assert deuce_seven_tie(PZP) == {1: 12, 2: 13}  # the deuce of diamonds


@pytest.mark.rules("tda-2022 R20-A")
def test_tda_r20_a_deuce_seven_odd_chip_goes_left_of_the_button() -> None:
    assert deuce_seven_tie(TDA_2022) == {1: 13, 2: 12}


@pytest.mark.rules("poland-pzp §3c")
def test_pzp_3c_a_player_holding_two_aces_is_credited_with_the_lower_suit() -> None:
    """Either ace makes his five; he plays the one that wins the chip."""
    holes = {
        0: parse_cards("AdAc2c3c4c5hKc"),
        1: parse_cards("Ah2d3d4d5sKdQd"),
    }
    assert parse_cards("Ad")[0] in ace_five_best(holes[0])  # the evaluator's pick of the two
    lowest, _ = lowest_cards(Valuation.RAZZ, holes, ())
    assert lowest == {0: razz_key(parse_cards("Ac")[0]), 1: razz_key(parse_cards("Ah")[0])}


def test_a_low_game_parameter_left_unset_keeps_the_family_rule() -> None:
    """``odd_chip_low = none`` is the TDA's razz; a venue setting the stud rule to the button
    changes razz with it."""
    to_button = TDA_2022.with_changes(odd_chip_stud=OddChipRule.LEFT_OF_BUTTON)
    assert razz_tie(to_button) == {0: 13, 1: 12}  # seat 0 is first left of the button


# --- §26.2: cap lifting as Robert's Rules read it -------------------------------------------


def cap_refused(played: Hand) -> bool:
    options = played.legal_options()
    refused = options.no_raise is not None and options.no_raise.key == "raise-cap"
    assert refused != options.can_raise
    return refused


@pytest.mark.rules("poland-pzp §26.2")
def test_pzp_26_2_a_round_capped_three_handed_stays_capped_after_a_fold() -> None:
    played, _ = limit_pzp([BIG] * 3, button=2)
    for seat, to in ((2, 200), (0, 300), (1, 400)):  # three raises over the big blind
        played.act(Raise(to), seat=seat)
    played.act(Fold(), seat=2)
    assert played.live == [0, 1]
    assert played.legal_options().actor == 0
    assert cap_refused(played)
    refusal = played.legal_options().no_raise
    assert refusal is not None
    assert str(refusal.rule) == "poland-pzp §26.2"


@pytest.mark.rules("poland-pzp §26.2")
def test_pzp_26_2_an_all_in_capping_raise_leaves_the_two_others_uncapped() -> None:
    """The all-in raiser can bet no more, so the two left are heads-up as the cap is reached
    (a decision: Robert's Rules cap pots of three or more players not all-in)."""
    played, _ = limit_pzp([BIG, 400, BIG], button=2)
    for seat, to in ((2, 200), (0, 300), (1, 400)):
        played.act(Raise(to), seat=seat)
    assert played.stacks[1] == 0
    assert not cap_refused(played)
    played.act(Raise(500), seat=2)
    belarus, _ = hand(
        [BIG, 400, BIG], game="FT", button=2, blinds=(50, 100), bets=(100, 200), rules=BELARUS
    )
    for seat, to in ((2, 200), (0, 300), (1, 400)):
        belarus.act(Raise(to), seat=seat)
    assert cap_refused(belarus)  # round-heads-up: the round began three-handed


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 4),
    # Folds and raises weighted up, so that rounds turn heads-up before the cap often enough.
    moves=st.lists(
        st.sampled_from(["fold", "fold", "raise", "raise", "call"]), min_size=12, max_size=12
    ),
)
def test_heads_up_before_cap_lifts_it_exactly_when_two_could_bet_at_the_capping_raise(
    players: int, moves: list[str]
) -> None:
    """Random preflop rounds: from the third raise on, raising is refused if and only if more
    than two players could still bet when that raise was made, whoever folds later."""
    played, _ = limit_pzp([BIG] * players, button=players - 1)
    able_at_cap: int | None = None
    for move in moves:
        if played.phase is not Phase.BET or played.street != 0:
            break
        options = played.legal_options()
        if move == "raise" and options.can_raise:
            played.act(Raise(options.min_to or 0))
        elif move == "fold" and len(played.live) > 2:
            played.act(Fold())
        else:
            played.act(Call())
        rnd = played.round
        if able_at_cap is None and rnd is not None and rnd.raises == 3:
            able_at_cap = len(played.live)
        if able_at_cap is not None and played.phase is Phase.BET and played.street == 0:
            assert rnd is not None
            assert rnd.cap_lifted == (able_at_cap <= 2)
            assert cap_refused(played) == (able_at_cap > 2)


def test_cap_lift_values_say_which_rounds_lose_the_cap() -> None:
    assert PZP.cap_lift is CapLift.HEADS_UP_BEFORE_CAP
    assert BELARUS.cap_lift is CapLift.ROUND_HEADS_UP
    assert TDA_2022.cap_lift is CapLift.TOURNAMENT_HEADS_UP
