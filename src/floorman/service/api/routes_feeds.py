"""The WebSocket feeds: ``/ws/public/{id}``, ``/ws/director/{id}``, ``/ws/table/{id}/{table}``,
``/ws/player/{id}`` (see :mod:`floorman.service.api.feeds` for the messages).

The token comes as the first message ``{"token": "..."}`` within :data:`TOKEN_WAIT` seconds (a
browser cannot set a WebSocket's headers), or in an ``Authorization: Bearer`` header from other
clients; never in the URL (refused: URLs are logged). A browser's socket must come from a
page of this server: an ``Origin`` naming another host is refused (4403) before anything is
read. Staff may watch any player's feed with ``?entry=e7``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect, WebSocketState

from floorman.errors import FloormanError
from floorman.service.api.broadcast import Broadcasts, Ending, Member
from floorman.service.api.context import check, context, presented_token
from floorman.service.api.errors import NotFound, error_body, status_of
from floorman.service.api.guessing import TooManyAttempts
from floorman.service.api.roles import AccessDenied, Grant
from floorman.service.api.viewing import Audience, ViewKey

router = APIRouter()

TOKEN_WAIT = 10.0
CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 409: 4409, 429: 4429}


@router.websocket("/ws/public/{tournament_id}", name="feed_public")
async def feed_public(websocket: WebSocket, tournament_id: str) -> None:
    await serve(websocket, Audience.PUBLIC, "feed_public", tournament_id)


@router.websocket("/ws/director/{tournament_id}", name="feed_director")
async def feed_director(websocket: WebSocket, tournament_id: str) -> None:
    await serve(websocket, Audience.DIRECTOR, "feed_director", tournament_id)


@router.websocket("/ws/table/{tournament_id}/{table}", name="feed_table")
async def feed_table(websocket: WebSocket, tournament_id: str, table: int) -> None:
    await serve(websocket, Audience.TABLE, "feed_table", tournament_id, table=table)


@router.websocket("/ws/player/{tournament_id}", name="feed_player")
async def feed_player(websocket: WebSocket, tournament_id: str) -> None:
    await serve(websocket, Audience.PLAYER, "feed_player", tournament_id)


async def serve(
    websocket: WebSocket,
    audience: Audience,
    route: str,
    tournament_id: str,
    *,
    table: int | None = None,
) -> None:
    """Admit the subscriber, send the view, then a new one after every change."""
    await websocket.accept()
    try:
        check_origin(websocket)
        grant = await _admit(websocket, route)
        entry = websocket.query_params.get("entry") or grant.entry
        key = ViewKey(tournament=tournament_id, audience=audience, table=table, entry=entry)
        await _broadcast(websocket, key, grant)
    except (AccessDenied, NotFound, FloormanError, TooManyAttempts) as refusal:
        await _refuse(websocket, refusal)
    except WebSocketDisconnect:
        return


async def _broadcast(websocket: WebSocket, key: ViewKey, grant: Grant) -> None:
    """Join the view's broadcast (it follows the tournament from now), send the first view,
    then leave it to the broadcast until the client leaves, the view is refused or the
    token ends."""
    ctx = context(websocket)
    broadcasts: Broadcasts = websocket.app.state.broadcasts
    ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
    with (
        broadcasts.joined(ctx, key) as broadcast,
        ctx.feeds.holding(grant, lambda denial: _end(ended, denial)),
    ):
        seen = ctx.publisher.sequence(key.tournament)
        taken = await websocket.app.state.fanout.view(ctx, key)
        member = Member(websocket.send_text, seen, ended)
        listening = asyncio.ensure_future(_drain(websocket, lambda: _end(ended)))
        try:
            await websocket.send_text(taken.message())
            broadcast.add(member)
            ending = await ended
        except (WebSocketDisconnect, RuntimeError, OSError):
            ending = None  # the client left before its first view
        finally:
            broadcast.remove(member)
            listening.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await listening
    if ending is not None:
        raise ending


async def _admit(websocket: WebSocket, route: str) -> Grant:
    token = presented_token(websocket)
    if token is None:
        token = await _first_message_token(websocket)
    return await run_in_threadpool(check, websocket, route, token)


def check_origin(websocket: WebSocket) -> None:
    """Refuse a browser's socket opened by a page of another site (cross-site WebSocket
    hijacking): its ``Origin`` must name this server's host (as the client reached it, or the
    server's public base URL). A client without an ``Origin`` (not a browser) is let through:
    its token is its only credential, as on HTTP."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return
    host = urlsplit(origin).netloc.lower()
    own = {websocket.headers.get("host", "").lower(), urlsplit(context(websocket).base_url).netloc}
    if not host or host not in own:
        raise AccessDenied(403, f"a feed of this server cannot be opened from {origin}")


async def _first_message_token(websocket: WebSocket) -> str:
    try:
        text = await asyncio.wait_for(websocket.receive_text(), TOKEN_WAIT)
        token = json.loads(text).get("token")
    except (TimeoutError, ValueError, AttributeError, RecursionError):  # deep JSON too
        token = None
    if not isinstance(token, str) or not token:
        raise AccessDenied(401, 'send the token: ?token=... or a first message {"token": ...}')
    return token


async def _drain(websocket: WebSocket, left: Callable[[], None]) -> None:
    """Read (and ignore) what the client sends until it leaves; then call ``left``."""
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    finally:
        left()


def _end(ended: asyncio.Future[Ending], ending: Ending = None) -> None:
    if not ended.done():
        ended.set_result(ending)


async def _refuse(websocket: WebSocket, refusal: Exception) -> None:
    if isinstance(refusal, AccessDenied):
        status, body = refusal.status, {"error": "forbidden", "message": refusal.reason}
    elif isinstance(refusal, TooManyAttempts):
        wait = f"{refusal.reason}: try again in {refusal.retry_after} s"
        status, body = 429, {"error": "too-many-attempts", "message": wait}
    elif isinstance(refusal, NotFound):
        status, body = 404, {"error": "not-found", "message": f"{refusal.what} not found"}
    else:
        assert isinstance(refusal, FloormanError)
        status, body = status_of(refusal), error_body(refusal)
    if websocket.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await websocket.send_json({"type": "error", "status": status, **body})
            await websocket.close(code=CLOSE_CODES.get(status, 4422))
