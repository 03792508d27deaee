"""The organiser's changes to the event itself: cancelled, suspended, moved, its rules or its
settings changed.

The organiser keeps the right to call off or change an event (PokerStars Live 6.12; Poland
§55.7: cancel, move, change or suspend it without notice; Poland P.1: change the rules, and
make every change known). These are his decisions, so floorman records them as he states
them, with the rule that allows them: a cancelled event plays and places nobody further; a
suspension stops the clock (resumed by the clock's own command); a change of settings takes
effect at once (:func:`~floorman.tournament.desk.event_settings.settings_of`); any other change
(a new venue or time, a rule changed) is recorded for the players to see.
"""

from __future__ import annotations

from enum import StrEnum

from floorman.tournament.desk import unsold_seats
from floorman.tournament.desk.event_settings import EventSettings, settings_of
from floorman.tournament.desk.events import EventChanged, SettingsChanged, TournamentCancelled
from floorman.tournament.desk.late_registration import check_end
from floorman.tournament.events import ClockPaused, TournamentEvent
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState


class Change(StrEnum):
    """What the organiser changed (Poland §55.7's four verbs, P.1's rules)."""

    SUSPENDED = "suspended"
    MOVED = "moved"
    RULES = "rules"
    OTHER = "other"


def cancel(state: TournamentState, *, reason: str, at: float) -> TournamentCancelled:
    """The event is called off (PokerStars Live 6.12, Poland §55.7)."""
    _check_live(state)
    return TournamentCancelled(reason=_said(reason), at=at, rule=_rule(state))


def change(
    state: TournamentState, *, what: Change | str, description: str, at: float
) -> list[TournamentEvent]:
    """A change the organiser announces; a suspension also stops the clock."""
    _check_live(state)
    try:
        kind = Change(what)
    except ValueError:
        bad(f"a change is one of {[c.value for c in Change]}, not {what!r}", "change")
    concept = "rule-change" if kind is Change.RULES else "event-change"
    rule = state.config_.ruleset.cite(concept).rule
    events: list[TournamentEvent] = [
        EventChanged(change=kind.value, description=_said(description), at=at, rule=rule)
    ]
    if kind is Change.SUSPENDED and state.clock is not None and state.clock.running:
        state.clock.pause(at)  # refuses a moment before the clock's last one
        events.append(ClockPaused(at=at))
    return events


def change_settings(
    state: TournamentState, *, settings: EventSettings, reason: str, at: float
) -> SettingsChanged:
    """New settings for the event from now on (Poland P.1)."""
    _check_live(state)
    if not isinstance(settings, EventSettings):
        bad("settings are an EventSettings", "settings")
    if settings == settings_of(state):
        bad("these are the settings in force already", "settings")
    unsold_seats.check_settings_change(state, settings)
    check_end(state.config_.structure, settings)
    rule = state.config_.ruleset.cite("rule-change").rule
    return SettingsChanged(settings=settings, reason=_said(reason), at=at, rule=rule)


def _check_live(state: TournamentState) -> None:
    if state.finished:
        bad("the tournament is over: there is nothing left to change", "finished")


def _said(text: str) -> str:
    if not text.strip():
        bad("the organiser's change is recorded with what he announced", "reason")
    return text.strip()


def _rule(state: TournamentState) -> str:
    return state.config_.ruleset.cite("event-change").rule
