"""PokerStars Live 5.5: a showdown player still holding cards may have any hand turned up, and
it counts as live and can win (digest S-31); mucking ends the right to ask."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved
from tests.live.showdown_requests import to_river

from floorman.engine import Call, Muck, Raise, Show
from floorman.engine.events import HandEnded, PotAwarded
from floorman.errors import IllegalActionError
from floorman.live.director.show_requests import ShowRequested
from floorman.live.live_hand import LiveHand

PSL = "pokerstars-live"


def mucked_winner() -> LiveHand:
    """Seat 0 bets the river, 1 and 2 call. Seat 0 shows ace-king, seat 1 mucks the best hand
    (queens, trips with the board's queen) unseen, seat 2 shows jacks and takes the pot."""
    live = to_river(PSL, ["Ah Kh", "Qh Qd", "Jc Js"], [Raise(1000), Call(), Call()])
    live.act(Show())
    live.act(Muck())
    live.act(Show())
    assert live.hand.is_over
    return live


@pytest.mark.rules("pokerstars-live 5.5")
def test_pokerstars_live_s31_a_hand_turned_up_on_request_is_live_and_wins() -> None:
    live = mucked_winner()
    before = list(live.hand.stacks)
    assert before[2] > before[1]  # the jacks took the pot
    result = live.record(ShowRequested(by=2, seat=1))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "pokerstars-live 5.5"
    assert live.hand.is_over
    awards = [e for e in live.hand.events if isinstance(e, PotAwarded)]
    assert {s for a in awards for s, chips in a.shares if chips} == {1}
    pot = sum(before) - 3 * (10_000 - 1100)  # what the three put in, the blinds included
    assert live.hand.stacks[1] == before[1] + pot
    assert isinstance(live.hand.events[-1], HandEnded)
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 5.5")
def test_pokerstars_live_5_5_a_hand_still_to_show_is_turned_up_when_asked() -> None:
    live = to_river(PSL, ["Ah Kh", "Qh Qd", "Jc Js"], [Raise(1000), Call(), Call()])
    live.act(Show())
    live.record(ShowRequested(by=0, seat=2))  # out of the show order: any showdown hand
    assert live.hand.shown[2]
    assert live.hand.show_queue == [1]
    assert_conserved(live)


@pytest.mark.rules("pokerstars-live 5.5")
def test_pokerstars_live_5_5_mucking_ends_the_right_to_ask() -> None:
    holes = ["Ah Kh", "Qh Qd", "Jc Js", "8c 8d"]
    live = to_river(PSL, holes, [Raise(1000), Call(), Call(), Call()])
    live.act(Show())
    live.act(Muck())
    live.act(Muck())
    live.act(Show())
    with pytest.raises(IllegalActionError) as refused:
        live.record(ShowRequested(by=1, seat=2))
    assert str(refused.value.ruling.rule) == "pokerstars-live 5.5"
    assert live.record(ShowRequested(by=3, seat=2)).ruling is not None
