"""The floor in real time: tables mid-hand while others finish (issue 16, DESIGN.md principle 7).

Each test drives the tournament's commands as a tablet sends them: ``start_hand`` when a hand
is dealt, ``record_hand`` when it is over, ``record_misdeal`` when it is voided; the hands of
two tables overlap in time.
"""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust_down_to, event, forged, setup_of

from floorman.errors import FloormanError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import RebuyTerms
from floorman.tournament.events import FinalTableFormed, HandStarted, PlayerMoved
from floorman.tournament.floor.hands_in_play import FloorWaiting
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.views.audiences import director_view

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


@pytest.mark.rules("tda-2022 R35-C", "redcactus 35")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_tda_r35c_the_redeal_replays_the_misdealt_hand_after_a_level_change_and_a_newcomer(
    profile: str,
) -> None:
    tournament = event(17, profile=profile, seed=3)
    table = min(tournament.state.tables, key=lambda n: tournament.state.tables[n].size)
    misdealt = _start(tournament, table, 1_190.0)  # level 1 ends at 1,200 s
    tournament.record_misdeal(table=table, at=1_195.0)
    tournament.register(player="late", name="Late", at=1_198.0, rng=random.Random(1))
    newcomer = tournament.state.entries_of["late"][0]
    assert tournament.state.entries[newcomer].table == table

    redeal = tournament.start_hand(table, at=1_210.0)  # level 2 is in force now
    assert isinstance(redeal[0], HandStarted)
    assert redeal[0].redeal
    again = setup_of(tournament, table, 1_211.0)
    assert again.level == misdealt.level == 1
    assert (again.config.small_blind, again.config.big_blind) == (
        misdealt.config.small_blind,
        misdealt.config.big_blind,
    )
    assert again.positions == misdealt.positions
    assert again.seats == misdealt.seats
    assert newcomer not in again.seats
    _quiet(tournament, again, 1_220.0)
    following = setup_of(tournament, table, 1_221.0)
    assert following.level == 2  # the next hand is dealt at the level in force


@pytest.mark.rules("tda-2022 R11-D")
def test_tda_r11d_a_table_three_short_halts_when_its_big_blind_reaches_an_empty_seat() -> None:
    tournament = event(18, seed=3)
    tournament.set_balancing(mode="director", at=1.0)
    short, full = sorted(tournament.state.tables)
    _quiet(tournament, _start(tournament, short, 5.0), 6.0)
    setup = _start(tournament, short, 7.0)
    big_blind = setup.positions.big_blind
    after = [(big_blind + k) % len(setup.seats) for k in (1, 2, 3)]
    _bust_seats(tournament, setup, after, 8.0)
    with pytest.raises(FloormanError) as refused:
        tournament.start_hand(short, at=9.0)
    assert refused.value.ruling is not None
    assert refused.value.ruling.rule.rule == "R11-D"
    assert short in tournament_view_halted(tournament)
    assert tournament.start_hand(full, at=9.0)  # the full table plays on


@pytest.mark.rules("tda-2022 R11-D")
def test_tda_r11d_a_short_table_whose_big_blind_has_a_player_to_reach_plays_on() -> None:
    tournament = event(18, seed=3)
    tournament.set_balancing(mode="director", at=1.0)
    short = min(tournament.state.tables)
    _quiet(tournament, _start(tournament, short, 5.0), 6.0)
    setup = _start(tournament, short, 7.0)
    big_blind = setup.positions.big_blind
    far = [(big_blind + k) % len(setup.seats) for k in (3, 4, 5)]
    _bust_seats(tournament, setup, far, 8.0)
    assert tournament.start_hand(short, at=9.0)


