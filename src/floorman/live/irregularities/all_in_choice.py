"""Choices that treat a player as all-in while he still holds chips (Belarus 6.5.5, 7.1.6 n. 2).

Two Belarus rules let a player stop betting without putting his chips in: the player whose
seventh stud card was dealt face up (6.5.5), and, heads-up, the opponent of a player who
showed his cards before the round ended (7.1.6 note 2). The hand engine expresses it with
:class:`~floorman.engine.events.TreatedAsAllIn`: his chips are set aside, he contests only
what he matched, and they are his again when the treatment ends. The choice is the player's
(the chief judge answering for him if need be), so it is a pending ruling that play waits for;
:func:`resolution_effects` turns the chosen option into engine events.
"""

from __future__ import annotations

from typing import Final

from floorman.engine.automatic import betting_over
from floorman.engine.events import BetWithdrawn, CardsExposed, Event, HoleFacesSet, TreatedAsAllIn
from floorman.engine.hand import Hand
from floorman.engine.held_chips import HAND, ROUND
from floorman.engine.phase import BET
from floorman.live.decision import PENDING, PLAY_ON, Decision
from floorman.live.irregularities.reports import CardExposed
from floorman.live.live_events import RulingPending
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling

SEVENTH_CHOICE: Final = "seventh-card-choice"
"""Topic: the player whose seventh card lies face up chooses (Belarus 6.5.5)."""
HEADS_UP_EXPOSURE: Final = "heads-up-exposure"
"""Topic: heads-up, the exposer's opponent chooses (Belarus 7.1.6 note 2)."""
ALL_IN: Final = "all-in"
WITHDRAW: Final = "withdraw"
TREATED_ALL_IN: Final = "treated-all-in"


def parameter_ruling(
    rules: Ruleset, parameter: str, key: str, message: str, **params: int | str
) -> Ruling:
    """A ruling citing the rule the profile gives for ``parameter`` (its source)."""
    rule = RuleRef(rules.profile, rules.sources.get(parameter, rules.refs.get("general", "?")))
    return Ruling(rule, key, message, tuple(params.items()))


def seventh_exposed(hand: Hand, rules: Ruleset, report: CardExposed) -> Decision:
    """The seventh card stays face up (6.5.5). Bets already made this round: he is treated as
    all-in until it ends; otherwise he chooses between that and playing on."""
    seat, holes = report.seat, hand.holes[report.seat]
    faces = (*hand.up[seat][:-1], True)
    shown: tuple[Event, ...] = (HoleFacesSet(seat, faces),)
    if report.card is not None:
        shown += (CardsExposed(seat, (report.card,)),)
    rnd = hand.round
    if hand.phase is BET and rnd is not None and rnd.current > 0:
        ruling = parameter_ruling(
            rules,
            "stud_seventh_exposed_choice",
            "seventh-up-all-in",
            f"seat {seat}'s seventh card is face up after bets: he is all-in for this round",
            seat=seat,
        )
        treated = TreatedAsAllIn(seat, hand.stacks[seat], ROUND, ruling)
        return Decision(ruling=ruling, outcome=TREATED_ALL_IN, seat=seat, effects=(*shown, treated))
    ruling = parameter_ruling(
        rules,
        "stud_seventh_exposed_choice",
        "seventh-up-choice",
        f"seat {seat}'s seventh card stays face up: he chooses to be all-in or to play on",
        seat=seat,
    )
    pending = RulingPending(
        id="",
        topic=SEVENTH_CHOICE,
        question=f"seat {seat}, card {len(holes)} face up: treated as all-in, or play on?",
        options=(ALL_IN, PLAY_ON),
        rules=(ruling.rule,),
        seat=seat,
    )
    return Decision(ruling=ruling, outcome=PENDING, seat=seat, effects=shown, pending=pending)


def heads_up_exposure(
    hand: Hand, rules: Ruleset, report: CardExposed, shown: Decision
) -> Decision | None:
    """Heads-up, a player showed his cards with betting still to come (7.1.6 note 2): instead
    of folding his hand, his opponent chooses to play on, to have his bet treated as all-in, or
    to take back what of his bet was not called. ``shown`` is the exposure's usual ruling (the
    card shown to all), whose events stand. ``None`` where the rule does not apply."""
    seat, live = report.seat, hand.live
    if not rules.heads_up_exposure_options or len(live) != 2 or seat not in live:
        return None
    if hand.phase is not BET or betting_over(hand):
        return None
    opponent = live[0] if live[1] == seat else live[1]
    options: tuple[str, ...] = (PLAY_ON, ALL_IN)
    if hand.bets[opponent] > hand.bets[seat]:
        options += (WITHDRAW,)
    ruling = parameter_ruling(
        rules,
        "heads_up_exposure_options",
        "heads-up-exposure",
        f"seat {seat} showed his cards heads-up: seat {opponent} chooses how play goes on",
        seat=seat,
        opponent=opponent,
    )
    pending = RulingPending(
        id="",
        topic=HEADS_UP_EXPOSURE,
        question=f"seat {opponent}: play on, bet treated as all-in, or withdraw the uncalled bet?",
        options=options,
        rules=(ruling.rule,),
        seat=opponent,
    )
    return Decision(
        ruling=ruling, outcome=PENDING, seat=seat, effects=shown.effects, pending=pending
    )


def resolution_effects(hand: Hand, pending: RulingPending, option: str) -> tuple[Event, ...]:
    """The engine events of the chosen option; ``play-on`` changes nothing."""
    seat = pending.seat
    if seat is None or option == PLAY_ON:
        return ()
    rule = pending.rules[0]
    if option == ALL_IN:
        until = ROUND if pending.topic == SEVENTH_CHOICE else HAND
        ruling = Ruling(
            rule, "treated-all-in", f"seat {seat} is treated as all-in", (("seat", seat),)
        )
        return (TreatedAsAllIn(seat, hand.stacks[seat], until, ruling),)
    uncalled = hand.bets[seat] - max(b for s, b in enumerate(hand.bets) if s != seat)
    ruling = Ruling(
        rule,
        "bet-withdrawn",
        f"seat {seat} takes back {uncalled} not called",
        (("seat", seat), ("amount", uncalled)),
    )
    return (BetWithdrawn(seat, uncalled, ruling),)


TOPICS: Final = frozenset({SEVENTH_CHOICE, HEADS_UP_EXPOSURE})
