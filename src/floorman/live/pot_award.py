"""The pots of a hand whose cards nobody recorded, awarded to the winners the dealer names.

At a live table the tablet never sees a card, so the engine cannot compare hands: where it
would (the last bet called on the river, an all-in called with cards to come), the dealer
names the winners of each pot. :func:`award_events` splits each pot by the engine's own
odd-chip order (TDA R20-A: the first winner left of the button; R20-C: the high half of a
hi/lo pot takes the odd chip) and returns the awards and the final stacks, which
:meth:`LiveHand.award <floorman.live.live_hand.LiveHand.award>` records.

Decision: a split stud pot's odd chip goes to the highest card by suit (TDA R20-B; Poland §3c:
the lowest), a card the tablet does not know; the dealer names that pot's winners in the order
the odd chip goes (the holder of the deciding card first), and the award follows that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.cards.card import DECK_SIZE
from floorman.engine.automatic import betting_over
from floorman.engine.events import Event, HandEnded, PotAwarded
from floorman.engine.games import Valuation
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.engine.pots import Pot, PotAward, award_pots, build_pots
from floorman.engine.showdown import odd_chips
from floorman.errors import MalformedInputError
from floorman.rules.ruleset import OddChipRule


@dataclass(frozen=True, slots=True, kw_only=True)
class PotWinners:
    """The dealer's award of one pot: the winners of the pot, or of its high half, and, in a
    hi/lo game, the winners of the low half (none: nobody made a low, high scoops). Where the
    odd chip goes by a card (stud, TDA R20-B), each half's winners are named in that order."""

    high: tuple[int, ...]
    low: tuple[int, ...] = ()


def awaiting_award(hand: Hand) -> bool:
    """The betting is over and the pots wait for the recorder to name their winners."""
    if hand.phase is Phase.SHOW:
        return True
    return hand.phase is Phase.DEAL and hand.tabled and betting_over(hand)


def check_awardable(hand: Hand, *, voided: bool, pending: bool, named: int) -> None:
    """Refuse an award now: the hand was voided, a ruling waits, the betting is not over, or
    ``named`` winners for a hand already over (everyone else folded: the engine awarded it)."""
    if voided:
        raise MalformedInputError(
            "a misdeal voided this hand: record the misdeal and deal again", constraint="void"
        )
    if pending:
        raise MalformedInputError("a ruling awaits the director", constraint="ruling-pending")
    if hand.is_over and named:
        raise MalformedInputError(
            "the hand is over: its pot went to the last player in", constraint="award"
        )
    if not hand.is_over and not awaiting_award(hand):
        raise MalformedInputError("the betting is not over yet", constraint="award")


def pots_of(hand: Hand) -> tuple[Pot, ...]:
    """The main pot and the side pots of the chips gathered so far, main pot first: the bets
    still in front of the players join them when the street closes, as on the table."""
    live = [False] * hand.seat_count
    for seat in hand.live:
        live[seat] = True
    gathered = [paid - bet for paid, bet in zip(hand.paid, hand.bets, strict=True)]
    if not any(live) or not (any(gathered) or hand.dead_money):
        return ()
    return build_pots(gathered, live, dead=hand.dead_money)


def award_events(hand: Hand, winners: Sequence[PotWinners]) -> list[Event]:
    """The awards of the pots (:func:`pots_of`, main pot first) to ``winners``, one per pot,
    last side pot first as the engine pays them, then the end stacks.

    :raises MalformedInputError: not one award per pot, a pot without a winner, a winner not
        eligible for his pot or named twice, a low half in a game without one.
    """
    pots = pots_of(hand)
    if len(winners) != len(pots):
        raise MalformedInputError(
            f"{len(pots)} pots need {len(pots)} awards, not {len(winners)}", constraint="award"
        )
    awarded = [_award_pot(hand, pot, named) for pot, named in zip(pots, winners, strict=True)]
    final = list(hand.stacks)
    events: list[Event] = []
    for pot_award in reversed(awarded):
        shares = tuple(sorted(pot_award.shares.items()))
        for seat, chips in shares:
            final[seat] += chips
        pot = pot_award.pot
        events.append(
            PotAwarded(
                pot.amount, pot.eligible, shares, pot_award.high_winners, pot_award.low_winners
            )
        )
    stacks, in_hand = hand.config.stacks, hand.in_hand
    events.append(HandEnded(tuple(f if in_hand[s] else stacks[s] for s, f in enumerate(final))))
    return events


def _award_pot(hand: Hand, pot: Pot, named: PotWinners) -> PotAward:
    """One pot split by the engine's own rules, the dealer's winners standing for the best
    hands: a winner ranks 1, every other eligible seat 0."""
    _check_winners(pot, named, hi_lo=hand.config.game.valuation is Valuation.HIGH_LOW)
    high = {seat: int(seat in named.high) for seat in pot.eligible}
    low = None
    if named.low:
        low = {seat: (1 if seat in named.low else None) for seat in pot.eligible}
    config = hand.config
    rule = odd_chips(config.ruleset, config.game, {}, ())[0]
    return award_pots(
        [pot],
        high,
        low=low,
        unit=config.smallest_chip,
        button=hand.dealer,
        seat_count=hand.seat_count,
        rule=rule,
        high_cards=_named_order(named.high, rule),
        low_cards=_named_order(named.low, rule),
    )[0]


def _named_order(seats: Sequence[int], rule: OddChipRule) -> dict[int, int]:
    """Deciding cards that give the odd chip in the order the dealer named the winners, for
    the rules that read a card the tablet does not know (TDA R20-B: the highest card by suit;
    Poland §3c: the lowest); the first named comes first under either."""
    if rule is OddChipRule.LOW_CARD_BY_SUIT:
        return {seat: index for index, seat in enumerate(seats)}
    return {seat: DECK_SIZE - 1 - index for index, seat in enumerate(seats)}


def _check_winners(pot: Pot, named: PotWinners, *, hi_lo: bool) -> None:
    if not named.high:
        raise MalformedInputError("every pot needs a winner", constraint="award")
    if named.low and not hi_lo:
        raise MalformedInputError("only a hi/lo game has a low half", constraint="award")
    for seat in (*named.high, *named.low):
        if seat not in pot.eligible:
            raise MalformedInputError(
                f"seat {seat + 1} is not in the pot of {pot.amount}", constraint="award"
            )
    if len(set(named.high)) != len(named.high) or len(set(named.low)) != len(named.low):
        raise MalformedInputError("a winner is named twice", constraint="award")
