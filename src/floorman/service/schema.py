"""The tables of the event log, as SQLAlchemy Core metadata (the current schema version).

The migrations in :mod:`floorman.service.migrations` build these tables step by step; a test
checks that a database migrated to the head matches this metadata. The tables:

- ``streams``: one row per stream of records (a tournament; room for others, such as one hand
  at an online table), with its current version, its kind and the seed its randomness derives
  from;
- ``records``: the log itself, the primary key ``(stream_id, version)`` being the last guard
  against two writers appending the same version;
- ``commands``: one row per acknowledged command, with its idempotency key, the version it was
  decided on, the range of record versions it wrote (undo names commands by their id) and the
  random values it drew;
- ``snapshots``: folded states at some versions, an optimisation only;
- ``tokens``: access tokens of the API (only their hash is stored), with their expiry;
- ``people``: the player database every event of the server shares (issue 18), and
  ``person_entries``: which player of which tournament each person is.
- ``leases``: who owns what must run once when several processes share the database, until
  when, and the fencing version a takeover moves on (:mod:`floorman.service.cluster.leases`).
- ``webhooks``: the director's hooks per event, with the secret that signs their deliveries
  (kept as is: the HMAC needs it), and ``webhook_deliveries``: each hook's last deliveries,
  the exact body sent, their attempts and when a pending one is next due
  (:mod:`floorman.service.webhooks.stored`).

JSON values are stored as text, so both backends store exactly the same bytes.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

ID = sa.String(64)
NAME = sa.String(64)
LABEL = sa.String(200)

streams = sa.Table(
    "streams",
    metadata,
    sa.Column("id", ID, primary_key=True),
    sa.Column("kind", NAME, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("seed", NAME, nullable=False),
    sa.Column("title", LABEL, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

commands = sa.Table(
    "commands",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("stream_id", ID, sa.ForeignKey("streams.id"), nullable=False),
    sa.Column("name", NAME, nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("actor", LABEL, nullable=False),
    sa.Column("idempotency_key", LABEL, nullable=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("base_version", sa.Integer, nullable=False),
    sa.Column("first_version", sa.Integer, nullable=False),
    sa.Column("last_version", sa.Integer, nullable=False),
    sa.Column("draws", sa.Text, nullable=True),
    sa.UniqueConstraint("stream_id", "idempotency_key", name="uq_commands_idempotency"),
    sa.Index("ix_commands_stream", "stream_id", "id"),
)

records = sa.Table(
    "records",
    metadata,
    sa.Column("stream_id", ID, sa.ForeignKey("streams.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", NAME, nullable=False),
    sa.Column("schema_version", sa.Integer, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("command_id", sa.Integer, sa.ForeignKey("commands.id"), nullable=False),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("stream_id", ID, sa.ForeignKey("streams.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("format", NAME, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

tokens = sa.Table(
    "tokens",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("token_hash", sa.String(128), nullable=False, unique=True),
    sa.Column("tournament_id", ID, nullable=True),
    sa.Column("role", NAME, nullable=False),
    sa.Column("scope", LABEL, nullable=True),
    sa.Column("label", LABEL, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("revoked", sa.Boolean, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=True),
    sa.Index("ix_tokens_tournament", "tournament_id"),
)

people = sa.Table(
    "people",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", LABEL, nullable=False),
    sa.Column("name_key", LABEL, nullable=False),
    sa.Column("contact", LABEL, nullable=True),
    sa.Column("birth_date", sa.String(10), nullable=True),
    sa.Column("number", NAME, nullable=True),
    sa.Column("notes", sa.Text, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("anonymised", sa.Boolean, nullable=False),
    sa.Index("ix_people_name_key", "name_key"),
)

person_entries = sa.Table(
    "person_entries",
    metadata,
    sa.Column("tournament_id", ID, primary_key=True),
    sa.Column("player", ID, primary_key=True),
    sa.Column("person_id", sa.Integer, sa.ForeignKey("people.id"), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_person_entries_person", "person_id"),
)

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("name", LABEL, primary_key=True),
    sa.Column("holder", LABEL, nullable=False),
    sa.Column("fence", sa.Integer, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)

webhooks = sa.Table(
    "webhooks",
    metadata,
    sa.Column("id", ID, primary_key=True),
    sa.Column("tournament_id", ID, nullable=False),
    sa.Column("url", sa.Text, nullable=False),
    sa.Column("events", sa.Text, nullable=False),
    sa.Column("secret", LABEL, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_webhooks_tournament", "tournament_id"),
)

webhook_deliveries = sa.Table(
    "webhook_deliveries",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("id", ID, nullable=False, unique=True),
    sa.Column("hook_id", ID, sa.ForeignKey("webhooks.id"), nullable=False),
    sa.Column("kind", NAME, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("timestamp", sa.Integer, nullable=False),
    sa.Column("status", NAME, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("error", sa.Text, nullable=False),
    sa.Column("due_at", sa.Float, nullable=True),
    sa.Index("ix_webhook_deliveries_hook", "hook_id", "seq"),
    sa.Index("ix_webhook_deliveries_status", "status"),
)
