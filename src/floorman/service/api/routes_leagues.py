"""League seasons over HTTP (issue 18): the director's seasons and their events, and the
public standings anyone may open by link or QR code.

- ``GET /leagues``: the seasons and the points presets; ``POST /leagues`` creates a season
  (its formula checked: a bad one is a 422 naming the formula's constraint).
- ``GET /leagues/{season}``: the season, its events and its standings with who qualifies.
- ``POST /leagues/{season}/events``: an event that counts, a finished tournament of this server
  or results exported elsewhere (``floorman export results --format json``).
- ``GET /public/leagues/{season}``: no token; ranks, names, points, events and who qualifies,
  nothing else (no player ids, no prizes); ``GET /public/leagues/{season}/qr.png`` its QR code.

The director's routes take the server's token or any event's director token
(:data:`~floorman.service.api.roles.Reach.CLUB`), since a league spans events.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from floorman.records.league import season_standings
from floorman.records.league_document import standings_json
from floorman.records.points_presets import PRESETS
from floorman.service.api.context import ApiContext, context, guard
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant
from floorman.service.api.tokens import qr_png
from floorman.service.leagues import (
    EventRef,
    UnknownSeason,
    add_event,
    create_season,
    season_data,
    seasons,
    stored_league,
    stored_season,
)
from floorman.service.store import UnknownStream

router = APIRouter(tags=["leagues"])


class SeasonBody(BaseModel):
    name: str = Field(min_length=1, max_length=100)
    points: str = Field(default="sqrt", min_length=1, max_length=500)
    best: int | None = Field(default=None, ge=1, le=1000)
    qualify: int = Field(default=0, ge=0, le=10_000)
    final: str = Field(default="", max_length=100)
    min_events: int = Field(default=0, ge=0, le=1000)


class EventBody(BaseModel):
    id: str = Field(default="", max_length=100)
    tournament: str = Field(default="", max_length=100)
    results: dict[str, Any] | None = None
    venue: str = Field(default="", max_length=200)
    tier: str = Field(default="", max_length=40, description="Empty: the event's preset's.")
    date: str = Field(default="", max_length=10)
    counts: bool = True


@router.get("/leagues", name="leagues_list")
def list_seasons(
    request: Request, grant: Annotated[Grant, Depends(guard("leagues_list"))]
) -> dict[str, Any]:
    presets = [{"name": p.name, "formula": p.formula} for p in PRESETS.values()]
    found = [season_data(s) for s in seasons(context(request).service.store)]
    return {"seasons": found, "presets": presets}


@router.post("/leagues", name="leagues_create", status_code=201)
def new_season(
    request: Request,
    body: SeasonBody,
    grant: Annotated[Grant, Depends(guard("leagues_create"))],
) -> dict[str, Any]:
    ctx = context(request)
    return season_data(create_season(ctx.service.store, body.model_dump(), ctx.clock()))


@router.get("/leagues/{season_id}", name="leagues_get")
def get_season(
    request: Request,
    season_id: str,
    grant: Annotated[Grant, Depends(guard("leagues_get"))],
) -> dict[str, Any]:
    ctx = context(request)
    season, refs = _season(ctx, season_id)
    league = stored_league(ctx.service.store, season_id)
    standings = json.loads(standings_json(league))
    events = [
        {**{k: v for k, v in r.as_dict().items() if k != "results"}, "name": e.results.name}
        for r, e in zip(refs, league.events, strict=True)
    ]
    return {**season_data(season), "events": events, "standings": standings["standings"]}


@router.post("/leagues/{season_id}/events", name="leagues_add_event", status_code=201)
def new_event(
    request: Request,
    season_id: str,
    body: EventBody,
    grant: Annotated[Grant, Depends(guard("leagues_add_event"))],
) -> dict[str, Any]:
    ctx = context(request)
    _season(ctx, season_id)
    try:
        ref = add_event(ctx.service.store, season_id, EventRef(**body.model_dump()), ctx.clock())
    except UnknownStream:
        raise NotFound(f"tournament {body.tournament}") from None
    return {k: v for k, v in ref.as_dict().items() if k != "results"}


@router.get("/public/leagues/{season_id}", name="public_league")
def public_season(request: Request, season_id: str) -> dict[str, Any]:
    """The standings as the league publishes them: no ids, no money."""
    ctx = context(request)
    season, refs = _season(ctx, season_id)
    league = stored_league(ctx.service.store, season_id)
    rows = [
        {
            "rank": row.rank,
            "name": row.player.name,
            "points": row.points,
            "events": row.events,
            "wins": row.wins,
            "qualified": row.qualified,
        }
        for row in season_standings(league, season_id)
    ]
    return {
        "name": season.name,
        "final": season.final,
        "qualify": season.qualify,
        "events": len(refs),
        "standings": rows,
    }


@router.get("/public/leagues/{season_id}/qr.png", name="public_league_qr")
def public_season_qr(request: Request, season_id: str) -> Response:
    ctx = context(request)
    _season(ctx, season_id)
    return Response(qr_png(f"{ctx.base_url}/league?s={season_id}"), media_type="image/png")


def _season(ctx: ApiContext, season_id: str) -> tuple[Any, tuple[EventRef, ...]]:
    try:
        return stored_season(ctx.service.store, season_id)
    except UnknownSeason:
        raise NotFound(f"season {season_id}") from None
