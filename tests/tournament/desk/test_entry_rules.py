"""Registration checks: minimum age, the late-entry window and late-entry stacks (TDA R8-A,
Belarus 1.1, RedCactus 7, Poland §55.11)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef
from floorman.rules.tournament_rules import LateEntryStack
from floorman.tournament.desk.entry_rules import (
    age_on,
    check_age,
    late_entry_open,
    late_entry_stack,
)


def stack(method: LateEntryStack, **overrides: float) -> int:
    """A late stack with 20,000 to start, blinds 100/200, no antes, nobody out, no time."""
    values: dict[str, float] = {
        "starting_stack": 20_000,
        "big_blind": 200,
        "small_blind": 100,
        "ante_round": 0,
        "eliminated": 0,
        "minutes_played": 0,
        "smallest_chip": 25,
    } | overrides
    return late_entry_stack(
        method=method,
        starting_stack=int(values["starting_stack"]),
        big_blind=int(values["big_blind"]),
        small_blind=int(values["small_blind"]),
        ante_round=int(values["ante_round"]),
        eliminated=int(values["eliminated"]),
        minutes_played=values["minutes_played"],
        smallest_chip=int(values["smallest_chip"]),
        ante_minutes_played=values.get("ante_minutes_played"),
    )


# --- age -----------------------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 1.1")
def test_belarus_1_1_entrants_must_be_17_or_older() -> None:
    born = date(2008, 3, 10)
    check_age(born, date(2025, 3, 10), 17, profile="belarus-sport", rule="1.1")
    with pytest.raises(IllegalActionError) as refused:
        check_age(born, date(2025, 3, 9), 17, profile="belarus-sport", rule="1.1")
    ruling = refused.value.ruling
    assert ruling.rule == RuleRef("belarus-sport", "1.1")
    assert ruling.key == "minimum-age"
    assert dict(ruling.params) == {"minimum_age": 17, "age": 16}


def test_age_in_whole_years_and_leap_day_birthdays() -> None:
    assert age_on(date(2000, 2, 29), date(2018, 2, 28)) == 17
    assert age_on(date(2000, 2, 29), date(2018, 3, 1)) == 18
    assert age_on(date(2000, 2, 29), date(2020, 2, 29)) == 20
    with pytest.raises(MalformedInputError) as bad:
        age_on(date(2030, 1, 1), date(2025, 1, 1))
    assert bad.value.constraint == "birth-date"


# --- the window ----------------------------------------------------------------------------------


@pytest.mark.rules("redcactus 7")
def test_redcactus_late_entry_open_through_the_last_second_of_the_hour() -> None:
    assert late_entry_open(minutes_since_start=60, window_minutes=60, level_number=4)
    closed = late_entry_open(minutes_since_start=60.01, window_minutes=60, level_number=4)
    assert not closed
    assert closed.key == "late-entry-time"
    assert "60 minutes" in closed.reason
    national = late_entry_open(minutes_since_start=119, window_minutes=120, level_number=6)
    assert national.open


def test_late_entry_by_level_and_without_limits() -> None:
    by_level = late_entry_open(
        minutes_since_start=500, window_minutes=None, level_number=7, last_level=6
    )
    assert not by_level
    assert by_level.key == "late-entry-level"
    assert late_entry_open(
        minutes_since_start=500, window_minutes=None, level_number=6, last_level=6
    )
    assert late_entry_open(minutes_since_start=10_000, window_minutes=None, level_number=40)
    with pytest.raises(MalformedInputError):
        late_entry_open(minutes_since_start=-1, window_minutes=60, level_number=1)


# --- stacks --------------------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R8-A", "pokerstars-live 2.1.1")
def test_tda_r8a_late_entries_get_a_full_starting_stack() -> None:
    assert stack(LateEntryStack.FULL, eliminated=40, minutes_played=175, ante_round=900) == 20_000


@pytest.mark.rules("redcactus 7")
def test_redcactus_weekly_one_current_big_blind_off_per_player_out() -> None:
    assert stack(LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION, eliminated=7) == 18_600
    at_level_4 = stack(
        LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION, big_blind=400, small_blind=200,
        eliminated=12, minutes_played=50,
    )  # fmt: skip
    assert at_level_4 == 15_200  # the time played does not matter, only the players out
    assert stack(LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION) == 20_000


@pytest.mark.rules("redcactus 7")
def test_redcactus_an_entry_left_with_nothing_is_refused() -> None:
    with pytest.raises(IllegalActionError) as refused:
        stack(
            LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION,
            starting_stack=5_000, big_blind=500, small_blind=250, eliminated=10,
        )  # fmt: skip
    assert refused.value.ruling.rule == RuleRef("redcactus", "7")
    assert refused.value.ruling.key == "late-entry-no-stack"
    cited = RuleRef("club-7", "House 4")
    with pytest.raises(IllegalActionError) as refused:
        late_entry_stack(
            method=LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION, starting_stack=5_000,
            big_blind=500, small_blind=250, ante_round=0, eliminated=11, minutes_played=40,
            smallest_chip=25, cite=cited,
        )  # fmt: skip
    assert refused.value.ruling.rule == cited


@pytest.mark.rules("poland-pzp §55.11")
def test_poland_t15_blinds_per_full_20_minutes_and_antes_from_their_start() -> None:
    """Start 12:00, antes from 12:40, joins 13:05: 3 blind periods, 1 ante period."""
    joined = stack(
        LateEntryStack.MINUS_BLINDS_PER_20_MINUTES,
        minutes_played=65, ante_minutes_played=25, ante_round=9 * 25,
    )  # fmt: skip
    assert joined == 18_875  # 20,000 - 3 x 300 - 1 x 225


@pytest.mark.rules("poland-pzp §55.11")
def test_poland_partial_periods_do_not_count() -> None:
    method = LateEntryStack.MINUS_BLINDS_PER_20_MINUTES
    assert stack(method, minutes_played=19.99) == 20_000
    assert stack(method, minutes_played=20) == 19_700
    assert stack(method, minutes_played=59.5) == 19_400
    # Antes counted over the whole time when no separate start is given.
    assert stack(method, minutes_played=40, ante_round=225) == 20_000 - 2 * 300 - 2 * 225


def test_the_stack_is_rounded_down_to_the_smallest_chip_in_play() -> None:
    method = LateEntryStack.MINUS_BLINDS_PER_20_MINUTES
    assert stack(method, minutes_played=20, ante_round=8 * 25, smallest_chip=100) == 19_500
    assert stack(method, minutes_played=20, ante_round=8 * 25) == 19_500
    assert stack(method, minutes_played=20, ante_round=9 * 25, smallest_chip=100) == 19_400


@given(
    method=st.sampled_from(LateEntryStack),
    eliminated=st.integers(0, 200),
    minutes=st.floats(0, 600),
    chip=st.sampled_from([5, 25, 100]),
)
def test_a_late_stack_is_whole_chips_and_never_more_than_the_starting_stack(
    method: LateEntryStack, eliminated: int, minutes: float, chip: int
) -> None:
    if method is LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION and eliminated >= 100:
        with pytest.raises(IllegalActionError):  # 100 big blinds of 200 take all 20,000
            stack(method, eliminated=eliminated, minutes_played=minutes, smallest_chip=chip)
        return
    got = stack(method, eliminated=eliminated, minutes_played=minutes, smallest_chip=chip)
    assert 0 < got <= 20_000
    assert got % chip == 0


def test_bad_late_stack_inputs_are_refused() -> None:
    with pytest.raises(MalformedInputError) as bad:
        stack(LateEntryStack.FULL, small_blind=300)
    assert bad.value.constraint == "late-entry-level"
    with pytest.raises(MalformedInputError) as bad:
        stack(LateEntryStack.FULL, eliminated=-1)
    assert bad.value.constraint == "late-entry-clock"
    with pytest.raises(MalformedInputError) as bad:
        stack(LateEntryStack.FULL, smallest_chip=0)
    assert bad.value.constraint == "late-entry-stack"
