"""Alembic's entry point: runs the migrations on the engine that ``db.alembic_config`` passes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from floorman.service.schema import metadata

engine = context.config.attributes.get("engine")
if not isinstance(engine, sa.Engine):
    raise RuntimeError("floorman migrations run through floorman.service.db.migrate")

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
