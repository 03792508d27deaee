"""The director overrides a settled action out of turn (TDA R1 with R53): the hand is rebuilt
from its history with the settlement changed, later actions replayed where they still fit, the
rest referred to him."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory
from tests.live.irregularities.test_out_of_turn import flop_table
from tests.live.live_tables import assert_conserved

from floorman.engine import Call, Check, Fold, Raise
from floorman.engine.events import HandVoided
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live.director import out_of_turn_override as override
from floorman.live.live_events import OutOfTurnOverridden
from floorman.live.live_hand import LiveHand


def bound_raise_then_calls() -> LiveHand:
    """T45: seat 3 bets 300, seat 4 folds, seat 6 raises to 800 out of turn, seat 5 calls (the
    raise binds), seats 0, 1 and 2 call 800."""
    live = flop_table()
    live.act(Raise(300))
    live.act(Fold())
    live.act(Raise(800), seat=6)
    live.act(Call())
    for _ in range(3):
        live.act(Call())
    return live


def only(live: LiveHand) -> override.SettledOutOfTurn:
    (settled,) = override.settled(live.history)
    return settled


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_scenario_T45_the_director_rules_a_bound_raise_not_binding_and_the_calls_replay() -> None:
    live = bound_raise_then_calls()
    target = only(live)
    assert target.bound
    assert target.seat == 6
    before = live.hand.stacks[6]
    result = override.release(live, target.at, Call(), by="TD Ann", reason="misled by the dealer")
    assert result.ruling is not None
    assert result.ruling.key == "out-of-turn-overridden"
    event = result.events[0]
    assert isinstance(event, OutOfTurnOverridden)
    assert [str(r) for r in event.rules] == ["tda-2022 R1", "tda-2022 R53-A"]
    assert live.hand.stacks[6] == before + 500  # his raise back, a call of 300 instead
    assert live.hand.street == 2  # the calls replayed as calls of 300: the flop's round ended
    assert result.pending is None  # everything recorded still fitted
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_scenario_T45_the_director_binds_a_released_call_at_the_bet_he_now_faces() -> None:
    """Seat 6 calls 300 out of turn; seat 5 raises to 1000: released, seat 6 folds in turn.
    The director binds the call: he calls 1000, and his fold is replaced."""
    live = flop_table()
    live.act(Raise(300))
    live.act(Fold())
    live.act(Call(), seat=6)
    live.act(Raise(1000))
    live.act(Fold())  # seat 6, released
    live.act(Call())  # seat 0
    target = only(live)
    assert not target.bound
    override.bind(live, target.at, by="TD Ann", reason="he knew the raise was coming")
    assert 6 in live.hand.live
    assert live.hand.bets[6] == 1000
    assert live.hand.bets[0] == 1000  # seat 0's call replays after it
    assert live.hand.actor == 1
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_scenario_T46_a_released_check_cannot_be_bound_facing_a_bet() -> None:
    live = flop_table()
    live.act(Check(), seat=5)
    live.act(Raise(300))  # seat 3 bets: seat 5's check is released
    live.act(Fold())
    live.act(Call())  # seat 5 calls in turn
    target = only(live)
    history = list(live.history)
    with pytest.raises(IllegalActionError):
        override.bind(live, target.at, by="TD", reason="r")
    assert live.history == history  # refused before any change


@pytest.mark.rules("tda-2022 R53-B", "tda-2022 R1")
def test_scenario_T47_a_call_bound_by_substantial_action_is_released_by_the_director() -> None:
    live = flop_table(blinds=(100, 200))
    live.act(Raise(600))
    live.act(Call(), seat=5)
    pending = live.act(Fold(), seat=6).pending
    assert pending is not None
    live.resolve(pending.id, "passive", by="TD", reason="he may still call")
    live.act(Call())  # seat 4; seat 5's call is bound (R53-B)
    target = only(live)
    assert target.bound
    assert target.seat == 5
    override.release(live, target.at, Fold(), by="TD", reason="the call was a misunderstanding")
    assert 5 not in live.hand.live
    assert live.hand.bets[5] == 0
    assert live.hand.actor == 0
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_actions_that_no_longer_fit_go_to_the_director_who_may_void_the_hand() -> None:
    """Released with a fold, seat 6's later bet and the calls after the round closed no
    longer fit: play waits; voiding the hand gives every chip back."""
    live = flop_table()
    live.act(Raise(300))
    live.act(Fold())
    live.act(Raise(800), seat=6)
    live.act(Call())  # seat 5: the raise binds
    for _ in range(3):
        live.act(Fold())  # seats 0, 1, 2
    live.act(Call())  # seat 3
    target = only(live)
    result = override.release(live, target.at, Fold(), by="TD", reason="not his turn")
    assert result.pending is not None
    assert "seat 3 call" in result.pending.question
    assert set(result.pending.options) == {"void-actions", "void"}
    with pytest.raises(IllegalActionError):
        live.act(Check())
    live.resolve(result.pending.id, "void", by="TD", reason="too tangled to repair")
    assert any(isinstance(e, HandVoided) for e in live.hand.events)
    assert live.hand.stacks == list(live.config.stacks)
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1")
def test_tda_r1_an_override_needs_an_offered_choice_a_name_and_a_reason() -> None:
    live = bound_raise_then_calls()
    target = only(live)
    with pytest.raises(MalformedInputError) as no_reason:
        override.release(live, target.at, Call(), by="TD", reason=" ")
    assert no_reason.value.constraint == "director-reason"
    with pytest.raises(MalformedInputError) as not_offered:
        override.bind(live, target.at, by="TD", reason="already bound")
    assert not_offered.value.constraint == "director-option"
    with pytest.raises(MalformedInputError) as nowhere:
        override.bind(live, 3, by="TD", reason="r")
    assert nowhere.value.constraint == "out-of-turn-settled"


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_the_phh_export_of_an_overridden_hand_carries_the_override_and_pokerkit_reads_it() -> None:
    live = bound_raise_then_calls()
    override.release(live, only(live).at, Call(), by="TD Ann", reason="misled by the dealer")
    text = dumps(export_live_hand(live))
    assert "out of turn overridden by TD Ann" in text
    assert "(tda-2022 R1, tda-2022 R53-A)" in text
    ours = HandHistory.loads(text)
    *_, final = ours
    assert sum(final.stacks) + sum(final.bets) + final.total_pot_amount == sum(
        s or 0 for s in live.config.stacks
    )
    assert sorted(final.stacks) == sorted(live.hand.stacks)


@settings(max_examples=25, deadline=None)
@given(
    instead=st.sampled_from(["fold", "call", "raise"]),
    later=st.lists(st.sampled_from(["fold", "call", "raise"]), max_size=6),
)
def test_an_override_then_a_replay_gives_the_rebuilt_hand(instead: str, later: list[str]) -> None:
    """Whatever followed, the override is deterministic, and folding its history again gives
    the same hand: the history stays the record."""
    live = flop_table()
    live.act(Raise(300))
    live.act(Raise(800), seat=6)
    live.act(Call())  # seat 4
    live.act(Call())  # seat 5: seat 6's raise binds
    for word in later:
        if live.hand.is_over or live.hand.actor is None:
            break
        live.act(_action(live, word))
    target = only(live)
    chosen = _action(LiveHand.from_events(live.config, live.history[: target.at]), instead)
    first = override.rebuilt(
        live.config, live.history, target.at, instead=chosen, by="TD", reason="r"
    )
    second = override.rebuilt(
        live.config, live.history, target.at, instead=chosen, by="TD", reason="r"
    )
    assert first.history == second.history
    again = LiveHand.from_events(first.config, first.history)
    assert again.hand.stacks == first.hand.stacks
    assert again.hand.bets == first.hand.bets
    assert again.hand.actor == first.hand.actor
    assert again.pending == first.pending
    assert_conserved(first)


def _action(live: LiveHand, word: str) -> Fold | Call | Check | Raise:
    options = live.hand.legal_options()
    if word == "raise" and options.min_to is not None:
        return Raise(options.min_to)
    if word == "fold" and not options.check:
        return Fold()
    return Check() if options.check else Call()
