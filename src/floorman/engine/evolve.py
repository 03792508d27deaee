"""Evolving a hand: how each event changes the state, with no checks at all.

These functions are the other half of :mod:`floorman.engine.hand`: ``Hand.act`` decides which
events happen, and :func:`apply_event` folds each one into the state. Anything derived here
(the next street, the show order) follows from facts already recorded, so a replay rebuilds
it exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from floorman.engine import draw, held_chips, showdown, stud, stud_stub
from floorman.engine.automatic import betting_over
from floorman.engine.betting import BettingRound, record_raise, settle_cap
from floorman.engine.events import (
    Acted,
    BetReturned,
    BettingOpened,
    BetWithdrawn,
    BoardDealt,
    CardsExposed,
    ChipsForfeited,
    Discarded,
    Event,
    ForcedBetPosted,
    HandEnded,
    HandKilled,
    HandRevived,
    HandsTabled,
    HandVoided,
    HoleCardReplaced,
    HoleDealt,
    HoleFacesSet,
    Mucked,
    PotAwarded,
    Shown,
    StreetClosed,
    StubReshuffled,
    TreatedAsAllIn,
)
from floorman.engine.games import FIXED_LIMIT, Valuation
from floorman.engine.known import all_known
from floorman.engine.phase import BET, DEAL, DONE, SHOW
from floorman.rules.ruleset import StudShortStub

if TYPE_CHECKING:
    from floorman.engine.hand import Hand


def start_street(hand: Hand, street: int) -> None:
    """Enter a street: its dealing comes first, its betting after."""
    streets = hand.streets
    hand.street = street
    hand.phase = DEAL
    hand.round = None
    plan = streets[street]
    live, order = hand.live_seats, hand.dealing_order
    if not plan.hole:
        hand.deal_queue = []
    elif len(live) == len(order):  # nobody folded (the first street): every seat in order
        hand.deal_queue = list(order)
    else:
        hand.deal_queue = [s for s in order if s in live]
    hand.board_due = plan.board
    if hand.stud and street == len(streets) - 1:
        _plan_last_stud_card(hand)
    if plan.draw:
        draw.start(hand)


_BURNS_THEN_MUCK: Final = StudShortStub.BURNS_THEN_MUCK
STUD_BURNS_BEFORE_LAST: Final = 3
"""Burns before fourth, fifth and sixth street."""


def _plan_last_stud_card(hand: Hand) -> None:
    """Seventh street from a short stub (TDA RP-10-H; Belarus 6.5.3 in :mod:`.stud_stub`).

    One card must stay undealt after the burn. If the stub cannot give every player his card,
    the burns go back into it when that is enough; otherwise one community card is turned up
    in the centre (with the burns back in the stub if even a burn and three cards are missing).
    """
    dealt = sum(len(h) for h in hand.holes) + len(hand.board)
    stub = 52 - dealt - STUD_BURNS_BEFORE_LAST
    needed = len(hand.live) + 2
    if stub >= needed:
        return
    belarus = hand.rules.ruleset.stud_short_stub is _BURNS_THEN_MUCK
    if belarus and stud_stub.reuse_burns_then_muck(hand, stub):
        return
    community = stub + STUD_BURNS_BEFORE_LAST < needed
    hand.burns_back = not community or stub < 3
    if hand.burns_back:
        hand.dealt.difference_update(hand.burns)
    if community:
        hand.deal_queue = []
        hand.board_due = 1


def open_round(hand: Hand, street: int) -> BettingRound:
    """The betting round of a street, with the blinds as the opening bet preflop."""
    plan = hand.plan
    big_blind = plan.big_blind
    if hand.structure is FIXED_LIMIT:
        size = plan.big_bet if hand.streets[street].big_bet else plan.small_bet
    else:
        size = big_blind
    blinds = street == 0 and big_blind > 0
    current = 0
    if blinds:  # the big blind, or a bigger bet already in front
        current = big_blind
        for bet in hand.bets:
            if bet > current:
                current = bet
    live = hand.live_seats
    stacks = hand.stacks
    needs = [False] * hand.seat_count
    starters = 0
    for seat in live:
        if stacks[seat] > 0:
            needs[seat] = True
            starters += 1
    cursor = hand.big_blind_seat if blinds else hand.dealer
    opener = _next_seat(hand, cursor)
    bring_in, bring_in_seat, big_option = 0, None, 0
    if hand.stud:
        # Up-cards a transcribed history left unknown cannot open; the known ones decide.
        razz = plan.valuation is Valuation.RAZZ
        showing = {s: cards for s in live if (cards := _up_cards(hand, s))}
        if street == 0:
            door = {s: cards[-1] for s, cards in showing.items()}
            opener = bring_in_seat = stud.bring_in_seat(door, razz=razz) if door else opener
            bring_in = plan.bring_in
        elif showing:
            opener = stud.first_to_act(showing, razz=razz)
        cursor = (opener - 1) % hand.seat_count
        open_pair_rule = street == 1 and hand.rules.ruleset.stud_open_pair_big_bet and not razz
        if open_pair_rule and any(stud.has_open_pair(c) for c in showing.values()):
            big_option = plan.big_bet
    rnd = BettingRound(  # positionally: a keyword call costs twice as much
        street,
        size,  # bet_size
        current,
        size,  # full_raise
        current,  # level
        0,  # raises
        [None] * hand.seat_count,  # acted_at
        needs,
        starters,
        cursor,
        opener,
        None,  # aggressor
        bring_in,
        bring_in_seat,
        big_option,
        _cap_lifted(hand, starters),
    )
    if betting_over(hand):
        settle_needs(hand, rnd)
    return rnd


def _cap_lifted(hand: Hand, starters: int) -> bool:
    """Whether a limit round begun with ``starters`` players able to bet has no raise cap."""
    rules = hand.rules
    if rules.lift_in_tournament:
        return hand.plan.tournament_heads_up
    if rules.lift_in_round:
        return starters <= 2  # at most two could bet when the round began
    return False


def _next_seat(hand: Hand, seat: int) -> int:
    """The first live seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    live = hand.live_seats  # in seat order
    for other in live:
        if other > seat:
            return other
    return live[0]


