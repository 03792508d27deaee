"""Board cards dealt wrongly: too early, too many, without a burn, after a burn too many.

Each rulebook repairs these its own way, and the profile's ``board_procedure`` says which:

- ``tda`` (TDA R39, RP-5; RedCactus 39a, 39b): the burn stays where it is, early cards go back
  into the stub and the street comes later without a new burn; four flop cards are scrambled and
  one, drawn at random, is the burn (RP-14); a flop without a burn is scrambled and one card
  burned if nobody acted yet (R39-B), and stands otherwise.
- ``pzp`` (Poland §27 II.3): the street-by-street table, which after betting restores the cards
  the streets would have had (two burns before the next street, or none).
- ``belarus`` (Belarus 6.6): the flop goes back into the stub with its burn, is cut, burned and
  dealt again; an early turn or river is set aside and the next card dealt.

A repair is a :class:`~floorman.live.live_events.BoardPlanned`: the cards set aside and until
when, what is burned before the next streets, and cards already chosen; the live hand holds the
dealer to it. Random choices take the table's ``random.Random`` (RP-14) and are recorded, so a
replay needs no randomness.
"""

from __future__ import annotations

import random

from floorman.engine.actions import DealBoard
from floorman.engine.events import Acted, BettingOpened, BoardDealt
from floorman.engine.hand import Hand
from floorman.engine.phase import BET, DEAL
from floorman.errors import MalformedInputError
from floorman.live.decision import BOARD_REPAIRED, PLAY_ON, Decision, pick
from floorman.live.irregularities.reports import (
    ExtraBurn,
    MissingBurn,
    PrematureCards,
    TooManyBoardCards,
)
from floorman.live.live_events import BoardPlanned
from floorman.rules.ruleset import BoardProcedure, Ruleset

STREET_NAMES = {1: "flop", 2: "turn", 3: "river"}


def premature(hand: Hand, rules: Ruleset, report: PrematureCards) -> Decision:
    """Cards of the next street turned while the betting still goes on (RP-5, §27 II.3,
    Belarus 6.6.4 to 6.6.6)."""
    street = report.street
    if hand.phase is not BET or street != hand.street + 1 or street >= len(hand.streets):
        raise MalformedInputError(
            "premature cards are the next street's, turned while the betting goes on",
            constraint="premature-street",
        )
    _check(report.cards, report.burn)
    name = STREET_NAMES.get(street, "stud") if not hand.stud else "stud"
    ruling = rules.ruling(
        pick(rules, f"premature-{name}", "premature"),
        "premature-cards",
        "cards dealt too early do not count: the street is dealt again after the betting",
    )
    plan = _premature_plan(rules.board_procedure, street, report, stud=hand.stud)
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan)


def _premature_plan(
    procedure: BoardProcedure, street: int, report: PrematureCards, *, stud: bool
) -> BoardPlanned:
    cards = _known(report.cards)
    burn = () if report.burn is None else (report.burn,)
    if procedure is BoardProcedure.TDA or stud:  # RP-5-A to D; the only stud rule anywhere
        return BoardPlanned(
            steps=(
                "leave the burn card where it is",
                "finish the betting round",
                "shuffle the early cards into the stub",
                "deal the street without a new burn",
            ),
            preburned=tuple((street, b) for b in burn),
            burns=() if burn else ((street, 0),),
        )
    if street == 1:  # Poland §27 II.3 FLOP, Belarus 6.6.4: flop and burn back, burn again
        return BoardPlanned(
            steps=(
                "put the flop and its burn card back into the stub and shuffle",
                "finish the betting round",
                "cut, burn and deal a new flop",
            )
        )
    if procedure is BoardProcedure.PZP and street == 2:
        return BoardPlanned(
            steps=(
                "set the early turn card aside",
                "finish the betting round",
                "burn and deal a new turn",
                "after the turn's betting, shuffle the set-aside card into the stub (not the "
                "burns), cut and deal the river without a burn",
            ),
            out_of_play=cards,
            back_after=2,
            burned=burn,
            burns=((3, 0),),
        )
    if street == 2:  # Belarus 6.6.5
        return BoardPlanned(
            steps=(
                "take the early turn card out of play",
                "finish the betting round",
                "burn and deal the next card as the turn",
                "shuffle the early card back into the stub",
            ),
            out_of_play=cards,
            back_after=2,
            burned=burn,
        )
    return BoardPlanned(  # the river: Poland §27 II.3 RIVER, Belarus 6.6.6
        steps=(
            "take the early river card out",
            "finish the betting round",
            "shuffle it into the stub (not the burns)",
            "deal the river without a burn",
        ),
        burned=burn,
        burns=((3, 0),),
    )


