"""What a live table can still find once a hand's pot is awarded: chips found with a player
after his all-in was called (Poland §43.2, TDA R62), and the last player left holding a wrong
number of cards (Belarus 6.3.9).

The hand is over, so :meth:`LiveHand.record` refuses these; :func:`decide` rules on them, and
:func:`floorman.live.finished_hand.record` records them while the hand's history is still open
(before the next hand starts, when a finished hand can no longer be disputed: Poland §50.0,
TDA R22). Each is a ruling in the history, then the engine
events that put the result right: the awards taken back and made again (6.3.9), or the found
chips awarded where they belong and a new ``HandEnded`` with the final stacks, which is the
result a tournament reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from floorman.engine.events import Event, HandEnded, PotAwarded
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.decision import PENDING, Decision, pick
from floorman.live.irregularities.reports import WrongCardCount
from floorman.live.irregularities.table_reports import ChipsFound
from floorman.live.live_events import RulingMade, RulingPending
from floorman.rules.ruleset import FoundChips, Ruleset
from floorman.rules.ruling import Ruling

AfterAward = ChipsFound | WrongCardCount

STANDS = "stands"
"""The outcome that leaves the award as it was."""
REAWARDED = "reawarded"
"""The pot taken back from its winner and given to the others (Belarus 6.3.9)."""
COMMITTED = "committed"
"""Found chips that were part of the all-in: lost to a winner who covered them."""
KEPT = "kept"
"""Found chips the player keeps: nobody called them."""
REMOVED = "removed"
"""Found chips that leave play."""
TO_WINNER = "to-winner"
"""Found chips that go to the winner of the all-in player's pot (TDA R62, at the TD's word)."""
FOUND_CHIPS = "found-chips"
"""The topic of the director's ruling on found chips."""


def decide(hand: Hand, rules: Ruleset, report: AfterAward) -> Decision:
    if isinstance(report, ChipsFound):
        return found_chips(hand, rules, report)
    return lone_wrong_count(hand, rules, report)


# --- Belarus 6.3.9: the last player left with a wrong card count --------------------------------


def lone_wrong_count(hand: Hand, rules: Ruleset, report: WrongCardCount) -> Decision:
    """The last player left, found with a wrong number of cards, loses the pot where the
    profile says so (Belarus 6.3.9): the others get back what they put in, and his own
    chips are split equally among them, odd chips from the button's left (decision 18).
    Elsewhere the award stands."""
    seat = report.seat
    if hand.live != [seat]:
        raise MalformedInputError(
            f"seat {seat} is not the last player left in the hand", constraint="seat"
        )
    if report.held == len(hand.holes[seat]) or report.held < 0:
        raise MalformedInputError(
            f"seat {seat} holds {len(hand.holes[seat])} cards, as dealt", constraint="card-count"
        )
    if not rules.lone_wrong_count_loses_pot:
        ruling = rules.ruling(
            pick(rules, "lone-wrong-count", "wrong-card-count"),
            "award-stands",
            "the pot was awarded: the result stands",
        )
        return Decision(ruling=ruling, outcome=STANDS, seat=seat)
    others = [s for s, paid in enumerate(hand.paid) if paid and s != seat]
    if not others:
        raise MalformedInputError("nobody else put chips in this pot", constraint="seat")
    ruling = rules.ruling(
        pick(rules, "lone-wrong-count"),
        "lone-wrong-count",
        f"seat {seat} held a wrong number of cards: the pot goes to the others who played",
        seat=seat,
    )
    awarded = _awards_at_end(hand)
    before = _stacks_before(hand, awarded)
    total = sum(e.amount for e in awarded)
    shares = dict.fromkeys(others, 0)
    for other in others:
        shares[other] = hand.paid[other]
    split = _equal_split(total - sum(shares.values()), _in_deal_order(hand, others), hand)
    for other, chips in split.items():
        shares[other] += chips
    award = PotAwarded(total, tuple(others), tuple(sorted(shares.items())), (), ())
    effects: tuple[Event, ...] = (award, _ended(hand, before, shares))
    return Decision(
        ruling=ruling,
        outcome=REAWARDED,
        seat=seat,
        effects=effects,
        withdraw=len(awarded) + 1,
    )


def _awards_at_end(hand: Hand) -> list[PotAwarded]:
    """The pot awards that end the hand, before its ``HandEnded``."""
    awarded: list[PotAwarded] = []
    for event in reversed(hand.events[:-1]):
        if not isinstance(event, PotAwarded):
            break
        awarded.append(event)
    return awarded[::-1]


def _stacks_before(hand: Hand, awarded: Sequence[PotAwarded]) -> list[int]:
    """Each seat's chips before ``awarded`` were paid out."""
    before = list(hand.stacks)
    for award in awarded:
        for seat, chips in award.shares:
            before[seat] -= chips
    return before


def _in_deal_order(hand: Hand, seats: Sequence[int]) -> list[int]:
    """``seats`` clockwise from the button's left (the odd chip's order, Belarus 5.9.3)."""
    order = hand.config.dealing_order
    return sorted(seats, key=order.index)


def _equal_split(amount: int, seats: Sequence[int], hand: Hand) -> dict[int, int]:
    """``amount`` split equally in the smallest chip, odd chips one each in ``seats`` order."""
    unit = hand.config.smallest_chip
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, len(seats))
    split = {s: each * unit + (unit if i < odd else 0) for i, s in enumerate(seats)}
    split[seats[0]] += rest
    return split


