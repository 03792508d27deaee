"""The webhooks and their deliveries in the event log's database, so a restart loses neither.

A hook is written when the director registers it and deleted with its deliveries when he
removes it. The secret is kept as it was made, since signing needs the secret itself (a hash
would not do): the database already holds everything the event is, and is guarded as such.

A delivery is written when it is made, with the exact body sent (its id and timestamp
inside), so a try after a restart sends the same bytes under the same signature and the
receiver drops it if it had it already. After each try its status, attempts, last error and,
while it is pending, the wall-clock time it is next due are written: on start the sender
resumes every pending delivery at that time. Each hook keeps its last
:data:`~floorman.service.webhooks.hooks.KEPT_DELIVERIES` deliveries; older settled ones are
dropped as new ones come.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import sqlalchemy as sa

from floorman.service import db
from floorman.service.schema import webhook_deliveries as deliveries
from floorman.service.schema import webhooks


@dataclass(frozen=True, slots=True)
class StoredHook:
    id: str
    tournament: str
    url: str
    kinds: frozenset[str]
    secret: str


@dataclass(frozen=True, slots=True)
class StoredDelivery:
    """One delivery as last written; ``due_at`` (epoch seconds) only while pending."""

    id: str
    hook: str
    kind: str
    body: bytes
    timestamp: int
    status: str
    attempts: int
    error: str
    due_at: float | None


class HookStore:
    """The ``webhooks`` and ``webhook_deliveries`` tables."""

    def __init__(self, engine: sa.Engine, *, kept: int) -> None:
        self.engine = engine
        self.kept = kept
        """Deliveries kept per hook (the console's list)."""

    def add_hook(self, hook: StoredHook, at: float) -> None:
        with db.writing(self.engine) as connection:
            connection.execute(
                webhooks.insert().values(
                    id=hook.id,
                    tournament_id=hook.tournament,
                    url=hook.url,
                    events=json.dumps(sorted(hook.kinds)),
                    secret=hook.secret,
                    created_at=at,
                )
            )

    def remove_hook(self, hook: str) -> None:
        with db.writing(self.engine) as connection:
            connection.execute(deliveries.delete().where(deliveries.c.hook_id == hook))
            connection.execute(webhooks.delete().where(webhooks.c.id == hook))

    def hooks(self) -> list[StoredHook]:
        """Every hook, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(sa.select(webhooks).order_by(webhooks.c.created_at)).all()
        return [
            StoredHook(
                id=r.id,
                tournament=r.tournament_id,
                url=r.url,
                kinds=frozenset(json.loads(r.events)),
                secret=r.secret,
            )
            for r in rows
        ]

    def add_delivery(self, delivery: StoredDelivery) -> None:
        """A new delivery; the hook's settled deliveries beyond the last ``kept`` go."""
        with db.writing(self.engine) as connection:
            connection.execute(
                deliveries.insert().values(
                    id=delivery.id,
                    hook_id=delivery.hook,
                    kind=delivery.kind,
                    body=delivery.body.decode("utf-8"),
                    timestamp=delivery.timestamp,
                    status=delivery.status,
                    attempts=delivery.attempts,
                    error=delivery.error,
                    due_at=delivery.due_at,
                )
            )
            newest = (
                sa.select(deliveries.c.seq)
                .where(deliveries.c.hook_id == delivery.hook)
                .order_by(deliveries.c.seq.desc())
                .limit(self.kept)
            )
            kept = [row.seq for row in connection.execute(newest)]
            connection.execute(
                deliveries.delete().where(
                    deliveries.c.hook_id == delivery.hook,
                    deliveries.c.status != "pending",
                    deliveries.c.seq.not_in(kept),
                )
            )

    def update_delivery(
        self, delivery: str, *, status: str, attempts: int, error: str, due_at: float | None
    ) -> None:
        with db.writing(self.engine) as connection:
            connection.execute(
                deliveries.update()
                .where(deliveries.c.id == delivery)
                .values(status=status, attempts=attempts, error=error, due_at=due_at)
            )

    def deliveries(self, *, pending: bool = False) -> list[StoredDelivery]:
        """Every delivery kept (``pending``: only those still to be tried), oldest first."""
        query = sa.select(deliveries).order_by(deliveries.c.seq)
        if pending:
            query = query.where(deliveries.c.status == "pending")
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            StoredDelivery(
                id=r.id,
                hook=r.hook_id,
                kind=r.kind,
                body=r.body.encode("utf-8"),
                timestamp=r.timestamp,
                status=r.status,
                attempts=r.attempts,
                error=r.error,
                due_at=r.due_at,
            )
            for r in rows
        ]
