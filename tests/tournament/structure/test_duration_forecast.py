"""The duration forecast: checked against whole tournaments the full simulator played."""

from __future__ import annotations

import math
import statistics

import pytest

from floorman.errors import MalformedInputError
from floorman.sim.duration_sim import forecast
from floorman.sim.tournament_sim import simulate
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.library import shipped_templates

HOUR = 3600


def test_the_forecast_median_is_within_five_percent_of_the_full_simulations() -> None:
    """45 players on the default structure: 30 events dealt card by card through the engines
    against the forecast's 200 runs of the stack model."""
    structure = default_structure(45)
    played = [
        simulate(players=45, seed=s, structure=structure).simulated_hours for s in range(1, 31)
    ]
    known = statistics.median(played)
    predicted = forecast(structure, players=45, paid_places=6).end
    assert abs(predicted.median / HOUR - known) <= 0.05 * known
    deciles = statistics.quantiles(played, n=10, method="inclusive")
    assert abs(predicted.p10 / HOUR - deciles[0]) <= 0.15 * deciles[0]
    assert abs(predicted.p90 / HOUR - deciles[-1]) <= 0.15 * deciles[-1]


def test_the_field_reaches_the_money_before_the_final_table_when_more_than_a_table_is_paid() -> (
    None
):
    structure = shipped_templates()[1].structure  # the daily
    result = forecast(structure, players=200, paid_places=30, runs=50)
    assert result.money.median < result.final.median < result.end.median
    assert result.runs == 50
    assert result.final_table == 9


def test_a_live_forecast_starts_from_the_stacks_and_the_clock_as_they_are() -> None:
    structure = default_structure(45)
    fresh = forecast(structure, players=45, paid_places=6, runs=50)
    late = forecast(
        structure,
        players=45,
        paid_places=6,
        runs=50,
        stacks=[45 * 20_000 // 5] * 5,
        elapsed=4 * HOUR,
    )
    assert late.end.p10 > 4 * HOUR
    assert late.money.median == 4 * HOUR  # five left of six paid: in the money already
    assert late.final.median == 4 * HOUR
    assert fresh.money.median > 0


def test_a_forecast_of_a_bad_field_is_refused() -> None:
    structure = default_structure(45)
    with pytest.raises(MalformedInputError) as refused:
        forecast(structure, players=45, paid_places=46)
    assert refused.value.constraint == "paid-places"
    with pytest.raises(MalformedInputError):
        forecast(structure, players=45, paid_places=5, stacks=[0, 100])


def test_every_shipped_template_forecasts_to_an_end() -> None:
    for template in shipped_templates():
        end = forecast(template.structure, players=60, paid_places=9, runs=20).end
        assert not math.isnan(end.median)
