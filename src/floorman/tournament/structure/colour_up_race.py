"""The chip race of a colour-up break, at every table, recorded with every player's line.

A break whose ``colour_up`` names denominations takes them out of play (TDA R24, Poland §2,
Belarus 4.1, PokerStars Live 3.2, RedCactus 24). Once the clock reaches that break the race is
due, and no hand is dealt until it is run (the floor races during the break): each table races
its players' odd chips with :func:`~.chip_race.race_off` by the profile's ``chip_race`` method,
nobody raced out. The tournament knows stacks, not chips, so a player's chips are read as his
stack made up with as few chips as the denominations in play allow: everything that can be
changed up already is, as R24-A changes up "to the maximum" before racing the rest. Several
denominations of one break are raced one after the other, the smallest first.
"""

from __future__ import annotations

import random
from functools import cache

from floorman.tournament.refusals import source
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.chip_race import ChipRaceResult, race_off
from floorman.tournament.structure.levels import Break, Level, Structure
from floorman.tournament.structure.race_events import ChipRaceRun, RaceLineRecord, TableRace


def due_breaks(state: TournamentState, at: float) -> tuple[int, ...]:
    """Colour-up breaks the clock has reached whose race has not been run, oldest first."""
    if state.clock is None:
        return ()
    return due_at(state, state.clock.position(at).index)


def due_at(state: TournamentState, index: int) -> tuple[int, ...]:
    """The colour-up breaks up to structure item ``index`` not raced yet."""
    return tuple(
        i for i in colour_up_breaks(state.config_.structure) if i <= index and i not in state.raced
    )


def due_denominations(state: TournamentState, at: float) -> tuple[int, ...]:
    """The denominations the due breaks take out of play, in the order they are raced."""
    items = state.config_.structure.items
    return tuple(c for i in due_breaks(state, at) for c in _break(items[i]).colour_up)


def _break(item: Level | Break) -> Break:
    assert isinstance(item, Break)
    return item


@cache
def colour_up_breaks(structure: Structure) -> tuple[int, ...]:
    """The item indexes of a structure's breaks that colour up (read once per structure)."""
    return tuple(
        index
        for index, item in enumerate(structure.items)
        if isinstance(item, Break) and item.colour_up
    )


def race_break(state: TournamentState, index: int, rng: random.Random) -> ChipRaceRun:
    """Every table's race for the break at structure item ``index``."""
    structure = state.config_.structure
    item = _break(structure.items[index])
    in_play = list(structure.chips_after(index - 1) if index else structure.chips)
    protect = structure.chips_after(index)[0]
    method = state.config_.ruleset.tournament.chip_race
    stacks = {e: s.stack for e, s in state.entries.items() if s.alive and s.table is not None}
    races: list[TableRace] = []
    for removed in item.colour_up:
        next_up = min(c for c in in_play if c > removed)
        for number in sorted(state.tables):
            order = [e for e in state.tables[number].players if stacks.get(e, 0) > 0]
            if not order:
                continue
            result = race_off(
                {e: _chips(stacks[e], in_play) for e in order},
                removed=removed,
                next_up=next_up,
                seat_order=order,
                method=method,
                rng=rng,
                smallest_remaining=protect,
            )
            races.append(_record(number, result))
            stacks.update({line.entry: line.stack_after for line in result.lines})
        in_play.remove(removed)
    return ChipRaceRun(
        index=index,
        removed=item.colour_up,
        method=str(method),
        races=tuple(races),
        rule=source(state.config_.ruleset, "chip_race"),
    )


def _chips(stack: int, in_play: list[int]) -> dict[int, int]:
    """``stack`` in as few chips of the denominations in play as possible."""
    chips: dict[int, int] = {}
    left = stack
    for denomination in sorted(in_play, reverse=True):
        count, left = divmod(left, denomination)
        if count:
            chips[denomination] = count
    if left:  # not payable in the chips in play: kept as one odd piece, never lost
        chips[left] = chips.get(left, 0) + 1
    return chips


def _record(table: int, result: ChipRaceResult) -> TableRace:
    lines = tuple(
        RaceLineRecord(
            entry=line.entry,
            removed_chips=line.removed_chips,
            exchanged=line.exchanged,
            leftover_chips=line.leftover_chips,
            cards=tuple(int(card) for card in line.cards),
            won=line.won,
            protected=line.protected,
            stack_before=line.stack_before,
            stack_after=line.stack_after,
        )
        for line in result.lines
    )
    return TableRace(
        table=table,
        removed=result.removed,
        next_up=result.next_up,
        raced=result.raced,
        lines=lines,
    )
