"""Balancing, halting and breaking (TDA R11-A, R11-D with ADD-11-D / T2, D16, RP-19; Belarus
3.1-¶2b, ¶2c, ¶3a; RedCactus 10; Poland §25)."""

from __future__ import annotations

import random

import pytest
from bench.balancing import balancing_benchmark, build_event
from bench.config import QUICK
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import BalanceMover, TournamentRules
from floorman.tournament.seating.balancing import (
    BALANCE,
    BALANCE_STUD,
    final_table_due,
    plan_balance,
    tables_to_break,
)
from floorman.tournament.seating.draws import (
    apply_moves,
    break_table_draw,
    final_table_draw,
    seat_draw,
)
from floorman.tournament.seating.positions import (
    dealt_in,
    first_positions,
    next_positions,
    record_hand,
)
from floorman.tournament.seating.tables import Positions, Table

TDA = TournamentRules()
BELARUS = TournamentRules(
    balance_mover=BalanceMover.CURRENT_BIG_BLIND, halt_when_short_by=None, balance_within_one=True
)
REDCACTUS = TournamentRules(halt_when_short_by=4)


def table(layout: str, *, number: int, last: tuple[int, int | None, int] | None = None) -> Table:
    """``"AB.D"`` with entries named letter + table number; ``last``: button, small and big
    blind of the hand just played."""
    seats = tuple(None if ch == "." else f"{ch}{number}" for ch in layout)
    positions = None if last is None else Positions(
        button=last[0], small_blind=last[1], big_blind=last[2]
    )  # fmt: skip
    return Table(number=number, seats=seats, last=positions)


# --- who moves, where he sits (R11-A, D16) ---------------------------------------------------


@pytest.mark.rules("tda-2022 R11-A", "pokerstars-live 2.5", "poland-pzp §25.2a")
def test_tda_r11a_next_big_blind_moves_to_worst_seat() -> None:
    """Table 1 (9 players) gives the player due its big blind next hand (seat 4 after a big
    blind in seat 3); table 2 (6 players, big blind last in seat 2) seats him in seat 4, the
    first empty seat after its big blind, where he posts the big blind next hand."""
    giver = table("ABCDEFGHI", number=1, last=(0, 1, 2))
    receiver = table("ABC...GHI", number=2, last=(0, 1, 2))
    plan = plan_balance([giver, receiver], rules=TDA)
    assert len(plan.moves) == 1
    move = plan.moves[0]
    assert (move.entry, move.from_seat, move.to_table, move.to_seat) == ("D1", 3, 2, 3)
    assert move.rule == BALANCE
    after = apply_moves([giver, receiver], plan.moves)
    assert next_positions(after[1]).big_blind == 3
    assert next_positions(after[0]).big_blind == 4


@pytest.mark.rules("tda-2022 R11-A")
def test_D16_never_into_the_small_blind() -> None:
    """Table 2's big blind (seat 3) has just busted: his seat is the coming small blind. The
    moved player takes the next empty seat clockwise instead (seat 6), not seat 3."""
    giver = table("ABCDEFGHI", number=1, last=(0, 1, 2))
    receiver = table("AB.DE..HI", number=2, last=(0, 1, 2))
    plan = plan_balance([giver, receiver], rules=TDA)
    assert [m.to_seat for m in plan.moves] == [5]
    after = apply_moves([giver, receiver], plan.moves)
    positions = next_positions(after[1])
    assert positions.small_blind is None
    assert positions.big_blind == 3


@pytest.mark.rules("tda-2022 R11-A")
def test_D16_a_table_whose_only_free_seat_is_the_small_blind_receives_nobody() -> None:
    """Table 2 (8 seats) and table 3 (9 seats) both have 7 players; table 2's only free seat is
    its coming small blind, so table 3 receives the player although its number is higher."""
    giver = table("ABCDEFGHI", number=1, last=(0, 1, 2))
    receiver = table("AB.DEFGH", number=2, last=(0, 1, 2))
    other = table("ABCDEFG..", number=3, last=(0, 1, 2))
    plan = plan_balance([giver, receiver, other], rules=TDA)
    assert [m.to_table for m in plan.moves] == [3]


@pytest.mark.rules("tda-2022 R11-A")
def test_two_players_to_one_table_take_the_two_worst_seats() -> None:
    giver = table("ABCDEFGHI", number=1, last=(0, 1, 2))
    receiver = table("ABC....HI", number=2, last=(0, 1, 2))
    plan = plan_balance([giver, receiver], rules=TDA)
    assert [(m.from_seat, m.to_seat) for m in plan.moves] == [(3, 3), (4, 4)]


