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

from floorman.tournament import money
from floorman.tournament.discipline import catalogue_of
from floorman.tournament.events import ChipsRemoved, PlayerEliminated, TournamentEvent

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
    place = state.alive
    prize = money.place_shares(state, place, [entry])[0]
    forfeited = 0 if paid.value else prize
    assert state.clock is not None
    events.append(
        PlayerEliminated(
            entry=entry,
            place=place,
            tied=1,
            prize=prize - forfeited,
            by=(),
            level=state.clock.position(at).level_number or 0,
            table=player.table or 0,
            at=at,
            rule=paid.rule,
            reason=PENALTY,
            forfeited=forfeited,
        )
    )
    return events + money.bounty_for(state, entry, winners=())
