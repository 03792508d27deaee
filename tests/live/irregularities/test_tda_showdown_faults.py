"""TDA and RedCactus showdown faults and chips found after an all-in, ruled by the live table's
shared mechanisms (floorman.live.director.table_rulings, irregularities, after_award): a mucked hand
taken back while identifiable (R14; RedCactus 14) or dead (R13-B; 13), a tabled hand the dealer
may not kill (R13-C; 13), stud up cards picked up in turn (R66), chips found after a called
all-in left to the director (R62; 62)."""

from __future__ import annotations

import pytest
from tests.live.all_in_tables import called_all_in
from tests.live.live_tables import assert_conserved
from tests.live.showdown_tables import river_showdown
from tests.live.stud_tables import stud_hand

from floorman.engine import BringIn, Show
from floorman.live import finished_hand
from floorman.live.irregularities.reports import DealerKilledHand
from floorman.live.irregularities.table_reports import (
    ChipsFound,
    DeadHandCause,
    HandDeclaredDead,
    HandMucked,
)
from floorman.live.live_events import RulingMade
from floorman.live.live_hand import LiveHand

BOOKS = [("tda-2022", "R14", "R13-B", "R13-C", "R62"), ("redcactus", "14", "13", "13", "62")]


def cited(live: LiveHand) -> str:
    made = [e for e in live.history if isinstance(e, RulingMade)][-1]
    return str(made.ruling.rule)


@pytest.mark.rules("tda-2022 R14", "redcactus 14")
@pytest.mark.parametrize(("profile", "r14", "_", "__", "___"), BOOKS)
def test_a_hand_pushed_away_unshown_but_identifiable_is_taken_back_and_can_win(
    profile: str, r14: str, _: str, __: str, ___: str
) -> None:
    live = river_showdown(profile)
    live.act(Show())
    live.record(HandMucked(seat=1, identifiable=True))
    assert cited(live) == f"{profile} {r14}"
    assert 1 in live.hand.show_queue  # he may still table it
    live.act(Show())
    live.act(Show())
    assert live.hand.is_over
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R13-B", "redcactus 13")
@pytest.mark.parametrize(("profile", "_", "r13b", "__", "___"), BOOKS)
def test_a_hand_mucked_unread_and_unrecoverable_has_no_claim(
    profile: str, _: str, r13b: str, __: str, ___: str
) -> None:
    live = river_showdown(profile)
    live.act(Show())
    live.record(HandMucked(seat=1, identifiable=False))
    assert 1 not in live.hand.live
    assert cited(live) == f"{profile} {r13b}"
    assert [m.alternatives for m in live.state.made.values()][-1] == ()
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R13-C", "redcactus 13")
@pytest.mark.parametrize(("profile", "_", "__", "r13c", "___"), BOOKS)
def test_the_dealer_may_not_kill_a_tabled_hand(
    profile: str, _: str, __: str, r13c: str, ___: str
) -> None:
    live = river_showdown(profile)
    live.act(Show())
    result = live.record(DealerKilledHand(seat=0, identifiable=False))
    assert result.ruling is not None
    assert result.ruling.key == "tabled-hand-live"
    assert str(result.ruling.rule) == f"{profile} {r13c}"
    assert 0 in live.hand.live
    assert_conserved(live)


def stud() -> LiveHand:
    return stud_hand((1000, 1000, 1000), ("2c Ks Qs", "Ah Kh 3d", "Ad Kd Jd"), profile="tda-2022")


@pytest.mark.rules("tda-2022 R66")
def test_tda_r66_stud_up_cards_picked_up_in_turn_kill_the_hand() -> None:
    live = stud()
    live.act(BringIn())
    seat = live.hand.actor
    assert seat is not None
    live.record(HandDeclaredDead(seat=seat, cause=DeadHandCause.UP_CARDS_TURNED))
    assert seat not in live.hand.live
    assert cited(live) == "tda-2022 R66"
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R62", "redcactus 62")
@pytest.mark.parametrize(("profile", "_", "__", "___", "r62"), BOOKS)
def test_chips_found_after_a_called_all_in_are_the_directors_to_rule_on(
    profile: str, _: str, __: str, ___: str, r62: str
) -> None:
    live = called_all_in((21_000, 100_000), all_in_wins=False, profile=profile)
    assert live.hand.stacks == [0, 121_000]
    result = finished_hand.record(live, ChipsFound(seat=0, amount=2000))
    pending = live.pending[0]
    assert result.ruling is not None
    assert str(result.ruling.rule) == f"{profile} {r62}"
    assert set(pending.options) == {"committed", "to-winner", "removed"}
    live.resolve(pending.id, "removed", by="TD", reason="not part of the all-in")
    assert live.hand.stacks == [0, 121_000]  # he is out, the chips leave play


@pytest.mark.rules("tda-2022 R62")
def test_tda_r62_the_director_may_give_the_found_chips_to_the_winner() -> None:
    live = called_all_in((21_000, 100_000), all_in_wins=False, profile="tda-2022")
    finished_hand.record(live, ChipsFound(seat=0, amount=2000))
    live.resolve(live.pending[0].id, "to-winner", by="TD", reason="B should have them")
    assert live.hand.stacks == [0, 123_000]


@pytest.mark.rules("tda-2022 R62")
def test_tda_r62_a_winner_keeps_chips_nobody_called() -> None:
    live = called_all_in((21_000, 100_000), all_in_wins=True, profile="tda-2022")
    assert live.hand.stacks == [42_000, 79_000]
    finished_hand.record(live, ChipsFound(seat=0, amount=2000))
    assert set(live.pending[0].options) == {"kept", "removed"}
    live.resolve(live.pending[0].id, "kept", by="TD", reason="his own chips")
    assert live.hand.stacks == [44_000, 79_000]
