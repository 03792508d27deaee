"""Every refusal as a 4xx with its reason, never a 500.

The core refuses with typed errors (DESIGN principle 4) and this module gives each its status
and a JSON body a client can act on without parsing text:

- :class:`~floorman.errors.IllegalActionError` (the rules forbid it now): **409** with
  ``{"error": "illegal-action", "ruling": {profile, rule, key, message, params}}``;
- :class:`~floorman.errors.MalformedInputError` (the request cannot be read): **422** with the
  ``constraint`` it broke (and the ``field``, when the codec knows it); FastAPI's own body
  validation answers in the same shape with ``constraint: "request"``;
- a stale ``expected_version`` (another console acted first): **409** with
  ``{"error": "stale-version", "current_version", "expected_version"}``;
- an unknown tournament, table, token or command: **404**;
- no token, or one that does not reach the request: **401** / **403** with the reason;
- too many unknown tokens from one address or over the server (:mod:`.guessing`): **429**
  with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from floorman.errors import FloormanError, IllegalActionError, MalformedInputError
from floorman.rules.ruling import Ruling
from floorman.service.api.guessing import TooManyAttempts
from floorman.service.api.roles import AccessDenied
from floorman.service.cluster.leases import LeaseLost
from floorman.service.store import StaleVersion, UnknownStream


class NotFound(Exception):
    """Something the request names does not exist: a tournament, a table, a token, a command."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Conflict(Exception):
    """A request that the current state of the service (not a rule) refuses: a stale version,
    a hand already in progress, no hand to act in."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


def ruling_dict(ruling: Ruling) -> dict[str, Any]:
    return {
        "profile": ruling.rule.profile,
        "rule": ruling.rule.rule,
        "key": ruling.key,
        "message": ruling.message,
        "params": dict(ruling.params),
    }


def illegal_body(error: IllegalActionError) -> dict[str, Any]:
    return {"error": "illegal-action", "message": str(error), "ruling": ruling_dict(error.ruling)}


def malformed_body(error: MalformedInputError) -> dict[str, Any]:
    return {
        "error": "malformed-input",
        "message": str(error),
        "constraint": error.constraint,
        "field": getattr(error, "field", None),
    }


def error_body(error: FloormanError) -> dict[str, Any]:
    """The body a refusal of the core gets, on HTTP and on a WebSocket alike."""
    if isinstance(error, StaleVersion):
        return {
            "error": "stale-version",
            "message": str(error),
            "current_version": error.current,
            "expected_version": error.expected,
        }
    if isinstance(error, UnknownStream):
        return {"error": "not-found", "message": str(error)}
    if isinstance(error, IllegalActionError):
        return illegal_body(error)
    if isinstance(error, MalformedInputError):
        return malformed_body(error)
    return {"error": "refused", "message": str(error)}


def status_of(error: FloormanError) -> int:
    if isinstance(error, UnknownStream):
        return 404
    if isinstance(error, IllegalActionError | StaleVersion | LeaseLost):
        return 409  # LeaseLost: another server process deals these tables now
    return 422


def refusal_response(error: Exception) -> JSONResponse | None:
    """The answer to a refusal of the core or of the API (``None``: not one of them); the
    app's handlers and the lean command path (:mod:`.fast_commands`) both answer with it."""
    if isinstance(error, FloormanError):
        return JSONResponse(error_body(error), status_code=status_of(error))
    if isinstance(error, AccessDenied):
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
        body = {"error": "unauthorized" if error.status == 401 else "forbidden"}
        return JSONResponse({**body, "message": error.reason}, error.status, headers=headers)
    if isinstance(error, NotFound):
        return JSONResponse({"error": "not-found", "message": f"{error.what} not found"}, 404)
    if isinstance(error, TooManyAttempts):
        body = {"error": "too-many-attempts", "message": error.reason}
        return JSONResponse(body, 429, headers={"Retry-After": str(error.retry_after)})
    if isinstance(error, Conflict):
        body = {"error": "conflict", "message": error.reason, **error.details}
        return JSONResponse(jsonable_encoder(body), 409)
    return None


def install(app: FastAPI) -> None:
    """Register the mapping on ``app``."""

    async def refused(_: Request, error: Exception) -> JSONResponse:
        response = refusal_response(error)
        assert response is not None
        return response

    async def invalid(_: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        kinds = {e.get("type") for e in error.errors()}
        body = {
            "error": "malformed-input",
            "message": "the request does not match the schema",
            # a field the schema does not hold is named as the codec names it
            "constraint": "field-unknown" if kinds == {"extra_forbidden"} else "request",
            "detail": [  # without the input echoed back: it may not even be valid JSON (NaN)
                {"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type")}
                for e in error.errors()
            ],
        }
        return JSONResponse(body, 422)

    async def http_error(_: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
        body = {"error": "http", "message": str(error.detail)}
        return JSONResponse(body, error.status_code, headers=error.headers)

    for refusal in (FloormanError, AccessDenied, NotFound, Conflict, TooManyAttempts):
        app.add_exception_handler(refusal, refused)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StarletteHTTPException, http_error)
