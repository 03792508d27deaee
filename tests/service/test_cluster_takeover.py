"""Single owners of server-dealt tables, through the API of two apps on one PostgreSQL
database: the first to deal owns the event's tables, and the other forwards what it is asked
about them to the owner (a refusal comes back as the owner gave it); once the owner stops
renewing, the other takes the tables over from the log within the lease's length, and the old
owner, paused past its expiry, can no longer act (fenced)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import SERVER, TestClient, bearer, event
from tests.service.play import FakeClock

from floorman.server import create_app
from floorman.service.api.online import OnlineTables
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

LEASE = 0.6


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    services = []
    apps = []
    for _ in range(2):
        store = EventStore.open(postgres_url, data_dir=tmp_path)
        service = TournamentService(store, clock=FakeClock(), rng_seed=5)
        services.append(service)
        apps.append(create_app(service, server_token=SERVER, lease_seconds=LEASE))
    try:
        with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
            yield one, two
    finally:
        for service in services:
            service.store.close()


def _online(client: TestClient) -> OnlineTables:
    online: OnlineTables = client.app.state.floorman.online  # type: ignore[attr-defined]
    return online


def _eventually(condition: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def test_the_dealer_owns_the_tables_and_the_other_takes_them_over_when_it_stops(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    ours = event(one, 6)
    path = f"/tournaments/{ours.id}/tables/1"
    dealt = ours.post("/tables/1/deal")
    assert dealt.status_code == 200, dealt.text
    director = ours.headers("director")
    refused = two.post(f"{path}/deal", headers=director)  # forwarded to the owner, refused there
    assert refused.status_code == 409
    assert "in progress" in refused.json()["message"]
    assert refused.headers["Floorman-Forwarded"] == "owner"
    hand = dealt.json()
    seen = two.get(f"{path}/hand", headers=director)
    assert seen.status_code == 200
    assert seen.json() == hand  # the owner's hand, through the other process
    seats = {s["seat"]: s["entry"] for s in hand["seats"]}
    actor = seats[hand["view"]["actor"]]
    player = bearer(ours.token("player", entry=actor))

    owner = _online(one).ownership
    assert owner is not None
    owner.leases.renew = lambda lease: True  # type: ignore[method-assign]  # paused: no renewals
    begun = time.monotonic()
    taker = _online(two).ownership
    assert taker is not None
    _eventually(lambda: taker.owns(ours.id), 5 * LEASE + 2)
    assert time.monotonic() - begun < 5 * LEASE + 2
    taken = two.get(f"{path}/hand", headers=director).json()
    assert taken["hand"] == hand["hand"]  # the same hand, folded back from its stream
    assert taken["view"]["actor"] == hand["view"]["actor"]

    stale = one.post(f"{path}/actions", json={"action": "call"}, headers=player)
    assert stale.status_code == 409  # fenced: the old owner's write is refused
    version = two.get(f"{path}/hand", headers=director).json()
    assert version == taken  # nothing was written by the old owner
    acted = two.post(f"{path}/actions", json={"action": "call"}, headers=player)
    assert acted.status_code == 200, acted.text
    assert not owner.owns(ours.id)  # the old owner forgot the tables: it shows two's hand
    now = _online(two).live(ours.id, 1)
    assert now is not None

    def mirrored() -> bool:
        shown = _online(one).live(ours.id, 1)
        return shown is not None and shown.commitment is None and shown.version == now.version

    _eventually(mirrored, 5.0)
