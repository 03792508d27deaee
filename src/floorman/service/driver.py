"""Statements compiled once per database and run on the driver's own cursor.

The group committer's single writer thread is the one place every acknowledged command passes
through, so its cost per command caps the service. Run through SQLAlchemy, each statement
costs about ten times what the database itself spends on it (execution contexts, events,
result objects). Here the statements are still written as SQLAlchemy Core, so the SQL is the
same on SQLite and PostgreSQL, but compiled once for the engine's dialect: each run is the
driver's ``cursor.execute`` with a parameter tuple or mapping, inside the transaction the
SQLAlchemy connection began. A driver error is raised as SQLAlchemy's wrapper of it (an
``IntegrityError`` stays one), so callers see the same exceptions either way.

The columns used here are strings, integers and floats, which no dialect converts on the way
in; a column type with a bind processor would need it applied here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa

Params = Sequence[Any] | Mapping[str, Any]


class Prepared:
    """One statement compiled for one dialect, with the order its parameters are sent in."""

    def __init__(
        self, statement: sa.ClauseElement, dialect: sa.Dialect, keys: Sequence[str] | None = None
    ) -> None:
        compiled = statement.compile(
            dialect=dialect, column_keys=None if keys is None else list(keys)
        )
        assert isinstance(compiled, sa.sql.compiler.SQLCompiler)
        self.sql = str(compiled)
        self.order: tuple[str, ...] | None = (
            tuple(compiled.positiontup or ()) if compiled.positional else None
        )
        self.dialect = dialect

    def params(self, values: Mapping[str, Any]) -> Params:
        """``values`` in the form the driver's paramstyle takes."""
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)

    def run(self, cursor: Any, values: Mapping[str, Any]) -> Any:
        """Execute once; returns the cursor (its rows, its ``rowcount``)."""
        return run_sql(cursor, self.dialect, self.sql, self.params(values))

    def run_many(self, cursor: Any, rows: Sequence[Mapping[str, Any]]) -> None:
        params = [self.params(row) for row in rows]
        run_sql(cursor, self.dialect, self.sql, params, many=True)


def cursor_of(connection: sa.Connection) -> Any:
    """A driver cursor on the connection's database connection (its transaction, if begun)."""
    return connection.connection.cursor()


def run_sql(
    cursor: Any, dialect: sa.Dialect, sql: str, params: Any = None, *, many: bool = False
) -> Any:
    """``cursor.execute`` (``executemany``), a driver error raised as SQLAlchemy wraps it."""
    try:
        if many:
            cursor.executemany(sql, params)
        elif params is None:
            cursor.execute(sql)
        else:
            cursor.execute(sql, params)
    except dialect.loaded_dbapi.Error as error:
        raise sa.exc.DBAPIError.instance(
            sql, params, error, dialect.loaded_dbapi.Error, dialect=dialect, ismulti=many
        ) from error
    return cursor
