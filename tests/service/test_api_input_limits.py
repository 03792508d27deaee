"""Issue 20, items 3, 4, 5 and 8: what a client sends is bounded at the edge.

Numbers beyond any chip count, table or clock, texts beyond the friendly routes' limits, an
unknown deal method, bodies too big or nested too deep and a player's action carrying fields
of its own are refused with a 4xx naming the constraint, change nothing, and leave every view
readable. Each test runs on SQLite and PostgreSQL, and where the lean command path answers,
through it and through FastAPI alone."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, Event, TestClient, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.api.edge import MAX_BODY_BYTES, MAX_DEPTH, nesting_depth
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

NESTED = b"[" * 50_000 + b"]" * 50_000
JSON = {"Content-Type": "application/json"}


@contextmanager
def served(url: str, folder: Path, *, lean: bool) -> Iterator[Event]:
    """A started 12-player event in an app with (or without) the lean command path."""
    store = EventStore.open(url, data_dir=folder)
    service = TournamentService(store, clock=FakeClock(), rng_seed=11)
    app = create_app(service, server_token=SERVER, online_rng=random.Random(11), lean=lean)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield event(client, 12)
    finally:
        store.close()


@pytest.fixture(params=[True, False], ids=["lean", "fastapi"])
def ours(request: pytest.FixtureRequest, database_url: str, tmp_path: Path) -> Iterator[Event]:
    with served(database_url, tmp_path, lean=request.param) as made:
        yield made


def version(ours: Event) -> int:
    number: int = ours.get("").json()["version"]
    return number


def raw(ours: Event, path: str, body: Any, role: str = "director") -> Any:
    """``body`` written as Python's JSON writes it (huge integers too)."""
    return ours.post(path, role, content=json.dumps(body), headers=JSON)


def refused(answer: Any, status: int, constraint: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["constraint"] == constraint, body
    return body


def views_load(ours: Event) -> None:
    for path in ("/views/public", "/views/director"):
        assert ours.get(path).status_code == 200, path


# --- item 3: every number bounded ------------------------------------------------------------


def test_issue20_a_chip_count_beyond_64_bits_is_refused_and_the_screens_stay_up(
    ours: Event,
) -> None:
    before = version(ours)
    body = {"counts": {"e1": 18446744073709551616}, "adjust": True, "reason": "x"}
    answer = refused(raw(ours, "/commands/chip-count", body, "floor"), 422, "chips-range")
    assert answer["field"] == "counts.e1"
    assert version(ours) == before
    views_load(ours)
    fine = raw(
        ours, "/commands/chip-count", {"counts": {"e1": 12_000}, "adjust": True, "reason": "x"}
    )
    assert fine.status_code == 200, fine.text  # a real count is still taken


def test_issue20_a_table_number_of_31_digits_is_refused(ours: Event) -> None:
    before = version(ours)
    refused(raw(ours, "/commands/open-table", {"table": 10**30}), 422, "table-range")
    refused(raw(ours, "/commands/move-player", {"entry": "e1", "to_table": 1, "to_seat": 99,
                                                 "reason": "x"}), 422, "seat-range")  # fmt: skip
    assert version(ours) == before
    views_load(ours)


def test_issue20_add_time_of_ten_to_the_400_is_refused_not_a_500(ours: Event) -> None:
    before = version(ours)
    refused(raw(ours, "/commands/add-time", {"seconds": 10**400}), 422, "seconds-range")
    refused(raw(ours, "/commands/add-time", {"seconds": 1e300}), 422, "seconds-range")
    assert raw(ours, "/clock/add-time", {"seconds": 10**400}).status_code == 422
    assert version(ours) == before
    assert raw(ours, "/commands/add-time", {"seconds": 1}).status_code == 200


def test_issue20_a_structure_of_huge_numbers_is_refused_at_creation(ours: Event) -> None:
    structure = {
        "starting_stack": 10**30,
        "chips": [25],
        "items": [{"minutes": 20, "small_blind": 50, "big_blind": 100}],
    }
    body = {"name": "big", "structure": structure}
    answer = ours.client.post("/tournaments", json=body, headers=ours.headers("server"))
    assert refused(answer, 422, "chips-range")["field"] == "structure.starting_stack"


# --- item 5: staff inputs that answered 500 ----------------------------------------------------


def test_issue20_an_unknown_deal_method_is_a_422_not_a_500(ours: Event) -> None:
    before = version(ours)
    friendly = ours.post("/deals", json={"method": "x"})
    assert friendly.status_code == 422, friendly.text
    refused(ours.post("/commands/propose-deal", json={"method": "x"}), 422, "deal-method")
    assert version(ours) == before


def test_issue20_the_generic_route_refuses_the_name_the_friendly_route_refuses(
    ours: Event,
) -> None:
    before = version(ours)
    long = {"player": "p99", "name": "N" * 10_000}
    assert ours.post("/entries", json=long).status_code == 422
    answer = refused(ours.post("/commands/register", json=long), 422, "text-length")
    assert answer["field"] == "name"
    assert version(ours) == before
    fitting = {"player": "p99", "name": "N" * 100}
    assert ours.post("/commands/register", json=fitting).status_code == 200


# --- item 4: anonymous bodies, sizes and nesting ---------------------------------------------


def test_issue20_deep_nesting_is_401_without_a_token_and_422_with_one(ours: Event) -> None:
    before = version(ours)
    for path in ("/commands/pause", "/clock/pause", "/tables/1/hands", "/commands/record-hand"):
        anonymous = ours.client.post(f"/tournaments/{ours.id}{path}", content=NESTED, headers=JSON)
        assert anonymous.status_code == 401, (path, anonymous.text)
        tokened = ours.post(path, content=NESTED, headers=JSON)
        refused(tokened, 422, "nesting-depth")
    just_deep_enough = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    assert ours.post("/commands/pause", content=just_deep_enough, headers=JSON).status_code == 422
    assert version(ours) == before


def test_issue20_a_body_over_the_limit_is_413(ours: Event) -> None:
    before = version(ours)
    big = b'{"name": "' + b"x" * MAX_BODY_BYTES + b'"}'
    refused(ours.post("/commands/register", content=big, headers=JSON), 413, "body-size")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"name": "'
        for _ in range(20):
            yield b"y" * (MAX_BODY_BYTES // 16)
        yield b'"}'

    refused(ours.post("/commands/register", content=chunks(), headers=JSON), 413, "body-size")
    assert version(ours) == before


def test_issue20_an_anonymous_body_is_not_read_before_the_401(ours: Event) -> None:
    """The app is called as a server would call it; its ``receive`` counts the reads."""
    app = ours.client.app
    reads: list[int] = []
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        reads.append(1)
        return {"type": "http.request", "body": b"x" * 1024, "more_body": len(reads) < 64}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": f"/tournaments/{ours.id}/commands/pause",
        "raw_path": f"/tournaments/{ours.id}/commands/pause".encode(),
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"67108864")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))  # type: ignore[arg-type]
    assert sent[0]["status"] == 401
    assert reads == []


