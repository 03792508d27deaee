"""Rulings on the record: the director rules on what a player brings him, floorman records who
ruled, under which rule, what and why (Poland §46.3), and the records list it."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.records.results import results_from_events
from floorman.service import commands
from floorman.service.codec import decode_event, encode_event
from floorman.tournament.aggregate import Tournament
from floorman.tournament.officials.events import RulingRecorded

MISCALL = {
    "rule": "§46.3",
    "decision": "e2 receives half of the pot he folded: 1,200 chips from e5",
    "reason": "e5 called a flush he did not hold, on purpose, and e2 folded to it",
    "entry": "e2",
    "others": ("e5",),
    "sets_aside": "§45.4",
}


@pytest.mark.rules("poland-pzp §46.3", "poland-pzp §1.6")
def test_poland_46_3_the_directors_ruling_on_a_fold_to_a_deliberate_miscall_is_recorded() -> None:
    tournament = event(12, profile="poland-pzp")
    stacks = {e: s.stack for e, s in tournament.state.entries.items()}
    (ruling,) = tournament.record_ruling(by_role="director", at=60.0, table=1, **MISCALL)  # type: ignore[arg-type]
    assert isinstance(ruling, RulingRecorded)
    assert (ruling.rule, ruling.power_rule, ruling.sets_aside) == ("§46.3", "§1.6", "§45.4")
    assert (ruling.entry, ruling.others, ruling.by_role) == ("e2", ("e5",), "director")
    assert {e: s.stack for e, s in tournament.state.entries.items()} == stacks
    recorded = results_from_events(tournament.events).rulings
    assert [(r.rule, r.entry, r.given_by, r.decision) for r in recorded] == [
        ("§46.3", "e2", "director", MISCALL["decision"])
    ]
    assert decode_event(encode_event(ruling)) == ruling
    assert Tournament.replay(tournament.events).state.version == tournament.state.version


@pytest.mark.rules("poland-pzp §46.3")
def test_a_ruling_goes_through_the_service_as_a_command() -> None:
    tournament = event(12, profile="poland-pzp")
    payload = {**MISCALL, "others": list(MISCALL["others"]), "by_role": "floor"}
    command = commands.command_from_dict("record-ruling", payload)
    (ruling,) = commands.run(tournament, command, at=30.0, rng=random.Random(1))
    assert isinstance(ruling, RulingRecorded)
    assert (ruling.by_role, ruling.power_rule) == ("floor", "§1.5")
    confiscate = commands.command_from_dict(
        "confiscate-chips",
        {"entry": "e3", "chips": 700, "offence": "hidden-chips", "by_role": "floor"},
    )
    commands.run(tournament, confiscate, at=31.0, rng=random.Random(1))
    assert tournament.state.entries["e3"].stack == 10_000 - 700


@pytest.mark.rules("belarus-sport 2.1.3")
def test_belarus_2_1_3_only_the_chief_judge_rules() -> None:
    tournament = event(12, profile="belarus-sport")
    with pytest.raises(IllegalActionError) as refused:
        tournament.record_ruling(
            rule="2.1.3", decision="the hand stands", reason="cards speak", by_role="judge", at=1
        )
    assert (refused.value.ruling.key, refused.value.ruling.rule.rule) == ("ruling-power", "2.1.3")
    (made,) = tournament.record_ruling(
        rule="2.1.3", decision="the hand stands", reason="cards speak", by_role="chief-judge", at=1
    )
    assert isinstance(made, RulingRecorded)
    assert made.power_rule == "2.1.3"


@pytest.mark.parametrize(
    ("change", "constraint"),
    [
        ({"rule": "§99.9"}, "ruling-rule"),
        ({"sets_aside": "R1"}, "ruling-rule"),
        ({"reason": " "}, "ruling-text"),
        ({"entry": "e99"}, "entry"),
        ({"by_role": "dealer"}, "penalty-role"),
    ],
)
def test_an_incomplete_ruling_is_refused_and_nothing_is_recorded(
    change: dict[str, str], constraint: str
) -> None:
    tournament = event(12, profile="poland-pzp")
    before = len(tournament.events)
    kwargs = {**MISCALL, "by_role": "director", **change}
    with pytest.raises(MalformedInputError) as refused:
        tournament.record_ruling(at=1.0, **kwargs)  # type: ignore[arg-type]
    assert refused.value.constraint == constraint
    assert len(tournament.events) == before
