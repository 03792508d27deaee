"""The steps nobody decides: what follows a command by itself.

After every command :meth:`Hand.act <floorman.engine.hand.Hand.act>` asks :func:`next_step`
for the events that follow without a decision (the betting opened, an uncalled bet returned, a
street closed, hands tabled after a called all-in, pots awarded) and applies them, until the
hand waits for a player or the dealer again. Like the deciding half of ``Hand``, these
functions only read the state: :mod:`floorman.engine.evolve` applies what they return.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from floorman.engine import draw, showdown
from floorman.engine.events import (
    BetReturned,
    BettingOpened,
    Event,
    HandEnded,
    HandsTabled,
    PotAwarded,
    StreetClosed,
)
from floorman.engine.known import all_known
from floorman.engine.phase import BET, DEAL, SHOW
from floorman.engine.pots import Pot, award_pots, build_pots
from floorman.errors import IllegalActionError

if TYPE_CHECKING:
    from floorman.engine.hand import Hand


def settle(hand: Hand) -> None:
    """Apply the automatic steps, one after the other, until the hand waits for a decision."""
    while (step := next_step(hand)) is not None:
        if isinstance(step, list):
            for event in step:
                hand.apply(event)
        else:
            hand.apply(step)


def next_step(hand: Hand) -> Event | list[Event] | None:
    """What follows without anyone deciding: one event, or the awards at the end of the hand
    (applied together: each pot's award was worked out before any of them is paid); ``None``
    at a decision point."""
    phase = hand.phase
    if phase is BET:
        return _closing(hand)
    if phase is DEAL:
        return _dealing(hand)
    if phase is SHOW:
        live = hand.live_seats
        if not hand.tabled and len(live) > 1 and _anyone_all_in(hand) and hand.rules.face_up:
            return tabling(hand)
        if hand.show_queue and len(live) > 1:
            return None
        return awards(hand)
    return None


def _closing(hand: Hand) -> Event | None:
    """The end of a betting round: its uncalled bet returned, then the street closed."""
    rnd = hand.round
    assert rnd is not None
    if len(hand.live_seats) > 1:
        for needs in rnd.needs:  # a loop: compiled, ``in`` compares Python objects
            if needs:
                return None
    # The uncalled part of a single highest bet goes back: the excess over the next one.
    top = second = 0
    seat = -1
    for other, bet in enumerate(hand.bets):
        if bet > top:
            top, second, seat = bet, top, other
        elif bet > second:
            second = bet
    if top > second:
        return BetReturned(seat, top - second)
    return StreetClosed(hand.street)


def _dealing(hand: Hand) -> Event | None:
    """Once a street's cards are out: its betting opened, or the hands tabled."""
    if hand.draw is not None and (reshuffled := draw.reshuffle(hand)) is not None:
        return reshuffled
    queue = hand.deal_queue
    waiting = bool(queue or hand.board_due)
    if hand.tabled or (waiting and hand.street == 0 and queue):
        return None if waiting else BettingOpened(hand.street)
    # Stud tables before 7th street too; draw games after the last draw (draw.py). Without an
    # all-in face-up rule (Belarus 5.9.2) the board runs out and the hands are shown in the
    # showdown order, where a player may concede unseen.
    if len(hand.live_seats) > 1 and betting_over(hand) and hand.draw is None and hand.rules.face_up:
        return tabling(hand)
    return None if waiting else BettingOpened(hand.street)


def _anyone_all_in(hand: Hand) -> bool:
    """Whether a live player has no chips left."""
    stacks = hand.stacks
    return any(stacks[seat] == 0 for seat in hand.live_seats)  # compiled into a loop


def betting_over(hand: Hand) -> bool:
    """At most one live player still has chips to bet with."""
    stacks = hand.stacks
    with_chips = False
    for seat in hand.live_seats:
        if stacks[seat] > 0:
            if with_chips:
                return False
            with_chips = True
    return True


def tabling(hand: Hand) -> HandsTabled:
    ruling = hand.rules.fixed(
        "all-in-face-up", "hands-tabled", "all-in called and betting over: hands face up"
    )
    return HandsTabled(tuple(hand.live), ruling)


def awards(hand: Hand) -> list[Event]:
    """The pots, from the last side pot to the main pot, and the stacks at the end."""
    config, rules, live = hand.config, hand.rules.ruleset, hand.live_seats
    if len(live) == 1:
        return _uncontested(hand, live[0])
    flags = [False] * hand.seat_count
    for seat in live:
        flags[seat] = True
    valuation = hand.plan.valuation
    holes, board = _known_holes(hand, live), _known_board(hand)
    high, low = showdown.values(valuation, holes, board)
    if low is None and (scooped := _one_pot_one_winner(hand, live, high)) is not None:
        return scooped
    pots = build_pots(hand.paid, flags, dead=hand.dead_money)
    if low is None and (scooped := _sole_winners(hand, pots, high)) is not None:
        return scooped
    rule, high_cards, low_cards = showdown.odd_chips(rules, config.game, holes, board)
    awarded = award_pots(
        pots,
        high,
        low=low,
        unit=hand.plan.smallest_chip,
        button=hand.dealer,
        seat_count=hand.seat_count,
        rule=rule,
        high_cards=high_cards,
        low_cards=low_cards,
    )
    events: list[Event] = []
    final = list(hand.stacks)
    for award in reversed(awarded):  # the last side pot first, the main pot last
        shares = tuple(sorted(award.shares.items()))
        for seat, chips in shares:
            final[seat] += chips
        pot = award.pot
        events.append(
            PotAwarded(pot.amount, pot.eligible, shares, award.high_winners, award.low_winners)
        )
    events.append(_ended(hand, final))
    return events


def _one_pot_one_winner(hand: Hand, live: list[int], high: dict[int, int]) -> list[Event] | None:
    """The common showdown, awarded without building pots: nobody all-in for less, so one pot
    that every live hand contests, and one best hand, which takes it (no odd chips).

    The same events as :func:`~floorman.engine.pots.build_pots` and
    :func:`~floorman.engine.pots.award_pots` give: with every live seat in for the same amount
    there is one level, and its pot holds every chip put in (folded seats' chips above it, and
    dead money, included). ``None`` when the hand needs the general way.
    """
    paid = hand.paid
    level = paid[live[0]]
    best, winner, tied = -1, -1, False
    for seat in live:
        if paid[seat] != level:
            return None
        value = high[seat]
        if value > best:
            best, winner, tied = value, seat, False
        elif value == best:
            tied = True
    amount = hand.pot
    if tied or not amount:
        return None
    final = list(hand.stacks)
    final[winner] += amount
    eligible = tuple(live)
    return [PotAwarded(amount, eligible, ((winner, amount),), (winner,), ()), _ended(hand, final)]


def _sole_winners(hand: Hand, pots: tuple[Pot, ...], high: dict[int, int]) -> list[Event] | None:
    """Side pots each won by one best hand: each pot goes whole to it, no odd chip to place.

    The events :func:`~floorman.engine.pots.award_pots` gives when no pot is split; ``None``
    when one is.
    """
    events: list[Event] = []
    final = list(hand.stacks)
    for pot in reversed(pots):  # the last side pot first, the main pot last
        best, winner, tied = -1, -1, False
        for seat in pot.eligible:
            value = high[seat]
            if value > best:
                best, winner, tied = value, seat, False
            elif value == best:
                tied = True
        if tied:
            return None
        amount = pot.amount
        final[winner] += amount
        events.append(PotAwarded(amount, pot.eligible, ((winner, amount),), (winner,), ()))
    events.append(_ended(hand, final))
    return events


def _uncontested(hand: Hand, winner: int) -> list[Event]:
    """The last live hand takes every chip, unshown (R17-B): one pot, nothing to split.

    The same events as building and awarding the pots (:mod:`floorman.engine.pots`) would
    give, without their checks and bands: every chip put in is in the one pot, and a hand
    where nobody put in a chip has no pot.
    """
    amount = hand.pot
    events: list[Event] = []
    final = list(hand.stacks)
    if amount:
        final[winner] += amount
        events.append(PotAwarded(amount, (winner,), ((winner, amount),), (winner,), ()))
    events.append(_ended(hand, final))
    return events


def _ended(hand: Hand, final: list[int]) -> HandEnded:
    """The stacks after the awards; an empty seat keeps what the config says (``None``)."""
    stacks, in_hand = hand.plan.stacks, hand.in_hand
    return HandEnded(tuple([f if in_hand[s] else stacks[s] for s, f in enumerate(final)]))


def _known_holes(hand: Hand, live: list[int]) -> dict[int, list[int]]:
    """The live hands, every card known (a transcribed history may hide some)."""
    holes: dict[int, list[int]] = {}
    board_known = all_known(hand.board)
    for seat in live:
        cards = hand.holes[seat]
        if not board_known or not all_known(cards):
            raise IllegalActionError(
                hand.rules.ruling(
                    "show-order", "cards-unknown", f"seat {seat}'s cards are unknown", seat=seat
                )
            )
        holes[seat] = cast("list[int]", cards)  # read, never changed
    return holes


def _known_board(hand: Hand) -> list[int]:
    """The board, once :func:`_known_holes` has found every card of it known."""
    return cast("list[int]", hand.board)
