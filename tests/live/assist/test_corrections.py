"""Wrong bet sizes found after others acted: TDA R52-A (T54) and R52-B (T42-T44)."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, play, table, to_flop

from floorman.engine import Call, Hand, Raise
from floorman.engine.dealer import deal_pending
from floorman.errors import MalformedInputError
from floorman.live.assist.corrections import correct_pot_bet, correct_short_raise
from floorman.rules.profiles import PROFILES, TDA_2022


def plo_flop_pot_10500() -> Hand:
    """PLO 500-1000: three players put in 3500 each pre-flop; the flop pot is 10,500."""
    played, deck = table([BIG] * 3, button=2, blinds=(500, 1000), game="PO")
    play(played, Raise(3500), Call(), Call())
    deal_pending(played, deck)
    return played


def pot_bet(played: Hand) -> int:
    top = played.legal_options().max_to
    assert top is not None
    return top


@pytest.mark.rules("tda-2022 R52-B")
def test_scenario_T42_a_pot_bet_counted_short_stands_after_substantial_action() -> None:
    played = plo_flop_pot_10500()
    assert pot_bet(played) == 10_500
    fixed = correct_pot_bet(
        to=9_500,
        pot_bet=pot_bet(played),
        substantial_action=True,
        round_over=False,
        ruleset=TDA_2022,
    )
    assert fixed.stands
    assert fixed.moves({0: 9_500, 2: 9_500}) == {0: 0, 2: 0}
    assert str(fixed.ruling.rule) == "tda-2022 R52-B"


@pytest.mark.rules("tda-2022 R52-B")
def test_scenario_T43_a_pot_bet_counted_short_is_raised_before_substantial_action() -> None:
    fixed = correct_pot_bet(
        to=9_500,
        pot_bet=pot_bet(plo_flop_pot_10500()),
        substantial_action=False,
        round_over=False,
        ruleset=TDA_2022,
    )
    assert (fixed.stands, fixed.to) == (False, 10_500)
    assert fixed.moves({0: 9_500, 1: 0}) == {0: 1_000}


@pytest.mark.rules("tda-2022 R52-B")
def test_scenario_T44_a_pot_bet_counted_large_is_lowered_for_all_in_the_round() -> None:
    top = pot_bet(plo_flop_pot_10500())
    fixed = correct_pot_bet(
        to=11_500, pot_bet=top, substantial_action=True, round_over=False, ruleset=TDA_2022
    )
    assert fixed.to == 10_500
    assert fixed.moves({0: 11_500, 1: 0, 2: 11_500, 3: 11_500}) == {0: -1000, 2: -1000, 3: -1000}
    late = correct_pot_bet(
        to=11_500, pot_bet=top, substantial_action=True, round_over=True, ruleset=TDA_2022
    )
    assert late.stands


@pytest.mark.rules("tda-2022 R52-A", "redcactus 43")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_T54_a_raise_short_of_1200_is_brought_up_until_the_turn(profile: str) -> None:
    played, deck = table([BIG] * 5, button=4, blinds=(100, 200), profile=profile)
    to_flop(played, deck)
    play(played, Raise(600))  # A bets 600: B's minimum raise is to 1200
    minimum = played.legal_options().min_to
    assert minimum == 1200
    bets = {1: 1000, 2: 1000, 3: 1000, 4: 0}  # B raised to 1000, C and D called, E folded
    before_turn = correct_short_raise(
        to=1000, min_to=minimum, round_over=False, ruleset=PROFILES[profile]
    )
    assert before_turn.moves(bets) == {1: 200, 2: 200, 3: 200}
    rule = "R52-A" if profile == "tda-2022" else "43"
    assert str(before_turn.ruling.rule) == f"{profile} {rule}"
    after_turn = correct_short_raise(
        to=1000, min_to=minimum, round_over=True, ruleset=PROFILES[profile]
    )
    assert after_turn.stands
    assert after_turn.moves(bets) == {1: 0, 2: 0, 3: 0}


def test_a_bet_that_was_not_short_is_refused() -> None:
    with pytest.raises(MalformedInputError) as refused:
        correct_short_raise(to=1200, min_to=1200, round_over=False, ruleset=TDA_2022)
    assert refused.value.constraint == "correction"
    with pytest.raises(MalformedInputError):
        correct_pot_bet(
            to=0, pot_bet=100, substantial_action=False, round_over=False, ruleset=TDA_2022
        )
