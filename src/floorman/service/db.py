"""Which database, how to connect to it, and bringing its schema up to date.

SQLite is the default and needs no setup: a file ``floorman.db`` under the data directory, in
WAL mode so readers never wait for the writer. PostgreSQL is used when a URL is given or
``FLOORMAN_DATABASE_URL`` names one. Opening a database migrates it to the current schema
(Alembic ``upgrade head``), so an old database is brought up to date on start.

SQLite write transactions start with ``BEGIN IMMEDIATE``: a deferred transaction that reads
and then writes can fail at once when another connection wrote in between (the busy timeout
does not help there), while an immediate one takes the write lock first and waits its turn.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from floorman.errors import MalformedInputError

URL_VARIABLE = "FLOORMAN_DATABASE_URL"
SQLITE_FILE = "floorman.db"
BUSY_TIMEOUT_SECONDS = 30


def database_url(url: str | None, data_dir: Path) -> str:
    """The URL to use: ``url``, else ``$FLOORMAN_DATABASE_URL``, else the SQLite file under
    ``data_dir``. A bare ``postgresql://`` URL gets the psycopg 3 driver."""
    chosen = url or os.environ.get(URL_VARIABLE) or ""
    if not chosen:
        return f"sqlite:///{(data_dir / SQLITE_FILE).resolve()}"
    for prefix in ("postgresql://", "postgres://"):
        if chosen.startswith(prefix):
            return "postgresql+psycopg://" + chosen.removeprefix(prefix)
    return chosen


def create_engine(url: str) -> sa.Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout, foreign keys and immediate
    write transactions (see the module docstring)."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError as error:
        raise MalformedInputError(f"not a database URL: {url!r}", constraint="url") from error
    if parsed.get_backend_name() != "sqlite":
        return sa.create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=20)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(
        parsed, connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False}
    )
    sa.event.listen(engine, "connect", _sqlite_connect)
    sa.event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(connection: Any, _record: Any) -> None:
    connection.isolation_level = None  # transactions are begun by _sqlite_begin
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_begin(connection: sa.Connection) -> None:
    immediate = connection.get_execution_options().get("write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


@contextmanager
def writing(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One write transaction, committed on leaving (rolled back on an error)."""
    with engine.connect() as connection:
        connection.execution_options(write=True)
        with connection.begin():
            yield connection


# --- migrations -------------------------------------------------------------------------------


def alembic_config(engine: sa.Engine) -> Config:
    """An Alembic configuration that runs the migrations shipped in this package on
    ``engine`` (no ``alembic.ini`` needed)."""
    config = Config()
    config.set_main_option("script_location", str(_migrations()))
    config.attributes["engine"] = engine
    return config


def head_revision(engine: sa.Engine) -> str:
    """The schema version this floorman writes."""
    return _head()


@functools.cache
def _head() -> str:
    config = Config()
    config.set_main_option("script_location", str(_migrations()))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _migrations() -> object:
    return resources.files("floorman.service") / "migrations"


def schema_revision(engine: sa.Engine) -> str | None:
    """The schema version of the database (``None``: empty)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: sa.Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (the current schema by default)."""
    command.upgrade(alembic_config(engine), revision)


def open_database(url: str | None, data_dir: Path) -> sa.Engine:
    """The engine of the chosen database, migrated to the current schema."""
    engine = create_engine(database_url(url, data_dir))
    if schema_revision(engine) != head_revision(engine):
        with _migrating_alone(engine):
            if schema_revision(engine) != head_revision(engine):  # not done meanwhile
                migrate(engine)
    return engine


MIGRATION_LOCK = 0x666C6F6F
"""The PostgreSQL advisory lock held while migrating."""


@contextmanager
def _migrating_alone(engine: sa.Engine) -> Iterator[None]:
    """Server processes started together on one PostgreSQL database (``serve --workers``,
    several hosts) migrate one at a time: two creating the same table at once failed one of
    them (issue 21). SQLite has one process."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as connection:
        connection.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
        try:
            yield
        finally:
            connection.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
            connection.commit()
