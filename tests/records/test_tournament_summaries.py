"""Tournament summaries for hand trackers: an Open Tournament Summary checked by the spec's
JSON schema, and a PokerStars-style summary, both with the places and prizes of the record."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from tests.records.sim_data import simulated

from floorman.errors import MalformedInputError
from floorman.records.export_api import Format
from floorman.records.results import results_from_events
from floorman.records.summary_export import export_summary
from floorman.sim.incidents import FloorOptions
from floorman.sim.tournament_sim import simulate

_SCHEMA = json.loads((Path(__file__).parent / "ots_1_1_5.schema.json").read_text())


def test_ots_summary_passes_the_schema_and_lists_every_place_and_prize() -> None:
    events = simulated().events
    exported = export_summary(events, Format.OTS, tournament=12, currency="EUR")
    assert exported.filename.endswith(".ots")
    document = json.loads(exported.content)
    jsonschema.validate(document, _SCHEMA)
    ots = document["ots"]
    results = results_from_events(events)
    assert ots["tournament_number"] == "12"
    assert ots["player_count"] == len(results.entries) == 12
    assert ots["prize_pool"] == results.pool / 100
    finishes = ots["tournament_finishes_and_winnings"]
    assert [(f["player_name"], f["finish_position"], f["prize"]) for f in finishes] == [
        (s.name, s.place, s.prize / 100) for s in results.standings
    ]
    places = [f["finish_position"] for f in finishes]
    assert places == sorted(places)  # best first; players out in the same hand tie
    assert places[0] == 1
    assert len(places) == 12
    assert sum(f["prize"] for f in finishes) == pytest.approx(ots["prize_pool"])
    assert ots["speed"]["round_time"] == 20 * 60


def test_ots_counts_rebuys_and_add_ons_per_player() -> None:
    report = simulate(players=10, seed=4, floor=FloorOptions(rebuys=True))
    document = json.loads(export_summary(report.events, Format.OTS).content)
    jsonschema.validate(document, _SCHEMA)
    results = results_from_events(report.events)
    bought = document["ots"]["tournament_rebuys"]
    assert sum(b["rebuys"] + b["addons"] for b in bought) == len(results.purchases) > 0
    assert "Rebuy" in document["ots"]["flags"]
    assert document["ots"]["currency"] == "XPM"  # chips: play money


def test_pokerstars_summary_lists_places_with_prizes_and_shares() -> None:
    events = simulated().events
    exported = export_summary(events, Format.POKERSTARS, tournament=12, currency="USD")
    text = exported.content.decode()
    results = results_from_events(events)
    lines = text.splitlines()
    assert lines[0].startswith("PokerStars Tournament #12, No Limit Hold'em")
    assert lines[2] == "12 players"
    assert lines[3] == f"Total Prize Pool: ${results.pool / 100:.2f} USD"
    assert lines[4].startswith("Tournament started ")
    assert lines[4].endswith(" ET]")
    winner = results.standings[0]
    assert f"  1: {winner.name}, ${winner.prize / 100:.2f} (" in text
    assert sum(line[:4].strip().rstrip(":").isdigit() for line in lines) == 12


def test_summary_refuses_other_formats_and_bad_zones() -> None:
    events = simulated().events
    with pytest.raises(MalformedInputError) as wrong:
        export_summary(events, Format.PHH)
    assert wrong.value.constraint == "format"
    with pytest.raises(MalformedInputError) as zone:
        export_summary(events, Format.POKERSTARS, zone="Atlantis/Deep")
    assert zone.value.constraint == "time-zone"
