"""The director called to a table, and his overrides of its hand's rulings, on the tournament's
record (TDA R1): kept for the table's hand in play until it is recorded or voided, refused
when they name nothing the tournament knows, and rebuilt the same from the log."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event, forged, setup_of

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.officials.table_calls import DirectorCalled, TableRulingOverridden


def override(tournament: Tournament, **changed: object) -> tuple[object, ...]:
    fields: dict[str, object] = {
        "table": 1,
        "after_step": 3,
        "target": 12,
        "choice": "in-time",
        "reason": "the clock was called early",
        "by_role": "director",
        "at": 5.0,
        "action": "call",
    }
    return tournament.override_table_ruling(**{**fields, **changed})  # type: ignore[arg-type]


@pytest.mark.rules("tda-2022 R1")
def test_tda_r1_an_override_waits_for_the_tables_hand_until_it_is_recorded() -> None:
    tournament = event(12)
    (called,) = tournament.call_director(table=1, reason="a dispute", by_role="dealer", at=4.0)
    assert isinstance(called, DirectorCalled)
    assert tournament.state.calls.called[1] == called
    (made,) = override(tournament)
    assert isinstance(made, TableRulingOverridden)
    assert tournament.state.calls.overrides[1] == (made,)
    assert 1 not in tournament.state.calls.called  # the director came: the call is answered
    (second,) = override(tournament, target=20, choice="more-time", action="")
    assert tournament.state.calls.overrides[1] == (made, second)
    rebuilt = Tournament.replay(tournament.events)
    assert rebuilt.state.calls.overrides == tournament.state.calls.overrides
    setup = setup_of(tournament, 1, at=6.0)
    tournament.record_hand(forged(setup, {}), at=7.0, rng=random.Random(1))
    assert 1 not in tournament.state.calls.overrides


def test_a_misdeal_voids_what_waited_for_the_hand() -> None:
    tournament = event(12)
    override(tournament, table=2)
    tournament.call_director(table=2, by_role="dealer", at=5.0)
    tournament.record_misdeal(table=2, at=6.0)
    assert 2 not in tournament.state.calls.overrides
    assert 2 not in tournament.state.calls.called


@pytest.mark.parametrize(
    ("changed", "constraint"),
    [
        ({"table": 9}, "table"),
        ({"reason": "  "}, "director-reason"),
        ({"reason": "x" * 501}, "director-reason"),
        ({"choice": ""}, "director-option"),
        ({"target": -1}, "override-target"),
        ({"action": "all-in"}, "override-action"),
        ({"action": "raise"}, "override-action"),
        ({"action": "call", "to": 500}, "override-action"),
    ],
)
def test_an_override_naming_nothing_known_is_refused_and_changes_nothing(
    changed: dict[str, object], constraint: str
) -> None:
    tournament = event(12)
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as refused:
        override(tournament, **changed)
    assert refused.value.constraint == constraint
    assert tournament.state.version == version
    assert tournament.state.calls.overrides == {}


def test_nobody_is_called_before_the_start() -> None:
    tournament = event(12, start=False)
    with pytest.raises(MalformedInputError) as refused:
        tournament.call_director(table=1, by_role="dealer", at=1.0)
    assert refused.value.constraint == "started"
