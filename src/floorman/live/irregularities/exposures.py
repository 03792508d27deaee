"""Cards a player shows where the profile asks for more than the card shown: a card nobody can
name shows the whole hand (Poland §31.3, §31.4), and a card shown while folding once all action
is over has the hand killed and all of it shown (Poland §31.4a, §44.5); a card shown to a
player out of the hand waits for the end of the hand (Poland §31.5a, :mod:`kept_back`).

:func:`floorman.live.irregularities.dealing.exposed` asks here first for a player's own exposure;
``None`` leaves it to the usual rulings (the card shown to everyone, TDA R68; the hand folded,
Belarus 7.1.6).
"""

from __future__ import annotations

from floorman.engine.automatic import betting_over
from floorman.engine.events import CardsExposed, Event
from floorman.engine.hand import Hand
from floorman.engine.phase import SHOW
from floorman.live.decision import DEAD, EXPOSED, LIVE, Decision, kill, pick
from floorman.live.irregularities import kept_back
from floorman.live.irregularities.reports import CardExposed
from floorman.rules.ruleset import Ruleset


def player_exposure(hand: Hand, rules: Ruleset, report: CardExposed) -> Decision | None:
    """The ruling on a player's own exposure where the profile shows his whole hand."""
    kept_back.check_shown_to(hand, report)
    if report.by_dealer:
        return None
    seat = report.seat
    action_over = hand.phase is SHOW or betting_over(hand)
    if report.folding and action_over and rules.folding_exposure_shows_all and seat in hand.live:
        ruling = rules.ruling(
            pick(rules, "folding-exposure", "player-exposure"),
            "folding-exposure",
            f"seat {seat} showed a card as he folded: his hand is dead and all of it is shown",
            seat=seat,
        )
        effects = (*_whole_hand(hand, seat), *kill(seat, ruling))
        return Decision(
            ruling=ruling, outcome=DEAD, alternatives=(LIVE,), seat=seat, effects=effects
        )
    held_back = kept_back.decide(hand, rules, report)
    if held_back is not None:
        return held_back
    if report.card is None and rules.unclear_exposure_shows_hand:
        ruling = rules.ruling(
            pick(rules, "unclear-exposure", "player-exposure"),
            "unclear-exposure",
            f"nobody can tell which of seat {seat}'s cards was seen: his whole hand is shown",
            seat=seat,
        )
        alternatives = (DEAD,) if seat in hand.live else ()
        return Decision(
            ruling=ruling,
            outcome=EXPOSED,
            alternatives=alternatives,
            seat=seat,
            effects=_whole_hand(hand, seat),
        )
    return None


def _whole_hand(hand: Hand, seat: int) -> tuple[Event, ...]:
    """Every card of his the tablet knows, shown to all; the dealer shows the others."""
    known = tuple(c for c in hand.holes[seat] if c is not None)
    return (CardsExposed(seat, known),) if known else ()
