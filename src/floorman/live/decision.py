"""What a ruling on a live table's report decides, before the live hand records it.

A :class:`Decision` is the answer to one report: the ruling with its rule, the outcome it names,
the outcomes the director could put in its place, and what happens to the hand (engine events,
a board plan, a point left to the director). The deciding functions
(:mod:`floorman.live.irregularities.dealing`, :mod:`floorman.live.irregularities.board_errors`,
:mod:`floorman.live.irregularities.out_of_turn`) only read the hand;
:class:`~floorman.live.live_hand.LiveHand`
records what they decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import DealBoard
from floorman.engine.events import Event, HandEnded, HandKilled, HandRevived, HandVoided
from floorman.engine.hand import Hand
from floorman.live.live_events import BoardPlanned, RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling

# The outcomes a ruling can name; the director's overrides choose among them.
MISDEAL: Final = "misdeal"
"""The hand is void and dealt again exactly (R35-C)."""
VOID: Final = "void"
"""The hand is void: a fouled deck (R35-E)."""
PLAY_ON: Final = "play-on"
DEAD: Final = "dead"
LIVE: Final = "live"
DEAD_AT_DEAL_END: Final = "dead-at-deal-end"
"""The hand will be killed as soon as the initial deal is complete (R30, R71-C)."""
REPLACED: Final = "replaced"
EXPOSED: Final = "exposed"
BOARD_REPAIRED: Final = "board-repaired"
PENDING: Final = "pending"
VOIDING: Final = frozenset({MISDEAL, VOID})
OVERRIDE_REPLAY: Final = "override-replay"
"""The topic of a pending ruling on recorded actions that no longer fit a hand rebuilt by an
override (:mod:`floorman.live.director.out_of_turn_override`): its ``void`` option voids the
hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    ruling: Ruling
    outcome: str
    alternatives: tuple[str, ...] = ()
    seat: int | None = None
    effects: tuple[Event, ...] = ()
    """Engine events the ruling causes, recorded with the automatic steps that follow."""
    plan: BoardPlanned | None = None
    pending: RulingPending | None = None
    withdraw: int = 0
    """Engine events to take back before the effects (board cards going back to the stub)."""
    deal: DealBoard | None = None
    """Board cards to deal through the engine (checked like any deal) after the effects."""


def pick(rules: Ruleset, *concepts: str) -> str:
    """The first of ``concepts`` this profile has a rule for, else ``general``: rulebooks
    differ in how finely they split a subject (one misdeal rule, or one per kind of error)."""
    return next((c for c in concepts if c in rules.refs), "general")


def cite(rules: Ruleset, *concepts: str) -> RuleRef:
    return rules.cite(pick(rules, *concepts))


def void_effects(hand: Hand, ruling: Ruling) -> tuple[Event, ...]:
    """Every chip back where it came from, and the hand over (R35-C, R35-E)."""
    return (HandVoided(ruling), HandEnded(tuple(hand.config.stacks)))


def kill(seat: int, ruling: Ruling) -> tuple[Event, ...]:
    return (HandKilled(seat, ruling),)


def dead(seat: int, ruling: Ruling) -> Decision:
    """The seat's hand is dead by ``ruling``; the director may keep it live (R1)."""
    return Decision(
        ruling=ruling, outcome=DEAD, alternatives=(LIVE,), seat=seat, effects=kill(seat, ruling)
    )


def dead_hand(rules: Ruleset, seat: int, *concepts: str) -> Decision:
    """The seat's hand is dead, by the rule of the first of ``concepts`` the profile has."""
    ruling = rules.ruling(
        pick(rules, *concepts), "dead-hand", f"seat {seat}'s hand is dead", seat=seat
    )
    return dead(seat, ruling)


def outcome_effects(
    hand: Hand, outcome: str, seat: int | None, ruling: Ruling
) -> tuple[Event, ...]:
    """The engine events that bring the hand to ``outcome`` from where it stands (an override).

    Outcomes that change nothing in the engine (``play-on`` after a refused misdeal, a card
    left exposed) give no events.
    """
    if outcome in VOIDING:
        return void_effects(hand, ruling)
    if seat is None:
        return ()
    live = seat in hand.live
    if outcome == DEAD and live:
        return kill(seat, ruling)
    if outcome == LIVE and not live and hand.folded[seat] and not hand.is_over:
        return (HandRevived(seat),)
    return ()
