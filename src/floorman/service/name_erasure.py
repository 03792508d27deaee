"""Taking a person's name out of the event logs he played in (privacy: anonymise or erase).

The log is append-only, except here: a person's right to have his name erased outweighs the
log's immutability, and a correction appended later would leave the name in the rows before
it. So his name is replaced, in every record and command of the tournaments he played, by
"Player N" (:func:`~floorman.service.people.anonymous_name`); everything else (chips, places,
prizes, penalties) stays, so the results still add up and he keeps his place. Snapshots of
those tournaments are dropped (they are an optimisation, rebuilt from the log) and the
service's cached states forgotten.

The name is replaced where it appears as whole words inside a JSON string (his registration, an
announcement naming him); the replacement works on the stored text, so both backends keep
byte-identical rows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import sqlalchemy as sa

from floorman.service import db
from floorman.service.schema import commands, records, snapshots


def spellings(name: str) -> tuple[str, ...]:
    """How ``name`` can appear inside stored JSON text (escaped as ASCII or not)."""
    forms = {json.dumps(name)[1:-1], json.dumps(name, ensure_ascii=False)[1:-1]}
    return tuple(sorted(f for f in forms if f))


def replaced(text: str, name: str, replacement: str) -> str:
    """``text`` with every stored spelling of ``name`` replaced by ``replacement``, where it
    stands as whole words ("Jan Nowak" leaves "Jan Nowakowski" alone)."""
    new = json.dumps(replacement)[1:-1]
    for form in spellings(name):
        text = re.sub(rf"(?<!\w){re.escape(form)}(?!\w)", lambda _: new, text)
    return text


def erase_name(engine: sa.Engine, streams: Iterable[str], name: str, replacement: str) -> int:
    """Replace ``name`` by ``replacement`` in the records and commands of ``streams``, and
    drop their snapshots; the number of rows rewritten."""
    if not name or name == replacement:
        return 0
    changed = 0
    with db.writing(engine) as connection:
        for stream in sorted(set(streams)):
            changed += _rewrite_records(connection, stream, name, replacement)
            changed += _rewrite_commands(connection, stream, name, replacement)
            connection.execute(snapshots.delete().where(snapshots.c.stream_id == stream))
    return changed


def _holding(column: sa.ColumnElement[str], name: str) -> sa.ColumnElement[bool]:
    return sa.or_(*(column.contains(form, autoescape=True) for form in spellings(name)))


def _rewrite_records(connection: sa.Connection, stream: str, name: str, new: str) -> int:
    rows = connection.execute(
        sa.select(records.c.version, records.c.data).where(
            records.c.stream_id == stream, _holding(records.c.data, name)
        )
    ).all()
    for row in rows:
        connection.execute(
            records.update()
            .where(records.c.stream_id == stream, records.c.version == row.version)
            .values(data=replaced(row.data, name, new))
        )
    return len(rows)


def _rewrite_commands(connection: sa.Connection, stream: str, name: str, new: str) -> int:
    rows = connection.execute(
        sa.select(commands.c.id, commands.c.payload).where(
            commands.c.stream_id == stream, _holding(commands.c.payload, name)
        )
    ).all()
    for row in rows:
        connection.execute(
            commands.update()
            .where(commands.c.id == row.id)
            .values(payload=replaced(row.payload, name, new))
        )
    return len(rows)
