"""Schema version 0004 (issue 18): the player database shared by every event of the server,
and the link from a tournament's player to his person."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "people",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("contact", sa.String(200), nullable=True),
        sa.Column("birth_date", sa.String(10), nullable=True),
        sa.Column("number", sa.String(64), nullable=True),
        sa.Column("notes", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("anonymised", sa.Boolean, nullable=False),
    )
    op.create_index("ix_people_name_key", "people", ["name_key"])
    op.create_table(
        "person_entries",
        sa.Column("tournament_id", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("person_id", sa.Integer, sa.ForeignKey("people.id"), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_person_entries_person", "person_entries", ["person_id"])


def downgrade() -> None:
    op.drop_index("ix_person_entries_person", table_name="person_entries")
    op.drop_table("person_entries")
    op.drop_index("ix_people_name_key", table_name="people")
    op.drop_table("people")
