"""Conduct rules recorded: the floor judges the breach and names the offence; floorman records
it from the profile's catalogue with the rule broken, the penalty and who gave it, and applies
the hands it costs. Each rule below is an offence of its catalogue citing it."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event

from floorman.tournament.events import PenaltyGiven
from floorman.tournament.officials.penalty_catalogue import load_catalogue

POLAND_CONDUCT = (
    ("stalling", "§5.3"),
    ("advice", "§12.1"),
    ("one-player-to-a-hand", "§12.2"),
    ("language", "§14.2"),
    ("device-on-table", "§15.3"),
    ("communicating-player", "§15.5"),
    ("misleading-statement", "§20.2"),
    ("rabbit-hunting", "§21.1"),
    ("unfair-play", "§33.1"),
    ("unethical-play", "§33.2"),
    ("aggressive-folding", "§44.6"),
    ("deliberate-miscall", "§46.2"),
    ("defective-deck", "§54.2"),
    ("intoxication", "§59"),
)


@pytest.mark.rules(*(f"poland-pzp {rule}" for _, rule in POLAND_CONDUCT))
@pytest.mark.parametrize(("offence", "rule"), POLAND_CONDUCT)
def test_poland_conduct_offences_are_recorded_with_their_rule_and_scale(
    offence: str, rule: str
) -> None:
    tournament = event(12, profile="poland-pzp")
    scale = load_catalogue("poland-pzp").offence(offence).steps
    steps = []
    for time in range(len(scale)):
        events = tournament.give_penalty(
            entry="e1", offence=offence, by_role="floor", at=5.0 + time, rng=random.Random(3)
        )
        given = next(e for e in events if isinstance(e, PenaltyGiven))
        assert (given.rule, given.by_role, given.power_rule) == (rule, "floor", "§7.2")
        steps.append(given.step)
    assert steps == [p.step for p in scale]
    record = tournament.state.ledger.record("e1")
    assert record.offences(offence) == len(scale)


@pytest.mark.rules("tda-2022 R33")
def test_tda_r33_dodging_blinds_is_an_offence_of_the_tda_catalogue() -> None:
    tournament = event(12)
    events = tournament.give_penalty(entry="e2", offence="blind-dodging", by_role="floor", at=3.0)
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert (given.rule, given.step, given.power_rule) == ("R33", "1-round", "R71-A")
    assert given.hands == given.players_at_table
    assert tournament.state.ledger.serving("e2")
    again = tournament.give_penalty(entry="e2", offence="blind-dodging", by_role="floor", at=4.0)
    assert next(e for e in again if isinstance(e, PenaltyGiven)).step == "2-rounds"
