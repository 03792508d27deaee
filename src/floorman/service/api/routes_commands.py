"""Commands: one generic route driven by the command registry, and friendly routes for the
main ones (register, start, the clock, a hand, undo, and, once registered, rebuys, add-ons,
absence, penalties, deals and the chip race: a friendly route whose command is not in the
registry answers 404).

``POST /tournaments/{id}/commands/{name}`` takes the command's fields as a JSON object, so a
command another engineer registers (rebuys, penalties, deals...) is served at once, and the
scope table gives it to the director alone until it is opened to more roles
(:data:`roles.COMMAND_ROLES`). Every command route reads two headers: ``If-Match`` (or the
``expected_version`` query parameter), the version the client decided on, refused with 409
when the log has moved on; and ``Idempotency-Key``, so a retried request is applied once.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Header, Query, Request, Response
from pydantic import BaseModel, Field

from floorman.errors import MalformedInputError
from floorman.service.api.authorship import authored, refuse_at_server_dealt, signed_by_role
from floorman.service.api.bounds import MAX_CHIPS, MAX_SECONDS, check_payload
from floorman.service.api.context import ApiContext, context, guard, moment, reading
from floorman.service.api.errors import NotFound
from floorman.service.api.roles import Grant, authorize_command, authorize_table, command_roles
from floorman.service.codec import encode_dataclass
from floorman.service.commands import COMMANDS, command_from_dict
from floorman.service.core import Outcome
from floorman.service.undo import last_in_force
from floorman.tournament.money.deals import DealMethod

router = APIRouter(tags=["commands"])

IfMatch = Annotated[
    str | None,
    Header(description="The version the command was decided on; 409 if the log moved on."),
]
IdempotencyKey = Annotated[
    str | None,
    Header(max_length=200, description="Retries with the same key are applied once."),
]
ExpectedVersion = Annotated[int | None, Query(ge=0, description="Same as If-Match.")]


def expected_version(if_match: str | None, query: int | None) -> int | None:
    if if_match is None:
        return query
    text = if_match.strip().removeprefix("W/").strip('"')
    if not text.isdigit():
        raise MalformedInputError(
            f"If-Match must be a version number, not {if_match!r}", constraint="if-match"
        )
    return int(text)


def outcome_dict(outcome: Outcome) -> dict[str, Any]:
    return {
        "tournament": outcome.tournament_id,
        "version": outcome.version,
        "events": list(outcome.encoded),  # the log's JSON form, not encoded again
        "undone": list(outcome.undone),
        "replayed": outcome.replayed,
    }


def outcome_body(outcome: Outcome) -> bytes:
    """The answer's bytes, written as FastAPI's ``JSONResponse`` writes a dict, so that the
    lean path (:mod:`.fast_commands`) and this router answer byte for byte alike."""
    return json.dumps(
        outcome_dict(outcome), ensure_ascii=False, allow_nan=False, separators=(",", ":")
    ).encode()


def outcome_response(outcome: Outcome) -> Response:
    """The JSON answer with its ``ETag`` (the version), encoded once."""
    etag = {"ETag": f'"{outcome.version}"'}
    return Response(outcome_body(outcome), media_type="application/json", headers=etag)


def command_table(command: object) -> int | None:
    """The table a command acts on, for a dealer's scope: a ``table`` field, or its result's."""
    for holder in (command, getattr(command, "result", None)):
        table = getattr(holder, "table", None)
        if isinstance(table, int):
            return table
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    """A command the caller may send, read from its request (what the service is given)."""

    command: object
    expected: int | None
    actor: str


def check_command(
    grant: Grant, name: str, payload: object, *, if_match: str | None, query_version: int | None
) -> Checked:
    """Build command ``name`` from ``payload`` and check the caller's scope: unknown command
    (404), the command's roles and a dealer's table (403), the body's bounds
    (:mod:`~floorman.service.api.bounds`), the body and ``If-Match`` (422)."""
    if name not in COMMANDS:
        raise NotFound(f"command {name}")
    authorize_command(grant, name)
    check_payload(payload)
    command = command_from_dict(name, signed_by_role(grant, name, payload))
    authorize_table(grant, command_table(command))
    expected = expected_version(if_match, query_version)
    return Checked(command=command, expected=expected, actor=actor(grant))


def run_command(
    ctx: ApiContext,
    grant: Grant,
    tournament_id: str,
    name: str,
    payload: object,
    *,
    if_match: str | None,
    query_version: int | None,
    key: str | None,
) -> Outcome:
    """:func:`check_command`, then run it (the subscribers are told by the service's
    listener) and deal at online tables that may start a hand."""
    checked = check_command(grant, name, payload, if_match=if_match, query_version=query_version)
    refuse_at_server_dealt(ctx, tournament_id, name)
    outcome = ctx.service.execute(
        tournament_id,
        checked.command,
        expected_version=checked.expected,
        idempotency_key=key,
        actor=checked.actor,
    )
    if ctx.online is not None:
        ctx.online.top_up(tournament_id)
    return outcome


def execute(
    request: Request,
    grant: Grant,
    tournament_id: str,
    name: str,
    payload: object,
    *,
    if_match: str | None,
    query_version: int | None,
    key: str | None,
) -> Response:
    """:func:`run_command` for a FastAPI route, answered with the outcome and its ETag."""
    ctx = context(request)
    outcome = run_command(
        ctx,
        grant,
        tournament_id,
        name,
        payload,
        if_match=if_match,
        query_version=query_version,
        key=key,
    )
    return outcome_response(outcome)


def actor(grant: Grant) -> str:
    scope = grant.entry or (f"table {grant.table}" if grant.table is not None else "")
    return " ".join(part for part in (grant.role.value, scope, grant.label) if part)[:200]


@router.get("/tournaments/{tournament_id}/commands", name="list_commands")
def list_commands(
    tournament_id: str, grant: Annotated[Grant, Depends(guard("list_commands"))]
) -> dict[str, Any]:
    """Every command of the registry, its fields and the roles that may send it."""
    return {
        name: {
            "fields": {f.name: str(f.type) for f in dataclasses.fields(spec.type)},
            "roles": sorted(command_roles(name)),
            "doc": (spec.type.__doc__ or "").strip(),
        }
        for name, spec in sorted(COMMANDS.items())
    }


@router.post(
    "/tournaments/{tournament_id}/commands/{name}",
    name="execute_command",
    response_model=dict[str, Any],
)
def execute_command(
    request: Request,
    tournament_id: str,
    name: str,
    grant: Annotated[Grant, Depends(guard("execute_command"))],
    payload: Annotated[dict[str, Any] | None, Body()] = None,
    if_match: IfMatch = None,
    expected: ExpectedVersion = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Any registered command, its fields as a JSON object."""
    return execute(
        request,
        grant,
        tournament_id,
        name,
        authored(grant, payload) if name == "record-hand" else payload,
        if_match=if_match,
        query_version=expected,
        key=idempotency_key,
    )


