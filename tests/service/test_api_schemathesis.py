"""Issue 20, item 5: a bounded schemathesis run over the whole OpenAPI schema, with the
server's director token, finds no server error, and every status code and content type an
operation answers is one its schema documents.

Schemathesis generates each operation's requests from the schema (bodies, path values,
queries, headers), half of them fitting it and half breaking it, the tournament in the path
fixed to a running one so that the requests reach the commands rather than a 404. The run
is bounded (:data:`EXAMPLES` per operation, derandomized) so that it takes about a minute."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance
from tests.service.api_fixtures import SERVER, Event, TestClient, bearer, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

EXAMPLES = 40
"""Requests per operation."""


@dataclass(slots=True)
class Running:
    app: FastAPI
    event: Event


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """A started event with an online hand at table 1, behind the app schemathesis calls."""
    folder: Path = tmp_path_factory.mktemp("schemathesis")
    store = EventStore.open(f"sqlite:///{folder / 'api.db'}", data_dir=folder)
    service = TournamentService(store, clock=FakeClock(), rng_seed=13)
    app = create_app(service, server_token=SERVER, online_rng=random.Random(13))
    try:
        with TestClient(app) as client:
            made = event(client, 12)
            assert made.post("/tables/1/deal").status_code == 200
            yield Running(app=app, event=made)
    finally:
        store.close()


def test_issue20_schemathesis_finds_no_server_error_and_no_undocumented_answer(
    running: Running,
) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", running.app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 40
    for operation in operations:
        check_operation(operation, running)


def check_operation(operation: Any, running: Running) -> None:
    """:data:`EXAMPLES` requests of one operation, each answered without a server error and
    with a status code and content type its schema documents."""

    fixed = {"tournament_id": running.event.id}
    strategy = operation.as_strategy(GenerationMode.POSITIVE, path_parameters=fixed)
    strategy |= operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=fixed)

    @given(case=strategy)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        response = case.call(headers=bearer(SERVER))
        case.validate_response(response, checks=CHECKS)

    run()


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]
