"""Day 2 over HTTP: two flights played and ended, merged into a new tournament whose director
sees the field brought in; who may merge them."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import (
    SERVER,
    STRUCTURE,
    Event,
    TestClient,
    bearer,
    client_for,
    event,
)

from floorman.service.export import export_jsonl, read_jsonl
from floorman.service.replay import check_stream


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def _flight(client: TestClient, prefix: str, players: int = 8) -> Event:
    """A started flight whose players are ``{prefix}1``...: each flight its own people."""
    body = {"name": f"Flight {prefix}", "structure": STRUCTURE, "buy_in": 50}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    flight = Event(client=client, id=created.json()["tournament"])
    flight.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, players + 1):
        player = {"player": f"{prefix}{number}", "name": f"{prefix.upper()} {number}"}
        assert flight.post("/entries", json=player).status_code == 200
    assert flight.post("/start").status_code == 200
    flight.tokens["floor"] = flight.token("floor")
    return flight


def _played_and_ended(client: TestClient, prefix: str, *, bust: bool) -> Event:
    flight = _flight(client, prefix)
    if bust:
        seats = flight.state()["view"]["tables"][0]["seats"]
        loser, winner = [s["entry"] for s in seats if s["entry"]][:2]
        busted = flight.post("/commands/bust", json={"entry": loser, "by": [winner]})
        assert busted.status_code == 200, busted.text
    ended = flight.post("/commands/end-day", json={})
    assert ended.status_code == 200, ended.text
    return flight


def _merge(client: TestClient, token: str, **body: Any) -> Any:
    return client.post("/tournaments/day-two", json=body, headers=bearer(token))


def test_two_flights_ended_and_merged_into_day_two(client: TestClient) -> None:
    one, two = (
        _played_and_ended(client, "a", bust=True),
        _played_and_ended(client, "b", bust=False),
    )
    flights = [one.id, two.id]
    alone = _merge(client, one.tokens["director"], name="Day 2", flights=flights)
    assert alone.status_code == 403, alone.text  # one flight's token does not reach the other
    floor = _merge(client, one.tokens["floor"], name="Day 2", flights=flights)
    assert floor.status_code == 403
    body = {"name": "Day 2", "flights": flights, "tokens": [two.tokens["director"]]}
    made = _merge(client, one.tokens["director"], **body)
    assert made.status_code == 201, made.text
    day = Event(client=client, id=made.json()["tournament"])
    day.tokens["director"] = made.json()["director"]["token"]
    view = day.state()["view"]
    assert view["public"]["players_left"] == 15
    alive = [e for e in view["entries"] if e["table"] is not None]
    assert len(alive) == 15
    assert sum(e["stack"] for e in alive) == 16 * 10_000  # every chip bagged came back
    kinds = [e["kind"] for e in day.get("/events").json()]
    assert kinds[0] == "tournament-created"
    assert "flights-merged" in kinds
    exported = io.StringIO()
    export_jsonl(client.app.state.floorman.service, day.id, exported)  # type: ignore[attr-defined]
    exported.seek(0)
    assert check_stream(read_jsonl(exported)).problems == []  # its opening events are folded


def test_day_two_refuses_a_flight_still_playing(client: TestClient) -> None:
    ended, playing = _played_and_ended(client, "a", bust=False), event(client, 4)
    made = _merge(client, SERVER, name="Day 2", flights=[ended.id, playing.id])
    assert made.status_code == 422, made.text
    assert made.json()["constraint"] == "day"
    unknown = _merge(client, SERVER, name="Day 2", flights=[ended.id, "tnosuchflight"])
    assert unknown.status_code == 404, unknown.text
