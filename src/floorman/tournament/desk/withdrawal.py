"""Players who leave with chips still in play: a voluntary withdrawal, and a re-entry that
gives up the chips of the entry still alive.

A player who leaves for good tells the TD (Poland §57.2): his whole stack leaves play and he
is treated as disqualified, so he is placed and paid (or not) exactly as the profile places a
disqualified player (:mod:`.disqualification`: Poland's last place with the others moving up,
his prize forfeited; elsewhere the place of the moment). Nothing comes back to him.

Where the event lets a player re-enter while he still has chips (TDA R8-B, an
:class:`~floorman.tournament.desk.event_settings.EventSettings` choice), those chips leave play
first: his old entry finishes where a bust would at that moment, paid by that place (nothing
before the money, where re-entry happens), and his bounty is won by nobody.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.tournament.desk.event_settings import settings_of
from floorman.tournament.desk.events import PlayerWithdrew
from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import ChipsRemoved, PlayerEliminated, TournamentEvent
from floorman.tournament.money import pool as money
from floorman.tournament.officials.disqualification import disqualify
from floorman.tournament.refusals import bad, refuse_if
from floorman.tournament.state import TournamentState


def withdraw(state: TournamentState, entry: str, at: float) -> list[TournamentEvent]:
    """``entry`` leaves the event for good (Poland §57.2): the withdrawal, his stack removed
    and his place as a disqualified player's."""
    player = _still_in(state, entry)
    rule = state.config_.ruleset.cite("withdrawal").rule
    events: list[TournamentEvent] = [PlayerWithdrew(entry=player.entry, at=at, rule=rule)]
    for event in disqualify(state, entry, at):
        if isinstance(event, ChipsRemoved):
            event = replace(event, reason="withdrawn", rule=rule)
        events.append(event)
    return events


def surrender(state: TournamentState, player: str, at: float) -> list[TournamentEvent]:
    """The events that end ``player``'s entry still in play so that he may re-enter (TDA
    R8-B): his chips removed from play, his place the one a bust would take now."""
    ruleset = state.config_.ruleset
    rule = ruleset.cite("reentry").rule
    refuse_if(
        not (ruleset.tournament.reentry_allowed and settings_of(state).reentry_surrenders_chips),
        ruleset,
        rule,
        "reentry",
        f"{player} still has chips in play",
        name=player,
    )
    alive = [e for e in state.entries_of.get(player, ()) if state.entries[e].alive]
    if not alive:
        bad(f"{player} has no entry in play: he registers again instead", "reentry")
    entry = _still_in(state, alive[0])
    events: list[TournamentEvent] = []
    if entry.stack:
        events.append(
            ChipsRemoved(entry=entry.entry, chips=entry.stack, reason="re-entry", rule=rule)
        )
    assert state.clock is not None
    place = state.alive
    events.append(
        PlayerEliminated(
            entry=entry.entry,
            place=place,
            tied=1,
            prize=money.place_shares(state, place, [entry.entry])[0],
            by=(),
            level=state.clock.position(at).level_number or 0,
            table=entry.table or 0,
            at=at,
            rule=rule,
            reason="re-entered",
        )
    )
    return events + list(money.bounty_for(state, entry.entry, winners=()))


def _still_in(state: TournamentState, entry: str) -> EntryState:
    """An entry still in play: started, not placed, not waiting for his place."""
    if not state.started:
        bad("before the start a player who leaves is refunded, not withdrawn", "started")
    player = entry_in_play(state, entry)
    if any(bust.entry == entry for bust in state.pending):
        bad(f"{entry} is out already and waits for his place", "entry")
    if state.alive < 2:
        bad("the last player in has won the event", "entry")
    return player
