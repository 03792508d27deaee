"""The dealer assist's readings recorded in a live hand's history (TDA R40-A, R41, R49, R51,
R57 and their equivalents).

The assist (:func:`floorman.live.assist.pushing.rule_action`) is pure: it says what a player's words
and chips come to. A dealer's tablet records that in the hand: a ``RulingMade`` citing the rule
that decided, the chips forfeited (an undercall given up), then the action itself, played
through :meth:`LiveHand.act` like any other (a passive seat, Belarus's owed chips). A pending
reading, the director's or the player's choice, becomes a ``RulingPending`` whose options are
the readings; :meth:`LiveHand.resolve` then plays the one chosen, so the choice and what it did
are both in the history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.engine.events import ChipsForfeited, Event
from floorman.engine.hand import Hand
from floorman.engine.phase import BET
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.types import AssistRuling, Decider
from floorman.live.director.decision import pick
from floorman.live.live_events import Reading, RulingMade, RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef

if TYPE_CHECKING:
    from floorman.live.live_hand import LiveHand

ASSIST = "assist"
"""The topic of a pending ruling the dealer assist left open."""


def apply(live: LiveHand, ruling: AssistRuling, *, seat: int) -> None:
    """Record ``ruling``, the assist's reading of what ``seat`` (the player to act) did."""
    hand = live.hand
    if hand.phase is not BET or hand.actor != seat:
        raise MalformedInputError(
            f"the dealer assist reads the player to act (seat {hand.actor}), not seat {seat}",
            constraint="seat",
        )
    if ruling.pending:
        live._append(pending_event(live.state.next_id(), live.rules, ruling, seat))
        return
    play(live, reading_of(ruling), seat, made=True)


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


def check_playable(live: LiveHand, pending: RulingPending) -> None:
    """A reading is played only once no other ruling is pending: refuse to resolve it before
    them, so that the resolution and its action are recorded together."""
    others = [p for p in live.state.pending if p != pending.id]
    if pending.topic == ASSIST and others:
        raise IllegalActionError(
            live.rules.ruling(
                pick(live.rules, "director"),
                "ruling-pending",
                f"play waits for the director's ruling {others[0]}",
                id=others[0],
            )
        )


def play_chosen(live: LiveHand, pending: RulingPending, option: str) -> None:
    """Play the reading chosen for a pending assist ruling (after its ``RulingResolved``)."""
    if pending.topic != ASSIST or pending.seat is None:
        return
    for reading in pending.readings:
        if reading.option == option:
            play(live, reading, pending.seat, made=False)


def play(live: LiveHand, reading: Reading, seat: int, *, made: bool) -> None:
    """The reading's forfeited chips, then its action. The action is tried on a copy of the
    hand first, so that a refusal changes nothing."""
    action = reading.action
    if action is None:
        return
    Hand.from_events(live.config, live.hand.events).act(action, seat=seat)
    effects: tuple[Event, ...] = ()
    if reading.forfeit:
        effects = live.hand.record(ChipsForfeited(seat, reading.forfeit, reading.ruling))
    if made:
        live._append(
            RulingMade(
                id=live.state.next_id(),
                ruling=reading.ruling,
                outcome=reading.option,
                seat=seat,
                effects=len(effects),
            )
        )
    live._extend(effects)
    live.act(action, seat=seat)
