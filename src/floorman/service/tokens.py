"""Access tokens of the API, stored by hash: who may do what in which tournament.

The API decides what a role may do and hands out the tokens; this module only keeps them.
A token is never stored, only its SHA-256 (:func:`hash_token`), so a copy of the database
grants nothing. Revoking a token keeps its row (``revoked``), so a log of who acted with
which token stays readable.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.errors import MalformedInputError
from floorman.service import db
from floorman.service.schema import tokens


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


class TokenStore:
    """The ``tokens`` table."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def create(
        self,
        *,
        token_hash: str,
        tournament_id: str | None,
        role: str,
        scope: str | None = None,
        label: str = "",
        created_at: float,
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
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(tokens).where(tokens.c.token_hash == token_hash)
            ).first()
        return None if row is None else _token(row)

    def revoke(self, token_id: int) -> bool:
        """Revoke a token; ``False`` when there is no such token."""
        with db.writing(self.engine) as connection:
            done = connection.execute(
                tokens.update().where(tokens.c.id == token_id).values(revoked=True)
            )
            return done.rowcount == 1

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
    )
