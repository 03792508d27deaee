"""Poland at a live table: devices (§15.7, T38), the floor declaring hands dead (§48.1, §48.2c,
§48.2e), and the showdown's irregularities: a hand shown out of turn (§37.3, T36) and a hand
mucked before it was shown (§43.5, §37.4, §45.2)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table
from tests.live.showdown_tables import all_in_showdown, river_showdown
from tests.live.stud_tables import stud_hand as stud_live

from floorman.engine import BringIn, Call, Fold, Muck, Raise, Show
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live.irregularities.reports import ActionOutOfTurn, DealerKilledHand
from floorman.live.irregularities.table_reports import (
    DeadHandCause,
    DeviceUsed,
    HandDeclaredDead,
    HandMucked,
    ShownOutOfTurn,
)
from floorman.live.live_hand import LiveHand

POLAND = "poland-pzp"


def cited(live: LiveHand) -> str:
    made = list(live.state.made.values())[-1]
    return str(made.ruling.rule)


@pytest.mark.rules("poland-pzp §15.7a", "poland-pzp §48.2h", "poland-pzp §15.2")
def test_poland_T38_a_device_used_with_a_live_hand_kills_it() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    seat = live.hand.actor
    assert seat is not None
    result = live.record(DeviceUsed(seat=seat))
    assert seat not in live.hand.live
    assert result.ruling is not None
    assert result.ruling.key == "device-dead"
    assert str(result.ruling.rule) == "poland-pzp §15.7a"
    assert live.hand.actor != seat
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §15.7b")
def test_poland_T38_a_device_used_while_all_in_leaves_the_hand_live() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    shover = live.hand.actor
    assert shover is not None
    live.act(Raise(10_000))
    live.record(DeviceUsed(seat=shover))
    assert shover in live.hand.live
    assert cited(live) == "poland-pzp §15.7b"
    made = list(live.state.made.values())[-1]
    assert made.alternatives == ("dead",)  # the floor may still rule otherwise
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §15.4", "poland-pzp §15.7")
def test_poland_15_4_a_device_at_the_table_out_of_the_hand_draws_only_a_penalty() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    folder = live.hand.actor
    assert folder is not None
    live.act(Call())  # someone acts, then the folder's seat is the next to fold
    folder = live.hand.actor
    assert folder is not None
    live.act(Fold())
    before = list(live.hand.live)
    result = live.record(DeviceUsed(seat=folder))
    assert live.hand.live == before
    assert result.ruling is not None
    assert result.ruling.key == "device-penalty"
    assert str(result.ruling.rule) == "poland-pzp §15.7"


def test_a_device_report_names_a_seat_dealt_in() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    with pytest.raises(MalformedInputError, match="not dealt"):
        live.record(DeviceUsed(seat=7))


@pytest.mark.rules("poland-pzp §48.2e", "poland-pzp §48.1")
def test_poland_48_2e_the_floor_kills_a_hand_played_on_a_deck_known_to_be_defective() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    seat = 1
    live.record(HandDeclaredDead(seat=seat, cause=DeadHandCause.DEFECTIVE_DECK_PLAYED))
    assert seat not in live.hand.live
    assert cited(live) == "poland-pzp §48.2e"
    live.record(HandDeclaredDead(seat=2))
    assert cited(live) == "poland-pzp §48.1"
    assert_conserved(live)


def stud_hand() -> LiveHand:
    return stud_live((1000, 1000, 1000), ("2c Ks Qs", "Ah Kh 3d", "Ad Kd Jd"), profile=POLAND)


@pytest.mark.rules("poland-pzp §48.2c")
def test_poland_48_2c_stud_up_cards_picked_up_facing_a_bet_kill_the_hand() -> None:
    live = stud_hand()
    live.act(BringIn())  # the 3d brings in: a bet faces the others
    seat = live.hand.actor
    assert seat is not None
    live.record(HandDeclaredDead(seat=seat, cause=DeadHandCause.UP_CARDS_TURNED))
    assert seat not in live.hand.live
    assert cited(live) == "poland-pzp §48.2c"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §48.2c")
def test_poland_48_2c_up_cards_turned_with_no_bet_to_face_leave_the_hand_live() -> None:
    live = stud_hand()
    bringer = live.hand.actor  # the 3d brings in: his bring-in is the bet, he faces none
    assert bringer is not None
    live.act(BringIn())
    result = live.record(HandDeclaredDead(seat=bringer, cause=DeadHandCause.UP_CARDS_TURNED))
    assert bringer in live.hand.live
    assert result.ruling is not None
    assert result.ruling.key == "up-cards-live"


def test_up_cards_are_a_stud_matter() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    with pytest.raises(MalformedInputError, match="stud"):
        live.record(HandDeclaredDead(seat=1, cause=DeadHandCause.UP_CARDS_TURNED))


@pytest.mark.rules("poland-pzp §37.3", "poland-pzp §37.2")
def test_poland_T36_a_hand_shown_out_of_turn_obliges_the_later_hands_to_show() -> None:
    live = river_showdown(POLAND)
    assert live.hand.show_queue == [0, 1, 2]  # the river bettor first
    result = live.record(ShownOutOfTurn(seat=2, cards=tuple(live.hand.holes[2])))  # type: ignore[arg-type]
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §37.3"
    assert live.hand.shown[2]
    live.act(Show())  # the bettor shows in turn
    with pytest.raises(IllegalActionError) as refused:
        live.act(Muck())  # seat 1 may not muck his beaten hand unseen
    assert refused.value.ruling.key == "must-show"
    live.act(Show())
    assert live.hand.is_over
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §37.3")
def test_poland_T36_in_turn_a_beaten_hand_may_be_mucked() -> None:
    live = river_showdown(POLAND)
    live.act(Show())
    live.act(Muck())
    live.act(Show())
    assert live.hand.is_over
    assert live.hand.mucked[1]


def test_a_show_out_of_turn_must_be_out_of_turn_and_show_his_own_cards() -> None:
    live = river_showdown(POLAND)
    with pytest.raises(MalformedInputError, match="turn to show"):
        live.record(ShownOutOfTurn(seat=0, cards=(0, 3)))
    with pytest.raises(MalformedInputError, match="do not match"):
        live.record(ShownOutOfTurn(seat=2, cards=(0, 3)))
    assert not live.state.made


@pytest.mark.rules("poland-pzp §43.5", "poland-pzp §37.4", "poland-pzp §45.4")
def test_poland_43_5_an_all_in_hand_mucked_unseen_is_retrieved_when_identifiable() -> None:
    live = all_in_showdown(POLAND)
    seat = live.hand.show_queue[0]
    result = live.record(HandMucked(seat=seat, identifiable=True))
    assert result.ruling is not None
    assert result.ruling.key == "muck-retrieved"
    assert str(result.ruling.rule) == "poland-pzp §43.5"
    assert seat in live.hand.show_queue  # taken back: it is still to be shown
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §43.5")
def test_poland_43_5_an_unidentifiable_all_in_hand_mucked_is_dead() -> None:
    live = all_in_showdown(POLAND)
    seat = live.hand.show_queue[0]
    live.record(HandMucked(seat=seat, identifiable=False))
    assert seat not in live.hand.live
    made = list(live.state.made.values())[-1]
    assert made.alternatives == ()  # nothing the floor could take back
    assert cited(live) == "poland-pzp §43.5"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §45.2", "poland-pzp §45.3")
def test_poland_45_2_outside_an_all_in_a_mucked_hand_is_not_given_back() -> None:
    live = river_showdown(POLAND)
    live.act(Show())
    live.record(HandMucked(seat=1, identifiable=True))
    assert 1 not in live.hand.live
    assert cited(live) == "poland-pzp §45.2"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §1.4")
def test_poland_1_4_the_dealers_report_is_in_the_hands_record_and_its_history() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    seat = live.hand.actor
    assert seat is not None
    live.record(DeviceUsed(seat=seat))
    made = next(iter(live.state.made.values()))
    assert made.report == DeviceUsed(seat=seat)
    text = dumps(export_live_hand(live))
    assert "poland-pzp §15.7a" in text
    assert f"# r1 dead: seat {seat} used a device" in text  # a comment of the PHH record


@pytest.mark.rules("poland-pzp §44.3", "poland-pzp §45.1", "poland-pzp §49.3", "poland-pzp §48.2b")
def test_poland_44_3_cards_released_past_the_line_fold_the_hand() -> None:
    """The dealer records cards released face down past the line (or thrown forward) as the
    fold they are; out of turn the fold binds at once (§44.4)."""
    live, _ = dealt_table(4, profile=POLAND)
    seat = live.hand.actor
    assert seat is not None
    live.act(Fold())
    assert live.hand.folded[seat]
    assert seat not in live.hand.live
    later = next(s for s in live.hand.live if s != live.hand.actor)
    result = live.record(ActionOutOfTurn(seat=later, action=Fold()))
    assert later not in live.hand.live
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §44.4"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §44.3", "poland-pzp §49.3")
def test_poland_44_3_in_an_all_in_showdown_cards_released_are_no_fold() -> None:
    live = all_in_showdown(POLAND)
    seat = live.hand.show_queue[0]
    live.record(HandMucked(seat=seat, identifiable=True))
    assert seat in live.hand.live  # taken back: released cards fold nothing here


@pytest.mark.rules("poland-pzp §40.1", "poland-pzp §47.1")
def test_poland_T39_one_card_shown_is_no_show_both_must_be_tabled() -> None:
    live = river_showdown(POLAND)
    first = live.hand.holes[0][0]
    assert first is not None
    with pytest.raises(MalformedInputError, match="do not match"):
        live.act(Show(cards=(first,)))
    live.act(Show())
    assert live.hand.shown[0]


@pytest.mark.rules("poland-pzp §28.2", "poland-pzp §28.1")
def test_poland_T30_an_uncalled_raise_mucked_by_the_dealer_is_refunded_above_the_call() -> None:
    """B bets 400, A raises to 1,200 and nobody calls; the dealer mucks A's hand: A gets back
    the 800 nobody called (decision 13: the raise above the call), his called 400 stays."""
    live, _ = dealt_table(6, profile=POLAND)
    live.act(Raise(400))
    raiser = live.hand.actor
    assert raiser is not None
    live.act(Raise(1200))
    result = live.record(DealerKilledHand(seat=raiser, identifiable=False))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §28.2"
    assert raiser not in live.hand.live
    assert live.hand.stacks[raiser] == 10_000 - 400
    assert live.hand.paid[raiser] == 400
    assert_conserved(live)
