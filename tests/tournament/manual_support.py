"""Helpers for the director's console tests: events run by bust-outs, with no hand recorded."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from tests.tournament.tournament_helpers import event

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent

T = TypeVar("T")

RNG = random.Random(0)


def live(players: int, *, profile: str = "tda-2022", seats: int = 9, seed: int = 7) -> Tournament:
    """A started event of ``players`` entries at ``seats``-max tables."""
    return event(players, profile=profile, seed=seed, seats_per_table=seats)


def tablemates(tournament: Tournament, entry: str) -> list[str]:
    """The other players at ``entry``'s table, in seat order."""
    state = tournament.state
    table = state.entries[entry].table
    assert table is not None
    return [e for e in state.tables[table].players if e != entry]


def fullest_table_pair(tournament: Tournament) -> tuple[str, str]:
    """A loser and his eliminator at the fullest table (the lowest number on a tie)."""
    tables = tournament.state.tables.values()
    table = max(tables, key=lambda t: (t.size, -t.number))
    loser, winner = table.players[:2]
    return loser, winner


def bust_down_to(tournament: Tournament, alive: int, *, at: float = 60.0) -> None:
    """Busts entered one at a time, each by a tablemate, until ``alive`` players are left."""
    while tournament.state.alive > alive:
        loser, winner = fullest_table_pair(tournament)
        tournament.bust(entry=loser, by=(winner,), at=at, rng=RNG)


def of_type(events: Sequence[TournamentEvent], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


def stacks(tournament: Tournament) -> dict[str, int]:
    return {e: s.stack for e, s in tournament.state.entries.items()}
