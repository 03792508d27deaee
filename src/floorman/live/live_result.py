"""What a live hand answers to one command, and what its history holds.

Kept apart from :mod:`floorman.live.live_hand` so that the modules which decide for the live hand
(and those above it that drive one) name its answer without importing the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.events import Event
from floorman.live.director.rulings import PendingRuling
from floorman.live.live_events import LiveEvent, RulingPending
from floorman.rules.ruling import Ruling

HistoryEvent = Event | LiveEvent
"""One entry of a live hand's history: an engine event or a live one."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveResult:
    """The answer to one command: the ruling (if one was made) and the events recorded."""

    ruling: Ruling | None
    events: tuple[HistoryEvent, ...]
    pending: PendingRuling | None = None


def opened(events: tuple[HistoryEvent, ...]) -> PendingRuling | None:
    """The first point ``events`` leave to the director, if any."""
    return next((PendingRuling.of(e) for e in events if isinstance(e, RulingPending)), None)