def _up_cards(hand: Hand, seat: int) -> list[int]:
    """The seat's known cards lying face up (``holes`` and ``up`` run in step)."""
    held, faces = hand.holes[seat], hand.up[seat]
    showing: list[int] = []
    for index in range(len(faces)):
        card = held[index]
        if faces[index] and card is not None:
            showing.append(card)
    return showing


def settle_needs(hand: Hand, rnd: BettingRound) -> None:
    """A player who has matched every chip his opponents put in, and whose every opponent is
    all-in, has no decision left.

    He could only check, or put in chips nobody could call: they would come straight back as
    an uncalled bet. That holds when the street's bet to call is above what any opponent put in,
    as when a big blind all-in for less than the blind makes the others owe the full blind
    (R54-B): heads-up, the small blind who has matched the short big blind is not asked to call
    the rest, and the board runs out. The heads-up big blind whose small blind completed all-in
    for less is the other common case. Only called once
    :func:`~floorman.engine.automatic.betting_over` holds: until then everyone has an opponent
    with chips to answer a bet.
    """
    live = hand.live_seats
    bets, stacks = hand.bets, hand.stacks
    for seat in live:
        if not rnd.needs[seat]:
            continue
        matched = True
        for other in live:
            if other != seat and (stacks[other] > 0 or bets[other] > bets[seat]):
                matched = False
                break
        if matched:
            rnd.needs[seat] = False


# Compiled, ``xs[i] -= n`` on a list of ints is a generic Python operation, ``xs[i] = xs[i] - n``
# an int one: the hot functions below write it out.


def _apply_forced(hand: Hand, e: ForcedBetPosted) -> None:
    seat, amount, bet = e.seat, e.amount, e.bet
    stacks = hand.stacks
    stacks[seat] = stacks[seat] - amount
    if bet == "big-blind-ante":
        hand.dead_money += amount
        return
    paid = hand.paid
    paid[seat] = paid[seat] + amount
    if bet != "ante":
        bets = hand.bets
        bets[seat] = bets[seat] + amount
    if bet == "big-blind":
        hand.blind_shortfall = max(0, hand.plan.big_blind - amount)


def _apply_hole(hand: Hand, e: HoleDealt) -> None:
    seat, cards, dealt = e.seat, e.cards, hand.dealt
    hand.holes[seat].extend(cards)
    for card in cards:
        if card is not None:
            dealt.add(card)
    count, up = len(cards), hand.streets[hand.street].up  # the last ``up`` cards face up
    if up:
        down = max(count - up, 0)
        hand.up[seat].extend([False] * down + [True] * (count - down))
    else:
        faces = hand.up[seat]
        for _ in range(count):
            faces.append(False)
    if e.burn is not None:
        hand.burns.append(e.burn)
        dealt.add(e.burn)
    queue = hand.deal_queue
    if queue and queue[0] == seat:  # dealt in order, as the dealer does
        queue.pop(0)
    elif seat in queue:
        queue.remove(seat)


def _apply_board(hand: Hand, e: BoardDealt) -> None:
    hand.board.extend(e.cards)
    dealt = hand.dealt
    for card in e.cards:
        if card is not None:
            dealt.add(card)
    if e.burn is not None:
        hand.burns.append(e.burn)
        hand.dealt.add(e.burn)
    hand.board_due = 0


