"""The fold of the officials' penalty and misdeal events: the penalty ledger, the away
times, the re-deal a misdeal calls for.

Nothing here checks anything: every check was made when the event was decided.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import (
    MisdealRecorded,
    PenaltyGiven,
)
from floorman.tournament.officials.penalties import Penalty, serve_hand

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


def _penalty(state: TournamentState, event: PenaltyGiven) -> None:
    record = state.ledger.record(event.entry)
    penalty = Penalty.parse(event.step, offence=event.offence, rule=event.rule)
    state.ledger = state.ledger.with_record(
        replace(
            record,
            penalties=(*record.penalties, penalty),
            hands_left=record.hands_left + event.hands,
        )
    )
    if event.away_until is not None:
        state.away_until[event.entry] = event.away_until


def _misdeal(state: TournamentState, event: MisdealRecorded) -> None:
    for entry in event.served:
        state.ledger = serve_hand(state.ledger, entry)
    state.redeal[event.table] = frozenset(event.dead)


PENALTY_FOLD: dict[type, Callable[[TournamentState, Any], None]] = {
    PenaltyGiven: _penalty,
    MisdealRecorded: _misdeal,
}
