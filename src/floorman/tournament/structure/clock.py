"""The level clock, derived from timestamps: where the structure stands at any moment.

DESIGN: the clock never counts. Its state is the moments the caller gave it (start, pauses,
hand-for-hand) and two sums (time stopped, time the director added); every question ("which
level, how long left?") is answered from those and the moment asked about, ``now``. Nothing
here reads the wall clock, so replaying the same events gives the same answers, and a clock
restored from the event log after a crash is exactly where it was.

The structure time is one number, ``elapsed``: real seconds the clock has run, minus time the
director added, plus the fixed charges of hand-for-hand hands. The structure's items are laid
end to end on that axis (:attr:`Structure.boundaries`); the last level has no end: once its
time is up the clock shows 0 and keeps that level (the event plays on at it).

Rules: a level changes when its time runs out and applies from the next hand (TDA R23,
PokerStars Live 4.1, RedCactus 23, PZP §17.1), so a hand keeps the level of the moment it
started: :func:`level_for_hand`. During hand-for-hand real time stops and each hand costs two
minutes, starting with the hand in progress at the announcement (TDA RP-8-B, RP-8-C), and the
blinds keep rising as those minutes run off (RP-8-D, decision A21). Dealers are not pushed in
the last 90 seconds before a level change or break (RP-7): :meth:`Clock.dealer_change_allowed`.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, replace

from floorman.errors import refuse
from floorman.tournament.structure.levels import Break, Level, Structure

SKIP_SECONDS = 1e-3
"""Slack in the checks of time added or taken: going to the next item lands a microsecond
past its start, so float rounding never leaves the clock a hair before it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockPosition:
    """What a clock display shows at one moment."""

    index: int
    """The item of the structure in progress (the last level once the structure is over)."""
    item: Level | Break
    level_number: int | None
    """1-based number of the level in progress; ``None`` during a break."""
    elapsed: float
    """Structure seconds since the start: the sum of the items before plus ``elapsed_in_item``."""
    elapsed_in_item: float
    remaining: float
    """Seconds left in the item; 0 once the last level's time is up."""
    next_level: Level | None
    next_break: Break | None
    """The next break after the item in progress, with the chips it colours up."""
    next_break_in: float | None
    """Seconds until that break starts; ``None`` when no break is ahead."""
    finished: bool
    """The structure's time is used up; the last level goes on."""
    running: bool
    """Real time is moving the clock: started, not paused, not hand-for-hand."""
    paused: bool
    hand_for_hand: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Clock:
    """The level clock as a value: every command returns a new clock.

    Times are seconds on any axis the caller likes (POSIX time, seconds since doors opened),
    given in order: a command or query earlier than the last command is refused, because the
    sums kept here cannot be unwound.
    """

    structure: Structure
    started_at: float | None = None
    paused_at: float | None = None
    """When the director's pause in force began; ``None`` when not paused."""
    hand_for_hand_since: float | None = None
    """When hand-for-hand play was announced; ``None`` when not playing hand-for-hand."""
    stopped_since: float | None = None
    """When real time last stopped driving the clock (pause or hand-for-hand, whichever came
    first); ``None`` while it runs or before the start."""
    stopped_seconds: float = 0.0
    """Total real time the clock stood still after the start (pauses and hand-for-hand
    periods, overlaps counted once), not counting the stop in progress."""
    adjusted_seconds: float = 0.0
    """Time the director added (+) or removed (-): adding gives the level more time left."""
    charged_seconds: float = 0.0
    """Level time charged for hand-for-hand hands (TDA RP-8-B)."""
    updated_at: float | None = None
    """The latest moment a command gave; commands and queries may not go back before it."""

    def __post_init__(self) -> None:
        if not isinstance(self.structure, Structure):
            refuse("a clock runs a Structure", "structure")

    @classmethod
    def for_structure(cls, structure: Structure) -> Clock:
        """A clock at the start of ``structure``, not yet running."""
        return cls(structure=structure)

    # --- commands ----------------------------------------------------------------------------

    def start(self, at: float) -> Clock:
        """Start the first item's time at ``at``."""
        self._check_time(at)
        if self.started_at is not None:
            refuse("the clock has already started", "started")
        return replace(self, started_at=at, updated_at=at)

    def pause(self, at: float) -> Clock:
        """The director stops the clock (for a dispute, an emergency, the end of a day)."""
        self._check_running_state(at)
        if self.paused_at is not None:
            refuse("the clock is already paused", "paused")
        return self._stop(at, paused_at=at, hand_for_hand_since=self.hand_for_hand_since)

    def resume(self, at: float) -> Clock:
        self._check_time(at)
        if self.paused_at is None:
            refuse("the clock is not paused", "not-paused")
        return self._go(at, paused_at=None, hand_for_hand_since=self.hand_for_hand_since)

    def add_time(self, seconds: float, *, at: float | None = None) -> Clock:
        """Give the item in progress ``seconds`` more (negative: less) time.

        Refused, not clamped, beyond the item in progress: adding more than it has run would
        reopen the item before it, removing more than it has left would skip into the next.
        The check is made at ``at``, or at the last command's moment when ``at`` is omitted
        (the same for a paused clock, where directors usually set the time).
        """
        _check_number(seconds, "seconds")
        moment = self.updated_at if at is None else at
        if self.started_at is None or moment is None:
            refuse("start the clock before setting its time", "not-started")
        now = self.position(moment)
        what = "break" if isinstance(now.item, Break) else "level"
        if seconds > now.elapsed_in_item + SKIP_SECONDS:
            refuse(
                f"this {what} has run only {math.floor(now.elapsed_in_item)} s: at most that "
                "much can be added",
                "add-time",
            )
        if -seconds > now.remaining + SKIP_SECONDS:
            refuse(
                f"only {math.floor(now.remaining)} s are left in this {what}: take off less, "
                "or go to the next level",
                "add-time",
            )
        return replace(self, adjusted_seconds=self.adjusted_seconds + seconds, updated_at=moment)

    def to_next_item(self, at: float) -> float:
        """The seconds to take off (negative) so that the next item of the structure starts
        at ``at``: the director's "next level" (a break ahead comes first). Refused on the
        last item, which has no end."""
        self._check_running_state(at)
        now = self.position(at)
        if now.index == len(self.structure.items) - 1:
            refuse("this is the last level: there is no next one", "next-level")
        return -(now.remaining + SKIP_SECONDS / 1000)

    def to_time_left(self, seconds_left: float, at: float) -> float:
        """The seconds to add (or take off) so the item in progress has ``seconds_left`` left
        at ``at``: the director's "set the time left", at most the item's own length."""
        _check_number(seconds_left, "seconds")
        self._check_running_state(at)
        now = self.position(at)
        length = now.elapsed_in_item + now.remaining
        if not 1 <= seconds_left <= length:
            refuse(
                f"the time left must be between 1 s and the item's {math.floor(length)} s",
                "time-left",
            )
        return seconds_left - now.remaining

    def hand_for_hand_start(self, at: float) -> Clock:
        """Hand-for-hand is announced at ``at``: from now on real time does not run the level
        (TDA RP-8-B); :meth:`hand_for_hand_hand` charges each hand instead."""
        self._check_running_state(at)
        if self.hand_for_hand_since is not None:
            refuse("hand-for-hand play is already on", "hand-for-hand")
        return self._stop(at, paused_at=self.paused_at, hand_for_hand_since=at)

    def hand_for_hand_hand(self, seconds: float = 120) -> Clock:
        """Charge one hand-for-hand hand to the level: call it once for each hand as it
        completes, the first for the hand in progress at the announcement (TDA RP-8-B, T59),
        so the clock drops two minutes per hand, hand by hand (RP-8-C). The charge carries
        into the next level when it crosses the end of one (RP-8-D).

        ``seconds`` comes from the profile (``TournamentRules.hand_for_hand_seconds_per_hand``).
        """
        _check_number(seconds, "seconds")
        if seconds <= 0:
            refuse("a hand-for-hand hand charges more than 0 seconds", "seconds")
        if self.hand_for_hand_since is None:
            refuse("hand-for-hand play is not on", "not-hand-for-hand")
        return replace(self, charged_seconds=self.charged_seconds + seconds)

    def hand_for_hand_end(self, at: float) -> Clock:
        """Back to normal play at ``at``: real time runs the level again."""
        self._check_time(at)
        if self.hand_for_hand_since is None:
            refuse("hand-for-hand play is not on", "not-hand-for-hand")
        return self._go(at, paused_at=self.paused_at, hand_for_hand_since=None)

    # --- queries ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Real time is moving the clock: started, not paused, not hand-for-hand."""
        return self.started_at is not None and self.stopped_since is None

    def elapsed(self, now: float) -> float:
        """Structure seconds at ``now``: real running time, minus time added, plus charges."""
        self._check_time(now)
        if self.started_at is None:
            return 0.0
        until = now if self.stopped_since is None else self.stopped_since
        ran = until - self.started_at - self.stopped_seconds
        return ran - self.adjusted_seconds + self.charged_seconds

    def position(self, now: float) -> ClockPosition:
        """Where the structure stands at ``now``."""
        elapsed = self.elapsed(now)
        items = self.structure.items
        bounds = self.structure.boundaries
        finished = elapsed >= bounds[-1]
        index = min(max(bisect.bisect_right(bounds, elapsed) - 1, 0), len(items) - 1)
        following = items[index + 1 :]
        breaks = [n for n in range(index + 1, len(items)) if isinstance(items[n], Break)]
        next_break = items[breaks[0]] if breaks else None
        return ClockPosition(
            index=index,
            item=items[index],
            level_number=self.structure.level_number(index),
            elapsed=elapsed,
            elapsed_in_item=elapsed - bounds[index],
            remaining=max(bounds[index + 1] - elapsed, 0.0),
            next_level=next((i for i in following if isinstance(i, Level)), None),
            next_break=next_break if isinstance(next_break, Break) else None,
            next_break_in=bounds[breaks[0]] - elapsed if breaks else None,
            finished=finished,
            running=self.running,
            paused=self.paused_at is not None,
            hand_for_hand=self.hand_for_hand_since is not None,
        )

    def played_seconds(self, now: float) -> float:
        """Structure seconds spent in levels, breaks left out: the "time played" that late
        entry windows and late-entry stack reductions count (PZP §56)."""
        elapsed = self.elapsed(now)
        bounds = self.structure.boundaries
        last = len(self.structure.items) - 1
        return sum(
            max(min(elapsed, bounds[i + 1] if i < last else math.inf) - bounds[i], 0.0)
            for i, item in enumerate(self.structure.items)
            if isinstance(item, Level)
        )

    def dealer_change_allowed(self, now: float, *, margin_seconds: float = 90) -> bool:
        """Whether dealers may be pushed at ``now``: not within ``margin_seconds`` of a level
        change or break, so the push does not cost a hand at the old level (TDA RP-7). During
        a break, and once the last level runs on, nothing is about to change."""
        position = self.position(now)
        if isinstance(position.item, Break) or position.index == len(self.structure.items) - 1:
            return True
        return position.remaining >= margin_seconds

    # --- helpers ---------------------------------------------------------------------------

    def _check_time(self, at: float) -> None:
        _check_number(at, "time")
        if self.updated_at is not None and at < self.updated_at:
            refuse(
                f"time {at:g} is before the clock's last command at {self.updated_at:g}",
                "time-order",
            )

    def _check_running_state(self, at: float) -> None:
        self._check_time(at)
        if self.started_at is None:
            refuse("the clock has not started", "not-started")

    def _stop(
        self, at: float, *, paused_at: float | None, hand_for_hand_since: float | None
    ) -> Clock:
        """Record a pause or hand-for-hand beginning at ``at``; the clock stops unless it
        already stood still for the other reason."""
        stopped = self.stopped_since if self.stopped_since is not None else at
        return replace(
            self,
            paused_at=paused_at,
            hand_for_hand_since=hand_for_hand_since,
            stopped_since=stopped,
            updated_at=at,
        )

    def _go(
        self, at: float, *, paused_at: float | None, hand_for_hand_since: float | None
    ) -> Clock:
        """End a pause or hand-for-hand at ``at``; the clock runs again unless the other
        reason still holds it."""
        still = paused_at is not None or hand_for_hand_since is not None
        stopped = self.stopped_seconds
        if not still and self.stopped_since is not None:
            stopped += at - self.stopped_since
        return replace(
            self,
            paused_at=paused_at,
            hand_for_hand_since=hand_for_hand_since,
            stopped_since=self.stopped_since if still else None,
            stopped_seconds=stopped,
            updated_at=at,
        )


def level_for_hand(clock: Clock, hand_started_at: float) -> Level:
    """The level a hand is played at: the clock's level at the moment the hand started.

    A level that begins during a hand applies from the next hand (TDA R23, PokerStars Live
    4.1, RedCactus 23), so the aggregate asks this once, when the hand starts (the first
    riffle, the shuffler's button or the dealer change, as the event sets it: decision A22),
    and keeps the answer for the whole hand. Refused before the clock starts and during a
    break, when no hand may begin.
    """
    if clock.started_at is None:
        refuse("the clock has not started: no hand is dealt yet", "not-started")
    position = clock.position(hand_started_at)
    if not isinstance(position.item, Level):
        refuse("no hand starts during a break", "on-break")
    return position.item


def _check_number(value: object, name: str) -> None:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        refuse(f"{name} must be a finite number of seconds, not {value!r}", name)
