"""Rulings on dealing and seat irregularities: misdeals, fouled decks, boxed, exposed and
miscounted cards, absent players, hands touching the muck.

Each function reads the hand and the profile and returns a :class:`Decision`; none changes the
hand. Where the rulebooks differ the profile's parameters decide (the misdeal cut-off, whether
an exposed first card is a misdeal, whether exposing one's cards folds the hand), never the
profile's name.
"""

from __future__ import annotations

from floorman.engine.automatic import betting_over
from floorman.engine.events import (
    Acted,
    BettingOpened,
    CardsExposed,
    Event,
    HoleCardReplaced,
    HoleFacesSet,
)
from floorman.engine.hand import Hand
from floorman.engine.phase import SHOW
from floorman.errors import MalformedInputError
from floorman.live.decision import (
    DEAD,
    DEAD_AT_DEAL_END,
    EXPOSED,
    LIVE,
    MISDEAL,
    PENDING,
    PLAY_ON,
    REPLACED,
    VOID,
    Decision,
    dead_hand,
    kill,
    pick,
    void_effects,
)
from floorman.live.irregularities import all_in_choice, exposures, face_up_faults
from floorman.live.irregularities.reports import (
    BoxedCards,
    CardExposed,
    CardsTouchedMuck,
    DealerKilledHand,
    DeckDefect,
    DeckDefective,
    MisdealCalled,
    PlayerAbsent,
    StubDisordered,
    WrongCardCount,
)
from floorman.live.irregularities.substantial import cutoff_passed, voluntary_actions
from floorman.live.live_events import BoardPlanned, RulingPending
from floorman.rules.ruleset import Ruleset


def misdeal(hand: Hand, rules: Ruleset, report: MisdealCalled) -> Decision:
    """A dealing error: a misdeal before the profile's cut-off, play on after it (R35-A, D)."""
    concepts = (f"misdeal-{report.reason.value}", "misdeal")
    return _misdeal_or_play_on(hand, rules, concepts)


def _misdeal_or_play_on(hand: Hand, rules: Ruleset, concepts: tuple[str, ...]) -> Decision:
    if cutoff_passed(hand, rules):
        ruling = rules.ruling(
            pick(rules, "no-misdeal"), "no-misdeal", "too late for a misdeal: the hand plays on"
        )
        return Decision(ruling=ruling, outcome=PLAY_ON, alternatives=(MISDEAL,))
    ruling = rules.ruling(
        pick(rules, *concepts),
        "misdeal",
        "misdeal: every bet is returned and the hand is dealt again",
    )
    return Decision(
        ruling=ruling,
        outcome=MISDEAL,
        alternatives=(PLAY_ON,),
        effects=void_effects(hand, ruling),
    )


def deck_defect(hand: Hand, rules: Ruleset, report: DeckDefective) -> Decision:
    """A fouled deck voids the hand whatever the action (R35-E, Belarus 6.2.2, Poland §54.1);
    other defects void it only where the profile says so, else the director decides."""
    _check_cards(report.cards)
    face_up = face_up_faults.damaged_face_up(hand, rules, report)
    if face_up is not None:
        return face_up
    if report.defect is DeckDefect.DUPLICATE or rules.any_deck_defect_voids:
        ruling = rules.ruling(
            pick(rules, f"deck-{report.defect.value}", "fouled-deck"),
            "fouled-deck",
            "the deck is defective: the hand is void and every bet is returned",
        )
        return Decision(
            ruling=ruling, outcome=VOID, alternatives=(PLAY_ON,), effects=void_effects(hand, ruling)
        )
    ruling = rules.ruling(
        pick(rules, f"deck-{report.defect.value}", "fouled-deck"),
        "deck-defect-director",
        "a defective deck: the director decides whether the hand stands",
    )
    pending = RulingPending(
        id="",
        topic="deck-defect",
        question=f"the deck has a defect ({report.defect.value}): void the hand or play on?",
        options=(VOID, PLAY_ON),
        rules=(ruling.rule,),
    )
    return Decision(ruling=ruling, outcome=PENDING, pending=pending)


