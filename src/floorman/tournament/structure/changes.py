"""The structure changed while the event is in play: levels and breaks not yet started.

The organiser may alter an event (PokerStars Live 6.12; Poland §55.7: change it without
notice). For the structure floorman reads that as the director's schedule from the next item
on: the lengths, blinds, antes, games and breaks of every level and break that has not started
may change, with a reason for the record; the item in progress and those before it are played
history and refused (``structure-started``), since changing them would move the clock under
the hands already dealt. The new structure is checked whole, as at creation (its own checks,
the profile's ante policy and games, and what the profile adds, such as Belarus 3.3's levels
that always grow), and the clock follows it: the item in progress keeps
its place and its time, so the next item is the new one.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.tournament.desk.events import StructureChanged
from floorman.tournament.refusals import bad, refuse
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.checks import check_levels
from floorman.tournament.structure.levels import Structure


def change_structure(
    state: TournamentState, *, structure: Structure, reason: str, at: float
) -> StructureChanged:
    """``structure`` in force from the first item not yet started; refused if it changes an
    item already played or in progress, or leaves nothing changed."""
    if state.finished:
        bad("the tournament is over: there is nothing left to change", "finished")
    if not isinstance(structure, Structure):
        bad("a structure change gives the whole new Structure", "structure")
    if not reason.strip():
        bad("a structure change is recorded with its reason", "reason")
    config = state.config_
    old = config.structure
    if (structure.starting_stack, structure.chips) != (old.starting_stack, old.chips):
        bad("the starting stack and the chips in play stay as they are", "structure-chips")
    if structure == old:
        bad("this is the structure in force already", "structure")
    first = _first_open_item(state, at)
    rule = config.ruleset.cite("event-change").rule
    if structure.items[:first] != old.items[:first] or not _clock_keeps_place(state, structure, at):
        refuse(
            config.ruleset,
            rule,
            "structure-started",
            f"only levels and breaks not yet started may change; item {first} is in progress",
            item=first,
        )
    replace(config, structure=structure)  # the profile's ante policy and games, as at creation
    check_levels(structure, config.ruleset)
    return StructureChanged(
        structure=structure, from_item=first, reason=reason.strip(), at=at, rule=rule
    )


def _first_open_item(state: TournamentState, at: float) -> int:
    """The index of the first item not yet started: the one after the item in progress, or
    0 before the clock starts."""
    if state.clock is None:
        return 0
    return state.clock.position(at).index + 1


def _clock_keeps_place(state: TournamentState, structure: Structure, at: float) -> bool:
    """The clock on the new structure stands where it stood: same item, same time in it (a
    clock whose last level runs on would otherwise jump into items added after it)."""
    if state.clock is None:
        return True
    before = state.clock.position(at)
    after = replace(state.clock, structure=structure).position(at)
    return (after.index, after.elapsed_in_item) == (before.index, before.elapsed_in_item)
