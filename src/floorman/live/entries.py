"""An entry a helper decides for a live hand's history: a live event and the engine step it
carries.

The modules around :class:`~floorman.live.live_hand.LiveHand` (the action clock, the director's
overrides, the history replay) decide what is to be recorded and return it as an
:class:`Entry`; the live hand applies it (:meth:`~floorman.live.live_hand.LiveHand.enter`):
the engine step first, then the live event with the count of engine events it caused
(``effects``), then those events, then whatever follows by itself. Only the live hand writes
its history, so what a helper decided is always recorded the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.actions import Action
from floorman.engine.events import Event
from floorman.errors import MalformedInputError
from floorman.live.live_events import (
    ClockCalled,
    ClockExpired,
    DirectorOverridden,
    OutOfTurnOverridden,
    RulingPending,
)

EntryEvent = ClockCalled | ClockExpired | DirectorOverridden | OutOfTurnOverridden | RulingPending
"""The live events a helper may decide. Those that carry engine events have an ``effects``
count, which the live hand fills in."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """A live event to record, with its engine step: ``effects`` recorded as they are, then
    ``action`` played by ``seat``, or the engine's own clock expiry (``expire_clock``). A
    :class:`RulingPending` without an id gets the next one."""

    event: EntryEvent
    effects: tuple[Event, ...] = ()
    action: Action | None = None
    seat: int | None = None
    expire_clock: bool = False

    def __post_init__(self) -> None:
        """One engine step at most, so that a refused step leaves the hand as it was."""
        steps = bool(self.effects) + (self.action is not None) + self.expire_clock
        if steps > 1:
            raise MalformedInputError(
                "an entry carries one engine step at most", constraint="entry-step"
            )
