"""The dead button (TDA R32, R34, D2, D15; decision A1): blinds, button, who is dealt in, and the
hand engine's view of them. Tables are written as strings, one letter per seat, ``.`` empty."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards.deck import Deck
from floorman.engine import GAMES, Hand, HandConfig
from floorman.engine.dealer import deal_pending
from floorman.engine.events import ForcedBetPosted
from floorman.errors import MalformedInputError
from floorman.tournament.seating.positions import (
    dealt_in,
    first_positions,
    hand_seats,
    hand_stacks,
    join,
    next_positions,
    record_hand,
    sits_out,
)
from floorman.tournament.seating.tables import Positions, Table


def table(layout: str, *, last: Positions | None = None, number: int = 1) -> Table:
    """``"AB.D"``: A in seat 1, B in seat 2, seat 3 empty, D in seat 4."""
    seats = tuple(None if ch == "." else ch for ch in layout)
    return Table(number=number, seats=seats, last=last)


def play(t: Table) -> tuple[Table, Positions]:
    """Positions of the next hand and the table once it is recorded."""
    p = next_positions(t) if t.last is not None else first_positions(t, t.seats.index("A"))
    return record_hand(t, p), p


def bust(t: Table, *entries: str) -> Table:
    for entry in entries:
        t = t.without(entry)
    return t


# --- first hand, moving big blind ---------------------------------------------------------


@pytest.mark.rules("belarus-sport 5.4.1")
def test_first_hand_blinds_follow_the_drawn_button() -> None:
    p = first_positions(table("ABC.EF"), 4)
    assert p == Positions(button=4, small_blind=5, big_blind=0)


@pytest.mark.rules("tda-2022 R34")
def test_first_hand_heads_up_button_posts_small_blind() -> None:
    p = first_positions(table("A..B"), 3)
    assert (p.button, p.small_blind, p.big_blind) == (3, 3, 0)


def test_first_hand_refuses_an_empty_button_seat() -> None:
    with pytest.raises(MalformedInputError) as error:
        first_positions(table("AB.D"), 2)
    assert error.value.constraint == "button"


def test_next_hand_needs_a_played_hand() -> None:
    with pytest.raises(MalformedInputError) as error:
        next_positions(table("ABCD"))
    assert error.value.constraint == "button-draw"


def test_next_hand_needs_two_players() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    with pytest.raises(MalformedInputError) as error:
        next_positions(table("..C.", last=last))
    assert error.value.constraint == "players"


@pytest.mark.rules("tda-2022 R32", "belarus-sport 5.3.3", "redcactus Nouveau tour")
def test_everything_moves_one_seat_when_nobody_leaves() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    assert next_positions(table("ABCDE", last=last)) == Positions(
        button=1, small_blind=2, big_blind=3
    )


@pytest.mark.rules(
    "tda-2022 R32", "redcactus 32", "pokerstars-live 3.1.1",
    "poland-pzp §6.1", "poland-pzp §6.2", "poland-pzp §6.3",
)  # fmt: skip
def test_dead_button_when_last_small_blind_leaves() -> None:
    """The small blind busts: the button goes to his empty seat, last big blind posts the
    small blind, the big blind moves on."""
    last = Positions(button=0, small_blind=1, big_blind=2)
    p = next_positions(table("A.CDE", last=last))
    assert p == Positions(button=1, small_blind=2, big_blind=3)


@pytest.mark.rules("tda-2022 R32", "tda-2022 R11-A")
def test_dead_small_blind_when_last_big_blind_leaves() -> None:
    """The big blind busts: nobody posts the small blind (a lone big blind), the button goes to
    the last small blind, and the next hand's button sits on the busted big blind's seat."""
    t = table("AB.DE", last=Positions(button=0, small_blind=1, big_blind=2))
    p = next_positions(t)
    assert p == Positions(button=1, small_blind=None, big_blind=3, dead_small_blind_seat=2)
    after = next_positions(record_hand(t, p))
    assert after == Positions(button=2, small_blind=3, big_blind=4)


def test_big_blind_skips_empty_seats() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    assert next_positions(table("ABC..F", last=last)).big_blind == 5


def test_two_busts_in_the_blinds_give_dead_button_and_dead_small_blind() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    p = next_positions(table("A..DE", last=last))
    assert p == Positions(button=1, small_blind=None, big_blind=3, dead_small_blind_seat=2)


def test_hand_built_dead_small_blind_falls_back_to_seat_before_big_blind() -> None:
    t = table("A.CDE", last=Positions(button=0, small_blind=None, big_blind=2))
    assert next_positions(t).button == 1


@pytest.mark.rules("poland-pzp §6.4")
@given(st.integers(0, 8), st.data())
@settings(max_examples=150, deadline=None)
def test_big_blind_always_moves_to_next_player(start: int, data: st.DataObject) -> None:
    """Over hands with random busts, the big blind goes to the next player after the last big
    blind, the small blind is the last big blind or dead, and the button takes the last small
    blind's seat (decision A1)."""
    letters = "ABCDEFGHI"
    t = Table(number=1, seats=tuple(letters))
    prev = first_positions(t, start)
    t = record_hand(t, prev)
    for _ in range(12):
        busted = data.draw(st.sampled_from([None, *(e for e in t.players)]))
        if busted is not None and t.size > 2:
            t = t.without(busted)
        p = next_positions(t)
        seats = [i for i, e in enumerate(t.seats) if e is not None]
        if len(seats) == 2:
            assert p.button == p.small_blind != p.big_blind
        else:
            expected = next((s for s in seats if s > prev.big_blind), seats[0])
            assert p.big_blind == expected
            assert p.small_blind in (prev.big_blind, None)
            assert p.button == prev.small_blind_position
            assert p.button != p.big_blind
        t, prev = record_hand(t, p), p


