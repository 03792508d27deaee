"""Every status code and content type a route answers, in the OpenAPI schema (issue 20).

FastAPI documents a route's success and its own 422; the refusals that come from elsewhere
(the scope check, the core's rulings, the edge's limits: :mod:`.errors`, :mod:`.edge`) and
the files the records routes answer would be missing, and a client generated from the schema
would not expect them. :func:`document` adds them to each route's ``responses`` once the app
is built, from what decides them: whether the route needs a token (:data:`roles.ACCESS`),
whether it changes something, and what it serves. A schemathesis run in the suite checks that
no route answers a code or a content type missing here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fastapi.routing import APIRoute

from floorman.service.api.edge import CHANGING, GUARDED
from floorman.service.api.roles import OPEN_ROUTES

REFUSAL: dict[str, Any] = {
    "type": "object",
    "properties": {
        "error": {"type": "string", "description": "What kind of refusal."},
        "message": {"type": "string"},
        "constraint": {"type": "string", "description": "The constraint the request broke."},
        "field": {"type": ["string", "null"], "description": "Where in the body."},
        "ruling": {"type": "object", "description": "The rule that forbids it (409)."},
    },
    "required": ["error", "message"],
}
"""The body of every refusal (:func:`~floorman.service.api.errors.refusal_response`)."""

REASONS = {
    204: "Done; nothing to answer.",
    303: "A browser is sent on to the page.",
    400: "The body cannot be parsed at all (bytes that are not UTF-8 text).",
    401: "No token, or an unknown, revoked or expired one.",
    403: "The token does not reach this request (its role, table or entry).",
    404: "The tournament, table, entry, token, command or code does not exist.",
    409: "The rules or the state refuse it now (a ruling, a stale version, a conflict).",
    413: "The body is larger than the limit (constraint body-size).",
    422: "The request cannot be read: a field, bound, nesting or constraint it names.",
    429: "Too many tries from this client: wait and try again.",
}

FILES = {
    "records_results": ("text/csv", "application/json", "text/html", "application/pdf"),
    "records_protocol": ("text/html", "application/pdf"),
    "records_hands": ("application/toml", "application/zip", "text/plain", "application/json"),
    "records_money": ("text/csv", "application/json"),
    "records_summary": ("application/json", "text/plain"),
    "join_qr": ("image/png",),
    "public_qr": ("image/png",),
    "clock_qr": ("image/png",),
    "table_phh": ("text/plain",),
}
"""Routes answering files: the content types of their success (by the format asked)."""

CONFLICTS = frozenset(
    {
        "records_results",
        "records_protocol",
        "records_hands",
        "online_hand",
        "hand_setup",
        "table_phh",
    }
)
"""Reading routes that may answer 409 (results not yet published, a protocol of an event
still running, a hand the state does not allow)."""

EMPTY = frozenset({"revoke_token"})
"""Routes whose success is an empty 204."""

RATE_LIMITED = frozenset({"join", "join_qr"})
REDIRECTING = frozenset({"join"})


def codes_of(route: APIRoute) -> set[int]:
    """The status codes ``route`` may answer besides its success."""
    codes = {422}
    guarded = route.name not in OPEN_ROUTES
    if guarded:
        codes |= {401, 403}
    if guarded or route.param_convertors:
        codes.add(404)
    if (route.methods or set()) & CHANGING:
        codes |= {400, 409, 413}
        if route.path.startswith(GUARDED):
            codes.add(401)
    if route.name in CONFLICTS:
        codes.add(409)
    if route.name in RATE_LIMITED:
        codes.add(429)
    if route.name in REDIRECTING:
        codes.add(303)
    if route.name in EMPTY:
        codes.add(204)
    return codes


def document(routes: Iterable[object]) -> None:
    """Add every refusal and content type each API route answers to its ``responses``."""
    for route in routes:
        if isinstance(route, APIRoute) and route.include_in_schema:
            _document(route)


def _document(route: APIRoute) -> None:
    for code in sorted(codes_of(route)):
        answer = route.responses.setdefault(code, {})
        answer.setdefault("description", REASONS[code])
        if code >= 400:
            answer.setdefault("content", {"application/json": {"schema": REFUSAL}})
    files = FILES.get(route.name)
    if files:
        success = route.responses.setdefault(route.status_code or 200, {})
        success.setdefault("description", "The file, in the format asked.")
        content = success.setdefault("content", {})
        for media in files:
            content.setdefault(media, {"schema": {"type": "string", "format": "binary"}})
