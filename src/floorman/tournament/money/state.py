"""The fold of the money's events: the payout table, bounties, places shifted by a
disqualification, and a deal proposed, consented, rejected or accepted.

Nothing here checks anything: every check was made when the event was decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import BountyPaid, PayoutsSet, PlacesShifted
from floorman.tournament.money.deal_events import (
    DealAccepted,
    DealConsented,
    DealProposed,
    DealRejected,
)

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


def _payouts(state: TournamentState, event: PayoutsSet) -> None:
    state.pool, state.prizes = event.pool, event.prizes


def _bounty(state: TournamentState, event: BountyPaid) -> None:
    entries = state.entries
    state.changing(event.eliminated).bounty = 0
    for entry, amount in event.shares:
        won = entries[entry].bounty_won + amount
        state.changing(entry).bounty_won = won
    for entry, amount in event.added:
        state.changing(entry).bounty += amount
    state.bounty_forfeited += event.forfeited


def _places_shifted(state: TournamentState, event: PlacesShifted) -> None:
    for entry, place, tied, prize in event.places:
        moved = state.changing(entry)
        moved.place, moved.tied, moved.prize = place, tied, prize
    state.forfeited += event.forfeited


def _deal_proposed(state: TournamentState, event: DealProposed) -> None:
    state.deal = event
    state.consents.clear()


def _deal_consented(state: TournamentState, event: DealConsented) -> None:
    state.consents.add(event.entry)


def _deal_rejected(state: TournamentState, event: DealRejected) -> None:
    state.deal = None
    state.consents.clear()


def _deal_accepted(state: TournamentState, event: DealAccepted) -> None:
    state.prizes = event.prizes
    for entry, amount in zip(event.players, event.amounts, strict=True):
        state.guaranteed[entry] = state.guaranteed.get(entry, 0) + amount
    state.deal = None
    state.consents.clear()


MONEY_FOLD: dict[type, Callable[[TournamentState, Any], None]] = {
    PayoutsSet: _payouts,
    BountyPaid: _bounty,
    PlacesShifted: _places_shifted,
    DealProposed: _deal_proposed,
    DealConsented: _deal_consented,
    DealRejected: _deal_rejected,
    DealAccepted: _deal_accepted,
}
