"""The director's webhooks of an event: register, list (with the deliveries and failures),
remove.

- ``POST /tournaments/{id}/webhooks`` ``{"url": ..., "events": [...]}``: a new hook; the answer
  holds its secret, shown this once (201).
- ``GET /tournaments/{id}/webhooks``: the hooks with their last deliveries, attempts and
  errors (never the secrets), for the console.
- ``DELETE /tournaments/{id}/webhooks/{hook}``: stop delivering to it.

Director only: a hook sends the event's moments wherever it points.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from floorman.service.api.context import context, guard, reading
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant
from floorman.service.webhooks.payloads import KINDS
from floorman.service.webhooks.sender import PAYLOAD_VERSION, Webhooks

router = APIRouter(tags=["webhooks"])


class HookBody(BaseModel):
    url: str = Field(max_length=2_000, description="Where deliveries are posted (http/https).")
    events: list[str] = Field(max_length=len(KINDS), description=f"Among: {', '.join(KINDS)}.")


def webhooks_of(request: Request) -> Webhooks:
    hooks: Webhooks = request.app.state.webhooks
    return hooks


@router.post("/tournaments/{tournament_id}/webhooks", name="create_webhook", status_code=201)
def create_webhook(
    request: Request,
    tournament_id: str,
    body: HookBody,
    grant: Annotated[Grant, Depends(guard("create_webhook"))],
) -> dict[str, Any]:
    """A hook for the chosen events; its secret signs every delivery (shown only now)."""
    with reading(context(request), tournament_id):
        pass  # 404 for an unknown tournament
    hook = webhooks_of(request).add(tournament_id, body.url, body.events)
    return {**hook.public(), "secret": hook.secret, "version": PAYLOAD_VERSION}


@router.get("/tournaments/{tournament_id}/webhooks", name="list_webhooks")
def list_webhooks(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("list_webhooks"))],
) -> dict[str, Any]:
    """The hooks, their last deliveries and how many failed."""
    hooks = webhooks_of(request).registry.of(tournament_id)
    return {"events": list(KINDS), "hooks": [h.public() for h in hooks]}


@router.delete("/tournaments/{tournament_id}/webhooks/{hook}", name="delete_webhook")
def delete_webhook(
    request: Request,
    tournament_id: str,
    hook: str,
    grant: Annotated[Grant, Depends(guard("delete_webhook"))],
) -> dict[str, Any]:
    if not webhooks_of(request).registry.remove(tournament_id, hook):
        raise NotFound(f"webhook {hook}")
    return {"removed": hook}
