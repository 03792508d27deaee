"""The order tables break in (fixed, announced, random) and when the final table forms."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from tests.tournament.formats_support import event, hand, of_type, players_at, result

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import TableBreakOrder
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import FinalTableFormed, TableBroken
from floorman.tournament.formats.events import BreakOrderAnnounced, FinalTableCalled

TDA = get_ruleset("tda-2022")
PSL = get_ruleset("pokerstars-live")
BELARUS = get_ruleset("belarus-sport")


def with_break_order(ruleset: Ruleset, order: TableBreakOrder) -> Ruleset:
    return ruleset.with_changes(tournament=replace(ruleset.tournament, break_order=order))


def first_break(tournament: Tournament, *, table: int, seed: int) -> int:
    """Bust all but one at ``table`` and one more player elsewhere: one table must break."""
    hand(tournament, table, players_at(tournament, table)[1:])
    other = next(n for n in sorted(tournament.state.tables) if n != table)
    events = hand(tournament, other, players_at(tournament, other)[1:2], seed=seed)
    broken = of_type(events, TableBroken)
    assert len(broken) == 1
    return broken[0].table


@pytest.mark.rules("tda-2022 RP-19")
def test_tda_rp19_a_random_break_order_draws_the_table_to_break() -> None:
    shuffled = with_break_order(TDA, TableBreakOrder.RANDOM)
    drawn = {first_break(event(27, shuffled), table=1, seed=seed) for seed in range(12)}
    fixed = {first_break(event(27, TDA), table=1, seed=seed) for seed in range(12)}
    assert fixed == {3}
    assert len(drawn) > 1
    assert drawn <= {1, 2, 3}


@pytest.mark.rules("pokerstars-live 2.4")
def test_psl_2_4_the_announced_break_order_is_followed_then_highest_first() -> None:
    tournament = event(36, PSL)
    events = tournament.announce_break_order(tables=[2], at=0.0)
    assert events == (BreakOrderAnnounced(tables=(2,), at=0.0, rule="2.4"),)
    assert first_break(tournament, table=1, seed=1) == 2
    assert sorted(tournament.state.tables) == [1, 3, 4]
    assert first_break(tournament, table=3, seed=1) == 4


def test_a_break_order_naming_a_table_twice_or_no_table_is_refused() -> None:
    tournament = event(18, PSL)
    version = tournament.state.version
    for tables in ([1, 1], [0], [True]):
        with pytest.raises(MalformedInputError) as caught:
            tournament.announce_break_order(tables=tables, at=0.0)
        assert caught.value.constraint == "break-order"
    assert tournament.state.version == version


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_belarus_3_1_3b_the_final_table_waits_for_the_other_tables_hand() -> None:
    tournament = event(11, BELARUS)
    assert sorted(t.size for t in tournament.state.tables.values()) == [5, 6]
    big = max(tournament.state.tables, key=lambda n: tournament.state.tables[n].size)
    other = 3 - big
    in_progress = tournament.hand_setup(other, at=0.0)
    assert in_progress is not None
    events = hand(tournament, big, players_at(tournament, big)[1:3])
    called = of_type(events, FinalTableCalled)
    assert [(c.table, c.waiting, c.rule) for c in called] == [(big, (other,), "3.1-¶3b")]
    assert not of_type(events, FinalTableFormed)
    assert tournament.hand_setup(big, at=0.0) is None  # play has stopped
    with pytest.raises(IllegalActionError):  # refused before the stacks are looked at
        tournament.record_hand(replace(result(in_progress), table=big), at=0.0, rng=random.Random())
    loser = [e for e in in_progress.seats if e][1]
    events = tournament.record_hand(result(in_progress, [loser]), at=0.0, rng=random.Random(2))
    formed = of_type(events, FinalTableFormed)
    assert len(formed) == 1
    assert len(formed[0].seats) == 8
    assert tournament.state.final_table == formed[0].table


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_belarus_the_director_draws_the_final_table_when_the_others_were_between_hands() -> None:
    tournament = event(11, BELARUS)
    with pytest.raises(IllegalActionError):
        tournament.form_final_table(rng=random.Random(1))
    big = max(tournament.state.tables, key=lambda n: tournament.state.tables[n].size)
    hand(tournament, big, players_at(tournament, big)[1:3])
    assert tournament.state.final_table is None
    events = tournament.form_final_table(rng=random.Random(1))
    assert len(of_type(events, FinalTableFormed)) == 1
    assert len(tournament.state.tables) == 1
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state.tables == tournament.state.tables


@pytest.mark.rules("tda-2022 RP-9")
def test_tda_the_final_table_forms_with_the_hand_that_reaches_its_size() -> None:
    tournament = event(11, TDA)
    big = max(tournament.state.tables, key=lambda n: tournament.state.tables[n].size)
    events = hand(tournament, big, players_at(tournament, big)[1:3])
    assert not of_type(events, FinalTableCalled)
    assert len(of_type(events, FinalTableFormed)) == 1
