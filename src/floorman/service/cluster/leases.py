"""Leases: one owner at a time for what must run once (a server-dealt tournament's online
tables), kept in PostgreSQL with an expiry and a fencing version.

A process takes a free or expired lease (:meth:`Leases.acquire`), which moves its fencing
version on, and renews it well before it expires; a process that dies stops renewing, and
another takes the lease over once it has expired. Expiry alone cannot stop an owner that was
paused (a long collection, a frozen VM) from writing after it lost the lease, so every write
that must come from the owner checks the fence in its own transaction
(:meth:`Leases.fence`): the row is locked and must still carry the owner's version, else the
write is refused with :class:`LeaseLost` and changes nothing. A takeover's update waits for
that lock, so a write by the old owner is either committed before the takeover (and read by
the new owner, which reads the log only once it holds the lease) or refused.

Times are the database's clock (``clock_timestamp()``), so hosts whose clocks differ agree
on when a lease expires.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from floorman.errors import FloormanError
from floorman.service import db

SECONDS = 5.0
"""How long a lease lasts unless renewed: a dead owner's work resumes within about this."""

_NOW = "extract(epoch from clock_timestamp())"
_ACQUIRE = sa.text(
    "INSERT INTO leases (name, holder, fence, expires_at) "
    f"VALUES (:name, :holder, 1, {_NOW} + :seconds) "
    "ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, "
    "fence = leases.fence + CASE WHEN leases.holder = EXCLUDED.holder THEN 0 ELSE 1 END, "
    "expires_at = EXCLUDED.expires_at "
    f"WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < {_NOW} "
    "RETURNING fence"
)
_RENEW = sa.text(
    f"UPDATE leases SET expires_at = {_NOW} + :seconds "
    "WHERE name = :name AND holder = :holder AND fence = :fence"
)
_RELEASE = sa.text(
    "UPDATE leases SET expires_at = 0 WHERE name = :name AND holder = :holder AND fence = :fence"
)
_FENCE = sa.text(
    "UPDATE leases SET fence = fence WHERE name = :name AND holder = :holder AND fence = :fence"
)
_EXPIRED = sa.text(f"SELECT name FROM leases WHERE name LIKE :prefix AND expires_at < {_NOW}")
_HOLDER = sa.text("SELECT holder, fence FROM leases WHERE name = :name")


class LeaseLost(FloormanError):
    """A write that only a lease's owner may make came from a process that lost the lease."""


@dataclass(frozen=True, slots=True)
class Lease:
    """``holder`` owns ``name`` under fencing version ``fence``."""

    name: str
    holder: str
    fence: int

    def _params(self) -> dict[str, object]:
        return {"name": self.name, "holder": self.holder, "fence": self.fence}


Fence = Callable[[sa.Connection], None]
"""Run in a write's transaction: refuses it (:class:`LeaseLost`) unless the lease still holds."""


class Leases:
    """The leases of one process (its ``holder`` id is new at every start)."""

    def __init__(self, engine: sa.Engine, *, seconds: float = SECONDS) -> None:
        self.engine = engine
        self.seconds = seconds
        self.holder = uuid.uuid4().hex

    def acquire(self, name: str) -> Lease | None:
        """The lease of ``name`` if it was free, expired or ours (then renewed); else ``None``."""
        with db.writing(self.engine) as connection:
            fence = connection.execute(
                _ACQUIRE, {"name": name, "holder": self.holder, "seconds": self.seconds}
            ).scalar_one_or_none()
        return None if fence is None else Lease(name, self.holder, int(fence))

    def renew(self, lease: Lease) -> bool:
        """Push the expiry on; ``False``: the lease was taken over."""
        with db.writing(self.engine) as connection:
            done = connection.execute(_RENEW, {**lease._params(), "seconds": self.seconds})
        return bool(done.rowcount == 1)

    def release(self, lease: Lease) -> None:
        """Give the lease up (a clean stop): another process may take it at once."""
        with db.writing(self.engine) as connection:
            connection.execute(_RELEASE, lease._params())

    def expired(self, prefix: str) -> tuple[str, ...]:
        """The names starting with ``prefix`` whose lease has expired (their owner died)."""
        with self.engine.connect() as connection:
            rows = connection.execute(_EXPIRED, {"prefix": prefix + "%"}).scalars()
            return tuple(str(name) for name in rows)

    def holder_of(self, name: str) -> tuple[str, int] | None:
        with self.engine.connect() as connection:
            row = connection.execute(_HOLDER, {"name": name}).first()
        return None if row is None else (str(row.holder), int(row.fence))

    @staticmethod
    def fence(lease: Lease) -> Fence:
        """The check a write of ``lease``'s owner runs in its transaction."""

        def check(connection: sa.Connection) -> None:
            if connection.execute(_FENCE, lease._params()).rowcount != 1:
                raise LeaseLost(f"this server process no longer owns {lease.name}")

        return check