# --- heads-up (R34, D2) -------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R34", "redcactus 34", "poland-pzp §35.2")
def test_D2_going_heads_up_nobody_posts_big_blind_twice() -> None:
    """Every three-handed position with every one of the three busting: heads-up, the button
    posts the small blind, and the new big blind did not post the big blind last hand."""
    for layout in ("ABC", "A.B.C", "AB...C", "A.BC.."):
        for button in (s for s, e in enumerate(layout) if e != "."):
            t = table(layout)
            first = first_positions(t, button)
            t = record_hand(t, first)
            for gone in t.players:
                left = t.without(gone)
                p = next_positions(left)
                assert p.button == p.small_blind
                assert p.big_blind != first.big_blind or left.seats[first.big_blind] is None
                assert left.seats[p.big_blind] != t.seats[first.big_blind]


@pytest.mark.rules("tda-2022 R34")
def test_heads_up_big_blind_alternates() -> None:
    t = table("A...B")
    t, p = play(t)
    bigs = [p.big_blind]
    for _ in range(4):
        t, p = play(t)
        assert p.button == p.small_blind
        bigs.append(p.big_blind)
    assert bigs == [4, 0, 4, 0, 4]


# --- newcomers (R8-A, R10-A, D15) ----------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R8-A", "tda-2022 R10-A", "pokerstars-live 2.1.1", "pokerstars-live 3.1.1",
    "poland-pzp §6.3", "poland-pzp §24.2",
)  # fmt: skip
def test_D15_newcomer_between_button_and_small_blind_waits_for_the_button() -> None:
    """Last hand: button, small and big blind on indexes 0, 2, 4. Next hand they are on 2, 4
    and 6, so a newcomer on index 3 sits between the button and the small blind: he is seated
    but dealt in only once the button has passed him, the hand after."""
    last = Positions(button=0, small_blind=2, big_blind=4)
    t = table("A.C.E.G", last=last)
    assert sits_out(t, 3)
    assert not sits_out(t, 5)  # between the small blind and the big blind: takes the big blind
    assert not sits_out(t, 1)  # behind the button
    t = join(t, 3, "N")
    p = next_positions(t)
    assert (p.button, p.small_blind, p.big_blind) == (2, 4, 6)
    assert 3 not in dealt_in(t, p)
    t = record_hand(t, p)
    p = next_positions(t)
    assert p.button == 4
    assert 3 in dealt_in(t, p)
    assert t.waiting == frozenset()


@pytest.mark.rules("tda-2022 R10-A", "pokerstars-live 2.1.1", "poland-pzp §24.1")
def test_D15_newcomer_after_last_big_blind_posts_the_big_blind_at_once() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = join(table("ABC..F", last=last), 3, "N")
    p = next_positions(t)
    assert p.big_blind == 3
    assert 3 in dealt_in(t, p)


@pytest.mark.rules("redcactus 10", "tda-2022 R10-A")
def test_redcactus_10_newcomer_in_the_seat_of_the_big_blind_out_posts_the_small_blind() -> None:
    """Seat 3's big blind busted; a newcomer seated there is in the small blind: he plays at
    once and posts it, and the button still moves to seat 2's small blind of last hand."""
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = join(table("AB.DE", last=last), 2, "N")
    assert t.waiting == frozenset()
    p = next_positions(t)
    assert p == Positions(button=1, small_blind=2, big_blind=3)
    assert 2 in dealt_in(t, p)


@pytest.mark.rules("poland-pzp §24.2", "tda-2022 R10-A", "pokerstars-live 2.1.1")
def test_poland_24_2_a_newcomer_waits_only_between_the_button_and_the_small_blind() -> None:
    """Poland T20: the button moves to seat 6 (index 5), the small blind is seat 8 (index 7);
    a newcomer at seat 7 (index 6) waits for the button, one at any other seat plays."""
    last = Positions(button=4, small_blind=5, big_blind=7)
    t = table("ABCDEF.H.", last=last)
    assert join(t, 6, "N").waiting == {"N"}
    assert not join(t, 8, "N").waiting


