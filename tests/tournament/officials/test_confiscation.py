"""Chips out of sight: the floor counts the chips a player hid; floorman takes them from his
stack and out of play with the offence's penalty, or with his disqualification."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.tournament_helpers import chips_conserved, event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import ChipsRemoved, PenaltyGiven, PlayerEliminated

HIDDEN = (
    ("tda-2022", "R63"),
    ("redcactus", "63"),
    ("pokerstars-live", "3.6"),
    ("poland-pzp", "§23.2"),
)


def _confiscate(tournament: Tournament, chips: int, step: str | None = None) -> list[object]:
    return list(
        tournament.confiscate_chips(
            entry="e1",
            chips=chips,
            offence="hidden-chips",
            by_role="director",
            at=5.0,
            step=step,
            rng=random.Random(2),
        )
    )


@pytest.mark.rules("tda-2022 R63", "redcactus 63", "pokerstars-live 3.6", "poland-pzp §23.2")
@pytest.mark.parametrize(("profile", "rule"), HIDDEN)
def test_hidden_chips_are_forfeited_and_leave_play_with_a_warning(profile: str, rule: str) -> None:
    tournament = event(12, profile=profile)
    stack, chips = tournament.state.entries["e1"].stack, tournament.state.chips
    events = _confiscate(tournament, 1_500)
    penalty = next(e for e in events if isinstance(e, PenaltyGiven))
    removed = next(e for e in events if isinstance(e, ChipsRemoved))
    assert (penalty.rule, penalty.step, penalty.offence) == (rule, "warning", "hidden-chips")
    assert (removed.chips, removed.reason, removed.rule) == (1_500, "confiscated", rule)
    assert tournament.state.entries["e1"].stack == stack - 1_500
    assert tournament.state.chips == chips - 1_500
    assert tournament.state.entries["e1"].alive
    assert chips_conserved(tournament)


@pytest.mark.rules("tda-2022 R63", "redcactus 63", "pokerstars-live 3.6", "poland-pzp §23.2")
@pytest.mark.parametrize(("profile", "rule"), HIDDEN)
def test_hidden_chips_with_a_disqualification_take_the_whole_stack_out(
    profile: str, rule: str
) -> None:
    tournament = event(12, profile=profile)
    stack, chips = tournament.state.entries["e1"].stack, tournament.state.chips
    events = _confiscate(tournament, 2_000, step="disqualification")
    removed = [e for e in events if isinstance(e, ChipsRemoved)]
    assert [(r.chips, r.reason) for r in removed] == [
        (2_000, "confiscated"),
        (stack - 2_000, "disqualified"),
    ]
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert (out.entry, out.reason) == ("e1", "disqualified")
    assert tournament.state.chips == chips - stack
    assert chips_conserved(tournament)


@pytest.mark.rules("tda-2022 R69", "redcactus 69")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_soft_play_may_cost_chips_too(profile: str) -> None:
    tournament = event(12, profile=profile)
    chips = tournament.state.chips
    events = tournament.confiscate_chips(
        entry="e1", chips=500, offence="soft-play", by_role="director", at=1.0
    )
    assert next(e for e in events if isinstance(e, PenaltyGiven)).step == "2-rounds"
    assert tournament.state.chips == chips - 500


def test_confiscation_refuses_bad_input_and_changes_nothing() -> None:
    tournament = event(12, profile="poland-pzp")
    before = len(tournament.events)
    stack = tournament.state.entries["e1"].stack
    cases = [
        ({"offence": "stalling", "chips": 100}, "confiscate-offence"),
        ({"offence": "hidden-chips", "chips": 0}, "confiscate-chips"),
        ({"offence": "hidden-chips", "chips": stack + 1}, "confiscate-chips"),
        ({"offence": "hidden-chips", "chips": stack}, "confiscate-whole-stack"),
    ]
    for kwargs, constraint in cases:
        with pytest.raises(MalformedInputError) as refused:
            tournament.confiscate_chips(entry="e1", by_role="floor", at=1.0, **kwargs)  # type: ignore[arg-type]
        assert refused.value.constraint == constraint
    with pytest.raises(MalformedInputError) as refused:
        tournament.confiscate_chips(
            entry="e2",
            chips=100,
            offence="hidden-chips",
            by_role="floor",
            at=1.0,
            step="disqualification",
        )
    assert refused.value.constraint == "rng"
    assert len(tournament.events) == before
    assert tournament.state.entries["e1"].stack == stack


@pytest.mark.rules("pokerstars-live 6.8")
def test_psl_6_8_a_role_the_book_gives_no_power_cannot_confiscate() -> None:
    tournament = event(12, profile="pokerstars-live")
    with pytest.raises(IllegalActionError) as refused:
        tournament.confiscate_chips(
            entry="e1", chips=100, offence="hidden-chips", by_role="judge", at=1.0
        )
    assert refused.value.ruling.key == "penalty-power"
    assert tournament.state.entries["e1"].stack == 10_000


@settings(max_examples=8, deadline=None)
@given(chips=st.lists(st.integers(1, 2_000), min_size=1, max_size=4))
def test_confiscations_keep_the_chips_conserved(chips: list[int]) -> None:
    tournament = event(9, profile="tda-2022")
    total = tournament.state.chips
    for amount in chips:
        tournament.confiscate_chips(
            entry="e3",
            chips=amount,
            offence="hidden-chips",
            by_role="floor",
            at=1.0,
            step="warning",
        )
    assert tournament.state.chips == total - sum(chips)
    assert chips_conserved(tournament)