@pytest.mark.rules("pokerstars-live 2.5", "poland-pzp §25.3", "redcactus 10")
@pytest.mark.parametrize(
    ("profile", "short_by", "rule"),
    [("pokerstars-live", 3, "2.5"), ("poland-pzp", 3, "§25.3"), ("redcactus", 4, "10")],
)
def test_poland_25_3_a_table_far_enough_short_stops_at_once(
    profile: str, short_by: int, rule: str
) -> None:
    tournament = event(18, profile=profile, seed=3)
    tournament.set_balancing(mode="director", at=1.0)
    short = min(tournament.state.tables)
    _quiet(tournament, _start(tournament, short, 5.0), 6.0)
    setup = _start(tournament, short, 7.0)
    big_blind = setup.positions.big_blind
    far = [(big_blind + k) % len(setup.seats) for k in range(3, 3 + short_by - 1)]
    _bust_seats(tournament, setup, far, 8.0)
    assert tournament.start_hand(short, at=9.0)  # one fewer short: it deals
    setup = setup_of(tournament, short, 9.0)
    seats = [s for s, e in enumerate(setup.seats) if e is not None]
    _bust_seats(tournament, setup, seats[-1:], 10.0)
    with pytest.raises(FloormanError) as refused:
        tournament.start_hand(short, at=11.0)
    assert refused.value.ruling is not None
    assert refused.value.ruling.rule.rule == rule
    assert short in tournament_view_halted(tournament)
    assert tournament.state.version == len(tournament.events)


def _bust_seats(tournament: Tournament, setup: HandSetup, seats: list[int], at: float) -> None:
    """The hand ``setup`` started ends with the players of ``seats`` out."""
    losers = [e for s in seats if (e := setup.seats[s]) is not None]
    assert len(losers) == len(seats)
    winner = next(e for e in setup.seats if e is not None and e not in losers)
    stacks = {e: tournament.state.entries[e].stack for e in losers}
    moves = {e: -stack for e, stack in stacks.items()} | {winner: sum(stacks.values())}
    tournament.record_hand(forged(setup, moves), at=at, rng=random.Random(5))


def tournament_view_halted(tournament: Tournament) -> tuple[int, ...]:
    """The halted tables as the director's console shows them."""
    view = director_view(tournament, 12.0)
    lines = {line.table for line in view.tables if line.halted}
    assert lines == set(view.balancing.halted)
    return view.balancing.halted


@pytest.mark.rules("redcactus 10", "tda-2022 R10-A", "pokerstars-live 2.1.1", "poland-pzp §24.2")
@pytest.mark.parametrize("profile", NEXT_BIG_BLIND)
def test_redcactus_10_a_newcomer_in_the_seat_of_the_big_blind_just_out_plays_the_small_blind(
    profile: str,
) -> None:
    tournament = event(18, profile=profile, seed=3)
    tournament.set_balancing(mode="director", at=1.0)
    short, other = sorted(tournament.state.tables)
    _quiet(tournament, _start(tournament, short, 5.0), 6.0)
    setup = _start(tournament, short, 7.0)
    big_blind = setup.positions.big_blind
    _bust_seats(tournament, setup, [big_blind], 8.0)
    newcomer = next(e for e in tournament.state.tables[other].players)
    tournament.move_player(
        entry=newcomer, to_table=short, to_seat=big_blind, at=9.0, reason="director"
    )
    assert newcomer not in tournament.state.tables[short].waiting
    dealt = _start(tournament, short, 10.0)
    assert dealt.positions.small_blind == big_blind
    assert dealt.seats[big_blind] == newcomer
    assert dealt.config.small_blind_seat == big_blind
    assert dealt.positions.button == setup.positions.small_blind  # the button moves on


