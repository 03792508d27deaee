"""Stud's seventh street from a stub too short for it, the Belarus way (6.5.3).

The dealer deals the stub down to its last card, which is never dealt; then he shuffles the
burns and deals from them; if those are not enough either, the muck (the folded hands) is
shuffled in too. No community card is ever turned (that is TDA RP-10-H, which never uses the
muck). The engine only has to let those cards be dealt again: it counts them as undealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from floorman.engine.hand import Hand


def reuse_burns_then_muck(hand: Hand, stub: int) -> bool:
    """Put the burns, and if still short the muck, back among the cards that may be dealt;
    ``False`` (nothing changed) when even both cannot give every player his card.

    ``stub`` counts the cards left before seventh street's burn; that burn and the stub's last
    card are not dealt to anyone.
    """
    needed = len(hand.live) + 2
    muck = [
        card
        for seat, cards in enumerate(hand.holes)
        if hand.folded[seat] or hand.mucked[seat]
        for card in cards
        if card is not None
    ]
    burns = len(hand.burns)
    if stub + burns + len(muck) < needed:
        return False
    hand.burns_back = True
    hand.dealt.difference_update(hand.burns)
    if stub + burns < needed:
        hand.dealt.difference_update(muck)
    return True
