"""Elimination as a penalty: out of the event at the place of the moment, and paid for it.

PokerStars Live lists elimination among its penalties beside disqualification (6.9.1). Its
example (6.9.5.1): fifteen left, a hundred places paid, a player barred from the venue for
reasons outside the game has his chips removed and finishes fifteenth, level with anyone else
out at that moment (6.9.5). Unlike a disqualification, which forfeits winnings (6.9.1, 6.9.6),
the prize of his place is his where the catalogue says so (``serving.eliminated_paid``). His
bounty is won by nobody, as nobody knocked him out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.tournament.events import ChipsRemoved, TournamentEvent
from floorman.tournament.officials.disqualification import taken_out
from floorman.tournament.officials.penalty_catalogue import catalogue_of

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState

PENALTY = "penalty"
"""How he left, in ``PlayerEliminated.reason`` and his entry's ``finish``."""


def eliminate(state: TournamentState, entry: str, at: float) -> list[TournamentEvent]:
    """The events that take ``entry`` out as a penalty (he is alive: checked by the caller)."""
    paid = catalogue_of(state).serving.eliminated_paid
    assert paid is not None, "the catalogue gives elimination only with eliminated_paid"
    player = state.entries[entry]
    events: list[TournamentEvent] = []
    if player.stack:
        events.append(ChipsRemoved(entry=entry, chips=player.stack, reason=PENALTY, rule=paid.rule))
    return events + taken_out(
        state, entry, state.alive, at, rule=paid.rule, reason=PENALTY, paid=paid.value
    )
