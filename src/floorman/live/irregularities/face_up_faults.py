"""Faults of cards lying face up that let the hand go on where the profile says so: a second
stud card dealt face up (Belarus 6.5.2), a damaged card that is already face up (Belarus 6.1.3).

Elsewhere the first is a misdeal (TDA R35-A, Poland §27 I.2l) and the second a defective deck
(TDA R35-E, Poland §54.1); :mod:`floorman.live.irregularities.dealing` asks here first.
"""

from __future__ import annotations

from floorman.engine.events import HoleCardReplaced
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.decision import MISDEAL, PLAY_ON, REPLACED, VOID, Decision, pick
from floorman.live.irregularities.reports import CardExposed, DeckDefect, DeckDefective
from floorman.rules.ruleset import Ruleset


def second_stud_card_up(
    hand: Hand, rules: Ruleset, report: CardExposed, *, earlier: int
) -> Decision | None:
    """Stud, in the deal: a second card dealt face up is replaced by the next card, dealt face
    down, and goes to the burns; the hand goes on (Belarus 6.5.2, read over the misdeal of
    6.3.6: decision 17). ``None`` where the profile calls a misdeal instead."""
    if earlier < 1 or not rules.stud_second_up_card_burned or rules.stud_exposed_card_misdeal:
        return None
    seat, holes = report.seat, hand.holes[report.seat]
    down = [i for i, up in enumerate(hand.up[seat]) if not up and holes[i] == report.card]
    if report.card is None or not down:
        raise MalformedInputError(
            f"the exposed card is not one of seat {seat}'s down cards", constraint="exposed-card"
        )
    ruling = rules.ruling(
        pick(rules, "stud-second-up", "stud-exposed"),
        "stud-second-up-burned",
        "a second card dealt face up is burned and replaced by a card dealt face down",
    )
    effects = (HoleCardReplaced(seat, down[0], report.replacement),)
    return Decision(
        ruling=ruling, outcome=REPLACED, alternatives=(MISDEAL,), seat=seat, effects=effects
    )


def damaged_face_up(hand: Hand, rules: Ruleset, report: DeckDefective) -> Decision | None:
    """A damaged card that lies face up (on the board, a stud up card, an exposed card) tells
    nobody anything more: the hand is played to the end and the deck changed after it (Belarus
    6.1.3). ``None`` for any other defect, or where the profile has no such rule."""
    if report.defect is not DeckDefect.DAMAGED or not rules.damaged_face_up_card_plays_on:
        return None
    if not report.cards or not all(_face_up(hand, c) for c in report.cards):
        return None
    ruling = rules.ruling(
        pick(rules, "damaged-face-up", "deck-damaged"),
        "damaged-face-up",
        "the damaged card is face up: the hand is played to the end, then the deck is changed",
    )
    return Decision(ruling=ruling, outcome=PLAY_ON, alternatives=(VOID,))


def _face_up(hand: Hand, card: int) -> bool:
    if card in hand.board:
        return True
    exposed = hand.exposed or {}
    for seat, holes in enumerate(hand.holes):
        for index, held in enumerate(holes):
            if held == card:
                ups = hand.up[seat]
                return (index < len(ups) and ups[index]) or card in exposed.get(seat, set())
    return False
