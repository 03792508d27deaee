"""Database fixtures: every service test runs on SQLite and on a real PostgreSQL server.

``database_url`` is parametrized over both backends. PostgreSQL is the server named by
``FLOORMAN_TEST_DATABASE_URL`` when it is set; otherwise a throwaway cluster is created once
per test session (per xdist worker): ``initdb`` into a temporary directory and ``pg_ctl
start`` on a free local port, run as the ``postgres`` user when the tests run as root (initdb
refuses root), and removed at the end.
Each worker has a database of its own on that server, emptied before every test. If no
server can be had, the PostgreSQL tests fail; they are never skipped.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from tests.service.play import FakeClock
from tests.service.server_process import free_port

from floorman.service import db
from floorman.service.core import TournamentService
from floorman.service.store import EventStore

URL_VARIABLE = "FLOORMAN_TEST_DATABASE_URL"


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found and shutil.which("initdb"):
        found = [str(shutil.which("initdb"))]
    if not found:
        pytest.fail(
            "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): run "
            f"`make setup`, or set {URL_VARIABLE} to a server's URL"
        )
    return Path(found[-1]).parent


class Cluster:
    """A throwaway PostgreSQL cluster in a temporary directory."""

    def __init__(self) -> None:
        self.bin = _postgres_bin()
        self.root = Path(tempfile.mkdtemp(prefix="floorman-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, user="postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            pytest.fail(f"{program} failed ({done.returncode}): {done.stderr}\n{tail}")

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c full_page_writes=off -c max_connections=200"
        )
        log = str(self.root / "server.log")
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server whose databases the tests may create and drop."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield db.database_url(given, Path())
        return
    cluster = Cluster()
    cluster.start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def postgres_database(postgres_server: str, worker_id: str) -> Iterator[str]:
    """This test worker's database on the server, dropped at the end of the session."""
    name = f"floorman_test_{worker_id}_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except sa.exc.OperationalError as error:
        admin.dispose()
        pytest.fail(f"cannot reach the PostgreSQL server {postgres_server}: {error}")
    try:
        yield sa.make_url(postgres_server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture
def postgres_url(postgres_database: str) -> str:
    """The worker's database, emptied: every table, and the schema version, gone."""
    engine = sa.create_engine(postgres_database, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        connection.exec_driver_sql("DROP SCHEMA public CASCADE")
        connection.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()
    return postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database on each backend in turn."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'floorman.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(database_url: str, tmp_path: Path) -> Iterator[EventStore]:
    opened = EventStore(db.open_database(database_url, tmp_path))
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_service(store: EventStore, clock: FakeClock) -> Callable[..., TournamentService]:
    """Services over the test's store (several of them stand for several processes)."""

    def make(**options: object) -> TournamentService:
        settings: dict[str, object] = {"clock": clock, "rng_seed": 11, **options}
        return TournamentService(store, **settings)  # type: ignore[arg-type]

    return make


@pytest.fixture
def service(make_service: Callable[..., TournamentService]) -> TournamentService:
    return make_service()