@pytest.mark.rules("belarus-sport 3.1-¶2b", "belarus-sport 3.1-¶2c")
def test_belarus_current_big_blind_moves_to_next_big_blind_seat() -> None:
    giver = table("ABCDEFGH.", number=1, last=(0, 1, 2))
    receiver = table("ABC...G..", number=2, last=(0, 1, 2))
    plan = plan_balance([giver, receiver], rules=BELARUS)
    assert plan.moves[0].entry == "C1"
    assert plan.moves[0].to_seat == 3
    assert plan.halted == (1, 2)


@pytest.mark.rules("belarus-sport 3.1-¶3a")
def test_belarus_balances_at_a_difference_of_two_and_halts_both_tables() -> None:
    near = [table("ABCDEFG..", number=1, last=(0, 1, 2)), table("ABCDEF...", number=2)]
    assert plan_balance(near, rules=BELARUS).moves == ()
    far = [table("ABCDEFG..", number=1, last=(0, 1, 2)), table("ABCDE....", number=2)]
    plan = plan_balance(far, rules=BELARUS)
    assert len(plan.moves) == 1
    assert plan.halted == (1, 2)


@pytest.mark.rules("redcactus 10")
def test_redcactus_next_big_blind_goes_to_fewest_players_then_lowest_number() -> None:
    tables = [
        table("ABCDEFGH", number=1, last=(0, 1, 2)),
        table("ABCDE...", number=2, last=(0, 1, 2)),
        table("ABCDEF..", number=3, last=(0, 1, 2)),
        table("ABCDE...", number=4, last=(0, 1, 2)),
    ]
    plan = plan_balance(tables, rules=REDCACTUS)
    assert [(m.entry, m.to_table) for m in plan.moves] == [("D1", 2), ("E1", 4)]


@pytest.mark.rules("redcactus 10")
def test_redcactus_halts_four_short_not_three() -> None:
    """8-max. The short table's big blind was seat 3 and seat 4 is empty: at 3 short it plays
    on (TDA would halt it), at 4 short it halts."""
    fullest = table("ABCDEFGH", number=1, last=(0, 1, 2))
    three_short = table("ABC.EF..", number=2, last=(0, 1, 2))
    four_short = table("ABC.E...", number=2, last=(0, 1, 2))
    assert plan_balance([fullest, three_short], rules=REDCACTUS).halted == ()
    assert plan_balance([fullest, three_short], rules=TDA).halted == (2,)
    assert plan_balance([fullest, four_short], rules=REDCACTUS).halted == (2,)


# --- halting (R11-D, T2) -------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R11-D")
def test_scenario_T2_short_table_halts_when_big_blind_would_reach_empty_seat() -> None:
    """9-max: X has 5 players, the fullest table Y has 8. X halts as soon as its big blind
    would fall on an empty seat, and is the table Y's player goes to."""
    y = table("ABCDEFGH.", number=1, last=(0, 1, 2))
    x_blind_reaches_gap = table("ABC...GH.", number=2, last=(0, 1, 2))
    plan = plan_balance([y, x_blind_reaches_gap], rules=TDA)
    assert plan.halted == (2,)
    assert plan.moves[0].to_table == 2
    assert plan.moves[0].to_seat == 3
    x_blind_still_on_players = table("ABCDE....", number=2, last=(0, 1, 2))
    plan = plan_balance([y, x_blind_still_on_players], rules=TDA)
    assert plan.halted == ()
    assert plan.moves[0].to_table == 2


@pytest.mark.rules("tda-2022 R11-D")
def test_two_short_does_not_halt() -> None:
    y = table("ABCDEFGH.", number=1, last=(0, 1, 2))
    x = table("ABC..FGH.", number=2, last=(0, 1, 2))
    plan = plan_balance([y, x], rules=TDA)
    assert plan.halted == ()
    assert len(plan.moves) == 1


# --- stud (R11-A, Poland §25.2b) -------------------------------------------------------------


@pytest.mark.rules("tda-2022 R11-A", "poland-pzp §25.2b", "pokerstars-live 2.5")
def test_stud_fills_the_seat_vacated_last() -> None:
    giver = Table(number=1, seats=tuple("ABCDEFGH"))
    receiver = Table(number=2, seats=tuple("abcdefgh"))
    for gone in ("b", "f", "d"):
        receiver = receiver.without(gone)
    assert receiver.vacated == (1, 5, 3)
    plan = plan_balance([giver, receiver], rules=TDA, stud=True)
    assert [(m.entry, m.to_seat, m.rule) for m in plan.moves] == [("D", 3, BALANCE_STUD)]


