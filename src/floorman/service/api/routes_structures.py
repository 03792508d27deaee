"""The structure library, the editor's check and the duration forecast, for directors.

- ``GET /structures``: the library (shipped and saved templates), for the server's director
  creating an event; ``GET /tournaments/{id}/structures`` the same for an event's director.
- ``GET /tournaments/{id}/structures/{template}`` (``GET /structures/{template}`` for the
  server's director): one template, whole.
- ``POST /tournaments/{id}/structures``: save the event's structure as a template, by name.
  Saved templates are streams of kind ``structure-template`` in the event log's database
  (one record, ``template-saved``): no table of their own, so no migration.
- ``POST /tournaments/{id}/structure-check``: the editor's structure checked as the event's
  rulebook says (:mod:`floorman.tournament.structure.checks`); applying it is the
  ``change-structure`` command.
- ``GET /tournaments/{id}/forecast``: when the event should end and reach the money and the
  final table (:mod:`floorman.sim.duration_sim`, 200 runs with the actual field).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from floorman.service.api.bounds import check_payload
from floorman.service.api.context import ApiContext, context, moment, reading
from floorman.service.api.context import guard as guarded
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant
from floorman.service.stored import CommandEntry, NewRecord, NewStream
from floorman.sim.duration_sim import forecast
from floorman.tournament.aggregate import Tournament
from floorman.tournament.money.pool import payouts
from floorman.tournament.structure.checks import checked_structure
from floorman.tournament.structure.levels import Structure
from floorman.tournament.structure.library import Template, check_name, shipped_templates, slug

router = APIRouter(tags=["structures"])

TEMPLATE_KIND = "structure-template"
SAVED = "template-saved"
FORECAST_RUNS = 200
BIG_FIELD = 2_000


class SaveTemplate(BaseModel):
    name: str = Field(min_length=1, max_length=100)


class CheckStructure(BaseModel):
    structure: dict[str, Any]


def library(ctx: ApiContext) -> list[Template]:
    """Shipped templates first, then the saved ones, oldest first."""
    saved = [_saved(ctx, stream.id) for stream in ctx.service.store.streams(TEMPLATE_KIND)]
    return [*shipped_templates(), *saved]


def _saved(ctx: ApiContext, stream: str) -> Template:
    (record,) = ctx.service.store.read_kind(stream, SAVED)
    return Template(
        id=stream,
        name=record.data["name"],
        structure=Structure.from_dict(record.data["structure"]),
        source=record.data["source"],
    )


@router.get("/structures", name="list_structures")
def list_structures(
    request: Request, grant: Annotated[Grant, Depends(guarded("list_structures"))]
) -> list[dict[str, object]]:
    return [t.summary() for t in library(context(request))]


@router.get("/structures/{template_id}", name="get_structure")
def get_structure(
    request: Request,
    template_id: str,
    grant: Annotated[Grant, Depends(guarded("get_structure"))],
) -> dict[str, object]:
    return _template(context(request), template_id).as_dict()


def _template(ctx: ApiContext, template_id: str) -> Template:
    for template in library(ctx):
        if template.id == template_id:
            return template
    raise NotFound(f"structure template {template_id}")


@router.get("/tournaments/{tournament_id}/structures", name="event_structures")
def event_structures(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guarded("event_structures"))],
) -> list[dict[str, object]]:
    return [t.summary() for t in library(context(request))]


@router.get("/tournaments/{tournament_id}/structures/{template_id}", name="event_structure")
def event_structure(
    request: Request,
    tournament_id: str,
    template_id: str,
    grant: Annotated[Grant, Depends(guarded("event_structure"))],
) -> dict[str, object]:
    return _template(context(request), template_id).as_dict()


@router.post("/tournaments/{tournament_id}/structures", name="save_structure", status_code=201)
def save_structure(
    request: Request,
    tournament_id: str,
    body: SaveTemplate,
    grant: Annotated[Grant, Depends(guarded("save_structure"))],
) -> dict[str, object]:
    """The event's structure in force, saved under ``name`` for later events."""
    ctx = context(request)
    name = check_name(body.name)
    with reading(ctx, tournament_id) as loaded:
        structure = loaded.tournament.config.structure
        event = loaded.tournament.config.name
    stream = f"structure-{slug(name)}-{secrets.token_hex(3)}"
    at = ctx.clock()
    data = {"name": name, "structure": structure.as_dict(), "source": f"saved from {event}"}
    ctx.service.store.append(
        stream,
        expected_version=0,
        records=[NewRecord(kind=SAVED, schema_version=1, data=data)],
        command=CommandEntry(name="save-structure", payload=data, actor="director", at=at),
        new_stream=NewStream(kind=TEMPLATE_KIND, seed="", title=name, created_at=at),
    )
    return _saved(ctx, stream).as_dict()


@router.post("/tournaments/{tournament_id}/structure-check", name="check_structure")
def check_structure(
    request: Request,
    tournament_id: str,
    body: CheckStructure,
    grant: Annotated[Grant, Depends(guarded("check_structure"))],
) -> dict[str, object]:
    """The structure as the profile's rules read it (409 with the ruling, or 422)."""
    check_payload(body.structure, where="structure")
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        ruleset = loaded.tournament.config.ruleset
    structure = checked_structure(body.structure, ruleset)
    return {"ok": True, "structure": structure.as_dict(), "levels": len(structure.levels)}


@router.get("/tournaments/{tournament_id}/forecast", name="forecast")
def event_forecast(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guarded("forecast"))],
) -> dict[str, object]:
    """200 runs of the rest of the event; times are clock seconds from the start. The event
    is read under its lock, the runs made after it is let go, so commands never wait for
    them."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        inputs = _inputs(loaded.tournament, moment(ctx.clock(), loaded.tournament))
    if inputs is None:
        return {"ready": False}
    live = inputs.stacks is not None
    result = forecast(
        inputs.structure,
        players=inputs.field,
        paid_places=inputs.paid,
        seats_per_table=inputs.seats,
        runs=runs_for(inputs.field),
        stacks=inputs.stacks,
        elapsed=inputs.elapsed,
    )
    return {"ready": True, "live": live, "elapsed": inputs.elapsed, **result.as_dict()}


def runs_for(field: int) -> int:
    """200 runs up to 2,000 players; beyond, fewer (at least 20), so that one forecast costs
    no more than 200 runs of 2,000 players would."""
    return max(20, min(FORECAST_RUNS, FORECAST_RUNS * BIG_FIELD // field))


@dataclass(frozen=True, slots=True)
class _Inputs:
    structure: Structure
    field: int
    paid: int
    seats: int
    stacks: list[int] | None
    elapsed: float


def _inputs(tournament: Tournament, now: float) -> _Inputs | None:
    """What the forecast needs, or ``None`` when there is nothing to forecast (fewer than
    two players, or the event over)."""
    state = tournament.state
    config = tournament.config
    field = len(state.entries)
    stacks = [e.stack for e in state.entries.values() if e.alive and e.stack > 0]
    if field < 2 or state.finished or len(stacks) < 2:
        return None
    paid = len(state.prizes) or len(payouts(state).prizes) or 1
    live = state.started and state.clock is not None
    elapsed = state.clock.elapsed(now) if live and state.clock is not None else 0.0
    return _Inputs(
        structure=config.structure,
        field=field,
        paid=min(paid, field),
        seats=config.seats_per_table,
        stacks=stacks if live else None,
        elapsed=elapsed,
    )
