"""Group commit: many commands' appends in one transaction, each still all-or-nothing.

A durable commit waits for the disk (SQLite with ``synchronous=FULL`` syncs its log at every
commit, a few milliseconds), and SQLite has one writer at a time, so committing command by
command caps a server at a few hundred commands a second however many clients it has. The
committer is one writer thread: it takes every append waiting, runs them in one transaction,
commits once, and only then answers each caller. Nothing is acknowledged before it is on disk;
waiting appends share the disk's wait instead of queueing behind each other.

Each append stays all-or-nothing. An append refused before it writes anything (the store's
stale version: its conditional update matched no row) is reported to its caller and the batch
goes on. Any other failure rolls the whole batch back and runs it again with each append in a
savepoint of its own, so the failing one is undone alone. Savepoints are not used up front
because the writer thread's statements per command are what caps the service, and conflicts
that need them (an idempotency key sent twice at once) are rare.

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
Outcome = tuple[Any, BaseException | None]
"""What a work returned, or the error that undid it."""
Runner = Callable[[sa.Connection, Work], Outcome]

MAX_BATCH = 512
"""Appends committed together at most (a bound on how long one transaction holds the lock)."""


class GroupCommitter:
    """One writer thread over ``engine``, started on the first submission."""

    def __init__(
        self,
        engine: sa.Engine,
        *,
        max_batch: int = MAX_BATCH,
        refusals: tuple[type[Exception], ...] = (),
        before_commit: Callable[[sa.Connection, list[Any]], None] | None = None,
    ) -> None:
        """``refusals``: the errors a work raises only before it has written anything;
        ``before_commit(connection, results)`` runs in each batch's transaction with what its
        works returned (a PostgreSQL store announces the new versions there, so the
        announcement is delivered with the commit and never without it)."""
        self.engine = engine
        self.before_commit = before_commit
        self.max_batch = max_batch
        self.refusals = refusals
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
        try:
            if len(batch) == 1:  # alone: the transaction is its savepoint
                outcomes = self._transaction(batch, _raising)
            else:
                try:
                    outcomes = self._transaction(batch, self._direct)
                except _Unclean:
                    outcomes = self._transaction(batch, _in_savepoint)
        except BaseException as error:  # the commit failed, or a lone append: nothing holds
            for _, future in batch:
                future.set_exception(error)
            return
        self.batches += 1
        self.committed += len(batch)
        for future, (result, failure) in outcomes:
            if failure is None:
                future.set_result(result)
            else:
                future.set_exception(failure)

    def _transaction(
        self, batch: list[tuple[Work, Future[Any]]], run: Runner
    ) -> list[tuple[Future[Any], Outcome]]:
        """Every work of ``batch`` run by ``run`` in one transaction, committed."""
        with db.writing(self.engine) as connection:
            outcomes = [(future, run(connection, work)) for work, future in batch]
            if self.before_commit is not None:
                done = [result for _, (result, failure) in outcomes if failure is None]
                self.before_commit(connection, done)
            return outcomes

    def _direct(self, connection: sa.Connection, work: Work) -> Outcome:
        """``work`` without a savepoint: a refusal is its outcome, anything else abandons the
        transaction (it may have written part of the append)."""
        try:
            return work(connection), None
        except self.refusals as error:
            return None, error
        except Exception as error:
            raise _Unclean from error


class _Unclean(Exception):
    """An append failed after it may have written: the batch's transaction is abandoned."""


def _raising(connection: sa.Connection, work: Work) -> Outcome:
    return work(connection), None


def _in_savepoint(connection: sa.Connection, work: Work) -> Outcome:
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