def test_newcomer_on_the_empty_button_seat_plays_the_button() -> None:
    """RedCactus 10: a player arriving in the seat of the small blind who just left plays on
    the button at once."""
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = join(table("A.CDE", last=last), 1, "N")
    p = next_positions(t)
    assert p.button == 1
    assert 1 in dealt_in(t, p)


def test_nobody_waits_before_the_first_hand() -> None:
    t = join(table("A.C.E"), 1, "N")
    assert not t.waiting
    assert dealt_in(t, first_positions(t, 0)) == (0, 1, 2, 4)


def test_waiting_newcomer_at_a_heads_up_table_stays_out() -> None:
    """Heads-up A (button) and D (big blind); N sits down between them, where the coming small
    blind would have to pass him: one more heads-up hand, then N plays and posts the big blind."""
    last = Positions(button=0, small_blind=0, big_blind=4)
    t = join(table("A...D", last=last), 2, "N")
    p = next_positions(t)
    assert (p.button, p.small_blind, p.big_blind) == (4, 4, 0)
    assert dealt_in(t, p) == (0, 4)
    t = record_hand(t, p)
    p = next_positions(t)
    assert p == Positions(button=4, small_blind=0, big_blind=2)


def test_dealt_in_refuses_blinds_on_a_waiting_player() -> None:
    last = Positions(button=0, small_blind=1, big_blind=3)
    t = join(table("AB.DE", last=last), 2, "N")
    assert t.waiting == {"N"}
    with pytest.raises(MalformedInputError) as error:
        dealt_in(t, Positions(button=1, small_blind=2, big_blind=3))
    assert error.value.constraint == "positions"


# --- the hand engine's view -----------------------------------------------------------------


def engine_hand(t: Table, p: Positions) -> Hand:
    """The hand the engine plays at ``t`` with ``p``, dealt and waiting for the first action."""
    chips = dict.fromkeys(t.players, 1000)
    config = HandConfig(
        game=GAMES["NT"],
        stacks=hand_stacks(t, p, chips),
        small_blind=5,
        big_blind=10,
        **hand_seats(t, p),
    )
    played = Hand(config)
    deal_pending(played, Deck.shuffled(random.Random(7)))
    return played


def posted(h: Hand) -> dict[str, int]:
    return {e.bet: e.seat for e in h.events if isinstance(e, ForcedBetPosted)}


@pytest.mark.rules("tda-2022 R32")
def test_engine_plays_a_dead_button() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = table("A.CDE", last=last)
    p = next_positions(t)
    h = engine_hand(t, p)
    assert posted(h) == {"small-blind": 2, "big-blind": 3}
    assert h.config.dealer_seat == 1
    assert h.actor == 4


@pytest.mark.rules("tda-2022 R11-A")
def test_engine_plays_a_dead_small_blind() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = table("AB.DE", last=last)
    h = engine_hand(t, next_positions(t))
    assert posted(h) == {"big-blind": 3}
    assert h.actor == 4


@pytest.mark.rules("tda-2022 R34")
def test_engine_heads_up_button_posts_small_blind_and_acts_first() -> None:
    last = Positions(button=0, small_blind=1, big_blind=2)
    t = table("A.C..", last=last)
    p = next_positions(t)
    h = engine_hand(t, p)
    assert posted(h) == {"small-blind": p.button, "big-blind": p.big_blind}
    assert h.actor == p.button
    assert h.config.dealer_seat == p.button


def test_engine_does_not_see_a_waiting_player() -> None:
    last = Positions(button=0, small_blind=2, big_blind=4)
    t = join(table("A.C.E.G", last=last), 3, "N")
    p = next_positions(t)
    stacks = hand_stacks(t, p, dict.fromkeys(t.players, 500))
    assert stacks == (500, None, 500, None, 500, None, 500)
    assert engine_hand(t, p).config.occupied == (0, 2, 4, 6)


def test_hand_stacks_needs_every_chip_count() -> None:
    t = table("ABC")
    with pytest.raises(MalformedInputError) as error:
        hand_stacks(t, first_positions(t, 0), {"A": 1, "B": 2})
    assert error.value.constraint == "chips"


def test_engine_agrees_with_positions_over_an_orbit_of_busts() -> None:
    """Every seating of 3 to 5 players on 6 seats, a bust after every hand: the engine posts
    the blinds where the positions put them."""
    for size in (3, 4, 5):
        for seats in itertools.combinations(range(6), size):
            layout = ["."] * 6
            for k, s in enumerate(seats):
                layout[s] = "ABCDE"[k]
            t = table("".join(layout))
            t, p = play(t)
            while t.size > 2:
                t = t.without(t.players[-1])
                p = next_positions(t)
                blinds = posted(engine_hand(t, p))
                assert blinds["big-blind"] == p.big_blind
                assert blinds.get("small-blind") == p.small_blind
                t = record_hand(t, p)
