"""Schema version 0001: streams, the records log, the command log and snapshots."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.String(64)
NAME = sa.String(64)
LABEL = sa.String(200)


def upgrade() -> None:
    op.create_table(
        "streams",
        sa.Column("id", ID, primary_key=True),
        sa.Column("kind", NAME, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seed", NAME, nullable=False),
        sa.Column("title", LABEL, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "commands",
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
        sa.UniqueConstraint("stream_id", "idempotency_key", name="uq_commands_idempotency"),
    )
    op.create_index("ix_commands_stream", "commands", ["stream_id", "id"])
    op.create_table(
        "records",
        sa.Column("stream_id", ID, sa.ForeignKey("streams.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", NAME, nullable=False),
        sa.Column("schema_version", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("command_id", sa.Integer, sa.ForeignKey("commands.id"), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("stream_id", ID, sa.ForeignKey("streams.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("format", NAME, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("snapshots", "records", "commands", "streams"):
        op.drop_table(table)
