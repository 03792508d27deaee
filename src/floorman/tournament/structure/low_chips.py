"""Low chips found after a chip race: a player still holding a denomination the race took out.

PokerStars Live 3.2: chips of a raced-off denomination found later are taken out of play and
exchanged at their value. floorman's stacks of record are whole after the race, so the chips
found are ones the record never held (a player who kept them aside): their value is counted
in the smallest chip still in play, rounded as the race rounds its leftovers (to the nearest
chip, halves up, :mod:`.chip_race`), and that much joins his stack and the chips in play. A
value under half a chip leaves play with nothing in exchange, as a race leftover would.
"""

from __future__ import annotations

from floorman.tournament.desk.events import LowChipsExchanged
from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.refusals import bad, source
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.levels import Break


def exchange(
    state: TournamentState, *, entry: str, denomination: int, count: int, at: float
) -> LowChipsExchanged:
    """``count`` chips of ``denomination`` found on ``entry`` after the race that removed it,
    exchanged at value in the smallest chip in play."""
    entry_in_play(state, entry)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        bad(f"chips found are counted 1 or more, not {count!r}", "count")
    if denomination not in raced_off(state):
        bad(f"{denomination} is not a denomination a chip race has removed", "denomination")
    assert state.clock is not None  # a race has run, so the clock has started
    unit = state.config_.structure.smallest_chip_after(state.clock.position(at).index)
    value = denomination * count
    credited = (2 * value + unit) // (2 * unit) * unit
    return LowChipsExchanged(
        entry=entry,
        denomination=denomination,
        count=count,
        credited=credited,
        at=at,
        rule=source(state.config_.ruleset, "chip_race"),
    )


def raced_off(state: TournamentState) -> frozenset[int]:
    """The denominations the chip races run so far have taken out of play."""
    items = state.config_.structure.items
    return frozenset(
        chip
        for index in state.raced
        if isinstance(item := items[index], Break)
        for chip in item.colour_up
    )
