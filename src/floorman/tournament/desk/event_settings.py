"""The event's own settings of the entry desk: what a director chooses where a rulebook leaves
it to the event (or to the organiser, Poland P.1), beside the rulebook's parameters.

They are a value of :class:`~floorman.tournament.config.TournamentConfig`, and the director may
change them later (:class:`~floorman.tournament.desk.events.SettingsChanged`, Poland P.1 and
§55.7, PokerStars Live 6.12): :func:`settings_of` is the one place that reads them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.errors import MalformedInputError

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class EventSettings:
    """Choices each rulebook leaves to the event; the defaults change nothing."""

    deals_allowed: bool = True
    """Poland §58.1: deals follow the TD's rules; an event may forbid them outright."""
    id_required: bool = False
    """Poland §55.6 and §51.4: no registration, seat or payout without an ID checked by the
    staff; a venue that checks IDs at the door leaves it off."""
    reentry_surrenders_chips: bool = False
    """TDA R8-B: an event may let a player re-enter while he still has chips, which then leave
    play; off, a re-entry waits until he is out (the TDA's usual case)."""
    seat_activation: bool = False
    """PokerStars Live 2.1.2: a late entrant's stack plays only once every seat with his seat
    number is given out; then all the players of that number start together."""
    unsold_seats: int = 0
    """Poland §55.10: seats dealt in at the start with a starting stack and no player, blinded
    as absent players; a late registrant takes one with the chips left on it, and those
    still unsold leave play when late registration closes. Counted at the start only."""
    late_registration_level: int | None = None
    """Late registration runs through the end of this play level (1-based): every profile
    leaves the length of its late-entry window to the event (TDA R8-A). ``None``: no level end."""
    late_registration_until: float | None = None
    """Or until this moment (seconds since the epoch, as the commands' times); whichever end
    comes first closes it (:mod:`~floorman.tournament.desk.late_registration`)."""

    def __post_init__(self) -> None:
        if self.unsold_seats < 0:
            raise MalformedInputError(
                f"unsold seats must be zero or more, not {self.unsold_seats}",
                constraint="unsold-seats",
            )
        _check_late_registration(self.late_registration_level, self.late_registration_until)


def _check_late_registration(level: int | None, until: float | None) -> None:
    """A level end counts levels from 1; a time end is a finite moment."""
    if level is not None and (isinstance(level, bool) or not isinstance(level, int) or level < 1):
        raise MalformedInputError(
            f"late registration ends after a level numbered from 1, not {level!r}",
            constraint="late-registration",
        )
    if until is not None and (
        isinstance(until, bool) or not isinstance(until, int | float) or not math.isfinite(until)
    ):
        raise MalformedInputError(
            f"late registration's end time must be a moment in seconds, not {until!r}",
            constraint="late-registration",
        )


def settings_of(state: TournamentState) -> EventSettings:
    """The settings in force: the director's latest change, else the event's configuration."""
    changed = state.desk.settings
    return changed if changed is not None else state.config_.settings
