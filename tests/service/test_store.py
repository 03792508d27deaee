"""The event store on both backends: appends, versions, idempotency, snapshots, tokens,
migrations."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from tests.service.play import FakeClock, config, play, started

from floorman.errors import MalformedInputError
from floorman.service import db
from floorman.service.core import TournamentService
from floorman.service.schema import metadata
from floorman.service.store import (
    AppendResult,
    CommandEntry,
    EventStore,
    NewRecord,
    NewStream,
    StaleVersion,
    UnknownStream,
)
from floorman.service.tokens import TokenStore, hash_token

NEW = NewStream(kind="tournament", seed="s", title="Test", created_at=1.0)


def entry(name: str = "note", **payload: Any) -> CommandEntry:
    return CommandEntry(name=name, payload=payload, actor="td", at=2.0)


def records(*values: int) -> list[NewRecord]:
    return [NewRecord(kind="note", schema_version=1, data={"n": v}) for v in values]


def test_append_and_read_keep_versions_in_order(store: EventStore) -> None:
    first = store.append(
        "s1", expected_version=0, records=records(1, 2), command=entry(), new_stream=NEW
    )
    second = store.append("s1", expected_version=2, records=records(3), command=entry())
    assert (first.version, second.version) == (2, 3)
    assert [r.data["n"] for r in store.read("s1")] == [1, 2, 3]
    assert [r.version for r in store.read("s1", after=1)] == [2, 3]
    assert [r.version for r in store.read("s1", until=2)] == [1, 2]
    assert {r.command_id for r in store.read("s1", after=2)} == {second.command.id}
    assert store.version("s1") == 3
    assert [c.first_version for c in store.commands("s1")] == [1, 3]


def test_a_stale_version_is_refused_with_the_current_one_and_nothing_written(
    store: EventStore,
) -> None:
    store.append("s1", expected_version=0, records=records(1, 2), command=entry(), new_stream=NEW)
    with pytest.raises(StaleVersion) as refused:
        store.append("s1", expected_version=1, records=records(9), command=entry())
    assert (refused.value.current, refused.value.expected) == (2, 1)
    assert len(store.read("s1")) == 2
    assert len(store.commands("s1")) == 1


def test_a_stream_is_created_once_and_only_at_version_zero(store: EventStore) -> None:
    store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    with pytest.raises(StaleVersion):
        store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    with pytest.raises(MalformedInputError) as refused:
        store.append("s1", expected_version=1, records=records(2), command=entry(), new_stream=NEW)
    assert refused.value.constraint == "new-stream"
    with pytest.raises(UnknownStream):
        store.append("nowhere", expected_version=3, records=records(1), command=entry())
    with pytest.raises(UnknownStream):
        store.version("nowhere")


def _race(store: EventStore, key: str | None, expected: int) -> list[AppendResult | Exception]:
    """Two threads appending at the same moment at the same version."""
    barrier = threading.Barrier(2)
    results: list[AppendResult | Exception] = []

    def write() -> None:
        barrier.wait()
        try:
            results.append(
                store.append(
                    "s1",
                    expected_version=expected,
                    records=records(expected + 1),
                    command=entry(n=expected),
                    idempotency_key=key,
                )
            )
        except StaleVersion as error:
            results.append(error)

    threads = [threading.Thread(target=write) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_writers_at_the_same_version_one_wins_one_is_stale(store: EventStore) -> None:
    store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    for version in range(1, 6):
        results = _race(store, None, version)
        assert sum(isinstance(r, AppendResult) for r in results) == 1
        assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert [r.version for r in store.read("s1")] == [1, 2, 3, 4, 5, 6]


def test_two_writers_with_the_same_key_apply_it_once(store: EventStore) -> None:
    store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    results = _race(store, "retry-1", 1)
    assert all(isinstance(r, AppendResult) for r in results)
    done = [r for r in results if isinstance(r, AppendResult)]
    assert {r.command.id for r in done} == {done[0].command.id}
    assert sorted(r.replayed for r in done) == [False, True]
    assert store.version("s1") == 2


def test_an_idempotency_key_returns_the_stored_result_without_appending(
    store: EventStore,
) -> None:
    store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    first = store.append(
        "s1", expected_version=1, records=records(2), command=entry(n=2), idempotency_key="k"
    )
    again = store.append(
        "s1", expected_version=1, records=records(2), command=entry(n=2), idempotency_key="k"
    )
    assert again.replayed
    assert not first.replayed
    assert again.command.id == first.command.id
    assert [r.data for r in again.records] == [r.data for r in first.records]
    assert store.version("s1") == 2
    store.append("s1", expected_version=2, records=records(3), command=entry(n=3))
    later = store.append(
        "s1", expected_version=3, records=records(2), command=entry(n=2), idempotency_key="k"
    )
    assert later.replayed
    assert later.version == first.version == 2  # the first outcome, not the log's version now
    with pytest.raises(MalformedInputError) as refused:
        store.append(
            "s1", expected_version=3, records=records(4), command=entry(n=4), idempotency_key="k"
        )
    assert refused.value.constraint == "idempotency-key-reused"


def test_snapshots_are_kept_by_format_newest_first(store: EventStore) -> None:
    store.append("s1", expected_version=0, records=records(1, 2), command=entry(), new_stream=NEW)
    for version in (1, 2):
        store.save_snapshot("s1", version=version, format="f1", data={"v": version}, created_at=3)
    store.save_snapshot("s1", version=2, format="f1", data={"v": 99}, created_at=4)  # kept as is
    store.save_snapshot("s1", version=1, format="f0", data={}, created_at=3)
    assert store.snapshot_versions("s1", format="f1") == (2, 1)
    assert store.load_snapshot("s1", 2) == {"v": 2}
    assert store.snapshot_versions("s1", format="f2") == ()


def test_tokens_are_found_by_hash_listed_by_tournament_and_revoked(store: EventStore) -> None:
    made = store.create_token(
        token_hash=hash_token("secret"),
        tournament_id="t1",
        role="dealer",
        scope="table:3",
        label="Dealer, table 3",
        created_at=5.0,
    )
    store.create_token(
        token_hash=hash_token("admin"), tournament_id=None, role="director", created_at=6.0
    )
    assert store.find_token(hash_token("secret")) == made
    assert store.find_token(hash_token("other")) is None
    assert [t.id for t in store.list_tokens("t1")] == [made.id]
    assert [t.role for t in store.list_tokens(None)] == ["director"]
    assert store.revoke_token(made.id)
    assert not store.revoke_token(made.id + 100)
    found = store.find_token(hash_token("secret"))
    assert found is not None
    assert found.revoked
    with pytest.raises(MalformedInputError):
        store.create_token(
            token_hash=hash_token("secret"), tournament_id="t2", role="player", created_at=7.0
        )


def _statements(engine: sa.Engine) -> list[str]:
    """The SQL statements ``engine`` runs from now on (appended as they run)."""
    seen: list[str] = []
    sa.event.listen(engine, "before_cursor_execute", lambda *args: seen.append(args[2]))
    return seen


def test_a_token_read_is_kept_and_a_revocation_here_is_seen_at_once(store: EventStore) -> None:
    made = store.create_token(
        token_hash=hash_token("kept"), tournament_id="t1", role="floor", created_at=1.0
    )
    assert store.find_token(hash_token("kept")) == made
    queries = _statements(store.engine)
    for _ in range(3):
        assert store.find_token(hash_token("kept")) == made
    assert queries == []
    assert store.revoke_token(made.id)
    found = store.find_token(hash_token("kept"))
    assert found is not None
    assert found.revoked


def test_a_revocation_by_another_process_is_seen_within_the_cache_time(
    store: EventStore,
) -> None:
    """Another server on the same database revokes the token: this one trusts its copy for
    ``cache_seconds`` at most."""
    clock = FakeClock(100.0, step=0.0)
    here = TokenStore(store.engine, cache_seconds=5.0, clock=clock)
    there = TokenStore(store.engine)
    made = there.create(token_hash=hash_token("t"), tournament_id=None, role="td", created_at=1)
    assert here.find(hash_token("t")) == made
    assert there.revoke(made.id)
    clock.now += 4.9
    cached = here.find(hash_token("t"))
    assert cached is not None
    assert not cached.revoked
    clock.now += 0.2
    fresh = here.find(hash_token("t"))
    assert fresh is not None
    assert fresh.revoked
    assert here.find(hash_token("never made")) is None


def test_a_migrated_database_matches_the_schema_module(store: EventStore) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []
    assert db.schema_revision(store.engine) == db.head_revision(store.engine)


def test_an_old_schema_is_migrated_on_open_and_keeps_its_tournaments(
    database_url: str, tmp_path: Path
) -> None:
    """Schema 0001 (before tokens) holding a tournament, opened by the current code. The
    tournament is written at the head and the schema taken back down to 0001 (the code of
    0001's time is gone; its downgrades drop what came later)."""
    engine = db.create_engine(database_url)
    db.migrate(engine)
    old = TournamentService(EventStore(engine), clock=FakeClock(), rng_seed=3)
    tournament_id = started(old, 8)
    play(old, tournament_id, 5)
    before = old.load(tournament_id)
    command.downgrade(db.alembic_config(engine), "0001")
    assert db.schema_revision(engine) == "0001"
    assert "tokens" not in sa.inspect(engine).get_table_names()
    engine.dispose()

    reopened = EventStore.open(database_url, data_dir=tmp_path)
    assert db.schema_revision(reopened.engine) == db.head_revision(reopened.engine) == "0006"
    after = TournamentService(reopened, clock=FakeClock(), rng_seed=3).load(tournament_id)
    assert after.version == before.version
    assert after.tournament.state == before.tournament.state
    reopened.create_token(token_hash="h", tournament_id=tournament_id, role="td", created_at=1)
    assert len(reopened.list_tokens(tournament_id)) == 1
    reopened.close()


def test_the_database_url_defaults_to_sqlite_under_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(db.URL_VARIABLE, raising=False)
    assert db.database_url(None, tmp_path) == f"sqlite:///{tmp_path.resolve() / 'floorman.db'}"
    monkeypatch.setenv(db.URL_VARIABLE, "postgresql://u@h:5/d")
    assert db.database_url(None, tmp_path) == "postgresql+psycopg://u@h:5/d"
    assert db.database_url("sqlite:///x.db", tmp_path) == "sqlite:///x.db"
    with pytest.raises(MalformedInputError):
        db.create_engine("not a url")


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    engine = db.open_database(f"sqlite:///{tmp_path / 'x.db'}", tmp_path)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    engine.dispose()


def test_a_tournament_stream_is_listed_with_its_title(store: EventStore) -> None:
    service = TournamentService(store, clock=FakeClock(), rng_seed=1)
    made = service.create(config(6))
    store.append(
        "other",
        expected_version=0,
        records=records(1),
        command=entry(),
        new_stream=NewStream(kind="hand", seed="", title="hand", created_at=0.5),
    )
    assert [s.id for s in store.streams("tournament")] == [made.tournament_id]
    assert {s.kind for s in store.streams()} == {"tournament", "hand"}
    assert store.stream(made.tournament_id).title == "Test event (6)"


def test_appends_committed_together_fail_alone(store: EventStore) -> None:
    """Appends submitted at once share a transaction; a stale one is rolled back by itself."""
    for stream in ("s1", "s2"):
        store.append(stream, expected_version=0, records=records(1), command=entry(),
                     new_stream=NEW)  # fmt: skip
    pending = [
        store.submit("s1", expected_version=1, records=records(2), command=entry(n=1)),
        store.submit("s1", expected_version=1, records=records(9), command=entry(n=2)),
        store.submit("s2", expected_version=1, records=records(2, 3), command=entry(n=3)),
        store.submit("s1", expected_version=2, records=records(3), command=entry(n=4)),
    ]
    assert pending[0].result().version == 2
    with pytest.raises(StaleVersion):
        pending[1].result()
    assert pending[2].result().version == 3
    assert pending[3].result().version == 3
    assert [r.data["n"] for r in store.read("s1")] == [1, 2, 3]
    assert [c.entry.payload for c in store.commands("s1")] == [{}, {"n": 1}, {"n": 4}]
    assert store.committer.committed >= 6


def _held(store: EventStore) -> threading.Event:
    """Keep the writer thread busy until the returned event is set, so that the appends
    submitted meanwhile are committed as one batch."""
    release, started = threading.Event(), threading.Event()

    def hold(connection: sa.Connection) -> None:
        started.set()
        release.wait(timeout=30)

    store.committer.submit(hold)
    started.wait(timeout=30)
    return release


def test_a_batch_with_an_append_failing_midway_commits_the_others(store: EventStore) -> None:
    """An append that fails after its first write (a key sent twice: the version moved, then
    the command's row hits the unique key) is undone alone: the batch is run again with a
    savepoint per append, and the retry gets the first result."""
    for stream in ("s1", "s2"):
        store.append(stream, expected_version=0, records=records(1), command=entry(),
                     new_stream=NEW)  # fmt: skip
    first = store.append("s1", expected_version=1, records=records(2), command=entry(n=2),
                         idempotency_key="k")  # fmt: skip
    release = _held(store)
    batches = store.committer.batches
    retry = entry(n=2)
    pending = [
        store.submit("s2", expected_version=1, records=records(2), command=entry(n=5)),
        store.submit(
            "s1", expected_version=2, records=records(7), command=retry, idempotency_key="k"
        ),
        store.submit("s1", expected_version=1, records=records(8), command=entry(n=6)),
        store.submit("s1", expected_version=2, records=records(3), command=entry(n=3)),
    ]
    release.set()
    assert pending[0].result().version == 2
    replayed = pending[1].result()
    assert replayed.replayed
    assert replayed.command.id == first.command.id
    with pytest.raises(StaleVersion):
        pending[2].result()
    assert pending[3].result().version == 3
    assert store.committer.batches == batches + 2  # the hold, then the four together
    assert [r.data["n"] for r in store.read("s1")] == [1, 2, 3]
    assert [r.data["n"] for r in store.read("s2")] == [1, 2]
    assert [c.entry.payload for c in store.commands("s1")] == [{}, {"n": 2}, {"n": 3}]


def test_a_batch_of_refusals_and_appends_needs_no_savepoint(store: EventStore) -> None:
    """Stale and unknown-stream appends write nothing, so they fail alone without undoing
    the batch's other appends."""
    store.append("s1", expected_version=0, records=records(1), command=entry(), new_stream=NEW)
    release = _held(store)
    pending = [
        store.submit("s1", expected_version=1, records=records(2), command=entry(n=1)),
        store.submit("nowhere", expected_version=1, records=records(9), command=entry(n=2)),
        store.submit("s1", expected_version=1, records=records(9), command=entry(n=3)),
        store.submit("s1", expected_version=2, records=records(3, 4), command=entry(n=4)),
    ]
    release.set()
    assert [p.result().version for p in (pending[0], pending[3])] == [2, 4]
    with pytest.raises(UnknownStream):
        pending[1].result()
    with pytest.raises(StaleVersion):
        pending[2].result()
    assert [r.data["n"] for r in store.read("s1")] == [1, 2, 3, 4]
