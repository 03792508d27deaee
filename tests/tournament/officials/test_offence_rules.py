"""The officials' rules that name an offence: each is a catalogue offence the floor gives as a
tournament command, recorded with the rule broken and the rule that gives the official his
power. floorman never judges the act; it applies the book's scale to the ruling."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import ChipsRemoved, PenaltyGiven, PlayerEliminated


def _give(tournament: Tournament, offence: str, by: str, entry: str = "e1") -> PenaltyGiven:
    events = tournament.give_penalty(
        entry=entry, offence=offence, by_role=by, at=5.0, rng=random.Random(3)
    )
    return next(e for e in events if isinstance(e, PenaltyGiven))


@pytest.mark.rules("redcactus 33", "poland-pzp §22.2")
@pytest.mark.parametrize(("profile", "rule"), [("redcactus", "33"), ("poland-pzp", "§22.2")])
def test_dodging_blinds_costs_a_round_then_two(profile: str, rule: str) -> None:
    tournament = event(12, profile=profile)
    by = "director"
    first = _give(tournament, "blind-dodging", by)
    second = _give(tournament, "blind-dodging", by)
    assert (first.rule, first.step, second.step) == (rule, "1-round", "2-rounds")
    assert first.hands == first.players_at_table
    assert second.hands == 2 * second.players_at_table
    assert tournament.state.ledger.record("e1").hands_left == first.hands + second.hands


@pytest.mark.rules("tda-2022 R69", "redcactus 69", "poland-pzp §33.3", "pokerstars-live 6.10")
@pytest.mark.parametrize(
    ("profile", "offence", "rule"),
    [
        ("tda-2022", "collusion", "R69"),
        ("redcactus", "collusion", "69"),
        ("poland-pzp", "collusion", "§33.3"),
        ("pokerstars-live", "chips-between-tournaments", "6.10"),
    ],
)
def test_collusion_and_chips_from_another_event_disqualify_and_remove_the_chips(
    profile: str, offence: str, rule: str
) -> None:
    tournament = event(12, profile=profile)
    stack, chips = tournament.state.entries["e1"].stack, tournament.state.chips
    events = tournament.give_penalty(
        entry="e1", offence=offence, by_role="director", at=5.0, rng=random.Random(3)
    )
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert (given.rule, given.step) == (rule, "disqualification")
    assert any(isinstance(e, PlayerEliminated) and e.entry == "e1" for e in events)
    assert any(isinstance(e, ChipsRemoved) and e.chips == stack for e in events)
    assert tournament.state.chips == chips - stack
    assert not tournament.state.entries["e1"].alive


@pytest.mark.rules(
    "poland-pzp §7.1",
    "poland-pzp §41.5",
    "poland-pzp §15.7",
    "poland-pzp §23.2",
    "poland-pzp §30.5",
)
@pytest.mark.parametrize(
    ("offence", "rule"),
    [
        ("checking-the-nuts", "§41.5"),
        ("device", "§15.7"),
        ("hidden-chips", "§23.2"),
        ("out-of-turn-deliberate", "§30.5"),
    ],
)
def test_poland_7_1_each_offence_is_penalised_by_its_own_rule(offence: str, rule: str) -> None:
    tournament = event(12, profile="poland-pzp")
    given = _give(tournament, offence, "floor")
    assert (given.rule, given.power_rule, given.offence) == (rule, "§7.2", offence)
    assert tournament.state.ledger.record("e1").offences(offence) == 1
    assert tournament.state.entries["e1"].alive


@pytest.mark.rules("poland-pzp §54.3", "poland-pzp §55.8")
@pytest.mark.parametrize(("offence", "rule"), [("damaging-deck", "§54.3"), ("false-id", "§55.8")])
def test_poland_damaging_the_deck_or_a_false_id_disqualifies(offence: str, rule: str) -> None:
    tournament = event(12, profile="poland-pzp")
    given = _give(tournament, offence, "director")
    assert (given.rule, given.step) == (rule, "disqualification")
    assert not tournament.state.entries["e1"].alive


@pytest.mark.rules("poland-pzp §7.3")
def test_poland_7_3_the_floor_may_give_a_lighter_penalty_than_the_scale() -> None:
    tournament = event(12, profile="poland-pzp")
    lighter = tournament.give_penalty(
        entry="e1", offence="checking-the-nuts", by_role="floor", at=5.0, step="warning"
    )
    given = next(e for e in lighter if isinstance(e, PenaltyGiven))
    assert (given.step, given.hands, given.rule) == ("warning", 0, "§41.5")
    assert tournament.state.ledger.record("e1").hands_left == 0


@pytest.mark.rules("pokerstars-live 6.8", "pokerstars-live 6.9")
@pytest.mark.parametrize("by", ["director", "floor"])
def test_psl_6_8_an_official_penalises_and_the_record_names_his_power(by: str) -> None:
    tournament = event(12, profile="pokerstars-live")
    given = _give(tournament, "etiquette", by)
    assert (given.rule, given.power_rule, given.by_role) == ("6.5", "6.8", by)
    assert tournament.state.ledger.record("e1").offences("etiquette") == 1
