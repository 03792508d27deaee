"""Replaying a live hand's recorded history as commands, on a hand whose past changed.

An override that changes an earlier moment of a hand (the director's ruling on a settled action
out of turn, :mod:`floorman.live.director.out_of_turn_override`) cannot simply withdraw what
followed:
later actions may still fit the changed hand. The history says what was done, so it is read
back as the commands that did it (an in-turn action, a deal, a dealer's report, an action out
of turn, the director's decisions, a clock), and each is given again to the changed hand. What
the live hand does by itself (its automatic rulings, settlements, the engine's automatic steps)
is left out: the changed hand does it again where it still applies.

A command fits when the changed hand accepts it as the same command: an in-turn action only
from the seat now to act (never silently turned into an action out of turn), anything else
only if it is not refused. What does not fit is skipped and named, for the director.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from floorman.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    Raise,
    Show,
)
from floorman.engine.events import (
    Acted,
    BoardDealt,
    Discarded,
    Event,
    HandsTabled,
    HoleDealt,
    Mucked,
    Shown,
)
from floorman.engine.phase import BET
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.decision import DEAD
from floorman.live.director import action_clock
from floorman.live.entries import Entry
from floorman.live.irregularities.reports import ActionOutOfTurn
from floorman.live.live_events import (
    ClockCalled,
    ClockExpired,
    LiveEvent,
    OutOfTurnHeld,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)
from floorman.live.live_hand import HistoryEvent, LiveHand
from floorman.live.notes import action_text, describe

_REGENERATED = frozenset({DEAD, "chips-stay"})
"""Outcomes of rulings the live hand makes by itself, without a report: a hand dead at the
end of the deal (R30), chips of a released action out of turn staying in the pot (Belarus
4.10). The changed hand makes them again where they apply."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """One recorded command and the events it caused in the original history."""

    event: HistoryEvent
    """The event that records the command (an ``Acted``, a ``RulingMade`` with its report...)."""
    caused: tuple[HistoryEvent, ...]
    """The events that followed from it, up to the next command (ruling ids are read here)."""
    seat: int | None = None
    """For an in-turn action: the seat that acted."""
    action: Action | None = None
    """For an engine command: the action to give again."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Replayed:
    """What a replay played and what no longer fit (in words, for the director)."""

    played: int
    unplayed: tuple[str, ...]


def commands_of(events: Sequence[HistoryEvent]) -> tuple[Command, ...]:
    """The commands a stretch of history records, in order. Engine events that are the
    effects of a live event (its ``effects`` count) are never commands."""
    commands: list[Command] = []
    current: list[HistoryEvent] = []
    head: Command | None = None
    skip = 0
    absorb = False  # the next action is the one a reading plays (floorman.live.assist.record)
    tabled: set[int] = set()
    readings = {e.id for e in events if isinstance(e, RulingPending) and e.readings}
    for event in events:
        start: Command | None = None
        if isinstance(event, LiveEvent):
            start = _live_command(event)
            skip = (skip if start is None else 0) + getattr(event, "effects", 0)
            absorb = absorb or _plays_action(event, readings)
        elif skip:
            skip -= 1
        elif absorb and isinstance(event, Acted):
            absorb = False
        else:
            if isinstance(event, HandsTabled):
                tabled.update(event.seats)
            start = _engine_command(event, tabled)
        if start is not None:
            if head is not None:
                commands.append(_with_caused(head, current))
            head, current = start, []
        else:
            current.append(event)
    if head is not None:
        commands.append(_with_caused(head, current))
    return tuple(commands)


def _plays_action(event: LiveEvent, readings: set[str]) -> bool:
    """A resolved reading of the dealer assist, or a reading recorded at once, is followed by
    the action it plays: part of that command, not one of its own."""
    if isinstance(event, RulingResolved):
        return event.id in readings
    return (
        isinstance(event, RulingMade)
        and event.report is None
        and event.outcome not in (_REGENERATED)
    )


def _with_caused(head: Command, caused: list[HistoryEvent]) -> Command:
    return Command(event=head.event, caused=tuple(caused), seat=head.seat, action=head.action)


def _live_command(event: LiveEvent) -> Command | None:
    if isinstance(event, RulingMade):
        automatic = event.report is None and event.outcome in _REGENERATED
        return None if automatic else Command(event=event, caused=())
    if isinstance(event, RulingPending):
        return Command(event=event, caused=()) if event.topic == "custom" else None
    commanded = OutOfTurnHeld | RulingResolved | RulingOverridden | ClockCalled | ClockExpired
    return Command(event=event, caused=()) if isinstance(event, commanded) else None


