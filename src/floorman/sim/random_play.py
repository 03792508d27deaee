"""Random play: a hand played to the end by uniformly random legal choices.

It drives the engine the way any client does (``legal_options`` then ``act``), so it doubles as
a fuzzer: every option the engine offers must be accepted. Raise sizes are drawn between the
minimum and the maximum, with the extremes favoured, because the interesting rules (short
all-ins, reopening, caps) live there. In draw games each player discards a random number of
his cards (none to all), so stand-pats, five-card draws and a stub that runs out all happen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from floorman.cards.deck import Deck
from floorman.cards.shuffle import randint
from floorman.engine.actions import BringIn, Call, Check, Discard, Fold, PlayerAction, Raise
from floorman.engine.betting import LegalOptions
from floorman.engine.config import HandConfig
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.hand import Hand
from floorman.engine.phase import BET, DEAL, DONE, DRAW

# Actions without parameters are values: one of each serves every hand.
_FOLD: Final = Fold()
_CHECK: Final = Check()
_CALL: Final = Call()
_BRING_IN: Final = BringIn()


def choose(options: LegalOptions, rng: random.Random, *, limit: bool = False) -> PlayerAction:
    """A random action among the offered ones (folding only when facing a bet).

    In limit games only the offered sizes are chosen: the bet, or the big bet of an open pair.
    """
    return _choose(options, rng, rng.random, limit)


def _choose(
    options: LegalOptions, rng: random.Random, uniform: Callable[[], float], limit: bool
) -> PlayerAction:
    """:func:`choose`, with ``rng.random`` looked up once by the caller (a hand's worth)."""
    roll = uniform()
    low, high = options.min_to, options.max_to
    if low is not None and high is not None and roll < 0.3:
        pick = uniform()
        if limit:
            return Raise(low if pick < 0.5 else high)
        to = low if pick < 0.4 else high if pick < 0.55 else randint(rng, low, high)
        return Raise(to)
    if options.bring_in is not None:
        return _FOLD if options.fold and roll < 0.45 else _BRING_IN
    if options.call is not None and roll < 0.45:
        return _FOLD
    return _CHECK if options.check else _CALL


def choose_discard(hand: Hand, rng: random.Random) -> Discard:
    """Stand pat or throw away a random choice of the drawing player's own cards."""
    held = hand.holes[hand.draw_options().actor]
    return Discard(tuple(rng.sample(held, randint(rng, 0, len(held)))))


def play_random_hand(config: HandConfig, rng: random.Random, deck: Deck | None = None) -> Hand:
    """Deal and play one hand to the end with random choices.

    The options it reads are the ones the engine keeps for its next action, so offering and
    accepting an action costs a single computation of them.
    """
    hand = Hand(config)
    cards = deck if deck is not None else Deck.shuffled(rng)
    limit = config.game.is_limit
    uniform = rng.random
    while (phase := hand.phase) is not DONE:
        if phase is BET:
            hand.perform(_choose(hand.legal_options(), rng, uniform, limit))
        elif phase is DEAL:
            deal_pending(hand, cards, rng)
        elif phase is DRAW:
            hand.perform(choose_discard(hand, rng))
        else:
            auto_showdown(hand)
    return hand
