"""Players leaving with chips in play and seats outside the draw (issue 6, part A): a voluntary
withdrawal (Poland §57.2), a re-entry giving up its chips (TDA R8-B), a special-needs seat
(TDA R9, RedCactus 8, PokerStars Live 2.1, Poland §13.4), an absent player whose table breaks
(TDA RP-16), one registration per player (Poland §55.3)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust, chips_conserved, event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.absence import dead_hands
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.events import PlayerWithdrew
from floorman.tournament.events import ChipsRemoved, PlayerEliminated, PlayerMoved


def _free_seat(tournament: Tournament, *, other_than: int | None = None) -> tuple[int, int]:
    return next(
        (number, seat)
        for number, table in sorted(tournament.state.tables.items())
        for seat in table.free_seats
        if number != other_than
    )


@pytest.mark.rules("poland-pzp §57.2")
def test_poland_s57_2_withdrawal_removes_the_stack_and_places_him_as_disqualified() -> None:
    """Poland reads a disqualification as §7.2.5: last place, the players out before him move
    up, his prize forfeited; the chips leave play and the rest of the field is unchanged."""
    tournament = event(12, profile="poland-pzp")
    bust(tournament, "e1", at=10.0)
    chips = tournament.state.chips
    stack = tournament.state.entries["e5"].stack
    events = tournament.withdraw(entry="e5", at=20.0, rng=random.Random(1))
    assert isinstance(events[0], PlayerWithdrew)
    assert events[0].rule == "§57.2"
    removed = next(e for e in events if isinstance(e, ChipsRemoved))
    assert (removed.chips, removed.reason) == (stack, "withdrawn")
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert (out.entry, out.place, out.reason) == ("e5", 12, "disqualified")
    assert tournament.state.entries["e1"].place == 11  # moved up one place
    assert tournament.state.chips == chips - stack
    assert chips_conserved(tournament)
    with pytest.raises(MalformedInputError) as caught:
        tournament.withdraw(entry="e5", at=30.0, rng=random.Random(1))
    assert caught.value.constraint == "entry"


def test_a_withdrawal_under_the_tda_takes_the_place_of_the_moment() -> None:
    tournament = event(10)
    events = tournament.withdraw(entry="e2", at=5.0, rng=random.Random(2))
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert out.place == 10
    assert tournament.state.desk.withdrawn == {"e2"}
    assert Tournament.replay(tournament.events).state == tournament.state


def test_a_withdrawal_needs_a_started_event_and_a_player_still_in() -> None:
    tournament = event(4, start=False)
    with pytest.raises(MalformedInputError) as caught:
        tournament.withdraw(entry="e1", at=0.0, rng=random.Random(1))
    assert caught.value.constraint == "started"


@pytest.mark.rules("tda-2022 R8-B")
def test_tda_r8_b_reentry_with_chips_in_play_removes_them_and_enters_again() -> None:
    tournament = event(12, settings=EventSettings(reentry_surrenders_chips=True))
    chips = tournament.state.chips
    stack = tournament.state.entries["e3"].stack
    events = tournament.reenter(player="p3", name="Player 3", at=60.0, rng=random.Random(3))
    removed = next(e for e in events if isinstance(e, ChipsRemoved))
    assert (removed.entry, removed.chips, removed.rule) == ("e3", stack, "R8-B")
    old = tournament.state.entries["e3"]
    assert (old.finish, old.place, old.stack) == ("re-entered", 13, 0)
    new = tournament.state.entries["e13"]
    assert (new.player, new.stack, new.alive) == ("p3", 10_000, True)
    assert new.table is not None
    assert tournament.state.chips == chips - stack + 10_000
    assert chips_conserved(tournament)
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("tda-2022 R8-B")
def test_tda_r8_b_without_the_setting_a_player_with_chips_may_not_reenter() -> None:
    tournament = event(12)
    version = tournament.state.version
    with pytest.raises(IllegalActionError) as caught:
        tournament.reenter(player="p3", name="Player 3", at=60.0, rng=random.Random(3))
    assert (caught.value.ruling.key, caught.value.ruling.rule.rule) == ("reentry", "R8-B")
    assert tournament.state.version == version  # nothing changed
    with pytest.raises(IllegalActionError):
        tournament.register(player="p3", name="Player 3", at=60.0, rng=random.Random(3))


@pytest.mark.rules("poland-pzp §55.3")
def test_poland_s55_3_one_registration_per_player() -> None:
    tournament = event(12, profile="poland-pzp")
    bust(tournament, "e4", at=10.0)
    with pytest.raises(IllegalActionError) as caught:
        tournament.register(player="p4", name="Player 4", at=20.0, rng=random.Random(1))
    assert caught.value.ruling.rule.rule == "§55.3"
    with pytest.raises(IllegalActionError):  # not even giving up chips still in play
        event(
            12, profile="poland-pzp", settings=EventSettings(reentry_surrenders_chips=True)
        ).reenter(player="p5", name="Player 5", at=20.0, rng=random.Random(1))


@pytest.mark.rules("tda-2022 R9", "redcactus 8", "pokerstars-live 2.1", "poland-pzp §13.4")
@pytest.mark.parametrize(
    ("profile", "rule"),
    [("tda-2022", "R9"), ("redcactus", "8"), ("pokerstars-live", "2.1"), ("poland-pzp", "§13.4")],
)
def test_a_special_needs_seat_is_given_outside_the_draw_with_its_reason(
    profile: str, rule: str
) -> None:
    tournament = event(12, profile=profile)
    origin = tournament.state.entries["e1"].table
    table, seat = _free_seat(tournament, other_than=origin)
    (moved,) = tournament.special_needs_seat(
        entry="e1", table=table, seat=seat, reason="wheelchair access", at=30.0
    )
    assert isinstance(moved, PlayerMoved)
    assert (moved.reason, moved.note, moved.rule) == ("special-needs", "wheelchair access", rule)
    assert (tournament.state.entries["e1"].table, tournament.state.entries["e1"].seat) == (
        table,
        seat,
    )
    assert "e1" in tournament.state.moved  # balancing avoids moving him again
    assert moved.instruction.startswith("Player 1: table")


@pytest.mark.rules("pokerstars-live 2.1")
def test_psl_2_1_seats_are_drawn_balanced_and_never_swapped() -> None:
    """The draw leaves the tables within one player of each other; a special-needs seat is a
    free seat, never someone else's (no swaps), and never before the draw."""
    tournament = event(20, profile="pokerstars-live")
    sizes = [t.size for t in tournament.state.tables.values()]
    assert max(sizes) - min(sizes) <= 1
    other = tournament.state.entries["e2"]
    assert other.table is not None
    assert other.seat is not None
    with pytest.raises(MalformedInputError) as caught:
        tournament.special_needs_seat(
            entry="e1", table=other.table, seat=other.seat, reason="a swap", at=1.0
        )
    assert caught.value.constraint == "seat-taken"
    waiting = event(4, profile="pokerstars-live", start=False)
    with pytest.raises(MalformedInputError) as caught:
        waiting.special_needs_seat(entry="e1", table=1, seat=0, reason="early", at=0.0)
    assert caught.value.constraint == "started"


@pytest.mark.rules("tda-2022 RP-16")
def test_tda_rp16_an_absent_player_whose_table_breaks_is_moved_and_stays_absent() -> None:
    tournament = event(10)
    tournament.open_table(table=3, at=5.0)  # room for the broken table's players
    breaking = 2
    absent = tournament.state.tables[breaking].players[0]
    stack = tournament.state.entries[absent].stack
    tournament.mark_absent(entry=absent, at=10.0)
    tournament.close_table(table=breaking, at=20.0, rng=random.Random(5))
    player = tournament.state.entries[absent]
    assert player.table is not None
    assert player.table != breaking
    assert player.stack == stack  # his chips carried with him
    assert absent in tournament.state.absent
    assert absent in dead_hands(tournament.state, player.table, 30.0).dead  # still blinded
