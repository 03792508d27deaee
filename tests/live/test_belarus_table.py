"""Belarus at a live table: a phone used at the table (7.1.13), the showdown's irregularities
(5.9.2: a hand shown out of turn obliges nobody, a hand mucked unseen is conceded), the chief
judge declaring a hand dead (7.3.1). Where Poland rules otherwise, the test says so."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table
from tests.live.showdown_tables import all_in_showdown, river_showdown

from floorman.engine import Muck, Show
from floorman.live.table_reports import DeviceUsed, HandDeclaredDead, HandMucked, ShownOutOfTurn

BELARUS = "belarus-sport"


@pytest.mark.rules("belarus-sport 7.1.13")
def test_belarus_7_1_13_a_phone_at_the_table_leaves_the_hand_live() -> None:
    live, _ = dealt_table(4, profile=BELARUS)
    seat = live.hand.actor
    assert seat is not None
    result = live.record(DeviceUsed(seat=seat))
    assert seat in live.hand.live  # Poland §15.7a would kill it
    assert result.ruling is not None
    assert result.ruling.key == "device-penalty"
    assert str(result.ruling.rule) == "belarus-sport 7.1.13"
    ruling_id = next(iter(live.state.made))
    live.override(ruling_id, "dead", by="chief judge", reason="he read a message in the hand")
    assert seat not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.3.1")
def test_belarus_7_3_1_the_chief_judge_declares_a_hand_dead() -> None:
    live, _ = dealt_table(4, profile=BELARUS)
    live.record(HandDeclaredDead(seat=2))
    assert 2 not in live.hand.live
    made = list(live.state.made.values())[-1]
    assert str(made.ruling.rule) == "belarus-sport 7.3.1"
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 5.9.2")
def test_belarus_5_9_2_a_hand_shown_out_of_turn_takes_no_right_to_muck_away() -> None:
    live = river_showdown(BELARUS)
    live.record(ShownOutOfTurn(seat=2, cards=tuple(live.hand.holes[2])))  # type: ignore[arg-type]
    live.act(Show())
    live.act(Muck())  # conceding unseen is still his right (Poland §37.3 refuses it)
    assert live.hand.is_over
    assert live.hand.mucked[1]
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 5.9.2")
def test_belarus_5_9_2_a_hand_mucked_unseen_is_conceded_even_in_an_all_in() -> None:
    live = all_in_showdown(BELARUS)
    seat = live.hand.show_queue[0]
    live.record(HandMucked(seat=seat, identifiable=True))  # Poland §43.5 would take it back
    assert seat not in live.hand.live
    made = list(live.state.made.values())[-1]
    assert str(made.ruling.rule) == "belarus-sport 5.9.2"
    assert made.alternatives == ("live",)  # the chief judge may still rule it back (7.3.1)
    assert_conserved(live)
