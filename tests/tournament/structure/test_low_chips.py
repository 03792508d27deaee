"""PokerStars Live 3.2: low chips found after the chip race are taken out of play and
exchanged at value, rounded to the smallest chip in play as the race rounds (halves up)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import RACE_STRUCTURE, chips_conserved, event

from floorman.errors import MalformedInputError
from floorman.service.commands import command_from_dict, run
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.events import LowChipsExchanged

AFTER_RACE = 41 * 60.0


def _raced() -> Tournament:
    tournament = event(12, profile="pokerstars-live", structure=RACE_STRUCTURE)
    tournament.race_chips(at=AFTER_RACE, rng=random.Random(3))
    return tournament


@pytest.mark.rules("pokerstars-live 3.2")
@pytest.mark.parametrize(("count", "credited"), [(1, 0), (2, 100), (3, 100), (6, 200), (7, 200)])
def test_psl_3_2_low_chips_found_after_the_race_are_exchanged_at_value(
    count: int, credited: int
) -> None:
    tournament = _raced()
    stack, chips = tournament.state.entries["e1"].stack, tournament.state.chips
    events = tournament.exchange_low_chips(entry="e1", denomination=25, count=count, at=42 * 60.0)
    found = events[0]
    assert isinstance(found, LowChipsExchanged)
    assert (found.credited, found.rule) == (credited, "3.2")
    assert tournament.state.entries["e1"].stack == stack + credited
    assert tournament.state.chips == chips + credited
    assert chips_conserved(tournament)
    assert Tournament.replay(tournament.events).state.entries["e1"].stack == stack + credited


@pytest.mark.rules("pokerstars-live 3.2")
def test_psl_3_2_only_a_denomination_a_race_removed_is_exchanged() -> None:
    tournament = event(12, profile="pokerstars-live", structure=RACE_STRUCTURE)
    for denomination in (25, 100):
        with pytest.raises(MalformedInputError) as bad:
            tournament.exchange_low_chips(entry="e1", denomination=denomination, count=2, at=60.0)
        assert bad.value.constraint == "denomination"
    raced = _raced()
    with pytest.raises(MalformedInputError) as bad:
        raced.exchange_low_chips(entry="e1", denomination=25, count=0, at=AFTER_RACE)
    assert bad.value.constraint == "count"


@pytest.mark.rules("pokerstars-live 3.2")
def test_psl_3_2_the_exchange_is_a_service_command() -> None:
    tournament = _raced()
    stack = tournament.state.entries["e2"].stack
    fields = {"entry": "e2", "denomination": 25, "count": 4}
    command = command_from_dict("exchange-low-chips", fields)
    run(tournament, command, at=42 * 60.0, rng=random.Random(1))
    assert tournament.state.entries["e2"].stack == stack + 100
