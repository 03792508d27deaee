"""Poland: cards a player shows (§31): a card nobody can name shows the whole hand (§31.3,
§31.4), a card shown while folding once the action is over has the hand killed and shown
(§31.4a, §44.5). The TDA reading (R68) shows only the card, for contrast."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table
from tests.live.showdown_tables import river_showdown

from floorman.live.irregularities.reports import CardExposed

POLAND = "poland-pzp"


@pytest.mark.rules("poland-pzp §31.3", "poland-pzp §31.4", "poland-pzp §31.1")
def test_poland_31_3_a_card_nobody_can_name_shows_the_whole_hand() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    seat = 2
    result = live.record(CardExposed(seat=seat, card=None, by_dealer=False))
    assert result.ruling is not None
    assert result.ruling.key == "unclear-exposure"
    assert str(result.ruling.rule) == "poland-pzp §31.3"
    assert live.hand.exposed is not None
    assert live.hand.exposed[seat] == set(live.hand.holes[seat])
    assert seat in live.hand.live  # shown, not killed (§31.5)
    assert_conserved(live)


def test_under_the_tda_an_unnamed_card_shows_nothing_more() -> None:
    live, _ = dealt_table(4, profile="tda-2022")
    live.record(CardExposed(seat=2, card=None, by_dealer=False))
    assert not (live.hand.exposed or {}).get(2)


@pytest.mark.rules("poland-pzp §44.5", "poland-pzp §31.4a")
def test_poland_44_5_a_card_shown_while_folding_after_the_action_shows_the_hand() -> None:
    live = river_showdown(POLAND)
    seat = 1
    shown = live.hand.holes[seat][0]
    result = live.record(CardExposed(seat=seat, card=shown, by_dealer=False, folding=True))
    assert result.ruling is not None
    assert result.ruling.key == "folding-exposure"
    assert str(result.ruling.rule) == "poland-pzp §44.5"
    assert seat not in live.hand.live
    assert live.hand.exposed is not None
    assert live.hand.exposed[seat] == set(live.hand.holes[seat])
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §44.5", "poland-pzp §31.5")
def test_poland_44_5_while_others_still_bet_the_card_alone_is_shown() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    seat = live.hand.actor
    assert seat is not None
    card = live.hand.holes[seat][0]
    live.record(CardExposed(seat=seat, card=card, by_dealer=False, folding=True))
    assert live.hand.exposed is not None
    assert live.hand.exposed[seat] == {card}
    assert seat in live.hand.live  # his fold is his own action, recorded as he makes it
