"""Poland: what the dealer counts (§34.1, §34.2, §42.5, §49.5, §34.3) and until when a finished
hand can be disputed (§47.5, §50, T40). Belarus sets no deadline (2.1.3)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import config, deal_holes, dealt_table, limp_to_flop, new_deck
from tests.live.showdown_tables import raised_and_folded

from floorman.engine import Fold, Raise
from floorman.errors import IllegalActionError
from floorman.live.assist.bet_counts import bet_count
from floorman.live.assist.counts import pot_count
from floorman.live.director import disputes
from floorman.live.director.disputes import Dispute, DisputeKind
from floorman.live.live_hand import LiveHand

POLAND = "poland-pzp"


def on_the_flop(game: str) -> LiveHand:
    live = LiveHand(config((10_000,) * 3, button=2, profile=POLAND, game=game))
    deck = new_deck()
    deal_holes(live, deck)
    limp_to_flop(live, deck)
    return live


@pytest.mark.rules("poland-pzp §34.1", "poland-pzp §34.2")
def test_poland_34_1_the_pot_is_counted_in_pot_limit_only() -> None:
    pot_limit = on_the_flop("PT")
    counted = pot_count(pot_limit.hand, pot_limit.rules)
    assert counted.exact == 300
    assert str(counted.ruling.rule) == "poland-pzp §34.1"
    no_limit = on_the_flop("NT")
    spread = pot_count(no_limit.hand, no_limit.rules)
    assert spread.exact is None
    assert spread.ruling.key == "pot-not-counted"


@pytest.mark.rules("poland-pzp §42.5", "poland-pzp §49.5", "poland-pzp §34.3")
def test_poland_42_5_a_wager_is_counted_for_a_player_with_a_live_hand_only() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    bettor = live.hand.actor
    assert bettor is not None
    live.act(Raise(650))
    folder = live.hand.actor
    assert folder is not None
    live.act(Fold())
    asker = live.hand.actor
    assert asker is not None
    count = bet_count(live.hand, live.rules, asker=asker, of=bettor)
    assert count.exact == 650
    assert str(count.ruling.rule) == "poland-pzp §42.5"
    with pytest.raises(IllegalActionError) as refused:
        bet_count(live.hand, live.rules, asker=folder, of=bettor)
    assert refused.value.ruling.key == "count-for-live-hands"


@pytest.mark.rules("poland-pzp §47.5", "poland-pzp §50", "poland-pzp §47.4")
def test_poland_T40_a_wrong_push_is_corrected_before_the_next_hand_only() -> None:
    live = raised_and_folded(POLAND)
    heard = disputes.record(
        live, Dispute(kind=DisputeKind.ACCOUNTING, claim="the pot went to the wrong seat")
    )
    assert heard.ruling is not None
    assert str(heard.ruling.rule) == "poland-pzp §50"
    assert heard.pending is not None
    live.resolve(heard.pending.id, "corrected", by="TD", reason="pushed to seat 1 by mistake")
    assert not live.pending
    late = raised_and_folded(POLAND)
    with pytest.raises(IllegalActionError) as refused:
        disputes.record(late, Dispute(kind=DisputeKind.ACCOUNTING, next_hand_started=True))
    assert str(refused.value.ruling.rule) == "poland-pzp §50"


@pytest.mark.rules("belarus-sport 2.1.3")
def test_belarus_2_1_3_a_protest_about_a_hand_is_heard_whenever_it_comes() -> None:
    live = raised_and_folded()
    heard = disputes.record(live, Dispute(kind=DisputeKind.READING, next_hand_started=True))
    assert heard.ruling is not None
    assert str(heard.ruling.rule) == "belarus-sport 2.1.3"
    assert heard.pending is not None
    live.resolve(heard.pending.id, "stands", by="chief judge", reason="the hand was read right")
    assert not live.pending
