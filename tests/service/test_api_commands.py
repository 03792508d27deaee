"""The HTTP API's commands: tournaments created and run over HTTP, every refusal a 4xx carrying
its ruling or constraint, stale versions refused with 409, retried requests applied once."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

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

from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.commands import COMMANDS
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as made:
        yield made


def test_create_a_tournament_from_a_profile_and_a_structure(client: TestClient) -> None:
    body = {"name": "Minsk Open", "profile": "belarus-sport", "structure": STRUCTURE}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201
    answer = created.json()
    assert answer["version"] == 1
    assert answer["director"]["role"] == "director"
    read = client.get(
        f"/tournaments/{answer['tournament']}", headers=bearer(answer["director"]["token"])
    )
    assert read.status_code == 200
    assert read.json()["profile"] == "belarus-sport"
    assert read.json()["structure"]["starting_stack"] == 10_000
    assert read.headers.get("etag") is None or read.headers["etag"]


@pytest.mark.parametrize(
    ("body", "constraint"),
    [
        ({"name": "x", "profile": "no-such-profile"}, "profile"),
        ({"name": "x", "structure": {"starting_stack": 100, "chips": [25], "items": []}}, "levels"),
        ({"name": "x", "structure": {"chips": [25]}}, "items"),
        ({"name": "  "}, "name"),
        ({"name": "x", "buy_in": -5}, "request"),
    ],
)
def test_a_bad_tournament_is_refused_with_the_constraint_it_broke(
    client: TestClient, body: dict[str, object], constraint: str
) -> None:
    refused = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert refused.status_code == 422
    assert refused.json()["constraint"] == constraint


def test_register_start_and_the_clock_over_http(client: TestClient) -> None:
    ours = event(client, 12)
    director = ours.state()["view"]
    assert director["public"]["players_left"] == 12
    assert director["public"]["clock"]["status"] == "running"
    assert sorted(len([s for s in t["seats"] if s["entry"]]) for t in director["tables"]) == [6, 6]
    paused = ours.post("/clock/pause")
    assert paused.status_code == 200
    assert [e["kind"] for e in paused.json()["events"]] == ["clock-paused"]
    assert paused.headers["etag"] == f'"{paused.json()["version"]}"'
    assert ours.state()["view"]["public"]["clock"]["status"] == "paused"
    assert ours.post("/clock/resume").status_code == 200
    added = ours.post("/clock/add-time", json={"seconds": -60})
    assert [e["kind"] for e in added.json()["events"]] == ["time-added"]


def test_a_refusal_of_the_rules_is_409_with_the_ruling_and_its_rule(client: TestClient) -> None:
    ours = event(client, 4)
    again = ours.post("/start")
    assert again.status_code == 409
    ruling = again.json()["ruling"]
    assert ruling["profile"] == "tda-2022"
    assert ruling["rule"]
    assert ruling["key"] == "started"
    resumed = ours.post("/clock/resume")
    assert resumed.status_code == 409
    assert resumed.json()["ruling"]["key"] == "levels"


def test_malformed_input_is_422_naming_the_constraint_and_the_field(client: TestClient) -> None:
    ours = event(client, 4)
    blank = ours.post("/entries", json={"player": " ", "name": "Someone"})
    assert blank.status_code == 422
    assert blank.json()["constraint"] == "player"
    wrong_type = ours.post("/commands/add-time", json={"seconds": "soon"})
    assert wrong_type.status_code == 422
    assert wrong_type.json()["field"] == "seconds"
    too_much = ours.post("/clock/add-time", json={"seconds": 3_000})
    assert too_much.status_code == 422
    assert too_much.json()["constraint"] == "add-time"


def test_a_stale_command_is_409_with_the_current_version(client: TestClient) -> None:
    ours = event(client, 4)
    version = ours.get("").json()["version"]
    first = ours.post("/clock/pause", headers={"If-Match": f'"{version}"'})
    assert first.status_code == 200
    second = ours.post("/clock/resume", headers={"If-Match": str(version)})
    assert second.status_code == 409
    assert second.json()["error"] == "stale-version"
    assert second.json()["current_version"] == version + 1
    assert second.json()["expected_version"] == version
    by_query = ours.post(f"/commands/resume?expected={version + 1}")
    assert by_query.status_code == 200
    unreadable = ours.post("/clock/pause", headers={"If-Match": "yesterday"})
    assert unreadable.status_code == 422
    assert unreadable.json()["constraint"] == "if-match"


def test_a_retried_request_with_its_idempotency_key_is_applied_once(client: TestClient) -> None:
    ours = event(client, 4, start=False)
    key = {"Idempotency-Key": "register-p99-once"}
    body = {"player": "p99", "name": "Late Comer"}
    first = ours.post("/entries", json=body, headers=key)
    second = ours.post("/entries", json=body, headers=key)
    assert first.status_code == second.status_code == 200
    assert second.json()["replayed"]
    assert second.json()["version"] == first.json()["version"]
    assert ours.get("").json()["entries"] == 5
    reused = ours.post("/entries", json={"player": "p100", "name": "Other"}, headers=key)
    assert reused.status_code == 422
    assert reused.json()["constraint"] == "idempotency-key-reused"


def test_unknown_tournament_command_and_table_are_404(client: TestClient) -> None:
    ours = event(client, 4)
    server = bearer(SERVER)
    assert client.get("/tournaments/tnosuch", headers=server).status_code == 404
    assert client.post("/tournaments/tnosuch/clock/pause", headers=server).status_code == 404
    assert ours.post("/commands/no-such-command").status_code == 404
    assert ours.get("/tables/9/view").status_code == 404
    assert ours.get("/tables/9/setup").status_code == 404


def play_at_table(ours: Event, table: int, seed: int, role: str = "director") -> dict[str, object]:
    """What a dealer's tablet does: read the setup, play the hand, post the result."""
    setup_answer = ours.get(f"/tables/{table}/setup", role=role).json()
    setup = decode_dataclass(HandSetup, setup_answer["setup"])
    hand = play_hand(setup, {}, random.Random(seed))
    result = encode_dataclass(result_of(setup, hand))
    posted = ours.post(f"/tables/{table}/hands", role=role, json=result)
    assert posted.status_code == 200, posted.text
    answer: dict[str, object] = posted.json()
    return answer


