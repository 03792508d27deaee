"""Seven-card stud: who brings in, who acts first on each street, and the open pair.

Stud has no blinds and no button to act after: the cards showing decide. On third street the
lowest up-card brings in (razz: the highest, aces low), the suit breaking ties with clubs the
lowest (Belarus 4.2 and 5.8.2, TDA R20-B's suit order). On later streets the best showing hand
acts first (razz: the lowest), and identical showing hands are decided by the highest card by
suit (TDA RP-10-D, Belarus 5.8.6). These are pure functions of the up-cards, so the engine can
recompute them from the recorded deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.cards.card import RANK_COUNT


def razz_rank(card: int) -> int:
    """The card's rank with the ace as the lowest card (0) and the king as the highest (12)."""
    return (card // 4 + 1) % RANK_COUNT


def razz_key(card: int) -> int:
    """A card number in razz order: ranks ace-low, then suits; still unique per card."""
    return 4 * razz_rank(card) + card % 4


def bring_in_seat(door_cards: Mapping[int, int], *, razz: bool) -> int:
    """The seat that brings in: lowest door card (razz: highest, aces low), suit breaking ties.

    Card numbers are ``4 * rank + suit`` with clubs the lowest suit, so comparing the numbers
    compares rank first and suit second, as the rulebooks order them.
    """
    if razz:
        return max(door_cards, key=lambda seat: razz_key(door_cards[seat]))
    return min(door_cards, key=lambda seat: door_cards[seat])


def showing_key(cards: Sequence[int], *, razz: bool) -> tuple[tuple[int, ...], ...]:
    """A key that is larger for the showing hand that acts first.

    With fewer than five cards only pairs, two pairs, trips and quads count (no straights or
    flushes): groups of equal rank, largest group first, then by rank. In razz the lowest hand
    acts first, so unpaired beats paired and lower ranks beat higher ones. The last part is the
    highest card by suit, which separates identical showings (TDA RP-10-D).
    """
    counts = [0] * RANK_COUNT
    top = -1
    for card in cards:
        counts[razz_rank(card) if razz else card // 4] += 1
        key = razz_key(card) if razz else card
        if key > top:
            top = key
    groups: list[tuple[int, int]] = []
    for rank in range(RANK_COUNT - 1, -1, -1):  # by size, then rank, both descending
        if counts[rank]:
            groups.append((counts[rank], rank))
    groups.sort(reverse=True)
    if razz:
        return tuple([-n for n, _ in groups]), tuple([-r for _, r in groups]), (top,)
    return tuple([n for n, _ in groups]), tuple([r for _, r in groups]), (top,)


def first_to_act(showing: Mapping[int, Sequence[int]], *, razz: bool) -> int:
    """The seat whose showing hand acts first on fourth street and later (the first seat
    listed, among equal keys)."""
    best_seat = -1
    best: tuple[tuple[int, ...], ...] = ()
    for seat, cards in showing.items():
        key = showing_key(cards, razz=razz)
        if best_seat < 0 or key > best:
            best_seat, best = seat, key
    return best_seat


def has_open_pair(cards: Sequence[int]) -> bool:
    """Two up-cards of one rank: under Belarus 5.8.5 fourth street may then bet the big bet."""
    ranks = [c // 4 for c in cards]
    return len(set(ranks)) < len(ranks)
