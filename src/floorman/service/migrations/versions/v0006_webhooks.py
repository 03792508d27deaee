"""Schema version 0006 (issue 22): the director's webhooks and their deliveries, kept so a
restart loses neither a registration nor a delivery waiting to be tried again."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "webhooks",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("secret", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_webhooks_tournament", "webhooks", ["tournament_id"])
    op.create_table(
        "webhook_deliveries",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(64), nullable=False, unique=True),
        sa.Column("hook_id", sa.String(64), sa.ForeignKey("webhooks.id"), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("timestamp", sa.Integer, nullable=False),
        sa.Column("status", sa.String(64), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("error", sa.Text, nullable=False),
        sa.Column("due_at", sa.Float, nullable=True),
    )
    op.create_index("ix_webhook_deliveries_hook", "webhook_deliveries", ["hook_id", "seq"])
    op.create_index("ix_webhook_deliveries_status", "webhook_deliveries", ["status"])


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_status", table_name="webhook_deliveries")
    op.drop_index("ix_webhook_deliveries_hook", table_name="webhook_deliveries")
    op.drop_table("webhook_deliveries")
    op.drop_index("ix_webhooks_tournament", table_name="webhooks")
    op.drop_table("webhooks")
