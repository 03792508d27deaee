"""Belarus 3.3 at the creation of an event over HTTP: every level raises the forced bets.

The structure editor's check already refuses a level repeating the one before under the
Belarus profile; an event created through the API with such a structure is refused the same
way, citing 3.3, and nothing is created. The other profiles let a level repeat.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, TestClient, bearer, client_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


LEVEL_1 = {"minutes": 20, "small_blind": 50, "big_blind": 100}
LEVEL_2 = {"minutes": 20, "small_blind": 100, "big_blind": 200}
REPEATING = {**STRUCTURE, "items": [LEVEL_1, LEVEL_1, {"kind": "break", "minutes": 10}, LEVEL_2]}


def create(client: TestClient, profile: str, structure: dict[str, Any]) -> Any:
    body = {"name": f"{profile} levels", "profile": profile, "structure": structure}
    return client.post("/tournaments", json=body, headers=bearer(SERVER))


def listed(client: TestClient) -> list[str]:
    return [t["name"] for t in client.get("/tournaments", headers=bearer(SERVER)).json()]


@pytest.mark.rules("belarus-sport 3.3")
def test_belarus_3_3_refuses_an_event_whose_level_repeats_the_one_before(
    client: TestClient,
) -> None:
    refused = create(client, "belarus-sport", REPEATING)
    assert refused.status_code == 409, refused.text
    ruling = refused.json()["ruling"]
    assert (ruling["profile"], ruling["rule"]) == ("belarus-sport", "3.3")
    assert ruling["key"] == "structure-level-repeats"
    assert ruling["params"] == {"level": 2}
    assert listed(client) == []  # nothing was created
    growing = create(client, "belarus-sport", STRUCTURE)
    assert growing.status_code == 201, growing.text
    assert listed(client) == ["belarus-sport levels"]


@pytest.mark.parametrize("profile", ["tda-2022", "pokerstars-live", "poland-pzp", "redcactus"])
def test_profiles_without_belarus_3_3_create_an_event_whose_level_repeats(
    client: TestClient, profile: str
) -> None:
    created = create(client, profile, REPEATING)
    assert created.status_code == 201, created.text
    levels = client.get(
        f"/tournaments/{created.json()['tournament']}",
        headers={"Authorization": f"Bearer {created.json()['director']['token']}"},
    ).json()["structure"]["items"]
    assert [item.get("big_blind") for item in levels] == [100, 100, None, 200]