def _apply_opened(hand: Hand, e: BettingOpened) -> None:
    hand.round = open_round(hand, e.street)
    hand.phase = BET


def _apply_acted(hand: Hand, e: Acted) -> None:
    rnd = hand.round
    assert rnd is not None
    seat, action = e.seat, e.action
    if action == "fold":
        hand.folded[seat] = True
        hand.live_seats = [s for s in hand.live_seats if s != seat]
    elif action != "check":
        to, bets, stacks, paid = e.to, hand.bets, hand.stacks, hand.paid
        added = to - bets[seat]
        stacks[seat] = stacks[seat] - added
        bets[seat] = to
        paid[seat] = paid[seat] + added
        if action == "bring-in":
            rnd.current = max(rnd.current, e.to)
            rnd.needs[seat] = False
            rnd.cursor = seat
            if betting_over(hand):
                settle_needs(hand, rnd)
            return  # a forced bet: the bring-in may still raise a completion, like a blind
        if action != "call":
            record_raise(rnd, seat, e.to, structure=hand.structure, rules=hand.rules)
            needs = rnd.needs
            for other in hand.live_seats:
                if other != seat and stacks[other] > 0:
                    needs[other] = True
            settle_cap(rnd, stacks, hand.live_seats, hand.rules)
    rnd.acted_at[seat] = rnd.current
    rnd.needs[seat] = False
    rnd.cursor = seat
    if betting_over(hand):
        settle_needs(hand, rnd)


def _apply_returned(hand: Hand, e: BetReturned) -> None:
    seat, amount, stacks, bets, paid = e.seat, e.amount, hand.stacks, hand.bets, hand.paid
    stacks[seat] = stacks[seat] + amount
    bets[seat] = bets[seat] - amount
    paid[seat] = paid[seat] - amount


def _apply_closed(hand: Hand, e: StreetClosed) -> None:
    rnd = hand.round
    hand.bets = [0] * hand.seat_count
    last = e.street == len(hand.streets) - 1
    if hand.held_back:
        held_chips.restore(hand, hand_over=len(hand.live_seats) == 1 or last)
    if rnd is not None and _anyone_acted(rnd):
        hand.last_aggressor = rnd.aggressor
    if len(hand.live_seats) == 1 or last:
        hand.phase = SHOW
        hand.round = None
        # The last round with any action decides (Belarus 5.9.2, TDA R17-A): after an all-in
        # called before the river, the later streets had no betting, and the all-in's raiser
        # shows first.
        aggressor = hand.last_aggressor
        first = (hand.dealer + 1) % hand.seat_count
        if rnd is not None and hand.stud:
            first = rnd.opener
        order = showdown.show_order(
            hand.live, aggressor=aggressor, first=first, seats=hand.seat_count
        )
        hand.show_queue = _unknown_cards(hand, order) if hand.tabled else order
        return
    start_street(hand, e.street + 1)


def _anyone_acted(rnd: BettingRound) -> bool:
    """Whether anyone acted of his own will in the round (a round nobody could bet in did not
    count as checked through)."""
    return any(faced is not None for faced in rnd.acted_at)  # compiled into a loop


def _apply_tabled(hand: Hand, e: HandsTabled) -> None:
    hand.tabled = True
    hand.show_queue = _unknown_cards(hand, list(e.seats))


def _unknown_cards(hand: Hand, seats: list[int]) -> list[int]:
    """Tabled seats whose cards the engine does not know yet must still show them."""
    holes = hand.holes
    return [s for s in seats if not all_known(holes[s])]


def _apply_shown(hand: Hand, e: Shown) -> None:
    hand.holes[e.seat] = list(e.cards)
    hand.dealt.update(e.cards)
    hand.shown[e.seat] = True
    if e.seat in hand.show_queue:
        hand.show_queue.remove(e.seat)


def _apply_mucked(hand: Hand, e: Mucked) -> None:
    hand.mucked[e.seat] = True
    hand.live_seats = [s for s in hand.live_seats if s != e.seat]
    if e.seat in hand.show_queue:
        hand.show_queue.remove(e.seat)


def _apply_awarded(hand: Hand, e: PotAwarded) -> None:
    stacks = hand.stacks
    for seat, chips in e.shares:
        stacks[seat] = stacks[seat] + chips


def _apply_ended(hand: Hand, e: HandEnded) -> None:
    hand.phase = DONE


# --- irregularities (rulings made at a live table, floorman.live) ----------------------------


