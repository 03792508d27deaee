"""The chips themselves, outside the chip races of the breaks: one player's chips coloured up
at the director's call, and chips found with no owner going back to the tournament's stock.

The director controls which chips are in play and may colour up any player at any time,
announcing it (TDA R25-B, RedCactus 25, PokerStars Live 3.3). The value never changes: his
stack is remade in the denominations left, largest first, and whatever the larger chips cannot
make stays in the smaller ones taken out (a colour-up is not a race: nothing is rounded).

Chips found whose owner cannot be named leave play for the stock (TDA R64, RedCactus 64).
The tournament's count of chips in play (``state.chips``) drops only by what no stack on
record held (:func:`~floorman.tournament.floor.manual_state.uncounted`: chips a director's console
has not placed yet); the rest were never in play by the tournament's count, since every stack
it knows is whole, and only the stock records them.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.tournament.desk.events import ChipsFound, PlayerColouredUp
from floorman.tournament.floor.manual_busts import in_play
from floorman.tournament.floor.manual_state import uncounted
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState


def colour_up(
    state: TournamentState, entry: str, remove: Sequence[int], at: float
) -> PlayerColouredUp:
    """``entry``'s chips of the ``remove`` denominations changed up, his value kept."""
    player = in_play(state, entry)
    assert state.clock is not None
    in_use = state.config_.structure.chips_after(state.clock.position(at).index)
    taken = tuple(sorted(set(remove)))
    if not taken or any(d not in in_use for d in taken) or len(taken) != len(remove):
        bad(f"name the denominations to change up, once each, among {list(in_use)}", "colour-up")
    kept = [d for d in in_use if d not in taken]
    if not kept:
        bad("a colour-up keeps at least one denomination in his stack", "colour-up")
    chips = stack_in_chips(player.stack, sorted(kept, reverse=True), sorted(taken, reverse=True))
    assert player.table is not None
    return PlayerColouredUp(
        entry=entry,
        table=player.table,
        stack=player.stack,
        removed=taken,
        chips=chips,
        at=at,
        rule=state.config_.ruleset.cite("colour-up").rule,
    )


def stack_in_chips(
    stack: int, larger: Sequence[int], smaller: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """``stack`` in the ``larger`` chips first, the rest in the ``smaller`` ones, each list
    largest first; refused if the chips cannot make it exactly."""
    counts: dict[int, int] = {}
    left = stack
    for chip in (*larger, *smaller):
        count, left = divmod(left, chip)
        if count:
            counts[chip] = counts.get(chip, 0) + count
    if left:
        bad(f"a stack of {stack} cannot be made of the chips in play", "colour-up")
    return tuple(sorted(counts.items(), reverse=True))


def found(state: TournamentState, chips: int, note: str, at: float) -> ChipsFound:
    """Chips found with no owner: to the stock, out of play as far as play counted them."""
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        bad("chips found are a whole amount of 1 or more", "chips")
    if not state.started:
        bad("before the start every chip is in the stock already", "started")
    from_play = min(chips, max(uncounted(state), 0))
    rule = state.config_.ruleset.cite("chip-inventory").rule
    return ChipsFound(chips=chips, from_play=from_play, note=note.strip(), at=at, rule=rule)
