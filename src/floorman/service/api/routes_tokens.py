"""Tokens: the director hands out the roles' tokens; a player joins with his short code or the
QR code of his join link."""

from __future__ import annotations

import logging
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field

from floorman.errors import MalformedInputError
from floorman.service.api.context import (
    client_address,
    context,
    event_over,
    grant_from_record,
    guard,
    reading,
)
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant, Role, token_hash
from floorman.service.api.tokens import (
    DEFAULT_LIFETIME,
    MAX_LIFETIME,
    issue_token,
    links,
    qr_png,
)

router = APIRouter(tags=["tokens"])
log = logging.getLogger("floorman.security")


class TokenBody(BaseModel):
    role: Role
    table: int | None = Field(default=None, ge=1, le=100_000, description="A dealer's table.")
    entry: str | None = Field(default=None, max_length=64, description="A player's entry.")
    label: str = Field(default="", max_length=100)
    expires_in: int | None = Field(
        default=None,
        ge=60,
        le=MAX_LIFETIME,
        description="Seconds the token works for (default: "
        f"{DEFAULT_LIFETIME // 86_400} days); a player's ends with his event anyway.",
    )


@router.post("/tournaments/{tournament_id}/tokens", name="create_token", status_code=201)
def create_token(
    request: Request,
    tournament_id: str,
    body: TokenBody,
    grant: Annotated[Grant, Depends(guard("create_token"))],
) -> dict[str, Any]:
    """A token for one role in this tournament: a dealer's names his table, a player's his
    entry (and is a short code with a join link and its QR code)."""
    ctx = context(request)
    if body.role is not Role.DEALER and body.table is not None:
        raise MalformedInputError("only a dealer's token names a table", constraint="scope")
    if body.role is not Role.PLAYER and body.entry is not None:
        raise MalformedInputError("only a player's token names an entry", constraint="scope")
    with reading(ctx, tournament_id) as loaded:
        if body.entry is not None and body.entry not in loaded.tournament.state.entries:
            raise NotFound(f"entry {body.entry}")
    new = Grant(
        role=body.role,
        tournament=tournament_id,
        table=body.table,
        entry=body.entry,
        label=body.label,
    )
    return issue_token(ctx, new, lifetime=body.expires_in)


@router.get("/tournaments/{tournament_id}/tokens", name="list_tokens")
def list_tokens(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("list_tokens"))],
) -> list[dict[str, Any]]:
    """The tournament's tokens (never the tokens themselves: only their hash is kept)."""
    return [
        {
            "id": t.id,
            "role": t.role,
            "scope": t.scope,
            "label": t.label,
            "created_at": t.created_at,
            "expires_at": t.expires_at,
            "revoked": t.revoked,
        }
        for t in context(request).service.store.tokens.list(tournament_id)
    ]


@router.delete("/tournaments/{tournament_id}/tokens/{token_id}", name="revoke_token")
def revoke_token(
    request: Request,
    tournament_id: str,
    token_id: int,
    grant: Annotated[Grant, Depends(guard("revoke_token"))],
) -> Response:
    store = context(request).service.store.tokens
    if not any(t.id == token_id for t in store.list(tournament_id)):
        raise NotFound(f"token {token_id}")
    store.revoke(token_id)
    context(request).feeds.close_token(token_id)  # its open feeds end now, not at reconnect
    return Response(status_code=204)


def _player(request: Request, code: str) -> Grant:
    """The player a join code belongs to; 404 for anything else (no hint what was wrong);
    429 once this address or the server has failed too often (:mod:`.guessing`)."""
    ctx = context(request)
    client = client_address(request)
    ctx.guesses.admit(client)
    record = None if len(code) > 64 else ctx.service.store.tokens.find(token_hash(code))
    if record is None or record.role != Role.PLAYER.value:
        log.info("join code tried from %s: unknown", client)
        ctx.guesses.failed(client)
        raise NotFound("join code")
    log.info("join code tried from %s: entry %s", client, record.scope)
    if not record.valid_at(ctx.clock()) or event_over(ctx, record.tournament_id or ""):
        raise NotFound("join code")  # expired, or his event is over: his code ends with it
    return grant_from_record(record)


@router.get("/join/{code}", name="join", response_model=None)
def join(request: Request, code: str) -> dict[str, Any] | RedirectResponse:
    """A player's join link (typed code or scanned QR): his tournament, entry and links. A
    browser (a phone that scanned the QR code) is sent on to the player's page."""
    if "text/html" in request.headers.get("accept", ""):
        return RedirectResponse(f"/player?code={quote(code.upper(), safe='')}", status_code=303)
    ctx = context(request)
    grant = _player(request, code)
    assert grant.tournament is not None
    assert grant.entry is not None
    with reading(ctx, grant.tournament) as loaded:
        entry = loaded.tournament.state.entries[grant.entry]
        name, table, seat = entry.name, entry.table, entry.seat
    return {
        "tournament": grant.tournament,
        "entry": grant.entry,
        "name": name,
        "table": table,
        "seat": seat,
        "token": code.upper(),
        "links": links(ctx, grant, code.upper()),
    }


@router.get("/join/{code}/qr.png", name="join_qr", response_class=Response)
def join_qr(request: Request, code: str) -> Response:
    """The QR code of a player's join link, to print on his seat card."""
    _player(request, code)
    url = f"{context(request).base_url}/join/{code.upper()}"
    return Response(qr_png(url), media_type="image/png")