def too_many(
    hand: Hand, rules: Ruleset, report: TooManyBoardCards, rng: random.Random | None
) -> Decision:
    """More board cards than the street has (R39-A, §27 II.3, Belarus 6.6.3 and 6.6.7)."""
    street, due = _board_due(hand)
    cards = report.cards
    if len(cards) <= due:
        raise MalformedInputError(f"the board gets {due} cards now", constraint="card-count")
    _check(cards, report.burn)
    if report.extra is not None and report.extra not in cards:
        raise MalformedInputError("the extra card is not among the cards", constraint="card")
    procedure = rules.board_procedure
    concept = "four-card-flop" if street == 1 else "extra-board-card"
    if street == 1 and procedure is not BoardProcedure.BELARUS:
        return _scrambled_flop(rules, report, rng, concept)
    if street == 1 or procedure is BoardProcedure.PZP:
        return _all_back(rules, report, street, concept)
    return _extra_is_next_burn(hand, rules, report, street, due, concept)


def _scrambled_flop(
    rules: Ruleset, report: TooManyBoardCards, rng: random.Random | None, concept: str
) -> Decision:
    """Four flop cards: the one known to be extra, else one drawn at random, is the turn's
    burn; the other three are the flop (R39-A, RP-14; Poland §27 II.3; RedCactus 39a)."""
    cards = report.cards
    extra = report.extra if report.extra is not None else _draw(rng, cards)
    flop = list(cards)
    flop.remove(extra)
    ruling = rules.ruling(
        pick(rules, concept, "board-error"),
        "four-card-flop",
        "four flop cards: one is the burn before the turn, the other three are the flop",
    )
    plan = BoardPlanned(
        steps=("the chosen card is the burn before the turn", "the other three are the flop"),
        preburned=() if extra is None else ((2, extra),),
        burns=((2, 0),) if extra is None else (),
    )
    deal = DealBoard(tuple(flop), report.burn)
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan, deal=deal)


def _all_back(rules: Ruleset, report: TooManyBoardCards, street: int, concept: str) -> Decision:
    """Every card turned goes back: Belarus 6.6.3 (the flop: shuffle, cut, burn, deal again);
    Poland §27 II.3 (a turn or river of two cards: both set aside, the street comes without a
    burn, and they go back into the stub for the river)."""
    ruling = rules.ruling(
        pick(rules, concept, "board-error"),
        "board-dealt-again",
        "the board cards go back and the street is dealt again",
    )
    if street == 1:
        plan = BoardPlanned(
            steps=("put the cards and the burn back into the stub", "shuffle, cut, burn, deal")
        )
    else:
        plan = BoardPlanned(
            steps=(
                "set both cards aside",
                "deal the street again without a burn",
                "after its betting, shuffle them back into the stub and deal the river "
                "without a burn",
            ),
            out_of_play=_known(report.cards),
            back_after=street if street < 3 else None,
            burns=((street, 0), (street + 1, 0)),
        )
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan)


def _extra_is_next_burn(
    hand: Hand, rules: Ruleset, report: TooManyBoardCards, street: int, due: int, concept: str
) -> Decision:
    """Only the right card stays; the extra one is the next street's burn (Belarus 6.6.7), or,
    by the TDA, goes back into the stub like a premature card (RP-5)."""
    cards = report.cards
    extra = report.extra if report.extra is not None else cards[-1]
    kept = list(cards)
    kept.remove(extra)
    kept = kept[:due]
    last = street + 1 >= len(hand.streets)
    belarus = rules.board_procedure is BoardProcedure.BELARUS
    ruling = rules.ruling(
        pick(rules, concept, "board-error"),
        "extra-board-card",
        "only the right card stays on the board",
    )
    preburned = ((street + 1, extra),) if belarus and not last and extra is not None else ()
    steps = ("the next card's burn is the extra card",) if preburned else ("shuffle it back",)
    plan = BoardPlanned(steps=("keep the right card", *steps), preburned=preburned)
    deal = DealBoard(tuple(kept), report.burn)
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan, deal=deal)


def missing_burn(
    hand: Hand, rules: Ruleset, report: MissingBurn, rng: random.Random | None
) -> Decision:
    """Cards turned without a burn before them (R39-B; §27 II.3; Belarus 6.6.2, 6.4.6)."""
    street = report.street
    recorded = _recorded_board(hand, street)
    if recorded is None and not report.cards:
        raise MalformedInputError(
            f"the {STREET_NAMES.get(street, 'street')} is not dealt: name its cards",
            constraint="missing-burn",
        )
    cards = recorded[0] if recorded is not None else report.cards
    _check(cards, None)
    acted = recorded is not None and _acted_since(hand, recorded[1])
    withdraw = len(hand.events) - recorded[1] if recorded is not None and not acted else 0
    concept = pick(rules, "missing-burn", "board-error")
    if acted:
        return _missing_burn_after_action(rules, street, concept)
    procedure = rules.board_procedure
    if procedure is not BoardProcedure.TDA and (street == 1 or procedure is BoardProcedure.BELARUS):
        plan = BoardPlanned(steps=("put the cards back into the stub", "shuffle, cut, burn, deal"))
        if street > 1:  # Belarus 6.4.6: restore the order: the card dealt is the burn
            plan = _card_is_burn(street, cards)
    elif procedure is BoardProcedure.PZP:
        plan = _card_is_burn(street, cards)
    else:
        plan = _tda_scramble(street, cards, rng)
    ruling = rules.ruling(
        concept, "missing-burn", "no burn was dealt: the cards are put right before any action"
    )
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan, withdraw=withdraw)


