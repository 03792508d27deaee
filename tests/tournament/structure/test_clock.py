"""The level clock: positions derived from timestamps, pauses, added time, hand-for-hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import MalformedInputError
from floorman.tournament.structure.clock import Clock, level_for_hand
from floorman.tournament.structure.levels import Break, Level, Structure

MINUTE = 60.0


def nl(small: int, big: int, minutes: int = 20) -> Level:
    return Level(minutes=minutes, small_blind=small, big_blind=big)


LEVEL_1, LEVEL_2, LEVEL_3 = nl(25, 50), nl(50, 100), nl(100, 200)
BREAK = Break(minutes=10, colour_up=(25,))
STRUCTURE = Structure(
    items=(LEVEL_1, LEVEL_2, BREAK, LEVEL_3), starting_stack=10000, chips=(25, 100)
)


def started(at: float = 1000.0) -> Clock:
    return Clock.for_structure(STRUCTURE).start(at)


# --- positions -----------------------------------------------------------------------------


def test_before_the_start_the_clock_stands_at_the_first_level_with_its_full_time() -> None:
    position = Clock.for_structure(STRUCTURE).position(5.0)
    assert (position.index, position.level_number, position.remaining) == (0, 1, 20 * MINUTE)
    assert not position.running


def test_position_reads_the_level_the_break_and_what_comes_next() -> None:
    clock = started(1000)
    first = clock.position(1000 + 5 * MINUTE)
    assert (first.index, first.item, first.level_number) == (0, LEVEL_1, 1)
    assert (first.elapsed_in_item, first.remaining) == (5 * MINUTE, 15 * MINUTE)
    assert first.next_level == LEVEL_2
    assert first.next_break == BREAK
    assert first.next_break_in == 35 * MINUTE
    assert first.running
    on_break = clock.position(1000 + 45 * MINUTE)
    assert (on_break.index, on_break.item, on_break.level_number) == (2, BREAK, None)
    assert on_break.remaining == 5 * MINUTE
    assert on_break.next_level == LEVEL_3
    assert on_break.next_break is None
    assert on_break.next_break_in is None


def test_a_level_ends_exactly_when_its_time_reaches_zero() -> None:
    clock = started(0)
    assert clock.position(20 * MINUTE - 0.5).index == 0
    assert clock.position(20 * MINUTE).index == 1


def test_past_the_end_the_last_level_goes_on_with_no_time_left() -> None:
    position = started(0).position(10_000 * MINUTE)
    assert (position.index, position.item, position.level_number) == (3, LEVEL_3, 3)
    assert position.remaining == 0
    assert position.finished
    assert position.next_level is None
    assert not started(0).position(69 * MINUTE).finished


def test_played_seconds_count_levels_and_leave_breaks_out() -> None:
    clock = started(0)
    assert clock.played_seconds(30 * MINUTE) == 30 * MINUTE
    assert clock.played_seconds(45 * MINUTE) == 40 * MINUTE
    assert clock.played_seconds(100 * MINUTE) == 90 * MINUTE


# --- pauses and added time -----------------------------------------------------------------


def test_time_does_not_run_while_the_clock_is_paused() -> None:
    clock = started(0).pause(5 * MINUTE)
    assert clock.position(5 * MINUTE).remaining == clock.position(500 * MINUTE).remaining
    assert not clock.position(6 * MINUTE).running
    assert clock.position(6 * MINUTE).paused
    resumed = clock.resume(65 * MINUTE)
    assert resumed.position(70 * MINUTE).elapsed == 10 * MINUTE
    assert resumed.stopped_seconds == 60 * MINUTE


def test_added_time_gives_the_level_more_time_and_removed_time_less() -> None:
    clock = started(0)
    longer = clock.add_time(3 * MINUTE, at=10 * MINUTE)
    assert longer.position(10 * MINUTE).remaining == 13 * MINUTE
    shorter = longer.add_time(-5 * MINUTE, at=12 * MINUTE)
    assert shorter.position(12 * MINUTE).remaining == 6 * MINUTE
    assert shorter.adjusted_seconds == -2 * MINUTE


def test_removing_all_the_time_left_starts_the_next_level_now() -> None:
    clock = started(0).add_time(-15 * MINUTE, at=5 * MINUTE)
    assert clock.position(5 * MINUTE).index == 1


@pytest.mark.parametrize(
    ("seconds", "at"),
    [(5 * MINUTE + 1, 5 * MINUTE), (-15 * MINUTE - 1, 5 * MINUTE), (1, 0)],
)
def test_time_cannot_be_added_or_removed_beyond_the_item_in_progress(
    seconds: float, at: float
) -> None:
    clock = started(0)
    with pytest.raises(MalformedInputError) as error:
        clock.add_time(seconds, at=at)
    assert error.value.constraint == "add-time"


def test_without_a_moment_time_is_checked_at_the_last_command() -> None:
    paused = started(0).pause(8 * MINUTE)
    assert paused.add_time(8 * MINUTE).position(9 * MINUTE).remaining == 20 * MINUTE
    with pytest.raises(MalformedInputError):
        paused.add_time(8 * MINUTE + 1)


def test_once_the_last_level_is_over_no_time_can_be_removed() -> None:
    clock = started(0)
    with pytest.raises(MalformedInputError) as error:
        clock.add_time(-1, at=500 * MINUTE)
    assert error.value.constraint == "add-time"
    revived = clock.add_time(10 * MINUTE, at=500 * MINUTE)
    assert revived.position(500 * MINUTE).finished


# --- hand-for-hand -------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 RP-8-B", "tda-2022 RP-8-C")
def test_scenario_T59_hand_for_hand_two_minutes_per_hand() -> None:
    announced = 1000 + 2.5 * MINUTE  # 17.5 minutes left in the level
    clock = started(1000).hand_for_hand_start(announced)
    assert clock.position(announced).remaining == 17.5 * MINUTE
    # The hand in progress at the announcement takes four real minutes: it still costs two.
    clock = clock.hand_for_hand_hand()
    next_hand = announced + 4 * MINUTE
    assert clock.position(next_hand).remaining == 15.5 * MINUTE
    # The next one takes 30 seconds: two minutes all the same.
    clock = clock.hand_for_hand_hand()
    assert clock.position(next_hand + 30).remaining == 13.5 * MINUTE
    assert not clock.position(next_hand + 30).running
    assert clock.position(next_hand + 30).hand_for_hand


@pytest.mark.rules("tda-2022 RP-8-D", "tda-2022 R23")
def test_tda_rp8d_blinds_rise_as_hand_for_hand_hands_run_the_level_out() -> None:
    clock = started(0).hand_for_hand_start(17 * MINUTE)  # three minutes left
    clock = clock.hand_for_hand_hand()
    assert level_for_hand(clock, 20 * MINUTE) == LEVEL_1
    clock = clock.hand_for_hand_hand()
    assert level_for_hand(clock, 21 * MINUTE) == LEVEL_2
    assert clock.position(21 * MINUTE).elapsed_in_item == 1 * MINUTE


def test_after_hand_for_hand_real_time_runs_the_level_again() -> None:
    clock = started(0).hand_for_hand_start(10 * MINUTE)
    clock = clock.hand_for_hand_hand().hand_for_hand_hand().hand_for_hand_end(40 * MINUTE)
    assert clock.position(40 * MINUTE).elapsed == 14 * MINUTE
    assert clock.position(43 * MINUTE).elapsed == 17 * MINUTE
    assert clock.running


def test_a_pause_overlapping_hand_for_hand_stops_the_clock_once() -> None:
    clock = started(0).pause(5 * MINUTE).hand_for_hand_start(6 * MINUTE)
    clock = clock.resume(10 * MINUTE).hand_for_hand_hand().hand_for_hand_end(12 * MINUTE)
    assert clock.stopped_seconds == 7 * MINUTE
    assert clock.position(13 * MINUTE).elapsed == 8 * MINUTE


def test_the_charge_per_hand_is_the_profiles() -> None:
    clock = started(0).hand_for_hand_start(0).hand_for_hand_hand(90)
    assert clock.position(1).elapsed == 90
    with pytest.raises(MalformedInputError) as error:
        clock.hand_for_hand_hand(0)
    assert error.value.constraint == "seconds"


# --- hands and dealers ---------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R23", "pokerstars-live 4.1", "redcactus 23",
    "belarus-sport 3.1-¶1b", "belarus-sport 3.3", "poland-pzp §17.3",
)  # fmt: skip
def test_tda_r23_a_hand_plays_at_the_level_of_the_moment_it_started() -> None:
    clock = started(0)
    started_before_the_change = 20 * MINUTE - 1
    assert level_for_hand(clock, started_before_the_change) == LEVEL_1
    assert level_for_hand(clock, 20 * MINUTE) == LEVEL_2
    assert clock.position(20 * MINUTE + 90).level_number == 2


def test_no_hand_starts_before_the_clock_or_during_a_break() -> None:
    with pytest.raises(MalformedInputError) as error:
        level_for_hand(Clock.for_structure(STRUCTURE), 0)
    assert error.value.constraint == "not-started"
    with pytest.raises(MalformedInputError) as error:
        level_for_hand(started(0), 41 * MINUTE)
    assert error.value.constraint == "on-break"


@pytest.mark.rules("tda-2022 RP-7")
def test_tda_rp7_no_dealer_change_in_the_last_90_seconds_before_a_change() -> None:
    clock = started(0)
    assert clock.dealer_change_allowed(20 * MINUTE - 90)
    assert not clock.dealer_change_allowed(20 * MINUTE - 89)
    assert not clock.dealer_change_allowed(40 * MINUTE - 30)  # a break is coming
    assert clock.dealer_change_allowed(45 * MINUTE)  # on the break
    assert clock.dealer_change_allowed(70 * MINUTE - 30)  # the last level never ends
    assert not clock.dealer_change_allowed(20 * MINUTE - 150, margin_seconds=180)


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "constraint"),
    [
        (lambda c: c.start(2000), "started"),
        (lambda c: c.resume(2000), "not-paused"),
        (lambda c: c.pause(2000).pause(2001), "paused"),
        (lambda c: c.hand_for_hand_hand(), "not-hand-for-hand"),
        (lambda c: c.hand_for_hand_end(2000), "not-hand-for-hand"),
        (lambda c: c.hand_for_hand_start(2000).hand_for_hand_start(2001), "hand-for-hand"),
        (lambda c: c.pause(999), "time-order"),
        (lambda c: c.pause(2000).position(1500), "time-order"),
        (lambda c: c.pause(math.nan), "time"),
        (lambda c: c.pause(math.inf), "time"),
        (lambda c: c.add_time(math.nan), "seconds"),
    ],
)
def test_commands_that_do_not_fit_the_clocks_state_are_refused(
    command: object, constraint: str
) -> None:
    clock = started(1000)
    with pytest.raises(MalformedInputError) as error:
        command(clock)  # type: ignore[operator]
    assert error.value.constraint == constraint


@pytest.mark.parametrize(
    "command",
    [
        lambda c: c.pause(0),
        lambda c: c.hand_for_hand_start(0),
        lambda c: c.add_time(60),
    ],
)
def test_a_clock_that_has_not_started_refuses_to_move(command: object) -> None:
    with pytest.raises(MalformedInputError) as error:
        command(Clock.for_structure(STRUCTURE))  # type: ignore[operator]
    assert error.value.constraint == "not-started"


def test_a_clock_runs_a_structure() -> None:
    with pytest.raises(MalformedInputError) as error:
        Clock(structure="20 minute levels")  # type: ignore[arg-type]
    assert error.value.constraint == "structure"


# --- properties ----------------------------------------------------------------------------

OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["pause", "resume", "add", "h4h-start", "h4h-hand", "h4h-end", "look"]),
        st.integers(0, 30 * 60),
        st.integers(-25 * 60, 25 * 60),
    ),
    max_size=25,
)


@settings(max_examples=200, deadline=None)
@given(OPERATIONS)
def test_the_clock_agrees_with_a_stopwatch_model_and_with_itself(
    operations: list[tuple[str, int, int]],
) -> None:
    """A stopwatch that adds real time while running, subtracts added time and adds charges
    must read what the clock derives from its timestamps, and every position must add up."""
    now = 0.0
    clock = started(now)
    model, running, paused, h4h = 0.0, True, False, False
    for name, wait, amount in operations:
        if running:
            model += wait
        now += wait
        try:
            clock = _apply(clock, name, now, amount)
        except MalformedInputError:
            continue
        if name == "add":
            model -= amount
        elif name == "h4h-hand":
            model += 120
        paused = {"pause": True, "resume": False}.get(name, paused)
        h4h = {"h4h-start": True, "h4h-end": False}.get(name, h4h)
        running = not (paused or h4h)
        _check_position(clock, now, model, running)


def _apply(clock: Clock, name: str, now: float, amount: int) -> Clock:
    if name == "add":
        return clock.add_time(amount, at=now)
    if name == "h4h-hand":
        return clock.hand_for_hand_hand()
    if name == "look":
        clock.position(now)
        return clock
    method = {
        "pause": clock.pause,
        "resume": clock.resume,
        "h4h-start": clock.hand_for_hand_start,
        "h4h-end": clock.hand_for_hand_end,
    }[name]
    return method(now)


def _check_position(clock: Clock, now: float, model: float, running: bool) -> None:
    position = clock.position(now)
    bounds = STRUCTURE.boundaries
    assert position.elapsed == pytest.approx(model)
    assert position.elapsed >= -1e-9
    assert position.running is running
    assert bounds[position.index] + position.elapsed_in_item == pytest.approx(position.elapsed)
    duration = bounds[position.index + 1] - bounds[position.index]
    if position.finished:
        assert position.remaining == 0
        assert position.index == len(STRUCTURE.items) - 1
    else:
        assert position.elapsed_in_item + position.remaining == pytest.approx(duration)
        assert 0 < position.remaining <= duration
    later = clock.position(now + 600)
    expected = position.elapsed + (600 if running else 0)
    assert later.elapsed == pytest.approx(expected)


@settings(max_examples=100, deadline=None)
@given(st.floats(0, 200 * MINUTE), st.floats(0, 200 * MINUTE))
def test_positions_never_go_backwards_while_the_clock_runs(a: float, b: float) -> None:
    clock = started(0)
    early, late = sorted((a, b))
    first, second = clock.position(early), clock.position(late)
    assert (first.index, first.elapsed) <= (second.index, second.elapsed)
    if first.index == second.index and not first.finished:
        assert second.remaining <= first.remaining
