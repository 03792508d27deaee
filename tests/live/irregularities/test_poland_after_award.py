"""Poland once the pot is awarded, or about to be: chips found after an all-in (§43.2, T33) and
a tabled winning hand the dealer kills by mistake (§29.1)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import card, cards, config
from tests.live.showdown_tables import all_in_heads_up, river_showdown

from floorman.engine import DealHole, Fold, Raise, Show
from floorman.errors import MalformedInputError
from floorman.live import finished_hand
from floorman.live.irregularities.reports import DealerKilledHand, WrongCardCount
from floorman.live.irregularities.table_reports import ChipsFound
from floorman.live.live_hand import LiveHand

POLAND = "poland-pzp"


@pytest.mark.rules("poland-pzp §43.2")
def test_poland_T33_found_chips_go_to_a_winner_who_covered_them() -> None:
    live = all_in_heads_up(3000, 10_000, a_wins=False)
    assert live.hand.stacks == [0, 13_000]
    result = finished_hand.record(live, ChipsFound(seat=0, amount=1000))
    assert result.ruling is not None
    assert result.ruling.key == "found-chips-committed"
    assert str(result.ruling.rule) == "poland-pzp §43.2"
    assert live.hand.stacks == [0, 14_000]  # A is out: B covered the 1,000
    again = LiveHand.from_events(live.config, live.history)
    assert again.hand.stacks == live.hand.stacks


@pytest.mark.rules("poland-pzp §43.2")
def test_poland_T33_a_short_winner_takes_only_what_he_covered() -> None:
    live = all_in_heads_up(3000, 3500, a_wins=False)
    assert live.hand.stacks == [0, 6500]
    finished_hand.record(live, ChipsFound(seat=0, amount=1000))
    assert live.hand.stacks == [500, 7000]  # B had 500 behind: A survives with 500


@pytest.mark.rules("poland-pzp §43.2", "poland-pzp P.2")
def test_poland_43_2_found_chips_win_nothing_from_a_caller_who_never_saw_them() -> None:
    live = all_in_heads_up(3000, 10_000, a_wins=True)
    assert live.hand.stacks == [6000, 7000]
    result = finished_hand.record(live, ChipsFound(seat=0, amount=1000))
    assert result.ruling is not None
    assert result.ruling.key == "found-chips-kept"
    assert live.hand.stacks == [7000, 7000]


def test_found_chips_need_a_finished_all_in() -> None:
    live = all_in_heads_up(3000, 10_000, a_wins=False)
    with pytest.raises(MalformedInputError, match="not all-in"):
        finished_hand.record(live, ChipsFound(seat=1, amount=1000))
    with pytest.raises(MalformedInputError, match="not all-in"):
        finished_hand.record(live, ChipsFound(seat=0, amount=0))
    running = river_showdown(POLAND)
    with pytest.raises(MalformedInputError, match="pot was awarded"):
        finished_hand.record(running, ChipsFound(seat=0, amount=1000))
    with pytest.raises(MalformedInputError, match="once the pot is awarded"):
        running.record(ChipsFound(seat=0, amount=1000))


@pytest.mark.rules("poland-pzp §29.1", "poland-pzp §29.2")
def test_poland_29_1_a_tabled_hand_the_dealer_mucks_stays_live() -> None:
    live = river_showdown(POLAND)
    live.act(Show())  # seat 0 tables his hand
    result = live.record(DealerKilledHand(seat=0, identifiable=False))
    assert result.ruling is not None
    assert result.ruling.key == "tabled-hand-live"
    assert str(result.ruling.rule) == "poland-pzp §29.1"
    assert 0 in live.hand.live
    live.act(Show())
    live.act(Show())
    assert live.hand.is_over


@pytest.mark.rules("poland-pzp §48.2d")
def test_poland_the_last_player_left_with_a_wrong_count_keeps_the_pot_awarded() -> None:
    live = LiveHand(config((10_000,) * 3, button=2, profile=POLAND))
    for seat, hole in ((0, "2c 3c"), (1, "4d 5d"), (2, "Ah Kh")):
        live.act(DealHole(seat, cards(hole)))
    live.act(Raise(300))

    live.act(Fold())
    live.act(Fold())
    stacks = list(live.hand.stacks)
    result = finished_hand.record(live, WrongCardCount(seat=2, held=3))
    assert result.ruling is not None
    assert result.ruling.key == "award-stands"
    assert live.hand.stacks == stacks
    assert card("Ah") in live.hand.holes[2]
