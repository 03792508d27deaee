"""The end of a day of a multi-day event: the last hands, the bagged stacks, the day's results.

When the director ends the day the clock stops, and no table starts a new hand beyond the
number the profile says. PokerStars Live 3.12 draws that number: a player draws a card from
three to seven, and every table plays exactly that many hands from the next shuffle. The other
rulebooks have no such rule, and play stops after the hands in progress. Either way, the hand
a table is playing when the day ends is finished first and does not count
(``in_progress``: the tournament does not know which tables are between hands, the director
does). Once every table has played its last hand every stack is counted and bagged, and the
state shows the day's results (:func:`day_results`): the bags, best stack first, and the
players out that day.

Decisions (PokerStars Live digest ambiguity A5): the number is drawn from the range with both
ends included, with the event's ``rng``, unless the director gives the card drawn; the time
left on the stopped clock is not carried into the next day, which starts at the next level
(:mod:`floorman.tournament.formats.day_two`). Bags are numbered from 1 in table and seat order.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from floorman.errors import MalformedInputError
from floorman.tournament.formats.events import DayEnding, StacksBagged
from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipCount:
    """One bagged stack."""

    entry: str
    player: str
    name: str
    chips: int
    bag: int
    rank: int
    """1 for the biggest stack; equal stacks share the rank."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DayResults:
    """What the state shows once a day is over."""

    day: int
    counts: tuple[ChipCount, ...]
    """Every bag, biggest first (the chip-count list of the day)."""
    out: tuple[tuple[str, int, int], ...]
    """``(entry, place, prize)`` of every entry that finished, best place first."""
    chips: int
    """The chips in the bags, which the next day plays with."""


def drawn_hands(state: TournamentState, *, hands: int | None, rng: random.Random) -> int:
    """How many hands every table still plays: drawn in the profile's range (PokerStars Live
    3.12) unless the director gives the card drawn; none where the profile draws no number."""
    drawn = state.config_.ruleset.tournament.end_of_day_drawn_hands
    if drawn is None:
        if hands:
            raise MalformedInputError(
                "this rulebook draws no number of last hands: play stops after the hands in "
                "progress",
                constraint="hands",
            )
        return 0
    low, high = drawn
    if hands is None:
        return rng.randint(low, high)
    if isinstance(hands, bool) or not isinstance(hands, int) or not low <= hands <= high:
        raise MalformedInputError(
            f"the number of last hands is drawn from {low} to {high}, not {hands!r}",
            constraint="hands",
        )
    return hands


def day_ending(
    state: TournamentState, *, hands: int, in_progress: Collection[int], at: float
) -> DayEnding:
    """The event that ends the day after ``hands`` more hands at every table and the hands in
    progress at the tables ``in_progress``."""
    unknown = sorted(set(in_progress) - set(state.tables))
    if unknown:
        raise MalformedInputError(
            f"tables {', '.join(map(str, unknown))} are not in play", constraint="table"
        )
    return DayEnding(
        day=state.formats.day,
        hands=hands,
        in_progress=tuple(sorted(set(in_progress))),
        at=at,
        rule=state.config_.ruleset.sources.get("end_of_day_drawn_hands", ""),
    )


def day_done(state: TournamentState) -> bool:
    """The day is ending and no table has a hand left to play."""
    left = state.formats.hands_left
    return left is not None and all(left.get(number, 0) <= 0 for number in state.tables)


def bag_stacks(state: TournamentState, *, at: float) -> StacksBagged:
    """Every stack still in, bagged and numbered in table and seat order."""
    alive = [e for e in state.entries.values() if e.alive]
    alive.sort(key=lambda e: (e.table or 0, e.seat or 0, e.entry))
    assert state.clock is not None
    return StacksBagged(
        day=state.formats.day,
        bags=tuple((e.entry, e.stack, bag) for bag, e in enumerate(alive, start=1)),
        index=state.clock.position(at).index,
        at=at,
    )


def day_results(state: TournamentState) -> DayResults:
    """The day's chip counts and the players out, once the stacks are bagged."""
    if not state.formats.day_over:
        raise MalformedInputError("the day is not over: no stacks are bagged", constraint="day")
    bags = sorted(state.formats.bags, key=lambda bag: (-bag[1], bag[2]))
    counts: list[ChipCount] = []
    for position, (entry, chips, bag) in enumerate(bags, start=1):
        rank = counts[-1].rank if counts and counts[-1].chips == chips else position
        known = state.entries[entry]
        counts.append(
            ChipCount(
                entry=entry, player=known.player, name=known.name, chips=chips, bag=bag, rank=rank
            )
        )
    out = sorted(
        ((e.entry, e.place, e.prize) for e in state.entries.values() if e.place is not None),
        key=lambda row: (row[1], row[0]),
    )
    return DayResults(
        day=state.formats.day,
        counts=tuple(counts),
        out=tuple(out),
        chips=sum(chips for _, chips, _ in bags),
    )
