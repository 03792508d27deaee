"""``GET /api/version``: what this server is and what it offers, without a token.

A client (a tracker, a club's own tool, an older console) asks once and then knows which
export formats, games, rule profiles and integrations it may use, rather than finding out
by refusals. Every list is read from the code that serves it, so the answer cannot drift
from what the server does.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from floorman import __version__
from floorman.engine.games import GAMES
from floorman.records.export_api import HAND_FORMATS, PROTOCOL_FORMATS, RESULT_FORMATS
from floorman.records.ohh import SPEC_VERSION
from floorman.records.ots import SPEC_VERSION as OTS_VERSION
from floorman.records.summary_export import SUMMARY_FORMATS
from floorman.rules.profiles import PROFILES

API_VERSION = 1
"""Raised when a route changes in a way an existing client would notice."""

router = APIRouter(tags=["service"])


@router.get("/api/version", name="api_version")
def version() -> dict[str, Any]:
    """The server's version, the API's version, and its capabilities."""
    return {
        "name": "floorman",
        "version": __version__,
        "api": API_VERSION,
        "capabilities": {
            "exports": {
                "results": [str(f) for f in RESULT_FORMATS],
                "protocol": [str(f) for f in PROTOCOL_FORMATS],
                "hands": [str(f) for f in HAND_FORMATS],
                "summary": [str(f) for f in SUMMARY_FORMATS],
            },
            "ohh_spec": SPEC_VERSION,
            "ots_spec": OTS_VERSION,
            "games": sorted(GAMES),
            "profiles": sorted(PROFILES),
            "feeds": ["websocket"],
        },
    }
