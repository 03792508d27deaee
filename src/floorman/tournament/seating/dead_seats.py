"""The dead seats of a hand the tournament deals itself (the simulation, a server-dealt table):
their hands killed once the deal is complete.

:meth:`~floorman.tournament.aggregate.Tournament.hand_setup` names in ``HandSetup.dead`` the
seats dealt in whose hands are dead: absent players (TDA R30, RedCactus 30, PokerStars Live
4.2, Belarus 6.4.3, Poland §8.3) and players serving a penalty (R71-C). Their forced bets are
taken, and at the end of the deal the hand is killed (``HandKilled``): it never acts, its
chips stay in the pot, and when every other player folds the pot goes to the last live hand,
not to the dead one (a dead big blind does not win the blinds). In stud a dead seat due the
bring-in still makes it first (R30). This is what a live table's
:class:`~floorman.live.live_hand.LiveHand` does with its ``dead_seats``; a hand dealt from a
plain :class:`~floorman.engine.hand.Hand` calls :func:`kill_dead_seats` after every step of
the dealer.

The profiles' ``absent_during_play_folds`` (Belarus 6.4.3, Poland §8.4) is about a player
who leaves during a hand, which the tournament never learns of before the hand is over, so it
plays no part here.
"""

from __future__ import annotations

from floorman.engine.actions import BringIn
from floorman.engine.events import Event, HandKilled
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.live.director.decision import pick
from floorman.rules.ruling import Ruling
from floorman.tournament.floor.table_hand import HandSetup


def kill_dead_seats(hand: Hand, setup: HandSetup) -> tuple[Event, ...]:
    """Kill the dead seats of ``setup`` still live in ``hand``, if its deal is complete (the
    hand is past dealing and not over); the events applied. Calling it again does nothing."""
    events: list[Event] = []
    for seat in sorted(setup.dead):
        if not _deal_complete(hand) or not hand.in_hand[seat] or seat not in hand.live:
            continue
        if _due_bring_in(hand, seat):
            events += hand.act(BringIn())  # R30: a stud bring-in is still made
            if not _deal_complete(hand) or seat not in hand.live:
                continue
        events += hand.record(HandKilled(seat, _ruling(hand, setup, seat)))
    return tuple(events)


def _due_bring_in(hand: Hand, seat: int) -> bool:
    return (
        hand.phase is Phase.BET and hand.actor == seat and hand.legal_options().bring_in is not None
    )


def _deal_complete(hand: Hand) -> bool:
    """The initial deal is done: the hand is betting, drawing or showing down."""
    return hand.phase is not Phase.DEAL and hand.phase is not Phase.DONE


def _ruling(hand: Hand, setup: HandSetup, seat: int) -> Ruling:
    rules = hand.config.ruleset
    serving = setup.seats[seat] in setup.serving
    concept = pick(rules, "penalty-dead", "absent") if serving else pick(rules, "absent")
    return rules.ruling(concept, "dead-hand", f"seat {seat}'s hand is dead", seat=seat)
