"""Which moments of an event go out, and what each says: public facts only.

A webhook reaches whoever the director names, so it carries what the clock display shows
anyway: the event, places, prizes, tables. Never hole cards, hands, tokens, player ids or
anything a player's own view holds. Each outcome the service commits is read once; the kinds
a hook may choose are :data:`KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from floorman.service.core import Outcome
from floorman.tournament.events import (
    ClockStarted,
    FinalTableFormed,
    PlayerEliminated,
    TournamentFinished,
)

EVENT_STARTED = "event.started"
LEVEL_CHANGED = "level.changed"
FINAL_TABLE = "final_table.formed"
PLAYER_ELIMINATED = "player.eliminated"
EVENT_FINISHED = "event.finished"
RESULTS_PUBLISHED = "results.published"
KINDS = (
    EVENT_STARTED,
    LEVEL_CHANGED,
    FINAL_TABLE,
    PLAYER_ELIMINATED,
    EVENT_FINISHED,
    RESULTS_PUBLISHED,
)
"""``level.changed`` comes from the clock, not from a command: the sender reads each hooked
event's clock (:class:`~floorman.service.webhooks.sender.Webhooks`)."""

Stage = Callable[[str], dict[str, object] | None]
"""An event's level or break now (``None``: its clock has not started)."""

Names = Callable[[str], str]
"""An entry's public name (as the clock display shows it)."""


def moments(outcome: Outcome, name: Names) -> Iterator[tuple[str, dict[str, object]]]:
    """Each webhook kind ``outcome`` makes, with its data. The clock's first start is the
    event's start; the finish publishes the results at once (they are public from then)."""
    for event in outcome.events:
        if isinstance(event, ClockStarted):
            yield EVENT_STARTED, {"at": event.at}
        elif isinstance(event, FinalTableFormed):
            yield FINAL_TABLE, {"table": event.table, "seats": event.size}
        elif isinstance(event, PlayerEliminated):
            yield (
                PLAYER_ELIMINATED,
                {
                    "name": name(event.entry),
                    "place": event.place,
                    "tied": event.tied,
                    "prize": event.prize,
                    "by": [name(e) for e in event.by],
                    "level": event.level,
                    "reason": event.reason,
                },
            )
        elif isinstance(event, TournamentFinished):
            yield EVENT_FINISHED, {"winner": name(event.winner), "prize": event.prize}
            yield RESULTS_PUBLISHED, {"winner": name(event.winner)}
