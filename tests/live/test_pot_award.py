"""The pots of a hand recorded without its cards, awarded to the winners the dealer names
(floorman.live.pot_award): the side pots, the engine's odd-chip order, and the refusals."""

from __future__ import annotations

import pytest
from tests.live.live_tables import config

from floorman.engine import Call, Check, Fold, Raise
from floorman.engine.events import HandEnded, PotAwarded
from floorman.errors import MalformedInputError
from floorman.live.live_hand import LiveHand
from floorman.live.pot_award import PotWinners, awaiting_award, award_events, pots_of
from floorman.live.unseen_cards import deal_unseen


def _all_in_with_a_side_pot() -> LiveHand:
    """Seat 1 all-in for 500 before the flop, seats 0 and 2 all-in for 5000 on it."""
    live = LiveHand(config((5000, 500, 5000), button=0))
    deal_unseen(live)
    for action in (Raise(1000), Call(), Call()):
        live.act(action)
    deal_unseen(live)
    live.act(Raise(4000))
    live.act(Call())
    deal_unseen(live)
    assert awaiting_award(live.hand)
    return live


def test_the_pots_are_the_main_pot_then_the_side_pot() -> None:
    pots = pots_of(_all_in_with_a_side_pot().hand)
    assert [(p.amount, p.eligible) for p in pots] == [(1500, (0, 1, 2)), (9000, (0, 2))]


def test_the_awards_pay_each_pot_to_its_winners_and_end_with_the_stacks() -> None:
    hand = _all_in_with_a_side_pot().hand
    events = award_events(hand, [PotWinners(high=(1,)), PotWinners(high=(0, 2))])
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [(a.amount, a.shares) for a in awards] == [
        (9000, ((0, 4500), (2, 4500))),
        (1500, ((1, 1500),)),
    ]
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.stacks == (4500, 1500, 4500)
    hand.record(*events)
    assert hand.is_over
    assert sum(hand.stacks) == 10_500


@pytest.mark.rules("tda-2022 R20-A")
def test_tda_r20_a_the_named_winners_split_with_the_odd_chip_left_of_the_button() -> None:
    live = LiveHand(config((5000, 5000, 5000), button=0, smallest_chip=50))
    deal_unseen(live)
    live.act(Call())
    live.act(Fold())
    live.act(Check())
    for _ in range(3):
        deal_unseen(live)
        live.act(Check())
        live.act(Check())
    deal_unseen(live)
    assert awaiting_award(live.hand)
    (award, ended) = award_events(live.hand, [PotWinners(high=(0, 2))])
    assert isinstance(award, PotAwarded)
    assert dict(award.shares) == {0: 100, 2: 150}
    assert isinstance(ended, HandEnded)


@pytest.mark.parametrize(
    ("winners", "why"),
    [
        ([PotWinners(high=(1,))], "2 pots need 2 awards, not 1"),
        ([PotWinners(high=(1,)), PotWinners(high=())], "every pot needs a winner"),
        ([PotWinners(high=(1,)), PotWinners(high=(1,))], "seat 2 is not in the pot of 9000"),
        ([PotWinners(high=(0, 0)), PotWinners(high=(2,))], "a winner is named twice"),
        ([PotWinners(high=(0,), low=(2,)), PotWinners(high=(2,))], "only a hi/lo game"),
    ],
)
def test_an_award_that_does_not_fit_the_pots_is_refused(
    winners: list[PotWinners], why: str
) -> None:
    hand = _all_in_with_a_side_pot().hand
    before = list(hand.events)
    with pytest.raises(MalformedInputError, match=why) as refused:
        award_events(hand, winners)
    assert refused.value.constraint == "award"
    assert hand.events == before


def test_the_live_hand_records_the_award_in_its_history() -> None:
    live = _all_in_with_a_side_pot()
    result = live.award([PotWinners(high=(1,)), PotWinners(high=(0, 2))])
    assert live.hand.is_over
    assert live.history[-len(result.events) :] == list(result.events)
    assert [type(e) for e in result.events] == [PotAwarded, PotAwarded, HandEnded]
    assert live.hand.stacks == [4500, 1500, 4500]


def test_an_award_before_the_betting_is_over_is_refused() -> None:
    live = LiveHand(config((5000, 5000, 5000), button=0))
    deal_unseen(live)
    before = list(live.history)
    with pytest.raises(MalformedInputError, match="the betting is not over yet"):
        live.award([PotWinners(high=(0,))])
    assert live.history == before


def test_a_hand_everyone_else_folded_takes_no_winners() -> None:
    live = LiveHand(config((5000, 5000, 5000), button=0))
    deal_unseen(live)
    live.act(Fold())
    live.act(Fold())
    assert live.hand.is_over
    with pytest.raises(MalformedInputError, match="its pot went to the last player in"):
        live.award([PotWinners(high=(2,))])
    assert live.award([]).events == ()


def test_an_award_while_a_ruling_waits_is_refused() -> None:
    live = _all_in_with_a_side_pot()
    live.refer("is the hand dead?", ("dead", "live"), ("director",))
    with pytest.raises(MalformedInputError, match="a ruling awaits the director"):
        live.award([PotWinners(high=(1,)), PotWinners(high=(0, 2))])
    assert not live.hand.is_over
