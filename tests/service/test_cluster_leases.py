"""Leases in PostgreSQL: one holder at a time, taken over once expired with the fencing
version moved on, and a write fenced by a lost lease refused with nothing written."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from floorman.service.cluster.leases import LeaseLost, Leases
from floorman.service.store import CommandEntry, EventStore, NewRecord, NewStream

NAME = "online:t1"


@pytest.fixture
def store(postgres_url: str, tmp_path: Path) -> Iterator[EventStore]:
    opened = EventStore.open(postgres_url, data_dir=tmp_path)
    try:
        yield opened
    finally:
        opened.close()


def test_a_held_lease_is_refused_to_another_process(store: EventStore) -> None:
    first, second = Leases(store.engine), Leases(store.engine)
    lease = first.acquire(NAME)
    assert lease is not None
    assert lease.fence == 1
    assert second.acquire(NAME) is None
    assert first.acquire(NAME) == lease  # the holder renews; the fence stays
    assert second.holder_of(NAME) == (first.holder, 1)


def test_an_expired_lease_is_taken_over_with_a_new_fence(store: EventStore) -> None:
    first, second = Leases(store.engine, seconds=0.2), Leases(store.engine, seconds=0.2)
    old = first.acquire(NAME)
    assert old is not None
    time.sleep(0.3)
    assert second.expired("online:") == (NAME,)
    new = second.acquire(NAME)
    assert new is not None
    assert new.fence == old.fence + 1
    assert not first.renew(old)  # the old owner learns it lost the lease
    assert second.renew(new)


def test_a_released_lease_is_free_at_once(store: EventStore) -> None:
    first, second = Leases(store.engine), Leases(store.engine)
    lease = first.acquire(NAME)
    assert lease is not None
    first.release(lease)
    assert second.acquire(NAME) is not None


def _append(store: EventStore, leases: Leases, version: int, fence: object) -> int:
    entry = CommandEntry(name="deal", payload={}, actor="online", at=1.0)
    new = NewStream(kind="hand", seed="", title="", created_at=1.0) if version == 0 else None
    result = store.append(
        "t1/t1/abcd",
        expected_version=version,
        records=[NewRecord(kind="k", schema_version=1, data={"n": version})],
        command=entry,
        new_stream=new,
        fence=fence,  # type: ignore[arg-type]
    )
    return result.version


def test_a_write_fenced_by_a_lost_lease_is_refused_and_writes_nothing(
    store: EventStore,
) -> None:
    first, second = Leases(store.engine, seconds=0.2), Leases(store.engine, seconds=0.2)
    old = first.acquire(NAME)
    assert old is not None
    assert _append(store, first, 0, Leases.fence(old)) == 1  # the owner writes
    time.sleep(0.3)
    new = second.acquire(NAME)
    assert new is not None
    with pytest.raises(LeaseLost):
        _append(store, first, 1, Leases.fence(old))  # expired, taken over: refused
    assert store.version("t1/t1/abcd") == 1
    assert _append(store, second, 1, Leases.fence(new)) == 2  # the new owner goes on
