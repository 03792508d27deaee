"""The tournament info an Open Hand History export carries, read from the event's log.

Trackers file a hand under its tournament only when the hand says it is one: the name, the
buy-in and fee, the starting stack and the level length come from the tournament's creation,
the field size (one table or more) from its registrations.
"""

from __future__ import annotations

from collections.abc import Iterable

from floorman.records.ohh import OhhEvent
from floorman.tournament.events import PlayerRegistered, TournamentCreated


def ohh_event_of(events: Iterable[object], tournament: int = 1, currency: str = "") -> OhhEvent:
    """The tournament info of ``events``; ``currency`` names the buy-in's money (amounts in
    its smallest unit), none: an event for chips (``PPC``)."""
    log = tuple(events)
    created = next((e for e in log if isinstance(e, TournamentCreated)), None)
    if created is None:
        return OhhEvent(tournament=tournament)
    config = created.config
    entries = sum(isinstance(e, PlayerRegistered) for e in log)
    first = config.structure.levels[0] if config.structure.levels else None
    return OhhEvent(
        tournament=tournament,
        name=config.name,
        currency=currency or "PPC",
        buy_in=config.buy_in,
        fee=config.fee,
        initial_stack=config.structure.starting_stack,
        round_seconds=0 if first is None else first.minutes * 60,
        tables=-(-entries // config.seats_per_table),
    )
