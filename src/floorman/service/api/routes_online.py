"""Online tables over HTTP: deal the next hand, see it, act in it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from floorman.engine.views import director_view, public_view, seat_view
from floorman.service.api.bounds import MAX_CHIPS
from floorman.service.api.context import ApiContext, context, guard
from floorman.service.api.errors import NotFound
from floorman.service.api.online import LiveHand, OnlineTables
from floorman.service.api.online_codec import action_from_dict
from floorman.service.api.roles import Grant, Role
from floorman.service.api.routes_commands import IdempotencyKey

router = APIRouter(tags=["online tables"])


def _online(ctx: ApiContext) -> OnlineTables:
    assert ctx.online is not None, "the app builds its online tables at start"
    return ctx.online


def hand_for(grant: Grant, live: LiveHand) -> dict[str, Any]:
    """The hand as this caller may see it: staff everything, a dealer the face-up cards, a
    player his own cards too."""
    if grant.role in (Role.DIRECTOR, Role.FLOOR):
        view = director_view(live.hand)
    elif grant.role is Role.PLAYER and (seat := live.seat_of(grant.entry or "")) is not None:
        view = seat_view(live.hand, seat)
    else:
        view = public_view(live.hand)
    seats = [{"seat": s, "entry": e} for s, e in enumerate(live.setup.seats)]
    return {
        "table": live.table,
        "hand": live.stream,
        "seats": seats,
        "view": view.as_dict(),
        "commitment": live.committed,  # the deck's SHA-256, published from the first card
    }


@router.post("/tournaments/{tournament_id}/tables/{table}/deal", name="deal_online")
def deal_online(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("deal_online"))],
) -> dict[str, Any]:
    """The server deals the next hand at ``table``; the tournament is server-dealt from now
    on (each finished hand is followed by the next at every table)."""
    online = _online(context(request))
    live = online.deal(tournament_id, table, actor=grant.role.value)
    with online.holding():
        return hand_for(grant, live)


@router.get("/tournaments/{tournament_id}/tables/{table}/hand", name="online_hand")
def online_hand(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("online_hand"))],
) -> dict[str, Any]:
    """The hand the server is dealing at ``table``, with the actor's legal options."""
    online = _online(context(request))
    with online.holding():
        live = online.live(tournament_id, table)
        if live is None:
            raise NotFound(f"a hand at table {table}")
        return hand_for(grant, live)


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
    action = action_from_dict(fields)
    online = _online(context(request))
    assert grant.entry is not None
    events = online.act(
        tournament_id,
        table,
        grant.entry,
        action,
        payload=fields,  # what the schema holds, nothing else the body carried
        idempotency_key=idempotency_key,
    )
    with online.holding():
        live = online.live(tournament_id, table)
        hand = None if live is None else hand_for(grant, live)
    # Only the kinds: the events themselves hold cards (burns, other players' stud and draw
    # cards) that only the director may read; the player reads the hand through his view.
    return {"events": [e.kind for e in events], "next": hand}
