"""The console's new commands over HTTP (issue 17): the late-registration end set at creation
and changed by the director, "next level" and "set the time left" for the staff, and what
Undo would undo, named before the director confirms."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, TestClient, bearer, client_for, event


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def test_the_late_registration_end_is_set_at_creation_and_changed_by_the_director(
    client: TestClient,
) -> None:
    body = {
        "name": "Club night",
        "structure": STRUCTURE,
        "buy_in": 50,
        "options": {"settings": {"late_registration_level": 1}},
    }
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    tournament = created.json()["tournament"]
    headers = bearer(created.json()["director"]["token"])
    base = f"/tournaments/{tournament}"
    for number in range(1, 5):
        player = {"player": f"p{number}", "name": f"Player {number}"}
        client.post(f"{base}/entries", json=player, headers=headers)
    client.post(f"{base}/start", headers=headers)
    view = client.get(f"{base}/views/director", headers=headers).json()["view"]
    assert view["late_registration"]["level"] == 1
    assert view["public"]["clock"]["late_registration"]["open"] is True
    bad = client.post(f"{base}/commands/set-late-registration", json={"level": 9}, headers=headers)
    assert bad.status_code == 422
    assert bad.json()["constraint"] == "late-registration"
    moved = client.post(
        f"{base}/commands/set-late-registration", json={"level": 3}, headers=headers
    )
    assert moved.status_code == 200, moved.text
    view = client.get(f"{base}/views/director", headers=headers).json()["view"]
    assert view["late_registration"]["level"] == 3


def test_next_level_and_set_time_left_are_the_staffs_and_undo_names_the_last_command(
    client: TestClient,
) -> None:
    ours = event(client, 6)
    assert ours.post("/commands/next-level", role="dealer", json={}).status_code == 403
    skipped = ours.post("/commands/next-level", role="floor", json={})
    assert skipped.status_code == 200, skipped.text
    assert ours.state()["view"]["public"]["clock"]["level"]["level"] == 2
    set_left = ours.post("/commands/set-time-left", json={"seconds": 300})
    assert set_left.status_code == 200, set_left.text
    remaining = ours.state()["view"]["public"]["clock"]["remaining"]
    assert 290.0 < remaining <= 300.0  # the test clock ticks on between requests
    too_long = ours.post("/commands/set-time-left", json={"seconds": 80_000})  # > the level
    assert too_long.status_code == 422
    assert too_long.json()["constraint"] == "time-left"
    last = ours.get("/undo").json()
    assert (last["command"], last["fields"]) == ("set-time-left", {"seconds": 300})
    assert isinstance(last["at"], float)
    assert ours.get("/undo", role="floor").status_code == 403
