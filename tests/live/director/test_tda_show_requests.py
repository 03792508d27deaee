"""Asking to see a hand at showdown (TDA R18-A, R18-B; RedCactus 18): who has lost the right,
the caller's right to see the last aggressor ("paid to see"), and the director's discretion
for every other request (ADD-18 examples: T6, T7)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved
from tests.live.showdown_requests import to_river

from floorman.engine import Call, Check, Fold, Muck, Phase, Raise, Show
from floorman.engine.events import CardsExposed, Shown
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.director.show_requests import ShowRequested
from floorman.live.live_events import RulingMade
from floorman.live.live_hand import LiveHand


def t7(profile: str = "tda-2022") -> LiveHand:
    """T7: A (0) bets 1000, B (1) calls, C (2) raises to 5000, D (3), A and B call; C mucks
    face down, D mucks unshown; A and B still hold their cards."""
    river = [Raise(1000), Call(), Raise(5000), Call(), Call(), Call()]
    live = to_river(profile, ["Ah Kh", "Qh Qd", "Jc Js", "8c 8d"], river)
    assert live.hand.show_queue[0] == 2  # the last aggressor shows first (R17-A)
    live.act(Muck())
    live.act(Muck())
    return live


def made(live: LiveHand) -> RulingMade:
    last = [e for e in live.history if isinstance(e, RulingMade)][-1]
    return last


@pytest.mark.rules("tda-2022 R18-B", "redcactus 18")
@pytest.mark.parametrize(("profile", "rule"), [("tda-2022", "R18-B"), ("redcactus", "18")])
def test_scenario_T7_callers_holding_cards_see_the_last_aggressors_hand(
    profile: str, rule: str
) -> None:
    live = t7(profile)
    result = live.record(ShowRequested(by=0, seat=2))
    assert result.pending is None
    assert result.ruling is not None
    assert str(result.ruling.rule) == f"{profile} {rule}"
    exposed = [e for e in result.events if isinstance(e, CardsExposed)]
    assert [(e.seat, len(e.cards)) for e in exposed] == [(2, 2)]
    assert 2 not in live.hand.live  # shown on request, his mucked hand stays dead
    live.act(Show())
    live.act(Show())
    assert live.hand.is_over
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R18-A", "redcactus 18")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_T7_a_caller_who_mucked_has_lost_the_right(profile: str) -> None:
    live = t7(profile)
    history = list(live.history)
    with pytest.raises(IllegalActionError) as refused:
        live.record(ShowRequested(by=3, seat=2))
    assert refused.value.ruling.key == "no-right-to-see"
    assert live.history == history


@pytest.mark.rules("tda-2022 R18-B", "tda-2022 R1")
def test_scenario_T7_seeing_another_callers_hand_is_the_directors() -> None:
    live = t7()
    result = live.record(ShowRequested(by=1, seat=0))
    pending = result.pending
    assert pending is not None
    assert pending.options == ("show", "refuse")
    assert [str(r) for r in pending.rules] == ["tda-2022 R18-B", "tda-2022 R1"]
    with pytest.raises(IllegalActionError):
        live.act(Show())  # play waits for the director
    shown = live.resolve(pending.id, "show", by="TD", reason="suspected soft play")
    assert [e.seat for e in shown.events if isinstance(e, Shown)] == [0]
    assert live.hand.show_queue == [1]
    assert_conserved(live)


def t6() -> LiveHand:
    """T6: three players check the river; A (0) mucks unshown, B (1) tables trips, C (2) mucks
    face down; the pot is B's."""
    live = to_river("tda-2022", ["Ah Kh", "Qh Qd", "Jc Js"], [Check(), Check(), Check()])
    live.act(Muck())
    live.act(Show())
    live.act(Muck())
    assert live.hand.is_over
    return live


@pytest.mark.rules("tda-2022 R18-B")
def test_scenario_T6_with_no_bet_on_the_river_the_request_is_the_directors() -> None:
    live = t6()
    stacks = list(live.hand.stacks)
    result = live.record(ShowRequested(by=1, seat=2))  # after the award
    assert result.pending is not None
    refused = live.resolve(result.pending.id, "refuse", by="TD", reason="no bet to see")
    assert not [e for e in refused.events if isinstance(e, CardsExposed)]
    assert live.hand.stacks == stacks
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R18-B")
def test_scenario_T6_the_director_may_let_the_hand_be_seen_after_the_award() -> None:
    live = t6()
    stacks = list(live.hand.stacks)
    pending = live.record(ShowRequested(by=1, seat=2)).pending
    assert pending is not None
    granted = live.resolve(pending.id, "show", by="TD", reason="fair to see")
    assert [e.seat for e in granted.events if isinstance(e, CardsExposed)] == [2]
    assert live.hand.stacks == stacks  # the award stands
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R18-A")
@pytest.mark.parametrize("asker", [0, 2])
def test_scenario_T6_players_who_mucked_unshown_may_not_ask(asker: int) -> None:
    live = t6()
    with pytest.raises(IllegalActionError) as refused:
        live.record(ShowRequested(by=asker, seat=2 - asker))
    assert str(refused.value.ruling.rule) == "tda-2022 R18-A"


@pytest.mark.rules("tda-2022 R18-A")
def test_a_player_out_before_the_showdown_has_no_hand_to_ask_with() -> None:
    live = to_river("tda-2022", ["Ah Kh", "Qh Qd", "Jc Js"], [Raise(1000), Fold(), Call()])
    assert live.hand.phase is Phase.SHOW
    with pytest.raises(MalformedInputError) as refused:
        live.record(ShowRequested(by=1, seat=0))
    assert refused.value.constraint == "seat"


def test_a_request_needs_a_showdown_and_the_cards_it_turns_up() -> None:
    live = to_river("tda-2022", ["Ah Kh", "Qh Qd", "Jc Js"], [])
    with pytest.raises(MalformedInputError) as early:
        live.record(ShowRequested(by=1, seat=0))
    assert early.value.constraint == "phase"
    shown = t7()
    with pytest.raises(MalformedInputError) as wrong:
        shown.record(ShowRequested(by=0, seat=2, cards=(0, 1)))
    assert wrong.value.constraint == "shown-cards"
