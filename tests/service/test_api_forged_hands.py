"""Issue 20, item 1: at a server-dealt tournament only the server records hands, and a ruling's
author is the token that sends it, never a field of the body.

Each test runs on SQLite and PostgreSQL, through the lean command path and through FastAPI
alone (the two answer every command route)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, Event, TestClient, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.core import TournamentService
from floorman.service.store import EventStore


@contextmanager
def served(url: str, folder: Path, *, lean: bool) -> Iterator[Event]:
    """A started 12-player event in an app with (or without) the lean command path."""
    store = EventStore.open(url, data_dir=folder)
    service = TournamentService(store, clock=FakeClock(), rng_seed=7)
    app = create_app(service, server_token=SERVER, online_rng=random.Random(7), lean=lean)
    try:
        with TestClient(app) as client:
            yield event(client, 12)
    finally:
        store.close()


@pytest.fixture(params=[True, False], ids=["lean", "fastapi"])
def ours(request: pytest.FixtureRequest, database_url: str, tmp_path: Path) -> Iterator[Event]:
    with served(database_url, tmp_path, lean=request.param) as made:
        yield made


def everything_to_one(setup: dict[str, Any]) -> dict[str, Any]:
    """A made-up result of the setup's hand: the first seat takes every chip at the table."""
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    winner = before[0][0]
    total = sum(s for _, s in before)
    after = [[e, total if e == winner else 0] for e, _ in before]
    return {
        "level": setup["level"],
        "positions": setup["positions"],
        "stacks_before": before,
        "stacks_after": after,
        "eliminated_by": {e: [winner] for e, _ in before[1:]},
    }


def alive(ours: Event) -> int:
    players_left: int = ours.get("").json()["players_left"]
    return players_left


def test_issue20_a_dealer_cannot_record_a_made_up_hand_at_a_server_dealt_table(
    ours: Event,
) -> None:
    setup = ours.get("/tables/1/setup", "dealer").json()["setup"]
    assert ours.post("/tables/1/deal").status_code == 200
    version, left = ours.get("").json()["version"], alive(ours)
    forged = everything_to_one(setup)
    attempts = [
        ours.post("/tables/1/hands", "dealer", json=forged),
        ours.post("/commands/record-hand", "dealer", json={"result": {**forged, "table": 1}}),
        ours.post("/tables/1/hands", "director", json=forged),
        ours.post("/commands/record-hand", "floor", json={"result": {**forged, "table": 1}}),
    ]
    for refused in attempts:
        assert refused.status_code == 409, refused.text
        assert refused.json()["constraint"] == "server-dealt"
    assert (ours.get("").json()["version"], alive(ours)) == (version, left)
    assert ours.get("/tables/1/hand", "dealer").status_code == 200  # the server's hand goes on


def folded_round(ours: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The tablet's steps of a hand everyone folds to the big blind."""
    steps: list[dict[str, Any]] = []
    while True:
        body = {"setup": setup, "steps": steps}
        now = ours.post("/tables/1/tablet/hand", "dealer", json=body).json()
        if now["over"] or now["awaiting_award"]:
            return steps
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})


def test_issue20_the_tablet_award_is_refused_at_a_server_dealt_table(ours: Event) -> None:
    setup = ours.get("/tables/1/setup", "dealer").json()["setup"]
    steps = folded_round(ours, setup)
    assert ours.post("/tables/1/deal").status_code == 200
    version = ours.get("").json()["version"]
    body = {"setup": setup, "steps": steps, "winners": []}
    refused = ours.post("/tables/1/tablet/award", "dealer", json=body)
    assert refused.status_code == 409, refused.text
    assert refused.json()["constraint"] == "server-dealt"
    assert ours.get("").json()["version"] == version


def test_issue20_a_dealers_ruling_is_signed_by_his_role_not_by_the_body(ours: Event) -> None:
    setup = ours.get("/tables/1/setup", "dealer").json()["setup"]
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    ruling = {
        "kind": "decision",
        "ruling": {
            "rule": {"profile": "tda-2022", "rule": "R1"},
            "key": "director-ruling",
            "message": "x",
            "params": [],
        },
        "decided_by": "Tournament Director",
        "outcome": "dead",
    }
    result = {
        "level": setup["level"],
        "positions": setup["positions"],
        "stacks_before": before,
        "stacks_after": before,
        "rulings": [ruling],
    }
    answer = ours.post("/tables/1/hands", "dealer", json=result)
    assert answer.status_code == 200, answer.text
    played = next(e for e in answer.json()["events"] if e["kind"] == "hand-played")
    assert [r["decided_by"] for r in played["data"]["rulings"]] == ["dealer"]
    rows = ours.get("/records/results?format=rulings-csv").text
    assert "Tournament Director" not in rows
    assert "dealer" in rows


def test_issue20_a_floor_token_records_a_ruling_as_the_floor_not_as_the_director(
    ours: Event,
) -> None:
    body = {"rule": "R1", "decision": "the hand is dead", "reason": "x", "by_role": "director"}
    answer = ours.post("/commands/record-ruling", "floor", json=body)
    assert answer.status_code == 200, answer.text
    assert [e["data"]["by_role"] for e in answer.json()["events"]] == ["floor"]
    penalty = {"offence": "disclosure", "by_role": "director"}
    given = ours.post("/entries/e3/penalties", "floor", json=penalty)
    assert given.status_code == 200, given.text
    given_by = [
        e["data"]["by_role"] for e in given.json()["events"] if e["kind"] == "penalty-given"
    ]
    assert given_by == ["floor"]
