"""Alembic migrations of the event log, shipped in the package and run on open (``db.migrate``)."""
