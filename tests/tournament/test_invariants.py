"""The simulation's invariants over random tournaments of every profile and every preset, the
director's floor and desk decisions mixed in at random (issue 6, part C): chips conserved,
every entry placed exactly once, table sizes legal at every hand start, nobody skipping the big
blind or posting it twice running. The simulation checks them as it plays
(:class:`floorman.sim.tournament_sim.Checker`) and reports each one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tournament.tournament_helpers import placed_once

from floorman.rules.profiles import PRESETS, PROFILES, get_ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.sim.format_sim import simulate_days, simulate_format
from floorman.sim.incidents import FloorOptions
from floorman.sim.tournament_sim import simulate
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import PlayerMoved
from floorman.tournament.floor.events import BalancingSet, TableSizeSet
from floorman.tournament.formats.events import StageStarted
from floorman.tournament.formats.kinds import is_knockout

RULESETS = sorted(PROFILES) + sorted(PRESETS)
FREEZE_OUTS = [r for r in RULESETS if not is_knockout(get_ruleset(r).tournament.format)]
KNOCKOUTS = [r for r in RULESETS if r not in FREEZE_OUTS]
DIRECTOR = FloorOptions(director=0.4, late_entries=6, absences=0.03)


def test_every_profile_and_preset_is_covered() -> None:
    assert set(PROFILES) <= set(FREEZE_OUTS)
    assert {"redcactus/weekly", "belarus-sport/american"} <= set(FREEZE_OUTS)
    assert KNOCKOUTS == ["belarus-sport/olympic"]


@pytest.mark.parametrize("ruleset", FREEZE_OUTS)
def test_every_freeze_out_ruleset_keeps_its_invariants_under_the_directors_decisions(
    ruleset: str,
) -> None:
    report = simulate(players=30, profile=ruleset, seed=2, seats_per_table=8, floor=DIRECTOR)
    assert report.invariants
    assert all(report.invariants.values()), report.invariants
    kinds = {type(e) for e in report.events}
    assert {BalancingSet, TableSizeSet} <= kinds
    moves = [e for e in report.events if isinstance(e, PlayerMoved)]
    assert any(m.note == "director" for m in moves) or BalancingSet in kinds
    replayed = Tournament.replay(report.events)  # type: ignore[arg-type]
    assert replayed.state.finished
    assert placed_once(replayed)


@pytest.mark.parametrize("ruleset", KNOCKOUTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_knockout_preset_keeps_its_invariants(ruleset: str, seed: int) -> None:
    kind = get_ruleset(ruleset).tournament.format
    assert kind is TournamentFormat.OLYMPIC
    report = simulate_format(players=20, format=kind, profile=ruleset, seed=seed, seats_per_table=6)
    assert all(report.invariants.values()), report.invariants
    assert report.players == 20
    played = simulate(players=30, profile=ruleset, seed=seed, seats_per_table=8, floor=DIRECTOR)
    assert all(played.invariants.values()), played.invariants
    assert any(isinstance(e, StageStarted) for e in played.events)


@pytest.mark.parametrize("ruleset", FREEZE_OUTS)
def test_every_freeze_out_ruleset_plays_two_flights_and_a_day_two(ruleset: str) -> None:
    report = simulate_days(flights=[18, 14], profile=ruleset, seed=3, day_one_rounds=6)
    assert all(report.invariants.values()), report.invariants


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=36),
    seed=st.integers(min_value=0, max_value=10_000),
    ruleset=st.sampled_from(FREEZE_OUTS),
    seats=st.sampled_from([6, 8, 9, 10]),
    director=st.sampled_from([0.0, 0.2, 0.6]),
    late_entries=st.sampled_from([0, 6]),
    absences=st.sampled_from([0.0, 0.05]),
    rebuys=st.booleans(),
    penalties=st.sampled_from([0.0, 0.05]),
)
def test_invariants_hold_in_random_tournaments_of_every_profile_and_preset(
    players: int,
    seed: int,
    ruleset: str,
    seats: int,
    director: float,
    late_entries: int,
    absences: float,
    rebuys: bool,
    penalties: float,
) -> None:
    floor = FloorOptions(
        director=director,
        late_entries=late_entries,
        absences=absences,
        rebuys=rebuys and get_ruleset(ruleset).tournament.rebuys_allowed,
        penalties=penalties,
    )
    report = simulate(
        players=players, profile=ruleset, seed=seed, seats_per_table=seats, floor=floor
    )
    assert all(report.invariants.values()), report.invariants
    assert report.players >= players
