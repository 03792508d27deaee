"""The lean command path: the hot command routes answered by a small ASGI layer in front of
FastAPI, with FastAPI's answers.

Through FastAPI a command cost the server about three times what the service spends on it
(dependency solving, route matching, two thread-pool hops: ``docs/dev/service-perf-requests.md``),
which capped the API near 1,000 commands a second on one core. This layer serves
``POST /tournaments/{id}/commands/{name}``, the friendly command routes
(:data:`~floorman.service.api.routes_commands.FRIENDLY`) and ``.../tables/{table}/hands``
with one thread-pool hop, sharing with the routes everything that decides the answer: the
scope check (:func:`~floorman.service.api.context.admit`), the command's checks and run
(:func:`~floorman.service.api.routes_commands.run_command`), the refusal mapping
(:func:`~floorman.service.api.errors.refusal_response`) and the answer's bytes
(:func:`~floorman.service.api.routes_commands.outcome_body`).

What it cannot answer exactly as FastAPI would, it hands on untouched (the body it read is
given again): a path or method it does not serve, a body that is not JSON or does not fit its
model (FastAPI's 422 shape and its order of checks), a query or header FastAPI would refuse.
Nothing is decided before that choice, so a request handed on has had no effect. FastAPI keeps
its routes: the OpenAPI schema still documents them, and the scope test walks them through
this layer.
"""

from __future__ import annotations

import asyncio
import functools
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import parse_qsl

from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from floorman.errors import MalformedInputError
from floorman.service.api.authorship import authored, refuse_at_server_dealt
from floorman.service.api.context import ApiContext, admit, grant_of, target_for
from floorman.service.api.edge import replay_body
from floorman.service.api.errors import refusal_response
from floorman.service.api.roles import Target
from floorman.service.api.routes_commands import (
    FRIENDLY,
    Checked,
    check_command,
    outcome_body,
)
from floorman.service.core import RETRIES, Begun, Outcome, StaleVersion

KEY_LENGTH = 200
"""The longest ``Idempotency-Key`` the routes accept (longer: FastAPI's 422)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hot:
    """One served route: its scope-table name, its command (``None``: named by the path),
    its body model, and what the path's second part after the tournament is."""

    route: str
    command: str | None
    body: type[BaseModel] | None = None
    param: str | None = None
    """``entry``, ``table`` or ``name``: the path part ``*`` in the route's key stands for."""


def _hot_routes() -> dict[tuple[str, ...], Hot]:
    """The served routes by their path after ``/tournaments/{id}/`` (``*``: a parameter)."""
    routes = {
        ("commands", "*"): Hot(route="execute_command", command=None, param="name"),
        ("tables", "*", "hands"): Hot(route="record_hand", command="record-hand", param="table"),
    }
    for route, path, command, body, _ in FRIENDLY:
        parts = tuple("*" if p == "{entry}" else p for p in path.strip("/").split("/"))
        routes[parts] = Hot(
            route=route, command=command, body=body, param="entry" if "*" in parts else None
        )
    return routes


HOT = _hot_routes()


