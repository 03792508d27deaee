"""The console's calculators over HTTP: the rulebooks, a generated structure and its payouts
(the server's director token, the one that creates events), the penalty catalogue of the
event's rulebook, and a deal by chip chop and ICM side by side."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.service.api_fixtures import SERVER, Event, bearer, client_for, event


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    with client_for(tmp_path_factory.mktemp("console")) as client:
        yield event(client, 6)


def test_the_rulebooks_and_presets_are_listed_without_a_token(running: Event) -> None:
    listed = running.client.get("/web/profiles").json()
    ids = [p["id"] for p in listed]
    assert {"tda-2022", "belarus-sport", "redcactus", "pokerstars-live", "poland-pzp"} <= set(ids)
    assert "redcactus/weekly" in ids
    assert ids.index("tda-2022") < ids.index("redcactus/weekly")


def test_a_structure_is_generated_for_the_field_and_its_length(running: Event) -> None:
    body = {"players": 30, "target_hours": 6, "starting_stack": 20_000}
    made = running.client.post("/web/structure", json=body, headers=bearer(SERVER)).json()
    assert made["structure"]["starting_stack"] == 20_000
    assert 4 < made["expected_hours"] < 8
    body["target_hours"] = 1
    refused = running.client.post("/web/structure", json=body, headers=bearer(SERVER))
    assert refused.status_code == 422
    assert "level" in refused.json()["message"]


def test_payouts_of_a_field_add_up_to_the_pool(running: Event) -> None:
    body = {"entries": 30, "buy_in": 100, "prize_unit": 5}
    paid = running.client.post("/web/payouts", json=body, headers=bearer(SERVER)).json()
    assert sum(paid["prizes"]) == paid["pool"] == 3000
    assert all(prize % 5 == 0 for prize in paid["prizes"])
    assert paid["prizes"] == sorted(paid["prizes"], reverse=True)


def test_only_the_servers_token_previews_a_new_event(running: Event) -> None:
    body = {"entries": 30}
    refused = running.client.post("/web/payouts", json=body, headers=running.headers("director"))
    assert refused.status_code == 403


@pytest.mark.rules("tda-2022 R70")
def test_tda_r70_the_penalty_catalogue_of_the_events_rulebook(running: Event) -> None:
    catalogue = running.get("/console/penalties").json()
    assert catalogue["profile"] == "tda-2022"
    delay = next(o for o in catalogue["offences"] if o["id"] == "delay")
    assert (delay["rule"], delay["steps"][0]) == ("R70", "warning")
    assert running.get("/console/penalties", "dealer").status_code == 403


def test_a_deal_by_chip_chop_and_icm_side_by_side(running: Event) -> None:
    deal = running.get("/console/deal").json()
    assert len(deal["players"]) == 6
    assert deal["pending"] is None
    assert sum(deal["icm"]) == sum(deal["chip-chop"]) == sum(deal["prizes"])
    kept = running.get(f"/console/deal?keep={deal['prizes'][0] // 2}").json()
    assert sum(kept["hybrid"]) + deal["prizes"][0] // 2 == sum(deal["prizes"])
