"""A PostgreSQL server for the cluster benchmarks: the one ``FLOORMAN_BENCH_DATABASE_URL``
names, or a throwaway cluster in a temporary directory (``initdb``, then ``pg_ctl start`` on a
free local port; as the ``postgres`` user when run as root, since initdb refuses root), the way
the service tests start theirs (``tests/service/conftest.py``). ``make bench`` installs the
server (the Makefile's ``postgresql`` target).

The throwaway cluster keeps PostgreSQL's durable defaults (``fsync``, ``synchronous_commit``):
an acknowledged command is on disk, as in the SQLite figures.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

URL_VARIABLE = "FLOORMAN_BENCH_DATABASE_URL"
_STARTED: dict[int, Path] = {}
"""The throwaway clusters running, by port: their data directories."""


class NoPostgres(RuntimeError):
    """No PostgreSQL server could be had."""


def _bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found and shutil.which("initdb"):
        found = [str(shutil.which("initdb"))]
    if not found:
        raise NoPostgres(f"PostgreSQL is not installed (`make postgresql`, or set {URL_VARIABLE})")
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a server whose databases the benchmark may create and drop."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given
        return
    bin_dir = _bin()
    root = Path(tempfile.mkdtemp(prefix="floorman-bench-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, user="postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    data, log = root / "data", root / "server.log"

    def run(program: str, *args: str) -> None:
        done = subprocess.run(
            [*as_user, str(bin_dir / program), *args], capture_output=True, text=True
        )
        if done.returncode:
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise NoPostgres(f"{program} failed: {done.stderr}\n{tail}")

    run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    run("pg_ctl", "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
    _STARTED[port] = data
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        _STARTED.pop(port, None)
        run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


def postmaster_pid(url: str) -> int | None:
    """The pid of the server ``url`` names, if it is a throwaway cluster started here (its
    CPU time is then measured); ``None`` otherwise."""
    data = _STARTED.get(sa.make_url(url).port or 0)
    if data is None:
        return None
    try:
        return int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """A new empty database on ``server``, dropped afterwards."""
    name = f"floorman_bench_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield sa.make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
