"""The director's part: pending rulings he resolves, and automatic rulings he overrides.

Every discretionary point of a rulebook (TDA R1; R53-B for a skipped player; a deck defect the
house rules leave open, R35-E) opens a :class:`PendingRuling`: a question, the options, the
rules behind it. Play waits until the director resolves it with one option and a reason. Any
automatic ruling that names alternatives can be overridden the same way (R1, Belarus 7.3.1,
Poland §1.6): the director's word is final, and both are events of the hand's history.

Options that act on the hand are the outcomes of :mod:`floorman.live.decision` (``dead``,
``void``, ``play-on``...) and ``passive`` (a skipped hand limited to check, call or fold);
a ruling referred to the director by another module (the dealer assist's R40-A, R57 and
the like) has options the engine does not act on, and its caller applies the choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.decision import (
    DEAD,
    OVERRIDE_REPLAY,
    VOID,
    VOIDING,
    kill,
    outcome_effects,
    pick,
    void_effects,
)
from floorman.live.director import show_requests
from floorman.live.director.show_requests import SHOW_REQUEST
from floorman.live.irregularities import all_in_choice
from floorman.live.live_events import RulingMade, RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class PendingRuling:
    """A point waiting for the director."""

    id: str
    question: str
    options: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    topic: str = "custom"
    seat: int | None = None

    @staticmethod
    def of(event: RulingPending) -> PendingRuling:
        return PendingRuling(
            id=event.id,
            question=event.question,
            options=event.options,
            rules=event.rules,
            topic=event.topic,
            seat=event.seat,
        )


def check_choice(choice: str, allowed: tuple[str, ...], *, by: str, reason: str) -> None:
    """Refuse an option that is not offered, or a decision without a name or a reason."""
    if choice not in allowed:
        raise MalformedInputError(
            f"{choice!r} is not an option here; the options are: {', '.join(allowed) or 'none'}",
            constraint="director-option",
        )
    if not by.strip() or not reason.strip():
        raise MalformedInputError(
            "the director's decision needs his name and his reason", constraint="director-reason"
        )


def resolution_ruling(rules: Ruleset, pending: RulingPending, option: str) -> Ruling:
    """The director's ruling cites the rule that left the point to him (R53-B, R35-E...)."""
    ruling = rules.ruling(
        pick(rules, "director"), "director-ruling", f"the director rules: {option}", option=option
    )
    return replace(ruling, rule=pending.rules[0]) if pending.rules else ruling


def override_ruling(rules: Ruleset, outcome: str) -> Ruling:
    return rules.ruling(
        pick(rules, "director"),
        "director-override",
        f"the director overrides the ruling: {outcome}",
        outcome=outcome,
    )


_KILLING = frozenset({"skipped-seat", "show-refused"})
"""Topics whose ``dead`` option kills the seat's hand: a skipped player (R53-B), a player who
will not table his hand (R15-A, :mod:`floorman.live.director.discretion`)."""


def resolution_effects(
    hand: Hand, pending: RulingPending, option: str, ruling: Ruling
) -> tuple[Event, ...]:
    """What the chosen option does to the hand (a ``passive`` seat is the live hand's to
    enforce; a referred ruling's options are its caller's)."""
    if pending.topic in _KILLING and option == DEAD and pending.seat is not None:
        return kill(pending.seat, ruling)
    if pending.topic in ("deck-defect", OVERRIDE_REPLAY) and option == VOID:
        return void_effects(hand, ruling)
    if pending.topic == SHOW_REQUEST:
        return show_requests.resolution_effects(hand, pending, option)
    if pending.topic in all_in_choice.TOPICS:
        return all_in_choice.resolution_effects(hand, pending, option)
    return ()


def override_choices(made: RulingMade, current: str) -> tuple[str, ...]:
    """The outcomes the director may choose now: the alternatives and the original outcome,
    less the one in force."""
    return tuple(o for o in (made.outcome, *made.alternatives) if o != current)


def override_effects(
    hand: Hand, made: RulingMade, current: str, outcome: str, ruling: Ruling
) -> tuple[int, tuple[Event, ...]]:
    """The engine events to withdraw (a void's, the last of the hand) and to add."""
    if current in VOIDING:
        return len(void_effects(hand, ruling)), ()
    return 0, outcome_effects(hand, outcome, made.seat, ruling)