# --- item 8: a player's action holds only its fields ---------------------------------------------


def test_issue20_a_players_action_with_unknown_fields_is_refused_and_not_stored(
    ours: Event,
) -> None:
    dealt = ours.post("/tables/1/deal")
    assert dealt.status_code == 200, dealt.text
    hand = ours.get("/tables/1/hand").json()
    actor = hand["view"]["actor"]
    entry = next(s["entry"] for s in hand["seats"] if s["seat"] == actor)
    token = ours.token("player", entry=entry)
    url = f"/tournaments/{ours.id}/tables/1/actions"
    headers = {"Authorization": f"Bearer {token}"}
    junk = {"action": "call", "seat": 1, "junk": "J" * 200_000}
    answer = ours.client.post(url, json=junk, headers=headers)
    refused(answer, 422, "field-unknown")
    store = ours.client.app.state.floorman.service.store  # type: ignore[attr-defined]
    acted = [c for c in store.commands(hand["hand"]) if c.entry.name == "act"]
    assert acted == []
    options = hand["view"]["options"]
    fair = {"action": "check" if options["check"] else "call"}
    assert ours.client.post(url, json=fair, headers=headers).status_code == 200
    stored = [c.entry.payload for c in store.commands(hand["hand"]) if c.entry.name == "act"]
    assert stored == [{"seat": actor, **fair}]


def test_issue20_a_feed_whose_first_message_nests_deep_is_refused_with_401(ours: Event) -> None:
    with ours.client.websocket_connect(f"/ws/public/{ours.id}") as feed:
        feed.send_text(NESTED.decode())
        answer = json.loads(feed.receive_text())
    assert (answer["type"], answer["status"]) == ("error", 401)


def test_brackets_inside_strings_do_not_count_toward_the_nesting_limit() -> None:
    quoted = b'{"speech": "' + b"[" * 100 + b'\\"' + b"{" * 100 + b'"}'
    assert nesting_depth(quoted) == 0
    assert nesting_depth(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)) > MAX_DEPTH
    assert nesting_depth(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) == 0
