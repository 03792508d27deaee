"""A hand starting at a table, and the exact replay of one a misdeal voided.

:meth:`~floorman.tournament.aggregate.Tournament.start_hand` records the deal as
:class:`~floorman.tournament.floor.hands_in_play.HandStarted`; these functions turn a setup into
that
event and the event back into the table and positions a re-deal is dealt with: the same level
and blinds even if the clock has moved on, the same button, the same players, a newcomer
seated since the misdeal left out (TDA R35-C, RedCactus 35).
"""

from __future__ import annotations

from floorman.tournament.floor.hands_in_play import HandStarted, positions_of
from floorman.tournament.floor.table_hand import HandResult, HandSetup
from floorman.tournament.seating.tables import Table


def started(
    setup: HandSetup, *, deal: int, index: int, redeal: bool, at: float, rule: str
) -> HandStarted:
    """The event of the deal ``setup`` describes, the ``deal``-th of the event."""
    positions = setup.positions
    return HandStarted(
        table=setup.table,
        deal=deal,
        level=setup.level,
        index=index,
        button=positions.button,
        small_blind=positions.small_blind,
        big_blind=positions.big_blind,
        dead_small_blind_seat=positions.dead_small_blind_seat,
        players=tuple(e for e in setup.seats if e is not None),
        redeal=redeal,
        at=at,
        rule=rule,
    )


def replay_table(table: Table, event: HandStarted) -> Table:
    """``table`` as it was dealt: whoever sits there now but was not dealt in (a newcomer
    seated since the misdeal) waits, and the players dealt in play, as they did."""
    dealt = set(event.players)
    return Table(
        number=table.number,
        seats=table.seats,
        last=table.last,
        waiting=frozenset(e for e in table.players if e not in dealt),
        vacated=table.vacated,
    )


def matches(result: HandResult, event: HandStarted) -> bool:
    """Whether ``result`` is the hand that was started: its level, positions and players."""
    players = {entry for entry, _ in result.stacks_before}
    return (
        result.level == event.level
        and result.positions == positions_of(event)
        and players == set(event.players)
    )
