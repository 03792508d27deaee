"""One-hand engine scenarios of the France digest (RedCactus, seed 001).

Named ``france_r..`` after the rules of ``001-redcactus-france.md`` and ``france_basic_..``
after the worked examples of its untitled basic section.

Conventions (seats, profiles): see ``digest_tables.py``.
"""

from __future__ import annotations

import pytest
from digest_tables import (
    BIG,
    JUNK,
    RAINBOW,
    ROYAL,
    awards,
    bounds,
    deck_for,
    finish,
    out_of_turn_refusal,
    play_to_river,
    shown,
)
from tables import hand, limp_to_flop

from floorman.cards.card import Card
from floorman.engine import (
    Call,
    Check,
    Fold,
    Muck,
    Phase,
    Raise,
)
from floorman.engine.dealer import deal_pending
from floorman.engine.events import (
    Acted,
    BoardDealt,
    HandsTabled,
    HoleDealt,
    Mucked,
)
from floorman.errors import IllegalActionError
from floorman.rules.profiles import PROFILES


@pytest.mark.rules("tda-2022 R43-A", "redcactus Les enchères", "redcactus 47-A")
def test_france_basic_bb_100_raise_to_200_or_500_but_not_50_or_150() -> None:
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100))
    assert bounds(played)[:3] == (2, 100, 200)
    for short in (50, 150):
        with pytest.raises(IllegalActionError) as refusal:
            played.act(Raise(short), seat=2)
        assert refusal.value.ruling.key == "below-min-raise"
    played.act(Raise(500), seat=2)
    assert played.events[-1] == Acted(2, "raise", 500, False)


@pytest.mark.rules(
    "redcactus Déroulement d'un tour de jeu", "redcactus Les enchères", "redcactus Le flop"
)
def test_france_basic_minimum_bet_is_the_big_blind_and_action_starts_left_of_the_button() -> None:
    # Button seat 3; the small blind (seat 0) folds preflop, so the big blind opens the flop.
    played, deck = hand([BIG] * 4, button=3, blinds=(50, 100))
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=0)
    assert bounds(played)[:2] == (1, None)  # preflop the big blind acts last
    played.act(Check(), seat=1)
    deal_pending(played, deck)
    assert bounds(played) == (1, None, 100, BIG - 100)
    with pytest.raises(IllegalActionError):
        played.act(Raise(99), seat=1)


@pytest.mark.rules(
    "tda-2022 R21",
    "redcactus Déroulement d'un tour de jeu",
    "redcactus Les enchères",
    "redcactus Le showdown",
    "redcactus 12",
    "redcactus 21",
)
def test_france_basic_all_in_500_called_by_three_wins_at_most_2000() -> None:
    """Rule 21 too: the side pot the three others bet is settled on its own."""
    # Blinds 50-100, button seat 3; seat 2 (aces) is all-in for 500, everyone calls. On the flop
    # the SB (kings) bets 1,000 and the others call: a side pot of 3,000.
    holes = {0: "KhKd", 1: "QhQd", 2: "AhAd", 3: "8s4h"}
    deck = deck_for(3, holes, RAINBOW)
    played, deck = hand([BIG, BIG, 500, BIG], button=3, blinds=(50, 100), deck=deck)
    played.act(Raise(500), seat=2)
    for seat in (3, 0, 1):
        played.act(Call(), seat=seat)
    deal_pending(played, deck)
    played.act(Raise(1000), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=3)
    finish(played, deck)
    assert [(a.amount, a.eligible, a.shares) for a in awards(played)] == [
        (3000, (0, 1, 3), ((0, 3000),)),
        (2000, (0, 1, 2, 3), ((2, 2000),)),
    ]
    assert played.stacks == [BIG + 1500, BIG - 1500, 2000, BIG - 1500]


@pytest.mark.rules(
    "tda-2022 R16",
    "pokerstars-live 5.2",
    "redcactus 16",
    "poland-pzp §9.2",
    "poland-pzp §37.4",
    "poland-pzp §43.3",
    "poland-pzp §45.4",
)
def test_france_r16_called_all_in_hands_are_tabled_at_once_and_cannot_be_mucked() -> None:
    played, deck = hand([5000, BIG], button=0, blinds=(50, 100))
    played.act(Raise(5000), seat=0)
    events = played.act(Call(), seat=1)
    assert [e.seats for e in events if isinstance(e, HandsTabled)] == [(0, 1)]
    assert not any(isinstance(e, BoardDealt) for e in played.events)  # before the flop
    for seat in (0, 1):
        with pytest.raises(IllegalActionError):
            played.act(Muck(), seat=seat)
    finish(played, deck)
    assert not any(isinstance(e, Mucked) for e in played.events)
    assert awards(played)[0].eligible == (0, 1)


