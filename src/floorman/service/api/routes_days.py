"""Day 2 over HTTP: a new tournament made of the stacks the flights bagged.

``POST /tournaments/day-two`` reaches several tournaments at once, so one tournament's token
is not enough: the server's director token reaches every flight; otherwise the bearer is the
director token of one flight and ``tokens`` carries the director tokens of the others. The
answer is the new tournament's id and a director token for it, as creating one answers.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from floorman.service.api.context import (
    ApiContext,
    client_address,
    context,
    grant_of,
    presented_token,
)
from floorman.service.api.roles import AccessDenied, Grant, Role
from floorman.service.api.routes_commands import IdempotencyKey
from floorman.service.api.tokens import issue_token
from floorman.service.days import open_day_two

router = APIRouter(tags=["tournaments"])


class DayTwo(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    flights: list[str] = Field(min_length=1, max_length=64, description="The flights' ids.")
    by_chips: bool = Field(default=True, description="Spread the big stacks (else a random draw).")
    level: int | None = Field(default=None, ge=1, le=10_000, description="The level to start at.")
    tokens: list[str] = Field(
        default_factory=list,
        max_length=64,
        description="Director tokens of the flights the bearer's token does not reach.",
    )


async def flight_directors(request: Request) -> Grant:
    """The bearer's grant, if it and ``tokens`` reach every flight the body names (read raw
    here: the scope is checked before the body's own refusals, as on every route)."""
    try:
        body: Any = json.loads(await request.body() or b"null")
    except ValueError:
        body = None
    flights, tokens = _named(body)
    return await run_in_threadpool(_reach, request, flights, tokens)


def _named(body: Any) -> tuple[set[str], list[str]]:
    if not isinstance(body, dict):
        return set(), []
    flights, tokens = body.get("flights"), body.get("tokens", [])
    names = {f for f in flights if isinstance(f, str)} if isinstance(flights, list) else set()
    given = [t for t in tokens if isinstance(t, str)][:64] if isinstance(tokens, list) else []
    return names, given


def _reach(request: Request, flights: set[str], tokens: list[str]) -> Grant:
    ctx = context(request)
    client = client_address(request)
    grant = grant_of(ctx, presented_token(request), client)
    if grant is None:
        raise AccessDenied(401, "a token is needed (Authorization: Bearer)")
    if grant.role is not Role.DIRECTOR:
        raise AccessDenied(403, f"a {grant.role} may not open a new day")
    if grant.tournament is None:
        return grant
    reached = {grant.tournament} | {_director_of(ctx, token, client) for token in tokens}
    if not flights or flights - reached:
        raise AccessDenied(403, "a new day needs the director token of every flight")
    return grant


def _director_of(ctx: ApiContext, token: str, client: str | None) -> str | None:
    try:
        grant = grant_of(ctx, token, client)
    except AccessDenied:
        return None
    return grant.tournament if grant is not None and grant.role is Role.DIRECTOR else None


@router.post("/tournaments/day-two", name="day_two", status_code=201)
def create_day_two(
    request: Request,
    response: Response,
    body: DayTwo,
    grant: Annotated[Grant, Depends(flight_directors)],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The next day of the event, merging the flights' bags, and a director token for it."""
    ctx = context(request)
    outcome = open_day_two(
        ctx.service,
        name=body.name,
        flights=body.flights,
        by_chips=body.by_chips,
        level=body.level,
        idempotency_key=idempotency_key,
        actor=f"director {grant.label}".strip(),
    )
    tournament = outcome.tournament_id
    token = issue_token(ctx, Grant(role=Role.DIRECTOR, tournament=tournament, label="director"))
    response.headers["ETag"] = f'"{outcome.version}"'
    response.headers["Location"] = f"/tournaments/{tournament}"
    return {"tournament": tournament, "version": outcome.version, "director": token}
