"""The chip race (colour-up): taking a denomination out of play at one table.

When the smallest chips are no longer needed for the blinds, every player's chips of that
denomination are changed for the next one up. Whole next-up chips are a plain exchange; what
is left over (worth less than one next-up chip per player) cannot be exchanged at equal value,
and the rulebooks settle it in one of two ways, :class:`~floorman.rules.tournament_rules.ChipRace`:

``CARD_RACE`` (TDA R24-A/C and D9, Poland §2.1-§2.4, Belarus 4.1, PokerStars Live 3.2)
    Every player's leftover chips go into one race. The number of next-up chips put up is the
    leftover total over the next-up value, rounded to the nearest chip with halves up: the
    seeds leave this open (TDA ambiguity A7, Poland T2) and the profiles' decisions fix it, so
    150 in 25s raced into 100s puts up 2. Any value below half a chip is what R24-C and D9 take
    out of play without compensation. Starting at seat 1 and going clockwise, each player
    receives all his cards, one per leftover chip, before the next player gets any (Poland
    §2.2; the TDA says only "from seat 1"). The highest cards, by rank then suit (spades,
    hearts, diamonds, clubs), win one chip each, at most one per player: his other cards are
    then passed over.
``ROUNDING`` (RedCactus 24 and its decision 9)
    No cards: a player's own leftover worth at least half a next-up chip becomes one such
    chip, a smaller one leaves play.

Either way nobody is raced out: a player left with nothing, because his only chips were
leftovers and he won nothing, gets one chip of the smallest denomination still in play (TDA
R24-A, D9). Racing and rounding create and destroy chips, so the result reports how the total
in play changed and the tournament can keep its chip inventory honest (TDA R20, R24).

The race is pure: the shuffle comes from the :class:`random.Random` passed in, so a seeded
generator replays the same race.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from floorman.cards.card import DECK_SIZE, Card
from floorman.cards.deck import Deck
from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import ChipRace

Chips = Mapping[int, int]
"""A player's chips: denomination to how many of them he holds."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceLine:
    """One player's part in the race, in seat order."""

    entry: str
    removed_chips: int
    """His chips of the removed denomination before the race."""
    exchanged: int
    """Next-up chips he got for them at equal value."""
    leftover_chips: int
    """Removed chips that did not make a whole next-up chip; these are raced or rounded."""
    cards: tuple[Card, ...] = ()
    """The cards dealt to him, one per leftover chip (card race only)."""
    won: bool = False
    """He won a next-up chip in the race, or by rounding."""
    protected: bool = False
    """He was left with nothing and got one smallest chip instead (TDA R24-A, D9)."""
    stack_before: int
    stack_after: int
    chips: Chips = field(default_factory=dict)
    """His chips after the race (denomination to count, none of the removed denomination)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRaceResult:
    """What a race did at one table, with the accounting the chip inventory needs."""

    method: ChipRace
    removed: int
    next_up: int
    lines: tuple[RaceLine, ...]
    """Every player, in seat order from seat 1."""
    raced: int
    """Next-up chips put up for the race, or handed out by rounding."""
    dealt: tuple[tuple[str, Card], ...] = ()
    """The cards in the order they were dealt, each with the entry that received it."""
    winners: tuple[str, ...] = ()
    """The entries that won a chip, in the order of their winning cards (highest first)."""
    leftover_value: int
    """The total value of the leftover chips that went into the race or the rounding."""

    @property
    def race_delta(self) -> int:
        """Chips the race or the rounding added (positive) or took out of play (negative)."""
        return self.raced * self.next_up - self.leftover_value

    @property
    def protection_added(self) -> int:
        """Value of the chips given so that nobody is raced out: new chips in play."""
        return sum(line.stack_after for line in self.lines if line.protected)

    @property
    def chips_delta(self) -> int:
        """How the total in play at the table changed: race, rounding and protection."""
        return sum(line.stack_after - line.stack_before for line in self.lines)

    def line(self, entry: str) -> RaceLine:
        for line in self.lines:
            if line.entry == entry:
                return line
        raise MalformedInputError(f"{entry!r} was not in this race", constraint="chip-race-seats")


def smallest_chip_in_play(chips_in_play: Iterable[int]) -> int:
    """The smallest denomination still in play: the unit of odd chips (TDA R20) and the
    chip a player who would be raced out receives (R24-A)."""
    denominations = [int(d) for d in chips_in_play]
    if not denominations or min(denominations) < 1:
        raise MalformedInputError(
            "give the denominations in play, each 1 or more", constraint="chip-denomination"
        )
    return min(denominations)


def race_off(
    stacks: Mapping[str, Chips],
    *,
    removed: int,
    next_up: int,
    seat_order: Sequence[str],
    method: ChipRace,
    rng: random.Random,
    smallest_remaining: int | None = None,
) -> ChipRaceResult:
    """Take the ``removed`` denomination out of play at one table.

    ``stacks`` gives each entry's chips, denomination to count; ``seat_order`` lists the
    entries from seat 1 clockwise. ``smallest_remaining`` is the smallest denomination still
    in play after the removal (``next_up`` when not given), the chip that protects a player
    from being raced out. ``rng`` shuffles the race's deck and is not used by rounding.
    """
    _check(stacks, removed=removed, next_up=next_up, seat_order=seat_order)
    protect = next_up if smallest_remaining is None else smallest_remaining
    if protect < 1 or protect == removed:
        raise MalformedInputError(
            f"the smallest chip left in play must be 1 or more and not the removed {removed}",
            constraint="chip-race-denominations",
        )
    removed_counts = [stacks[entry].get(removed, 0) for entry in seat_order]
    leftovers = [(n * removed % next_up) // removed for n in removed_counts]
    leftover_value = sum(leftovers) * removed
    dealt: tuple[tuple[str, Card], ...] = ()
    if method is ChipRace.CARD_RACE:
        raced = (2 * leftover_value + next_up) // (2 * next_up)
        dealt = _deal(seat_order, leftovers, rng)
        winners = _card_winners(dealt, raced)
    else:
        winners = tuple(
            entry
            for entry, chips in zip(seat_order, leftovers, strict=True)
            if 2 * chips * removed >= next_up
        )
        raced = len(winners)
    lines = tuple(
        _line(
            entry,
            stacks[entry],
            removed=removed,
            next_up=next_up,
            protect=protect,
            cards=tuple(card for owner, card in dealt if owner == entry),
            won=entry in winners,
        )
        for entry in seat_order
    )
    return ChipRaceResult(
        method=method,
        removed=removed,
        next_up=next_up,
        lines=lines,
        raced=raced,
        dealt=dealt,
        winners=winners,
        leftover_value=leftover_value,
    )


def _check(
    stacks: Mapping[str, Chips], *, removed: int, next_up: int, seat_order: Sequence[str]
) -> None:
    """Refuse a race no table could hold, before any chip moves."""
    if removed < 1 or next_up <= removed or next_up % removed:
        raise MalformedInputError(
            f"cannot race {removed} chips into {next_up} chips: the next denomination must be "
            "a larger multiple of the removed one",
            constraint="chip-race-denominations",
        )
    if len(set(seat_order)) != len(seat_order) or set(seat_order) != set(stacks):
        raise MalformedInputError(
            "the seat order must list every entry at the table exactly once",
            constraint="chip-race-seats",
        )
    for entry, chips in stacks.items():
        if any(d < 1 or n < 0 for d, n in chips.items()):
            raise MalformedInputError(
                f"{entry}: denominations must be 1 or more and counts 0 or more",
                constraint="chip-count",
            )
        if not any(chips.values()):
            raise MalformedInputError(
                f"{entry} has no chips: a player with none is out, not in the race",
                constraint="chip-count",
            )


def _deal(
    seat_order: Sequence[str], leftovers: Sequence[int], rng: random.Random
) -> tuple[tuple[str, Card], ...]:
    """One card per leftover chip, each player's cards together, from seat 1 clockwise."""
    needed = sum(leftovers)
    if needed > DECK_SIZE:
        raise MalformedInputError(
            f"the race needs {needed} cards but a deck has {DECK_SIZE}: colour up in two steps",
            constraint="chip-race-deck",
        )
    deck = Deck.shuffled(rng)
    return tuple(
        (entry, card)
        for entry, count in zip(seat_order, leftovers, strict=True)
        for card in deck.deal(count)
    )