def _engine_command(event: Event, tabled: set[int]) -> Command | None:
    """The command an engine event records, if it records one (automatic steps do not)."""
    if isinstance(event, Acted):
        return Command(event=event, caused=(), seat=event.seat, action=_betting(event))
    if isinstance(event, HoleDealt):
        action: Action = DealHole(event.seat, event.cards, event.burn)
        return Command(event=event, caused=(), action=action)
    if isinstance(event, BoardDealt):
        return Command(event=event, caused=(), action=DealBoard(event.cards, event.burn))
    if isinstance(event, Discarded):
        return Command(event=event, caused=(), seat=event.seat, action=Discard(event.cards))
    if isinstance(event, Shown) and event.seat not in tabled:
        return Command(event=event, caused=(), seat=event.seat, action=Show(event.cards))
    if isinstance(event, Mucked):
        return Command(event=event, caused=(), seat=event.seat, action=Muck())
    return None


def _betting(event: Acted) -> Action:
    kinds: dict[str, Callable[[], Action]] = {
        "fold": Fold,
        "check": Check,
        "call": Call,
        "bring-in": BringIn,
    }
    make = kinds.get(event.action)
    return make() if make is not None else Raise(event.to)


def replay(live: LiveHand, commands: Sequence[Command]) -> Replayed:
    """Give each command again to ``live``; skip and name those that no longer fit."""
    ids: dict[str, str] = {}
    unplayed: list[str] = []
    played = 0
    for command in commands:
        start = len(live.history)
        try:
            fits = _give(live, command, ids)
        except (IllegalActionError, MalformedInputError):
            fits = False
        if fits:
            played += 1
            _map_ids(command, live.history[start:], ids)
        else:
            unplayed.append(_words(command))
    return Replayed(played=played, unplayed=tuple(unplayed))


def _give(live: LiveHand, command: Command, ids: dict[str, str]) -> bool:
    """Give one command; ``False`` when it cannot be the same command any more."""
    event, hand = command.event, live.hand
    if command.action is not None:
        if isinstance(event, Acted) and (hand.phase is not BET or hand.actor != event.seat):
            return False
        live.act(command.action, seat=command.seat if isinstance(event, Acted) else None)
        return True
    if isinstance(event, RulingMade) and event.report is not None:
        if isinstance(event.report, ActionOutOfTurn):
            live.act(event.report.action, seat=event.report.seat)
        else:
            live.record(event.report)
        return True
    if isinstance(event, OutOfTurnHeld):
        if hand.phase is not BET or hand.actor == event.seat:
            return False
        live.act(event.action, seat=event.seat)
        return True
    if isinstance(event, RulingResolved) and event.id in ids:
        live.resolve(ids[event.id], event.option, by=event.by, reason=event.reason)
        return True
    if isinstance(event, RulingOverridden) and event.id in ids:
        live.override(ids[event.id], event.outcome, by=event.by, reason=event.reason)
        return True
    return _give_clock(live, event)


def _give_clock(live: LiveHand, event: HistoryEvent) -> bool:
    if isinstance(event, ClockCalled) and live.hand.actor == event.seat:
        live.enter(Entry(event=event))
        return True
    if isinstance(event, ClockExpired) and live.hand.actor == event.seat:
        action_clock.expire(live, at=event.at)
        return True
    return False


def _map_ids(command: Command, made: Sequence[HistoryEvent], ids: dict[str, str]) -> None:
    """Match the ruling ids the command made then with those it makes now, by what they are
    (a ruling's outcome, a pending point's topic), in order."""
    old = [_id_key(e) for e in (command.event, *command.caused)]
    new = [_id_key(e) for e in made]
    free = [k for k in new if k is not None]
    for key in old:
        if key is None:
            continue
        match = next((k for k in free if k[1] == key[1]), None)
        if match is not None:
            free.remove(match)
            ids[key[0]] = match[0]


def _id_key(event: HistoryEvent) -> tuple[str, str] | None:
    if isinstance(event, RulingMade):
        return event.id, f"made:{event.outcome}"
    if isinstance(event, RulingPending):
        return event.id, f"pending:{event.topic}"
    return None


def _words(command: Command) -> str:
    event = command.event
    if isinstance(event, Acted) and command.action is not None:
        return f"seat {event.seat} {_action_words(command.action)}"
    if isinstance(event, LiveEvent):
        return describe(event)
    return type(event).__name__


def _action_words(action: Action) -> str:
    if isinstance(action, Fold | Check | Call | Raise | BringIn):
        return action_text(action)
    return type(action).__name__.lower()
