"""Seat draws (TDA R7, R8-A, R10-B with ADD-10 / T1, RP-9 / D17; Belarus 3.1-¶3b, 5.2, 5.3;
PokerStars Live 3.1; RedCactus 6), the tables themselves, and moves between them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards.card import Card
from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import ButtonDraw, FinalTableSize
from floorman.tournament.seating.draws import (
    BREAK_DRAW,
    apply_moves,
    break_table_draw,
    button_draw,
    final_table_draw,
    final_table_size,
    late_entry_seat,
    redraw,
    seat_draw,
)
from floorman.tournament.seating.positions import first_positions, join, next_positions, sits_out
from floorman.tournament.seating.tables import Move, Positions, Table


def table(layout: str, *, number: int = 1, last: Positions | None = None) -> Table:
    """``"AB.D"``: one entry per letter group of the layout, ``.`` an empty seat; entries are
    the letter and the table number, so tables never share an entry."""
    seats = tuple(None if ch == "." else f"{ch}{number}" for ch in layout)
    return Table(number=number, seats=seats, last=last)


def entries(count: int) -> list[str]:
    return [f"e{i}" for i in range(count)]


# --- tables and moves -----------------------------------------------------------------------


def test_table_refuses_an_entry_seated_twice() -> None:
    with pytest.raises(MalformedInputError) as error:
        Table(number=1, seats=("a", None, "a"))
    assert error.value.constraint == "entry-twice"


@pytest.mark.parametrize(
    ("kwargs", "constraint"),
    [
        ({"number": 0, "seats": ("a", "b")}, "table-number"),
        ({"number": 1, "seats": ("a",)}, "seats"),
        ({"number": 1, "seats": ("a", "b"), "waiting": frozenset({"c"})}, "waiting"),
        ({"number": 1, "seats": ("a", "b"), "vacated": (1,)}, "vacated"),
        ({"number": 1, "seats": ("a", "b"), "last": Positions(button=0, small_blind=1,
                                                                big_blind=5)}, "positions"),
    ],
)  # fmt: skip
def test_table_refuses_inconsistent_state(kwargs: dict[str, object], constraint: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        Table(**kwargs)  # type: ignore[arg-type]
    assert error.value.constraint == constraint


def test_positions_refuse_the_same_seat_for_both_blinds() -> None:
    with pytest.raises(MalformedInputError):
        Positions(button=0, small_blind=2, big_blind=2)
    with pytest.raises(MalformedInputError):
        Positions(button=0, small_blind=1, big_blind=2, dead_small_blind_seat=1)


def test_table_helpers_are_pure() -> None:
    t = table("AB..E")
    moved = t.with_seat(2, "N")
    assert t.seats[2] is None
    assert moved.seat_of("N") == 2
    assert moved.free_seats == (3,)
    assert moved.players == ("A1", "B1", "N", "E1")
    left = moved.without("B1")
    assert left.vacated == (1,)
    assert left.with_seat(1, "M").vacated == ()
    with pytest.raises(MalformedInputError) as error:
        t.with_seat(0, "N")
    assert error.value.constraint == "seat-taken"
    with pytest.raises(MalformedInputError) as error:
        t.seat_of("Z")
    assert error.value.constraint == "not-seated"


def test_move_describe_numbers_seats_from_one() -> None:
    move = Move(entry="e7", from_table=3, from_seat=4, to_table=7, to_seat=1, rule="balance")
    assert move.describe({"e7": "Ivanov"}) == "Ivanov: table 3 seat 5 -> table 7 seat 2"
    assert move.describe({}) == "e7: table 3 seat 5 -> table 7 seat 2"


def test_apply_moves_seats_the_newcomer_and_refuses_a_wrong_move() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    a, b = table("ABCD", number=1), table("AB...", number=2, last=last)
    move = Move(entry="C1", from_table=1, from_seat=2, to_table=2, to_seat=3, rule="balance")
    after = apply_moves([a, b], [move])
    assert after[0].seats[2] is None
    assert after[1].seats[3] == "C1"
    wrong = Move(entry="C1", from_table=1, from_seat=1, to_table=2, to_seat=3, rule="balance")
    with pytest.raises(MalformedInputError) as error:
        apply_moves([a, b], [wrong])
    assert error.value.constraint == "move"


# --- the seat draw (R7) ---------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R7", "belarus-sport 5.2")
def test_seat_draw_uses_fewest_tables_and_even_sizes() -> None:
    tables = seat_draw(entries(20), seats_per_table=9, rng=random.Random(1))
    assert [t.number for t in tables] == [1, 2, 3]
    assert [t.size for t in tables] == [7, 7, 6]
    assert sorted(e for t in tables for e in t.players) == sorted(entries(20))


@pytest.mark.rules("tda-2022 R7", "poland-pzp §13.3")
def test_seat_draw_is_reproducible_from_the_rng() -> None:
    first = seat_draw(entries(30), seats_per_table=8, rng=random.Random(5), first_table=4)
    again = seat_draw(entries(30), seats_per_table=8, rng=random.Random(5), first_table=4)
    other = seat_draw(entries(30), seats_per_table=8, rng=random.Random(6), first_table=4)
    assert first == again
    assert first != other
    assert first[0].number == 4


@given(st.integers(0, 400), st.integers(2, 10), st.integers(0, 2**32))
@settings(max_examples=80, deadline=None)
def test_seat_draw_spreads_everyone(count: int, seats: int, seed: int) -> None:
    tables = seat_draw(entries(count), seats_per_table=seats, rng=random.Random(seed))
    assert len(tables) == -(-count // seats)
    sizes = [t.size for t in tables]
    assert not sizes or max(sizes) - min(sizes) <= 1
    assert all(len(t.seats) == seats for t in tables)
    assert sorted(e for t in tables for e in t.players) == sorted(entries(count))


def test_seat_draw_refuses_duplicates_and_odd_tables() -> None:
    with pytest.raises(MalformedInputError) as error:
        seat_draw(["a", "a"], seats_per_table=9, rng=random.Random(1))
    assert error.value.constraint == "entry-twice"
    with pytest.raises(MalformedInputError) as error:
        seat_draw(["a", "b"], seats_per_table=11, rng=random.Random(1))
    assert error.value.constraint == "seats"


# --- the button draw (Belarus 5.3, PokerStars Live 3.1, RedCactus 6) -------------------------


@pytest.mark.rules("belarus-sport 5.3.1", "belarus-sport 5.3.2")
def test_high_card_takes_the_button_suits_breaking_ties() -> None:
    """The highest card by rank, then spades > hearts > diamonds > clubs. Over seeds, at least
    one draw is decided by suit, and the button always follows that order."""
    decided_by_suit = 0
    for seed in range(60):
        tables = seat_draw(entries(18), seats_per_table=9, rng=random.Random(seed))
        result = button_draw(tables, method=ButtonDraw.HIGH_CARD_PER_TABLE, rng=random.Random(seed))
        for t in tables:
            dealt = result.cards[t.number]
            assert [s for s, _ in dealt] == [s for s, e in enumerate(t.seats) if e is not None]
            best_seat, best = max(dealt, key=lambda sc: (Card(sc[1]).rank, Card(sc[1]).suit))
            assert result.buttons[t.number] == best_seat
            ranks = sorted((Card(c).rank for _, c in dealt), reverse=True)
            decided_by_suit += ranks[0] == ranks[1]
            assert best.rank == ranks[0]
    assert decided_by_suit > 0


@pytest.mark.rules("pokerstars-live 3.1")
def test_one_draw_sets_the_button_seat_at_every_table() -> None:
    """Where the drawn seat is empty, the button goes to the player before it, so the blinds
    fall on the seats after the drawn seat, as at the other tables."""
    tables = (table("ABCDEFGH.", number=1), table("AB.DE.GHI", number=2))
    for seed in range(30):
        result = button_draw(tables, method=ButtonDraw.ONE_DRAW_ALL_TABLES, rng=random.Random(seed))
        seat = result.drawn_seat
        assert seat is not None
        assert result.buttons[1] == seat
        assert set(result.cards) == {1}
        second = tables[1]
        small = first_positions(second, result.buttons[2]).small_blind
        after = next(s for k in range(1, 10) if second.seats[s := (seat + k) % 9] is not None)
        assert small == after
        if second.seats[seat] is not None:
            assert result.buttons[2] == seat


@pytest.mark.rules("redcactus 6")
def test_button_starts_at_seat_one() -> None:
    result = button_draw(
        (table("ABC"), table("..CD", number=2)), method=ButtonDraw.SEAT_ONE, rng=random.Random(1)
    )
    assert result.buttons == {1: 0, 2: 2}
    assert result.cards == {}


def test_button_draw_needs_two_players() -> None:
    with pytest.raises(MalformedInputError) as error:
        button_draw([table("A..")], method=ButtonDraw.SEAT_ONE, rng=random.Random(1))
    assert error.value.constraint == "players"


# --- late entry (R8-A) ----------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R8-A")
def test_late_entry_goes_to_a_table_with_fewest_players() -> None:
    tables = (table("ABC.E", number=1), table("AB..E", number=2), table("ABCDE", number=3))
    seats = {late_entry_seat(tables, rng=random.Random(seed)) for seed in range(40)}
    assert seats == {(2, 2), (2, 3)}


@pytest.mark.rules("tda-2022 R8-A")
def test_late_entry_avoids_seats_between_button_and_small_blind() -> None:
    """Next hand: button on index 2, small blind 4, big blind 6; index 3 would sit out."""
    last = Positions(button=0, small_blind=2, big_blind=4)
    t = table("A.C.E.G", last=last)
    assert sits_out(t, 3)
    seats = {late_entry_seat([t], rng=random.Random(seed))[1] for seed in range(40)}
    assert seats == {1, 5}


@pytest.mark.rules("tda-2022 R8-A")
def test_late_entry_in_the_only_free_seat_waits() -> None:
    last = Positions(button=0, small_blind=2, big_blind=4)
    t = table("ABC.EFG", last=last)
    number, seat = late_entry_seat([t], rng=random.Random(3))
    assert (number, seat) == (1, 3)
    joined = join(t, seat, "N")
    assert joined.waiting == {"N"}
    assert next_positions(joined).small_blind == 4


def test_late_entry_needs_a_free_seat() -> None:
    with pytest.raises(MalformedInputError) as error:
        late_entry_seat([table("AB")], rng=random.Random(1))
    assert error.value.constraint == "free-seats"


# --- breaking a table (R10-B, ADD-10) ---------------------------------------------------------


def broken_and_receivers() -> tuple[Table, tuple[Table, ...]]:
    broken = table("AB.DE....", number=5)
    receivers = (
        table("AB.DEF...", number=1, last=Positions(button=0, small_blind=1, big_blind=3)),
        table("ABCDEFG..", number=2, last=Positions(button=3, small_blind=4, big_blind=5)),
        table("ABCDEFGH.", number=3),
    )
    return broken, receivers


@pytest.mark.rules("tda-2022 R10-B", "pokerstars-live 2.4.1")
def test_T1_highest_card_takes_the_first_seat_card_then_clockwise() -> None:
    broken, receivers = broken_and_receivers()
    draw = break_table_draw(broken, receivers, rng=random.Random(11))
    players = [s for s, e in enumerate(broken.seats) if e is not None]
    assert [s for s, _ in draw.cards] == players
    assert draw.first == max(draw.cards, key=lambda sc: sc[1])[0]
    start = players.index(draw.first)
    for k, move in enumerate(draw.moves):
        assert move.from_seat == players[(start + k) % len(players)]
        assert move.entry == broken.seats[move.from_seat]
        assert (move.to_table, move.to_seat) == draw.seat_cards[k]
        assert move.rule == BREAK_DRAW
    assert break_table_draw(broken, receivers, rng=random.Random(11)) == draw


@pytest.mark.rules("tda-2022 R10-B", "tda-2022 R10-A")
def test_T1_seat_cards_fill_the_shortest_tables_and_avoid_sitting_out() -> None:
    broken, receivers = broken_and_receivers()
    for seed in range(25):
        draw = break_table_draw(broken, receivers, rng=random.Random(seed))
        after = apply_moves([broken, *receivers], draw.moves)
        assert after[0].size == 0
        assert [t.size for t in after[1:]] == [8, 8, 8]
        assert sits_out(receivers[0], 2)
        assert after[1].seats[2] is None
        assert all(not t.waiting for t in after)
        assert sorted(m.entry for m in draw.moves) == sorted(broken.players)


def test_break_draw_needs_enough_free_seats() -> None:
    broken, receivers = broken_and_receivers()
    with pytest.raises(MalformedInputError) as error:
        break_table_draw(broken, receivers[2:], rng=random.Random(1))
    assert error.value.constraint == "free-seats"
    with pytest.raises(MalformedInputError) as error:
        break_table_draw(broken, [broken], rng=random.Random(1))
    assert error.value.constraint == "break"


# --- final table and redraws ----------------------------------------------------------------


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_final_table_draw_seats_everyone_at_random() -> None:
    players = entries(8)
    drawn = {final_table_draw(players, size=9, rng=random.Random(s)).seats for s in range(10)}
    assert len(drawn) > 1
    one = final_table_draw(players, size=9, rng=random.Random(1), number=1)
    assert sorted(one.players) == sorted(players)
    assert len(one.seats) == 9
    with pytest.raises(MalformedInputError) as error:
        final_table_draw(entries(10), size=9, rng=random.Random(1))
    assert error.value.constraint == "final-table"


def test_redraw_spreads_the_big_stacks_in_a_snake() -> None:
    chips = {f"e{i}": 1000 * (100 - i) for i in range(40)}
    tables = redraw(chips, seats_per_table=9, rng=random.Random(2))
    assert [t.size for t in tables] == [8, 8, 8, 8, 8]
    by_table = {e: t.number for t in tables for e in t.players}
    for rank in range(0, 40, 5):
        group = [f"e{i}" for i in range(rank, rank + 5)]
        assert sorted(by_table[e] for e in group) == [1, 2, 3, 4, 5]
    assert by_table["e0"] == 1
    assert by_table["e9"] == 1
    totals = [sum(chips[e] for e in t.players) for t in tables]
    assert max(totals) - min(totals) <= 1000 * 4


@given(st.dictionaries(st.text("abcdef", min_size=1, max_size=4), st.integers(1, 10**6),
                       max_size=60), st.integers(2, 10), st.integers(0, 1000))  # fmt: skip
@settings(max_examples=60, deadline=None)
def test_redraw_keeps_everyone_and_even_sizes(chips: dict[str, int], seats: int, seed: int) -> None:
    tables = redraw(chips, seats_per_table=seats, rng=random.Random(seed))
    assert sorted(e for t in tables for e in t.players) == sorted(chips)
    sizes = [t.size for t in tables]
    assert not sizes or max(sizes) - min(sizes) <= 1


@pytest.mark.rules("tda-2022 RP-9")
@pytest.mark.parametrize(
    ("seats", "method", "size"),
    [
        (9, FinalTableSize.BY_TABLE_SIZE, 9),
        (8, FinalTableSize.BY_TABLE_SIZE, 9),
        (7, FinalTableSize.BY_TABLE_SIZE, 7),
        (6, FinalTableSize.BY_TABLE_SIZE, 7),
        (10, FinalTableSize.BY_TABLE_SIZE, 10),
        (8, FinalTableSize.TABLE_SIZE, 8),
        (8, FinalTableSize.NINE, 9),
    ],
)
def test_D17_final_table_size(seats: int, method: FinalTableSize, size: int) -> None:
    assert final_table_size(seats, method) == size
