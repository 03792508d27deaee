"""A player treated as all-in while he still holds chips: the engine's part and the two Belarus
rules that use it (6.5.5 the seventh stud card face up, 7.1.6 note 2 the heads-up exposure)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.live_tables import (
    assert_conserved,
    config,
    deal_board,
    deal_holes,
    new_deck,
)
from tests.live.stud_tables import stud_hand

from floorman.engine import BringIn, Call, Check, DealHole, Fold, Hand, Phase, Raise, Show
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import BetWithdrawn, PotAwarded, TreatedAsAllIn
from floorman.engine.held_chips import HAND, ROUND
from floorman.errors import IllegalActionError
from floorman.live.irregularities.reports import CardExposed
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import BELARUS_SPORT
from floorman.rules.ruling import RuleRef, Ruling

RULING = Ruling(RuleRef("belarus-sport", "6.5.5"), "treated-all-in", "test", ())


def three_handed() -> Hand:
    """No-limit hold'em, 1000 each, blinds 5/10, dealt: seat 2 (the button) acts first,
    seat 0 is the small blind, seat 1 the big blind."""
    hand = Hand(config((1000, 1000, 1000), button=2, blinds=(5, 10), profile="belarus-sport"))
    deal_pending(hand, new_deck())
    return hand


def test_engine_treated_as_all_in_bets_no_more_and_wins_only_what_he_matched() -> None:
    hand = three_handed()
    hand.act(Call())  # seat 2 in for 10
    hand.record(TreatedAsAllIn(2, 990, HAND, RULING))
    assert hand.stacks[2] == 0
    hand.act(Raise(100))  # seat 0: a raise is possible, seat 1 can still call it
    assert hand.actor == 1
    hand.act(Call())
    assert hand.phase is Phase.DEAL
    deck = new_deck()
    deck.remove([c for h in hand.holes for c in h if c is not None])
    while not hand.is_over:
        if hand.phase is Phase.DEAL:
            deal_pending(hand, deck)
        elif hand.phase is Phase.BET:
            assert hand.actor != 2  # never asked again
            hand.act(Check())
        else:
            auto_showdown(hand)
    pots = [e for e in hand.events if isinstance(e, PotAwarded)]
    main = next(p for p in pots if 2 in p.eligible)
    assert main.amount == 30  # three times his 10: the raises above it are a side pot
    assert all(2 not in p.eligible for p in pots if p is not main)
    assert sum(hand.stacks) == 3000
    assert hand.stacks[2] >= 990  # the chips he did not put in stayed his


def test_engine_treated_as_all_in_for_the_round_bets_again_on_the_next_street() -> None:
    hand = three_handed()
    hand.act(Call())
    hand.record(TreatedAsAllIn(2, 990, ROUND, RULING))
    assert hand.stacks[2] == 0
    hand.act(Call())
    hand.act(Check())
    assert hand.phase is Phase.DEAL  # the round ended: his chips are back
    assert hand.stacks[2] == 990
    assert hand.held_back == {}


def test_engine_bet_withdrawn_takes_back_the_uncalled_part_and_ends_the_round() -> None:
    hand = three_handed()
    hand.act(Fold())
    hand.act(Raise(60))  # seat 0, the small blind
    hand.record(BetWithdrawn(0, 50, RULING))  # seat 1 had matched 10
    assert hand.stacks[0] == 990
    assert hand.phase is Phase.DEAL
    assert hand.street == 1
    assert hand.pot == 20


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), at=st.integers(0, 12), until=st.sampled_from([ROUND, HAND]))
def test_treated_as_all_in_at_any_point_conserves_chips_and_replays(
    seed: int, at: int, until: str
) -> None:
    rng = random.Random(seed)
    hand = three_handed()
    deck = new_deck()
    deck.remove([c for h in hand.holes for c in h if c is not None])
    steps = 0
    while not hand.is_over:
        if hand.phase is Phase.DEAL:
            deal_pending(hand, deck)
        elif hand.phase is Phase.BET:
            actor = hand.actor
            assert actor is not None
            if steps == at and hand.stacks[actor] > 0:
                hand.record(TreatedAsAllIn(actor, hand.stacks[actor], until, RULING))
            else:
                options = hand.legal_options()
                hand.act(rng.choice([Call() if options.call else Check(), Fold()]))
            steps += 1
        else:
            auto_showdown(hand)
    assert sum(hand.stacks) == 3000
    assert hand.held_back in (None, {})
    assert Hand.from_events(hand.config, hand.events).stacks == hand.stacks


# --- Belarus 6.5.5: the seventh card dealt face up -----------------------------------------


def to_seventh_street(live: LiveHand) -> list[int]:
    """Three players call down to seventh street, its cards dealt; returns the unused deck."""
    deck = [c for c in range(52) if all(c not in h for h in live.hand.holes)]
    while live.hand.street < 4 or live.deal_request() is not None:
        request = live.deal_request()
        if request is not None:
            burn = deck.pop() if request.burns else None
            cards = tuple(deck.pop() for _ in range(request.count))
            live.act(DealHole(request.seat or 0, cards, burn))
            continue
        options = live.hand.legal_options()
        live.act(BringIn() if options.bring_in else Call() if options.call else Check())
    return deck


def belarus_stud() -> LiveHand:
    return stud_hand(
        (1000, 1000, 1000), ("2c 3c Qs", "Ah Kh 3d", "Ad Kd Jd"), profile="belarus-sport"
    )


def expose_seventh(live: LiveHand, seat: int) -> CardExposed:
    return CardExposed(seat=seat, card=live.hand.holes[seat][-1], by_dealer=True)


@pytest.mark.rules("belarus-sport 6.5.5")
def test_belarus_6_5_5_seventh_card_face_up_the_player_chooses_all_in() -> None:
    live = belarus_stud()
    to_seventh_street(live)
    seat = 1
    stack = live.hand.stacks[seat]
    result = live.record(expose_seventh(live, seat))
    assert result.pending is not None
    assert result.pending.options == ("all-in", "play-on")
    assert str(result.pending.rules[0]) == "belarus-sport 6.5.5"
    assert live.hand.up[seat][-1]  # the card stays face up
    with pytest.raises(IllegalActionError):
        live.act(Check())  # play waits for his choice
    live.resolve(result.pending.id, "all-in", by="seat 1", reason="he does not want to bet")
    assert live.hand.stacks[seat] == 0
    while live.hand.phase is Phase.BET:
        assert live.hand.actor != seat
        live.act(Raise(80) if live.hand.legal_options().check else Call())
    assert live.hand.phase is not Phase.BET
    assert_conserved(live)
    while not live.hand.is_over:
        live.act(Show())
    assert live.hand.stacks[seat] >= stack  # his chips are his again, whatever he won
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 6.5.5")
def test_belarus_6_5_5_the_player_may_play_on_with_the_card_face_up() -> None:
    live = belarus_stud()
    to_seventh_street(live)
    result = live.record(expose_seventh(live, 2))
    assert result.pending is not None
    live.resolve(result.pending.id, "play-on", by="seat 2", reason="he plays on")
    assert live.hand.stacks[2] > 0
    assert live.hand.up[2][-1]
    seen = set()
    while live.hand.phase is Phase.BET:
        seen.add(live.hand.actor)
        live.act(Check())
    assert 2 in seen
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 6.5.5")
def test_belarus_6_5_5_bets_already_made_he_is_all_in_until_the_round_ends() -> None:
    live = belarus_stud()
    to_seventh_street(live)
    first = live.hand.actor
    assert first is not None
    live.act(Raise(80))  # a bet this round
    seat = next(s for s in live.hand.live if s != first)
    result = live.record(CardExposed(seat=seat, card=live.hand.holes[seat][-1], by_dealer=True))
    assert result.ruling is not None
    assert result.ruling.key == "seventh-up-all-in"
    assert result.pending is None
    assert live.hand.stacks[seat] == 0
    assert_conserved(live)


@pytest.mark.rules("tda-2022 RP-10-B")
def test_tda_rp_10_b_the_exposed_seventh_card_is_still_replaced() -> None:
    live = stud_hand((1000, 1000, 1000), ("2c 3c Qs", "Ah Kh 3d", "Ad Kd Jd"), profile="tda-2022")
    deck = to_seventh_street(live)
    report = expose_seventh(live, 1)
    result = live.record(
        CardExposed(seat=1, card=report.card, by_dealer=True, replacement=deck.pop())
    )
    assert result.ruling is not None
    assert result.ruling.key == "stud-seventh-replaced"
    assert live.hand.held_back is None


# --- Belarus 7.1.6 note 2: heads-up exposure -----------------------------------------------


def heads_up_bet() -> LiveHand:
    """Belarus no-limit heads-up on the flop: seat 1 bets 300, seat 0 to act shows his cards."""
    live = LiveHand(config((5000, 5000), button=0, blinds=(50, 100), profile="belarus-sport"))
    deck = new_deck()
    deal_holes(live, deck)
    live.act(Call())  # the button (small blind) calls
    live.act(Check())
    deal_board(live, deck)
    live.act(Raise(300))  # seat 1, first after the flop
    return live


def expose_heads_up(live: LiveHand) -> LiveHand:
    shown = live.hand.holes[0][0]
    assert shown is not None
    result = live.record(CardExposed(seat=0, card=shown, by_dealer=False, deliberate=True))
    assert result.pending is not None
    assert result.pending.seat == 1
    assert result.pending.options == ("play-on", "all-in", "withdraw")
    assert str(result.pending.rules[0]) == "belarus-sport 7.1.6-note2"
    assert 0 in live.hand.live  # not folded, as note 1 would
    return live


@pytest.mark.rules("belarus-sport 7.1.6-note2")
def test_belarus_7_1_6_note2_heads_up_the_opponent_withdraws_his_uncalled_bet() -> None:
    live = expose_heads_up(heads_up_bet())
    pending = live.pending[0]
    live.resolve(pending.id, "withdraw", by="seat 1", reason="he takes his bet back")
    assert any(isinstance(e, BetWithdrawn) and e.amount == 300 for e in live.hand.events)
    assert live.hand.stacks[1] == 4900
    assert live.hand.street == 2  # the flop round is over
    assert live.hand.phase is Phase.DEAL
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.1.6-note2")
def test_belarus_7_1_6_note2_heads_up_the_opponent_makes_his_bet_all_in() -> None:
    live = expose_heads_up(heads_up_bet())
    live.resolve(live.pending[0].id, "all-in", by="seat 1", reason="no more betting")
    options = live.hand.legal_options()
    assert options.actor == 0
    assert options.call == 300
    assert options.min_to is None  # nobody can call a raise
    live.act(Call())
    # No betting left: the board is dealt out with the hands face down, since Belarus has no
    # all-in face-up rule (5.9.2).
    assert live.hand.phase is Phase.DEAL
    assert not live.hand.tabled
    assert live.hand.stacks[1] == 0  # set aside until the showdown
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.1.6-note2")
def test_belarus_7_1_6_note2_heads_up_the_opponent_plays_on() -> None:
    live = expose_heads_up(heads_up_bet())
    live.resolve(live.pending[0].id, "play-on", by="seat 1", reason="as usual")
    assert live.hand.exposed is not None
    assert live.hand.exposed[0]
    assert live.hand.legal_options().min_to is not None  # seat 0 may still raise
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.1.6-note1")
def test_belarus_7_1_6_note1_three_handed_the_exposed_hand_is_still_folded() -> None:
    live = LiveHand(config((5000,) * 3, button=2, blinds=(50, 100), profile="belarus-sport"))
    deal_holes(live, new_deck())
    shown = live.hand.holes[0][0]
    result = live.record(CardExposed(seat=0, card=shown, by_dealer=False, deliberate=True))
    assert result.pending is None
    assert 0 not in live.hand.live
    assert BELARUS_SPORT.heads_up_exposure_options