@pytest.mark.rules("tda-2022 R17-A", "redcactus 17")
def test_france_r17_last_river_raiser_shows_first() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100))
    play_to_river(played, deck)
    played.act(Raise(200), seat=0)
    played.act(Raise(600), seat=1)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    assert played.show_queue == [1, 2, 0]
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R17-A", "redcactus La River", "redcactus 17")
def test_france_r17_no_river_bet_the_seat_nearest_left_of_the_button_shows_first() -> None:
    # Button seat 0, seat 1 folded: seat 2 is the first live seat left of the button.
    played, deck = hand([BIG] * 4, button=0, blinds=(50, 100))
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    played.act(Check(), seat=2)
    play_to_river(played, deck)
    for seat in (2, 3, 0):
        played.act(Check(), seat=seat)
    assert played.show_queue == [2, 3, 0]
    assert played.actor == 2


@pytest.mark.rules("tda-2022 R17-B", "redcactus 17")
def test_france_r17_last_live_hand_wins_without_showing() -> None:
    deck = deck_for(2, {0: "7c2d", 1: "AhAd", 2: "KhKd"}, RAINBOW)
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), deck=deck)
    play_to_river(played, deck)
    played.act(Raise(300), seat=0)
    played.act(Call(), seat=1)
    played.act(Fold(), seat=2)
    assert played.actor == 0
    played.act(Muck(), seat=0)
    assert played.is_over
    assert shown(played) == []
    assert played.stacks == [BIG - 400, BIG + 500, BIG - 100]


@pytest.mark.rules("tda-2022 R20-A", "redcactus Le showdown", "redcactus 20")
def test_france_r20_odd_chip_in_smallest_chips_to_the_winner_nearest_left_of_the_button() -> None:
    # Blinds 25-50, smallest chip 25, button seat 0. Seat 3 raises to 500, the button calls and
    # both blinds fold: pot 1,075 = 43 chips of 25 between seats 0 and 3.
    deck = deck_for(0, dict(enumerate(JUNK[:4])), ROYAL)
    played, deck = hand([BIG] * 4, button=0, blinds=(25, 50), smallest_chip=25, deck=deck)
    played.act(Raise(500), seat=3)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)
    finish(played, deck)
    [award] = awards(played)
    assert award.amount == 1075
    assert award.shares == ((0, 525), (3, 550))


@pytest.mark.rules("tda-2022 R34", "redcactus La Turn", "redcactus La River", "redcactus 34")
def test_france_r34_heads_up_small_blind_on_the_button_acts_first_then_last() -> None:
    """The button also gets the last card of the deal."""
    played, deck = hand([BIG, BIG], button=0, blinds=(50, 100))
    assert played.config.blind_seats() == (0, 1)
    assert [e.seat for e in played.events if isinstance(e, HoleDealt)] == [1, 0]
    assert played.actor == 0
    played.act(Call(), seat=0)
    played.act(Check(), seat=1)
    for _ in (1, 2, 3):
        deal_pending(played, deck)
        assert played.actor == 1
        played.act(Check(), seat=1)
        assert played.actor == 0
        played.act(Check(), seat=0)
    assert played.phase is Phase.SHOW


@pytest.mark.rules("redcactus Les blinds")
def test_france_r42_posted_big_blind_is_the_preflop_opening_bet() -> None:
    # Three or more players and heads-up alike: calling means the whole big blind.
    for stacks, first in (([BIG] * 4, 2), ([BIG] * 2, 1)):
        played, _ = hand(stacks, button=len(stacks) - 1, blinds=(200, 400))
        options = played.legal_options()
        owed = 400 if len(stacks) > 2 else 200  # heads-up the button has the small blind in
        assert (options.actor, options.call, options.check) == (first, owed, False)
        played.act(Call(), seat=first)
        assert played.bets[first] == 400


