"""Belarus once the pot is awarded: the last player left with a wrong card count loses the pot
(6.3.9, decision 18), chips found after an all-in are the chief judge's (2.1.6), and a winning
hand the dealer mucks after it was shown is given back its pot (7.3.1)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import cards, config
from tests.live.showdown_tables import all_in_heads_up, raised_and_folded, river_showdown

from floorman.engine import Call, DealHole, Fold, Raise, Show
from floorman.errors import MalformedInputError
from floorman.live import finished_hand
from floorman.live.irregularities.reports import DealerKilledHand, WrongCardCount
from floorman.live.irregularities.table_reports import ChipsFound
from floorman.live.live_hand import LiveHand

BELARUS = "belarus-sport"


@pytest.mark.rules("belarus-sport 6.3.9")
def test_belarus_6_3_9_the_last_player_left_with_a_wrong_count_loses_the_pot() -> None:
    live = raised_and_folded()
    result = finished_hand.record(live, WrongCardCount(seat=2, held=3))
    assert result.ruling is not None
    assert result.ruling.key == "lone-wrong-count"
    assert str(result.ruling.rule) == "belarus-sport 6.3.9"
    # the blinds get their 50 and 100 back and share his 100: 50 each
    assert live.hand.stacks == [10_050, 10_050, 9900]
    assert sum(live.hand.stacks) == 30_000
    again = LiveHand.from_events(live.config, live.history)
    assert again.hand.stacks == live.hand.stacks


@pytest.mark.rules("belarus-sport 6.3.9", "belarus-sport 5.9.3")
def test_belarus_6_3_9_odd_chips_of_the_split_go_from_the_buttons_left() -> None:
    live = LiveHand(config((10_000,) * 4, button=3, profile=BELARUS))
    for seat, hole in ((0, "2c 3c"), (1, "4d 5d"), (2, "6h 7h"), (3, "Ah Kh")):
        live.act(DealHole(seat, cards(hole)))
    live.act(Call())  # seat 2 calls the big blind
    live.act(Raise(350))  # the button raises
    for _ in range(3):
        live.act(Fold())
    # his 100 matched is split among seats 0 (50 in), 1 (100 in) and 2 (100 in): 34, 33, 33
    finished_hand.record(live, WrongCardCount(seat=3, held=1))
    assert live.hand.stacks == [10_000 - 50 + 50 + 34, 10_000 + 33, 10_000 + 33, 9900]


def test_the_lone_wrong_count_is_the_last_player_left() -> None:
    live = river_showdown(BELARUS)
    for _ in range(3):
        live.act(Show())
    with pytest.raises(MalformedInputError, match="last player left"):
        finished_hand.record(live, WrongCardCount(seat=0, held=3))


@pytest.mark.rules("belarus-sport 2.1.6")
def test_belarus_2_1_6_chips_found_after_an_all_in_are_the_chief_judges() -> None:
    live = all_in_heads_up(3000, 10_000, a_wins=False, profile=BELARUS)
    result = finished_hand.record(live, ChipsFound(seat=0, amount=1000))
    assert result.ruling is not None
    assert result.ruling.key == "found-chips-director"
    assert str(result.ruling.rule) == "belarus-sport 2.1.6"
    pending = live.pending[0]
    assert pending.options == ("committed", "to-winner", "removed")
    live.resolve(pending.id, "committed", by="chief judge", reason="part of his all-in")
    assert live.hand.stacks == [0, 14_000]
    again = LiveHand.from_events(live.config, live.history)
    assert again.hand.stacks == live.hand.stacks


@pytest.mark.rules("belarus-sport 2.1.6")
def test_belarus_2_1_6_the_chief_judge_may_take_found_chips_out_of_play() -> None:
    live = all_in_heads_up(3000, 10_000, a_wins=True, profile=BELARUS)
    finished_hand.record(live, ChipsFound(seat=0, amount=1000))
    assert live.pending[0].options == ("kept", "removed")
    live.resolve(live.pending[0].id, "removed", by="chief judge", reason="hidden on purpose")
    assert live.hand.stacks == [6000, 7000]


@pytest.mark.rules("belarus-sport 7.3.1")
def test_belarus_7_3_1_a_shown_winner_the_dealer_mucks_keeps_his_claim() -> None:
    live = river_showdown(BELARUS)
    live.act(Show())
    result = live.record(DealerKilledHand(seat=0, identifiable=False))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 7.3.1"
    assert 0 in live.hand.live
