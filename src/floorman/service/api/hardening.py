"""What every answer carries against the browser's own risks, and the access log kept free of
secrets (issue 20, item 9).

**Headers.** Every HTTP answer says ``X-Content-Type-Options: nosniff`` (a download is never
run as a script), ``X-Frame-Options: DENY`` (no page of ours inside another site's frame, where
clicks could be stolen) and ``Referrer-Policy: no-referrer`` (a page opened with its token in
the address never sends that address to anyone). The pages and their static files add a
``Content-Security-Policy``: scripts, styles, images and sockets from this server only, no
plugins, no frames, no foreign form targets. The OpenAPI pages (``/docs``, ``/redoc``) load
their viewer from a CDN and keep FastAPI's answer as it is.

**Access log.** A page's link carries its token (``/clock?t=...&token=...``) and a join link
its code (``/join/K7M2...``); uvicorn's access log would write them. :class:`SecretScrub` on
the ``uvicorn.access`` logger replaces both with ``[hidden]`` before any handler sees them.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


def policy(script_hashes: tuple[str, ...] = ()) -> bytes:
    """The pages' Content-Security-Policy. Styles may be inline (the pages set element styles);
    scripts never are, but for the ones named by hash (``'sha256-...'``: the early loader
    every page's head carries). ``connect-src 'self'`` covers the page's own ``ws:``/``wss:``
    origin in current browsers."""
    scripts = " ".join(("'self'", *script_hashes))
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ).encode("ascii")


PAGE_PATHS = (
    "/clock",
    "/player",
    "/director",
    "/dealer",
    "/print",
    "/overlay",
    "/results",
    "/league",
    "/static/",
)
"""Where the policy is sent (and ``/`` itself)."""


def _is_page(path: str) -> bool:
    return path == "/" or any(path == p or path.startswith(p) for p in PAGE_PATHS)


class SecurityHeaders:
    """The ASGI layer adding :data:`HEADERS` (and the pages' :func:`policy`, allowing the
    inline scripts named by ``script_hashes``) to every HTTP answer, those of the lean command
    path too."""

    def __init__(self, app: ASGIApp, script_hashes: tuple[str, ...] = ()) -> None:
        self.app = app
        self.csp = policy(script_hashes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = (
            [*HEADERS, (b"content-security-policy", self.csp)]
            if _is_page(scope["path"])
            else HEADERS
        )

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, sending)


SECRETS = (
    (re.compile(r"(?i)([?&](?:token|code)=)[^&\s\"']*"), r"\1[hidden]"),
    (re.compile(r"(/join/)[^/?\s\"']+"), r"\1[hidden]"),
)


def scrub(text: str) -> str:
    """``text`` with every token and join code replaced by ``[hidden]``."""
    for pattern, replacement in SECRETS:
        text = pattern.sub(replacement, text)
    return text


class SecretScrub(logging.Filter):
    """Hides tokens and join codes in a log record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = scrub(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_scrubbed(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _scrubbed(v) for k, v in record.args.items()}
        return True


def _scrubbed(value: Any) -> Any:
    return scrub(value) if isinstance(value, str) else value


ACCESS_LOGGERS = ("uvicorn.access", "uvicorn.error")


def scrub_access_log() -> None:
    """Put :class:`SecretScrub` on uvicorn's loggers (once; again after uvicorn has
    configured its logging is harmless)."""
    for name in ACCESS_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, SecretScrub) for f in logger.filters):
            logger.addFilter(SecretScrub())
