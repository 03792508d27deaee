"""Issue 20, item 3: no command the service accepts can make a view fail to encode.

Hypothesis sends every registered command through the generic route with fields built from
the command's own types, numbers drawn to hurt (64-bit edges, 10**30, huge floats) among
ordinary ones. After each accepted command the public and the director's views must still
load, and at the end the public and the director's feeds still send their views: one number
past 64 bits once took every screen down."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import types
import typing
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tests.service.api_fixtures import SERVER, Event, TestClient, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.commands import COMMANDS
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

HURTFUL = [2**53, 2**63 - 1, 2**63, 2**64, 18446744073709551616, 10**30, -(2**63) - 1]
INTS = st.sampled_from([0, 1, 2, 3, 5, 9, 100, 5_000, 10**12, *HURTFUL]) | st.integers(
    -(2**70), 2**70
)
FLOATS = st.sampled_from([0.0, 1.0, 30.0, 1e15, 1e300, -1e300]) | st.floats(
    allow_nan=False, allow_infinity=False
)
ENTRIES = [f"e{n}" for n in range(1, 13)]
TEXTS = st.sampled_from([*ENTRIES, "R1", "director", "icm", "x"]) | st.text(max_size=8)
SKIPPED = frozenset({"cancel", "end-day"})
"""Commands that end the event: after them every other command is refused, and the run
would test nothing more."""


def strategy(hint: Any) -> st.SearchStrategy[Any]:
    """JSON values of the type ``hint`` as the codec reads it, numbers drawn to hurt."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return st.one_of([strategy(a) for a in args])
    if origin in (tuple, list, set, frozenset):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return st.tuples(*map(strategy, args)).map(list)
        return st.lists(strategy(args[0] if args else Any), max_size=3)
    if origin in (dict, Mapping):
        keys = st.sampled_from(ENTRIES) if args[0] is str else INTS.map(str)
        return st.dictionaries(keys, strategy(args[1]), max_size=3)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return fields_of(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from([m.value for m in hint])
    return SCALARS.get(hint, st.none())


SCALARS: dict[Any, st.SearchStrategy[Any]] = {
    int: INTS,
    float: FLOATS | INTS,
    str: TEXTS,
    bool: st.booleans(),
    Fraction: st.sampled_from(["1/2", "3", "1/1000000000000000000000"]),
    type(None): st.none(),
}


def fields_of(cls: type) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(cls)
    required, optional = {}, {}
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        given = strategy(hints[field.name])
        needed = field.default is dataclasses.MISSING
        needed = needed and field.default_factory is dataclasses.MISSING
        (required if needed else optional)[field.name] = given
    return st.fixed_dictionaries(required, optional=optional)


COMMAND = st.sampled_from(sorted(set(COMMANDS) - SKIPPED)).flatmap(
    lambda name: st.tuples(st.just(name), fields_of(COMMANDS[name].type))
)


@pytest.fixture(scope="module")
def ours(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    folder: Path = tmp_path_factory.mktemp("view-encoding")
    store = EventStore.open(f"sqlite:///{folder / 'api.db'}", data_dir=folder)
    service = TournamentService(store, clock=FakeClock(), rng_seed=17)
    app = create_app(service, server_token=SERVER, online_rng=random.Random(17))
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield event(client, 12)
    finally:
        store.close()


@given(command=COMMAND)
@example(command=("chip-count", {"counts": {"e1": 2**64}, "adjust": True, "reason": "x"}))
@example(command=("open-table", {"table": 10**30}))
@example(command=("add-time", {"seconds": 10**400}))
@settings(
    max_examples=300,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_issue20_no_accepted_command_makes_a_view_fail_to_encode(
    ours: Event, command: tuple[str, dict[str, Any]]
) -> None:
    name, payload = command
    body = json.dumps(payload)  # Python's JSON writes integers of any size
    answer = ours.post(
        f"/commands/{name}", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code < 500, (name, payload, answer.text)
    if answer.status_code == 200:
        for path in ("/views/public", "/views/director"):
            view = ours.get(path)
            assert view.status_code == 200, (name, payload, path, view.text)


def test_issue20_the_feeds_still_send_their_views_after_the_run(ours: Event) -> None:
    for audience in ("public", "director"):
        with ours.client.websocket_connect(f"/ws/{audience}/{ours.id}") as feed:
            feed.send_text(json.dumps({"token": SERVER}))
            message = json.loads(feed.receive_text())
            assert message["view"], audience
