"""Helpers for the format, end-of-day and mixed-game tests: events built from chosen hands.

A test decides who loses his chips in a hand instead of letting bots play it, so a scenario
(a table down to its winner, a bust that calls the final table) happens exactly when the test
says. The tournament checks a hand's result (same players, same stacks, no chip created) and
nothing of how it was played, so these hands go through the real aggregate.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.table_hand import HandResult, HandSetup
from floorman.tournament.formats.kinds import StageSettings
from floorman.tournament.structure.levels import Level, Structure

T = TypeVar("T")

HOLD_EM = Structure(
    items=(
        Level(minutes=20, small_blind=100, big_blind=200),
        Level(minutes=20, small_blind=200, big_blind=400),
        Level(minutes=20, small_blind=300, big_blind=600),
    ),
    starting_stack=10_000,
    chips=(100, 500, 1_000),
)


def event(
    players: int,
    ruleset: Ruleset,
    *,
    seats: int = 9,
    format: TournamentFormat | None = None,
    stages: StageSettings | None = None,
    structure: Structure = HOLD_EM,
    seed: int = 7,
    buy_in: int = 100,
    name: str = "Test event",
    player_prefix: str = "p",
) -> Tournament:
    """A started event of ``players`` entries (``e1``...), in ``format`` or the ruleset's."""
    config = TournamentConfig(
        name=name,
        structure=structure,
        ruleset=ruleset,
        seats_per_table=seats,
        buy_in=buy_in,
        format=format,
        stages=stages or StageSettings(),
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        player = f"{player_prefix}{number}"
        tournament.register(player=player, name=player.upper(), at=0.0)
    tournament.start(at=0.0, rng=random.Random(seed))
    return tournament


def result(setup: HandSetup, busts: Sequence[str] = ()) -> HandResult:
    """The hand of ``setup`` in which ``busts`` lose every chip to the first other player."""
    before = tuple(
        (entry, setup.config.stacks[seat] or 0)
        for seat, entry in enumerate(setup.seats)
        if entry is not None
    )
    after = dict(before)
    winner = next(entry for entry, _ in before if entry not in busts)
    for entry in busts:
        after[winner] += after[entry]
        after[entry] = 0
    return HandResult(
        table=setup.table,
        level=setup.level,
        positions=setup.positions,
        stacks_before=before,
        stacks_after=tuple(after.items()),
        eliminated_by=dict.fromkeys(busts, (winner,)),
    )


def hand(
    tournament: Tournament,
    table: int,
    busts: Sequence[str] = (),
    *,
    at: float = 0.0,
    seed: int = 1,
) -> tuple[TournamentEvent, ...]:
    """Deal a hand at ``table`` at ``at`` and record it with ``busts`` losing everything."""
    setup = tournament.hand_setup(table, at=at)
    assert setup is not None, f"table {table} may not deal"
    return tournament.record_hand(result(setup, busts), at=at, rng=random.Random(seed))


def players_at(tournament: Tournament, table: int) -> tuple[str, ...]:
    return tournament.state.tables[table].players


def bust_all_but_one(tournament: Tournament, table: int, *, at: float = 0.0) -> str:
    """One hand at ``table`` in which everyone but its first player busts; the survivor."""
    players = players_at(tournament, table)
    hand(tournament, table, players[1:], at=at)
    return players[0]


def of_type(events: Sequence[object], kind: type[T]) -> list[T]:
    return [event for event in events if isinstance(event, kind)]