@pytest.mark.rules("tda-2022 R11-D")
def test_stud_table_halts_when_short_enough() -> None:
    giver = Table(number=1, seats=tuple("ABCDEFGH"))
    receiver = Table(number=2, seats=(*"abcde", None, None, None))
    assert plan_balance([giver, receiver], rules=TDA, stud=True).halted == (2,)


# --- recently moved players -----------------------------------------------------------------


def test_recently_moved_player_stays_when_another_full_table_can_give() -> None:
    tables = [
        table("ABCDEFGHI", number=1, last=(0, 1, 2)),
        table("ABCDEFGHI", number=2, last=(0, 1, 2)),
        table("ABCDEF...", number=3, last=(0, 1, 2)),
    ]
    assert plan_balance(tables, rules=TDA).moves[0].entry == "D1"
    plan = plan_balance(tables, rules=TDA, recently_moved=frozenset({"D1"}))
    assert plan.moves[0].entry == "D2"


def test_recently_moved_player_stays_when_the_next_one_can_go() -> None:
    tables = [
        table("ABCDEFGHI", number=1, last=(0, 1, 2)),
        table("ABCDEF...", number=2, last=(0, 1, 2)),
    ]
    plan = plan_balance(tables, rules=TDA, recently_moved=frozenset({"D1"}))
    assert plan.moves[0].entry == "E1"
    everyone = frozenset(tables[0].players)
    assert plan_balance(tables, rules=TDA, recently_moved=everyone).moves[0].entry == "D1"


def test_plan_refuses_duplicate_tables_and_a_zero_gap() -> None:
    t = table("ABC", number=1)
    with pytest.raises(MalformedInputError) as error:
        plan_balance([t, t], rules=TDA)
    assert error.value.constraint == "table-number"
    with pytest.raises(MalformedInputError) as error:
        plan_balance([t], rules=TDA, move_when_short_by=1)
    assert error.value.constraint == "balance-gap"
    assert plan_balance([], rules=TDA).moves == ()


# --- invariants -----------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn) -> list[Table]:
    """2 to 8 tables of one size, each after its first hand, then random busts."""
    seats = draw(st.sampled_from([6, 8, 9, 10]))
    count = draw(st.integers(2, 8))
    tables = []
    for number in range(1, count + 1):
        full = Table(number=number, seats=tuple(f"{number}-{s}" for s in range(seats)))
        t = record_hand(full, first_positions(full, draw(st.integers(0, seats - 1))))
        for entry in draw(st.lists(st.sampled_from(full.players), unique=True,
                                   max_size=seats - 2)):  # fmt: skip
            t = t.without(entry)
        tables.append(t)
    return tables


@given(events(), st.sampled_from([TDA, BELARUS, REDCACTUS]), st.booleans())
@settings(max_examples=150, deadline=None)
def test_plan_keeps_everyone_balances_and_never_moves_into_small_blind(
    tables: list[Table], rules: TournamentRules, stud: bool
) -> None:
    plan = plan_balance(tables, rules=rules, stud=stud)
    after = apply_moves(tables, plan.moves)
    before = sorted(e for t in tables for e in t.players)
    assert sorted(e for t in after for e in t.players) == before
    sizes = [t.size for t in after]
    assert max(sizes) - min(sizes) <= 1
    moved = {m.entry for m in plan.moves}
    assert len(moved) == len(plan.moves)
    for t in after:
        if not stud and t.last is not None and t.size - len(t.waiting) >= 2:
            small = next_positions(t).small_blind
            assert small is None or t.seats[small] not in moved
    fullest = max(t.size for t in tables)
    for number in plan.halted:
        short = next(t for t in tables if t.number == number)
        assert rules.balance_within_one or fullest - short.size >= (rules.halt_when_short_by or 0)


@given(events())
@settings(max_examples=60, deadline=None)
def test_belarus_within_one_after_every_plan(tables: list[Table]) -> None:
    after = apply_moves(tables, plan_balance(tables, rules=BELARUS).moves)
    assert max(t.size for t in after) - min(t.size for t in after) <= 1
    assert plan_balance(after, rules=BELARUS).moves == ()


# --- breaking tables and the final table ----------------------------------------------------


def tables_of(*sizes: int) -> list[Table]:
    return [
        Table(number=n, seats=tuple(f"{n}-{s}" if s < size else None for s in range(9)))
        for n, size in enumerate(sizes, start=1)
    ]


