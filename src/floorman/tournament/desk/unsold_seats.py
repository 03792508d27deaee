"""Unsold seats (Poland §55.10, scenario T16): an event may deal in seats nobody has bought
yet, each with a starting stack, treated as absent players (blinded, hands killed through
``HandSetup.dead``). A late registrant takes one with whatever chips it still has, instead of
the profile's late-entry stack (§55.11 applies only when no unsold seat is left); the seats
still unsold when late registration closes leave play with their chips.

Decisions (docs/tournament.md):

- the number is the event setting ``EventSettings.unsold_seats``, read at the start; the seats
  are drawn with the players (R7's draw), so table sizes hold with them counted as players;
- a late registrant is given one unsold seat by draw among those with chips (any seat, §55.10);
  he keeps its place in the hand rotation, so he is dealt in at once;
- an unsold seat is no entry of the results: no place, no share of the prize pool, not one of
  the players left; one whose forced bets took every chip leaves at once, without a place;
- late registration ends at the final table, so the unsold seats leave once the players left
  fit at it, before it is drawn;
- no table is of unsold seats only (its hands would all be dead): the draw swaps unsold seats
  for players until every table has two (a field too small for that is refused at the start),
  and unsold seats left alone at a table by busts or moves leave play at once, like emptied
  ones;
- no command names an unsold seat as an entry (a penalty, a withdrawal, a count, a move...):
  nobody sits there to be ruled on, so :func:`entry_in_play`, the lookup of the entry a
  command names, refuses it (constraint ``unsold-seat``).
"""

from __future__ import annotations

import random
from collections.abc import Collection

from floorman.tournament.desk.event_settings import EventSettings, settings_of
from floorman.tournament.desk.unsold_events import (
    UnsoldSeatsClosed,
    UnsoldSeatsDealt,
    UnsoldSeatTaken,
)
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import ChipsRemoved, PlayerRegistered, TournamentEvent
from floorman.tournament.refusals import bad
from floorman.tournament.seating.draws import final_table_seats
from floorman.tournament.seating.tables import Table
from floorman.tournament.state import TournamentState

REMOVED = "unsold"
"""The reason of the ``ChipsRemoved`` of an unsold seat's chips."""


def deal(state: TournamentState, *, players: int) -> list[TournamentEvent]:
    """The event's unsold seats, before the seat draw of ``players`` (none unless the setting
    asks); refused when the tables they make could not each hold two players."""
    count = settings_of(state).unsold_seats
    if not count:
        return []
    tables = -(-(players + count) // state.config_.seats_per_table)
    if players < 2 * tables:
        bad(
            f"{count} unsold seats with {players} players make {tables} tables: every table "
            "needs two players (a table of unsold seats only plays no hand)",
            "unsold-seats",
        )
    entries = tuple(f"u{number}" for number in range(1, count + 1))
    stack = state.config_.starting_stack
    return [UnsoldSeatsDealt(entries=entries, stack=stack, rule=_rule(state))]


def spread(tables: tuple[Table, ...], unsold: Collection[str]) -> tuple[Table, ...]:
    """The drawn ``tables`` with unsold seats swapped for players until every table has two
    players: a table of unsold seats would deal only dead hands. The seats stay as drawn,
    only who sits on them changes; :func:`deal` made sure there are players enough."""
    seated = {table.number: table for table in tables}

    def players(table: Table) -> list[str]:
        return [e for e in table.players if e not in unsold]

    while short := [t for t in seated.values() if len(players(t)) < 2]:
        poor = short[0]
        rich = max(seated.values(), key=lambda t: (len(players(t)), -t.number))
        seat_unsold = next(e for e in poor.players if e in unsold)
        player = players(rich)[0]
        from_poor, from_rich = poor.seat_of(seat_unsold), rich.seat_of(player)
        seated[poor.number] = poor.without(seat_unsold).with_seat(from_poor, player)
        seated[rich.number] = rich.without(player).with_seat(from_rich, seat_unsold)
    return tuple(seated[table.number] for table in tables)


def take(
    state: TournamentState, *, entry: str, player: str, name: str, at: float, rng: random.Random
) -> list[TournamentEvent]:
    """The late registrant ``entry`` on an unsold seat drawn among those with chips, with its
    chips; nothing when none is left (the profile's late-entry stack applies)."""
    left = sorted(u for u in state.unsold if state.entries[u].stack > 0)
    if not left:
        return []
    unsold = rng.choice(left)
    rule = _rule(state)
    stack = state.entries[unsold].stack
    return [
        PlayerRegistered(
            entry=entry, player=player, name=name, stack=stack, at=at, late=True, rule=rule
        ),
        UnsoldSeatTaken(unsold=unsold, entry=entry, at=at, rule=rule),
    ]


def close(state: TournamentState, at: float, *, registration_open: bool) -> list[TournamentEvent]:
    """The unsold seats that leave play: all of them once late registration has closed or the
    players left fit at the final table, else those the forced bets emptied."""
    if not state.unsold:
        return []
    config = state.config_
    final = final_table_seats(config)
    ending = not registration_open or state.alive <= final
    alone = _without_players(state)
    leaving = sorted(u for u in state.unsold if ending or state.entries[u].stack == 0 or u in alone)
    if not leaving:
        return []
    rule = _rule(state)
    removed: list[TournamentEvent] = [
        ChipsRemoved(entry=u, chips=state.entries[u].stack, reason=REMOVED, rule=rule)
        for u in leaving
        if state.entries[u].stack
    ]
    return [*removed, UnsoldSeatsClosed(entries=tuple(leaving), at=at, rule=rule)]


def entry_in_play(state: TournamentState, entry: str) -> EntryState:
    """The entry a command names, refused unless it is a player's entry still in the
    tournament: the one lookup of the commands that act on a player."""
    player = state.entries.get(entry)
    if player is None or not player.alive:
        bad(f"{entry!r} is not an entry still in the tournament", "entry")
    check_not_unsold(state, entry)
    return player


def check_not_unsold(state: TournamentState, entry: str) -> None:
    """Refuses ``entry`` when it is an unsold seat: a placeholder with no player (§55.10)
    cannot be penalised, moved, counted or withdrawn; only a late registrant takes it."""
    if entry in state.unsold:
        bad(
            f"{entry} is an unsold seat, not a player's entry: commands name players only "
            "(a late registrant takes the seat)",
            "unsold-seat",
        )


def check_settings_change(state: TournamentState, settings: EventSettings) -> None:
    """Refuses a new number of unsold seats once the event has started: they are counted and
    dealt at the start, so a later number would change nothing (§55.10)."""
    before = settings_of(state).unsold_seats
    if state.started and settings.unsold_seats != before:
        bad(
            f"unsold seats are counted at the start: the {before} dealt cannot become "
            f"{settings.unsold_seats} once the event has started",
            "unsold-seats",
        )


def entries_of_results(state: TournamentState) -> int:
    """The entries of the field (prize pool, places): every entry but the unsold seats."""
    return len(state.entries) - len(state.unsold)


def _without_players(state: TournamentState) -> set[str]:
    """The unsold seats at tables where no player sits: every hand there would be dead."""
    alone: set[str] = set()
    for table in state.tables.values():
        seated = table.players
        if all(e in state.unsold for e in seated):
            alone.update(seated)
    return alone


def _rule(state: TournamentState) -> str:
    """The profile's rule for the late registrant's seat (Poland: §55.10)."""
    return state.config_.ruleset.cite("late-seat").rule
