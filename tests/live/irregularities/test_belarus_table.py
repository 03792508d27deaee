"""Belarus at a live table: a phone used at the table (7.1.13), the showdown's irregularities
(5.9.2: a hand shown out of turn obliges nobody, a hand mucked unseen is conceded), the chief
judge declaring a hand dead (7.3.1). Where Poland rules otherwise, the test says so."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, card, dealt_table, limp_to_flop
from tests.live.showdown_tables import all_in_showdown, river_showdown
from tests.live.stud_tables import stud_hand

from floorman.engine import Muck, Show
from floorman.live.irregularities.reports import CardExposed, DeckDefect, DeckDefective
from floorman.live.irregularities.table_reports import (
    DeviceUsed,
    HandDeclaredDead,
    HandMucked,
    ShownOutOfTurn,
)
from floorman.live.live_hand import LiveHand

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


@pytest.mark.rules("belarus-sport 6.1.3")
def test_belarus_6_1_3_a_damaged_card_face_up_on_the_board_lets_the_hand_play_out() -> None:
    live, deck = dealt_table(3, profile=BELARUS)
    limp_to_flop(live, deck)
    flop_card = live.hand.board[0]
    assert flop_card is not None
    result = live.record(DeckDefective(defect=DeckDefect.DAMAGED, cards=(flop_card,)))
    assert result.ruling is not None
    assert result.ruling.key == "damaged-face-up"
    assert str(result.ruling.rule) == "belarus-sport 6.1.3"
    assert not live.pending
    assert not live.state.voided
    hidden = live.hand.holes[0][0]
    assert hidden is not None
    live.record(DeckDefective(defect=DeckDefect.DAMAGED, cards=(hidden,)))
    assert live.pending  # a damaged hole card: the chief judge decides (6.2.4)
    assert_conserved(live)


def stud_deal(profile: str = BELARUS) -> LiveHand:
    return stud_hand((1000, 1000, 1000), ("2c Ks Qs", "Ah Kh 3d", "Ad Kd Jd"), profile=profile)


@pytest.mark.rules("belarus-sport 6.5.2", "belarus-sport 6.5.1")
def test_belarus_6_5_2_a_second_card_dealt_up_is_burned_and_the_hand_goes_on() -> None:
    live = stud_deal()
    live.record(CardExposed(seat=0, card=card("2c"), by_dealer=True, position=1))
    assert live.hand.up[0] == [True, False, False]  # 6.5.1: it stays up, the third goes down
    result = live.record(
        CardExposed(seat=0, card=card("Ks"), by_dealer=True, position=4, replacement=card("9h"))
    )
    assert result.ruling is not None
    assert result.ruling.key == "stud-second-up-burned"
    assert str(result.ruling.rule) == "belarus-sport 6.5.2"
    assert not live.state.voided  # 6.3.6's misdeal is not called in stud (decision 17)
    assert live.hand.holes[0] == [card("2c"), card("9h"), card("Qs")]
    assert card("Ks") in live.hand.burns
    assert_conserved(live)


def test_a_second_card_dealt_up_in_stud_is_a_misdeal_under_the_tda() -> None:
    live = stud_deal("tda-2022")
    live.record(CardExposed(seat=0, card=card("2c"), by_dealer=True, position=1))
    live.record(CardExposed(seat=0, card=card("Ks"), by_dealer=True, position=4))
    assert live.state.voided