class RegisterBody(BaseModel):
    player: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=100)


class AddTimeBody(BaseModel):
    seconds: float = Field(ge=-MAX_SECONDS, le=MAX_SECONDS)


class PenaltyBody(BaseModel):
    offence: str = Field(min_length=1, max_length=64, description="A key of the catalogue.")
    by_role: str = Field(default="director", max_length=32, description="Who gives it.")
    step: str | None = Field(default=None, max_length=64, description="A step of the scale.")


class ConsentBody(BaseModel):
    agree: bool = True


class DealBody(BaseModel):
    method: DealMethod = Field(description="How the amounts are computed.")
    keep_for_winner: int = Field(default=0, ge=0, le=MAX_CHIPS)
    amounts: list[Annotated[int, Field(ge=0, le=MAX_CHIPS)]] | None = Field(
        default=None, max_length=100
    )


class UndoBody(BaseModel):
    count: int = Field(default=1, ge=1, le=1_000)
    reason: str = Field(default="", max_length=200)


def _friendly(
    route: str, command: str, body: type[BaseModel] | None, *, entry: bool
) -> Callable[..., Any]:
    """The endpoint of a friendly route: command ``command`` with ``body``'s fields (and the
    ``{entry}`` of the path). Its signature is built here so that FastAPI documents the body
    and guards it by ``route``."""

    def endpoint(**values: Any) -> Response:
        given = values.get("body")
        payload = {} if given is None else given.model_dump(mode="json")
        if entry:
            payload["entry"] = values["entry"]
        return execute(
            values["request"],
            values["grant"],
            values["tournament_id"],
            command,
            payload,
            if_match=values["if_match"],
            query_version=None,
            key=values["idempotency_key"],
        )

    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [
        inspect.Parameter("request", keyword, annotation=Request),
        inspect.Parameter("tournament_id", keyword, annotation=str),
        *([inspect.Parameter("entry", keyword, annotation=str)] if entry else []),
        inspect.Parameter("grant", keyword, annotation=Annotated[Grant, Depends(guard(route))]),
        *([inspect.Parameter("body", keyword, annotation=body)] if body is not None else []),
        inspect.Parameter("if_match", keyword, annotation=IfMatch, default=None),
        inspect.Parameter("idempotency_key", keyword, annotation=IdempotencyKey, default=None),
    ]
    endpoint.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return endpoint


