"""A player at showdown asks to see another player's hand (TDA R18, RedCactus 18, PokerStars
Live 5.5).

Who may ask, whose hand he gets by right, and what becomes of that hand differ by rulebook
(``show_requests``):

- ``paid-to-see`` (TDA R18, RedCactus 18): a player who folded before the showdown, or mucked
  without tabling, has lost the right to ask (R18-A, T6, T7). A player who called the final
  round's bet and still holds or has tabled his cards sees the last aggressor's hand on request
  (R18-B, "paid to see"); any other request is the director's. A mucked hand shown on request
  stays dead: it is turned up for all to see, nothing more.
- ``live-on-request`` (PokerStars Live 5.5): a player still holding cards at showdown may have
  any hand of the showdown turned up, and it plays for the pot: a hand mucked unseen is taken
  back and the pots are awarded again with it.
- ``director``: the rulebook has none of this; every request is the director's.

The request is often made once the last muck has ended the hand, so it is heard on a finished
hand too. ``cards`` are the cards turned up (the dealer reads them); without them, the ones the
hand already knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.events import (
    Acted,
    BettingOpened,
    CardsExposed,
    Event,
    HandEnded,
    Mucked,
    PotAwarded,
    Shown,
)
from floorman.engine.hand import Hand
from floorman.engine.phase import DONE
from floorman.engine.phase import SHOW as SHOWDOWN
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.decision import PENDING, Decision, pick
from floorman.live.live_events import RulingPending
from floorman.rules.ruleset import Ruleset, ShowRequests

SHOW_REQUEST: Final = "show-request"
"""The topic of a request the director decides."""
SHOW: Final = "show"
REFUSE: Final = "refuse"
TURNED_UP: Final = "turned-up"
"""The outcome of a request granted by right: the hand is turned face up."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowRequested:
    """At showdown, the player of ``by`` asks to see the hand of ``seat``; ``cards`` are its
    cards as turned up (empty: the cards the hand knows)."""

    by: int
    seat: int
    cards: tuple[int, ...] = ()


def decide(hand: Hand, rules: Ruleset, request: ShowRequested) -> Decision:
    """The ruling on a request: refused, granted by right, or left to the director."""
    seat, by = _showdown_seat(hand, request.seat), _showdown_seat(hand, request.by)
    if seat == by or hand.shown[seat]:
        raise MalformedInputError(f"seat {seat}'s hand is already in view", constraint="seat")
    mode = rules.show_requests
    if mode is not ShowRequests.DIRECTOR and not _kept_cards(hand, by):
        raise IllegalActionError(
            rules.ruling(
                pick(rules, "show-request-right", "show-request"),
                "no-right-to-see",
                f"seat {by} gave up his cards: he may not ask to see a hand",
                seat=by,
            )
        )
    if mode is ShowRequests.LIVE_ON_REQUEST:
        return _live_on_request(hand, rules, seat, request.cards)
    if mode is ShowRequests.PAID_TO_SEE and _paid_to_see(hand, by, seat):
        ruling = rules.ruling(
            pick(rules, "paid-to-see", "show-request"),
            "paid-to-see",
            f"seat {by} called the last bet: seat {seat}'s hand is turned up",
            by=by,
            seat=seat,
        )
        effects = exposure(hand, seat, request.cards)
        return Decision(ruling=ruling, outcome=TURNED_UP, seat=seat, effects=effects)
    return _for_the_director(hand, rules, request)


def exposure(hand: Hand, seat: int, cards: tuple[int, ...]) -> tuple[Event, ...]:
    """The hand of ``seat`` turned up: shown if it is still to show, else exposed as it is (on
    a finished hand, its result repeated after it, as the hand's last event)."""
    shown = _cards(hand, seat, cards)
    if hand.phase is SHOWDOWN and seat in hand.show_queue:
        return (Shown(seat, shown),)
    ended = hand.events[-1]
    if hand.is_over and isinstance(ended, HandEnded):  # the result stays the last word
        return (CardsExposed(seat, shown), HandEnded(ended.stacks))
    return (CardsExposed(seat, shown),)


def resolution_effects(hand: Hand, pending: RulingPending, option: str) -> tuple[Event, ...]:
    """The director granted a request he was left: the hand is turned up as it stands."""
    if option != SHOW or pending.seat is None:
        return ()
    return exposure(hand, pending.seat, pending.cards)


