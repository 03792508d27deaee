"""Schema version 0003 (issue 20): a token's expiry (tokens end; a player's with his event),
and the random values each command drew (draws from the system's randomness, replayed
without a seed)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tokens", sa.Column("expires_at", sa.Float, nullable=True))
    op.add_column("commands", sa.Column("draws", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("commands", "draws")
    op.drop_column("tokens", "expires_at")