def boxed(hand: Hand, rules: Ruleset, report: BoxedCards, *, deal_done: bool) -> Decision:
    """Two or more boxed cards during the deal are a misdeal (R35-A(1), Poland §27 I.2c); a
    single one, or one found later, is dead and replaced (Belarus 6.4.5)."""
    _check_cards(report.cards)
    if not report.cards:
        raise MalformedInputError("name at least one boxed card", constraint="boxed-cards")
    if len(report.cards) >= 2 and not deal_done:
        return _misdeal_or_play_on(hand, rules, ("misdeal-boxed", "misdeal"))
    ruling = rules.ruling(
        pick(rules, "boxed-card"), "boxed-card", "a boxed card is dead and replaced by the next"
    )
    plan = BoardPlanned(
        steps=("the boxed card is set aside; deal on",),
        out_of_play=tuple(c for c in report.cards if c is not None),
        back_after=len(hand.config.game.streets),
    )
    return Decision(ruling=ruling, outcome=REPLACED, plan=plan)


def exposed(
    hand: Hand, rules: Ruleset, report: CardExposed, *, deal_done: bool, earlier: int
) -> Decision:
    """A hole card seen by the table. ``earlier``: cards the dealer exposed earlier in this
    deal; ``deal_done``: the initial deal is complete. Where the profile folds an exposed hand,
    only a deliberate exposure does (Belarus 7.1.6 note 1; an accidental one, 7.1.5, draws a
    warning: decision 32)."""
    seat = _dealt_seat(hand, report.seat)
    _check_cards((report.card, report.replacement))
    shown_more = exposures.player_exposure(hand, rules, report)
    if shown_more is not None:
        return shown_more
    in_deal = initial_deal(hand, deal_done=deal_done)
    if report.by_dealer and hand.stud:
        stud = _stud_exposure(hand, rules, report, in_deal=in_deal, earlier=earlier)
        if stud is not None:
            return stud
    if report.by_dealer and in_deal:
        return _exposed_in_deal(hand, rules, report, earlier)
    if report.by_dealer or hand.phase is SHOW or hand.tabled:
        return _exposed_card(hand, rules, report)
    if report.deliberate and rules.exposure_folds_hand:  # heads-up, 7.1.6 note 2 first
        shown = _exposed_card(hand, rules, report)
        heads_up = all_in_choice.heads_up_exposure(hand, rules, report, shown)
        if heads_up is not None:
            return heads_up
    if rules.exposure_folds_hand and report.deliberate and seat in hand.live:
        return dead_hand(rules, seat, "player-exposure")
    return _exposed_card(hand, rules, report)


def _exposed_in_deal(hand: Hand, rules: Ruleset, report: CardExposed, earlier: int) -> Decision:
    """The dealer exposed a down card while dealing: a misdeal for a first or second card (where
    the profile says so) or for a second exposed card; otherwise the card is replaced and
    becomes the burn before the flop (R35-A(7), R35-B; Belarus 6.3.6, 6.6.1; Poland §31.7)."""
    first_two = report.position is not None and report.position <= 2
    if earlier >= 1 or (first_two and rules.first_cards_exposed_misdeal):
        return _misdeal_or_play_on(hand, rules, ("deal-exposure-misdeal", "misdeal"))
    seat = report.seat
    ruling = rules.ruling(
        pick(rules, "deal-exposure-burn"),
        "card-replaced",
        "the exposed card is replaced and becomes the burn before the flop",
    )
    holes = hand.holes[seat]
    if report.card is None or report.card not in holes:
        raise MalformedInputError(
            f"seat {seat} was not dealt the exposed card", constraint="exposed-card"
        )
    effects = (HoleCardReplaced(seat, holes.index(report.card), report.replacement),)
    plan = BoardPlanned(
        steps=("replace the exposed card after the deal", "no burn before the flop"),
        burns=((1, 0),),
    )
    return Decision(ruling=ruling, outcome=REPLACED, seat=seat, effects=effects, plan=plan)


