"""The first thing every request meets: a request that changes something needs a token before
its body is read, a body has a size limit, and JSON a nesting limit (issue 20, item 4).

Without this layer an anonymous client could make the server read and parse a 64 MiB body
before answering 401 (a hundred megabytes of memory per request), and 50,000 nested arrays
crashed the JSON reader (a 500). So, before any route or the lean command path
(:mod:`~floorman.service.api.fast_commands`) sees a request:

- a ``POST``, ``PUT``, ``PATCH`` or ``DELETE`` under ``/tournaments`` or ``/web/`` (every
  such route needs a token) that presents none is answered 401 without a byte of its body
  read. Whether the token it presents is valid is the routes' check, in the same answer as
  ever; its body is read first, but never more than the limit;
- a body over :data:`MAX_BODY_BYTES` is answered 413 (constraint ``body-size``), from its
  ``Content-Length`` when it has one, else as soon as it has sent more;
- a body whose brackets nest deeper than :data:`MAX_DEPTH` is answered 422 (constraint
  ``nesting-depth``), whatever its content type: no reader parses it.

The body read here is handed on whole, so the layers behind read it as they did before.
"""

from __future__ import annotations

import re

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from floorman.errors import MalformedInputError
from floorman.service.api.errors import malformed_body, refusal_response
from floorman.service.api.roles import NO_TOKEN, AccessDenied

MAX_BODY_BYTES = 1 << 20
"""1 MiB: a tablet's award with 500 steps is some 30 KB, a structure of 100 levels 10 KB."""
MAX_DEPTH = 32
"""Nesting of JSON arrays and objects: the deepest command body (a hand result's rulings)
nests six."""
GUARDED = ("/tournaments", "/web/")
"""Paths whose changing routes all need a token."""
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


class TooLarge(Exception):
    """The body went over :data:`MAX_BODY_BYTES`."""


def nesting_depth(body: bytes, limit: int = MAX_DEPTH) -> int:
    """How deep the JSON ``body``'s arrays and objects nest, counted up to ``limit + 1``
    (brackets inside strings do not count; a body too short to pass ``limit`` is not
    scanned)."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return 0
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b"", body)):
        depth += 1 if bracket.group() in (b"[", b"{") else -1
        if depth > limit:
            return depth
    return 0


def has_token(scope: Scope) -> bool:
    """Whether the request presents a token at all (``Authorization: Bearer``, or the
    ``token`` query parameter), as :func:`~floorman.service.api.context.presented_token`
    reads one."""
    for name, value in scope["headers"]:
        if name == b"authorization" and value[:7].lower() == b"bearer " and value[7:].strip():
            return True
    query: bytes = scope.get("query_string", b"")
    return any(part.startswith(b"token=") and len(part) > 6 for part in query.split(b"&"))


class EdgeLimits:
    """The ASGI layer in front of everything (see the module's doc)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in CHANGING:
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith(GUARDED) and not has_token(scope):
            refusal = refusal_response(AccessDenied(401, NO_TOKEN))
            assert refusal is not None
            await refusal(scope, receive, send)
            return
        if _declared_length(scope) > MAX_BODY_BYTES:
            await _too_large(scope, receive, send)
            return
        try:
            body = await _read(receive)
        except TooLarge:
            await _too_large(scope, receive, send)
            return
        if nesting_depth(body) > MAX_DEPTH:
            message = f"the body nests deeper than {MAX_DEPTH} arrays or objects"
            error = MalformedInputError(message, constraint="nesting-depth")
            await JSONResponse(malformed_body(error), 422)(scope, receive, send)
            return
        await self.app(scope, replay_body(body, receive), send)


def _declared_length(scope: Scope) -> int:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else 0
    return 0


async def _read(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise TooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def replay_body(body: bytes, receive: Receive) -> Receive:
    """``receive`` giving the body already read, then what the client sends after it (for the
    app handed a request whose body was read first: here and on the lean command path)."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    message = f"the body is larger than {MAX_BODY_BYTES:,} bytes"
    body = {"error": "too-large", "message": message, "constraint": "body-size"}
    await JSONResponse(body, 413)(scope, receive, send)
