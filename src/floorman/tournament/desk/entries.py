"""Registration after the desk's checks: age, re-entry, late entry and the alternate list.

A buy-in before the start waits for the seat draw. After the start it is a late entry, seated
at once by draw (TDA R8-A) with the profile's late-entry stack while late registration is
open; when every seat is taken the player goes on the alternate list and is seated, first come
first seated, when an elimination frees a seat (Poland §56.1), with the profile's alternate
stack (a full one by Poland §56.2 and PokerStars Live 2.1.1). An alternate becomes an entry
when he takes his seat, so his buy-in counts from then; those still waiting when late
registration closes are released (decision recorded in docs/tournament.md).
"""

from __future__ import annotations

import random
from datetime import date

from floorman.rules.tournament_rules import LateEntryStack
from floorman.tournament.desk import late_registration, registration_desk, unsold_seats
from floorman.tournament.desk.bans import check_not_banned
from floorman.tournament.desk.entry_rules import check_age, late_entry_stack
from floorman.tournament.desk.event_settings import settings_of
from floorman.tournament.events import (
    AlternateListed,
    AlternatesReleased,
    PlacesShifted,
    PlayerRegistered,
    TournamentEvent,
)
from floorman.tournament.money.pool import in_the_money
from floorman.tournament.refusals import bad, refuse_if, source
from floorman.tournament.seating import seat_activation
from floorman.tournament.seating.newcomers import seat_newcomer
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.clock import level_for_hand


def check_registration(
    state: TournamentState, *, player: str, name: str, birth_date: date | None, on: date | None
) -> None:
    """Refuse a buy-in the desk may not take: bad ids, a banned player (PokerStars Live
    6.9.1), too young (Belarus 1.1), a re-entry the profile forbids or made with chips still in
    play, a player already waiting."""
    ruleset = state.config_.ruleset
    refuse_if(state.finished, ruleset, ruleset.cite("general").rule, "finished", "it is over")
    if not player.strip() or not name.strip():
        bad("a player needs an id and a name", "player")
    registration_desk.check_open(state)
    registration_desk.require_id(state, player)
    check_not_banned(state, player, name)
    _check_age(state, birth_date, on)
    rules = ruleset.tournament
    reentry = ruleset.cite("reentry").rule
    earlier = state.entries_of.get(player, ())
    if earlier:
        refuse_if(
            not rules.reentry_allowed,
            ruleset,
            reentry,
            "reentry",
            f"{name} is already entered",
            name=name,
        )
        still_in = any(state.entries[e].alive for e in earlier)
        refuse_if(
            still_in, ruleset, reentry, "reentry", f"{name} still has chips in play", name=name
        )
    refuse_if(  # the rule his listing cited
        any(listed == player for listed, _ in state.alternates),
        ruleset,
        source(ruleset, "alternate_stack"),
        "alternate",
        f"{name} is already on the alternate list",
        name=name,
    )


def _check_age(state: TournamentState, birth_date: date | None, on: date | None) -> None:
    ruleset = state.config_.ruleset
    minimum = ruleset.tournament.minimum_age
    if birth_date is None or minimum is None:
        return
    if on is None:
        bad("checking a birth date needs the day of registration (on=)", "registration-date")
    check_age(
        birth_date,
        on,
        minimum,
        profile=ruleset.profile,
        rule=source(ruleset, "minimum_age"),
    )


def next_entry(state: TournamentState) -> str:
    return f"e{unsold_seats.entries_of_results(state) + 1}"


def late_registration_open(state: TournamentState, at: float) -> bool:
    """Late entries are taken while the profile's window lasts, until the final table (from
    its call, Belarus 3.1-¶3b, since a new player would leave it too small to hold the field)
    and before the paid places (decision: a place already paid never moves)."""
    minutes = state.config_.ruleset.tournament.late_entry_minutes
    assert state.clock is not None
    if state.desk.registration_closed:
        return False
    if minutes is not None and state.clock.played_seconds(at) / 60 > minutes:
        return False
    if late_registration.passed(state, at):
        return False  # the end the event set (level or time)
    called = state.formats.final_table_waiting is not None
    return state.final_table is None and not called and not in_the_money(state)


def check_late_registration(state: TournamentState, at: float) -> None:
    ruleset = state.config_.ruleset
    late_registration.check_not_passed(state, at)
    refuse_if(
        not late_registration_open(state, at),
        ruleset,
        ruleset.cite("late-entry").rule,
        "late-entry",
        "late registration is closed",
    )


