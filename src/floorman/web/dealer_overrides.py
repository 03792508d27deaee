"""The director's overrides, from the tournament's log, applied to the hand a tablet replays.

The tablet holds its hand as steps (:mod:`floorman.web.dealer_hand`); the director's
override of one of its rulings is an event of the log (:mod:`floorman.tournament.
table_calls`), given when the tablet had recorded ``after_step`` steps. Every replay puts
each override back where it was given, after that step, through the live layer's one door
(:func:`floorman.live.director.override_targets.apply`), so the tablet, the console and the recorded
hand all see the same hand.

An override the hand no longer has room for (the dealer took back the steps it followed, or
the ruling it names is gone) is not applied: it is reported as lapsed, with why, and the
director decides again on the hand as it now stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
from floorman.errors import FloormanError
from floorman.live.director import override_targets
from floorman.live.live_hand import LiveHand
from floorman.rules.ruling import Ruling
from floorman.tournament.officials.table_calls import TableRulingOverridden


@dataclass(frozen=True, slots=True, kw_only=True)
class Lapsed:
    """An override the replayed hand could not take, and why."""

    override: TableRulingOverridden
    why: str


def instead_of(action: str, to: int | None) -> PlayerAction | None:
    """The action an override plays, from its words (``""``: none)."""
    if action == "fold":
        return Fold()
    if action == "check":
        return Check()
    if action == "call":
        return Call()
    if action == "bring-in":
        return BringIn()
    if action == "raise" and to is not None:
        return Raise(to)
    return None


def apply_due(
    live: LiveHand,
    overrides: Sequence[TableRulingOverridden],
    step: int,
    lapsed: list[Lapsed],
) -> Ruling | None:
    """Apply the overrides given after the ``step``-th step (in the order given); the ruling
    of the last one applied. One that does not fit is added to ``lapsed``."""
    ruling = None
    for override in overrides:
        if override.after_step != step:
            continue
        try:
            result = override_targets.apply(
                live,
                override.target,
                override.choice,
                by=override.by_role,
                reason=override.reason,
                instead=instead_of(override.action, override.to),
            )
        except FloormanError as refused:
            lapsed.append(Lapsed(override=override, why=str(refused)))
            continue
        ruling = result.ruling
    return ruling


def not_reached(overrides: Sequence[TableRulingOverridden], steps: int) -> list[Lapsed]:
    """Overrides given after more steps than the tablet now has: taken back under them."""
    return [
        Lapsed(override=o, why=f"given after step {o.after_step}; the hand has {steps} steps")
        for o in overrides
        if o.after_step > steps
    ]
