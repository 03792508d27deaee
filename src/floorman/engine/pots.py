"""Pots: the uncalled bet, main and side pots, and splitting each pot with its odd chips.

Everything here is a pure function of integer chip counts, so a dealer tablet, the hand engine
and a hand-history importer can all ask the same questions and get the same answers.

Seats are indexed ``0..n-1`` clockwise around the table. The flow at the end of a hand is:

1. :func:`uncalled_bet` names the part of the largest wager nobody matched; it goes back to
   its owner (TDA R15-B: an uncalled bet or raise "is returned").
2. :func:`build_pots` turns what is left of each seat's contribution into a main pot and side
   pots, each with the seats that can still win it.
3. :func:`award_pots` awards every pot on its own (TDA R21, PZP §4.5), splitting ties with
   :func:`split_pot` in whole chips of the smallest denomination in play and handing the odd
   chips out in the order given by :func:`odd_chip_order` (TDA R20, PZP §3, BFSP 5.9.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from floorman.cards.card import DECK_SIZE
from floorman.engine.pot_values import Pot as Pot
from floorman.engine.pot_values import PotAward as PotAward
from floorman.engine.pot_values import UncalledBet as UncalledBet
from floorman.errors import MalformedInputError
from floorman.rules.ruleset import OddChipRule

# --- checks ----------------------------------------------------------------------------------


def _check_contributions(contributions: Sequence[int], live: Sequence[bool]) -> None:
    """Refuse input that no table could produce, before any arithmetic hides it."""
    if len(contributions) != len(live):
        raise MalformedInputError(
            f"{len(contributions)} contributions but {len(live)} live flags: "
            "give one of each per seat",
            constraint="seat-count",
        )
    if contributions and min(contributions) < 0:
        seat = next(seat for seat, chips in enumerate(contributions) if chips < 0)
        raise MalformedInputError(
            f"seat {seat} contributed {contributions[seat]} chips; a contribution is 0 or more",
            constraint="contribution",
        )


def _check_unit(unit: int) -> None:
    if unit < 1:
        raise MalformedInputError(
            f"chip unit {unit} is not a chip; the smallest chip in play is worth 1 or more",
            constraint="chip-unit",
        )


def _check_winners(winners: Sequence[int], seat_count: int) -> None:
    """Winners must be distinct and sit at the table, or an odd chip could go to nobody."""
    if seat_count < 1:
        raise MalformedInputError(
            f"seat count {seat_count}: a table has at least one seat", constraint="seat-count"
        )
    if not winners:
        raise MalformedInputError("a pot needs at least one winner", constraint="winners")
    if len(set(winners)) != len(winners):
        raise MalformedInputError(f"winners {list(winners)} repeat a seat", constraint="winners")
    if min(winners) < 0 or max(winners) >= seat_count:
        seat = next(seat for seat in winners if not 0 <= seat < seat_count)
        raise MalformedInputError(
            f"winner seat {seat} is outside 0..{seat_count - 1}", constraint="seat"
        )


# --- the uncalled bet ------------------------------------------------------------------------


def uncalled_bet(contributions: Sequence[int], live: Sequence[bool]) -> UncalledBet | None:
    """The seat and amount of the largest contribution that nobody matched, or ``None``.

    Only the single largest contribution can be unmatched; the excess over the second largest
    (among all seats, folded ones included, since a fold leaves its chips in the pot and they
    match up to their amount) goes back to its owner before pots are built (TDA R15-B, R65-A:
    an uncalled bet or raise is returned). The owner gets it back even if he has since mucked,
    which is exactly the R15-B case. ``live`` is checked for shape only.

    A big-blind ante is no wager and matches nothing: leave it out of ``contributions`` and
    give it to :func:`build_pots` as ``dead``, or the BB's ante would shrink the refund.
    """
    _check_contributions(contributions, live)
    if not contributions:
        return None
    top_seat = max(range(len(contributions)), key=contributions.__getitem__)
    top = contributions[top_seat]
    second = max((c for s, c in enumerate(contributions) if s != top_seat), default=0)
    if top == second:
        return None
    return UncalledBet(seat=top_seat, amount=top - second)


# --- building pots ---------------------------------------------------------------------------


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], *, dead: int = 0
) -> tuple[Pot, ...]:
    """The main pot, then the side pots, from each seat's total wager in this hand.

    ``contributions`` are all chips a seat put in this hand (its own antes, blinds, bets);
    ``live`` says whether the seat still holds cards. Return the uncalled bet first
    (:func:`uncalled_bet`): if an unmatched top is still in, it becomes a last pot whose only
    eligible seat is its owner, which awards the same chips to the same player, so the result
    stays correct.

    Each distinct contribution of a live seat is a level (a live seat below the top is all-in).
    The pot for the band between two levels takes every seat's chips inside that band, folded
    seats' dead money included, and is contested by the live seats that reached its top. A
    folded seat's chips above every live level stay in the pot too (a fold forfeits them): they
    go to the last pot, the one the deepest live stacks contest. Adjacent bands contested by
    the same seats are one pot, and a band without chips is no pot, so a hand where nobody put
    in a chip has no pots at all.

    ``dead`` is money in the pot that is nobody's wager, such as a big-blind ante (TDA RP-11):
    it sets no level and goes to the main pot, which every live seat contests, so a short BB
    all-in for the ante alone still plays for it.

    Raises :class:`MalformedInputError` (``constraint="pot"``) when no seat is live, since then
    nobody could win the chips.
    """
    _check_contributions(contributions, live)
    if dead < 0:
        raise MalformedInputError(
            f"dead money of {dead} chips; it is 0 or more", constraint="contribution"
        )
    levels = sorted({c for c, is_live in zip(contributions, live, strict=True) if is_live})
    if not levels:
        raise MalformedInputError(
            "no seat holds live cards, so no pot can be awarded; at least one seat must be live",
            constraint="pot",
        )
    live_seats = [seat for seat, is_live in enumerate(live) if is_live]
    bands: list[tuple[int, tuple[int, ...]]] = []
    below = 0  # every seat's chips up to the previous level
    for level in levels:
        upto = sum([c if c < level else level for c in contributions])
        eligible = tuple([seat for seat in live_seats if contributions[seat] >= level])
        bands.append((upto - below, eligible))
        below = upto
    first, eligible = bands[0]
    bands[0] = (first + dead, eligible)
    last, eligible = bands[-1]
    bands[-1] = (last + sum(contributions) - below, eligible)  # dead money above the top level
    return _merge(bands)


def _merge(bands: Sequence[tuple[int, tuple[int, ...]]]) -> tuple[Pot, ...]:
    """Join adjacent bands with the same contestants and drop empty ones.

    Two bands contested by the same seats are one pot: splitting them would only create extra
    odd chips. Only the lowest band can be empty (when a live seat put in nothing and there is
    no dead money).
    """
    merged: list[tuple[int, tuple[int, ...]]] = []
    for amount, eligible in bands:
        if amount == 0:
            continue
        if merged and merged[-1][1] == eligible:
            merged[-1] = (merged[-1][0] + amount, eligible)
        else:
            merged.append((amount, eligible))
    return tuple([Pot(amount, eligible) for amount, eligible in merged])


# --- odd chips -------------------------------------------------------------------------------


def split_pot(
    amount: int, winners: Sequence[int], *, unit: int, order: Sequence[int]
) -> dict[int, int]:
    """Split ``amount`` equally among ``winners`` in whole chips of ``unit``.

    An odd chip can only be of the smallest denomination in play (TDA R20, PZP §3: "break
    down" first), so shares are multiples of ``unit`` and the leftover units go one each to the
    winners in ``order`` (the odd-chip order, every winner exactly once; see
    :func:`odd_chip_order`). A remainder smaller than one unit cannot be split by any chip, so
    it goes to the first winner in ``order``. The shares always sum to ``amount``.

    >>> split_pot(1025, [3, 8], unit=25, order=[8, 3])
    {3: 500, 8: 525}
    """
    _check_unit(unit)
    if amount < 0:
        raise MalformedInputError(f"pot of {amount} chips; a pot is 0 or more", constraint="pot")
    if not winners:
        raise MalformedInputError("a pot needs at least one winner", constraint="winners")
    if len(winners) == 1 and len(order) == 1 and order[0] == winners[0]:
        return {order[0]: amount}  # a lone winner takes it all, odd chips and all
    if len(set(winners)) != len(winners):
        raise MalformedInputError(f"winners {list(winners)} repeat a seat", constraint="winners")
    if len(order) != len(winners) or set(order) != set(winners):
        raise MalformedInputError(
            f"odd-chip order {list(order)} must list each winner of {sorted(winners)} once",
            constraint="odd-chip-order",
        )
    units, below_unit = divmod(amount, unit)
    each, odd_units = divmod(units, len(winners))
    shares = dict.fromkeys(sorted(winners), each * unit)
    for seat in order[:odd_units]:
        shares[seat] += unit
    shares[order[0]] += below_unit
    return shares


def odd_chip_order(
    winners: Sequence[int],
    *,
    rule: OddChipRule,
    button: int,
    seat_count: int,
    high_cards: Mapping[int, int] | None = None,
    low_cards: Mapping[int, int] | None = None,
) -> list[int]:
    """The winners in the order they receive odd chips, one each, under ``rule``.

    - ``LEFT_OF_BUTTON``: clockwise from the seat after ``button``, wrapping round. With a
      dead button the button seat may hold no winner, or nobody at all; the order still starts
      just left of it, which is where "left of the button" points.
    - ``HIGH_CARD_BY_SUIT``: ``high_cards`` gives each winner's highest card (an int
      ``4*rank+suit``) in his five-card hand; the highest card comes first.
    - ``LOW_CARD_BY_SUIT``: ``low_cards`` gives each winner's lowest card; the lowest comes
      first. Tied hands hold the same ranks, so in both card rules the suit decides.

    A lone winner needs no cards: there is nobody to order him against. Several odd chips go
    one per winner down this order; the rulebooks only speak of "the" odd chip, and one each is
    the reading TDA A6 and PZP T5 suggest.
    """
    _check_winners(winners, seat_count)
    if not 0 <= button < seat_count:
        raise MalformedInputError(
            f"button seat {button} is outside 0..{seat_count - 1}", constraint="button"
        )
    if len(winners) == 1:
        return list(winners)
    if rule is OddChipRule.LEFT_OF_BUTTON:
        return sorted(winners, key=lambda seat: (seat - button - 1) % seat_count)
    if rule is OddChipRule.HIGH_CARD_BY_SUIT:
        cards = _cards_of(winners, high_cards, "high_cards", rule)
        return sorted(winners, key=lambda seat: -cards[seat])
    cards = _cards_of(winners, low_cards, "low_cards", rule)
    return sorted(winners, key=lambda seat: cards[seat])


def _cards_of(
    winners: Sequence[int], cards: Mapping[int, int] | None, name: str, rule: OddChipRule
) -> Mapping[int, int]:
    """The deciding card of every winner, checked: two winners cannot hold one card."""
    missing = [seat for seat in winners if cards is None or seat not in cards]
    if cards is None or missing:
        raise MalformedInputError(
            f"odd-chip rule {rule.value} needs {name} for winners {missing or list(winners)}",
            constraint="odd-chip-card",
        )
    chosen = [cards[seat] for seat in winners]
    for card in chosen:
        if not 0 <= card < DECK_SIZE:
            raise MalformedInputError(
                f"card number {card} is outside 0..51", constraint="card-range"
            )
    if len(set(chosen)) != len(chosen):
        raise MalformedInputError(
            f"winners {list(winners)} cannot share a deciding card ({chosen})",
            constraint="duplicate-card",
        )
    return cards


# --- awarding --------------------------------------------------------------------------------


class _Table(NamedTuple):
    """The odd-chip settings shared by every pot of one award."""

    unit: int
    button: int
    seat_count: int
    rule: OddChipRule


def award_pots(
    pots: Sequence[Pot],
    high: Mapping[int, int],
    *,
    low: Mapping[int, int | None] | None = None,
    unit: int,
    button: int,
    seat_count: int,
    rule: OddChipRule,
    high_cards: Mapping[int, int] | None = None,
    low_cards: Mapping[int, int] | None = None,
) -> tuple[PotAward, ...]:
    """Award each pot on its own (TDA R21, PZP §4.5), in the order given.

    ``high`` maps each live seat to its hand strength (higher wins); in each pot the best
    strength among its eligible seats wins, and ties split with :func:`split_pot`, odd chips
    by ``rule``. A pot split two ways gets its own odd chip even when the pot before it had
    one too (TDA D8).

    Hi/lo: ``low`` maps each live seat to its low strength, or ``None`` for no qualifying low
    (higher is better). If any eligible seat has a low, the pot is split in halves of whole
    ``unit`` chips, the odd chip and any sub-unit rest going to the high half (TDA R20-C,
    PZP §3d; the TDA original gives it to high "in the total pot" before each half is split
    further, TDA A6), and each half is split among its own winners, so two tied lows quarter the
    pot. If nobody in the pot has a low, the high hand scoops it. One seat may win both halves.

    ``high_cards`` and ``low_cards`` give each seat's deciding card for a card rule on the high
    and the low half: its highest card for ``HIGH_CARD_BY_SUIT`` (for the low half, the highest
    card of its low hand, TDA R20-B), its lowest card for ``LOW_CARD_BY_SUIT``.
    """
    _check_unit(unit)
    table = _Table(unit, button, seat_count, rule)
    return tuple(
        [
            _award_one(pot, high, low, table, high_cards=high_cards, low_cards=low_cards)
            for pot in pots
        ]
    )


def _award_one(
    pot: Pot,
    high: Mapping[int, int],
    low: Mapping[int, int | None] | None,
    table: _Table,
    *,
    high_cards: Mapping[int, int] | None,
    low_cards: Mapping[int, int] | None,
) -> PotAward:
    """One pot: find the winners of each half, cut the halves, split each."""
    if not pot.eligible:
        raise MalformedInputError(f"{pot} has no eligible seat", constraint="pot")
    high_winners = _best(pot.eligible, high, "high")
    low_winners = _best_low(pot.eligible, low)
    if low_winners:
        low_half = pot.amount // table.unit // 2 * table.unit
        high_half = pot.amount - low_half
    else:
        high_half, low_half = pot.amount, 0
    shares = _split(high_half, high_winners, table, high_cards)
    if low_winners:
        for seat, chips in _split(low_half, low_winners, table, low_cards).items():
            shares[seat] = shares.get(seat, 0) + chips
    return PotAward(pot, dict(sorted(shares.items())), high_winners, low_winners)


def _best(eligible: Sequence[int], strengths: Mapping[int, int], name: str) -> tuple[int, ...]:
    """The eligible seats holding the best strength; every eligible seat must have one."""
    missing = [seat for seat in eligible if seat not in strengths]
    if missing:
        raise MalformedInputError(
            f"no {name} hand strength for eligible seats {missing}", constraint="hand-strength"
        )
    values = [strengths[seat] for seat in eligible]
    best = max(values)
    return tuple([seat for seat, value in zip(eligible, values, strict=True) if value == best])


def _best_low(eligible: Sequence[int], low: Mapping[int, int | None] | None) -> tuple[int, ...]:
    """The best qualifying lows in the pot; empty when the game has no low or nobody made one."""
    if low is None:
        return ()
    missing = [seat for seat in eligible if seat not in low]
    if missing:
        raise MalformedInputError(
            f"no low entry (a strength or None) for eligible seats {missing}",
            constraint="hand-strength",
        )
    qualified = {seat: s for seat in eligible if (s := low[seat]) is not None}
    return _best(tuple(qualified), qualified, "low") if qualified else ()


def _split(
    amount: int, winners: Sequence[int], table: _Table, cards: Mapping[int, int] | None
) -> dict[int, int]:
    """Split one half among its winners; ``cards`` serves whichever card rule is in force."""
    order = odd_chip_order(
        winners,
        rule=table.rule,
        button=table.button,
        seat_count=table.seat_count,
        high_cards=cards,
        low_cards=cards,
    )
    return split_pot(amount, winners, unit=table.unit, order=order)
