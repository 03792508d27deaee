"""The online tables' routes on every server process: a request for tables another process
deals is forwarded to it (:mod:`floorman.service.cluster.forwarding`) and its answer returned
as it came, so a player, a dealer or a director behind a load balancer gets the same answer
from any process, never a 409 for reaching the wrong one.

A request is forwarded when several processes share the database, this one does not hold the
tournament's lease, and the lease exists (some process deals or dealt these tables: the owner,
or the one taking them over, answers). Without a lease the request is served here: its first
deal makes this process the owner. The token is checked where the request arrives; the grant
travels with the request, and the owner answers as the routes do (:mod:`.online_answers`),
refusals included, with the same status and body.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

from floorman.service.api.context import ApiContext, context
from floorman.service.api.errors import refusal_response
from floorman.service.api.online import OnlineTables
from floorman.service.api.online_answers import acted, dealt, looked_at
from floorman.service.api.roles import Grant, Role
from floorman.service.cluster.forwarding import Answer, Forwarder, NoAnswer
from floorman.service.cluster.ownership import PREFIX

FORWARDED_HEADER = "Floorman-Forwarded"
"""Set (``owner``) on an answer another process gave: operators and tests see the hop."""
RETRY_AFTER_SECONDS = 2
"""What a 503 (no process answered) tells the client to wait before trying again."""


class Forwarded(Exception):
    """The owner's answer to a forwarded request: the route returns it as it is."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer.status)
        self.answer = answer


class OwnerSilent(Exception):
    """No process answered a forwarded request in time: 503, try again."""


Operation = Callable[[OnlineTables, Grant, str, int, Mapping[str, Any]], dict[str, Any]]


def _deal(online: OnlineTables, grant: Grant, tid: str, table: int, _: Mapping[str, Any]) -> Any:
    return dealt(online, grant, tid, table)


def _hand(online: OnlineTables, grant: Grant, tid: str, table: int, _: Mapping[str, Any]) -> Any:
    return looked_at(online, grant, tid, table)


def _act(online: OnlineTables, grant: Grant, tid: str, table: int, a: Mapping[str, Any]) -> Any:
    return acted(online, grant, tid, table, dict(a["fields"]), a.get("key"))


OPERATIONS: dict[str, Operation] = {"deal": _deal, "hand": _hand, "act": _act}


def install(app: FastAPI, ctx: ApiContext) -> Forwarder | None:
    """Forwarding for ``app`` (``None`` on SQLite: one process deals everything): the owner's
    handlers and the answers' mapping. The bridge carries the notifications."""
    online = ctx.online
    if online is None or online.ownership is None:
        return None
    forwarder = Forwarder(ctx.service.store.engine, online.ownership.serves)
    for name, operation in OPERATIONS.items():
        forwarder.handlers[name] = _handler(online, operation)
    app.state.forwarder = forwarder

    async def forwarded(_: Request, error: Exception) -> Response:
        assert isinstance(error, Forwarded)
        answer = error.answer
        headers = {FORWARDED_HEADER: "owner"}
        return Response(answer.body, answer.status, headers, media_type="application/json")

    async def silent(_: Request, error: Exception) -> Response:
        body = {"error": "unavailable", "message": str(error)}
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        return JSONResponse(body, 503, headers=headers)

    app.add_exception_handler(Forwarded, forwarded)
    app.add_exception_handler(OwnerSilent, silent)
    return forwarder


def _handler(
    online: OnlineTables, operation: Operation
) -> Callable[[str, Mapping[str, Any]], Answer]:
    def serve(tournament: str, args: Mapping[str, Any]) -> Answer:
        grant = _grant(args["grant"])
        try:
            body = operation(online, grant, tournament, int(args["table"]), args)
        except Exception as error:  # a refusal goes back as the routes would answer it
            response = refusal_response(error)
            if response is None:
                raise
            return Answer(response.status_code, bytes(response.body))
        return Answer(200, json.dumps(jsonable_encoder(body)).encode())

    return serve


def forward_if_elsewhere(
    request: Request, op: str, tournament: str, table: int, grant: Grant, **args: Any
) -> None:
    """Raise the owner's answer (:class:`Forwarded`) if another process deals ``tournament``'s
    tables; return if this process serves the request itself."""
    forwarder: Forwarder | None = getattr(request.app.state, "forwarder", None)
    online = context(request).online
    ownership = None if online is None else online.ownership
    if forwarder is None or ownership is None or ownership.serves(tournament):
        return  # (while a takeover here folds the hands back, even this process waits)
    if ownership.leases.holder_of(PREFIX + tournament) is None:
        return  # never dealt online: the first deal here makes this process the owner
    if op == "act" and args.get("key") is None:
        args["key"] = f"forwarded:{uuid.uuid4().hex}"  # a resend never acts twice
    sent = {"table": table, "grant": _granted(grant), **args}
    try:
        answer = forwarder.forward(op, tournament, sent)
    except NoAnswer as error:
        raise OwnerSilent(f"{error}: try again in a few seconds") from None
    raise Forwarded(answer)


def _granted(grant: Grant) -> dict[str, Any]:
    return {
        "role": grant.role.value,
        "tournament": grant.tournament,
        "table": grant.table,
        "entry": grant.entry,
        "label": grant.label,
    }


def _grant(data: Mapping[str, Any]) -> Grant:
    return Grant(
        role=Role(data["role"]),
        tournament=data["tournament"],
        table=data["table"],
        entry=data["entry"],
        label=str(data.get("label", "")),
    )
