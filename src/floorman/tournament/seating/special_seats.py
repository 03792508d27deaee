"""A seat the director gives a player for special needs, outside the draw.

Seats are drawn and players may not swap them (PokerStars Live 2.1, TDA R7), but a player with
special physical needs is given a seat that suits him where it can be done (TDA R9, RedCactus
8; Poland §13.4: moved elsewhere when the drawn seat is difficult for him; PokerStars Live
2.1: the staff reseat him). The seat is free (nobody is moved out for him) and the move is a
``PlayerMoved`` with reason ``special-needs``, the director's reason as its note, citing the
profile's rule; like every move it carries the instruction read to the player. Balancing then
avoids moving him again when it can, as it does for anyone moved once.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.tournament.events import PlayerMoved
from floorman.tournament.floor.manual_seating import decide_move
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState


def special_needs_seat(
    state: TournamentState, *, entry: str, table: int, seat: int, reason: str
) -> PlayerMoved:
    """``entry`` to the free seat ``seat`` (0-based) of ``table`` for ``reason``."""
    if not state.started:
        bad("seats are drawn at the start: a special-needs seat is given after it", "started")
    move = decide_move(state, entry=entry, to_table=table, to_seat=seat, reason=reason)
    rule = state.config_.ruleset.cite("special-needs").rule
    return replace(move, reason="special-needs", rule=rule)
