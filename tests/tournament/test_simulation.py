"""Whole tournaments played by bots through the real engines (issue 6, simulation)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tournament.tournament_helpers import placed_once

from floorman.cli.app import main
from floorman.rules.profiles import PROFILES
from floorman.sim.incidents import FloorOptions
from floorman.sim.tournament_sim import simulate
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import BountyPaid, PenaltyGiven, PlayerAbsent, RebuyMade
from floorman.tournament.money.deal_events import DealAccepted


@pytest.mark.rules(
    "belarus-sport 3.1-¶3c", "belarus-sport 5.10.1", "redcactus Vainqueur et éliminations",
    "pokerstars-live 2.5", "poland-pzp §25.3",
)  # fmt: skip
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_profile_plays_a_multi_table_event_to_the_end(profile: str) -> None:
    seats = 8 if profile == "redcactus" else 9
    report = simulate(players=30, profile=profile, seed=3, seats_per_table=seats)
    assert report.players == 30
    assert all(report.invariants.values())
    assert report.hands > 30
    assert report.tables_broken >= 2
    assert report.final_table_formed
    places = [row["place"] for row in report.places]
    assert 1 in places
    assert sum(report.payouts) == report.pool == 30 * 100


def test_the_same_seed_plays_the_same_tournament() -> None:
    first = simulate(players=20, seed=11)
    again = simulate(players=20, seed=11)
    assert first.as_dict() == again.as_dict()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=40),
    seed=st.integers(min_value=0, max_value=10_000),
    profile=st.sampled_from(sorted(PROFILES)),
    seats=st.sampled_from([6, 8, 9, 10]),
)
def test_invariants_hold_in_random_tournaments(
    players: int, seed: int, profile: str, seats: int
) -> None:
    report = simulate(players=players, profile=profile, seed=seed, seats_per_table=seats)
    assert all(report.invariants.values())
    assert report.players == players


def test_cli_simulate_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--players", "12", "--seed", "2", "--json"])
    assert done.value.code in (0, None)
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 12
    assert report["invariants"]["every_entry_placed_once"] is True
    assert report["hands"] > 0


def test_cli_simulate_refuses_an_unknown_profile(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--players", "12", "--profile", "wsop", "--json"])
    assert done.value.code == 2
    assert json.loads(capsys.readouterr().out)["constraint"] == "profile"


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_profile_plays_an_event_with_rebuys_penalties_absences_and_a_deal(
    profile: str,
) -> None:
    rebuys = PROFILES[profile].tournament.rebuys_allowed
    floor = FloorOptions(
        rebuys=rebuys, penalties=0.05, absences=0.03, late_entries=4, bounty=10, deal="icm"
    )
    report = simulate(players=30, profile=profile, seed=3, floor=floor)
    assert all(report.invariants.values())
    kinds = {type(e) for e in report.events}
    assert {PenaltyGiven, PlayerAbsent, DealAccepted, BountyPaid} <= kinds
    assert (RebuyMade in kinds) == rebuys
    replayed = Tournament.replay(report.events)  # type: ignore[arg-type]
    assert replayed.state.finished
    assert sum(e.bounty_won for e in replayed.state.entries.values()) + (
        replayed.state.bounty_forfeited
    ) == 10 * len(replayed.state.entries)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=30),
    seed=st.integers(min_value=0, max_value=10_000),
    profile=st.sampled_from(sorted(PROFILES)),
    seats=st.sampled_from([6, 8, 9, 10]),
    rebuys=st.booleans(),
    penalties=st.sampled_from([0.0, 0.05, 0.3]),
    absences=st.sampled_from([0.0, 0.05]),
    late_entries=st.sampled_from([0, 5]),
    bounty=st.sampled_from([0, 9]),
    deal=st.sampled_from([None, "icm", "chip-chop", "hybrid"]),
)
def test_invariants_hold_in_random_tournaments_with_floor_incidents(
    players: int,
    seed: int,
    profile: str,
    seats: int,
    rebuys: bool,
    penalties: float,
    absences: float,
    late_entries: int,
    bounty: int,
    deal: str | None,
) -> None:
    floor = FloorOptions(
        rebuys=rebuys and PROFILES[profile].tournament.rebuys_allowed,
        penalties=penalties,
        absences=absences,
        late_entries=late_entries,
        bounty=bounty,
        progressive_bounty=bool(bounty) and seed % 2 == 0,
        deal=deal,
    )
    report = simulate(
        players=players, profile=profile, seed=seed, seats_per_table=seats, floor=floor
    )
    assert all(report.invariants.values())
    assert report.players >= players
    replayed = Tournament.replay(report.events)  # type: ignore[arg-type]
    assert placed_once(replayed)
    state = replayed.state
    assert sum(e.prize for e in state.entries.values()) + state.forfeited == state.pool


def test_cli_simulate_takes_rebuys_penalties_and_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "14", "--seed", "5", "--rebuys", "--penalties", "0.1"]
    with pytest.raises(SystemExit) as done:
        main([*args, "--absences", "0.05", "--bounty", "5", "--deal", "chip-chop", "--json"])
    assert done.value.code in (0, None)
    report = json.loads(capsys.readouterr().out)
    assert report["invariants"]["bounties_all_paid"] is True
    assert report["invariants"]["prizes_add_up_to_pool"] is True
    assert report["pool"] > 14 * 100  # rebuys and add-ons are in it
