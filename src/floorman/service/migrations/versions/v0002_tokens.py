"""Schema version 0002: access tokens of the API (hashes only), revocable."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(128), nullable=False, unique=True),
        sa.Column("tournament_id", sa.String(64), nullable=True),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("scope", sa.String(200), nullable=True),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_index("ix_tokens_tournament", "tokens", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_tokens_tournament", table_name="tokens")
    op.drop_table("tokens")
