"""The clock as every view shows it: the level or break in progress, its time left, the next
level and break, the colour-up notice (TDA R24), and when the clock alone changes all that."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.late_registration import LateRegistrationEnd, end_view
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.clock import ClockPosition
from floorman.tournament.structure.levels import Break, Level, Structure
from floorman.tournament.views.values import ViewValue


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes(ViewValue):
    """The forced bets and bet sizes of one level, as a clock display shows them."""

    level: int
    game: str
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: str
    small_bet: int
    big_bet: int
    bring_in: int
    minutes: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUp(ViewValue):
    """Chips about to leave play: raced off at a break (TDA R24, R25)."""

    chips: tuple[int, ...]
    now: bool
    """The break in progress colours them up; otherwise the next break does."""
    in_seconds: float | None
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockView(ViewValue):
    """Where the structure stands: the level or break, its time left, what comes next."""

    status: str
    """``running``, ``paused``, ``hand-for-hand``, ``on-break`` or ``finished``."""
    level: Stakes | None
    """The level in progress; ``None`` during a break."""
    on_break: bool
    remaining: float
    """Seconds left in the level or break in progress (0 once the last level's time is up)."""
    next_level: Stakes | None
    next_break_in: float | None
    """Seconds until the next break; ``None`` when no break is ahead."""
    colour_up: ColourUp | None
    announcement: str | None = None
    """In the first minutes of a level: the level change with its new limits, as the staff
    announce it (Poland §17.1), and the decks to change with it (Poland §16.1)."""
    late_registration: LateRegistrationEnd | None = None
    """The late-registration end the event set, counted down on the clock."""


ANNOUNCE_SECONDS = 120.0
"""How long after a level starts its announcement stays on the clock."""


def clock_view(tournament: Tournament, at: float) -> ClockView | None:
    """The clock at ``at`` (never earlier than its last command); ``None`` before the start."""
    state = tournament.state
    clock = state.clock
    if clock is None:
        return None
    now = max(at, clock.updated_at or at)
    position = clock.position(now)
    structure = tournament.config.structure
    level = position.item if isinstance(position.item, Level) else None
    following = position.next_level
    return ClockView(
        status=_status(state, position),
        level=None if level is None else _stakes(level, position.level_number or 0),
        on_break=level is None,
        remaining=round(position.remaining, 1),
        next_level=(
            None if following is None else _stakes(following, _next_number(structure, position))
        ),
        next_break_in=None if position.next_break_in is None else round(position.next_break_in, 1),
        colour_up=_colour_up(position, structure.chips_after(position.index)),
        announcement=_announcement(position),
        late_registration=end_view(state, now),
    )


def clock_changes_at(tournament: Tournament, at: float) -> float | None:
    """When the clock, left alone, ends the level or break in progress: every view taken at
    ``at`` shows the wrong level from then on, though no command changed anything. ``None``
    while nothing is counting down (before the start, paused, hand-for-hand, where hands
    move the clock, and once the last level's time is up or the event is over)."""
    state = tournament.state
    clock = state.clock
    if clock is None or state.finished:
        return None
    now = max(at, clock.updated_at or at)
    position = clock.position(now)
    if not position.running or position.remaining <= 0:
        return None
    return now + position.remaining


def _status(state: TournamentState, position: ClockPosition) -> str:
    if state.finished:
        return "finished"
    if position.paused:
        return "paused"
    if position.hand_for_hand:
        return "hand-for-hand"
    return "on-break" if isinstance(position.item, Break) else "running"


def _next_number(structure: Structure, position: ClockPosition) -> int:
    """The number of the next level: levels up to the item in progress, plus one."""
    return sum(isinstance(item, Level) for item in structure.items[: position.index + 1]) + 1


def _stakes(level: Level, number: int) -> Stakes:
    return Stakes(
        level=number,
        game=level.game,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_mode=level.ante_mode.value,
        small_bet=level.small_bet,
        big_bet=level.big_bet,
        bring_in=level.bring_in,
        minutes=level.minutes,
    )


def _announcement(position: ClockPosition) -> str | None:
    """The new level and its limits, with a reminder to change the decks (decks change at
    level changes under Poland §16.1; other books leave it to the house, where the reminder
    does no harm), from the level's start until :data:`ANNOUNCE_SECONDS` later."""
    level = position.item
    if not isinstance(level, Level) or position.elapsed_in_item >= ANNOUNCE_SECONDS:
        return None
    if position.level_number is None or position.level_number < 2:
        return None  # the start of play is no level change
    parts = [f"blinds {level.small_blind}/{level.big_blind}"] if level.big_blind else []
    if level.small_bet:
        parts.append(f"limits {level.small_bet}/{level.big_bet}")
    if level.ante:
        parts.append(f"ante {level.ante}")
    limits = ", ".join(parts)
    return f"Level {position.level_number} ({level.game}): {limits}. Change the decks."


def _colour_up(position: ClockPosition, in_play: tuple[int, ...]) -> ColourUp | None:
    """The chips the break in progress, or else the next break, races off (TDA R24)."""
    if isinstance(position.item, Break) and position.item.colour_up:
        chips = position.item.colour_up
        return ColourUp(chips=chips, now=True, in_seconds=None, text=_chip_text(chips, "now"))
    upcoming = position.next_break
    if upcoming is None or not upcoming.colour_up or position.next_break_in is None:
        return None
    chips = tuple(c for c in upcoming.colour_up if c in in_play)
    minutes = int(position.next_break_in // 60)
    when = f"at the next break, in {minutes} min"
    return ColourUp(
        chips=chips,
        now=False,
        in_seconds=round(position.next_break_in, 1),
        text=_chip_text(chips, when),
    )


def _chip_text(chips: tuple[int, ...], when: str) -> str:
    return f"colour-up {when}: the {', '.join(str(c) for c in chips)} chips leave play"