def _apply_killed(hand: Hand, e: HandKilled) -> None:
    """Like a fold, except that the turn stays where it was (the seat did not act) and that
    its chips stay in the pot, the part nobody called too (a dead blind stays, TDA R30)."""
    seat = e.seat
    hand.folded[seat] = True
    hand.bets[seat] = 0  # still in ``paid``: no longer a bet that could be returned
    hand.live_seats = [s for s in hand.live_seats if s != seat]
    if seat in hand.deal_queue:
        hand.deal_queue.remove(seat)
    if seat in hand.show_queue:
        hand.show_queue.remove(seat)
    if len(hand.live_seats) == 1:  # nobody is left to deal to: the last hand takes the pot
        hand.deal_queue = []
        hand.board_due = 0
    rnd = hand.round
    if rnd is not None:
        rnd.needs[seat] = False
        if betting_over(hand):
            settle_needs(hand, rnd)


def _apply_revived(hand: Hand, e: HandRevived) -> None:
    seat = e.seat
    hand.folded[seat] = False
    hand.live_seats = sorted([*hand.live_seats, seat])
    rnd = hand.round
    if rnd is not None and hand.stacks[seat] > 0:
        rnd.needs[seat] = rnd.acted_at[seat] is None or hand.bets[seat] < rnd.current


def _apply_voided(hand: Hand, e: HandVoided) -> None:
    """Every chip back where it came from: the stacks the hand started with."""
    n = hand.seat_count
    hand.stacks = [s or 0 for s in hand.plan.stacks]
    hand.bets = [0] * n
    hand.paid = [0] * n
    hand.dead_money = 0
    hand.round = None
    hand.deal_queue = []
    hand.board_due = 0
    hand.show_queue = []
    hand.phase = DONE


def _apply_forfeited(hand: Hand, e: ChipsForfeited) -> None:
    hand.stacks[e.seat] -= e.amount
    hand.dead_money += e.amount


def _apply_exposed(hand: Hand, e: CardsExposed) -> None:
    exposed = hand.exposed
    if exposed is None:
        exposed = hand.exposed = {}
    exposed.setdefault(e.seat, set()).update(e.cards)


def _apply_replaced(hand: Hand, e: HoleCardReplaced) -> None:
    holes = hand.holes[e.seat]
    old = holes[e.index]
    holes[e.index] = e.card
    if e.card is not None:
        hand.dealt.add(e.card)
    if old is not None:
        hand.burns.append(old)


def _apply_faces(hand: Hand, e: HoleFacesSet) -> None:
    hand.up[e.seat] = list(e.up)


def _apply_held(hand: Hand, e: TreatedAsAllIn | BetWithdrawn) -> None:
    if isinstance(e, TreatedAsAllIn):
        held_chips.apply_treated(hand, e)
    else:
        held_chips.apply_withdrawn(hand, e)
    rnd = hand.round
    if rnd is not None and betting_over(hand):
        settle_needs(hand, rnd)


def apply_event(hand: Hand, event: Event) -> None:
    """Fold one event into the state: each kind of event has its function, the commonest are
    tried first."""
    if isinstance(event, Acted):
        _apply_acted(hand, event)
    elif isinstance(event, HoleDealt):
        _apply_hole(hand, event)
    elif isinstance(event, BettingOpened):
        _apply_opened(hand, event)
    elif isinstance(event, StreetClosed):
        _apply_closed(hand, event)
    elif isinstance(event, BoardDealt):
        _apply_board(hand, event)
    elif isinstance(event, ForcedBetPosted):
        _apply_forced(hand, event)
    elif isinstance(event, Shown):
        _apply_shown(hand, event)
    elif isinstance(event, BetReturned):
        _apply_returned(hand, event)
    elif isinstance(event, PotAwarded):
        _apply_awarded(hand, event)
    elif isinstance(event, HandEnded):
        _apply_ended(hand, event)
    elif isinstance(event, HandsTabled):
        _apply_tabled(hand, event)
    elif isinstance(event, Mucked):
        _apply_mucked(hand, event)
    elif isinstance(event, Discarded):
        draw.apply_discarded(hand, event)
    elif isinstance(event, StubReshuffled):
        draw.apply_reshuffled(hand, event)
    elif isinstance(event, HandKilled):
        _apply_killed(hand, event)
    elif isinstance(event, HandRevived):
        _apply_revived(hand, event)
    elif isinstance(event, HandVoided):
        _apply_voided(hand, event)
    elif isinstance(event, ChipsForfeited):
        _apply_forfeited(hand, event)
    elif isinstance(event, CardsExposed):
        _apply_exposed(hand, event)
    elif isinstance(event, HoleFacesSet):
        _apply_faces(hand, event)
    elif isinstance(event, TreatedAsAllIn | BetWithdrawn):
        _apply_held(hand, event)
    else:
        _apply_replaced(hand, event)
