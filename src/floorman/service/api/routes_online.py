"""Online tables over HTTP: deal the next hand, see it, act in it. On any server process: a
request for tables another process deals is forwarded to it (:mod:`.online_forwarding`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from floorman.service.api.bounds import MAX_CHIPS
from floorman.service.api.context import ApiContext, context, guard
from floorman.service.api.online import OnlineTables
from floorman.service.api.online_answers import acted, dealt, hand_for, looked_at
from floorman.service.api.online_codec import action_from_dict
from floorman.service.api.online_forwarding import forward_if_elsewhere
from floorman.service.api.roles import Grant
from floorman.service.api.routes_commands import IdempotencyKey

__all__ = ["hand_for", "router"]

router = APIRouter(tags=["online tables"])


def _online(ctx: ApiContext) -> OnlineTables:
    assert ctx.online is not None, "the app builds its online tables at start"
    return ctx.online


@router.post("/tournaments/{tournament_id}/tables/{table}/deal", name="deal_online")
def deal_online(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("deal_online"))],
) -> dict[str, Any]:
    """The server deals the next hand at ``table``; the tournament is server-dealt from now
    on (each finished hand is followed by the next at every table)."""
    forward_if_elsewhere(request, "deal", tournament_id, table, grant)
    return dealt(_online(context(request)), grant, tournament_id, table)


@router.get("/tournaments/{tournament_id}/tables/{table}/hand", name="online_hand")
def online_hand(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("online_hand"))],
) -> dict[str, Any]:
    """The hand the server is dealing at ``table``, with the actor's legal options."""
    forward_if_elsewhere(request, "hand", tournament_id, table, grant)
    return looked_at(_online(context(request)), grant, tournament_id, table)


class ActionBody(BaseModel):
    """A player's action: only these fields (any other is refused, and never stored)."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(
        max_length=16, description="fold, check, call, bring-in, raise, bet, discard, show, muck"
    )
    to: int | None = Field(
        default=None, le=MAX_CHIPS, description="Chips: the street's total (raise, bet)."
    )
    cards: list[Annotated[str, Field(max_length=4)]] | None = Field(
        default=None, max_length=5, description='The cards thrown (discard): ["Ah", "Kd"].'
    )


@router.post("/tournaments/{tournament_id}/tables/{table}/actions", name="online_action")
def online_action(
    request: Request,
    tournament_id: str,
    table: int,
    body: ActionBody,
    grant: Annotated[Grant, Depends(guard("online_action"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The player's action, if the engine allows it now (``Hand.legal_options``); refused
    out of turn or at an illegal amount with the ruling (409)."""
    fields = body.model_dump(exclude_none=True)
    action_from_dict(fields)  # a malformed action is refused here, before it travels
    forward_if_elsewhere(
        request, "act", tournament_id, table, grant, fields=fields, key=idempotency_key
    )
    online = _online(context(request))
    return acted(online, grant, tournament_id, table, fields, idempotency_key)