def _ended(hand: Hand, before: Sequence[int], shares: dict[int, int]) -> HandEnded:
    stacks = hand.config.stacks
    return HandEnded(
        tuple(
            before[s] + shares.get(s, 0) if hand.in_hand[s] else stacks[s]
            for s in range(hand.seat_count)
        )
    )


# --- chips found after an all-in (Poland §43.2, PokerStars Live 4.16, TDA R62) -----------------


def found_chips(hand: Hand, rules: Ruleset, report: ChipsFound) -> Decision:
    """Chips found with a player after his all-in was called. Where they count as committed
    (Poland §43.2), a winner who covered them takes them and the player keeps the rest; a
    player who won keeps them, nobody having called them. Elsewhere the director rules
    (TDA R62): committed, to the winner, or removed from play."""
    seat, amount = report.seat, report.amount
    awarded = _awards_since_betting(hand)
    before = _stacks_before(hand, awarded)
    if not hand.in_hand[seat] or before[seat] != 0 or amount <= 0:
        raise MalformedInputError(
            f"seat {seat} was not all-in, or no chips were found", constraint="found-chips"
        )
    if rules.found_chips is FoundChips.COMMITTED:
        outcome = KEPT if _won(awarded, seat) else COMMITTED
        ruling = _found_ruling(rules, outcome, seat)
        effects = found_chips_effects(hand, seat, amount, outcome)
        return Decision(ruling=ruling, outcome=outcome, seat=seat, effects=effects)
    options = (KEPT, REMOVED) if _won(awarded, seat) else (COMMITTED, TO_WINNER, REMOVED)
    ruling = rules.ruling(
        pick(rules, "found-chips", "director"),
        "found-chips-director",
        "chips found after an all-in: the director rules what they count for",
    )
    pending = RulingPending(
        id="",
        topic=FOUND_CHIPS,
        question=f"seat {seat}'s {amount} chips found after his all-in: what do they count for?",
        options=options,
        rules=(ruling.rule,),
        seat=seat,
    )
    return Decision(ruling=ruling, outcome=PENDING, seat=seat, pending=pending)


def _found_ruling(rules: Ruleset, outcome: str, seat: int) -> Ruling:
    concept = pick(rules, "found-chips", "director")
    if outcome == KEPT:
        return rules.ruling(
            concept,
            "found-chips-kept",
            f"seat {seat} won: the chips found are his, nobody having called them",
            seat=seat,
        )
    return rules.ruling(
        concept,
        "found-chips-committed",
        f"seat {seat}'s chips found were part of his all-in: the winner takes what he covered",
        seat=seat,
    )


def found_chips_effects(hand: Hand, seat: int, amount: int, outcome: str) -> tuple[Event, ...]:
    """The found chips paid where ``outcome`` sends them, and the stacks that result."""
    if outcome == REMOVED:
        return ()
    awarded = _awards_since_betting(hand)
    takers = _takers(awarded, seat)
    covered = dict.fromkeys(takers, 0)
    if outcome in (COMMITTED, TO_WINNER) and takers:
        behind = _stacks_before(hand, awarded)
        split = _equal_split(amount, takers, hand)
        for taker in takers:
            cap = amount if outcome == TO_WINNER else behind[taker] - _found_taken(hand, taker)
            covered[taker] = min(split[taker], max(cap, 0))
    shares = {s: c for s, c in covered.items() if c}
    kept = amount - sum(shares.values())
    if kept:
        shares[seat] = kept
    award = PotAwarded(amount, (seat, *takers), tuple(sorted(shares.items())), tuple(takers), ())
    return (award, _ended(hand, list(hand.stacks), shares))


def _awards_since_betting(hand: Hand) -> list[PotAwarded]:
    """The hand's own awards (not those of chips found later)."""
    awarded: list[PotAwarded] = []
    for event in hand.events:
        if isinstance(event, PotAwarded):
            awarded.append(event)
        elif isinstance(event, HandEnded):
            break
    return awarded


def _won(awarded: Sequence[PotAwarded], seat: int) -> bool:
    return any(s == seat and chips for a in awarded for s, chips in a.shares)


def _takers(awarded: Sequence[PotAwarded], seat: int) -> list[int]:
    """The winners of the biggest pot the all-in player played for: the pot his found chips
    would have gone into (pots are awarded from the last side pot to the main pot)."""
    for award in awarded:
        if seat in award.eligible:
            return [s for s, chips in award.shares if chips and s != seat]
    return []


def _found_taken(hand: Hand, taker: int) -> int:
    """Found chips a taker already won after the hand (an earlier report): his cover shrinks."""
    taken, after = 0, False
    for event in hand.events:
        if isinstance(event, HandEnded):
            after = True
        elif after and isinstance(event, PotAwarded):
            taken += dict(event.shares).get(taker, 0)
    return taken


def chosen_effects(
    hand: Hand, made: Iterable[RulingMade], pending: RulingPending, option: str
) -> tuple[Event, ...]:
    """The director's choice on found chips, paid out once he resolves it (the live hand
    records these after his resolution; other rulings are not ours). ``made``: the hand's
    rulings, the found chips' report among them."""
    if pending.topic != FOUND_CHIPS or pending.seat is None:
        return ()
    seat = pending.seat
    amount = next(
        m.report.amount
        for m in reversed(list(made))
        if isinstance(m.report, ChipsFound) and m.seat == seat
    )
    return found_chips_effects(hand, seat, amount, option)