def _stud_exposure(
    hand: Hand, rules: Ruleset, report: CardExposed, *, in_deal: bool, earlier: int
) -> Decision | None:
    """Stud: a down card dealt face up on third street stays up and the third card goes down
    (RP-10-A, Belarus 6.5.1), or is a misdeal (Poland §27 I.2l; a second one everywhere, R35-A);
    a seventh-street card dealt face up is replaced while betting can follow (RP-10-B)."""
    seat, holes = report.seat, hand.holes[report.seat]
    if in_deal and hand.street == 0:
        second = face_up_faults.second_stud_card_up(hand, rules, report, earlier=earlier)
        if second is not None:
            return second
        if earlier >= 1 or rules.stud_exposed_card_misdeal:
            return _misdeal_or_play_on(hand, rules, ("stud-exposed", "misdeal"))
        down = [i for i, up in enumerate(hand.up[seat][:2]) if not up and holes[i] == report.card]
        if report.card is None or not down:
            raise MalformedInputError(
                f"the exposed card is not one of seat {seat}'s down cards",
                constraint="exposed-card",
            )
        faces = tuple(i == down[0] for i in range(len(holes)))
        ruling = rules.ruling(
            pick(rules, "stud-exposed"),
            "stud-card-turned",
            "the exposed card stays face up and the third card is dealt face down",
        )
        return Decision(
            ruling=ruling,
            outcome=REPLACED,
            seat=seat,
            effects=(HoleFacesSet(seat, faces),),
            withdraw=_since_betting_opened(hand),
        )
    last = hand.street == len(hand.streets) - 1
    if last and holes and report.card == holes[-1] and not hand.up[seat][-1]:
        if betting_over(hand):
            return None  # nobody can bet: the card stays, shown like any exposed card
        if rules.stud_seventh_exposed_choice:
            return all_in_choice.seventh_exposed(hand, rules, report)
        ruling = rules.ruling(
            pick(rules, "stud-seventh-exposed", "stud-exposed"),
            "stud-seventh-replaced",
            "the seventh-street card dealt face up is replaced",
        )
        effects = (HoleCardReplaced(seat, len(holes) - 1, report.replacement),)
        return Decision(ruling=ruling, outcome=REPLACED, seat=seat, effects=effects)
    return None


def _since_betting_opened(hand: Hand, *, first: bool = True) -> int:
    """Engine events since a betting round opened: the first one (the bring-in decided on the
    wrong door card, taken back so the round opens again on the right one) or the last."""
    events = hand.events
    indexes = [i for i, e in enumerate(events) if isinstance(e, BettingOpened)]
    if not indexes:
        return 0
    return len(events) - (indexes[0] if first else indexes[-1])


def _exposed_card(hand: Hand, rules: Ruleset, report: CardExposed) -> Decision:
    """The card is shown to everyone and the hand plays on (TDA R68, Poland §31.5b)."""
    seat = report.seat
    ruling = rules.ruling(
        pick(rules, "player-exposure"),
        "card-exposed",
        f"seat {seat}'s exposed card is shown to everyone; the hand plays on",
        seat=seat,
    )
    effects: tuple[Event, ...] = ()
    if report.card is not None and report.card in hand.holes[seat]:
        effects = (CardsExposed(seat, (report.card,)),)
    alternatives = (DEAD,) if seat in hand.live else ()
    return Decision(
        ruling=ruling, outcome=EXPOSED, alternatives=alternatives, seat=seat, effects=effects
    )


def _live_seat(hand: Hand, seat: int) -> int:
    if _dealt_seat(hand, seat) not in hand.live:
        raise MalformedInputError(f"seat {seat} has no live hand", constraint="seat")
    return seat