FRIENDLY = (
    ("register", "/entries", "register", RegisterBody,
     "A buy-in: before the start it waits for the seat draw; after it, a late entry is seated "
     "by draw (TDA R8-A)."),
    ("start", "/start", "start", None, "Seat draw, buttons, payouts, the clock running (R7)."),
    ("pause_clock", "/clock/pause", "pause", None, "Stop the level clock."),
    ("resume_clock", "/clock/resume", "resume", None, "Run the level clock again."),
    ("add_time", "/clock/add-time", "add-time", AddTimeBody,
     "More (negative: less) time for the level or break in progress."),
    ("rebuy", "/entries/{entry}/rebuy", "rebuy", None,
     "A rebuy between hands, within the rebuy period and under the stack limit."),
    ("add_on", "/entries/{entry}/add-on", "add-on", None, "The add-on."),
    ("mark_absent", "/entries/{entry}/absent", "mark-absent", None,
     "He is away: dealt in and blinded, his hand killed (TDA R30)."),
    ("mark_present", "/entries/{entry}/present", "mark-present", None, "He is back."),
    ("give_penalty", "/entries/{entry}/penalties", "penalty", PenaltyBody,
     "A penalty from the profile's catalogue: the scale's next step, or the step named."),
    ("consent", "/entries/{entry}/consent", "consent", ConsentBody,
     "A player's answer to the deal on the table."),
    ("propose_deal", "/deals", "propose-deal", DealBody,
     "A chip-chop, ICM, hybrid or custom deal among the players left."),
    ("race_chips", "/chip-race", "race-chips", None,
     "The chip race of the denominations the break colours up (TDA R24)."),
)  # fmt: skip
"""Route name, path under the tournament, command, body, description."""

for _route, _path, _command, _body, _doc in FRIENDLY:
    router.add_api_route(
        f"/tournaments/{{tournament_id}}{_path}",
        _friendly(_route, _command, _body, entry="{entry}" in _path),
        methods=["POST"],
        response_model=dict[str, Any],
        name=_route,
        description=_doc,
        summary=_route.replace("_", " ").capitalize(),
    )


@router.post(
    "/tournaments/{tournament_id}/tables/{table}/hands",
    name="record_hand",
    response_model=dict[str, Any],
)
def record_hand(
    request: Request,
    tournament_id: str,
    table: int,
    result: Annotated[dict[str, Any], Body(description="A HandResult as the codec writes it.")],
    grant: Annotated[Grant, Depends(guard("record_hand"))],
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A hand dealt at a live table, summed up: stacks before and after, positions, who
    eliminated whom. Eliminations, places, balancing and breaking follow from it."""
    if result.get("table", table) != table:
        raise MalformedInputError("the result is for another table", constraint="table")
    return execute(
        request,
        grant,
        tournament_id,
        "record-hand",
        authored(grant, {"result": {**result, "table": table}}),
        if_match=if_match,
        query_version=None,
        key=idempotency_key,
    )


@router.post(
    "/tournaments/{tournament_id}/tables/{table}/hands/start",
    name="start_hand",
    response_model=dict[str, Any],
)
def start_hand(
    request: Request,
    tournament_id: str,
    table: int,
    grant: Annotated[Grant, Depends(guard("start_hand"))],
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The tablet's "new hand": the hand is started (``start-hand``) and its setup answered,
    as ``GET .../setup`` gives it. The tournament then knows the table is mid-hand until its
    result is recorded; after a misdeal the setup is the exact re-deal (R35-C). ``setup`` is
    ``null`` while the table waits for the others; asked again during the hand, the answer is
    the hand in progress and nothing is recorded."""
    ctx = context(request)
    with reading(ctx, tournament_id) as loaded:
        state = loaded.tournament.state
        if table not in state.tables:
            raise NotFound(f"table {table}")
        at = moment(ctx.clock(), loaded.tournament)
        setup = loaded.tournament.hand_setup(table, at=at)
        dealing = table not in state.play.in_hand or table in state.redeal
        version = loaded.version
    if setup is not None and dealing:
        payload = {"table": table}
        outcome = run_command(
            ctx, grant, tournament_id, "start-hand", payload,
            if_match=None, query_version=None, key=idempotency_key,
        )  # fmt: skip
        version = outcome.version
        with reading(ctx, tournament_id) as loaded:
            setup = loaded.tournament.hand_setup(table, at=at)
    return {"version": version, "setup": None if setup is None else encode_dataclass(setup)}


@router.post("/tournaments/{tournament_id}/undo", name="undo", response_model=dict[str, Any])
def undo(
    request: Request,
    tournament_id: str,
    body: UndoBody,
    grant: Annotated[Grant, Depends(guard("undo"))],
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Undo the last ``count`` commands in force; the undo is itself recorded."""
    ctx = context(request)
    with reading(ctx, tournament_id):
        pass  # 404 for an unknown tournament before anything else
    outcome = ctx.service.undo(
        tournament_id,
        body.count,
        actor=actor(grant),
        reason=body.reason,
        expected_version=expected_version(if_match, None),
        idempotency_key=idempotency_key,
    )
    return outcome_response(outcome)


@router.get("/tournaments/{tournament_id}/undo", name="undo_preview")
def undo_preview(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("undo_preview"))],
) -> dict[str, Any]:
    """What Undo would undo now, so the console can name it before the director confirms:
    ``{command, fields, at, actor}`` of the last command in force, or ``command: null``."""
    ctx = context(request)
    with reading(ctx, tournament_id):
        pass  # 404 for an unknown tournament
    try:
        (last,) = last_in_force(ctx.service.store, tournament_id, 1)
    except MalformedInputError:
        return {"command": None}
    entry = last.entry
    return {"command": entry.name, "fields": entry.payload, "at": entry.at, "actor": entry.actor}