@pytest.mark.rules("tda-2022 R10-A", "tda-2022 R8-A")
def test_tda_r10a_a_newcomer_seated_during_a_hand_is_judged_from_that_hand() -> None:
    """Seat B+1 after last hand's big blind B emptied; the hand in progress has its blinds on
    B and B+2. A newcomer the director seats at B+1 now sits between the next button (B) and
    the next small blind (B+2): he waits one hand, as if he had come after this hand."""
    tournament = event(18, seed=3)
    tournament.set_balancing(mode="director", at=1.0)
    short, other = sorted(tournament.state.tables)
    first = _start(tournament, short, 5.0)
    seats = len(first.seats)
    emptied = (first.positions.big_blind + 1) % seats
    _bust_seats(tournament, first, [emptied], 6.0)
    in_progress = _start(tournament, short, 7.0)
    assert in_progress.positions.small_blind == first.positions.big_blind
    assert in_progress.positions.big_blind == (emptied + 1) % seats
    newcomer = tournament.state.tables[other].players[0]
    tournament.move_player(entry=newcomer, to_table=short, to_seat=emptied, at=8.0, reason="x")
    assert newcomer in tournament.state.tables[short].waiting
    _quiet(tournament, in_progress, 9.0)
    waits = _start(tournament, short, 10.0)
    assert newcomer not in waits.seats
    assert waits.positions.button == first.positions.big_blind
    _quiet(tournament, waits, 11.0)
    assert newcomer in _start(tournament, short, 12.0).seats


@pytest.mark.rules("tda-2022 RP-9")
def test_tda_rp9_the_final_table_is_drawn_once_the_hands_in_progress_are_over() -> None:
    tournament = event(18, seed=3)
    bust_down_to(tournament, 10)
    first, second = sorted(tournament.state.tables)
    mid_hand = _start(tournament, first, 20.0)
    busting = _start(tournament, second, 21.0)
    seat = next(s for s, e in enumerate(busting.seats) if e is not None)
    events = tournament.record_hand(
        forged(busting, _all_in_lost(tournament, busting, seat)), at=22.0, rng=random.Random(6)
    )
    assert tournament.state.alive == 9
    assert not any(isinstance(e, FinalTableFormed) for e in events)
    assert tournament.state.play.final_table_waits
    with pytest.raises(FloormanError) as refused:
        tournament.start_hand(second, at=23.0)
    assert refused.value.ruling is not None
    assert refused.value.ruling.rule.rule == "RP-9"

    done = _quiet(tournament, mid_hand, 24.0)
    assert any(isinstance(e, FinalTableFormed) for e in done)
    assert len(tournament.state.tables) == 1
    assert tournament.state.play.waiting == ()


def _all_in_lost(tournament: Tournament, setup: HandSetup, seat: int) -> dict[str, int]:
    loser = setup.seats[seat]
    assert loser is not None
    winner = next(e for e in setup.seats if e is not None and e != loser)
    stack = tournament.state.entries[loser].stack
    return {loser: -stack, winner: stack}


def test_a_day_ended_while_a_tablet_deals_lets_that_hand_finish_before_the_bags() -> None:
    tournament = event(18, seed=3)
    first, second = sorted(tournament.state.tables)
    dealing = _start(tournament, first, 5.0)
    tournament.end_day(at=6.0, rng=random.Random(2))
    assert tournament.state.formats.hands_left == {first: 1, second: 0}
    assert not tournament.state.formats.day_over
    _quiet(tournament, dealing, 7.0)
    assert tournament.state.formats.day_over


@pytest.mark.rules("tda-2022 R27")
def test_tda_r27_a_rebuy_waits_until_the_players_hand_is_over() -> None:
    tournament = event(10, rebuy=RebuyTerms(price=100, chips=10_000, last_level=2))
    table = min(tournament.state.tables)
    dealing = _start(tournament, table, 60.0)
    player = next(e for e in dealing.seats if e is not None)
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as refused:
        tournament.rebuy(entry=player, at=61.0)
    assert refused.value.constraint == "hand-in-progress"
    assert tournament.state.version == version  # nothing recorded
    _quiet(tournament, dealing, 62.0)
    assert tournament.rebuy(entry=player, at=63.0)
    assert tournament.state.entries[player].stack == 20_000