def test_break_when_players_fit_one_table_fewer() -> None:
    assert tables_to_break(tables_of(9, 9, 9), seats_per_table=9) == ()
    assert tables_to_break(tables_of(6, 6, 6), seats_per_table=9) == (3,)
    assert tables_to_break(tables_of(3, 3, 3, 3), seats_per_table=9) == (4, 3)


@pytest.mark.rules("tda-2022 RP-19")
def test_random_break_order_comes_from_the_rng() -> None:
    tables = tables_of(*[4] * 9)
    drawn = {tables_to_break(tables, seats_per_table=9, order="random", rng=random.Random(s))
             for s in range(20)}  # fmt: skip
    assert len(drawn) > 1
    assert all(len(d) == 5 and len(set(d)) == 5 for d in drawn)
    with pytest.raises(MalformedInputError) as error:
        tables_to_break(tables, seats_per_table=9, order="random")
    assert error.value.constraint == "rng"


@pytest.mark.rules("pokerstars-live 2.4")
def test_announced_break_order() -> None:
    tables = tables_of(6, 6, 6)
    assert tables_to_break(tables, seats_per_table=9, order=(2, 1, 3)) == (2,)
    assert tables_to_break(tables, seats_per_table=9, order=(7, 1)) == (1,)
    with pytest.raises(MalformedInputError) as error:
        tables_to_break(tables, seats_per_table=9, order=(7,))
    assert error.value.constraint == "break-order"


@pytest.mark.rules("tda-2022 RP-9", "belarus-sport 3.1-¶3b")
def test_final_table_due() -> None:
    assert final_table_due(9, 9)
    assert not final_table_due(10, 9)
    with pytest.raises(MalformedInputError):
        final_table_due(-1, 9)


# --- speed ----------------------------------------------------------------------------------


def test_benchmark_event_plans_moves_and_reports_its_target() -> None:
    tables = build_event(QUICK.seed)
    assert len(tables) == 1112
    plan = plan_balance(tables, rules=TDA)
    after = apply_moves(tables, plan.moves)
    assert max(t.size for t in after) - min(t.size for t in after) <= 1
    section = balancing_benchmark(QUICK)
    assert section.targets[0].label == "balancing decision over 1,112 tables"
    assert section.targets[0].goal == "< 10 ms"


# --- a whole event --------------------------------------------------------------------------


def play_round(tables: list[Table], rng: random.Random, busts: int) -> list[Table]:
    """Every table plays a hand with the positions the dead-button rule gives, then up to
    ``busts`` random players leave (never below two at a table)."""
    played = []
    for t in tables:
        p = (
            next_positions(t)
            if t.last is not None
            else first_positions(t, t.seats.index(t.players[0]))
        )
        assert p.big_blind in dealt_in(t, p)
        played.append(record_hand(t, p))
    for _ in range(busts):
        k = rng.randrange(len(played))
        if played[k].size > 2:
            played[k] = played[k].without(rng.choice(played[k].players))
    return played


@pytest.mark.parametrize("rules", [TDA, BELARUS, REDCACTUS])
def test_an_event_from_the_draw_to_the_final_table(rules: TournamentRules) -> None:
    """70 entries, 9-max: hands, busts, balancing after every round, tables broken by the
    two-step draw when the players fit one table fewer, down to the final table of 9."""
    rng = random.Random(2024)
    names = [f"e{i}" for i in range(70)]
    tables = list(seat_draw(names, seats_per_table=9, rng=rng))
    alive = set(names)
    while not final_table_due(len(alive), 9):
        tables = play_round(tables, rng, busts=2)
        alive = {e for t in tables for e in t.players}
        for number in tables_to_break(tables, seats_per_table=9):
            broken = next(t for t in tables if t.number == number)
            rest = [t for t in tables if t.number != number]
            draw = break_table_draw(broken, rest, rng=rng)
            tables = [t for t in apply_moves(tables, draw.moves) if t.number != number]
        plan = plan_balance(tables, rules=rules)
        tables = list(apply_moves(tables, plan.moves))
        moved = {m.entry for m in plan.moves}
        for t in tables:
            if t.last is not None and t.size - len(t.waiting) >= 2:
                small = next_positions(t).small_blind
                assert small is None or t.seats[small] not in moved
        assert {e for t in tables for e in t.players} == alive
        assert max(t.size for t in tables) - min(t.size for t in tables) <= 1
    assert len(tables) == 1
    final = final_table_draw(sorted(alive), size=9, rng=rng)
    assert final.size == len(alive)
