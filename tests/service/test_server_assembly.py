"""The server is assembled above the API and the pages (issue 19): ``service.api`` builds the
API alone, knowing nothing of ``web``; :func:`floorman.server.create_app` hands it the pages'
router and the hashes of their inline scripts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import TestClient

from floorman.server import create_app
from floorman.service.api.app import create_api, routes_of
from floorman.service.api.hardening import policy
from floorman.service.core import TournamentService
from floorman.service.store import EventStore
from floorman.web import pages


@pytest.fixture
def services(tmp_path: Path) -> Iterator[list[TournamentService]]:
    """Services over throw-away SQLite logs, one a call of ``stand_in``, closed after."""
    made: list[TournamentService] = []
    yield made
    for service in made:
        service.store.close()


def new_service(made: list[TournamentService], folder: Path) -> TournamentService:
    folder = folder / str(len(made))
    folder.mkdir()
    store = EventStore.open(f"sqlite:///{folder / 'api.db'}", data_dir=folder)
    made.append(TournamentService(store))
    return made[-1]


def names(app: object) -> set[str]:
    return {getattr(route, "name", "") for route in routes_of(app)}  # type: ignore[arg-type]


def test_the_api_alone_serves_no_page_and_the_server_serves_both(
    services: list[TournamentService], tmp_path: Path
) -> None:
    api = create_api(new_service(services, tmp_path), server_token="x", online_rng=random.Random(0))
    server = create_app(
        new_service(services, tmp_path), server_token="x", online_rng=random.Random(0)
    )
    page_routes = {getattr(route, "name", "") for route in pages.router.routes}
    assert "web_time" in page_routes
    assert not page_routes & names(api)
    assert page_routes <= names(server)
    assert names(api) <= names(server)  # the API's routes are the same in both


def test_the_servers_policy_allows_the_pages_inline_script_by_its_hash(
    services: list[TournamentService], tmp_path: Path
) -> None:
    hashes = pages.inline_script_hashes()
    assert hashes  # the early loader of every page's head
    server = create_app(
        new_service(services, tmp_path), server_token="x", online_rng=random.Random(0)
    )
    answer = TestClient(server).get("/clock")  # no start-up needed for a page
    assert answer.status_code == 200
    assert "<html" in answer.text.lower()
    assert answer.headers["content-security-policy"].encode() == policy(hashes)
    assert all(h in answer.headers["content-security-policy"] for h in hashes)
