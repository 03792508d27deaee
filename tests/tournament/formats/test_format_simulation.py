"""Every format, a mixed game and a two-day event played by bots through the real engines."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.cli.app import main
from floorman.engine.config import AnteMode
from floorman.rules.tournament_rules import TournamentFormat
from floorman.sim.format_sim import simulate_days, simulate_format
from floorman.sim.tournament_sim import SimulationReport
from floorman.tournament.formats.kinds import StageSettings
from floorman.tournament.structure.levels import Level, Structure


def mixed_structure() -> Structure:
    """Hold'em and seven card stud, level after level, the stakes doubling every two."""
    levels = []
    for k in range(12):
        unit = 100 * 2 ** (k // 2)
        if k % 2 == 0:
            levels.append(Level(minutes=10, game="NT", small_blind=unit // 2, big_blind=unit))
        else:
            levels.append(
                Level(
                    minutes=10,
                    game="F7S",
                    ante=unit // 4,
                    ante_mode=AnteMode.EVERY_PLAYER,
                    bring_in=unit // 2,
                    small_bet=unit,
                    big_bet=2 * unit,
                )
            )
    return Structure(items=tuple(levels), starting_stack=5_000, chips=(25, 100, 500))


def assert_complete(report: SimulationReport, players: int) -> None:
    assert all(report.invariants.values())
    assert report.players == players
    assert report.final_table_formed
    assert sum(report.payouts) == report.pool
    assert report.places[0]["place"] == 1


@pytest.mark.rules("belarus-sport 3.2-¶1", "belarus-sport 3.2-¶2a", "belarus-sport 3.2-¶2b")
def test_an_olympic_event_plays_its_stages_to_the_final() -> None:
    report = simulate_format(players=40, format=TournamentFormat.OLYMPIC, profile="belarus-sport")
    assert_complete(report, 40)
    assert report.table_moves == report.tables_broken == 0


@pytest.mark.parametrize(
    ("profile", "players", "seats", "stages"),
    [
        ("tda-2022", 30, 6, StageSettings()),
        ("poland-pzp", 24, 8, StageSettings(carry_chips=True)),
        ("redcactus", 17, 8, StageSettings(stack=3_000)),
    ],
)
def test_a_shootout_plays_its_tables_to_a_final_table(
    profile: str, players: int, seats: int, stages: StageSettings
) -> None:
    report = simulate_format(
        players=players,
        format=TournamentFormat.SHOOTOUT,
        profile=profile,
        seats_per_table=seats,
        stages=stages,
        seed=5,
    )
    assert_complete(report, players)
    assert report.table_moves == 0


@pytest.mark.parametrize(("players", "paid"), [(6, 2), (10, 3)])
def test_a_sit_and_go_plays_one_table_and_pays_its_field(players: int, paid: int) -> None:
    report = simulate_format(
        players=players,
        format=TournamentFormat.SIT_AND_GO,
        profile="pokerstars-live",
        seats_per_table=players,
    )
    assert all(report.invariants.values())
    assert len(report.payouts) == paid
    assert report.pool == players * 100


@pytest.mark.rules("belarus-sport 3.1-¶3b")
def test_a_belarus_freeze_out_forms_its_final_table_after_the_hands_in_progress() -> None:
    report = simulate_format(players=30, profile="belarus-sport", seed=2)
    assert_complete(report, 30)
    assert report.tables_broken >= 2


@pytest.mark.rules("tda-2022 R11-B")
@pytest.mark.parametrize("seed", range(15))
def test_a_mixed_hold_em_and_stud_event_plays_to_the_end_with_a_frozen_button(seed: int) -> None:
    """Whatever the draw: the final table seats no more than stud can be dealt to (eight),
    though RP-9 gives an 8-max event nine."""
    report = simulate_format(players=20, structure=mixed_structure(), seed=seed, seats_per_table=8)
    assert_complete(report, 20)
    assert report.levels_reached >= 2  # stud was played


@pytest.mark.rules("pokerstars-live 3.12")
@pytest.mark.parametrize("profile", ["pokerstars-live", "tda-2022"])
def test_two_flights_end_their_day_and_day_two_plays_their_bags_to_the_end(profile: str) -> None:
    report = simulate_days(flights=[30, 25], profile=profile, seed=2, day_one_rounds=8)
    assert all(report.invariants.values())
    assert report.players < 55  # only Day 1's survivors came back
    assert report.pool == 55 * 100


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    format=st.sampled_from(list(TournamentFormat)),
    players=st.integers(min_value=2, max_value=30),
    seats=st.sampled_from([6, 8, 9, 10]),
    profile=st.sampled_from(["tda-2022", "belarus-sport", "pokerstars-live"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_invariants_hold_in_random_events_of_every_format(
    format: TournamentFormat, players: int, seats: int, profile: str, seed: int
) -> None:
    if format is TournamentFormat.SIT_AND_GO:  # one table, started when full
        players = seats = min(players, 10)
    report = simulate_format(
        players=players, format=format, profile=profile, seats_per_table=seats, seed=seed
    )
    assert all(report.invariants.values())
    assert report.players == players


def test_cli_simulate_runs_a_format(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "12", "--seats", "6", "--format", "shootout", "--json"]
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code in (0, None)
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 12
    assert report["table_moves"] == 0
    assert all(report["invariants"].values())
