"""Stud's seventh street from a stub too short for it, by the profile's procedure: one community
card (TDA RP-10-H) or the burns and then the muck (Belarus 6.5.3)."""

from __future__ import annotations

import random

import pytest

from floorman.cards.deck import Deck
from floorman.engine import GAMES, BringIn, Call, Check, Fold, Hand, HandConfig, Phase
from floorman.engine.config import AnteMode
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022
from floorman.rules.ruleset import Ruleset, StudShortStub


def eight_handed(rules: Ruleset, *, folds: int, to_end: bool = True) -> Hand:
    """Eight players called down (``folds`` of them fold on third street); stops before the
    seventh street's deal unless ``to_end``."""
    hand = Hand(
        HandConfig(
            game=GAMES["F7S"],
            stacks=(1000,) * 8,
            button=7,
            ante_mode=AnteMode.NONE,
            bring_in=5,
            small_bet=10,
            big_bet=20,
            ruleset=rules,
        )
    )
    deck = Deck.shuffled(random.Random(7))
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.DEAL:
            if hand.street == 4 and not to_end:
                return hand
            deal_pending(hand, deck, random.Random(1))
        elif hand.phase is Phase.BET:
            options = hand.legal_options()
            if options.bring_in is not None:
                hand.act(BringIn())
            elif folds and hand.street == 0:
                folds -= 1
                hand.act(Fold())
            else:
                hand.act(Check() if options.check else Call())
        else:
            auto_showdown(hand)
    return hand


def muck(hand: Hand) -> set[int]:
    return {c for s, h in enumerate(hand.holes) if hand.folded[s] for c in h if c is not None}


@pytest.mark.rules("tda-2022 RP-10-H")
def test_tda_rp_10_h_seven_players_and_a_folded_one_get_a_community_card() -> None:
    assert TDA_2022.stud_short_stub is StudShortStub.COMMUNITY_CARD
    waiting = eight_handed(TDA_2022, folds=1, to_end=False)
    assert waiting.board_due == 1  # 4 cards left and 3 burns: not enough for a burn, 7 and 1
    assert muck(waiting) <= waiting.dealt  # the muck is never used
    hand = eight_handed(TDA_2022, folds=1)
    assert len(hand.board) == 1


@pytest.mark.rules("belarus-sport 6.5.3")
def test_belarus_6_5_3_the_burns_and_then_the_muck_give_every_player_his_own_card() -> None:
    assert BELARUS_SPORT.stud_short_stub is StudShortStub.BURNS_THEN_MUCK
    waiting = eight_handed(BELARUS_SPORT, folds=1, to_end=False)
    assert waiting.board_due == 0
    assert waiting.burns_back
    assert not muck(waiting) & waiting.dealt  # the muck may be dealt again
    hand = eight_handed(BELARUS_SPORT, folds=1)
    assert hand.board == []
    live = [h for s, h in enumerate(hand.holes) if not hand.folded[s]]
    assert all(len(h) == 7 for h in live)
    cards = [c for h in live for c in h]
    assert len(set(cards)) == len(cards) == 49


@pytest.mark.rules("belarus-sport 6.5.3")
def test_belarus_6_5_3_burns_alone_when_they_are_enough_the_muck_stays_out() -> None:
    waiting = eight_handed(BELARUS_SPORT, folds=2, to_end=False)
    assert waiting.burns_back  # 6 x 6 + 6 + 3 burns: 7 left, 6 players need 8 with the burn
    assert muck(waiting) <= waiting.dealt


def test_belarus_eight_players_on_seventh_street_fall_back_on_a_community_card() -> None:
    hand = eight_handed(BELARUS_SPORT, folds=0)
    assert len(hand.board) == 1  # 56 cards cannot be dealt from 52: decision, RP-10-H
