"""Group commit: many commands' appends in one transaction, each still all-or-nothing.

A durable commit waits for the disk (SQLite with ``synchronous=FULL`` syncs its log at every
commit, a few milliseconds), and SQLite has one writer at a time, so committing command by
command caps a server at a few hundred commands a second however many clients it has. The
committer is one writer thread: it takes every append waiting, runs each inside a savepoint of
one transaction (a stale or conflicting one is rolled back alone and reported to its caller),
commits once, and only then answers each caller. Nothing is acknowledged before it is on disk;
waiting appends share the disk's wait instead of queueing behind each other.

Appends are committed in the order they were submitted, so commands a service decides one
after another on a tournament reach the log in that order.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

import sqlalchemy as sa

from floorman.service import db
from floorman.service.driver import cursor_of, run_sql

T = TypeVar("T")
Work = Callable[[sa.Connection], Any]

MAX_BATCH = 512
"""Appends committed together at most (a bound on how long one transaction holds the lock)."""


class GroupCommitter:
    """One writer thread over ``engine``, started on the first submission."""

    def __init__(self, engine: sa.Engine, *, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self._queue: queue.SimpleQueue[tuple[Work, Future[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.batches = 0
        self.committed = 0

    def submit(self, work: Callable[[sa.Connection], T]) -> Future[T]:
        """Run ``work(connection)`` in the next group's transaction; the future resolves once
        that transaction is committed (or to the error that rolled ``work`` back)."""
        future: Future[T] = Future()
        self._ensure_thread()
        self._queue.put((work, future))
        return future

    def close(self) -> None:
        """Finish what was submitted, then stop the writer thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _ensure_thread(self) -> None:
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="floorman-group-commit", daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Work, Future[Any]]]) -> None:
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with db.writing(self.engine) as connection:
                if len(batch) == 1:  # alone: the transaction is its savepoint
                    work, future = batch[0]
                    outcomes.append((future, work(connection), None))
                else:
                    for work, future in batch:
                        outcomes.append((future, *_in_savepoint(connection, work)))
        except BaseException as error:  # the commit failed, or a lone append: nothing holds
            for _, future in batch:
                future.set_exception(error)
            return
        self.batches += 1
        self.committed += len(batch)
        for future, result, failure in outcomes:
            if failure is None:
                future.set_result(result)
            else:
                future.set_exception(failure)


def _in_savepoint(connection: sa.Connection, work: Work) -> tuple[Any, BaseException | None]:
    """Run ``work`` so that its failure undoes only its own writes. The savepoint is plain SQL
    on the driver's cursor (the same on SQLite and PostgreSQL): SQLAlchemy's nested
    transactions, and even its plain statements, cost more than the statements they wrap."""
    cursor, dialect = cursor_of(connection), connection.dialect
    run_sql(cursor, dialect, "SAVEPOINT append")
    try:
        result = work(connection)
    except Exception as error:
        run_sql(cursor, dialect, "ROLLBACK TO SAVEPOINT append")
        run_sql(cursor, dialect, "RELEASE SAVEPOINT append")
        return None, error
    run_sql(cursor, dialect, "RELEASE SAVEPOINT append")
    return result, None
