"""Small tournaments for the aggregate's command tests, and hands with chosen outcomes.

A hand the tests need to end a certain way (a player losing everything to another) is written
as the :class:`HandResult` a dealer would report: the setup's players and stacks, the chips
moved as the test says. The tournament checks it like any other result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from floorman.engine.config import AnteMode
from floorman.rules.profiles import get_ruleset
from floorman.rules.ruleset import Ruleset
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.entry_record import EntryState
from floorman.tournament.floor.table_hand import HandResult, HandSetup, result_of
from floorman.tournament.structure.ante_policy import ante_mode_for
from floorman.tournament.structure.levels import Break, Level, Structure

STRUCTURE = Structure(
    items=(
        Level(minutes=20, small_blind=100, big_blind=200),
        Level(minutes=20, small_blind=200, big_blind=400, ante=400, ante_mode=AnteMode.BIG_BLIND),
        Level(minutes=20, small_blind=300, big_blind=600, ante=600, ante_mode=AnteMode.BIG_BLIND),
    ),
    starting_stack=10_000,
    chips=(100, 500, 1_000),
)

RACE_STRUCTURE = Structure(
    items=(
        Level(minutes=20, small_blind=25, big_blind=50),
        Level(minutes=20, small_blind=50, big_blind=100),
        Break(minutes=10, colour_up=(25,)),
        Level(minutes=20, small_blind=100, big_blind=200),
    ),
    starting_stack=2_000,
    chips=(25, 100, 500),
)
"""A colour-up break after level 2 takes the 25s out (TDA R24)."""


def event(
    players: int,
    *,
    profile: str = "tda-2022",
    seed: int = 7,
    start: bool = True,
    structure: Structure = STRUCTURE,
    **money: object,
) -> Tournament:
    """An event of ``players`` entries (``p1``...), started unless ``start`` is false; a
    profile that plays without antes (RedCactus weekly) gets the structure without them."""
    ruleset = get_ruleset(profile)
    config = TournamentConfig(
        name="Test event",
        structure=fitted(structure, ruleset),
        ruleset=ruleset,
        buy_in=100,
        fee=10,
        **money,  # type: ignore[arg-type]
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    if start:
        tournament.start(at=0.0, rng=random.Random(seed))
    return tournament


def fitted(structure: Structure, ruleset: Ruleset) -> Structure:
    """``structure`` with its antes taken out where ``ruleset``'s ante policy forbids them."""
    if ante_mode_for(ruleset) is not AnteMode.NONE:
        return structure
    items = tuple(
        replace(item, ante=0, ante_mode=AnteMode.NONE) if isinstance(item, Level) else item
        for item in structure.items
    )
    return replace(structure, items=items)


def setup_of(tournament: Tournament, table: int, at: float) -> HandSetup:
    setup = tournament.hand_setup(table, at=at)
    assert setup is not None
    return setup


def forged(setup: HandSetup, moves: Mapping[str, int]) -> HandResult:
    """The result of the hand dealt from ``setup`` with each entry's stack changed by
    ``moves`` (which must add up to zero); a player left with nothing lost to the winners."""
    before = tuple(
        (entry, setup.config.stacks[seat] or 0)
        for seat, entry in enumerate(setup.seats)
        if entry is not None
    )
    after = tuple((entry, stack + moves.get(entry, 0)) for entry, stack in before)
    winners = tuple(e for e, change in moves.items() if change > 0)
    busted = {e: winners for e, stack in after if stack == 0}
    return HandResult(
        table=setup.table,
        level=setup.level,
        positions=setup.positions,
        stacks_before=before,
        stacks_after=after,
        eliminated_by=busted,
        served=setup.serving,
    )


def bust(tournament: Tournament, loser: str, *, at: float, seed: int = 1, **kwargs: object) -> None:
    """A hand at ``loser``'s table in which he loses every chip to a tablemate."""
    table = tournament.state.entries[loser].table
    assert table is not None
    setup = setup_of(tournament, table, at)
    stack = tournament.state.entries[loser].stack
    winner = next(e for e in setup.seats if e is not None and e != loser)
    result = forged(setup, {loser: -stack, winner: stack})
    tournament.record_hand(result, at=at, rng=random.Random(seed), **kwargs)  # type: ignore[arg-type]


def bust_down_to(tournament: Tournament, alive: int, *, at: float = 10.0) -> None:
    """Players lose all their chips one hand at a time until ``alive`` are left."""
    while tournament.state.alive > alive:
        table = max(tournament.state.tables.values(), key=lambda t: (t.size, -t.number))
        setup = setup_of(tournament, table.number, at)
        loser, winner = [e for e in setup.seats if e is not None][:2]
        stack = tournament.state.entries[loser].stack
        tournament.record_hand(
            forged(setup, {loser: -stack, winner: stack}), at=at, rng=random.Random(1)
        )
        at += 1.0


def play_round(tournament: Tournament, *, at: float, rng: random.Random) -> None:
    """One hand at every table, played by random bots."""
    for number in sorted(tournament.state.tables):
        if tournament.state.finished or number not in tournament.state.tables:
            continue
        setup = tournament.hand_setup(number, at=at)
        if setup is None:
            continue
        hand = play_hand(setup, {}, rng)
        tournament.record_hand(result_of(setup, hand), at=at, rng=rng)


def chips_conserved(tournament: Tournament) -> bool:
    """Every entry's stack adds up to the chips the events put in play."""
    state = tournament.state
    return sum(e.stack for e in state.entries.values()) == state.chips


def placed_once(tournament: Tournament) -> bool:
    """Every entry has a place, and the places (a tie covering as many as it holds) are
    exactly 1 to the number of entries."""
    entries = list(tournament.state.entries.values())
    if any(e.place is None for e in entries):
        return False
    covered = sorted(
        (e.place or 0) + k for e in entries for k in range(e.tied) if _first_of_tie(entries, e)
    )
    return covered == list(range(1, len(entries) + 1))


def _first_of_tie(entries: list[EntryState], entry: EntryState) -> bool:
    return next(e for e in entries if e.place == entry.place) is entry