def test_a_dealer_records_the_hands_of_his_table(client: TestClient) -> None:
    ours = event(client, 12)
    recorded = play_at_table(ours, 1, seed=4, role="dealer")
    kinds = [e["kind"] for e in recorded["events"]]  # type: ignore[attr-defined]
    assert kinds[0] == "hand-played"
    elsewhere = ours.get("/tables/2/setup", role="dealer")
    assert elsewhere.status_code == 403


def test_a_hand_whose_stacks_do_not_match_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    ours = event(client, 12)
    setup = decode_dataclass(HandSetup, ours.get("/tables/1/setup").json()["setup"])
    result = encode_dataclass(result_of(setup, play_hand(setup, {}, random.Random(2))))
    result["stacks_after"][0][1] += 100  # chips out of nowhere
    version = ours.get("").json()["version"]
    refused = ours.post("/tables/1/hands", json=result)
    assert refused.status_code == 422
    assert refused.json()["constraint"] == "chips"
    assert ours.get("").json()["version"] == version


def test_undo_takes_back_the_last_command_and_is_itself_recorded(client: TestClient) -> None:
    ours = event(client, 4, start=False)
    ours.post("/entries", json={"player": "p9", "name": "Mistake"})
    assert ours.get("").json()["entries"] == 5
    undone = ours.post("/undo", json={"count": 1, "reason": "registered twice"})
    assert undone.status_code == 200
    assert len(undone.json()["undone"]) == 1
    assert ours.get("").json()["entries"] == 4
    log = ours.get("/events").json()
    assert log[-1]["kind"] == "undone"