class Delegate(Exception):
    """The request is FastAPI's to answer (it would refuse it in its own shape)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """A served request, read: nothing in it is left for FastAPI to validate."""

    hot: Hot
    tournament: str
    param: str | None
    token: str | None
    if_match: str | None
    key: str | None
    query: dict[str, str]
    body: object
    client: str | None = None
    """The address the request came from (failed tokens are limited by it)."""


def match(path: str) -> tuple[Hot, str, str | None] | None:
    """The served route of ``path``, its tournament and its parameter; ``None``: not served."""
    parts = path.split("/")
    if len(parts) < 4 or parts[0] or parts[1] != "tournaments" or not parts[2]:
        return None
    rest = tuple(parts[3:])
    hot = HOT.get(rest)
    if hot is not None:
        return hot, parts[2], None
    if len(rest) < 2:
        return None
    hot = HOT.get((rest[0], "*", *rest[2:]))
    if hot is None or not rest[1]:
        return None
    return hot, parts[2], rest[1]


def read_call(scope: Scope, hot: Hot, tournament: str, param: str | None, body: bytes) -> Call:
    """The request's parts as the routes read them; :class:`Delegate` where FastAPI would
    refuse what it reads (or where this layer is not sure it reads it the same way)."""
    headers = _headers(scope)
    query = dict(parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True))
    key = headers.get(b"idempotency-key")
    if key is not None and len(key) > KEY_LENGTH:
        raise Delegate
    if hot.param == "table" and not _digits(param):
        raise Delegate
    if "token" in query:  # refused by the routes (a token in a URL): their answer
        raise Delegate
    if hot.command is None and "expected" in query and not _digits(query["expected"]):
        raise Delegate
    return Call(
        hot=hot,
        tournament=tournament,
        param=param,
        token=_token(headers.get(b"authorization", "")),
        if_match=headers.get(b"if-match"),
        key=key,
        query=query,
        body=_body(hot, headers.get(b"content-type"), body),
        client=(scope.get("client") or (None,))[0],
    )


def _headers(scope: Scope) -> dict[bytes, str]:
    """The first value of each header (as Starlette's ``Headers.get`` gives it)."""
    found: dict[bytes, str] = {}
    for name, value in scope["headers"]:
        if name not in found:
            found[name] = value.decode("latin-1")
    return found


def _token(header: str) -> str | None:
    """:func:`~floorman.service.api.context.presented_token`, from the header read here."""
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def _digits(text: str | None) -> bool:
    return text is not None and text.isascii() and text.isdigit()


def _body(hot: Hot, content_type: str | None, body: bytes) -> object:
    """The body as the route's parameter holds it: ``None`` for a route without one."""
    if hot.command is not None and hot.route != "record_hand" and hot.body is None:
        return None  # a friendly route without a body: FastAPI does not read it
    if not body:
        if hot.command is None:
            return None  # the generic route's body is optional
        raise Delegate  # a required body is missing
    if content_type is not None and not _json_type(content_type):
        raise Delegate
    try:
        data = json.loads(body)
    except ValueError:
        raise Delegate from None
    if hot.body is not None:
        try:
            return hot.body.model_validate(data)
        except ValidationError:
            raise Delegate from None
    if data is None and hot.command is None:
        return None
    if not isinstance(data, dict):
        raise Delegate
    return data


def _json_type(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (
        kind.startswith("application/") and kind.endswith("+json")
    )


def decide(ctx: ApiContext, call: Call) -> Checked:
    """The route's checks (in a worker thread: a player's table is read under locks): the
    caller's scope, then the command's own checks."""
    hot = call.hot
    grant = grant_of(ctx, call.token, call.client)
    table = call.param if hot.param == "table" else None
    entry = (call.param if hot.param == "entry" else None) or call.query.get("entry")
    target = Target() if grant is None else target_for(ctx, grant, call.tournament, table, entry)
    grant = admit(ctx, hot.route, grant, target)
    name, payload, query_version = _command(call)
    if name == "record-hand":
        payload = authored(grant, payload)
    checked = check_command(
        grant, name, payload, if_match=call.if_match, query_version=query_version
    )
    refuse_at_server_dealt(ctx, call.tournament, name)
    return checked


def _begin(ctx: ApiContext, call: Call, checked: Checked | None) -> tuple[Checked, Outcome | Begun]:
    """One attempt's first half in a worker thread (the checks too on the first): the
    command decided and its append submitted, not waited for."""
    checked = checked or decide(ctx, call)
    begun = ctx.service.begin(
        call.tournament,
        checked.command,
        expected_version=checked.expected,
        idempotency_key=call.key,
        actor=checked.actor,
    )
    return checked, begun


async def run(ctx: ApiContext, call: Call) -> Outcome:
    """``run_command`` for the event loop: the same checks and attempts as
    ``TournamentService.execute``, but the commit is awaited, not waited for in a thread
    (a thread per command blocked on the disk, each woken alone, cost more than the
    command), and a quick finish is made here."""
    loop = asyncio.get_running_loop()
    service, checked = ctx.service, None
    for _ in range(RETRIES):
        checked, begun = await loop.run_in_executor(_workers(), _begin, ctx, call, checked)
        if isinstance(begun, Outcome):
            return await _topped_up(ctx, call.tournament, begun)
        await asyncio.wait((asyncio.wrap_future(begun.future),))
        try:
            if begun.quick:
                outcome = service.finish(call.tournament, begun)
            else:
                outcome = await loop.run_in_executor(
                    _workers(), service.finish, call.tournament, begun
                )
        except StaleVersion:
            if checked is not None and checked.expected is not None:
                raise
            continue
        return await _topped_up(ctx, call.tournament, outcome)
    raise await loop.run_in_executor(_workers(), service.gave_up, call.tournament)


async def _topped_up(ctx: ApiContext, tournament: str, outcome: Outcome) -> Outcome:
    """Deal at the online tables that may start a hand now (``run_command`` does)."""
    online = ctx.online
    if online is not None and online.is_online(tournament):
        await asyncio.get_running_loop().run_in_executor(_workers(), online.top_up, tournament)
    return outcome


def _command(call: Call) -> tuple[str, object, int | None]:
    """The command's name, its payload and the query's expected version, as each route
    builds them."""
    hot = call.hot
    if hot.command is None:
        return call.param or "", call.body, _query_version(call.query)
    if hot.route == "record_hand":
        assert isinstance(call.body, dict)
        assert call.param is not None
        table = int(call.param)
        if call.body.get("table", table) != table:
            raise MalformedInputError("the result is for another table", constraint="table")
        return hot.command, {"result": {**call.body, "table": table}}, None
    payload = {} if not isinstance(call.body, BaseModel) else call.body.model_dump(mode="json")
    if hot.param == "entry":
        payload["entry"] = call.param
    return hot.command, payload, None


def _query_version(query: dict[str, str]) -> int | None:
    text = query.get("expected")
    return None if text is None else int(text)


class LeanCommands:
    """The ASGI layer: the served routes answered here, everything else by ``app``."""

    def __init__(self, app: ASGIApp, ctx: ApiContext) -> None:
        self.app = app
        self.ctx = ctx

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = None
        if scope["type"] == "http" and scope["method"] == "POST":
            found = match(scope["path"])
        if found is None:
            await self.app(scope, receive, send)
            return
        body = await _read_body(receive)
        try:
            call = read_call(scope, *found, body)
        except Delegate:
            await self.app(scope, replay_body(body, receive), send)
            return
        try:
            outcome = await run(self.ctx, call)
        except Exception as error:
            refusal = refusal_response(error)
            if refusal is None:
                raise
            await refusal(scope, receive, send)
            return
        answer = outcome_body(outcome)
        head = _head(outcome.version, answer)
        await send({"type": "http.response.start", "status": 200, "headers": head})
        await send({"type": "http.response.body", "body": answer})


def _head(version: int, answer: bytes) -> list[tuple[bytes, bytes]]:
    """The headers ``outcome_response`` gives, in its order (without building a
    ``Response``: a tenth of this layer's time)."""
    return [
        (b"etag", b'"%d"' % version),
        (b"content-length", b"%d" % len(answer)),
        (b"content-type", b"application/json"),
    ]


WORKERS = 4
"""Threads deciding commands. None waits for a commit (the loop awaits it), so a few are
enough: more only contend for the GIL with the event loop and the committer, and each
hand-over of the GIL costs more when the process shares its cores (measured with two
processes on two cores: 8 threads took about a fifth more CPU per posted hand than 4, and
served a fifth fewer). More than one, so a command whose tournament must first be read
from the log (a cache miss: a wait on the database) does not hold up the others."""


@functools.cache
def _workers() -> ThreadPoolExecutor:
    """The process's command threads (``loop.run_in_executor`` on them costs a third of a
    hop through anyio's thread pool, which also caps it at 40 threads)."""
    return ThreadPoolExecutor(WORKERS, thread_name_prefix="floorman-command")


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)
