"""Poland's showdown duties: side-pot players first (§4.4, §37.5) and the duty to show
(§37.1, read with §37.3 as decision 15 does).

A side pot at the showdown always has an all-in player in it, so every hand is tabled at once
(§9.2) and the side pots are awarded before the main pot (§4.3): nobody in a side pot shows
after the others. The duty to show is the condition for winning: a hand not shown is mucked
and concedes.
"""

from __future__ import annotations

import pytest
from digest_tables import BIG, PZP, RAINBOW, awards, deck_for, play_to_river, shown
from tables import hand

from floorman.engine import Call, Check, Muck, Phase, Raise
from floorman.engine.dealer import deal_pending
from floorman.engine.events import HandsTabled, PotAwarded, Shown


@pytest.mark.rules("poland-pzp §4.4", "poland-pzp §37.5", "poland-pzp §4.3", "poland-pzp §9.2")
def test_pzp_4_4_side_pot_players_are_tabled_with_everyone_and_paid_first() -> None:
    # A (seat 0) all-in for 1,000, B (seat 1) for 3,000; C (seat 2) and D (seat 3) bet on to
    # the river, C leading every street, so without the all-ins C would show first (§37.2).
    holes = {0: "AhAd", 1: "KhKd", 2: "QhQd", 3: "8s4h"}
    played, deck = hand(
        [1000, 3000, BIG, BIG],
        button=3,
        blinds=(100, 200),
        deck=deck_for(3, holes, RAINBOW),
        rules=PZP,
    )
    played.act(Raise(5000), seat=2)
    for seat in (3, 0, 1):
        played.act(Call(), seat=seat)
    bets = {1: 1000, 2: 0, 3: 2000}  # flop, turn, river: C's bets, D calls
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        elif bets.get(played.street):
            played.act(Raise(bets.pop(played.street)), seat=2)
            played.act(Call(), seat=3)
        else:
            played.act(Check())
    tabled = [e for e in played.events if isinstance(e, HandsTabled)]
    assert [t.seats for t in tabled] == [(0, 1, 2, 3)]
    assert not [e for e in played.events if isinstance(e, Shown)]  # nobody shows in turn
    assert [(a.amount, a.eligible, a.shares) for a in awards(played)] == [
        (10_000, (2, 3), ((2, 10_000),)),
        (6000, (1, 2, 3), ((1, 6000),)),
        (4000, (0, 1, 2, 3), ((0, 4000),)),
    ]


@pytest.mark.rules("poland-pzp §37.1", "poland-pzp §37.2")
def test_pzp_37_1_a_hand_not_shown_concedes_the_pot() -> None:
    """The river bettor must show first; mucking instead, he gives the pot to the caller,
    who wins without showing (decision 15: the duty to show is the condition for winning)."""
    deck = deck_for(1, {0: "AhAd", 1: "7c2d"}, RAINBOW)
    played, deck = hand([BIG, BIG], button=1, blinds=(100, 200), deck=deck, rules=PZP)
    play_to_river(played, deck)
    first = played.actor
    assert first is not None
    other = 1 - first
    played.act(Raise(400), seat=first)
    played.act(Call(), seat=other)
    assert played.show_queue == [first, other]
    played.act(Muck(), seat=first)
    assert played.is_over
    assert shown(played) == []
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert award.shares == ((other, 1200),)
