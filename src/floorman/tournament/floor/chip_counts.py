"""Chip counts the floor enters: at a break, at the end of a day, or any time for a player or
a table.

A count replaces the stack on record (the old one is kept in the event, so a correction is
just a later count). The event's chip total never moves by accident: the chips in play are
known exactly from the entries, rebuys, races and removals, so

- a count of some players takes what it adds to their stacks from the chips no stack holds
  yet (:func:`~.manual_state.uncounted`: the other players' stacks have drifted as much the
  other way), and gives back what it removes;
- a count of every player still in must add up to the chips in play;
- the director may change the total only on purpose, with ``adjust`` and a reason (chips
  found on the floor, a miscounted rebuy): the adjustment is recorded with the count.

A count is refused when a stack would exceed the chips in play (a typing slip), and a count of
nothing: a player with no chips left is out, which :meth:`bust` records.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.tournament.floor.manual_busts import in_play
from floorman.tournament.floor.manual_events import ChipsCounted
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState


def decide_count(
    state: TournamentState,
    counts: Mapping[str, int],
    *,
    at: float,
    adjust: bool,
    reason: str,
) -> ChipsCounted:
    """The count (checked, not applied)."""
    if not counts:
        bad("a count names at least one player", "counts")
    if adjust and not reason.strip():
        bad("an adjustment of the chips in play needs a reason", "reason")
    lines = tuple((entry, in_play(state, entry).stack, counts[entry]) for entry in counts)
    ceiling = None if adjust else state.chips
    for entry, _, stack in lines:
        _check_stack(entry, stack, ceiling)
    full = set(counts) >= _counted_players(state)
    change = sum(new - old for _, old, new in lines)
    adjustment = _adjustment(state, lines, full=full, adjust=adjust, change=change)
    return ChipsCounted(
        counts=lines,
        full=full,
        adjustment=adjustment,
        reason=reason.strip(),
        at=at,
        rule=state.config_.ruleset.cite("general").rule if adjustment else "",
    )


def _counted_players(state: TournamentState) -> set[str]:
    """The players whose chips are in play: still in, seated, not out waiting for a place."""
    out = {bust.entry for bust in state.pending}
    return {
        e.entry
        for e in state.entries.values()
        if e.alive and e.table is not None and e.entry not in out
    }


def _check_stack(entry: str, stack: object, ceiling: int | None) -> None:
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
        bad(f"{entry}: a count is a whole number of chips, at least 1 (out: enter a bust)", "count")
    if ceiling is not None and stack > ceiling:
        bad(f"{entry}: {stack} is more than the {ceiling} chips in play", "count")


def _adjustment(
    state: TournamentState,
    lines: tuple[tuple[str, int, int], ...],
    *,
    full: bool,
    adjust: bool,
    change: int,
) -> int:
    """Chips the count adds to play (negative: removes): a full count's difference from the
    chips in play, or a partial count's change, and only when the director adjusts."""
    if not full:
        return change if adjust else 0
    counted = sum(new for _, _, new in lines)
    difference = counted - state.chips
    if difference and not adjust:
        bad(
            f"the counts add up to {counted} but {state.chips} chips are in play: count again, "
            "or adjust the chips in play with a reason",
            "chip-total",
        )
    return difference
