"""PokerStars Live 6.12 and Poland §55.7: the structure changed in play, for the levels and
breaks not yet started, with a reason on the record; the clock follows."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import STRUCTURE, event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.service.codec import decode_event, encode_dataclass, encode_event
from floorman.service.commands import command_from_dict, run
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.events import StructureChanged
from floorman.tournament.structure.levels import Break, Level, Structure

MINUTE = 60.0


def _with(*items: Level | Break) -> Structure:
    return Structure(items=items, starting_stack=10_000, chips=(100, 500, 1_000))


L1, L2, L3 = STRUCTURE.items
LONGER_LATER = _with(L1, Level(minutes=30, small_blind=200, big_blind=400), Break(minutes=15), L3)


@pytest.mark.rules("pokerstars-live 6.12", "poland-pzp §55.7")
@pytest.mark.parametrize("profile", ["pokerstars-live", "poland-pzp"])
def test_psl_6_12_pzp_55_7_later_levels_change_and_the_clock_follows(profile: str) -> None:
    tournament = event(12, profile=profile)
    events = tournament.change_structure(
        structure=LONGER_LATER, reason="slower structure announced", at=5 * MINUTE
    )
    changed = events[0]
    assert isinstance(changed, StructureChanged)
    assert (changed.from_item, changed.reason) == (1, "slower structure announced")
    assert changed.rule == tournament.config.ruleset.cite("event-change").rule
    assert tournament.config.structure == LONGER_LATER
    # level 2 is now 30 minutes without antes, then a break before level 3
    assert tournament.level_at(25 * MINUTE).ante == 0
    assert tournament.level_at(49 * MINUTE) == LONGER_LATER.items[1]
    assert tournament.state.clock is not None
    position = tournament.state.clock.position(55 * MINUTE)
    assert isinstance(position.item, Break)
    assert tournament.level_at(66 * MINUTE) == L3
    replayed = Tournament.replay(tournament.events)
    assert replayed.state.clock == tournament.state.clock
    assert replayed.config.structure == LONGER_LATER


@pytest.mark.rules("pokerstars-live 6.12", "poland-pzp §55.7")
def test_psl_6_12_the_level_in_progress_and_past_levels_are_refused() -> None:
    tournament = event(12, profile="pokerstars-live")
    shorter_now = _with(Level(minutes=10, small_blind=100, big_blind=200), L2, L3)
    for at, structure in ((5 * MINUTE, shorter_now), (25 * MINUTE, LONGER_LATER)):
        log = len(tournament.events)
        with pytest.raises(IllegalActionError) as refused:
            tournament.change_structure(structure=structure, reason="faster", at=at)
        ruling = refused.value.ruling
        assert (ruling.rule.rule, ruling.key) == ("6.12", "structure-started")
        assert len(tournament.events) == log
    assert tournament.config.structure == STRUCTURE


def test_a_structure_change_keeps_the_chips_and_needs_a_reason_and_a_change() -> None:
    tournament = event(12, profile="poland-pzp")
    other_stack = Structure(items=STRUCTURE.items, starting_stack=20_000, chips=STRUCTURE.chips)
    cases = (
        (other_stack, "x", "structure-chips"),
        (LONGER_LATER, " ", "reason"),
        (STRUCTURE, "x", "structure"),
    )
    for structure, reason, constraint in cases:
        with pytest.raises(MalformedInputError) as bad:
            tournament.change_structure(structure=structure, reason=reason, at=1.0)
        assert bad.value.constraint == constraint


def test_a_last_level_running_on_cannot_grow_items_already_due() -> None:
    tournament = event(12, profile="pokerstars-live")
    longer = _with(L1, L2, L3, Level(minutes=20, small_blind=500, big_blind=1_000))
    with pytest.raises(IllegalActionError):
        tournament.change_structure(structure=longer, reason="more levels", at=90 * MINUTE)
    tournament.change_structure(structure=longer, reason="more levels", at=50 * MINUTE)
    assert tournament.level_at(65 * MINUTE).big_blind == 1_000


def test_the_change_is_stored_and_read_back() -> None:
    tournament = event(12, profile="pokerstars-live")
    changed = tournament.change_structure(structure=LONGER_LATER, reason="r", at=1.0)[0]
    assert decode_event(encode_event(changed)) == changed


@pytest.mark.rules("pokerstars-live 6.12")
def test_psl_6_12_the_change_is_a_service_command_with_the_structure_as_json() -> None:
    """The console sends the whole structure as JSON, decoded as any command's fields are."""
    tournament = event(12, profile="pokerstars-live")
    fields = {"structure": encode_dataclass(LONGER_LATER), "reason": "slower structure"}
    command = command_from_dict("change-structure", fields)
    run(tournament, command, at=5 * MINUTE, rng=random.Random(1))
    assert tournament.config.structure == LONGER_LATER
    with pytest.raises(MalformedInputError):
        command_from_dict("change-structure", {"structure": {"items": "x"}, "reason": "x"})