def wrong_count(hand: Hand, rules: Ruleset, report: WrongCardCount) -> Decision:
    """A wrong number of hole cards: a misdeal before the cut-off (R35-A(5)), a dead hand after
    it (R38, Belarus 6.3.7-6.3.8, Poland §48.2d); a button short of cards who has not acted gets
    the missing card (R37), and where the profile says so one extra card to the first player
    dealt is the burn (Poland §27 I.2m)."""
    seat = _live_seat(hand, report.seat)
    due = len(hand.holes[seat])
    if report.held == due or report.held < 0:
        raise MalformedInputError(
            f"seat {seat} holds {due} cards, as dealt: name a different count",
            constraint="card-count",
        )
    acted = any(a.seat == seat for a in voluntary_actions(hand.events))
    if report.held < due and seat == hand.dealer and not acted:
        ruling = rules.ruling(
            pick(rules, "button-short"), "button-short", "the button gets the missing card"
        )
        return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)
    if report.held > due and report.unseen_from_top and rules.unseen_extra_cards_returned:
        return _extra_cards_returned(hand, rules, seat, report.held - due)
    passed = cutoff_passed(hand, rules)
    first = hand.config.dealing_order[0]  # "the first player" of §27 I.2m (decision 11)
    if report.held == due + 1 and rules.one_extra_card_is_burn and seat == first and not passed:
        ruling = rules.ruling(
            pick(rules, "extra-card-burn"),
            "extra-card-burn",
            "the extra card becomes the burn before the flop",
        )
        plan = BoardPlanned(steps=("the extra card is the burn before the flop",), burns=((1, 0),))
        return Decision(ruling=ruling, outcome=REPLACED, seat=seat, plan=plan)
    if not passed:
        return _misdeal_or_play_on(hand, rules, ("misdeal-card-count", "misdeal"))
    return dead_hand(rules, seat, "wrong-card-count")


def _extra_cards_returned(hand: Hand, rules: Ruleset, seat: int, extra: int) -> Decision:
    """Poland §27 I.2e (decision 11): extra cards off the top, unseen, nothing dealt after
    them: he keeps the top card and the others go back on the stub, to be dealt next. Once
    the board or a bet has followed, more has happened than the exception allows."""
    if hand.board or voluntary_actions(hand.events):
        raise MalformedInputError(
            "cards or bets have followed the extra cards: the exception no longer applies",
            constraint="extra-cards",
        )
    ruling = all_in_choice.parameter_ruling(
        rules,
        "unseen_extra_cards_returned",
        "extra-cards-returned",
        f"seat {seat} keeps the top card and his {extra} extra cards go back on the stub",
        seat=seat,
        extra=extra,
    )
    return Decision(ruling=ruling, outcome=REPLACED, alternatives=(MISDEAL,), seat=seat)


def absent(hand: Hand, rules: Ruleset, report: PlayerAbsent, *, deal_done: bool) -> Decision:
    """Away from his seat at the end of the deal, a player's hand is dead; his forced bets stay
    in (TDA R30, Poland §8.3). Later, some profiles fold him when the action reaches him (Belarus
    6.4.3, Poland §8.4), unless he is all-in; the TDA keeps the hand live."""
    seat = _live_seat(hand, report.seat)
    if initial_deal(hand, deal_done=deal_done):
        ruling = rules.ruling(
            pick(rules, "absent"),
            "dead-at-deal-end",
            f"seat {seat}'s hand is dead at the end of the deal",
            seat=seat,
        )
        return Decision(ruling=ruling, outcome=DEAD_AT_DEAL_END, alternatives=(LIVE,), seat=seat)
    if rules.absent_during_play_folds and seat in hand.live and hand.stacks[seat] > 0:
        return dead_hand(rules, seat, "absent-in-play", "absent")
    ruling = rules.ruling(
        pick(rules, "absent"),
        "absent-live",
        f"seat {seat} is away, but his hand stays live",
        seat=seat,
    )
    return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)


def touched_muck(hand: Hand, rules: Ruleset, report: CardsTouchedMuck) -> Decision:
    """A hand that touched the muck: dead where the profile says so (Belarus 4.9.1, PokerStars
    Live 3.8); elsewhere dead only if it can no longer be told apart (TDA R65)."""
    seat = _live_seat(hand, report.seat)
    if rules.touching_muck_kills or not report.identifiable:
        return dead_hand(rules, seat, "muck-touched")
    ruling = rules.ruling(
        pick(rules, "muck-touched"),
        "hand-live",
        f"seat {seat}'s hand can be told apart: it stays live",
        seat=seat,
    )
    return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)