def _missing_burn_after_action(rules: Ruleset, street: int, concept: str) -> Decision:
    """After action the board stands; Poland burns two before the next street to give later
    streets their own cards (§27 II.3), the others burn one as usual (R39-B, Belarus 6.4.6)."""
    two = rules.board_procedure is BoardProcedure.PZP and street < 3
    plan = BoardPlanned(
        steps=(("burn two cards before the next street",) if two else ("play on",)),
        burns=((street + 1, 2),) if two else (),
    )
    ruling = rules.ruling(
        concept, "board-stands", "there was action on these cards: the board stands"
    )
    return Decision(ruling=ruling, outcome=PLAY_ON, plan=plan)


def _card_is_burn(street: int, cards: tuple[int | None, ...]) -> BoardPlanned:
    """The card turned is the burn; the next card is the street (Poland §27 II.3 TURN)."""
    first = cards[0]
    return BoardPlanned(
        steps=("the card turned is the burn", "deal the next card as the street"),
        preburned=((street, first),) if first is not None else (),
        burns=((street, 0),) if first is None else (),
    )


def _tda_scramble(
    street: int, cards: tuple[int | None, ...], rng: random.Random | None
) -> BoardPlanned:
    """R39-B: scrambled face down, one card drawn at random is the burn, the others stay and the
    next card from the stub completes the street (RP-14)."""
    burn = _draw(rng, cards)
    kept = list(cards)
    kept.remove(burn)
    return BoardPlanned(
        steps=("scramble the cards face down", "one at random is the burn", "deal the next card"),
        preburned=((street, burn),) if burn is not None else (),
        burns=((street, 0),) if burn is None else (),
        kept=tuple(c for c in kept if c is not None),
    )


def extra_burn(hand: Hand, rules: Ruleset, report: ExtraBurn) -> Decision:
    """One card too many burned before ``street`` (§27 II.3, Belarus 6.4.6; the TDA burns one
    card a round and plays on, R38)."""
    street = report.street
    recorded = _recorded_board(hand, street)
    acted = recorded is not None and _acted_since(hand, recorded[1])
    procedure = rules.board_procedure
    concept = pick(rules, "extra-burn", "board-error")
    burned = () if report.card is None else (report.card,)
    if procedure is BoardProcedure.TDA or (acted and procedure is BoardProcedure.BELARUS):
        ruling = rules.ruling(
            concept, "board-stands", "there was action on these cards: the board stands"
        )
        return Decision(
            ruling=ruling, outcome=PLAY_ON, plan=BoardPlanned(steps=("play on",), burned=burned)
        )
    withdraw = len(hand.events) - recorded[1] if recorded is not None and not acted else 0
    restore = street == 1 or procedure is BoardProcedure.BELARUS
    if restore and not acted:
        plan = BoardPlanned(steps=("put the cards back into the stub", "shuffle, cut, burn, deal"))
    else:
        withdraw = 0
        plan = BoardPlanned(  # the next street comes without a burn to restore the order
            steps=("the next street is dealt without a burn",),
            burned=burned,
            burns=((street + 1, 0),) if street + 1 < len(hand.streets) else (),
        )
    ruling = rules.ruling(
        concept, "extra-burn", "a card too many was burned: the deck's order is restored"
    )
    return Decision(ruling=ruling, outcome=BOARD_REPAIRED, plan=plan, withdraw=withdraw)


def _draw(rng: random.Random | None, cards: tuple[int | None, ...]) -> int | None:
    """One of the cards at random, by the table's random source (RP-14)."""
    if rng is None:
        raise MalformedInputError(
            "choosing a card at random needs the table's random source", constraint="rng"
        )
    return rng.choice(cards)


def _board_due(hand: Hand) -> tuple[int, int]:
    if hand.phase is not DEAL or not hand.board_due or hand.deal_queue:
        raise MalformedInputError("no board cards are to be dealt now", constraint="no-deal-now")
    return hand.street, hand.board_due


def _recorded_board(hand: Hand, street: int) -> tuple[tuple[int | None, ...], int] | None:
    """The board cards the engine recorded for ``street`` and the index of their event."""
    seen = 0
    for index, event in enumerate(hand.events):
        if isinstance(event, BettingOpened):
            seen = event.street
        elif isinstance(event, BoardDealt) and seen + 1 == street:
            return event.cards, index
    return None


def _acted_since(hand: Hand, index: int) -> bool:
    return any(isinstance(e, Acted) and e.action != "bring-in" for e in hand.events[index:])


def _known(cards: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(c for c in cards if c is not None)


def _check(cards: tuple[int | None, ...], burn: int | None) -> None:
    known = [*_known(cards), *(() if burn is None else (burn,))]
    if any(not 0 <= c < 52 for c in known):
        raise MalformedInputError("card numbers are 0..51", constraint="card")
    if len(set(known)) != len(known):
        raise MalformedInputError("a card was named twice", constraint="duplicate-card")
