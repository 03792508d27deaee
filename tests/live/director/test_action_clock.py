"""The action clock at a live table: who calls it, how long it runs by profile and level, its
expiry, and an action at the buzzer (TDA R29, Belarus 7.1.7 note, Poland §5, PokerStars Live
3.11)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.live_tables import assert_conserved, dealt_table

from floorman.engine import Call, Raise
from floorman.engine.events import Acted
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.director import action_clock
from floorman.live.director.action_clock import clock_length
from floorman.live.live_events import ClockCalled, ClockExpired
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES


def facing_a_bet(profile: str) -> tuple[LiveHand, int]:
    live, _ = dealt_table(3, profile=profile)
    live.act(Raise(300))  # the button raises; the small blind faces it
    seat = live.hand.actor
    assert seat is not None
    return live, seat


@pytest.mark.rules("tda-2022 R29", "belarus-sport 7.1.7-note", "poland-pzp §5.2")
@pytest.mark.parametrize(
    ("profile", "seconds", "countdown"),
    [("tda-2022", 25, 5), ("belarus-sport", 60, 10), ("poland-pzp", 50, 10)],
)
def test_clock_length_by_profile(profile: str, seconds: int, countdown: int) -> None:
    length = clock_length(PROFILES[profile], level_minutes=20)
    assert (length.seconds, length.countdown) == (seconds, countdown)


@pytest.mark.rules("pokerstars-live 3.11.1")
@pytest.mark.parametrize(("level", "total"), [(20, 30), (25, 30), (26, 60), (60, 60), (None, 60)])
def test_pokerstars_live_3_11_1_short_levels_have_a_30_second_clock(
    level: int | None, total: int
) -> None:
    length = clock_length(PROFILES["pokerstars-live"], level_minutes=level)
    assert length.total == total
    assert str(length.rule) == ("pokerstars-live 3.11.1" if total == 30 else "pokerstars-live 3.11")


@pytest.mark.rules("belarus-sport 7.1.7-note", "belarus-sport 4.9.1")
def test_belarus_7_1_7_note_a_minute_and_ten_seconds_then_the_hand_is_folded() -> None:
    live, seat = facing_a_bet("belarus-sport")
    result = action_clock.call(live, by="official", at=100.0)
    called = result.events[0]
    assert isinstance(called, ClockCalled)
    assert called.deadline == 170.0
    with pytest.raises(MalformedInputError):
        action_clock.expire(live, at=169.0)
    expired = action_clock.expire(live, at=170.0)
    assert isinstance(expired.events[0], ClockExpired)
    folded = [e for e in expired.events if isinstance(e, Acted)]
    assert folded[0].seat == seat
    assert folded[0].action == "fold"
    assert seat not in live.hand.live
    assert action_clock.running(live) is None
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.1.7-note")
def test_belarus_7_1_7_note_a_player_may_not_call_the_clock_himself() -> None:
    live, _ = facing_a_bet("belarus-sport")
    with pytest.raises(IllegalActionError) as refused:
        action_clock.call(live, by="player", at=0.0)
    assert str(refused.value.ruling.rule) == "belarus-sport 7.1.7-note"


@pytest.mark.rules("poland-pzp §5.1", "tda-2022 R29")
@pytest.mark.parametrize("profile", ["poland-pzp", "tda-2022"])
def test_poland_5_1_any_player_still_in_the_tournament_may_call_the_clock(profile: str) -> None:
    live, seat = facing_a_bet(profile)
    with pytest.raises(IllegalActionError):
        action_clock.call(live, by="player", at=5.0, in_tournament=False)
    result = action_clock.call(live, by="player", at=5.0)
    assert isinstance(result.events[0], ClockCalled)
    assert result.events[0].seat == seat
    with pytest.raises(IllegalActionError):  # once is enough
        action_clock.call(live, by="official", at=6.0)


@pytest.mark.rules("poland-pzp §5.4")
def test_poland_5_4_the_td_puts_a_slow_player_on_the_clock_himself() -> None:
    live, _ = facing_a_bet("poland-pzp")
    result = action_clock.call(live, by="official", at=0.0)
    called = result.events[0]
    assert isinstance(called, ClockCalled)
    assert called.deadline == 60.0  # the minute, the 10 s count inside it
    assert called in live.history


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_not_facing_a_bet_the_hand_is_checked() -> None:
    live, _ = dealt_table(3)
    live.act(Call())
    live.act(Call())  # the big blind may check
    action_clock.call(live, by="player", at=0.0)
    expired = action_clock.expire(live, at=30.0)
    acted = [e for e in expired.events if isinstance(e, Acted)]
    assert acted[0].action == "check"


def test_an_action_before_the_deadline_stops_the_clock() -> None:
    live, seat = facing_a_bet("tda-2022")
    action_clock.call(live, by="player", at=0.0)
    action_clock.act(live, Call(), at=29.9)
    assert live.hand.bets[seat] == 300
    assert action_clock.running(live) is None


@pytest.mark.rules("pokerstars-live 3.11.2")
def test_pokerstars_live_3_11_2_an_action_at_zero_counts_unless_the_floor_rules_it_late() -> None:
    live, seat = facing_a_bet("pokerstars-live")
    action_clock.call(live, by="player", at=0.0)
    result = action_clock.act(live, Call(), at=60.5)
    assert result.pending is not None
    assert result.pending.options == ("in-time", "too-late")
    assert str(result.pending.rules[0]) == "pokerstars-live 3.11.2"
    live.resolve(result.pending.id, "in-time", by="floor", reason="at zero")
    assert live.hand.bets[seat] == 300


@pytest.mark.rules("pokerstars-live 3.11.2")
def test_pokerstars_live_3_11_2_the_floor_may_rule_the_action_too_late() -> None:
    live, seat = facing_a_bet("pokerstars-live")
    action_clock.call(live, by="player", at=0.0)
    result = action_clock.act(live, Call(), at=60.5)
    assert result.pending is not None
    live.resolve(result.pending.id, "too-late", by="floor", reason="after zero")
    assert seat not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_without_grace_an_action_after_the_countdown_is_too_late() -> None:
    live, seat = facing_a_bet("tda-2022")
    action_clock.call(live, by="player", at=0.0)
    result = action_clock.act(live, Call(), at=30.5)
    assert result.ruling is not None
    assert result.ruling.key == "clock-expired"
    assert seat not in live.hand.live


@settings(max_examples=40, deadline=None)
@given(start=st.floats(0, 10_000), delay=st.floats(0, 200))
def test_the_clock_expires_exactly_at_its_deadline_for_every_profile(
    start: float, delay: float
) -> None:
    for profile in ("tda-2022", "belarus-sport", "poland-pzp"):
        live, _ = facing_a_bet(profile)
        called = action_clock.call(live, by="official", at=start).events[0]
        assert isinstance(called, ClockCalled)
        at = start + delay
        if at < called.deadline:
            with pytest.raises(MalformedInputError):
                action_clock.expire(live, at=at)
        else:
            action_clock.expire(live, at=at)
            assert action_clock.running(live) is None
