"""Automatic rulings that kill a hand, overridden by the director with a reason (TDA R1,
Poland §1.6): the hand is live again and both rulings stay in the history."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, deal_holes, new_deck, table
from tests.live.showdown_tables import river_showdown

from floorman.live.irregularities.reports import CardExposed
from floorman.live.live_events import RulingMade, RulingOverridden


@pytest.mark.rules("tda-2022 R1", "tda-2022 R71-C")
def test_tda_r1_a_player_dealt_in_dead_on_a_penalty_is_let_back_by_the_director() -> None:
    live = table(6, dead_seats=(3,))
    (made,) = live.state.made.values()
    assert made.alternatives == ("live",)
    live.override(made.id, "live", by="TD", reason="the penalty was served last hand")
    deal_holes(live, new_deck())
    assert 3 in live.hand.live
    assert any(isinstance(e, RulingOverridden) for e in live.history)
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §1.6", "poland-pzp §44.5")
def test_poland_1_6_a_hand_killed_for_a_card_shown_while_folding_is_revived() -> None:
    live = river_showdown("poland-pzp")
    seat = 1
    shown = live.hand.holes[seat][0]
    result = live.record(CardExposed(seat=seat, card=shown, by_dealer=False, folding=True))
    assert seat not in live.hand.live
    made = next(e for e in result.events if isinstance(e, RulingMade))
    live.override(made.id, "live", by="TD", reason="the card slipped, he did not fold")
    assert seat in live.hand.live
    assert_conserved(live)
