"""What ``floorman serve`` prints once it answers: a short list a director reads at a glance.

Only what a person opens: the director's console with its token, the big-screen clock, the
page that creates a new event (the console with the server's token) and how to stop. The API's
own links (views, WebSocket feeds, the OpenAPI page) are for programs and stay out of it; the
API hands them out with each token (``docs/service.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from floorman.service.api.demo import Demo


@dataclass(frozen=True, slots=True, kw_only=True)
class Startup:
    """The facts the list is made of."""

    base: str
    """The URL the room reaches the server at (:func:`floorman.service.lan.public_base_url`)."""
    server_token: str
    network: bool
    """Whether other devices can connect (``--host`` is not a loopback address)."""
    database: str
    """The event log's URL, its password hidden."""


def startup_text(startup: Startup, demo: Demo | None = None) -> str:
    """The start-up list: where the server is reached, then one line per page to open."""
    base = startup.base
    if startup.network:
        heading = f"floorman is running for every device on this network at {base}"
    else:
        heading = f"floorman is running for this machine only at {base}"
    rows: list[tuple[str, str]] = []
    if demo is not None:
        rows += [
            ("director's console", demo.console),
            ("big-screen clock", demo.clock),
        ]
    rows += [
        ("new event", f"{base}/director?token={quote(startup.server_token, safe='')}"),
        ("stop", "press Ctrl+C"),
    ]
    width = max(len(what) for what, _ in rows)
    lines = [heading, f"event log: {startup.database}"]
    lines += [f"  {what:<{width}}  {where}" for what, where in rows]
    return "\n".join(lines)