def dealer_killed(hand: Hand, rules: Ruleset, report: DealerKilledHand) -> Decision:
    """A hand the dealer mucked by mistake stays live if it can be told apart (R65-B); else it
    is dead and only the part of its bet nobody called goes back (R65-A, PokerStars Live
    4.8.1 and 3.9.2, Poland §28.2): the called chips stay in the pot."""
    seat = _live_seat(hand, report.seat)
    if hand.shown[seat]:  # a tabled hand cannot be killed (Poland §29.1, TDA R13-C)
        ruling = rules.ruling(
            pick(rules, "tabled-hand"),
            "tabled-hand-live",
            f"seat {seat}'s hand was tabled: it cannot be killed",
            seat=seat,
        )
        return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)
    if report.identifiable:
        ruling = rules.ruling(
            pick(rules, "muck-touched"),
            "hand-live",
            f"seat {seat}'s hand can be told apart: it stays live",
            seat=seat,
        )
        return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)
    ruling = rules.ruling(
        pick(rules, "dealer-killed"),
        "dealer-killed",
        f"seat {seat}'s hand was mucked by the dealer: only a bet nobody called goes back",
        seat=seat,
    )
    others = max([b for s, b in enumerate(hand.bets) if s != seat], default=0)
    opened = len(hand.events) - _since_betting_opened(hand, first=False)
    acted = [
        i
        for i, e in enumerate(hand.events)
        if i > opened and isinstance(e, Acted) and e.seat == seat and e.action != "bring-in"
    ]
    if hand.bets[seat] <= others or not acted:  # nothing uncalled, or only a forced bet
        return Decision(
            ruling=ruling, outcome=DEAD, alternatives=(LIVE,), seat=seat, effects=kill(seat, ruling)
        )
    # His last bet or raise is uncalled (only folds came after it, the street is still open):
    # it becomes a call of the highest other bet, as if the raise had never been made, the
    # events after it are kept, and then his hand dies.
    index = acted[-1]
    later = hand.events[index + 1 :]
    kind = "call" if others else "check"
    effects: tuple[Event, ...] = (Acted(seat, kind, others, False), *later, *kill(seat, ruling))
    return Decision(
        ruling=ruling,
        outcome=DEAD,
        alternatives=(),
        seat=seat,
        effects=effects,
        withdraw=len(hand.events) - index,
    )


def disordered_stub(rules: Ruleset, report: StubDisordered) -> Decision:
    """RP-4: restore the stub's order if possible; otherwise shuffle the stub alone face down,
    or, mixed with the muck and burns, all of them; cut, and go on."""
    if report.restorable:
        steps: tuple[str, ...] = ("put the stub back in its original order",)
    elif report.mixed:
        steps = ("scramble the stub, the muck and the burns face down", "shuffle, cut, go on")
    else:
        steps = ("scramble the stub alone face down (not the burns or the muck)",)
        steps += ("shuffle, cut, go on",)
    ruling = rules.ruling(
        pick(rules, "disordered-stub", "board-error"),
        "stub-disordered",
        "the stub's order was disturbed: it is restored or shuffled face down, then play goes on",
    )
    return Decision(ruling=ruling, outcome=PLAY_ON, plan=BoardPlanned(steps=steps))


def initial_deal(hand: Hand, *, deal_done: bool) -> bool:
    """Still the initial deal: cards are being dealt, or were just dealt and nobody has acted
    (the dealer reports what he saw while dealing)."""
    return not deal_done or (hand.street == 0 and not voluntary_actions(hand.events))


def _dealt_seat(hand: Hand, seat: int) -> int:
    if not 0 <= seat < hand.seat_count or not hand.in_hand[seat]:
        raise MalformedInputError(f"seat {seat} is not dealt in this hand", constraint="seat")
    return seat


def _check_cards(cards: tuple[int | None, ...]) -> None:
    for card in cards:
        if card is not None and not 0 <= card < 52:
            raise MalformedInputError(f"card number {card} is not 0..51", constraint="card")
