"""Issuing tokens, the links each role opens, and the QR code of a player's join link."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import quote

import qrcode

from floorman.service.api.context import ApiContext, scope_text
from floorman.service.api.roles import Grant, Role, new_token, token_hash

DEFAULT_LIFETIME = 14 * 86_400
"""How long a token works unless its issuer says otherwise: a festival's fortnight. A token
is a bearer secret; one that never ends is one that leaks for ever."""
MAX_LIFETIME = 90 * 86_400
"""The longest lifetime a director may give a token (a league season's quarter)."""


def issue_token(ctx: ApiContext, grant: Grant, *, lifetime: int | None = None) -> dict[str, Any]:
    """A new token for ``grant``, stored by its hash, working for ``lifetime`` seconds
    (default :data:`DEFAULT_LIFETIME`); the answer is the only place the token itself ever
    appears."""
    token = new_token(grant.role)
    now = ctx.clock()
    expires_at = now + (DEFAULT_LIFETIME if lifetime is None else lifetime)
    record = ctx.service.store.tokens.create(
        token_hash=token_hash(token),
        tournament_id=grant.tournament,
        role=grant.role.value,
        scope=scope_text(grant),
        label=grant.label,
        created_at=now,
        expires_at=expires_at,
    )
    answer: dict[str, Any] = {
        "id": record.id,
        "token": token,
        "role": grant.role.value,
        **grant.scope,
        "label": grant.label,
        "expires_at": expires_at,
        "links": links(ctx, grant, token),
    }
    if grant.role is Role.PLAYER:
        answer["code"] = token
        answer["join_url"] = f"{ctx.base_url}/join/{token}"
        answer["qr_url"] = f"{ctx.base_url}/join/{token}/qr.png"
    return answer


PAGES = {
    Role.DIRECTOR: "director",
    Role.FLOOR: "director",
    Role.DEALER: "dealer",
    Role.PLAYER: "player",
    Role.DISPLAY: "clock",
}
"""The web page each role opens."""


def links(ctx: ApiContext, grant: Grant, token: str) -> dict[str, str]:
    """The page, view and feed a holder of ``grant`` opens first. Only the page's link holds
    the token (a page is opened from a link or a QR code, and its script moves the token out
    of the address at once); the view is read with ``Authorization: Bearer`` and the feed
    takes the token as its first message."""
    http = ctx.base_url
    ws = "ws" + http.removeprefix("http")
    tid = grant.tournament
    if tid is None:
        return {
            "tournaments": f"{http}/tournaments",
            "docs": f"{http}/docs",
            "page": f"{http}/director?token={quote(token, safe='')}",
        }
    page = f"{http}/{PAGES[grant.role]}?t={quote(tid, safe='')}&token={quote(token, safe='')}"
    feed = {
        Role.DIRECTOR: f"{ws}/ws/director/{tid}",
        Role.FLOOR: f"{ws}/ws/director/{tid}",
        Role.DEALER: f"{ws}/ws/table/{tid}/{grant.table}",
        Role.PLAYER: f"{ws}/ws/player/{tid}",
        Role.DISPLAY: f"{ws}/ws/public/{tid}",
    }[grant.role]
    return {"page": page, "view": f"{http}/tournaments/{tid}/views/me", "feed": feed}


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` as a PNG image."""
    image = qrcode.make(text)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()
