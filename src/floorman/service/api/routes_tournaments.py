"""Tournaments: create one from a profile and a structure, list them, read one and its log.

Creating a tournament takes the server's director token and answers with a director token of
the new tournament, the one its director hands out the other roles' tokens with.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, Field

from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.service.api.bounds import MAX_CHIPS, check_payload
from floorman.service.api.context import context, reading
from floorman.service.api.context import guard as guarded
from floorman.service.api.roles import Grant, Role
from floorman.service.api.routes_commands import IdempotencyKey
from floorman.service.api.tokens import issue_token
from floorman.service.codec import decode_value
from floorman.tournament.config import TournamentConfig
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Structure

router = APIRouter(tags=["tournaments"])

MONEY = Field(default=0, ge=0, le=MAX_CHIPS)


class CreateTournament(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    profile: str = Field(default="tda-2022", max_length=64, description="A rule profile id.")
    structure: dict[str, Any] | None = Field(
        default=None,
        description="Levels and breaks (Structure.as_dict); none: one generated for the field.",
    )
    expected_players: int = Field(
        default=27, ge=2, le=10_000, description="The field a generated structure is fitted to."
    )
    seats_per_table: int = Field(default=9, ge=2, le=10)
    buy_in: int = MONEY
    fee: int = MONEY
    guarantee: int = MONEY
    prize_unit: int = Field(default=1, ge=1, le=10**9)
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Any other TournamentConfig field by name (rebuy, add_on, bounty...), "
        "written as the service codec writes it.",
    )


def config_of(body: CreateTournament) -> TournamentConfig:
    """The tournament's settings; refusals name the field that broke a constraint."""
    check_payload(body.structure, where="structure")
    check_payload(body.options, where="options")
    structure = (
        default_structure(body.expected_players, body.profile)
        if body.structure is None
        else Structure.from_dict(body.structure)
    )
    return TournamentConfig(
        **_options(body.options),
        name=body.name,
        structure=structure,
        ruleset=get_ruleset(body.profile),
        seats_per_table=body.seats_per_table,
        buy_in=body.buy_in,
        fee=body.fee,
        guarantee=body.guarantee,
        prize_unit=body.prize_unit,
    )


SET_DIRECTLY = frozenset({"name", "structure", "ruleset", *CreateTournament.model_fields})


def _options(options: dict[str, Any]) -> dict[str, Any]:
    """The other settings of the config, each read by its type: a field added to the config
    later is accepted here without a change."""
    hints = typing.get_type_hints(TournamentConfig)
    known = {f.name for f in dataclasses.fields(TournamentConfig)} - SET_DIRECTLY
    unknown = sorted(set(options) - known)
    if unknown:
        raise MalformedInputError(
            f"options: unknown {unknown}; known: {sorted(known)}", constraint="unknown-field"
        )
    return {k: decode_value(v, hints[k], path=f"options.{k}") for k, v in options.items()}


@router.post("/tournaments", name="create_tournament", status_code=201)
def create_tournament(
    request: Request,
    response: Response,
    body: CreateTournament,
    grant: Annotated[Grant, Depends(guarded("create_tournament"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """A new tournament, and a director token for it."""
    ctx = context(request)
    config = config_of(body)
    outcome = ctx.service.create(config, idempotency_key=idempotency_key, actor="server director")
    tournament = outcome.tournament_id
    token = issue_token(ctx, Grant(role=Role.DIRECTOR, tournament=tournament, label="director"))
    response.headers["ETag"] = f'"{outcome.version}"'
    response.headers["Location"] = f"/tournaments/{tournament}"
    return {"tournament": tournament, "version": outcome.version, "director": token}


@router.get("/tournaments", name="list_tournaments")
def list_tournaments(
    request: Request, grant: Annotated[Grant, Depends(guarded("list_tournaments"))]
) -> list[dict[str, Any]]:
    return [
        {"id": t.id, "name": t.name, "version": t.version, "created_at": t.created_at}
        for t in context(request).service.list_tournaments()
    ]


@router.get("/tournaments/{tournament_id}", name="get_tournament")
def get_tournament(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guarded("get_tournament"))],
) -> dict[str, Any]:
    """The tournament's settings and where it stands: its version, started, finished."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        state = loaded.tournament.state
        config = loaded.tournament.config
        return {
            "id": tournament_id,
            "version": loaded.version,
            "name": config.name,
            "profile": config.ruleset.profile,
            "seats_per_table": config.seats_per_table,
            "buy_in": config.buy_in,
            "fee": config.fee,
            "structure": config.structure.as_dict(),
            "started": state.started,
            "finished": state.finished,
            "entries": len(state.entries),
            "players_left": state.alive,
            "tables": sorted(state.tables),
            "online": ctx.online is not None and ctx.online.is_online(tournament_id),
            "you": {"role": grant.role.value, **grant.scope},
        }


@router.get("/tournaments/{tournament_id}/events", name="list_events")
def list_events(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guarded("list_events"))],
    after: Annotated[int, Query(ge=0, le=2**53)] = 0,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 1_000,
) -> list[dict[str, Any]]:
    """The log as stored, undo records included, from version ``after + 1``."""
    ctx = context(request)
    with reading(ctx, tournament_id):
        records = ctx.service.store.read(tournament_id, after, until=after + limit)
    return [
        {
            "version": r.version,
            "kind": r.kind,
            "schema_version": r.schema_version,
            "data": r.data,
            "command": r.command_id,
        }
        for r in records
    ]