def _live_on_request(hand: Hand, rules: Ruleset, seat: int, cards: tuple[int, ...]) -> Decision:
    """PokerStars Live 5.5: the hand is turned up live. One mucked unseen is taken back, and
    the pots are awarded again from that muck on."""
    ruling = rules.ruling(
        pick(rules, "live-on-request", "show-request"),
        "shown-on-request-live",
        f"seat {seat}'s hand is turned up on request and plays for the pot",
        seat=seat,
    )
    shown = Shown(seat, _cards(hand, seat, cards))
    events = hand.events
    if not hand.mucked[seat]:
        return Decision(ruling=ruling, outcome=TURNED_UP, seat=seat, effects=(shown,))
    at = max(i for i, e in enumerate(events) if isinstance(e, Mucked) and e.seat == seat)
    later = [e for e in events[at + 1 :] if not isinstance(e, PotAwarded | HandEnded)]
    return Decision(
        ruling=ruling,
        outcome=TURNED_UP,
        seat=seat,
        effects=(*later, shown),
        withdraw=len(events) - at,
    )


def _for_the_director(hand: Hand, rules: Ruleset, request: ShowRequested) -> Decision:
    seat = request.seat
    ruling = rules.ruling(
        pick(rules, "show-request", "director"),
        "show-request-director",
        f"seat {request.by} asks to see seat {seat}'s hand: the director decides",
        by=request.by,
        seat=seat,
    )
    cards = _cards(hand, seat, request.cards) if request.cards else ()
    pending = RulingPending(
        id="",
        topic=SHOW_REQUEST,
        question=f"turn up seat {seat}'s hand for seat {request.by}?",
        options=(SHOW, REFUSE),
        rules=(ruling.rule, rules.cite(pick(rules, "director"))),
        seat=seat,
        cards=cards,
    )
    return Decision(ruling=ruling, outcome=PENDING, seat=seat, pending=pending)


def _showdown_seat(hand: Hand, seat: int) -> int:
    """A seat whose hand reached the showdown: shown, mucked there, or still to show."""
    if hand.phase not in (SHOWDOWN, DONE) or not _reached_showdown(hand):
        raise MalformedInputError("no showdown to ask about", constraint="phase")
    if not 0 <= seat < hand.seat_count or not hand.in_hand[seat] or hand.folded[seat]:
        raise MalformedInputError(f"seat {seat} had no hand at the showdown", constraint="seat")
    return seat


def _reached_showdown(hand: Hand) -> bool:
    """More than one hand was in when the betting ended: a voided hand or a pot won by a fold
    had none."""
    return sum(1 for s in range(hand.seat_count) if hand.in_hand[s] and not hand.folded[s]) > 1


def _kept_cards(hand: Hand, by: int) -> bool:
    """R18-A: his cards are still in his hands or tabled; 5.5: mucking ends the right."""
    return hand.shown[by] or not hand.mucked[by]


def _paid_to_see(hand: Hand, by: int, seat: int) -> bool:
    """``seat`` made the last bet or raise of the final round and ``by`` called it (R18-B)."""
    events = hand.events
    start = max((i for i, e in enumerate(events) if isinstance(e, BettingOpened)), default=0)
    acted = [e for e in events[start:] if isinstance(e, Acted)]
    raises = [i for i, a in enumerate(acted) if a.action in ("raise", "complete")]
    if not raises or acted[raises[-1]].seat != seat:
        return False
    return any(a.seat == by and a.action == "call" for a in acted[raises[-1] :])


def _cards(hand: Hand, seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards turned up: those given, checked against what the hand knows, or those known."""
    known = hand.holes[seat]
    if not cards:
        if None in known:
            raise MalformedInputError(
                f"seat {seat}'s cards are unknown: give the cards turned up", constraint="cards"
            )
        return tuple(c for c in known if c is not None)
    if len(cards) != len(known) or any(
        k is not None and k != c for k, c in zip(known, cards, strict=True)
    ):
        raise MalformedInputError(
            f"seat {seat} holds {len(known)} cards; the cards given do not match them",
            constraint="shown-cards",
        )
    if any(not 0 <= c < 52 for c in cards):
        raise MalformedInputError("a card is a number 0..51", constraint="card")
    return cards
