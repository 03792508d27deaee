"""The floor in real time: tables mid-hand while others finish (issue 16, DESIGN.md principle 7).

Each test drives the tournament's commands as a tablet sends them: ``start_hand`` when a hand
is dealt, ``record_hand`` when it is over, ``record_misdeal`` when it is voided; the hands of
two tables overlap in time.
"""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event, forged, setup_of

from floorman.errors import FloormanError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import HandStarted, PlayerMoved
from floorman.tournament.hands_in_play import FloorWaiting
from floorman.tournament.table_hand import HandSetup

NEXT_BIG_BLIND = ("tda-2022", "redcactus", "pokerstars-live", "poland-pzp")


def _start(tournament: Tournament, table: int, at: float) -> HandSetup:
    tournament.start_hand(table, at=at)
    return setup_of(tournament, table, at)


def _quiet(tournament: Tournament, setup: HandSetup, at: float) -> tuple[object, ...]:
    """The hand ``setup`` started ends with no chips changing hands."""
    return tournament.record_hand(forged(setup, {}), at=at, rng=random.Random(3))


def _two_busts(tournament: Tournament, setup: HandSetup, at: float) -> tuple[object, ...]:
    """The hand ``setup`` started ends with two of its players out."""
    players = [e for e in setup.seats if e is not None]
    losers, winner = players[:2], players[2]
    stacks = {e: tournament.state.entries[e].stack for e in losers}
    moves = {e: -stack for e, stack in stacks.items()} | {winner: sum(stacks.values())}
    return tournament.record_hand(forged(setup, moves), at=at, rng=random.Random(4))


def _overlapping_bust(profile: str) -> tuple[Tournament, int, int, HandSetup]:
    """Two tables of nine have each played a hand; the giving table is mid-hand when a hand
    at the other table eliminates two players: a balancing move is due from it."""
    tournament = event(18, profile=profile, seed=3)
    busting, giving = sorted(tournament.state.tables)
    for number in (busting, giving):
        _quiet(tournament, _start(tournament, number, 5.0), 6.0)
    in_progress = _start(tournament, giving, 10.0)
    _two_busts(tournament, _start(tournament, busting, 11.0), 12.0)
    return tournament, busting, giving, in_progress


@pytest.mark.rules("tda-2022 R11-A", "redcactus 10", "pokerstars-live 2.5", "poland-pzp §25.2a")
@pytest.mark.parametrize("profile", NEXT_BIG_BLIND)
def test_tda_r11a_mover_is_the_next_big_blind_judged_after_the_hand_in_progress(
    profile: str,
) -> None:
    tournament, busting, giving, in_progress = _overlapping_bust(profile)
    state = tournament.state
    assert not any(isinstance(e, PlayerMoved) for e in tournament.events[-6:])
    waiting = state.play.waiting
    assert [(w.table, w.deal) for w in waiting] == [(giving, state.play.in_hand[giving].deal)]
    assert state.play.after_hand(giving)[0].startswith(f"balancing: table {giving} gives")

    events = _quiet(tournament, in_progress, 13.0)
    moved = [e for e in events if isinstance(e, PlayerMoved)]
    assert [(m.from_table, m.to_table) for m in moved] == [(giving, busting)]
    seats, big_blind = in_progress.seats, in_progress.positions.big_blind
    just_posted = seats[big_blind]
    after = [seats[(big_blind + k) % len(seats)] for k in range(1, len(seats))]
    next_big_blind = next(e for e in after if e is not None)
    assert moved[0].entry == next_big_blind
    assert moved[0].entry != just_posted  # he does not post the big blind twice running
    assert state.play.waiting == ()
    assert isinstance(events[-1], FloorWaiting)
    assert Tournament.replay(tournament.events).state == state  # the waits replay exactly


@pytest.mark.rules("belarus-sport 3.1-¶2b", "belarus-sport 3.1-¶2d", "belarus-sport 3.1-¶3a")
def test_belarus_3_1_the_big_blind_of_the_hand_just_finished_moves_once_it_is_over() -> None:
    tournament, busting, giving, in_progress = _overlapping_bust("belarus-sport")
    assert tournament.state.play.after_hand(giving) == (
        f"balancing: table {giving} gives the big blind of this hand to table {busting}",
    )
    with pytest.raises(FloormanError) as refused:  # sizes within one at every hand (¶3a)
        tournament.start_hand(busting, at=12.5)
    assert refused.value.ruling is not None
    assert refused.value.ruling.rule.rule == "3.1-¶3a"

    events = _quiet(tournament, in_progress, 13.0)
    moved = [e for e in events if isinstance(e, PlayerMoved)]
    assert [m.entry for m in moved] == [in_progress.seats[in_progress.positions.big_blind]]
    assert tournament.start_hand(busting, at=14.0)  # balanced: the table deals again


def test_a_hand_started_is_known_until_its_result_and_cannot_be_started_twice() -> None:
    tournament = event(18, seed=3)
    table = min(tournament.state.tables)
    started = tournament.start_hand(table, at=5.0)
    assert isinstance(started[0], HandStarted)
    assert started[0].deal == 1
    assert table in tournament.state.play.in_hand
    with pytest.raises(MalformedInputError) as refused:
        tournament.start_hand(table, at=6.0)
    assert refused.value.constraint == "hand-in-progress"
    setup = setup_of(tournament, table, 7.0)
    _quiet(tournament, setup, 8.0)
    assert table not in tournament.state.play.in_hand
    replayed = Tournament.replay(tournament.events)
    assert replayed.state.play.deals == 1
    assert not replayed.state.play.in_hand


def test_a_result_for_another_deal_than_the_one_started_is_refused() -> None:
    tournament = event(18, seed=3)
    table = min(tournament.state.tables)
    setup = _start(tournament, table, 5.0)
    _quiet(tournament, setup, 6.0)
    second = _start(tournament, table, 7.0)
    with pytest.raises(MalformedInputError) as refused:
        _quiet(tournament, setup, 8.0)  # the first hand's positions again
    assert refused.value.constraint == "hand-started"
    assert table in tournament.state.play.in_hand
    _quiet(tournament, second, 9.0)
