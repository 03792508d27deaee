"""The betting situation of a live hand, read from the engine for the dealer assist."""

from __future__ import annotations

from floorman.engine.events import Acted, BettingOpened
from floorman.engine.games import Structure
from floorman.engine.hand import Hand
from floorman.live.assist.types import BettingSituation

_RAISES = frozenset({"raise", "complete"})


def situation_of(hand: Hand) -> BettingSituation:
    """What the player to act faces in ``hand``: his options, the bets, the pot.

    :raises IllegalActionError: nobody is to bet now (the engine's own refusal).
    """
    options = hand.legal_options()
    rnd = hand.round
    assert rnd is not None  # legal_options refuses when no round is open
    actor = options.actor
    config = hand.config
    structure = config.game.structure
    limit = structure is Structure.FIXED_LIMIT
    return BettingSituation(
        options=options,
        structure=structure,
        current=rnd.current,
        bet=hand.bets[actor],
        stack=hand.stacks[actor],
        full_raise=rnd.bet_size if limit else rnd.full_raise,
        pot=hand.pot,
        big_blind=rnd.bet_size if limit else config.big_blind,
        players=len(hand.live),
        opening=_opening(hand),
    )


def _opening(hand: Hand) -> bool:
    """No raise yet on this street, so the bet faced is the opening bet (the big blind
    pre-flop, TDA R51-B)."""
    for event in reversed(hand.events):
        if isinstance(event, BettingOpened):
            return True
        if isinstance(event, Acted) and event.action in _RAISES:
            return False
    return True
