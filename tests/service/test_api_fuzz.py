"""Fuzzing every HTTP route: random and half-right bodies, path values, headers and queries are
refused with a 4xx, never a 500 (hypothesis, guided by the OpenAPI schema and the command
registry, and by mutating real requests)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.service.api_fixtures import Event, app_routes, bearer, build_app, event
from tests.service.api_fixtures import TestClient as Client

from floorman.service.api.roles import ACCESS, Role
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.service.commands import COMMANDS
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.floor.table_hand import HandResult, HandSetup, result_of

LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([0, 1, -1, 2, 9, 10**12])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["e1", "e2", "p1", "NT", "tda-2022", "raise", "call", "Ah", ""])
)
JSON = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
WORD = st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=1, max_size=16)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Event, dict[str, Any]]]:
    """A started event with an online hand at table 1, and a real hand result of table 2."""
    app, service = build_app(tmp_path_factory.mktemp("fuzz"))
    with Client(app, raise_server_exceptions=False) as client:
        ours = event(client, 12)
        ours.post("/tables/1/deal")
        setup = decode_dataclass(HandSetup, ours.get("/tables/2/setup").json()["setup"])
        result = encode_dataclass(result_of(setup, play_hand(setup, {}, random.Random(1))))
        yield ours, result
    service.store.close()


HTTP_ROUTES = [r for r in app_routes() if isinstance(r, APIRoute)]


def _token(ours: Event, name: str) -> str:
    """A token the route admits, so that the fuzz reaches the body: the body is the target."""
    roles = ACCESS[name].roles if name in ACCESS else frozenset(Role)
    for role in ("director", "dealer", "player", "display"):
        if Role(role) in roles:
            return ours.tokens[role]
    return ours.tokens["server"]


def _leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaf_paths(v, (*path, k))] or [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaf_paths(v, (*path, i))] or [path]
    return [path]


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with a few of its leaves replaced by random values."""
    value = base
    paths = _leaf_paths(base)
    for _ in range(draw(st.integers(1, 3))):
        value = _replace(value, draw(st.sampled_from(paths)), draw(LEAVES))
    return value


def _fields(name: str) -> list[str]:
    spec = COMMANDS.get(name)
    return [] if spec is None else [f.name for f in dataclasses.fields(spec.type)]


@st.composite
def shaped(draw: st.DrawFn, keys: list[str]) -> dict[str, Any]:
    """An object with some of the right keys (and maybe a stray one), random values."""
    chosen = draw(st.lists(st.sampled_from(keys), unique=True)) if keys else []
    body = {key: draw(JSON) for key in chosen}
    if draw(st.booleans()):
        body[draw(st.text(max_size=6))] = draw(LEAVES)
    return body


def _body(route: APIRoute, name: str, result: dict[str, Any]) -> st.SearchStrategy[Any]:
    keys = _fields(name) if route.name == "execute_command" else _schema_keys(route)
    options = [JSON, shaped(keys)]
    if route.name == "record_hand" or (route.name == "execute_command" and name == "record-hand"):
        base = result if route.name == "record_hand" else {"result": result}
        options.append(mutated(base))
    if route.name == "online_action":
        options.append(shaped(["action", "to", "cards"]))
    return st.one_of(options)


def _schema_keys(route: APIRoute) -> list[str]:
    if route.body_field is None:
        return []
    annotation = route.body_field.field_info.annotation
    fields = getattr(annotation, "model_fields", None)
    return sorted(fields) if fields else [f.name for f in dataclasses.fields(HandResult)]


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.parametrize("route", HTTP_ROUTES, ids=lambda r: r.name)
@given(data=st.data())
def test_no_request_gets_a_500(
    fuzzed: tuple[Event, dict[str, Any]], route: APIRoute, data: st.DataObject
) -> None:
    ours, result = fuzzed
    name = data.draw(st.sampled_from(sorted(COMMANDS)) | WORD)
    values = {
        "tournament_id": data.draw(st.sampled_from([ours.id, ours.id]) | WORD),
        "table": data.draw(st.integers(-3, 4) | st.integers(-(2**40), 2**70)),
        "entry": data.draw(st.sampled_from(["e1", "e2", "e99"]) | WORD),
        "name": name,
        "token_id": data.draw(st.integers(-5, 10) | st.integers(-(2**70), 2**70)),
        "code": data.draw(WORD),
    }
    for param in re.findall(r"{(\w+)}", route.path):  # any other path parameter: a word
        values.setdefault(param, data.draw(WORD | st.integers(-(2**70), 2**70).map(str)))
    path = route.path.format(**values)
    method = sorted((route.methods or set()) - {"HEAD"})[0]
    headers = bearer(_token(ours, route.name))
    if data.draw(st.booleans()):
        headers["If-Match"] = data.draw(st.text(string.printable.strip(), max_size=12))
    if data.draw(st.booleans()):
        headers["Idempotency-Key"] = data.draw(st.text(string.ascii_letters, max_size=300))
    query = {k: data.draw(st.integers(-5, 2**70) | WORD) for k in ("after", "limit", "expected")}
    body = data.draw(_body(route, name, result)) if method == "POST" else None
    if method == "POST":  # written here: NaN and infinities too, as a careless client sends
        headers["Content-Type"] = "application/json"
    content = json.dumps(body) if method == "POST" else None
    response = ours.client.request(method, path, headers=headers, params=query, content=content)
    assert response.status_code < 500, (route.name, path, body, response.text)
    if response.status_code >= 400 and response.headers.get("content-type") == "application/json":
        assert "error" in response.json()
