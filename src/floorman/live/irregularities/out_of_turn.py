"""Action out of turn at a live table: held, then bound or released when the turn comes.

TDA R53-A (PokerStars Live 4.8, RedCactus 44, Poland §30.4): the action goes back to the player
whose turn it was, and the out-of-turn action waits. When the turn reaches its player it binds
if the action to him did not change meanwhile; a check, a call or a fold change nothing, a bet or
a raise does (digest ambiguity A15: a bet after checks frees him too), and then he has every
option again. A fold out of turn binds at once (R58). Belarus 4.10 keeps the chips of a released
out-of-turn bet in the pot whatever he does next (``out_of_turn_chips_stay``).

R53-B (``skipped_seat_ruling``): once the out-of-turn actions against a skipped player make
substantial action (R36) while he says nothing, they stand, and the director rules on the
skipped hand: dead, or limited to checking, calling and folding.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.engine.actions import Call, Check, Fold, PlayerAction, Raise
from floorman.engine.hand import Hand
from floorman.engine.phase import BET
from floorman.errors import MalformedInputError
from floorman.live.decision import DEAD, Decision, dead, pick
from floorman.live.irregularities.reports import ActionOutOfTurn
from floorman.live.irregularities.substantial import substantial
from floorman.live.live_events import OutOfTurnBound, OutOfTurnHeld, RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import Ruling

PASSIVE = "passive"
"""The director's option for a skipped hand: it may check, call or fold, but not bet or raise."""


def kind_of(action: PlayerAction) -> str:
    """The action as R36 counts it: whether it puts chips in."""
    if isinstance(action, Fold):
        return "fold"
    if isinstance(action, Check):
        return "check"
    if isinstance(action, Call):
        return "call"
    return "raise"


def record(hand: Hand, rules: Ruleset, report: ActionOutOfTurn) -> OutOfTurnHeld | Decision:
    """The out-of-turn action held for its turn, or, for a fold, the dead hand (R53-A, R58)."""
    seat, actor = report.seat, hand.actor
    if hand.phase is not BET or actor is None:
        raise MalformedInputError("nobody is to bet now", constraint="out-of-turn")
    if seat == actor or seat not in hand.live or hand.stacks[seat] == 0:
        raise MalformedInputError(
            f"seat {seat} cannot act out of turn: it is to act, or has no live hand or no chips",
            constraint="out-of-turn",
        )
    if isinstance(report.action, Fold):
        ruling = rules.ruling(
            pick(rules, "out-of-turn-fold", "out-of-turn"),
            "fold-out-of-turn",
            f"seat {seat} folded out of turn: the fold is binding",
            seat=seat,
        )
        return dead(seat, ruling)
    rnd = hand.round
    assert rnd is not None
    _check_amount(hand, seat, report.action, rnd.current)
    ruling = rules.ruling(
        pick(rules, "out-of-turn"),
        "out-of-turn-held",
        f"seat {seat} acted out of turn: the action waits for his turn",
        seat=seat,
    )
    return OutOfTurnHeld(
        seat=seat,
        action=report.action,
        facing=rnd.current,
        skipped=actor,
        street=hand.street,
        ruling=ruling,
    )


def _check_amount(hand: Hand, seat: int, action: PlayerAction, current: int) -> None:
    """A raise out of turn names a total above the bet and within the player's chips."""
    if isinstance(action, Raise):
        most = hand.bets[seat] + hand.stacks[seat]
        if not current < action.to <= most:
            raise MalformedInputError(
                f"seat {seat} can raise to more than {current} and at most {most}",
                constraint="raise-amount",
            )


def adds(hand: Hand, action: object) -> int:
    """The chips an in-turn action of the actor puts in (a call, a bet or a raise)."""
    actor = hand.actor
    if actor is None:
        return 0
    if isinstance(action, Raise):
        return max(0, action.to - hand.bets[actor])
    if isinstance(action, Call):
        return hand.legal_options().call or 0
    return 0


def skipped_ruling(
    rules: Ruleset, skipped: int, actions: Sequence[str], held: Sequence[int]
) -> tuple[OutOfTurnBound, RulingPending] | None:
    """R53-B: when the actions out of turn against ``skipped`` make substantial action, the
    held ones (``held`` seats) bind and the director rules on the skipped hand."""
    if not rules.skipped_seat_ruling or not substantial(actions):
        return None
    ruling = rules.ruling(
        pick(rules, "skipped-player", "out-of-turn"),
        "out-of-turn-bound",
        f"substantial action followed: the actions out of turn stand and the director rules "
        f"on seat {skipped}",
        seat=skipped,
    )
    bound = OutOfTurnBound(skipped=skipped, seats=tuple(held), ruling=ruling)
    pending = RulingPending(
        id="",
        topic="skipped-seat",
        question=f"seat {skipped} was skipped and said nothing: is his hand dead, or may he "
        "only check, call or fold?",
        options=(DEAD, PASSIVE),
        rules=(ruling.rule,),
        seat=skipped,
    )
    return bound, pending


def settle(
    hand: Hand, rules: Ruleset, held: OutOfTurnHeld, *, bound: bool
) -> tuple[bool, Ruling, int]:
    """When the turn reaches a held action: whether it binds, the ruling, and the chips that
    stay in the pot if it is released (Belarus 4.10)."""
    rnd = hand.round
    assert rnd is not None
    seat = held.seat
    if bound or rnd.current == held.facing:
        ruling = rules.ruling(
            pick(rules, "out-of-turn"),
            "out-of-turn-binds",
            f"the action to seat {seat} did not change: his action out of turn stands",
            seat=seat,
        )
        return True, ruling, 0
    ruling = rules.ruling(
        pick(rules, "out-of-turn"),
        "out-of-turn-released",
        f"the action to seat {seat} changed: he has every option again",
        seat=seat,
    )
    forfeit = _chips(hand, held) if rules.out_of_turn_chips_stay else 0
    return False, ruling, forfeit


def _chips(hand: Hand, held: OutOfTurnHeld) -> int:
    """What the held action would have put in, counted against the bet he faced then; never
    so much that he could not still call what he faces now."""
    bet = hand.bets[held.seat]
    action = held.action
    if isinstance(action, Call):
        owed = held.facing - bet
    elif isinstance(action, Raise):
        owed = action.to - bet
    else:
        owed = 0
    return max(0, min(owed, hand.stacks[held.seat]))


def forfeit_now(hand: Hand, seat: int, owed: int, added: int) -> int:
    """The chips to forfeit before an action adding ``added``: what it does not cover."""
    return max(0, min(owed - added, hand.stacks[seat] - added))


def forfeit_ruling(rules: Ruleset, seat: int) -> Ruling:
    return rules.ruling(
        pick(rules, "out-of-turn"),
        "out-of-turn-chips-stay",
        f"seat {seat}'s chips put in out of turn stay in the pot",
        seat=seat,
    )


def passive_refusal(rules: Ruleset, seat: int) -> Ruling:
    return rules.ruling(
        pick(rules, "skipped-player", "out-of-turn"),
        "passive-only",
        f"seat {seat} may only check, call or fold",
        seat=seat,
    )
