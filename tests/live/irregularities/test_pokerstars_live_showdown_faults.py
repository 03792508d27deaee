"""PokerStars Live showdown faults and hidden chips: mucked cards retrieved only in an all-in
showdown (5.2), a muck in turn concedes (5.3.1), a tabled hand the dealer may not kill (3.9.1),
a refusal to table (5.4.2), and an all-in that binds hidden chips without paying them (4.16,
S-25, S-26)."""

from __future__ import annotations

import pytest
from tests.live.all_in_tables import called_all_in
from tests.live.live_tables import assert_conserved
from tests.live.showdown_tables import all_in_showdown, river_showdown

from floorman.engine import Show
from floorman.live import finished_hand
from floorman.live.director.discretion import show_refused
from floorman.live.irregularities.reports import DealerKilledHand
from floorman.live.irregularities.table_reports import ChipsFound, HandMucked
from floorman.live.live_events import RulingMade
from floorman.live.live_hand import LiveHand

PSL = "pokerstars-live"


def cited(live: LiveHand) -> str:
    made = [e for e in live.history if isinstance(e, RulingMade)][-1]
    return str(made.ruling.rule)


@pytest.mark.rules("pokerstars-live 5.2")
def test_pokerstars_live_5_2_an_identifiable_all_in_hand_mucked_is_retrieved() -> None:
    live = all_in_showdown(PSL)
    seat = live.hand.show_queue[0]
    live.record(HandMucked(seat=seat, identifiable=True))
    assert seat in live.hand.show_queue
    assert cited(live) == "pokerstars-live 5.2"
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 5.3.1")
def test_pokerstars_live_5_3_1_outside_an_all_in_a_muck_gives_up_the_pot() -> None:
    live = river_showdown(PSL)
    live.act(Show())
    live.record(HandMucked(seat=1, identifiable=True))
    assert 1 not in live.hand.live
    assert cited(live) == "pokerstars-live 5.3.1"
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 3.9.1")
def test_pokerstars_live_3_9_1_a_tabled_hand_cannot_be_killed() -> None:
    live = river_showdown(PSL)
    live.act(Show())
    result = live.record(DealerKilledHand(seat=0, identifiable=False))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "pokerstars-live 3.9.1"
    assert 0 in live.hand.live
    live.act(Show())
    live.act(Show())
    assert live.hand.is_over


@pytest.mark.rules("pokerstars-live 5.4.2", "pokerstars-live 5.3.2")
def test_pokerstars_live_s30_a_refusal_to_table_is_ordered_show_or_fold() -> None:
    live = river_showdown(PSL)
    result = show_refused(live, 0)
    assert result.pending is not None
    assert str(result.pending.rules[0]) == "pokerstars-live 5.4.2"
    live.resolve(result.pending.id, "dead", by="floor", reason="the countdown ran out")
    assert 0 not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 4.16", "pokerstars-live 4.16.1")
@pytest.mark.parametrize(
    ("all_in_wins", "stacks"), [(True, [44_000, 79_000]), (False, [0, 123_000])]
)
def test_pokerstars_live_s25_hidden_chips_are_lost_never_won(
    all_in_wins: bool, stacks: list[int]
) -> None:
    live = called_all_in((21_000, 100_000), all_in_wins=all_in_wins, profile=PSL)
    result = finished_hand.record(live, ChipsFound(seat=0, amount=2000))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "pokerstars-live 4.16"
    assert live.pending == ()  # no director: the rule decides
    assert live.hand.stacks == stacks


@pytest.mark.rules("pokerstars-live 4.16", "pokerstars-live 4.16.2")
@pytest.mark.parametrize(
    ("all_in_wins", "stacks"), [(True, [110_000, 5000]), (False, [5000, 110_000])]
)
def test_pokerstars_live_s26_the_caller_wins_only_what_he_covered(
    all_in_wins: bool, stacks: list[int]
) -> None:
    live = called_all_in((50_000, 55_000), all_in_wins=all_in_wins, profile=PSL)
    finished_hand.record(live, ChipsFound(seat=0, amount=10_000))
    assert live.hand.stacks == stacks  # A13: B doubles his 55,000; A keeps 5,000
