"""Every automatic ruling of a live hand the director may still override, and his override
applied, whatever kind of ruling it is (TDA R1, Belarus 7.3.1, Poland §1.6).

The live hand has three ways to override, one per kind of ruling:

- a ruling that names its alternatives (an exposed card, a misdeal's cut-off...): the outcome
  is swapped in place (:meth:`LiveHand.override`);
- a settled action out of turn: bound or released the other way, the hand rebuilt from its
  history (:mod:`floorman.live.director.out_of_turn_override`);
- a clock expiry, a reading applied at once, a board repair, cards kept back, a pot awarded
  again: the hand rebuilt with his choice in place (:mod:`floorman.live.director.overrides`).

The director's console and the tablet's "director's call" see one list: each
:class:`OverrideTarget` is keyed by its index in the history (``at``), names the ruling and
its rule, the choices and which of them need the action played instead. :func:`apply`
sends a choice to the right one, so callers never tell the kinds apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import PlayerAction
from floorman.errors import MalformedInputError
from floorman.live.director import out_of_turn_override
from floorman.live.director import overrides as director_overrides
from floorman.live.director.rulings import override_choices
from floorman.live.live_events import OutOfTurnSettled, RulingMade
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.rules.ruling import Ruling

ALTERNATIVE: Final = "alternative"
"""A ruling that named its alternatives: one of them is put in its place."""
OUT_OF_TURN: Final = "out-of-turn"
"""A settled action out of turn: bound, or released with the action taken in turn."""
REBUILT: Final = "rebuilt"
"""A ruling without alternatives: the hand is rebuilt with the director's choice."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideTarget:
    """One ruling the director may override now."""

    at: int
    """Its index in the hand's history: the key an override names."""
    kind: str
    """:data:`ALTERNATIVE`, :data:`OUT_OF_TURN` or :data:`REBUILT` (how it is overridden)."""
    subject: str
    """What it is: ``clock-expiry``, ``out-of-turn``, or the ruling's own message key."""
    ruling: Ruling
    seat: int | None
    choices: tuple[str, ...]
    with_action: tuple[str, ...] = ()
    """The choices that play an action in the ruling's place (``in-time``, ``release``...)."""
    ruling_id: str | None = None


def targets(live: LiveHand) -> tuple[OverrideTarget, ...]:
    """The rulings of ``live`` the director may override, in the order they were made."""
    history = live.history
    found: dict[int, OverrideTarget] = {}
    for target in director_overrides.overridable(history):
        found[target.at] = OverrideTarget(
            at=target.at,
            kind=REBUILT,
            subject=target.subject,
            ruling=target.ruling,
            seat=target.seat,
            choices=target.choices,
            with_action=tuple(c for c in target.choices if c in _ACTION_CHOICES),
            ruling_id=target.ruling_id,
        )
    for settled in out_of_turn_override.settled(history):
        settlement = history[settled.at]
        assert isinstance(settlement, OutOfTurnSettled)  # what settled() finds
        found[settled.at] = OverrideTarget(
            at=settled.at,
            kind=OUT_OF_TURN,
            subject=OUT_OF_TURN,
            ruling=settlement.ruling,
            seat=settled.seat,
            choices=settled.choices,
            with_action=(out_of_turn_override.RELEASE,) if settled.bound else (),
        )
    for at, event in enumerate(history):
        if at in found or not isinstance(event, RulingMade) or not event.alternatives:
            continue
        choices = override_choices(event, live.state.outcomes.get(event.id, event.outcome))
        found[at] = OverrideTarget(
            at=at,
            kind=ALTERNATIVE,
            subject=event.ruling.key,
            ruling=event.ruling,
            seat=event.seat,
            choices=choices,
            ruling_id=event.id,
        )
    return tuple(found[at] for at in sorted(found))


_ACTION_CHOICES: Final = frozenset({director_overrides.IN_TIME, director_overrides.READING})


def apply(
    live: LiveHand,
    at: int,
    choice: str,
    *,
    by: str,
    reason: str,
    instead: PlayerAction | None = None,
) -> LiveResult:
    """The director's ``choice`` in place of the ruling at ``at`` (with the action
    ``instead`` where the choice plays one); ``live`` becomes the overridden hand.

    :raises MalformedInputError: nothing to override at ``at`` (``override-target``), a choice
        not offered, no reason, an action missing or not wanted (``override-action``).
    """
    target = next((t for t in targets(live) if t.at == at), None)
    if target is None:
        raise MalformedInputError(
            f"no ruling the director may override is recorded at {at}",
            constraint="override-target",
        )
    if target.kind == ALTERNATIVE:
        _no_action(choice, instead)
        return live.override(target.ruling_id or "", choice, by=by, reason=reason)
    if target.kind == REBUILT:
        return director_overrides.override(live, at, choice, by=by, reason=reason, instead=instead)
    if choice == out_of_turn_override.BIND and choice in target.choices:
        _no_action(choice, instead)
        return out_of_turn_override.bind(live, at, by=by, reason=reason)
    if choice not in target.choices:
        raise MalformedInputError(
            f"{choice!r} is not an option here; the options are: {', '.join(target.choices)}",
            constraint="director-option",
        )
    if instead is None:
        raise MalformedInputError(
            f"{choice!r} needs the action the player takes in turn", constraint="override-action"
        )
    return out_of_turn_override.release(live, at, instead, by=by, reason=reason)


def _no_action(choice: str, instead: PlayerAction | None) -> None:
    if instead is not None:
        raise MalformedInputError(
            f"{choice!r} takes no action instead", constraint="override-action"
        )
