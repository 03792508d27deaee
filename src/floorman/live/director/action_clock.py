"""The action clock at a live table: a slow player put on the clock, and what happens when it
runs out (TDA R29, Belarus 7.1.7 note, Poland §5, PokerStars Live 3.11).

Pure like the rest of the core: the table's time comes in as an argument (``at``, seconds on
whatever clock the tablet keeps), never read here. The clock's length is the profile's
(``[tournament]`` ``clock_seconds`` and ``clock_countdown_seconds``, or the short-level values
in events whose levels are short enough, PokerStars Live 3.11.1); who may call it is
``clock_called_by``; the fold or check at expiry is the engine's (R29, Belarus 4.9.1). An action
made just as the countdown ends, within ``clock_grace_seconds``, counts as in time but waits
for the floor, who may rule it too late (PokerStars Live 3.11.2).

Each step is an event of the live hand's history: :class:`ClockCalled`, :class:`ClockExpired`
followed by the engine's expiry events, and a pending ruling for an action at the buzzer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import Check, Fold, PlayerAction
from floorman.engine.events import Acted
from floorman.engine.phase import BET
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.record import ASSIST
from floorman.live.decision import pick
from floorman.live.entries import Entry
from floorman.live.irregularities.all_in_choice import parameter_ruling
from floorman.live.live_events import (
    ClockCalled,
    ClockExpired,
    DirectorOverridden,
    Reading,
    RulingPending,
)
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.rules.ruleset import ClockCaller, ClockExpiry, Ruleset
from floorman.rules.ruling import RuleRef

PLAYER: Final = "player"
OFFICIAL: Final = "official"
IN_TIME: Final = "in-time"
TOO_LATE: Final = "too-late"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockLength:
    """How long a player on the clock has: ``seconds``, then a ``countdown`` (Poland counts its
    ten seconds inside the minute, so its 50 + 10 make the minute)."""

    seconds: int
    countdown: int
    rule: RuleRef

    @property
    def total(self) -> int:
        return self.seconds + self.countdown


def clock_length(rules: Ruleset, *, level_minutes: int | None = None) -> ClockLength:
    """The profile's clock; in events whose levels last ``short_level_minutes`` or less, the
    short one (PokerStars Live 3.11.1: 25 s + 5 s where levels last at most 25 minutes)."""
    if level_minutes is not None and level_minutes <= 0:
        raise MalformedInputError("a level lasts at least one minute", constraint="level-minutes")
    event = rules.tournament
    short = event.short_level_minutes
    if short and level_minutes is not None and level_minutes <= short:
        source = rules.sources.get("short_level_clock_seconds", "?")
        return ClockLength(
            seconds=event.short_level_clock_seconds,
            countdown=event.short_level_countdown_seconds,
            rule=RuleRef(rules.profile, source),
        )
    source = rules.sources.get("clock_seconds", "?")
    return ClockLength(
        seconds=event.clock_seconds,
        countdown=event.clock_countdown_seconds,
        rule=RuleRef(rules.profile, source),
    )


def running(live: LiveHand) -> ClockCalled | None:
    """The clock on the player to act, if one was called and nobody has acted since."""
    for event in reversed(live.history):
        if isinstance(event, ClockCalled):
            return event if live.hand.actor == event.seat else None
        if isinstance(event, Acted | ClockExpired | DirectorOverridden):
            return None  # an override of the expiry gives him more time, off the clock
    return None


def call(
    live: LiveHand,
    *,
    by: str,
    at: float,
    level_minutes: int | None = None,
    in_tournament: bool = True,
) -> LiveResult:
    """Put the player to act on the clock at ``at``. ``by`` is ``player`` (any player still
    in the tournament where the profile allows it: TDA R29, Poland §5.1) or ``official`` (the
    floor or the TD on his own, Poland §5.4; the only ones in Belarus, 7.1.7 note)."""
    rules, hand = live.rules, live.hand
    if by not in (PLAYER, OFFICIAL):
        raise MalformedInputError(
            f"the clock is called by a player or an official, not {by!r}", constraint="clock-caller"
        )
    _check_time(at)
    seat = hand.actor
    if hand.phase is not BET or seat is None or live.state.pending:
        raise IllegalActionError(
            rules.ruling(pick(rules, "clock"), "no-clock-now", "nobody is to act now")
        )
    if running(live) is not None:
        raise IllegalActionError(
            rules.ruling(pick(rules, "clock"), "clock-running", "the clock is already running")
        )
    if by == PLAYER and not _player_may_call(rules, in_tournament=in_tournament):
        raise IllegalActionError(
            parameter_ruling(
                rules, "clock_called_by", "clock-caller", "this player may not call the clock"
            )
        )
    length = clock_length(rules, level_minutes=level_minutes)
    event = ClockCalled(
        seat=seat,
        by=by,
        at=at,
        seconds=length.seconds,
        countdown=length.countdown,
        rule=length.rule,
    )
    return live.enter(Entry(event=event))


def _player_may_call(rules: Ruleset, *, in_tournament: bool) -> bool:
    return rules.clock_called_by is ClockCaller.ANY_PLAYER and in_tournament


def expire(live: LiveHand, *, at: float) -> LiveResult:
    """The countdown ended without an action: the engine's expiry (a fold, or a check where
    the profile allows one, TDA R29, Belarus 4.9.1, Poland §5.2, PokerStars Live 3.11)."""
    clock = _running_or_refuse(live)
    _check_time(at)
    if live.state.pending:
        first = next(iter(live.state.pending))
        raise IllegalActionError(
            live.rules.ruling(
                pick(live.rules, "director"),
                "ruling-pending",
                f"play waits for the director's ruling {first}",
                id=first,
            )
        )
    if at < clock.deadline:
        raise MalformedInputError(
            f"the clock runs until {clock.deadline}, not {at}", constraint="clock-not-run-out"
        )
    ruling = live.rules.ruling("clock", "clock-expired", "time ran out")  # as the engine cites it
    event = ClockExpired(seat=clock.seat, at=at, ruling=ruling)
    return live.enter(Entry(event=event, expire_clock=True))


def act(live: LiveHand, action: PlayerAction, *, at: float) -> LiveResult:
    """An action of the player to act, at ``at``. On the clock: in time until the countdown
    ends; within the profile's grace after it, in time but for the floor to confirm (PokerStars
    Live 3.11.2: ``in-time`` plays it, ``too-late`` applies the expiry); later, time ran out."""
    clock = running(live)
    _check_time(at)
    if clock is None or at <= clock.deadline:
        return live.act(action, seat=live.hand.actor)
    if at > clock.deadline + float(live.rules.clock_grace_seconds):
        return expire(live, at=at)
    return live.enter(Entry(event=_review(live, clock, action)))


def _review(live: LiveHand, clock: ClockCalled, action: PlayerAction) -> RulingPending:
    """The action at the buzzer, for the floor: it counts (the default), or time had run out."""
    rules, hand = live.rules, live.hand
    in_time = parameter_ruling(
        rules, "clock_grace_seconds", IN_TIME, "an action as the countdown ends is in time"
    )
    check = hand.legal_options().check and rules.clock_expiry is ClockExpiry.CHECK_OR_FOLD
    expired = rules.ruling(pick(rules, "clock"), "clock-expired", "time ran out")
    readings = (
        Reading(option=IN_TIME, action=action, ruling=in_time),
        Reading(option=TOO_LATE, action=Check() if check else Fold(), ruling=expired),
    )
    return RulingPending(
        id="",
        topic=ASSIST,
        question=f"seat {clock.seat} acted as his countdown ended: in time (the rule) or late?",
        options=(IN_TIME, TOO_LATE),
        rules=(in_time.rule, rules.cite(pick(rules, "director"))),
        seat=clock.seat,
        readings=readings,
    )


def _running_or_refuse(live: LiveHand) -> ClockCalled:
    clock = running(live)
    if clock is None:
        rules = live.rules
        raise IllegalActionError(
            rules.ruling(pick(rules, "clock"), "no-clock", "nobody is on the clock")
        )
    return clock


def _check_time(at: float) -> None:
    if at < 0:
        raise MalformedInputError(
            "a time on the table's clock is never negative", constraint="clock-time"
        )
