"""Absent players as tournament commands: dealt in and blinded with a killed hand (TDA R30),
or, where absent stacks stay out of play, seated only on arrival (RedCactus 7)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust, chips_conserved, event, setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.events import PlayerEliminated, PlayerSeated
from floorman.tournament.floor.table_hand import result_of


@pytest.mark.rules("tda-2022 R30", "belarus-sport 6.4.4", "poland-pzp §57.1")
@pytest.mark.parametrize("profile", ["tda-2022", "belarus-sport", "poland-pzp"])
def test_an_absent_player_is_dealt_in_posts_his_blinds_and_his_hand_is_killed(
    profile: str,
) -> None:
    tournament = event(6, profile=profile)
    setup = setup_of(tournament, 1, 0.0)
    big_blind = setup.seats[setup.positions.big_blind]
    assert big_blind is not None
    events = tournament.mark_absent(entry=big_blind, at=0.0)
    assert events[0].rule == {"tda-2022": "R30", "belarus-sport": "6.4.4"}.get(profile, "§57.1")
    setup = setup_of(tournament, 1, 0.0)
    assert setup.dead == {setup.positions.big_blind}
    assert setup.serving == ()  # absence is not a penalty
    hand = play_hand(setup, {}, random.Random(4))
    result = result_of(setup, hand)
    before, after = dict(result.stacks_before), dict(result.stacks_after)
    assert after[big_blind] <= before[big_blind]  # he posted, and folded at his turn
    tournament.record_hand(result, at=0.0, rng=random.Random(4))
    tournament.mark_present(entry=big_blind, at=10.0)
    assert not setup_of(tournament, 1, 10.0).dead


def test_marking_absent_twice_or_present_without_absence_is_refused() -> None:
    tournament = event(4)
    tournament.mark_absent(entry="e1", at=0.0)
    for call, constraint in (
        (lambda: tournament.mark_absent(entry="e1", at=1.0), "absent"),
        (lambda: tournament.mark_present(entry="e2", at=1.0), "absent"),
        (lambda: tournament.mark_absent(entry="nobody", at=1.0), "entry"),
    ):
        with pytest.raises(MalformedInputError) as caught:
            call()
        assert caught.value.constraint == constraint


@pytest.mark.rules("tda-2022 R30")
def test_tda_r30_a_player_absent_at_the_start_is_seated_and_blinded() -> None:
    tournament = event(6, start=False)
    tournament.mark_absent(entry="e2", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    assert tournament.state.entries["e2"].table is not None
    assert tournament.state.entries["e2"].stack == 10_000
    table = tournament.state.entries["e2"].table
    assert table is not None
    setup = setup_of(tournament, table, 0.0)
    assert setup.seats.index("e2") in setup.dead


@pytest.mark.rules("redcactus 7")
def test_redcactus_7_an_absent_players_stack_stays_out_of_play_until_he_arrives() -> None:
    tournament = event(8, profile="redcactus", start=False)
    tournament.mark_absent(entry="e3", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    waiting = tournament.state.entries["e3"]
    assert (waiting.table, waiting.stack) == (None, 0)
    assert tournament.state.pool == 8 * 100  # he paid: his buy-in is in the pool
    assert chips_conserved(tournament)
    bust(tournament, "e5", at=600.0)
    level = tournament.level_at(900.0)
    events = tournament.mark_present(entry="e3", at=900.0, rng=random.Random(2))
    seated = next(e for e in events if isinstance(e, PlayerSeated))
    assert seated.stack == 10_000 - level.big_blind  # one player out (rule 7)
    assert tournament.state.entries["e3"].table == seated.table
    assert chips_conserved(tournament)


@pytest.mark.rules("redcactus 7")
def test_redcactus_a_player_who_never_arrives_finishes_last_when_late_registration_closes() -> None:
    tournament = event(8, profile="redcactus", start=False)
    tournament.mark_absent(entry="e3", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    bust(tournament, "e5", at=600.0)
    assert tournament.state.entries["e5"].place == 8
    bust(tournament, "e6", at=3_700.0)  # late registration closed at 60 minutes
    no_show = next(
        e for e in tournament.events if isinstance(e, PlayerEliminated) and e.reason == "no-show"
    )
    assert (no_show.entry, no_show.place, no_show.table) == ("e3", 7, 0)
    assert tournament.state.entries["e6"].place == 6
    with pytest.raises(MalformedInputError):
        tournament.mark_present(entry="e3", at=3_800.0, rng=random.Random(1))


@pytest.mark.rules("redcactus 7")
def test_redcactus_an_arrival_after_late_registration_is_refused() -> None:
    tournament = event(8, profile="redcactus", start=False)
    tournament.mark_absent(entry="e3", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    with pytest.raises(IllegalActionError) as caught:
        tournament.mark_present(entry="e3", at=3_700.0, rng=random.Random(2))
    assert caught.value.ruling.rule.rule == "7"