@pytest.mark.rules("tda-2022 R43-A", "redcactus 47-A")
def test_france_r43_after_a_600_opening_bet_the_minimum_raise_is_to_1200() -> None:
    # NLHE 100-200; post-flop A (seat 0) opens 600: B's raise to 1,000 is an underraise.
    played, deck = hand([BIG] * 5, button=4, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(600), seat=0)
    assert bounds(played)[:3] == (1, 600, 1200)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(1000), seat=1)
    assert refusal.value.ruling.key == "below-min-raise"
    played.act(Raise(1200), seat=1)
    assert played.events[-1] == Acted(1, "raise", 1200, False)


@pytest.mark.rules("tda-2022 R43-B", "redcactus 47-B")
def test_france_r47b_raise_8000_over_an_opening_2000_means_a_total_of_8000() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(2000), seat=0)
    played.act(Raise(8000), seat=1)
    assert played.events[-1] == Acted(1, "raise", 8000, False)
    assert played.bets[1] == 8000
    assert played.stacks[1] == BIG - 200 - 8000


@pytest.mark.rules("tda-2022 R47-A", "redcactus 48")
def test_france_r48_short_all_in_does_not_reopen_for_the_opener() -> None:
    # NLHE 100-200; post-flop A opens 600, B is all-in for 900 (short of 1,200), C calls.
    played, deck = hand([BIG, 1100, BIG], button=2, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(600), seat=0)
    played.act(Raise(900), seat=1)
    assert bounds(played)[:3] == (2, 900, 1500)  # C has not acted: he may raise
    played.act(Call(), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 300, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "not-reopened"


@pytest.mark.rules("tda-2022 R48", "redcactus Les enchères", "redcactus 52", "poland-pzp §26.1")
def test_france_r52_no_limit_raises_are_unlimited() -> None:
    played, deck = hand([BIG] * 2, button=1, blinds=(100, 200))
    limp_to_flop(played, deck)
    for to in range(200, 4200, 200):  # a bet and nineteen raises
        played.act(Raise(to))
    assert played.legal_options().min_to == 4200


@pytest.mark.rules("tda-2022 R55", "redcactus 55")
def test_france_r55a_call_with_no_bet_to_call_is_a_check() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Call(), seat=0)
    last = played.events[-1]
    assert isinstance(last, Acted)
    assert (last.seat, last.action, last.to) == (0, "check", 0)
    assert played.stacks[0] == BIG - 200


@pytest.mark.rules(
    "redcactus Déroulement d'un tour de jeu",
    "redcactus Le flop",
    "redcactus La Turn",
    "redcactus La River",
)
def test_france_basic_each_street_burns_one_card_and_opens_left_of_the_button() -> None:
    # Button seat 3; the small blind (seat 0) folds preflop, so the big blind opens every street.
    # The stacked deck has one spare card before each street: the board comes out exactly as
    # stacked only if one card is burned each time.
    holes = {0: "KhKd", 1: "QhQd", 2: "AhAd", 3: "8s4h"}
    deck = deck_for(3, holes, RAINBOW)
    played, deck = hand(
        [BIG] * 4, button=3, blinds=(50, 100), deck=deck, rules=PROFILES["redcactus"]
    )
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=0)
    played.act(Check(), seat=1)
    for count in (3, 1, 1):
        [dealt] = [e for e in deal_pending(played, deck) if isinstance(e, BoardDealt)]
        assert len(dealt.cards) == count
        assert dealt.burn is not None
        assert played.actor == 1
        for seat in (1, 2, 3):
            played.act(Check(), seat=seat)
    assert played.board == [Card(c) for c in RAINBOW.split()]
    assert len(played.burns) == 3
    assert played.phase is Phase.SHOW


@pytest.mark.rules("redcactus 29")
def test_france_r29_clock_expiry_checks_when_it_can_and_folds_facing_a_bet() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=PROFILES["redcactus"])
    limp_to_flop(played, deck)
    stacks = list(played.stacks)
    checked = played.expire_clock()[0]  # seat 0 has nothing to call
    played.act(Raise(100), seat=1)
    folded = played.expire_clock()[0]  # seat 2 faces the bet
    for acted, seat, action in ((checked, 0, "check"), (folded, 2, "fold")):
        assert isinstance(acted, Acted)
        assert (acted.seat, acted.action) == (seat, action)
        assert acted.ruling is not None
        assert str(acted.ruling.rule) == "redcactus 29"
    assert played.live == [0, 1]
    assert played.stacks[2] == stacks[2]
    assert played.actor == 0


@pytest.mark.rules("redcactus 41")
def test_france_r41_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    assert out_of_turn_refusal("redcactus") == "redcactus 41"
