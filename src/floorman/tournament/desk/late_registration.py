"""The late-registration end the event sets: through the end of a play level, or until a time.

Every profile lets late entries in while its own window lasts (TDA R8-A, RedCactus 7's
minutes, Belarus 3.3, PokerStars Live 2.1.1, Poland §55.2) and leaves its length to the event.
The director states it at creation (``EventSettings.late_registration_level`` or
``late_registration_until``) and may change it later (``set-late-registration``): whichever
end comes first closes the desk to late entries and re-entries. A refusal after the end cites
the profile's late-entry rule and says which end passed.

The level end is on the clock's axis (pauses stop it, time added moves it); the time end is
a moment on the commands' axis (seconds since the epoch in the service), so it passes while
the clock is paused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.errors import MalformedInputError
from floorman.tournament.desk.event_settings import EventSettings, settings_of
from floorman.tournament.refusals import refuse
from floorman.tournament.structure.levels import Level, Structure
from floorman.tournament.views.values import ViewValue

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class LateRegistrationEnd(ViewValue):
    """The end the event set and how far off it is, as a clock counts it down."""

    level: int | None
    """Late registration runs through the end of this play level."""
    until: float | None
    """Or until this moment."""
    seconds_left: float | None
    """Until the nearer end, at the moment of the view; ``None`` before the clock starts
    (a level end only counts once the clock runs); 0 once an end has passed."""
    open: bool
    """No end has passed yet (the staff may still close registration themselves)."""


def check_end(structure: Structure, settings: EventSettings) -> None:
    """Refuse a level end beyond the structure (a typed 4xx, nothing changes)."""
    level = settings.late_registration_level
    if level is not None and level > len(structure.levels):
        raise MalformedInputError(
            f"late registration cannot end after level {level}: the structure has "
            f"{len(structure.levels)} levels",
            constraint="late-registration",
        )


def level_end_seconds(structure: Structure, level: int) -> float:
    """Structure seconds at which play level ``level`` (1-based) ends."""
    bounds = structure.boundaries
    seen = 0
    for index, item in enumerate(structure.items):
        if isinstance(item, Level):
            seen += 1
            if seen == level:
                return float(bounds[index + 1])
    return float(bounds[-1])


def seconds_left(state: TournamentState, at: float) -> float | None:
    """Seconds until the event's nearer late-registration end; ``None`` when it set none or
    (a level end only) the clock has not started."""
    settings = settings_of(state)
    left: list[float] = []
    if settings.late_registration_until is not None:
        left.append(settings.late_registration_until - at)
    clock = state.clock
    if settings.late_registration_level is not None and clock is not None:
        now = max(at, clock.updated_at or at)
        end = level_end_seconds(clock.structure, settings.late_registration_level)
        left.append(end - clock.elapsed(now))
    return max(min(left), 0.0) if left else None


def time_passed(state: TournamentState, at: float) -> bool:
    """The end time the event set has come at ``at``."""
    until = settings_of(state).late_registration_until
    return until is not None and at >= until


def level_passed(state: TournamentState, at: float) -> int | None:
    """The end level the event set when the clock has played through it at ``at``."""
    level = settings_of(state).late_registration_level
    clock = state.clock
    if level is None or clock is None:
        return None
    now = max(at, clock.updated_at or at)
    ended = clock.elapsed(now) >= level_end_seconds(clock.structure, level)
    return level if ended else None


def passed(state: TournamentState, at: float) -> bool:
    """Either end the event set has passed at ``at``."""
    return time_passed(state, at) or level_passed(state, at) is not None


def check_not_passed(state: TournamentState, at: float) -> None:
    """Refuse a late entry (or re-entry) after the event's end, citing the profile's
    late-entry rule (TDA R8-A, RedCactus 7, Belarus 3.3, PokerStars Live 2.1.1, Poland §55.2)
    and saying which end passed."""
    ruleset = state.config_.ruleset
    rule = ruleset.cite("late-entry").rule
    level = level_passed(state, at)
    if level is not None:
        refuse(
            ruleset, rule, "late-entry", f"late registration ended with level {level}", level=level
        )
    if time_passed(state, at):
        refuse(ruleset, rule, "late-entry", "late registration ended at the time the event set")


def end_view(state: TournamentState, at: float) -> LateRegistrationEnd | None:
    """The end for the clock and the console; ``None`` when the event set none."""
    settings = settings_of(state)
    if settings.late_registration_level is None and settings.late_registration_until is None:
        return None
    left = seconds_left(state, at)
    return LateRegistrationEnd(
        level=settings.late_registration_level,
        until=settings.late_registration_until,
        seconds_left=None if left is None else round(left, 1),
        open=not passed(state, at),
    )
