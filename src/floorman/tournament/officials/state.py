"""The fold of the officials' events (:mod:`.official_events`), registered in
:mod:`floorman.tournament.state` like the formats' and the console's.

A ruling on the record changes nothing the tournament plays by: it lives in the log, where the
records read it. Nothing here checks anything (every check was made when it was decided).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.tournament.officials.events import RulingRecorded

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


def _recorded(state: TournamentState, event: RulingRecorded) -> None:
    """Nothing to fold: the ruling is the log's and the records'."""


OFFICIAL_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    RulingRecorded: _recorded,
}
"""The fold of each officials' event."""
