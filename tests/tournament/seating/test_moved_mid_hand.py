"""A hand still being played when a bust elsewhere moves one of its players: the move is
carried out after that hand, so the hand is recorded at the table where it was dealt."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event, forged, setup_of

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import PlayerMoved
from floorman.tournament.floor.table_hand import HandSetup


def _two_tables_in_play() -> tuple[Tournament, HandSetup, HandSetup]:
    tournament = event(18, seed=3)
    assert sorted(t.size for t in tournament.state.tables.values()) == [9, 9]
    first, second = sorted(tournament.state.tables)
    return tournament, setup_of(tournament, first, 5.0), setup_of(tournament, second, 5.0)


@pytest.mark.rules("tda-2022 R11-A")
def test_a_player_moved_during_his_hand_has_that_hand_recorded_where_it_was_dealt() -> None:
    tournament, dealing, busting = _two_tables_in_play()
    losers = [e for e in busting.seats if e is not None][:2]
    winner = next(e for e in busting.seats if e is not None and e not in losers)
    stacks = {e: tournament.state.entries[e].stack for e in losers}
    moves = {losers[0]: -stacks[losers[0]], losers[1]: -stacks[losers[1]]}
    moves[winner] = sum(stacks.values())
    events = tournament.record_hand(forged(busting, moves), at=6.0, rng=random.Random(1))
    moved = [e for e in events if isinstance(e, PlayerMoved)]
    assert [m.from_table for m in moved] == [dealing.table]
    mover = moved[0].entry
    assert tournament.state.entries[mover].table == busting.table

    someone = next(e for e in dealing.seats if e is not None and e != mover)
    stack = tournament.state.entries[mover].stack
    result = forged(dealing, {mover: -1_000, someone: 1_000})
    tournament.record_hand(result, at=7.0, rng=random.Random(2))
    assert tournament.state.entries[mover].stack == stack - 1_000
    assert tournament.state.entries[mover].table == busting.table  # he stays moved
    assert tournament.state.entries[mover].moved_from is None


def test_a_player_never_at_the_table_is_still_refused_in_its_hand() -> None:
    tournament, dealing, busting = _two_tables_in_play()
    stranger = next(e for e in busting.seats if e is not None)
    result = forged(dealing, {})
    stack = tournament.state.entries[stranger].stack
    wrong = result.__class__(
        table=result.table,
        level=result.level,
        positions=result.positions,
        stacks_before=(*result.stacks_before, (stranger, stack)),
        stacks_after=(*result.stacks_after, (stranger, stack)),
        eliminated_by={},
        served=(),
    )
    with pytest.raises(MalformedInputError) as refused:
        tournament.record_hand(wrong, at=7.0, rng=random.Random(2))
    assert refused.value.constraint == "stacks"
