"""Players away from their seats, and the hands the dealer must kill.

An absent player is dealt in, his forced bets are taken and his hand is killed (TDA R30,
Belarus 6.4.4, Poland §57.1, RedCactus 30); so is a player serving a penalty (TDA R71-C), and
both are told to the dealer through the hand setup's dead seats. Where the profile keeps the
stacks of absent registered players out of play (RedCactus 7: never blinded), a player marked
absent before the start is left out of the seat draw and receives the late-entry stack when he
arrives; one who has not arrived when late registration closes (or when the last seated
players are down to one) finishes last among those then in, with the others who did not come
(decision recorded in docs/tournament.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from floorman.tournament.desk.entries import (
    check_late_registration,
    late_registration_open,
    late_stack,
)
from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import (
    PlayerAbsent,
    PlayerEliminated,
    PlayerPresent,
    TournamentEvent,
)
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import bad, source
from floorman.tournament.seating.newcomers import seat_newcomer
from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadHands:
    """The entries of one table whose hands the dealer kills in the next deal."""

    dead: frozenset[str]
    serving: tuple[str, ...]
    """Those of them serving a penalty hand that this deal counts (not a re-deal's)."""


NO_DEAD_HANDS = DeadHands(dead=frozenset(), serving=())


def mark_absent(state: TournamentState, entry: str, at: float) -> list[TournamentEvent]:
    player = _alive(state, entry)
    if player.entry in state.absent:
        bad(f"{entry} is already marked absent", "absent")
    rule = source(state.config_.ruleset, "absent_stack_in_play")
    return [PlayerAbsent(entry=entry, at=at, rule=rule)]


def mark_present(
    state: TournamentState, entry: str, at: float, rng: random.Random | None
) -> list[TournamentEvent]:
    """He is back; a player whose stack waited out of play is seated now, as a late entry."""
    player = _alive(state, entry)
    if player.entry not in state.absent:
        bad(f"{entry} is not marked absent", "absent")
    events: list[TournamentEvent] = [PlayerPresent(entry=entry, at=at)]
    if not state.started or player.table is not None:
        return events
    check_late_registration(state, at)
    if rng is None:
        bad("seating a late arrival needs an rng", "rng")
    if not any(t.free_seats for t in state.tables.values()):
        bad("no seat is free: he waits for one", "free-seats")
    ruleset = state.config_.ruleset
    stack = late_stack(state, at, ruleset.tournament.late_entry_stack)
    rule = source(ruleset, "absent_stack_in_play")
    return [*events, *seat_newcomer(state, entry, rng, at=at, rule=rule, stack=stack)]


def dead_hands(state: TournamentState, table: int, at: float) -> DeadHands:
    """Who at ``table`` is dealt a dead hand: absent, serving a penalty, away for a timed
    penalty, or killed in the misdeal this deal replaces (R35-C)."""
    if not (state.absent or state.ledger.records or state.away_until or state.redeal):
        return NO_DEAD_HANDS
    redeal = state.redeal.get(table, frozenset())
    dead: set[str] = set()
    serving: list[str] = []
    for entry in state.tables[table].players:
        owes = state.ledger.serving(entry)
        if owes and entry not in redeal:
            serving.append(entry)
        away = state.away_until.get(entry, at) > at
        if owes or away or entry in state.absent or entry in redeal:
            dead.add(entry)
    return DeadHands(dead=frozenset(dead), serving=tuple(serving))


def close_no_shows(state: TournamentState, at: float) -> list[TournamentEvent]:
    """Players whose stack waited for them and who never came, placed together at the bottom
    once they can no longer enter."""
    if not state.unseated:
        return []
    waiting = [state.entries[e] for e in sorted(state.unseated, key=_entry_order)]
    seated = state.alive - len(waiting)
    if late_registration_open(state, at) and seated > 1:
        return []
    first = state.alive - len(waiting) + 1
    entries = [e.entry for e in waiting]
    rule = source(state.config_.ruleset, "absent_stack_in_play")
    events: list[TournamentEvent] = []
    for entry, prize in zip(entries, money.place_shares(state, first, entries), strict=True):
        events.append(
            PlayerEliminated(
                entry=entry,
                place=first,
                tied=len(entries),
                prize=prize,
                by=(),
                level=0,
                table=0,
                at=at,
                rule=rule,
                reason="no-show",
            )
        )
        events += money.bounty_for(state, entry, winners=())
    return events


def _entry_order(entry: str) -> tuple[int, str]:
    """Entries in registration order (``e2`` before ``e10``)."""
    digits = entry[1:]
    return (int(digits), entry) if digits.isdigit() else (0, entry)


def _alive(state: TournamentState, entry: str) -> EntryState:
    return entry_in_play(state, entry)
