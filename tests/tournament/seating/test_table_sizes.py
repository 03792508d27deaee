"""Late entries and the director's table size (issue 6, part C): a newcomer never makes a table
bigger than the size the director set (Poland §25.1, RedCactus 11); with every table at it, a
new table opens and balancing fills it (TDA R8-A, R11-C; PSL 2.5; Poland §25.2). Also the
balancing handed back to floorman, and late registration closing at a called final table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.formats_support import event, hand, players_at
from tests.tournament.manual_support import bust_down_to, live, of_type
from tests.tournament.tournament_helpers import setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import ButtonsPlaced, PlayerMoved, PlayerSeated
from floorman.tournament.floor.manual_events import TableOpened

RNG = random.Random(3)


def _capped(players: int, *, profile: str, size: int, seats: int = 9) -> Tournament:
    """An event of ``players`` at ``seats``-max tables, the director's size lowered to
    ``size`` at once."""
    tournament = live(players, profile=profile, seats=seats)
    tournament.set_table_size(seats=size, at=1.0, rng=RNG)
    return tournament


def _sizes(tournament: Tournament) -> list[int]:
    return sorted(t.size for t in tournament.state.tables.values())


@pytest.mark.rules("tda-2022 R8-A", "tda-2022 R11-C")
def test_tda_r8_a_a_late_entry_at_full_tables_opens_a_table_balancing_fills() -> None:
    tournament = _capped(24, profile="tda-2022", size=8)
    assert _sizes(tournament) == [8, 8, 8]
    events = tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    (opened,) = of_type(events, TableOpened)
    assert opened.table == 4
    assert opened.seats == 9
    (seated,) = of_type(events, PlayerSeated)
    assert seated.table == 4
    moves = of_type(events, PlayerMoved)
    assert {m.to_table for m in moves} == {4}
    assert all(m.reason == "balance" for m in moves)
    assert _sizes(tournament) == [6, 6, 6, 7]
    (button,) = of_type(events, ButtonsPlaced)
    assert button.buttons[0][0] == 4
    assert setup_of(tournament, 4, 6.0).positions.button == button.buttons[0][1]
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("poland-pzp §25.1")
def test_poland_25_1_a_late_entry_takes_a_table_below_the_directors_size() -> None:
    tournament = _capped(23, profile="poland-pzp", size=8)
    assert _sizes(tournament) == [7, 8, 8]
    events = tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert not of_type(events, TableOpened)
    assert _sizes(tournament) == [8, 8, 8]


@pytest.mark.rules("redcactus 11")
def test_redcactus_11_eight_a_side_holds_for_a_late_entry() -> None:
    tournament = _capped(16, profile="redcactus", size=8, seats=10)
    tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert max(_sizes(tournament)) <= 8
    assert len(tournament.state.tables) == 3


@pytest.mark.rules("pokerstars-live 2.5")
def test_with_the_director_balancing_the_new_table_waits_for_his_moves() -> None:
    tournament = _capped(16, profile="pokerstars-live", size=8)
    tournament.set_balancing(mode="director", at=2.0)
    events = tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert not of_type(events, PlayerMoved)
    assert _sizes(tournament) == [1, 8, 8]
    tournament.balance_from(table=1, at=6.0)
    tournament.balance_from(table=2, at=6.0)
    tournament.draw_button(table=3, at=7.0, rng=RNG)
    assert _sizes(tournament) == [3, 7, 7]
    with pytest.raises(IllegalActionError) as halted:  # four short: it stops (PSL 2.5)
        tournament.hand_setup(3, at=8.0)
    assert halted.value.ruling.rule.rule == "2.5"
    tournament.balance_from(table=1, at=8.5)
    tournament.balance_from(table=2, at=8.5)
    assert _sizes(tournament) == [5, 6, 6]
    assert setup_of(tournament, 3, 9.0).positions.big_blind is not None


def test_heads_up_tables_at_their_size_refuse_a_lone_new_table() -> None:
    tournament = _capped(4, profile="tda-2022", size=2, seats=3)
    assert _sizes(tournament) == [2, 2]
    with pytest.raises(MalformedInputError) as refused:
        tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert refused.value.constraint == "table-size"
    assert len(tournament.state.entries) == 4


def test_a_new_table_never_reuses_a_broken_tables_number() -> None:
    tournament = live(27, profile="tda-2022")
    bust_down_to(tournament, 17)
    assert set(tournament.state.tables) == {1, 2}  # table 3 broke
    tournament.set_table_size(seats=8, at=3.0, rng=RNG)
    tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert set(tournament.state.tables) == {1, 2, 4}
    assert max(_sizes(tournament)) <= 8


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(min_value=6, max_value=40),
    size=st.integers(min_value=3, max_value=9),
    late=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_late_entries_never_seat_a_player_beyond_the_table_size(
    players: int, size: int, late: int, seed: int
) -> None:
    """A lowered size does not shrink the tables at once (they come down as players leave),
    so no late entry takes the largest table beyond the size or beyond what it was."""
    rng = random.Random(seed)
    tournament = live(players, profile="tda-2022", seed=seed)
    tournament.set_table_size(seats=size, at=1.0, rng=rng)
    for k in range(late):
        largest = max(_sizes(tournament))
        tournament.register(player=f"late{k}", name=f"Late {k}", at=5.0 + k, rng=rng)
        assert max(_sizes(tournament)) <= max(size, largest)
    assert sum(_sizes(tournament)) == len(tournament.state.entries)


@pytest.mark.rules("tda-2022 R11-C")
def test_tda_r11_c_balancing_handed_back_to_floorman_evens_the_tables_at_once() -> None:
    tournament = live(18, profile="tda-2022")
    tournament.set_balancing(mode="director", at=1.0)
    for _ in range(3):
        loser, winner = tournament.state.tables[1].players[:2]
        tournament.bust(entry=loser, by=(winner,), at=2.0, rng=RNG)
    assert _sizes(tournament) == [6, 9]  # the director has not balanced
    events = tournament.set_balancing(mode="automatic", at=3.0)
    assert len(of_type(events, PlayerMoved)) == 1
    assert _sizes(tournament) == [7, 8]


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_belarus_3_1_3b_late_registration_closes_when_the_final_table_is_called() -> None:
    tournament = event(11, get_ruleset("belarus-sport"))
    big = max(tournament.state.tables, key=lambda n: tournament.state.tables[n].size)
    hand(tournament, big, players_at(tournament, big)[1:3])
    assert tournament.state.formats.final_table_waiting is not None
    with pytest.raises(IllegalActionError) as refused:
        tournament.register(player="late", name="Late", at=5.0, rng=RNG)
    assert refused.value.ruling.key == "late-entry"


@pytest.mark.rules("belarus-sport 3.2-¶2a")
def test_belarus_3_2_2a_knock_out_tables_are_neither_resized_nor_balanced() -> None:
    olympic = event(18, get_ruleset("belarus-sport/olympic"), seats=6)
    tables = dict(olympic.state.tables)
    with pytest.raises(MalformedInputError) as refused:
        olympic.set_table_size(seats=4, at=1.0, rng=RNG)
    assert refused.value.constraint == "format"
    with pytest.raises(MalformedInputError) as refused:
        olympic.balance_from(table=1, at=1.0)
    assert refused.value.constraint == "format"
    assert olympic.state.tables == tables