def late_entry(
    state: TournamentState, *, player: str, name: str, at: float, rng: random.Random
) -> list[TournamentEvent]:
    """A buy-in after the start: seated at once, or listed as an alternate if no seat is free."""
    check_late_registration(state, at)
    entry = next_entry(state)
    if taken := unsold_seats.take(state, entry=entry, player=player, name=name, at=at, rng=rng):
        return [*_places_down(state), *taken]  # Poland §55.10 before §55.11's stack
    if not any(t.free_seats for t in state.tables.values()):
        rule = source(state.config_.ruleset, "alternate_stack")
        return [AlternateListed(player=player, name=name, at=at, rule=rule)]
    method = state.config_.ruleset.tournament.late_entry_stack
    return _seat_new_entry(state, player, name, at, rng, method=method, alternate=False)


def seat_next_alternate(
    state: TournamentState, at: float, rng: random.Random
) -> list[TournamentEvent]:
    """The first alternate seated if a seat is free and late registration is open."""
    if not state.alternates or not late_registration_open(state, at):
        return []
    if not any(t.free_seats for t in state.tables.values()):
        return []
    player, name = state.alternates[0]
    method = state.config_.ruleset.tournament.alternate_stack
    return _seat_new_entry(state, player, name, at, rng, method=method, alternate=True)


def release_alternates(state: TournamentState, at: float) -> list[TournamentEvent]:
    """The alternates still waiting when late registration has closed, the late entrants
    waiting for their seat number, who sit down (PokerStars Live 2.1.2), and the unsold seats
    leaving play (Poland §55.10)."""
    still_open = late_registration_open(state, at)
    unsold = unsold_seats.close(state, at, registration_open=still_open)
    if still_open:
        return unsold
    activated = seat_activation.activate_all(state, at)
    if not state.alternates:
        return [*unsold, *activated]
    ruleset = state.config_.ruleset
    released = AlternatesReleased(
        players=tuple(player for player, _ in state.alternates),
        at=at,
        rule=ruleset.cite("late-entry").rule,
    )
    return [*unsold, released, *activated]


def _seat_new_entry(
    state: TournamentState,
    player: str,
    name: str,
    at: float,
    rng: random.Random,
    *,
    method: LateEntryStack,
    alternate: bool,
) -> list[TournamentEvent]:
    ruleset = state.config_.ruleset
    entry = next_entry(state)
    stack = late_stack(state, at, method)
    parameter = "alternate_stack" if alternate else "late_entry_stack"
    registered = [
        *_places_down(state),
        PlayerRegistered(
            entry=entry,
            player=player,
            name=name,
            stack=stack,
            at=at,
            late=True,
            rule=source(ruleset, parameter),
            alternate=alternate,
        ),
    ]
    if not alternate and settings_of(state).seat_activation:
        return registered + seat_activation.reserve(state, entry, at, rng)
    rule = ruleset.cite("late-seat").rule
    return [*registered, *seat_newcomer(state, entry, rng, at=at, rule=rule)]


def _places_down(state: TournamentState) -> list[TournamentEvent]:
    """A new entry makes the field one bigger: everyone already out finishes one place lower
    (places count from the last, and the last place is now one further)."""
    placed = tuple(
        (e.entry, e.place + 1, e.tied, e.prize)
        for e in state.entries.values()
        if e.place is not None
    )
    if not placed:
        return []
    return [PlacesShifted(places=placed, rule=state.config_.ruleset.cite("places").rule)]


def late_stack(state: TournamentState, at: float, method: LateEntryStack) -> int:
    """The chips a player entering now receives by ``method`` (R8-A, RedCactus 7, §55.11),
    in whole chips of the smallest denomination in play."""
    config = state.config_
    assert state.clock is not None
    position = state.clock.position(at)
    level = level_for_hand(state.clock, at)
    eliminated = sum(not e.alive for e in state.entries.values())
    played = state.clock.played_seconds(at) / 60
    return late_entry_stack(
        method=method,
        starting_stack=config.starting_stack,
        big_blind=level.big_blind,
        small_blind=level.small_blind,
        ante_round=level.ante * config.seats_per_table,
        eliminated=eliminated,
        minutes_played=played,
        ante_minutes_played=max(played - _minutes_before_antes(state), 0.0),
        smallest_chip=config.structure.smallest_chip_after(position.index),
    )


def _minutes_before_antes(state: TournamentState) -> float:
    """Level minutes played before the first level with antes (Poland §55.11 counts ante
    deductions from when antes came into force)."""
    minutes = 0.0
    for level in state.config_.structure.levels:
        if level.ante:
            return minutes
        minutes += level.minutes
    return minutes