def _card_winners(dealt: Sequence[tuple[str, Card]], raced: int) -> tuple[str, ...]:
    """The owners of the highest cards, by rank then suit, at most one chip each."""
    winners: list[str] = []
    for entry, _card in sorted(dealt, key=lambda owned: owned[1], reverse=True):
        if len(winners) == raced:
            break
        if entry not in winners:
            winners.append(entry)
    return tuple(winners)


def _line(
    entry: str,
    chips: Chips,
    *,
    removed: int,
    next_up: int,
    protect: int,
    cards: tuple[Card, ...],
    won: bool,
) -> RaceLine:
    count = chips.get(removed, 0)
    exchanged = count * removed // next_up
    after = {d: n for d, n in chips.items() if d != removed and n}
    gained = exchanged + int(won)
    if gained:
        after[next_up] = after.get(next_up, 0) + gained
    protected = not after
    if protected:
        after[protect] = 1
    return RaceLine(
        entry=entry,
        removed_chips=count,
        exchanged=exchanged,
        leftover_chips=(count * removed % next_up) // removed,
        cards=cards,
        won=won,
        protected=protected,
        stack_before=sum(d * n for d, n in chips.items()),
        stack_after=sum(d * n for d, n in after.items()),
        chips=MappingProxyType(dict(sorted(after.items(), reverse=True))),
    )
