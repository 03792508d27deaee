"""The director's console at a live event without tablets (floorman issue 6): bust-outs, hands
done, chip counts, manual moves and tables, confirmed instructions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.manual_support import (
    RNG,
    bust_down_to,
    fullest_table_pair,
    live,
    of_type,
    stacks,
    tablemates,
)
from tests.tournament.tournament_helpers import event, placed_once

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import (
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    PlacesShifted,
    PlayerEliminated,
    PlayerMoved,
    TableBroken,
)
from floorman.tournament.floor.manual_events import (
    ChipsCounted,
    HandDone,
    MoveConfirmed,
    PlayerBusted,
    TableOpened,
)
from floorman.tournament.floor.manual_state import pending_instructions, uncounted
from floorman.tournament.formats.events import FinalTableCalled
from floorman.tournament.views.audiences import director_view

# --- bust-outs -------------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 3.1-¶1c")
def test_belarus_3_1_a_player_out_of_chips_is_out_and_his_eliminator_has_them() -> None:
    tournament = live(18, profile="belarus-sport")
    loser, winner = fullest_table_pair(tournament)
    chips = tournament.state.chips
    events = tournament.bust(entry=loser, by=(winner,), at=60.0, rng=RNG)
    assert of_type(events, PlayerBusted)[0].shares == ((winner, 10_000),)
    out = of_type(events, PlayerEliminated)[0]
    assert (out.entry, out.place, out.by, out.reason) == (loser, 18, (winner,), "bust")
    state = tournament.state
    assert state.entries[winner].stack == 20_000
    assert (state.entries[loser].stack, state.entries[loser].table) == (0, None)
    assert state.chips == chips
    assert uncounted(state) == 0


def test_a_bust_splits_his_chips_equally_or_as_stated_and_the_rest_stays_uncounted() -> None:
    tournament = live(18)
    state = tournament.state
    loser = state.tables[1].players[0]
    a, b, c, d = tablemates(tournament, loser)[:4]
    events = tournament.bust(entry=loser, by=(a, b, c), at=60.0, rng=RNG)
    assert of_type(events, PlayerBusted)[0].shares == ((a, 3_334), (b, 3_333), (c, 3_333))
    tournament.bust(entry=d, by=(a, b), amounts=(6_000, 1_000), at=61.0, rng=RNG)
    assert (state.entries[a].stack, state.entries[b].stack) == (19_334, 14_333)
    assert uncounted(state) == 3_000
    other = state.tables[2].players[0]
    tournament.bust(entry=other, at=62.0, rng=RNG)  # nobody named: his chips stay uncounted
    assert uncounted(state) == 13_000
    e = tablemates(tournament, a)[-1]
    tournament.bust(entry=e, by=(a,), stack=8_000, at=63.0, rng=RNG)  # he had less than known
    assert state.entries[a].stack == 27_334
    assert uncounted(state) == 15_000
    assert state.chips == 18 * 10_000


@pytest.mark.parametrize(
    ("change", "constraint"),
    [
        ({"by": ("self",)}, "by"),
        ({"by": ("mate", "mate")}, "by"),
        ({"amounts": (1_000,)}, "amounts"),
        ({"by": ("mate",), "amounts": (-1,)}, "amounts"),
        ({"by": ("mate",), "amounts": (1, 2)}, "amounts"),
        ({"stack": 0}, "stack"),
        ({"stack": True}, "stack"),
        ({"entry": "nobody"}, "entry"),
        ({"same_hand": ("mate",)}, "same-hand"),
    ],
)
def test_a_bust_naming_what_cannot_be_is_refused_and_changes_nothing(
    change: dict[str, object], constraint: str
) -> None:
    tournament = live(18)
    loser = tournament.state.tables[1].players[0]
    names = {"self": loser, "mate": tablemates(tournament, loser)[0]}
    args: dict[str, object] = {"entry": loser, "by": ()}
    for key, value in change.items():
        if isinstance(value, tuple) and value and isinstance(value[0], str):
            value = tuple(names[v] for v in value)
        args[key] = value
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as refused:
        tournament.bust(**args, at=60.0, rng=RNG)  # type: ignore[arg-type]
    assert refused.value.constraint == constraint
    assert tournament.state.version == version


@pytest.mark.rules("pokerstars-live 3.13.3")
def test_psl_3_13_3_busts_of_one_hand_entered_one_by_one_are_ranked_by_their_starting_stacks() -> (
    None
):
    tournament = live(18, profile="pokerstars-live")
    big, small, winner = tournament.state.tables[1].players[:3]
    tournament.bust(entry=big, by=(winner,), stack=9_000, at=60.0, rng=RNG)
    assert tournament.state.entries[big].place == 18
    events = tournament.bust(
        entry=small, by=(winner,), stack=4_000, same_hand=(big,), at=60.0, rng=RNG
    )
    assert of_type(events, PlacesShifted)[0].places == ((big, 17, 1, 0),)
    out = of_type(events, PlayerEliminated)
    assert [(e.entry, e.place, e.tied) for e in out] == [(small, 18, 1)]
    assert tournament.state.entries[big].place == 17
    assert tournament.state.entries[winner].stack == 10_000 + 9_000 + 4_000


def test_busts_of_one_hand_tie_when_a_starting_stack_is_not_known() -> None:
    tournament = live(18)
    first, second, winner = tournament.state.tables[1].players[:3]
    tournament.bust(entry=first, by=(winner,), stack=9_000, at=60.0, rng=RNG)
    tournament.bust(entry=second, by=(winner,), same_hand=(first,), at=60.0, rng=RNG)
    entries = tournament.state.entries
    assert [(entries[e].place, entries[e].tied) for e in (first, second)] == [(17, 2), (17, 2)]


def test_only_the_latest_busts_can_share_a_hand() -> None:
    tournament = live(18)
    first, winner = tournament.state.tables[1].players[:2]
    tournament.bust(entry=first, by=(winner,), at=60.0, rng=RNG)
    tournament.bust(entry=tournament.state.tables[2].players[0], at=61.0, rng=RNG)
    late = tablemates(tournament, winner)[1]
    with pytest.raises(MalformedInputError) as refused:
        tournament.bust(entry=late, by=(winner,), same_hand=(first,), at=62.0, rng=RNG)
    assert refused.value.constraint == "same-hand"


# --- hand-for-hand -----------------------------------------------------------------------------


def bubble() -> Tournament:
    """30 entries at 4-max tables, five paid: down to six players at two tables of three,
    playing hand-for-hand."""
    tournament = live(30, seats=4)
    bust_down_to(tournament, 6)
    state = tournament.state
    assert state.hand_for_hand
    assert [t.size for t in state.tables.values()] == [3, 3]
    assert len(state.prizes) == 5
    return tournament


@pytest.mark.rules("tda-2022 RP-8-A", "poland-pzp §52.5")
def test_tda_rp8a_hand_for_hand_busts_wait_for_every_table_and_share_their_places() -> None:
    tournament = bubble()
    state = tournament.state
    one, two = sorted(state.tables)
    (a, a_winner), (b, b_winner) = (state.tables[n].players[:2] for n in (one, two))
    events = tournament.bust(entry=a, by=(a_winner,), at=3_000.0, rng=RNG)
    events += tournament.bust(entry=b, by=(b_winner,), at=3_000.0, rng=RNG)
    assert not of_type(events, PlayerEliminated)
    assert [type(e) for e in tournament.hand_done(table=one, at=3_010.0, rng=RNG)] == [HandDone]
    with pytest.raises(IllegalActionError):
        tournament.hand_done(table=one, at=3_011.0, rng=RNG)  # it waits for the other table
    closed = tournament.hand_done(table=two, at=3_020.0, rng=RNG)
    assert of_type(closed, HandForHandRound)
    out = of_type(closed, PlayerEliminated)
    assert {(e.entry, e.place, e.tied) for e in out} == {(a, 5, 2), (b, 5, 2)}
    assert sum(e.prize for e in out) == state.prizes[4]  # the 5th prize shared, 6th unpaid
    assert of_type(closed, HandForHandEnded)
    assert of_type(closed, FinalTableFormed)
    assert not state.hand_for_hand
    assert pending_instructions(state) == ()  # the final table's draw replaces every move


def test_a_hand_done_where_nothing_waits_for_one_is_refused() -> None:
    tournament = live(18)
    with pytest.raises(MalformedInputError) as refused:
        tournament.hand_done(table=1, at=60.0, rng=RNG)
    assert refused.value.constraint == "hand-done"


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_belarus_3_1_the_final_table_called_by_a_bust_waits_for_the_other_tables_hand() -> None:
    tournament = live(18, profile="belarus-sport")
    bust_down_to(tournament, 10)
    loser, winner = fullest_table_pair(tournament)
    table = tournament.state.entries[loser].table
    events = tournament.bust(entry=loser, by=(winner,), at=120.0, rng=RNG)
    called = of_type(events, FinalTableCalled)[0]
    (other,) = called.waiting
    assert other != table
    assert tournament.state.final_table is None
    formed = tournament.hand_done(table=other, at=130.0, rng=RNG)
    assert of_type(formed, FinalTableFormed)
    assert len(tournament.state.tables) == 1


# --- chip counts -------------------------------------------------------------------------------


def test_a_count_of_some_players_takes_its_difference_from_the_uncounted_chips() -> None:
    tournament = live(18)
    state = tournament.state
    first, second = state.tables[1].players[:2]
    events = tournament.chip_count(counts={first: 12_500, second: 9_000}, at=600.0)
    counted = of_type(events, ChipsCounted)[0]
    assert counted.counts == ((first, 10_000, 12_500), (second, 10_000, 9_000))
    assert (counted.full, counted.adjustment) == (False, 0)
    assert state.chips == 18 * 10_000
    assert uncounted(state) == -1_500
    corrected = tournament.chip_count(counts={first: 11_000}, at=601.0)
    assert of_type(corrected, ChipsCounted)[0].counts == ((first, 12_500, 11_000),)
    assert uncounted(state) == 0


def test_a_full_count_must_add_up_to_the_chips_in_play_unless_the_director_adjusts() -> None:
    tournament = live(12)
    state = tournament.state
    players = sorted(e for e in state.entries)
    counts = dict.fromkeys(players, 10000)
    counts[players[0]] = 10_500
    version = state.version
    with pytest.raises(MalformedInputError) as refused:
        tournament.chip_count(counts=counts, at=600.0)
    assert refused.value.constraint == "chip-total"
    with pytest.raises(MalformedInputError) as no_reason:
        tournament.chip_count(counts=counts, at=600.0, adjust=True)
    assert no_reason.value.constraint == "reason"
    assert state.version == version
    events = tournament.chip_count(counts=counts, at=600.0, adjust=True, reason="500 found")
    counted = of_type(events, ChipsCounted)[0]
    assert (counted.full, counted.adjustment, counted.reason) == (True, 500, "500 found")
    assert counted.rule == "R1"
    assert state.chips == 120_500
    assert uncounted(state) == 0


@pytest.mark.parametrize(
    ("counts", "constraint"),
    [({}, "counts"), ({"e1": 0}, "count"), ({"e1": 10**9}, "count"), ({"e99": 5}, "entry")],
)
def test_a_count_that_cannot_be_is_refused(counts: dict[str, int], constraint: str) -> None:
    tournament = live(12)
    with pytest.raises(MalformedInputError) as refused:
        tournament.chip_count(counts=counts, at=600.0)
    assert refused.value.constraint == constraint


# --- manual moves, tables and instructions ---------------------------------------------------


@pytest.mark.rules("tda-2022 R7", "tda-2022 R9")
def test_tda_r7_a_player_in_the_wrong_seat_moves_with_his_current_stack() -> None:
    tournament = live(12)
    state = tournament.state
    entry = state.tables[1].players[0]
    tournament.chip_count(counts={entry: 13_000}, at=300.0)
    free = state.tables[2].free_seats[0]
    events = tournament.move_player(
        entry=entry, to_table=2, to_seat=free, at=310.0, reason="wrong seat"
    )
    moved = of_type(events, PlayerMoved)[0]
    name = state.entries[entry].name
    seat = moved.from_seat + 1
    assert (moved.reason, moved.note, moved.rule) == ("manual", "wrong seat", "R1")
    assert moved.instruction == f"{name}: table 1 seat {seat} -> table 2 seat {free + 1}"
    assert (state.entries[entry].table, state.entries[entry].seat) == (2, free)
    assert state.entries[entry].stack == 13_000
    assert director_view(tournament, 320.0).balancing.instructions == (moved.instruction,)
    tournament.confirm_move(entry=entry, at=330.0)
    assert pending_instructions(state) == ()


@pytest.mark.parametrize(
    ("table", "seat", "reason", "constraint"),
    [(9, 0, "x", "table"), (2, 99, "x", "seat"), (2, -1, "x", "seat"), (2, None, " ", "reason")],
)
def test_a_manual_move_to_a_seat_that_cannot_take_him_is_refused(
    table: int, seat: int | None, reason: str, constraint: str
) -> None:
    tournament = live(12)
    state = tournament.state
    entry = state.tables[1].players[0]
    to_seat = state.tables[2].free_seats[0] if seat is None else seat
    with pytest.raises(MalformedInputError) as refused:
        tournament.move_player(entry=entry, to_table=table, to_seat=to_seat, at=1.0, reason=reason)
    assert refused.value.constraint == constraint
    taken = state.tables[2].seats.index(state.tables[2].players[0])
    with pytest.raises(MalformedInputError) as occupied:
        tournament.move_player(entry=entry, to_table=2, to_seat=taken, at=1.0, reason="x")
    assert occupied.value.constraint == "seat-taken"


@pytest.mark.rules("tda-2022 R11-A")
def test_tda_r11a_balancing_moves_are_instructions_until_the_player_confirms() -> None:
    tournament = live(18)
    state = tournament.state
    for _ in range(2):  # table 1 two short of table 2: one player moves
        tournament.bust(entry=state.tables[1].players[0], at=60.0, rng=RNG)
    balance = [m for m in tournament.events if isinstance(m, PlayerMoved)]
    assert [m.reason for m in balance] == ["balance"]
    move = balance[0]
    name = state.entries[move.entry].name
    assert move.instruction == (
        f"{name}: table 2 seat {move.from_seat + 1} -> table 1 seat {move.to_seat + 1}"
    )
    assert [i.text for i in pending_instructions(state)] == [move.instruction]
    free = state.tables[2].free_seats[0]
    again = tournament.move_player(
        entry=move.entry, to_table=2, to_seat=free, at=70.0, reason="back"
    )
    line = of_type(again, PlayerMoved)[0].instruction
    assert line == f"{name}: table 2 seat {move.from_seat + 1} -> table 2 seat {free + 1}"
    tournament.confirm_move(entry=move.entry, at=80.0)
    with pytest.raises(MalformedInputError) as refused:
        tournament.confirm_move(entry=move.entry, at=81.0)
    assert refused.value.constraint == "instruction"


@pytest.mark.rules("tda-2022 R10-B", "tda-2022 RP-16")
def test_tda_rp16_a_table_closed_by_hand_moves_an_absent_players_chips_too() -> None:
    tournament = live(12)
    state = tournament.state
    opened = tournament.open_table(table=5, at=100.0, seats=6)
    assert of_type(opened, TableOpened)[0].seats == 6
    assert state.tables[5].size == 0
    first, second = state.tables[1].players[:2]
    tournament.move_player(entry=first, to_table=5, to_seat=0, at=110.0, reason="new table")
    tournament.move_player(entry=second, to_table=5, to_seat=3, at=110.0, reason="new table")
    tournament.mark_absent(entry=second, at=120.0)
    tournament.chip_count(counts={second: 7_000}, at=125.0)
    events = tournament.close_table(table=5, at=130.0, rng=random.Random(3))
    assert of_type(events, TableBroken)[0].table == 5
    assert {m.entry for m in of_type(events, PlayerMoved) if m.reason == "break"} == {
        first,
        second,
    }
    assert 5 not in state.tables
    assert state.entries[second].stack == 7_000
    assert state.entries[second].table in (1, 2)
    assert second in {i.entry for i in pending_instructions(state)}  # staff still carry them


def test_tables_that_cannot_open_or_close_are_refused() -> None:
    tournament = live(18)
    with pytest.raises(MalformedInputError) as taken:
        tournament.open_table(table=1, at=1.0)
    assert taken.value.constraint == "table"
    with pytest.raises(MalformedInputError) as size:
        tournament.open_table(table=3, seats=11, at=1.0)
    assert size.value.constraint == "seats"
    with pytest.raises(MalformedInputError) as full:
        tournament.close_table(table=1, at=1.0, rng=RNG)  # nine players, no nine free seats
    assert full.value.constraint == "free-seats"


def test_manual_commands_need_an_event_in_play() -> None:
    not_started = event(4, start=False)
    with pytest.raises(MalformedInputError) as refused:
        not_started.chip_count(counts={"e1": 10_000}, at=0.0)
    assert refused.value.constraint == "not-started"
    over = live(2)
    winner, loser = over.state.tables[1].players
    over.bust(entry=loser, by=(winner,), at=10.0, rng=RNG)
    assert over.state.finished
    with pytest.raises(IllegalActionError):
        over.chip_count(counts={winner: 20_000}, at=11.0)


# --- replay --------------------------------------------------------------------------------


def test_replay_rebuilds_the_state_of_a_console_run_event() -> None:
    tournament = bubble()
    state = tournament.state
    one, two = sorted(state.tables)
    mover = state.tables[one].players[0]
    tournament.chip_count(counts={mover: 9_000}, at=2_900.0)
    tournament.open_table(table=9, at=2_901.0, seats=4)
    tournament.move_player(entry=mover, to_table=9, to_seat=1, at=2_902.0, reason="test")
    tournament.confirm_move(entry=mover, at=2_903.0)
    tournament.close_table(table=9, at=2_904.0, rng=RNG)
    loser, winner = state.tables[two].players[:2]
    tournament.bust(entry=loser, by=(winner,), at=2_910.0, rng=RNG)
    tournament.hand_done(table=one, at=2_911.0, rng=RNG)
    tournament.hand_done(table=two, at=2_912.0, rng=RNG)
    kinds = {type(e) for e in tournament.events}
    assert {PlayerBusted, HandDone, ChipsCounted, TableOpened, MoveConfirmed} <= kinds
    back = pending_instructions(state)  # the closed table's player walks back
    assert [(i.entry, i.from_table, i.from_seat) for i in back] == [(mover, 9, 1)]
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state == state
    assert stacks(rebuilt) == stacks(tournament)


# --- invariants ----------------------------------------------------------------------------


def _random_step(tournament: Tournament, rng: random.Random, at: float) -> None:
    """A bust (eliminators, amounts, starting stack and same hand drawn at random), or a count
    of some players, or of everyone adding up to the chips in play."""
    state = tournament.state
    alive = sorted(e for e, s in state.entries.items() if s.alive)
    if rng.random() < 0.3:
        tournament.chip_count(counts=_counts(alive, state.chips, rng), at=at)
        return
    loser = rng.choice(alive)
    mates = tablemates(tournament, loser)
    by = tuple(rng.sample(mates, rng.randint(0, min(2, len(mates)))))
    amounts = tuple(rng.randint(0, 5_000) for _ in by) if by and rng.random() < 0.5 else None
    tournament.bust(
        entry=loser,
        by=by,
        amounts=amounts,
        stack=rng.randint(1, 30_000) if rng.random() < 0.5 else None,
        same_hand=_latest_at_table(tournament, loser) if rng.random() < 0.5 else (),
        at=at,
        rng=rng,
    )


def _counts(alive: list[str], chips: int, rng: random.Random) -> dict[str, int]:
    if len(alive) > 1 and rng.random() < 0.5:
        chosen = rng.sample(alive, rng.randint(1, len(alive) - 1))
        return {e: rng.randint(1, chips) for e in chosen}
    cuts = sorted(rng.sample(range(1, chips), len(alive) - 1))
    return {e: b - a for e, a, b in zip(alive, [0, *cuts], [*cuts, chips], strict=True)}


def _latest_at_table(tournament: Tournament, entry: str) -> tuple[str, ...]:
    """The latest player out, alone in his place, if he went out at ``entry``'s table."""
    state = tournament.state
    out = [e for e in state.entries.values() if e.place is not None]
    if not out:
        return ()
    last = min(out, key=lambda e: e.place or 0)
    same_table = state.manual.busts[last.entry].table == state.entries[entry].table
    return (last.entry,) if same_table and last.tied == 1 else ()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_busts_and_counts_keep_the_chips_in_play_and_place_everyone_once(seed: int) -> None:
    tournament = live(12)
    rng = random.Random(seed)
    chips = tournament.state.chips
    at = 60.0
    while not tournament.state.finished:
        _random_step(tournament, rng, at)
        assert tournament.state.chips == chips
        at += 30.0
    state = tournament.state
    assert placed_once(tournament)
    assert sum(e.prize for e in state.entries.values()) == state.pool
    assert Tournament.replay(tournament.events).state == state
