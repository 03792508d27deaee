"""Views over HTTP: the same per-audience views the feeds send, for one look."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from floorman.service.api.context import context, guard, moment, reading
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant, Role
from floorman.service.api.viewing import Audience, ViewCache, ViewKey, take
from floorman.service.codec import encode_dataclass

router = APIRouter(tags=["views"])


def _cache(request: Request) -> ViewCache:
    cache: ViewCache = request.app.state.views
    return cache


def answer(
    request: Request,
    audience: Audience,
    tournament_id: str,
    *,
    table: int | None = None,
    entry: str | None = None,
) -> Response:
    """``{"audience", "version", "at", "view"}``, sent as the JSON the view was encoded to
    once: a director's view of a thousand tables is megabytes, and handing it to FastAPI as
    a dict would walk and encode it again for every request."""
    key = ViewKey(tournament=tournament_id, audience=audience, table=table, entry=entry)
    taken = take(context(request), _cache(request), key)
    return Response(taken.body(), media_type="application/json")


@router.get("/tournaments/{tournament_id}/views/public", name="public_view")
def public_view(
    request: Request, tournament_id: str, grant: Annotated[Grant, Depends(guard("public_view"))]
) -> Response:
    """The big screen: clock, stakes, field, average stack, payouts, seat changes; no cards."""
    return answer(request, Audience.PUBLIC, tournament_id)


@router.get("/tournaments/{tournament_id}/views/director", name="director_view")
def director_view(
    request: Request, tournament_id: str, grant: Annotated[Grant, Depends(guard("director_view"))]
) -> Response:
    """Everything: tables, seats, stacks, pending balancing, online hands with every card."""
    return answer(request, Audience.DIRECTOR, tournament_id)


@router.get("/tournaments/{tournament_id}/tables/{table}/view", name="table_view")
def table_view(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("table_view"))],
) -> Response:
    """A table for its dealer: seats, names, stacks, positions, the hand's face-up cards."""
    return answer(request, Audience.TABLE, tournament_id, table=table)


@router.get("/tournaments/{tournament_id}/entries/{entry}/view", name="player_view")
def player_view(
    request: Request,
    tournament_id: str,
    entry: str,
    grant: Annotated[Grant, Depends(guard("player_view"))],
) -> Response:
    """A player's seat, moves and clock, and his own cards at an online table."""
    return answer(request, Audience.PLAYER, tournament_id, entry=entry)


@router.get("/tournaments/{tournament_id}/views/me", name="my_view")
def my_view(
    request: Request, tournament_id: str, grant: Annotated[Grant, Depends(guard("my_view"))]
) -> Response:
    """The view of the token's own role: a display the public view, staff the director's,
    a dealer his table's, a player his own."""
    if grant.role is Role.DEALER:
        return answer(request, Audience.TABLE, tournament_id, table=grant.table)
    if grant.role is Role.PLAYER:
        return answer(request, Audience.PLAYER, tournament_id, entry=grant.entry)
    if grant.role is Role.DISPLAY:
        return answer(request, Audience.PUBLIC, tournament_id)
    return answer(request, Audience.DIRECTOR, tournament_id)


@router.get("/tournaments/{tournament_id}/tables/{table}/setup", name="hand_setup")
def hand_setup(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("hand_setup"))],
) -> dict[str, Any]:
    """The next hand at a live table, for the dealer's tablet: positions by the dead-button
    rule, the level in force now (TDA R23) and the engine's hand configuration. ``setup`` is
    ``null`` while the table waits for the others' hand-for-hand hand. The tablet plays the
    hand with the engine and posts its result to ``/tables/{table}/hands``."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        if table not in loaded.tournament.state.tables:
            raise NotFound(f"table {table}")
        setup = loaded.tournament.hand_setup(table, at=moment(ctx.clock(), loaded.tournament))
        version = loaded.version
    return {"version": version, "setup": None if setup is None else encode_dataclass(setup)}