def test_the_generic_route_serves_every_registered_command(client: TestClient) -> None:
    ours = event(client, 4)
    listed = ours.get("/commands").json()
    assert set(listed) == set(COMMANDS)
    assert listed["record-hand"]["roles"] == ["dealer", "director", "floor"]
    paused = ours.post("/commands/pause", json={})
    assert paused.status_code == 200
    assert paused.json()["events"][0]["kind"] == "clock-paused"


def test_the_openapi_schema_documents_the_routes(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert "/tournaments/{tournament_id}/commands/{name}" in paths
    register = paths["/tournaments/{tournament_id}/entries"]["post"]
    assert "requestBody" in register
    headers = {p["name"] for p in register["parameters"] if p["in"] == "header"}
    assert headers == {"if-match", "idempotency-key"}
    assert client.get("/health").json()["status"] == "ok"


def test_config_options_and_a_friendly_route_reach_a_registered_command(
    client: TestClient,
) -> None:
    rebuy = {"price": 50, "chips": 10_000, "last_level": 2}
    body = {"name": "Rebuy night", "structure": STRUCTURE, "options": {"rebuy": rebuy}}
    created = client.post("/tournaments", json=body, headers=bearer(SERVER)).json()
    ours = Event(client=client, id=created["tournament"])
    ours.tokens["director"] = created["director"]["token"]
    for number in (1, 2):
        ours.post("/entries", json={"player": f"p{number}", "name": f"Player {number}"})
    ours.post("/start")
    made = ours.post("/entries/e1/rebuy")
    assert made.status_code == 200, made.text
    assert made.json()["events"][0]["data"]["entry"] == "e1"
    pool = ours.get("/views/director").json()["view"]["public"]["money"]["pool"]
    assert pool == 50  # the rebuy's price


def test_the_aggregates_floor_commands_are_served(client: TestClient) -> None:
    """Absence, penalties and misdeals reach the aggregate through their routes."""
    ours = event(client, 6)
    absent = ours.post("/entries/e2/absent")
    assert absent.status_code == 200, absent.text
    assert ours.post("/entries/e2/present").status_code == 200
    body = {"offence": "disclosure", "by_role": "floor"}
    warned = ours.post("/entries/e3/penalties", json=body)
    assert warned.status_code == 200, warned.text
    again = ours.post("/entries/e3/penalties", json=body).json()["events"]
    assert [e["data"]["entry"] for e in again] == ["e3"]
    assert again[0]["data"] != warned.json()["events"][0]["data"]  # the next step (R71-A)
    unknown = ours.post("/entries/e3/penalties", json={"offence": "nothing", "by_role": "floor"})
    assert unknown.status_code == 422
    misdeal = ours.post("/commands/misdeal", json={"table": 1})
    assert misdeal.status_code == 200, misdeal.text
    assert [e["kind"] for e in misdeal.json()["events"]] == ["misdeal-recorded"]


def test_unknown_config_options_are_refused_by_name(client: TestClient) -> None:
    body = {"name": "x", "structure": STRUCTURE, "options": {"rebuys": 3}}
    refused = client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert refused.status_code == 422
    assert refused.json()["constraint"] == "unknown-field"
    wrong = {"name": "x", "structure": STRUCTURE, "options": {"bounty": "lots"}}
    assert client.post("/tournaments", json=wrong, headers=bearer(SERVER)).json()["field"] == (
        "options.bounty"
    )


def test_the_api_runs_on_both_backends(database_url: str, tmp_path: Path) -> None:
    """The same requests on SQLite and PostgreSQL: long labels and keys fit both."""
    with client_for(tmp_path, url=database_url) as on_backend:
        ours = event(on_backend, 4)
        key = {"Idempotency-Key": "k" * 200}
        first = ours.post("/clock/pause", headers=key)
        again = ours.post("/clock/pause", headers=key)
        assert first.status_code == again.status_code == 200
        assert again.json()["replayed"]
        label = ours.post("/tokens", json={"role": "floor", "label": "L" * 100})
        assert label.status_code == 201
        dealt = ours.post("/tables/1/deal")
        assert dealt.status_code == 200
        stale = ours.post("/clock/resume", headers={"If-Match": "1"})
        assert stale.status_code == 409
