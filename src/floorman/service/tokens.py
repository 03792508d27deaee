"""Access tokens of the API, stored by hash: who may do what in which tournament.

The API decides what a role may do and hands out the tokens; this module only keeps them.
A token is never stored, only its SHA-256 (:func:`hash_token`), so a copy of the database
grants nothing. Revoking a token keeps its row (``revoked``), so a log of who acted with
which token stays readable.

Every API request looks its token up, so a token read is kept in memory for a few seconds
(:data:`CACHE_SECONDS`) instead of costing a query per request. A revocation made through this
store takes effect at once; one made by another process sharing the database (PostgreSQL),
within those seconds.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.errors import MalformedInputError
from floorman.service import db
from floorman.service.schema import tokens

CACHE_SECONDS = 5.0
"""How long a token read from the database is trusted without reading it again."""
CACHE_SIZE = 10_000
"""Tokens kept at most; past it the cache starts again empty."""


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True, kw_only=True)
class TokenRecord:
    id: int
    token_hash: str
    tournament_id: str | None
    """``None`` for a token valid in every tournament (a server administrator's)."""
    role: str
    scope: str | None
    """What the role is limited to inside the tournament (a table, a seat), as the API writes
    it; ``None``: the whole tournament."""
    label: str
    created_at: float
    revoked: bool
    expires_at: float | None = None
    """When the token stops working (the service's clock); ``None``: never by itself."""

    def valid_at(self, now: float) -> bool:
        """Neither revoked nor expired at ``now``."""
        return not self.revoked and (self.expires_at is None or now < self.expires_at)


class TokenStore:
    """The ``tokens`` table."""

    def __init__(
        self,
        engine: sa.Engine,
        *,
        cache_seconds: float = CACHE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.engine = engine
        self.cache_seconds = cache_seconds
        self.clock = clock
        self._cache: dict[str, tuple[TokenRecord, float]] = {}
        self._lock = threading.Lock()
        self.on_revoke: Callable[[sa.Connection, int], None] | None = None
        """Called in a revocation's transaction (a PostgreSQL store announces it there)."""

    def create(
        self,
        *,
        token_hash: str,
        tournament_id: str | None,
        role: str,
        scope: str | None = None,
        label: str = "",
        created_at: float,
        expires_at: float | None = None,
    ) -> TokenRecord:
        if not token_hash or not role:
            raise MalformedInputError("a token needs a hash and a role", constraint="token")
        row: dict[str, Any] = {
            "token_hash": token_hash,
            "tournament_id": tournament_id,
            "role": role,
            "scope": scope,
            "label": label,
            "created_at": created_at,
            "revoked": False,
            "expires_at": expires_at,
        }
        try:
            with db.writing(self.engine) as connection:
                token_id = connection.execute(
                    tokens.insert().values(**row).returning(tokens.c.id)
                ).scalar_one()
        except sa.exc.IntegrityError:
            raise MalformedInputError(
                "a token with this hash exists already", constraint="token-exists"
            ) from None
        return TokenRecord(id=token_id, **row)

    def find(self, token_hash: str) -> TokenRecord | None:
        """The token with this hash, revoked or not (the caller refuses a revoked one)."""
        now = self.clock()
        with self._lock:
            cached = self._cache.get(token_hash)
        if cached is not None and cached[1] > now:
            return cached[0]
        with self.engine.connect() as connection:
            row = connection.execute(_FIND, {"h": token_hash}).first()
        if row is None:
            return None
        record = _token(row)
        with self._lock:
            if len(self._cache) >= CACHE_SIZE:
                self._cache.clear()
            self._cache[token_hash] = (record, now + self.cache_seconds)
        return record

    def revoke(self, token_id: int) -> bool:
        """Revoke a token; ``False`` when there is no such token."""
        with db.writing(self.engine) as connection:
            done = connection.execute(
                tokens.update().where(tokens.c.id == token_id).values(revoked=True)
            )
            if done.rowcount == 1 and self.on_revoke is not None:
                self.on_revoke(connection, token_id)
        self.forget(token_id)
        return bool(done.rowcount == 1)

    def forget(self, token_id: int) -> None:
        """Drop token ``token_id`` from the cache (revoked here or by another process)."""
        with self._lock:
            for digest in [h for h, (r, _) in self._cache.items() if r.id == token_id]:
                del self._cache[digest]

    def ended(self, token_ids: Iterable[int], now: float) -> frozenset[int]:
        """Which of ``token_ids`` are revoked or expired at ``now``, read from the database
        (not the cache: another process may have revoked them)."""
        wanted = sorted(set(token_ids))
        if not wanted:
            return frozenset()
        query = sa.select(tokens.c.id).where(
            tokens.c.id.in_(wanted),
            sa.or_(tokens.c.revoked.is_(True), tokens.c.expires_at <= now),
        )
        with self.engine.connect() as connection:
            return frozenset(connection.execute(query).scalars())

    def list(self, tournament_id: str | None) -> tuple[TokenRecord, ...]:
        """The tokens of one tournament (``None``: the server-wide ones), oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(tokens)
                .where(
                    tokens.c.tournament_id.is_(None)
                    if tournament_id is None
                    else tokens.c.tournament_id == tournament_id
                )
                .order_by(tokens.c.id)
            )
            return tuple(_token(row) for row in rows)


_FIND = sa.select(tokens).where(tokens.c.token_hash == sa.bindparam("h"))


def _token(row: sa.Row[Any]) -> TokenRecord:
    return TokenRecord(
        id=row.id,
        token_hash=row.token_hash,
        tournament_id=row.tournament_id,
        role=row.role,
        scope=row.scope,
        label=row.label,
        created_at=row.created_at,
        revoked=bool(row.revoked),
        expires_at=row.expires_at,
    )
