"""TDA digest scenarios of play at the table that had no test by their name, played through a
live table's hand: T3 (ADD-16 Ex 1), D2 (R34), D6 and D8 (R20-A, R21), D20 (RP-10-E)."""

from __future__ import annotations

import pytest
from tests.engine.tables import stacked
from tests.live.live_tables import assert_conserved, config, deal_board, deal_holes, table
from tests.live.stud_tables import stud_hand

from floorman.cards.deck import Deck
from floorman.engine import Call, Check, Fold, Phase, Raise, Show
from floorman.engine.events import HandsTabled, PotAwarded
from floorman.live.live_hand import LiveHand

ROYAL = "Ts Js Qs Ks As"
"""A board every hand plays: all tie."""


def check_down(live: LiveHand, deck: Deck) -> None:
    """Deal each street and check it through to the showdown; show in order."""
    while not live.hand.is_over:
        hand = live.hand
        if hand.phase is Phase.DEAL:
            deal_board(live, deck)
        elif hand.phase is Phase.BET:
            live.act(Check() if hand.legal_options().check else Call())
        else:
            live.act(Show())


@pytest.mark.rules("tda-2022 R16")
def test_scenario_T3_heads_up_all_in_on_the_turn_is_tabled_before_the_river() -> None:
    live = table(2, stack=1000, blinds=(50, 100), button=1)
    deck = stacked("Ah Kh", "Qd Qc", board="2c 7d 9s 4h 3c")
    deal_holes(live, deck)
    live.act(Call())
    live.act(Check())
    deal_board(live, deck)
    live.act(Check())
    live.act(Check())
    deal_board(live, deck)
    live.act(Raise(900))  # the big blind, short, moves all in on the turn
    result = live.act(Call())
    assert any(isinstance(e, HandsTabled) for e in result.events)
    assert len(live.hand.board) == 4  # face up before the river is dealt
    deal_board(live, deck)
    assert live.hand.is_over
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R34")
def test_scenario_D2_heads_up_the_button_posts_the_small_blind_and_acts_first_only_preflop() -> (
    None
):
    live = table(2, blinds=(50, 100), button=1)
    deck = stacked("Ah Kh", "Qd Qc", board="2c 7d 9s 4h 3c")
    deal_holes(live, deck)
    assert live.hand.bets == [100, 50]  # the button (seat 1) posts the small blind
    assert live.hand.actor == 1
    live.act(Call())
    live.act(Check())
    deal_board(live, deck)
    assert live.hand.actor == 0  # after the flop the big blind acts first


@pytest.mark.rules("tda-2022 R20-A")
def test_scenario_D6_the_odd_chip_goes_to_the_first_tied_winner_from_the_button() -> None:
    live = table(3, blinds=(5, 10), button=2)
    deck = stacked("2c 3d", "4c 5d", "6c 7d", board=ROYAL)
    deal_holes(live, deck)
    live.act(Call())  # the button
    live.act(Fold())  # the small blind's 5 stay in: a pot of 25
    live.act(Check())
    check_down(live, deck)
    [award] = [e for e in live.hand.events if isinstance(e, PotAwarded)]
    assert award.amount == 25
    assert dict(award.shares) == {1: 13, 2: 12}  # seat 1 comes first after the button
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R21", "tda-2022 R20-A")
def test_scenario_D8_each_pot_is_split_on_its_own_with_its_own_odd_chip() -> None:
    live = LiveHand(config((10_000, 10_000, 25, 10_000), button=3, blinds=(5, 10)))
    deck = stacked("2c 3d", "4c 5d", "6c 7d", "8c 9d", board=ROYAL)
    deal_holes(live, deck)
    live.act(Raise(25))  # seat 2, all in
    live.act(Call())  # seat 3
    live.act(Call())  # seat 0
    live.act(Raise(60))  # seat 1
    live.act(Call())
    live.act(Call())
    deal_board(live, deck)
    live.act(Check())  # seat 0
    live.act(Raise(15))  # seat 1
    live.act(Call())  # seat 3
    live.act(Fold())  # seat 0: his 60 stay in both pots
    check_down(live, deck)
    pots = {len(a.eligible): a for a in live.hand.events if isinstance(a, PotAwarded)}
    main, side = pots[3], pots[2]
    assert (main.amount, dict(main.shares)) == (100, {1: 34, 2: 33, 3: 33})
    assert (side.amount, dict(side.shares)) == (135, {1: 68, 3: 67})
    assert_conserved(live)


@pytest.mark.rules("tda-2022 RP-10-E")
def test_scenario_D20_the_bring_in_passes_left_of_a_player_all_in_from_the_ante() -> None:
    live = stud_hand((5, 1000, 1000), ("Ks Qs 2c", "Ah Kh 3d", "Ad Kd Jd"), profile="tda-2022")
    options = live.hand.legal_options()
    assert options.actor == 1  # the 2c is all in from the ante: the 3d, on his left, opens
    assert options.bring_in == 10
    assert options.fold
