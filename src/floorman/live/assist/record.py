"""The dealer assist's readings recorded in a live hand's history (TDA R40-A, R41, R49, R51,
R57 and their equivalents).

The assist (:func:`floorman.live.assist.pushing.rule_action`) is pure: it says what a player's words
and chips come to. A dealer's tablet records that in the hand: a ``RulingMade`` citing the rule
that decided, the chips forfeited (an undercall given up), then the action itself, played
through :meth:`LiveHand.act` like any other (a passive seat, Belarus's owed chips). A pending
reading, the director's or the player's choice, becomes a ``RulingPending`` whose options are
the readings; :meth:`LiveHand.resolve` then plays the one chosen, so the choice and what it did
are both in the history. This module decides those values; the live hand records them
(:meth:`LiveHand.apply_assist`).
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.engine.hand import Hand
from floorman.engine.phase import BET
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.types import AssistRuling, Decider
from floorman.live.decision import pick
from floorman.live.live_events import Reading, RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef

ASSIST = "assist"
"""The topic of a pending ruling the dealer assist left open."""


def check_reader(hand: Hand, seat: int) -> None:
    """The assist reads the player to act, and only while he may bet."""
    if hand.phase is not BET or hand.actor != seat:
        raise MalformedInputError(
            f"the dealer assist reads the player to act (seat {hand.actor}), not seat {seat}",
            constraint="seat",
        )


def reading_of(ruling: AssistRuling) -> Reading:
    return Reading(
        option=ruling.key or "reading",
        action=ruling.action,
        ruling=ruling.ruling,
        forfeit=ruling.forfeit,
    )


def pending_event(ruling_id: str, rules: Ruleset, ruling: AssistRuling, seat: int) -> RulingPending:
    """The choice left open, its readings the options; the rules that left it open, and the
    director's own rule when he is the one to choose."""
    refs: list[RuleRef] = [r.rule for r in ruling.rulings]
    chooser = f"seat {seat}"
    if ruling.decided_by is not Decider.PLAYER:
        refs.append(rules.cite(pick(rules, "director")))
        chooser = "the director"
    return RulingPending(
        id=ruling_id,
        topic=ASSIST,
        question=f"{chooser} chooses what seat {seat}'s action is: {ruling.ruling.message}",
        options=tuple(choice.key for choice in ruling.choices),
        rules=tuple(dict.fromkeys(refs)),
        seat=seat,
        readings=tuple(reading_of(choice) for choice in ruling.choices),
    )


def check_playable(rules: Ruleset, waiting: Sequence[str], pending: RulingPending) -> None:
    """A reading is played only once no other ruling is pending (``waiting``: the ids of those
    pending): refuse to resolve it before them, so that the resolution and its action are
    recorded together."""
    others = [p for p in waiting if p != pending.id]
    if pending.topic == ASSIST and others:
        raise IllegalActionError(
            rules.ruling(
                pick(rules, "director"),
                "ruling-pending",
                f"play waits for the director's ruling {others[0]}",
                id=others[0],
            )
        )


def chosen_reading(pending: RulingPending, option: str) -> Reading | None:
    """The reading to play for the option chosen on a pending assist ruling (none for the
    other topics: they are not ours)."""
    if pending.topic != ASSIST or pending.seat is None:
        return None
    return next((r for r in pending.readings if r.option == option), None)
