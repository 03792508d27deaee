"""A hand at a live table as the dealer's tablet records it: the actions he enters, the legal
options before each one, the pots, and his award at the showdown.

The cards are physical, so the engine is given unseen cards (``None``) whenever it asks for
some, and the tablet never sees a card. The hand is replayed from the setup the tablet was
given at the start of the hand (``GET .../tables/{t}/setup``) and the steps it has recorded
since: the service keeps nothing between two taps, so a tablet that reloads, or a second
tablet at the table, rebuilds the same hand, and a service restart loses nothing.

Unseen cards cannot be compared, so the engine stops where the hands would be compared: when
the last bet is called on the river (it waits for the hands to be shown), or when an all-in
is called with cards still to come (the hands are tabled, TDA R16). There the dealer names
the winners of each pot, and :func:`award` splits each pot with the engine's own odd-chip
order (TDA R20-A: the first winner left of the button; R20-C: the high half of a hi/lo pot
takes the odd chip) and records the awards in the hand, so the finished hand sums up into
the result the tournament records (:func:`~floorman.tournament.floor.table_hand.result_of`).
A hand everyone else folded is awarded by the engine itself (R17-B).

The hand is a live table's (:class:`floorman.live.live_hand.LiveHand`), so the steps may also
be irregularities and the director's decisions (:mod:`floorman.web.dealer_steps`); a hand a
misdeal voided is never recorded as played: the tournament's ``misdeal`` command counts it
and the table deals again (R35-C).

Stud and draw games take two more steps (:mod:`floorman.web.dealer_cards`): the up-cards of
each stud street, which decide the bring-in and the first to act (TDA RP-10), and how many
cards each player draws. Replay stops for the up-cards where a street deals them.

Decision: a split stud pot's odd chip goes to the highest card by suit (TDA R20-B), a card
the tablet does not know; the dealer names that pot's winners in the order the odd chip goes
(the holder of the highest card first), and the award follows that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.cards.card import DECK_SIZE
from floorman.engine.actions import DealBoard, DealHole
from floorman.engine.automatic import betting_over
from floorman.engine.events import Event, HandEnded, PotAwarded
from floorman.engine.games import Valuation, get_game
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.engine.pots import Pot, PotAward, award_pots, build_pots
from floorman.engine.showdown import odd_chips
from floorman.errors import MalformedInputError
from floorman.live.live_hand import LiveHand
from floorman.rules.ruleset import OddChipRule
from floorman.rules.ruling import Ruling
from floorman.tournament.floor.table_hand import HandResult, HandSetup, result_of
from floorman.tournament.officials.table_calls import TableRulingOverridden
from floorman.web.dealer_cards import up_cards_due
from floorman.web.dealer_overrides import Lapsed, apply_due, not_reached
from floorman.web.dealer_steps import Step, apply_step


@dataclass(frozen=True, slots=True, kw_only=True)
class PotWinners:
    """The dealer's award of one pot: the winners of the pot, or of its high half, and, in a
    hi/lo game, the winners of the low half (none: nobody made a low, high scoops). Where the
    odd chip goes by a card (stud, TDA R20-B), each half's winners are named in that order."""

    high: tuple[int, ...]
    low: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Replayed:
    """The hand after the tablet's steps, and the ruling its last step drew, if any."""

    live: LiveHand
    ruling: Ruling | None
    lapsed: tuple[Lapsed, ...] = ()
    """The director's overrides the hand could not take (:mod:`.dealer_overrides`)."""

    @property
    def hand(self) -> Hand:
        return self.live.hand

    @property
    def voided(self) -> bool:
        return self.live.redeal() is not None


def check_game(setup: HandSetup) -> None:
    """Refuse a setup whose game is not the one its code names (a tampered setup)."""
    game = setup.config.game
    try:
        known = get_game(game.code)
    except MalformedInputError:
        known = None
    if known != game:
        raise MalformedInputError(f"game {game.code!r} is not a known game", constraint="game")


def replay(
    setup: HandSetup,
    steps: Sequence[Step],
    *,
    level_minutes: int | None = None,
    overrides: Sequence[TableRulingOverridden] = (),
) -> Replayed:
    """The hand of ``setup`` after ``steps``, dealt unseen cards as it asks for them; the
    players the setup names dead (absent, serving a penalty) are killed at the end of the
    deal (TDA R30, R71-C). ``level_minutes``: the hand level's length, which may shorten the
    action clock (PokerStars Live 3.11.1). ``overrides``: the director's, from the log, each
    applied after the step it was given at (:mod:`floorman.web.dealer_overrides`).

    :raises IllegalActionError: a step the rules forbid (a raise below the minimum, play while
        the director's ruling is awaited...), with the ruling.
    :raises MalformedInputError: a step after the betting is over, or a bet without its
        amount.
    """
    check_game(setup)
    live = LiveHand(setup.config, dead_seats=setup.dead)
    _deal_unseen(live)
    lapsed = not_reached(overrides, len(steps))
    ruling = apply_due(live, overrides, 0, lapsed)
    for number, step in enumerate(steps, 1):
        ruling = apply_step(live, step, number, level_minutes=level_minutes).ruling
        _deal_unseen(live)
        ruling = apply_due(live, overrides, number, lapsed) or ruling
        _deal_unseen(live)
    return Replayed(live=live, ruling=ruling, lapsed=tuple(lapsed))


def awaiting_award(hand: Hand) -> bool:
    """The betting is over and the pots wait for the dealer to name their winners."""
    if hand.phase is Phase.SHOW:
        return True
    return hand.phase is Phase.DEAL and hand.tabled and betting_over(hand)


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


def award(setup: HandSetup, replayed: Replayed, winners: Sequence[PotWinners]) -> HandResult:
    """Award each pot to the winners the dealer named (main pot first), and sum the hand up.

    A hand that is over already (everyone else folded) takes no winners.

    :raises MalformedInputError: the hand was voided, still has betting to do or a ruling
        awaited; a winner count that is not one per pot, a winner not eligible for his pot,
        a low half in a game without one.
    """
    if replayed.voided:
        raise MalformedInputError(
            "a misdeal voided this hand: record the misdeal and deal again", constraint="void"
        )
    if replayed.live.pending:
        raise MalformedInputError("a ruling awaits the director", constraint="ruling-pending")
    hand = replayed.hand
    if hand.is_over:
        if winners:
            raise MalformedInputError(
                "the hand is over: its pot went to the last player in", constraint="award"
            )
        return result_of(setup, hand)
    if not awaiting_award(hand):
        raise MalformedInputError("the betting is not over yet", constraint="award")
    pots = pots_of(hand)
    if len(winners) != len(pots):
        raise MalformedInputError(
            f"{len(pots)} pots need {len(pots)} awards, not {len(winners)}", constraint="award"
        )
    hand.record(*_award_events(hand, pots, winners))
    return result_of(setup, hand)


def _award_events(hand: Hand, pots: Sequence[Pot], winners: Sequence[PotWinners]) -> list[Event]:
    """The pots' awards, last side pot first as the engine pays them, and the end stacks."""
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


def _deal_unseen(live: LiveHand) -> None:
    """Give the hand the unseen cards it waits for, except the cards still to come once an
    all-in is called (the hand waits for its award there) and a stud street's up-cards."""
    while (request := live.deal_request()) is not None and not awaiting_award(live.hand):
        if up_cards_due(live.hand):
            return  # the dealer enters them: the next step
        unseen = (None,) * request.count
        if request.seat is None:
            live.act(DealBoard(unseen))
        else:
            live.act(DealHole(request.seat, unseen))
