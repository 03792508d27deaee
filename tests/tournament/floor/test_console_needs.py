"""What the director's console needs of the tournament (issue 17): the clock's "next level"
and "set the time left" with refusals in plain words, alternates seated when a table opens
and listed with their place and time, no move into a table being broken, a penalty on the
player's line, the pool before the start, and the final table's size (TDA RP-9)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import STRUCTURE, bust_down_to, event

from floorman.errors import MalformedInputError
from floorman.tournament.events import PlayerRegistered, PlayerSeated, TimeAdded
from floorman.tournament.views.audiences import director_view, public_view


def test_next_level_starts_the_next_level_now_and_is_recorded_as_time_taken_off() -> None:
    tournament = event(6)
    events = tournament.next_level(at=5 * 60.0)
    assert [type(e) for e in events] == [TimeAdded]
    clock = public_view(tournament, 5 * 60.0).clock
    assert clock is not None
    assert clock.level is not None
    assert (clock.level.level, clock.remaining) == (2, 20 * 60.0)


def test_next_level_on_the_last_level_is_refused_and_changes_nothing() -> None:
    tournament = event(6)
    tournament.next_level(at=1.0)
    tournament.next_level(at=2.0)
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as refused:
        tournament.next_level(at=3.0)
    assert refused.value.constraint == "next-level"
    assert tournament.state.version == version


def test_set_time_left_sets_the_levels_clock_within_its_length() -> None:
    tournament = event(6)
    tournament.set_time_left(seconds=90.0, at=60.0)
    clock = public_view(tournament, 60.0).clock
    assert clock is not None
    assert clock.remaining == 90.0
    tournament.set_time_left(seconds=20 * 60.0, at=61.0)  # back to the full level
    with pytest.raises(MalformedInputError) as refused:
        tournament.set_time_left(seconds=21 * 60.0, at=62.0)
    assert refused.value.constraint == "time-left"


def test_taking_off_more_than_is_left_is_refused_in_plain_words() -> None:
    tournament = event(6)
    with pytest.raises(MalformedInputError) as refused:
        tournament.add_time(seconds=-60.0, at=20 * 60.0 - 38.16)
    assert str(refused.value).startswith("only 38 s are left in this level")


def test_an_opened_table_seats_the_alternates_by_draw_first_come_first_seated() -> None:
    tournament = event(18)  # two full tables of nine
    for number, name in enumerate(("Yuri Volkov", "Anna Kowalska"), start=1):
        tournament.register(player=f"a{number}", name=name, at=60.0 + number, rng=random.Random(1))
    waiting = director_view(tournament, 70.0).alternates
    assert [(a.name, a.position, a.since) for a in waiting] == [
        ("Yuri Volkov", 1, 61.0),
        ("Anna Kowalska", 2, 62.0),
    ]
    events = tournament.open_table(table=3, at=80.0, rng=random.Random(4))
    registered = [e for e in events if isinstance(e, PlayerRegistered)]
    assert [(e.name, e.alternate) for e in registered] == [
        ("Yuri Volkov", True),
        ("Anna Kowalska", True),
    ]
    assert {e.table for e in events if isinstance(e, PlayerSeated)} == {3}
    view = director_view(tournament, 81.0)
    assert view.alternates == ()
    assert tournament.state.pool == 20 * 100


def test_no_move_is_listed_into_a_table_the_floor_is_told_to_break() -> None:
    tournament = event(18)
    tournament.open_table(table=3, at=80.0, rng=random.Random(4))  # nobody waits: empty
    balancing = director_view(tournament, 81.0).balancing
    assert balancing.tables_to_break == (3,)
    assert not [m for m in balancing.moves if "T3" in m]


def test_a_penalty_shows_on_the_players_line_with_the_hands_left() -> None:
    tournament = event(9)
    tournament.give_penalty(entry="e2", offence="abuse", by_role="floor", at=2.0, step="1-round")
    line = next(e for e in director_view(tournament, 3.0).entries if e.entry == "e2")
    assert (line.penalty, line.penalty_hands_left) == ("1-round", 9)


def test_before_the_start_the_pool_is_what_the_registrations_make() -> None:
    tournament = event(24, start=False)
    money = public_view(tournament, 0.0).money
    assert money.pool == 24 * 100
    assert sum(money.payouts) == 24 * 100


def test_a_final_table_of_nine_in_an_eight_max_event_is_noted_with_rp_9() -> None:
    tournament = event(16, seats_per_table=8, structure=STRUCTURE)
    bust_down_to(tournament, 9)
    note = director_view(tournament, 100.0).final_table
    assert note is not None
    assert (note.size, note.seats_per_table, note.rule) == (9, 8, "RP-9")
