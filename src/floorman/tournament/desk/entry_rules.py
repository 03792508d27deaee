"""Registration checks: who may enter, until when, and with how many chips.

Three questions a registration desk answers before an entry exists, each a pure function of
numbers the tournament already holds (the clock's reading, the current level, the count of
players out), so the tournament aggregate and a desk display ask the same functions:

* :func:`check_age`: the minimum age (Belarus 1.1: 17 or older; Poland §55.1 leaves the age to
  the event; the TDA default in :class:`~floorman.rules.tournament_rules.TournamentRules` is 18).
* :func:`late_entry_open`: whether late entry is still open, and why not when it is closed.
* :func:`late_entry_stack`: the stack a late entry receives,
  :class:`~floorman.rules.tournament_rules.LateEntryStack`:

  ``FULL`` (TDA R8-A, PokerStars Live 2.1.1, RedCactus Finals, Poland §56.2 for alternates)
      The starting stack.
  ``MINUS_BIG_BLIND_PER_ELIMINATION`` (RedCactus 7a, weekly events)
      One blind of the current level taken off for every player already eliminated; the
      profile's decision 6 reads "a blind" as the big blind, counted when the entry is made.
  ``MINUS_BLINDS_PER_20_MINUTES`` (Poland §55.11)
      One small blind and one big blind for every full 20 minutes since the start, and once
      antes are in force one round of antes (the ante times the table's maximum seats) for
      every full 20 minutes since they began; partial periods do not count and both are valued
      at the level in force at registration (the profile's decision on §55.11, scenario T15).

  The stack is rounded down to whole chips of the smallest denomination in play, since a
  fraction of a chip cannot be handed out and rounding up would give more than the rule
  allows. An entry that would receive nothing is refused rather than given a token chip:
  RedCactus's decision 6 refuses it, and the other books never reduce a stack that far.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef, Ruling
from floorman.rules.tournament_rules import LateEntryStack

DEDUCTION_PERIOD_MINUTES = 20
"""Poland §55.11 deducts blinds and antes per this many minutes played."""

METHOD_RULES: dict[LateEntryStack, RuleRef] = {
    LateEntryStack.FULL: RuleRef("tda-2022", "R8-A"),
    LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION: RuleRef("redcactus", "7"),
    LateEntryStack.MINUS_BLINDS_PER_20_MINUTES: RuleRef("poland-pzp", "§55.11"),
}
"""The rule each method comes from: what a refusal cites unless the caller names another."""


def age_on(birth_date: date, on: date) -> int:
    """Whole years between a birth date and a day; someone born on 29 February comes of age
    on 1 March in years without one."""
    if birth_date > on:
        raise MalformedInputError(
            f"a birth date of {birth_date} is after {on}", constraint="birth-date"
        )
    before_birthday = (on.month, on.day) < (birth_date.month, birth_date.day)
    return on.year - birth_date.year - before_birthday


def check_age(birth_date: date, on: date, minimum_age: int, *, profile: str, rule: str) -> None:
    """Refuse an entrant younger than ``minimum_age`` on the day ``on`` (Belarus 1.1: 17),
    citing ``rule`` of ``profile``."""
    if minimum_age < 0:
        raise MalformedInputError(
            f"a minimum age is 0 or more, not {minimum_age}", constraint="minimum-age"
        )
    age = age_on(birth_date, on)
    if age < minimum_age:
        raise IllegalActionError(
            Ruling(
                RuleRef(profile, rule),
                "minimum-age",
                f"entrants must be {minimum_age} or older; this player is {age}",
                (("minimum_age", minimum_age), ("age", age)),
            )
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LateEntryWindow:
    """Whether late entry is open; when closed, a key and a reason to show the player."""

    open: bool
    key: str = ""
    """``late-entry-time`` or ``late-entry-level`` when closed, empty when open."""
    reason: str = ""

    def __bool__(self) -> bool:
        return self.open


def late_entry_open(
    *,
    minutes_since_start: float,
    window_minutes: int | None,
    level_number: int,
    last_level: int | None = None,
) -> LateEntryWindow:
    """Late entry is open up to and including the window's last minute (RedCactus decision 6:
    entries up to the last second of the hour are accepted) and through the last level, if
    the event sets one. ``None`` for either means the event sets no such limit."""
    if minutes_since_start < 0 or level_number < 1:
        raise MalformedInputError(
            "the minutes played are 0 or more and levels are numbered from 1",
            constraint="late-entry-clock",
        )
    if (window_minutes is not None and window_minutes < 0) or (
        last_level is not None and last_level < 1
    ):
        raise MalformedInputError(
            "a late-entry window is 0 minutes or more and a last level 1 or more",
            constraint="late-entry-window",
        )
    if window_minutes is not None and minutes_since_start > window_minutes:
        return LateEntryWindow(
            open=False,
            key="late-entry-time",
            reason=f"late entry closed {window_minutes} minutes after the start",
        )
    if last_level is not None and level_number > last_level:
        return LateEntryWindow(
            open=False,
            key="late-entry-level",
            reason=f"late entry closed at the end of level {last_level}",
        )
    return LateEntryWindow(open=True)


def late_entry_stack(
    *,
    method: LateEntryStack,
    starting_stack: int,
    big_blind: int,
    small_blind: int,
    ante_round: int,
    eliminated: int,
    minutes_played: float,
    smallest_chip: int,
    ante_minutes_played: float | None = None,
    cite: RuleRef | None = None,
) -> int:
    """The chips a late entry receives now, by the profile's ``method``.

    ``big_blind`` and ``small_blind`` are the current level's; ``ante_round`` is one round of
    its antes at a full table (the ante times the table's maximum seats, 0 without antes);
    ``eliminated`` counts the players already out. ``ante_minutes_played`` is the time since
    antes came into force (Poland §55.11, T15: from 12:40 when the start was 12:00), the same
    as ``minutes_played`` when not given. A stack that comes to nothing is refused with an
    :class:`IllegalActionError` citing ``cite``, by default the rule the method comes from.
    """
    _check_stack_inputs(
        starting_stack=starting_stack,
        big_blind=big_blind,
        small_blind=small_blind,
        ante_round=ante_round,
        eliminated=eliminated,
        minutes=(minutes_played, ante_minutes_played or 0.0),
        smallest_chip=smallest_chip,
    )
    if method is LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION:
        deduction = big_blind * eliminated
    elif method is LateEntryStack.MINUS_BLINDS_PER_20_MINUTES:
        ante_minutes = minutes_played if ante_minutes_played is None else ante_minutes_played
        deduction = (
            _periods(minutes_played) * (small_blind + big_blind)
            + _periods(ante_minutes) * ante_round
        )
    else:
        deduction = 0
    stack = (starting_stack - deduction) // smallest_chip * smallest_chip
    if stack <= 0:
        raise IllegalActionError(
            Ruling(
                cite or METHOD_RULES[method],
                "late-entry-no-stack",
                f"late entry refused: {deduction} chips come off a starting stack of "
                f"{starting_stack}, leaving nothing to play",
                (("deduction", deduction), ("starting_stack", starting_stack)),
            )
        )
    return stack


def _periods(minutes: float) -> int:
    """Full 20-minute periods; a period under way does not count (Poland T15)."""
    return int(minutes // DEDUCTION_PERIOD_MINUTES)


def _check_stack_inputs(
    *,
    starting_stack: int,
    big_blind: int,
    small_blind: int,
    ante_round: int,
    eliminated: int,
    minutes: tuple[float, float],
    smallest_chip: int,
) -> None:
    if starting_stack < 1 or smallest_chip < 1:
        raise MalformedInputError(
            "the starting stack and the smallest chip are 1 or more", constraint="late-entry-stack"
        )
    if not 0 <= small_blind <= big_blind or ante_round < 0:
        raise MalformedInputError(
            f"blinds {small_blind}/{big_blind} and an ante round of {ante_round}: the small "
            "blind is 0 to the big blind and the antes 0 or more",
            constraint="late-entry-level",
        )
    if eliminated < 0 or min(minutes) < 0:
        raise MalformedInputError(
            "players eliminated and minutes played are 0 or more",
            constraint="late-entry-clock",
        )
