"""A live table's hand as PHH: the engine's actions, with the irregularities and the
director's rulings as commentary (``# ...``) where they happened.

The live layer keeps its events in its own history and says each in words
(:func:`floorman.live.notes.describe`); placing them in the PHH action list is the writer's
business: a live event goes before the engine event it preceded, counting the engine events a
ruling withdrew (board cards back to the stub) as never played.
"""

from __future__ import annotations

from collections.abc import Iterable

from floorman.io.phh import PhhHand
from floorman.io.phh_export import export_hand
from floorman.live.live_events import LiveEvent, RulingMade, RulingOverridden
from floorman.live.live_hand import HistoryEvent, LiveHand
from floorman.live.notes import describe


def export_live_hand(live: LiveHand) -> PhhHand:
    """The hand as PHH; every live event is a comment before the engine action it preceded."""
    return export_hand(live.hand, comments=live_comments(live.history, len(live.hand.events)))


def live_comments(history: Iterable[HistoryEvent], engine_events: int) -> dict[int, list[str]]:
    """The live events of ``history`` as PHH commentary, by the index of the engine event they
    precede (at most ``engine_events``, the hand's count: the end of the hand)."""
    comments: dict[int, list[str]] = {}
    index = 0
    for event in history:
        if isinstance(event, RulingMade | RulingOverridden):
            index -= event.withdrawn
        if isinstance(event, LiveEvent):
            comments.setdefault(min(index, engine_events), []).append(describe(event))
        else:
            index += 1
    return comments
