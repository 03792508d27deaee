"""The engine's small hooks for live-table rulings: killed, revived and voided hands, forfeited
chips, exposed and replaced hole cards; each replays as a plain fold of events."""

from __future__ import annotations

import random

from floorman.cards.deck import Deck
from floorman.engine import GAMES, Call, Hand, HandConfig, Raise, director_view, public_view
from floorman.engine.dealer import deal_pending
from floorman.engine.events import (
    CardsExposed,
    ChipsForfeited,
    HandEnded,
    HandKilled,
    HandRevived,
    HandVoided,
    HoleCardReplaced,
)
from floorman.io.phh import dumps
from floorman.io.phh_export import export_hand
from floorman.rules.profiles import TDA_2022

RULING = TDA_2022.ruling("general", "test-ruling", "a ruling")


def dealt(stacks: tuple[int, ...] = (1000, 1000, 1000, 1000), *, button: int = 3) -> Hand:
    config = HandConfig(
        game=GAMES["NT"], stacks=stacks, button=button, small_blind=50, big_blind=100
    )
    hand = Hand(config)
    deal_pending(hand, Deck.shuffled(random.Random(3)))
    return hand


def test_a_killed_hand_folds_without_moving_the_turn() -> None:
    hand = dealt()
    assert hand.actor == 2  # button 3: blinds 0 and 1, seat 2 first
    hand.record(HandKilled(3, RULING))
    assert hand.folded[3]
    assert 3 not in hand.live
    assert hand.actor == 2
    hand.act(Call())
    assert hand.actor == 0  # seat 3 is skipped


def test_killing_all_but_one_hand_ends_it_and_the_last_hand_takes_the_pot() -> None:
    hand = dealt()
    events = hand.record(HandKilled(2, RULING), HandKilled(3, RULING), HandKilled(0, RULING))
    assert hand.is_over
    assert isinstance(events[-1], HandEnded)
    assert hand.stacks == [950, 1050, 1000, 1000]


def test_a_revived_hand_must_act_again() -> None:
    hand = dealt()
    hand.record(HandKilled(2, RULING))
    assert hand.actor == 3
    hand.record(HandRevived(2))
    assert 2 in hand.live
    assert hand.actor == 2


def test_a_voided_hand_gives_every_chip_back() -> None:
    hand = dealt()
    hand.act(Raise(300))
    hand.act(Call())
    hand.record(HandVoided(RULING), HandEnded((1000, 1000, 1000, 1000)))
    assert hand.is_over
    assert hand.stacks == [1000] * 4
    assert hand.pot == 0


def test_forfeited_chips_are_dead_money_in_the_pot() -> None:
    hand = dealt()
    hand.record(ChipsForfeited(2, 200, RULING))
    assert hand.stacks[2] == 800
    assert hand.pot == 350
    assert hand.bets[2] == 0


def test_exposed_cards_are_public_and_a_replaced_card_is_burned() -> None:
    hand = dealt()
    first = hand.holes[2][0]
    assert first is not None
    hand.record(CardsExposed(2, (first,)))
    seats = public_view(hand).seats
    assert seats[2].cards[0] == first
    assert seats[2].cards[1] is None
    assert seats[3].cards == (None, None)
    hand.record(HoleCardReplaced(2, 0, 51 if first != 51 else 50))
    assert first in director_view(hand).burns


def test_the_hooks_replay_as_a_fold_and_export_as_phh_comments() -> None:
    hand = dealt()
    hand.record(HandKilled(3, RULING), ChipsForfeited(2, 100, RULING))
    again = Hand.from_events(hand.config, hand.events)
    assert again.stacks == hand.stacks
    assert again.live == hand.live
    text = dumps(export_hand(hand, comments={0: ("first note",)}))
    assert "# first note" in text
    assert "f # dead hand: a ruling (tda-2022 R1)" in text
    assert "forfeits 100" in text
