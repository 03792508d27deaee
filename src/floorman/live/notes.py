"""Live events in words: one line for each, naming its rule, for whoever shows or writes them
(the director's referrals of a replay, the hand-history writers, which place them as they
need: :mod:`floorman.io.phh_live`). Nothing here knows a file format."""

from __future__ import annotations

from floorman.engine.actions import Call, Check, Fold, PlayerAction, Raise
from floorman.live.live_events import (
    BoardPlanned,
    ClockCalled,
    ClockExpired,
    DirectorOverridden,
    LiveEvent,
    OutOfTurnBound,
    OutOfTurnHeld,
    OutOfTurnOverridden,
    OutOfTurnSettled,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)


def describe(event: LiveEvent) -> str:
    """One line for one live event; rulings keep their rule (``tda-2022 R35-A``)."""
    if isinstance(event, RulingMade):
        return f"{event.id} {event.outcome}: {event.ruling}"
    if isinstance(event, OutOfTurnHeld):
        return f"seat {event.seat} {action_text(event.action)} out of turn: {event.ruling}"
    if isinstance(event, OutOfTurnBound | OutOfTurnSettled):
        return str(event.ruling)
    if isinstance(event, RulingPending):
        rules = ", ".join(str(r) for r in event.rules)
        return (
            f"{event.id} for the director: {event.question} ({' / '.join(event.options)}; {rules})"
        )
    if isinstance(event, RulingResolved):
        return f"{event.id} ruled by {event.by}: {event.option}, {event.reason} ({event.rule})"
    if isinstance(event, RulingOverridden):
        return (
            f"{event.id} overridden by {event.by}: {event.outcome}, {event.reason} ({event.rule})"
        )
    if isinstance(event, OutOfTurnOverridden):
        return _override_text(event)
    if isinstance(event, ClockCalled):
        return (
            f"seat {event.seat} on the clock ({event.by}): {event.seconds} s and a "
            f"{event.countdown} s count ({event.rule})"
        )
    if isinstance(event, ClockExpired):
        return f"seat {event.seat}'s time ran out: {event.ruling}"
    if isinstance(event, DirectorOverridden):
        return _director_text(event)
    return _plan_text(event)


def _director_text(event: DirectorOverridden) -> str:
    rules = ", ".join(str(r) for r in event.rules)
    what = event.subject if event.ruling_id is None else f"{event.ruling_id} {event.subject}"
    choice = event.choice
    if event.instead is not None:
        choice += f", seat {event.seat} {action_text(event.instead)}"
    return f"{what} overridden by {event.by}: {choice}, {event.reason} ({rules})"


def _override_text(event: OutOfTurnOverridden) -> str:
    rules = ", ".join(str(r) for r in event.rules)
    said = action_text(event.action)
    if event.binding:
        ruled = f"seat {event.seat}'s {said} out of turn binds"
    else:
        instead = action_text(event.instead) if event.instead is not None else "nothing"
        ruled = f"seat {event.seat}'s {said} out of turn does not bind, he acts in turn: {instead}"
    return f"out of turn overridden by {event.by}: {ruled}, {event.reason} ({rules})"


def _plan_text(event: BoardPlanned) -> str:
    return "board: " + "; ".join(event.steps)


def action_text(action: PlayerAction) -> str:
    if isinstance(action, Raise):
        return f"raise to {action.to}"
    if isinstance(action, Fold | Check | Call):
        return type(action).__name__.lower()
    return "brings in"
