"""Shared tables, decks and helpers of the digest scenario tests (Bulgaria, Poland, France).

Most hands play under the default TDA_2022 profile, which sets every parameter tested there the
way these digests do; tests of a rule the profiles cite in their rulings (the clock, acting in
turn) or of a parameter that differs from TDA play under the digest's own profile
(``pokerstars-live``, ``poland-pzp``, ``redcactus``).

Seats are 0-based in the engine: a digest's seat ``Sn`` is engine seat ``n - 1``, and lettered
players (A, B, C...) sit in seats 0, 1, 2... unless a test says otherwise. Hidden chips, chips
pushed without words, clocks and irregularities belong to later issues and are left out.
"""

from __future__ import annotations

import pytest
from tables import PLAYED, check_down, hand, limp_to_flop, stacked

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import (
    GAMES,
    AnteMode,
    Call,
    Check,
    Hand,
    HandConfig,
    Phase,
    Raise,
)
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import (
    Acted,
    PotAwarded,
    Shown,
)
from floorman.errors import OutOfTurnError
from floorman.rules.profiles import PROFILES

BIG = 100_000

ROYAL = "As Ks Qs Js Ts"

RAINBOW = "2c 7d 9h Jc 3s"

JUNK = ("2c3c", "4c5c", "6c7c", "8c9c", "2d3d", "4d5d", "6d7d", "8d9d")


def awards(played: Hand) -> list[PotAwarded]:
    return [e for e in played.events if isinstance(e, PotAwarded)]


def shown(played: Hand) -> list[int]:
    return [e.seat for e in played.events if isinstance(e, Shown)]


def deck_for(button: int, holes: dict[int, str], board: str) -> Deck:
    """A deck giving each seat its hole cards: dealing starts left of the button."""
    seats = max(holes) + 1
    order = sorted(holes, key=lambda s: (s - button - 1) % seats)
    return stacked(*(holes[s] for s in order), board=board)


def play_to_river(played: Hand, deck: Deck) -> None:
    """Limp preflop, check the flop and the turn: the river betting is open."""
    limp_to_flop(played, deck)
    while played.street < 3:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        else:
            played.act(Check())
    deal_pending(played, deck)
    assert played.phase is Phase.BET


def finish(played: Hand, deck: Deck) -> None:
    """Check or call to the end and table every hand that has to show."""
    check_down(played, deck)
    auto_showdown(played)
    assert played.is_over


def bounds(played: Hand) -> tuple[int, int | None, int | None, int | None]:
    """The actor, what he must add to call, and the raise bounds."""
    options = played.legal_options()
    return options.actor, options.call, options.min_to, options.max_to


def stud_hand(*hands: str) -> tuple[Hand, Deck]:
    """Stud 10-20, bring-in 5, no ante, button on the last seat, dealt from a stacked deck.

    Each string is one seat's cards in the order dealt: two down, the door card, fourth to
    sixth street, seventh street down. A string of three cards folds on third street.
    """
    cards = [parse_cards(h) for h in hands]
    order: list[int] = [h[i] for i in range(3) for h in cards]
    used = {c for h in cards for c in h}
    spare = [c for c in range(52) if c not in used]
    for street in range(3, 7):
        order.append(spare.pop())
        order += [h[street] for h in cards if len(h) > street]
    deck = Deck.from_order(order + spare)
    config = HandConfig(
        game=GAMES["F7S"],
        stacks=(100,) * len(hands),
        button=len(hands) - 1,
        ante_mode=AnteMode.NONE,
        bring_in=5,
        small_bet=10,
        big_bet=20,
    )
    played = Hand(config)
    PLAYED.append(played)
    deal_pending(played, deck)
    return played, deck


def stud_to_showdown(played: Hand, deck: Deck) -> None:
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        elif played.phase is Phase.BET:
            options = played.legal_options()
            played.act(Check() if options.check else Call())
        else:
            auto_showdown(played)


def heads_up_all_in(a_stack: int, b_stack: int, a_wins: bool) -> Hand:
    """A (seat 0, button) moves all-in preflop and B (seat 1) calls; run out on a dry board."""
    a, b = ("AhAd", "KhKd") if a_wins else ("KhKd", "AhAd")
    deck = deck_for(0, {0: a, 1: b}, RAINBOW)
    played, deck = hand([a_stack, b_stack], button=0, blinds=(500, 1000), deck=deck)
    played.act(Raise(a_stack), seat=0)
    played.act(Call(), seat=1)
    finish(played, deck)
    return played


OMAHA_BOARD = "Kh Qd 7c 4s 2h"

KINGS = "KsKcQhQs"

LOW = "Ac3d9s9c"

SAME_LOW = "Ad3c8s8d"


def out_of_turn_refusal(profile: str) -> str:
    """Seat 0 calls before seat 2, the first to act: refused and nothing changes, then seat 2's
    call in turn is taken. Returns the rule the refusal cites."""
    played, _ = hand([BIG] * 4, button=3, blinds=(100, 200), rules=PROFILES[profile])
    before = (list(played.events), list(played.stacks), list(played.bets), played.actor)
    with pytest.raises(OutOfTurnError) as refusal:
        played.act(Call(), seat=0)
    assert (list(played.events), list(played.stacks), list(played.bets), played.actor) == before
    played.act(Call(), seat=2)
    assert played.events[-1] == Acted(2, "call", 200, False)
    assert played.actor == 3
    return str(refusal.value.ruling.rule)


def limit_100_200(stacks: list[int]) -> tuple[Hand, Deck]:
    """Limit 100-200 with blinds 50-100; A seat 0 (SB), B seat 1 (BB), C seat 2 (button)."""
    return hand(stacks, game="FT", button=2, blinds=(50, 100), bets=(100, 200))


def t37_hand() -> Hand:
    """A all-in 1,000, B all-in 3,000, C and D 5,000 each (blinds 100-200, button D).

    A (seat 0, SB) holds aces, B (seat 1, BB) kings, C (seat 2) queens, D (seat 3) eight-high;
    C raises to 5,000 preflop, D, A and B call, and C and D check the hand down.
    """
    holes = {0: "AhAd", 1: "KhKd", 2: "QhQd", 3: "8s4h"}
    deck = deck_for(3, holes, RAINBOW)
    played, deck = hand([1000, 3000, BIG, BIG], button=3, blinds=(100, 200), deck=deck)
    played.act(Raise(5000), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    played.act(Call(), seat=1)
    finish(played, deck)
    return played


PZP = PROFILES["poland-pzp"]


def limit_pzp(stacks: list[int], button: int) -> tuple[Hand, Deck]:
    """Limit 100-200 with blinds 50-100 under the Polish profile."""
    return hand(stacks, game="FT", button=button, blinds=(50, 100), bets=(100, 200), rules=PZP)
