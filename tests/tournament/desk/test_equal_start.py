"""Belarus 5.1 and 3.1-¶1a: every player of an "American" event starts with the same stack,
and the structure's level sets the same forced bets at every table."""

from __future__ import annotations

import pytest
from tests.tournament.tournament_helpers import STRUCTURE, event, setup_of


@pytest.mark.rules("belarus-sport 5.1", "belarus-sport 3.1-¶1a")
def test_belarus_5_1_every_entry_starts_with_the_structures_stack_and_the_same_blinds() -> None:
    tournament = event(23, profile="belarus-sport")
    stacks = {entry.stack for entry in tournament.state.entries.values()}
    assert stacks == {STRUCTURE.starting_stack}
    blinds = {
        (setup.config.small_blind, setup.config.big_blind, setup.level)
        for setup in (setup_of(tournament, table, 1.0) for table in tournament.state.tables)
    }
    assert blinds == {(100, 200, 1)}
    assert len(tournament.state.tables) == 3
