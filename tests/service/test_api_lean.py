"""The lean command path (``fast_commands``) answers exactly as FastAPI's routes do: the same
requests sent to an app with it and to one without it, over logs made the same way, get the
same status, body and headers, for successes and for every kind of refusal."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, TestClient, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.api import fast_commands
from floorman.service.api.fast_commands import match
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.core import TournamentService
from floorman.service.store import EventStore
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.floor.table_hand import HandSetup, result_of

SERVER = "the-server-director-token"
COMPARED = ("content-type", "etag", "www-authenticate")
"""Headers both paths must send alike (besides the status and the body)."""


@contextmanager
def pair(tmp_path: Path) -> Iterator[tuple[Event, Event]]:
    """The same event made in an app with the lean path and in one without it."""
    with ExitStack() as stack:
        made = []
        for lean in (True, False):
            folder = tmp_path / ("lean" if lean else "fastapi")
            folder.mkdir()
            store = EventStore.open(f"sqlite:///{folder / 'api.db'}", data_dir=folder)
            stack.callback(store.close)
            service = TournamentService(store, clock=FakeClock(), rng_seed=5)
            app = create_app(service, server_token=SERVER, online_rng=random.Random(5), lean=lean)
            client = stack.enter_context(TestClient(app))
            made.append(event(client, 12))
        yield made[0], made[1]


def answer(ours: Event, request: Callable[[Event], Any]) -> tuple[int, bytes, dict[str, str]]:
    response = request(ours)
    headers = {name: response.headers.get(name, "") for name in COMPARED}
    return response.status_code, response.content, headers


def same(lean: Event, fastapi: Event, request: Callable[[Event], Any]) -> int:
    """Send ``request`` to both; they must answer alike. Returns the status."""
    first, second = answer(lean, request), answer(fastapi, request)
    assert first == second
    return first[0]


def _hand(ours: Event, table: int) -> dict[str, Any]:
    setup = decode_dataclass(HandSetup, ours.get(f"/tables/{table}/setup").json()["setup"])
    result: dict[str, Any] = encode_dataclass(
        result_of(setup, play_hand(setup, {}, random.Random(1)))
    )
    return result


REQUESTS: list[tuple[str, Callable[[Event], Any], int]] = [
    ("pause", lambda e: e.post("/clock/pause"), 200),
    ("pause twice: the ruling", lambda e: e.post("/clock/pause"), 409),
    ("stale If-Match", lambda e: e.post("/clock/resume", headers={"If-Match": '"2"'}), 409),
    ("bad If-Match", lambda e: e.post("/clock/resume", headers={"If-Match": "x"}), 422),
    ("no token", lambda e: e.client.post(f"/tournaments/{e.id}/clock/resume"), 401),
    (
        "unknown token",
        lambda e: e.client.post(
            f"/tournaments/{e.id}/clock/resume", headers={"Authorization": "Bearer nope"}
        ),
        401,
    ),
    ("display may not", lambda e: e.post("/clock/resume", role="display"), 403),
    ("floor may not start", lambda e: e.post("/commands/start", role="floor", json={}), 403),
    ("token in the query", lambda e: e.client.post(
        f"/tournaments/{e.id}/clock/resume?token={e.tokens['floor']}"), 401),
    ("the same in its header", lambda e: e.post("/clock/resume", role="floor"), 200),
    ("unknown command", lambda e: e.post("/commands/no-such", json={}), 404),
    ("unknown tournament", lambda e: e.client.post(
        "/tournaments/nope/clock/pause", headers=e.headers("server")), 404),
    ("keyed", lambda e: e.post("/commands/pause", headers={"Idempotency-Key": "k1"}), 200),
    ("keyed again", lambda e: e.post("/commands/pause", headers={"Idempotency-Key": "k1"}), 200),
    ("key too long", lambda e: e.post("/clock/resume", headers={"Idempotency-Key": "k" * 201}),
     422),
    ("expected in the query", lambda e: e.post("/commands/resume?expected=1", json={}), 409),
    ("expected negative", lambda e: e.post("/commands/resume?expected=-1", json={}), 422),
    ("codec refusal", lambda e: e.post("/commands/add-time", json={"seconds": "x"}), 422),
    ("model refusal", lambda e: e.post("/clock/add-time", json={"seconds": "x"}), 422),
    ("not JSON", lambda e: e.post("/clock/add-time", content=b"{", headers={
        "Content-Type": "application/json"}), 422),
    ("body missing", lambda e: e.post("/clock/add-time"), 422),
    ("add time", lambda e: e.post("/clock/add-time", json={"seconds": 5}), 200),
    ("generic with null", lambda e: e.post("/commands/resume", json=None), 200),
    ("register", lambda e: e.post("/entries", json={"player": "p99", "name": "Late"}), 200),
    ("absent", lambda e: e.post("/entries/e2/absent", role="floor"), 200),
    ("present", lambda e: e.post("/entries/e2/present"), 200),
    ("penalty, unknown offence", lambda e: e.post(
        "/entries/e3/penalties", json={"offence": "no-such"}), 422),
    ("result for another table", lambda e: e.post("/tables/1/hands", json={"table": 2}), 422),
    ("dealer at another table", lambda e: e.post(
        "/tables/2/hands", role="dealer", json={"table": 2}), 403),
    ("table not a number", lambda e: e.post("/tables/x/hands", json={}), 422),
    ("hand recorded", lambda e: e.post("/tables/1/hands", role="dealer", json=_hand(e, 1)), 200),
    ("generic hand", lambda e: e.post(
        "/commands/record-hand", role="floor", json={"result": _hand(e, 1)}), 200),
]  # fmt: skip


def test_lean_path_answers_every_request_as_fastapi_does(tmp_path: Path) -> None:
    with pair(tmp_path) as (lean, fastapi):
        for label, request, status in REQUESTS:
            assert same(lean, fastapi, request) == status, label


def test_lean_path_serves_the_hot_routes_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[str] = []
    decide = fast_commands.decide

    def counting(ctx: Any, call: fast_commands.Call) -> Any:
        served.append(call.hot.route)
        return decide(ctx, call)

    monkeypatch.setattr(fast_commands, "decide", counting)
    with pair(tmp_path) as (lean, _):
        served.clear()
        assert lean.post("/clock/pause").status_code == 200
        assert lean.post("/commands/resume", json={}).status_code == 200
        assert lean.post("/tables/1/hands", json=_hand(lean, 1)).status_code == 200
        assert lean.post("/clock/add-time", json={"seconds": "x"}).status_code == 422
        assert lean.post("/undo", json={}).status_code == 200
    assert served == ["pause_clock", "execute_command", "record_hand"]


@pytest.mark.parametrize(
    ("path", "route", "param"),
    [
        ("/tournaments/t1/clock/pause", "pause_clock", None),
        ("/tournaments/t1/commands/bust", "execute_command", "bust"),
        ("/tournaments/t1/entries/e7/rebuy", "rebuy", "e7"),
        ("/tournaments/t1/tables/3/hands", "record_hand", "3"),
        ("/tournaments/t1/entries", "register", None),
    ],
)
def test_match_finds_the_served_routes(path: str, route: str, param: str | None) -> None:
    found = match(path)
    assert found is not None
    assert (found[0].route, found[1], found[2]) == (route, "t1", param)


@pytest.mark.parametrize(
    "path",
    [
        "/tournaments/t1/clock/pause/",
        "/tournaments//clock/pause",
        "/tournaments/t1/undo",
        "/tournaments/t1/commands/",
        "/tournaments/t1/tables/3/deal",
        "/tournaments/day-two",
        "/health",
        "/tournaments/t1",
        "/tournaments/t1/tokens",
    ],
)
def test_match_leaves_every_other_path_to_fastapi(path: str) -> None:
    assert match(path) is None
