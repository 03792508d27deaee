"""The structure library, the editor's check and the forecast over HTTP, with their roles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, TestClient, bearer, client_for, event

from floorman.service.api.routes_structures import runs_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def test_a_director_saves_the_events_structure_and_finds_it_in_the_library(
    client: TestClient,
) -> None:
    ours = event(client, 12, start=False)
    saved = ours.post("/structures", json={"name": "Friday 10k"})
    assert saved.status_code == 201, saved.text
    template = saved.json()
    assert template["structure"] == ours.get("").json()["structure"]
    assert template["source"] == "saved from API test"
    listed = client.get("/structures", headers=bearer(SERVER)).json()
    names = [t["name"] for t in listed]
    assert names[:3] == ["Club turbo", "Daily", "Deepstack"]
    assert names[-1] == "Friday 10k"
    one = ours.get(f"/structures/{template['id']}").json()
    assert one["structure"]["starting_stack"] == 10_000
    shipped = ours.get("/structures/shipped:deepstack").json()
    assert shipped["source"].startswith("https://")
    assert shipped["levels"] == 25
    assert ours.get("/structures/nothing").status_code == 404


def test_only_the_director_reaches_the_library_the_check_and_the_forecast(
    client: TestClient,
) -> None:
    ours = event(client, 12)
    assert ours.post("/structures", role="floor", json={"name": "x"}).status_code == 403
    assert ours.get("/forecast", role="dealer").status_code == 403
    assert (
        ours.post("/structure-check", role="floor", json={"structure": STRUCTURE}).status_code
        == 403
    )
    assert client.get("/structures", headers=ours.headers("director")).status_code == 403


def test_the_check_cites_the_profiles_rule_for_a_colour_up_of_chips_not_in_play(
    client: TestClient,
) -> None:
    ours = event(client, 12, start=False)
    broken = {
        **STRUCTURE,
        "items": [
            *STRUCTURE["items"][:2],
            {"kind": "break", "minutes": 10, "colour_up": [5]},
            STRUCTURE["items"][3],
        ],
    }  # type: ignore[index]
    answer = ours.post("/structure-check", json={"structure": broken})
    assert answer.status_code == 409, answer.text
    ruling = answer.json()["ruling"]
    assert (ruling["rule"], ruling["key"]) == ("R25-B", "structure-colour-up")
    good = ours.post("/structure-check", json={"structure": STRUCTURE})
    assert good.status_code == 200
    assert good.json()["levels"] == 3


def test_the_forecast_before_the_start_and_live(client: TestClient) -> None:
    ours = event(client, 12, start=False)
    before = ours.get("/forecast").json()
    assert before["ready"]
    assert not before["live"]
    assert before["runs"] == 200
    assert before["final"]["median"] <= before["end"]["median"]
    assert before["end"]["p10"] <= before["end"]["median"] <= before["end"]["p90"]
    assert ours.post("/start").status_code == 200
    live = ours.get("/forecast").json()
    assert live["live"]
    assert live["players"] == 12


def test_the_server_director_reads_a_template_whole(client: TestClient) -> None:
    daily = client.get("/structures/shipped:daily", headers=bearer(SERVER))
    assert daily.status_code == 200
    assert daily.json()["structure"]["starting_stack"] == 10_000
    assert client.get("/structures/nothing", headers=bearer(SERVER)).status_code == 404


def test_a_forecast_of_a_huge_field_makes_fewer_runs() -> None:
    assert runs_for(200) == 200
    assert runs_for(2_000) == 200
    assert runs_for(10_000) == 40
    assert runs_for(1_000_000) == 20
