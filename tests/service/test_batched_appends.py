"""Appends committed together (issue 21's throughput work), on both backends: on PostgreSQL
each append is one statement and each group commit one notification.

- appends submitted at once to many streams, one of them stale: the stale one is refused and
  writes nothing, every other is written whole (its command row, its records at their
  versions, linked to that row);
- a batch of changes is announced in as few notifications as fit PostgreSQL's payload limit,
  and every change comes back out of them;
- on PostgreSQL, a group commit announces all the streams it moved in one notification.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import psycopg
import pytest

from floorman.service.cluster.notify import (
    CHANGES,
    PAYLOAD_BYTES,
    Change,
    change_payloads,
    parse_changes,
)
from floorman.service.store import (
    AppendResult,
    CommandEntry,
    EventStore,
    NewRecord,
    NewStream,
    PendingAppend,
    StaleVersion,
)

NEW = NewStream(kind="tournament", seed="s", title="Test", created_at=1.0)
STREAMS = 24


def _entry(n: int) -> CommandEntry:
    return CommandEntry(name="note", payload={"n": n}, actor="td", at=2.0)


def _records(*values: int) -> list[NewRecord]:
    return [NewRecord(kind="note", schema_version=1, data={"n": v}) for v in values]


def _created(store: EventStore) -> list[str]:
    streams = [f"s{n}" for n in range(STREAMS)]
    for n, stream in enumerate(streams):
        store.append(stream, expected_version=0, records=_records(n), command=_entry(n),
                     new_stream=NEW)  # fmt: skip
    return streams


def _outcome(pending: PendingAppend) -> AppendResult | StaleVersion:
    try:
        return pending.result()
    except StaleVersion as refused:
        return refused


def test_appends_submitted_together_are_each_written_whole_or_refused(
    store: EventStore,
) -> None:
    streams = _created(store)
    stale = streams[7]
    pending = [
        store.submit(
            stream,
            expected_version=2 if stream == stale else 1,
            records=_records(100 + n, 200 + n, 300 + n),
            command=_entry(n),
        )
        for n, stream in enumerate(streams)
    ]
    outcomes = [_outcome(p) for p in pending]
    refused = [s for s, o in zip(streams, outcomes, strict=True) if isinstance(o, StaleVersion)]
    assert refused == [stale]
    assert store.version(stale) == 1
    assert len(store.commands(stale)) == 1
    for n, (stream, outcome) in enumerate(zip(streams, outcomes, strict=True)):
        if stream == stale:
            continue
        assert isinstance(outcome, AppendResult)
        assert outcome.version == 4
        assert store.version(stream) == 4
        written = store.read(stream, after=1)
        assert [r.version for r in written] == [2, 3, 4]
        assert [r.data["n"] for r in written] == [100 + n, 200 + n, 300 + n]
        assert {r.command_id for r in written} == {outcome.command.id}
        command = store.commands(stream)[-1]
        assert (command.id, command.base_version, command.first_version, command.last_version) \
            == (outcome.command.id, 1, 2, 4)  # fmt: skip
        assert command.entry.payload == {"n": n}


def test_an_append_without_records_writes_its_command_and_keeps_the_version(
    store: EventStore,
) -> None:
    stream = _created(store)[0]
    result = store.append(stream, expected_version=1, records=[], command=_entry(9))
    assert result.version == 1
    assert result.records == ()
    assert store.version(stream) == 1
    assert [c.entry.payload for c in store.commands(stream)] == [{"n": 0}, {"n": 9}]


def test_changes_fit_in_the_fewest_payloads_and_all_come_back() -> None:
    changes = [Change(f"t{n:05d}/{n % 9}/{n}", n) for n in range(2_000)]
    payloads = change_payloads(changes)
    assert len(payloads) > 1
    assert all(len(p.encode()) < PAYLOAD_BYTES for p in payloads)
    assert [c for p in payloads for c in parse_changes(p)] == changes
    assert len(change_payloads(changes[:10])) == 1
    assert change_payloads([]) == []


@pytest.mark.parametrize("payload", ["", "{", "{}", "[1]", '[["s"]]', "[[1, 2, 3]]", "null"])
def test_a_payload_that_is_not_ours_announces_nothing(payload: str) -> None:
    assert parse_changes(payload) == []


def test_a_group_commit_announces_its_streams_in_one_notification(
    postgres_url: str, tmp_path: Path
) -> None:
    store = EventStore.open(postgres_url, data_dir=tmp_path)
    try:
        streams = _created(store)
        url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(url, autocommit=True) as session:
            session.execute(f"LISTEN {CHANGES}")
            gate = threading.Event()
            held = store.committer.submit(lambda _connection: gate.wait(10))
            pending = [  # queued behind the held batch: they go together
                store.submit(stream, expected_version=1, records=_records(n), command=_entry(n))
                for n, stream in enumerate(streams)
            ]
            gate.set()
            held.result()
            versions = {p.result().command.stream: p.result().version for p in pending}
            heard: list[str] = []
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and not heard:
                heard += [n.payload for n in session.notifies(timeout=0.5, stop_after=1)]
            heard += [n.payload for n in session.notifies(timeout=0.5)]
        assert len(heard) == 1
        announced = {c.stream: c.version for p in heard for c in parse_changes(p)}
        assert announced == versions == dict.fromkeys(streams, 2)
        assert all(isinstance(json.loads(p), list) for p in heard)
    finally:
        store.close()
