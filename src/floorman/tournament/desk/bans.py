"""Bans from the event: a player banned may not enter it again.

PokerStars Live 6.9.1 lists an event ban and a ban from every event of the sponsor among its
penalties. Both reach beyond this tournament (other events are the organiser's to police),
but within it they mean the same: the player's later registration, re-entry or place on the
alternate list is refused, citing the rule the catalogue gives
(``serving.ban_refuses_entry``). A ban does not take him out of play by itself; that is a
disqualification or an elimination, given separately if the official wants it.
"""

from __future__ import annotations

from floorman.tournament.officials.penalties import BANS, Penalty
from floorman.tournament.officials.penalty_catalogue import catalogue_of
from floorman.tournament.refusals import refuse
from floorman.tournament.state import TournamentState


def ban_of(state: TournamentState, player: str) -> Penalty | None:
    """The first ban given to any of ``player``'s entries in this event, if any."""
    for entry in state.entries_of.get(player, ()):
        for penalty in state.ledger.record(entry).penalties:
            if penalty.kind in BANS:
                return penalty
    return None


def check_not_banned(state: TournamentState, player: str, name: str) -> None:
    """Refuse an entry of a player banned from the event, where the book says bans do so."""
    ban = ban_of(state, player)
    if ban is None:
        return
    refuses = catalogue_of(state).serving.ban_refuses_entry
    if refuses is None or not refuses.value:
        return
    refuse(
        state.config_.ruleset,
        refuses.rule,
        "banned",
        f"{name} is banned from this event ({ban.kind})",
        name=name,
        kind=str(ban.kind),
    )
