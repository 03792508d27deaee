"""One-hand engine scenarios of the Bulgaria digest (PokerStars Live, seed 003).

Named ``bulgaria_s..``/``bulgaria_d..`` after the "Test scenarios" table of
``003-pokerstars-live-bulgaria.md`` (S stated, D derived), or after the rule they check.

Conventions (seats, profiles): see ``digest_tables.py``.
"""

from __future__ import annotations

import pytest
from digest_tables import (
    BIG,
    JUNK,
    KINGS,
    LOW,
    OMAHA_BOARD,
    RAINBOW,
    ROYAL,
    SAME_LOW,
    awards,
    bounds,
    deck_for,
    finish,
    heads_up_all_in,
    out_of_turn_refusal,
    play_to_river,
    shown,
    stud_hand,
    stud_to_showdown,
)
from tables import hand, limp_to_flop

from floorman.engine import (
    BringIn,
    Call,
    Check,
    Fold,
    Muck,
    Phase,
    Raise,
    Show,
)
from floorman.engine.dealer import deal_pending
from floorman.engine.events import (
    Acted,
    ForcedBetPosted,
    HandsTabled,
    Mucked,
)
from floorman.errors import IllegalActionError
from floorman.rules.profiles import PROFILES


@pytest.mark.rules("tda-2022 R34", "pokerstars-live 3.1.2")
def test_bulgaria_s04_heads_up_small_blind_is_the_button_and_acts_first_preflop() -> None:
    # Blinds 200-400; the button is seat 1.
    played, deck = hand([BIG, BIG], button=1, blinds=(200, 400))
    assert played.config.blind_seats() == (1, 0)
    forced = [(e.seat, e.bet, e.amount) for e in played.events if isinstance(e, ForcedBetPosted)]
    assert forced == [(1, "small-blind", 200), (0, "big-blind", 400)]
    assert bounds(played)[:2] == (1, 200)
    played.act(Call(), seat=1)
    played.act(Check(), seat=0)
    deal_pending(played, deck)
    assert played.actor == 0  # after the flop the button acts last


@pytest.mark.rules("tda-2022 R48", "pokerstars-live 4.4")
def test_bulgaria_s18_fixed_limit_is_bet_and_three_raises_then_capped() -> None:
    # Limit 200-400 (blinds 100-200), four players, no house cap: flop bet 200, raises to 400,
    # 600 and 800, then nobody may raise again.
    played, deck = hand([BIG] * 4, game="FT", button=3, blinds=(100, 200), bets=(200, 400))
    limp_to_flop(played, deck)
    for seat, to in enumerate((200, 400, 600, 800)):
        played.act(Raise(to), seat=seat)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 600, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"
    with pytest.raises(IllegalActionError):
        played.act(Raise(1000), seat=0)


@pytest.mark.rules("tda-2022 R48", "pokerstars-live 4.4")
@pytest.mark.parametrize(("tournament_heads_up", "capped"), [(True, False), (False, True)])
def test_bulgaria_s18_fixed_limit_is_unlimited_once_the_tournament_is_heads_up(
    tournament_heads_up: bool, capped: bool
) -> None:
    # Two players at the table: the cap goes only when they are the last two of the tournament.
    played, deck = hand(
        [BIG, BIG],
        game="FT",
        button=1,
        blinds=(100, 200),
        bets=(200, 400),
        tournament_heads_up=tournament_heads_up,
    )
    limp_to_flop(played, deck)
    for to in (200, 400, 600, 800):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.can_raise is not capped
    if not capped:
        for to in (1000, 1200, 1400):
            played.act(Raise(to))
        assert played.legal_options().min_to == 1600


@pytest.mark.rules(
    "tda-2022 R48",
    "pokerstars-live 4.4",
    "redcactus 52",
    "belarus-sport 4.7.1",
    "belarus-sport 4.9.7",
    "poland-pzp §26.1",
)
def test_bulgaria_s18_no_limit_has_no_raise_cap() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(100, 200))
    seat = 2
    for to in range(400, 2600, 200):  # eleven raises
        played.act(Raise(to), seat=seat)
        seat = (seat + 1) % 3
    assert bounds(played) == (seat, 400, 2600, BIG)  # seat 1 raised to 2,000 before


def test_bulgaria_s20_big_blind_is_the_opening_bet_so_the_call_is_the_full_400() -> None:
    # Blinds 200-400, five players, button seat 4: every limper owes the whole big blind.
    played, _ = hand([BIG] * 5, button=4, blinds=(200, 400))
    for seat in (2, 3, 4):
        assert bounds(played)[:2] == (seat, 400)
        played.act(Call(), seat=seat)
        assert played.bets[seat] == 400
    assert bounds(played)[:2] == (0, 200)  # the small blind completes
    played.act(Call(), seat=0)
    assert played.pot == 2000


@pytest.mark.parametrize(("a_wins", "stacks"), [(True, [42_000, 79_000]), (False, [0, 121_000])])
def test_bulgaria_s25_all_in_21000_called_from_100000_wins_21000_only(
    a_wins: bool, stacks: list[int]
) -> None:
    """Pots only: A's two hidden 1,000 chips (44,000 / 123,000 in the digest) are issue 5."""
    played = heads_up_all_in(21_000, 100_000, a_wins)
    [award] = awards(played)
    assert (award.amount, award.eligible) == (42_000, (0, 1))
    assert played.stacks == stacks


@pytest.mark.parametrize(("a_wins", "stacks"), [(True, [100_000, 5_000]), (False, [0, 105_000])])
def test_bulgaria_s26_all_in_50000_called_from_55000_wins_50000_only(
    a_wins: bool, stacks: list[int]
) -> None:
    """Pots only: the hidden 10,000 chip (A 110,000; B doubled to 110,000) is issue 5."""
    played = heads_up_all_in(50_000, 55_000, a_wins)
    [award] = awards(played)
    assert award.amount == 100_000
    assert played.stacks == stacks


@pytest.mark.rules("tda-2022 R16", "tda-2022 R21", "pokerstars-live 5.1", "pokerstars-live 5.2.1")
def test_bulgaria_s27_all_in_main_pot_and_side_pot_bettors_are_all_tabled() -> None:
    # C (seat 2, button) all-in for 1,000 preflop; A (SB) and B (BB) bet a side pot to the river.
    deck = deck_for(2, {0: "KhKd", 1: "QhQd", 2: "AhAd"}, RAINBOW)
    played, deck = hand([BIG, BIG, 1000], button=2, blinds=(100, 200), deck=deck)
    played.act(Raise(1000), seat=2)
    played.act(Call(), seat=0)
    played.act(Call(), seat=1)
    for bet in (500, 1000, 2000):
        deal_pending(played, deck)
        played.act(Raise(bet), seat=0)
        events = played.act(Call(), seat=1)
    tabled = next(e for e in events if isinstance(e, HandsTabled))
    assert tabled.seats == (0, 1, 2)
    assert played.is_over
    assert not any(isinstance(e, Mucked) for e in played.events)
    with pytest.raises(IllegalActionError):
        played.act(Muck(), seat=1)
    assert [(a.amount, a.eligible, a.shares) for a in awards(played)] == [
        (7000, (0, 1), ((0, 7000),)),
        (3000, (0, 1, 2), ((2, 3000),)),
    ]
    assert played.stacks == [BIG + 2500, BIG - 4500, 3000]


@pytest.mark.rules("tda-2022 R17-A", "pokerstars-live 5.3")
def test_bulgaria_s28_river_bettor_shows_first_then_clockwise() -> None:
    # A seat 0, B seat 1, C seat 2 (button). River: A checks, B bets, C and A call.
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200))
    play_to_river(played, deck)
    played.act(Check(), seat=0)
    played.act(Raise(1000), seat=1)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    assert played.show_queue == [1, 2, 0]
    for seat in (1, 2, 0):
        assert played.actor == seat
        played.act(Show(), seat=seat)
    assert shown(played) == [1, 2, 0]


@pytest.mark.rules("tda-2022 R17-A", "pokerstars-live 5.3")
def test_bulgaria_s28_river_checked_through_first_seat_left_of_the_button_shows_first() -> None:
    # Button seat 0; seat 2 bet the turn, but the river was checked: seat 1 shows first.
    played, deck = hand([BIG] * 3, button=0, blinds=(100, 200))
    limp_to_flop(played, deck)
    for _ in range(3):
        played.act(Check())
    deal_pending(played, deck)
    played.act(Check(), seat=1)
    played.act(Raise(400), seat=2)
    played.act(Call(), seat=0)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    for seat in (1, 2, 0):
        played.act(Check(), seat=seat)
    assert played.phase is Phase.SHOW
    assert played.show_queue == [1, 2, 0]
    assert played.actor == 1


@pytest.mark.rules(
    "tda-2022 R17-B",
    "pokerstars-live 5.3.1",
    "pokerstars-live 5.4",
    "pokerstars-live 5.4.1",
    "poland-pzp §40.2",
    "poland-pzp §45.4",
    "poland-pzp §47.1",
)
def test_bulgaria_s29_bettor_mucks_and_the_caller_wins_without_showing() -> None:
    # Heads-up, B (seat 1) is the button; B holds the better hand but mucks it.
    deck = deck_for(1, {0: "7c2d", 1: "AhAd"}, RAINBOW)
    played, deck = hand([BIG, BIG], button=1, blinds=(100, 200), deck=deck)
    play_to_river(played, deck)
    played.act(Check(), seat=0)
    played.act(Raise(1000), seat=1)
    played.act(Call(), seat=0)
    assert played.actor == 1
    played.act(Muck(), seat=1)
    assert played.is_over
    assert shown(played) == []
    assert [(a.amount, a.shares) for a in awards(played)] == [(2400, ((0, 2400),))]
    assert played.stacks == [BIG + 1200, BIG - 1200]


@pytest.mark.rules("tda-2022 R47-A", "pokerstars-live 4.14")
def test_bulgaria_d06_short_all_in_1400_over_a_1000_bet_lets_the_bettor_only_call_400() -> None:
    # A seat 0 (SB), B seat 1 (BB, 1,400 left after the flop), C seat 2 (button).
    played, deck = hand([BIG, 1600, BIG], button=2, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(1000), seat=0)
    played.act(Raise(1400), seat=1)
    assert played.events[-1] == Acted(1, "raise", 1400, True)
    assert played.legal_options().can_raise  # C has not acted yet
    played.act(Call(), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 400, False)
    assert options.fold
    assert options.no_raise is not None
    assert options.no_raise.key == "not-reopened"
    with pytest.raises(IllegalActionError):
        played.act(Raise(2400), seat=0)
    played.act(Call(), seat=0)
    assert played.street == 2


@pytest.mark.rules("tda-2022 R20-A", "pokerstars-live 3.4")
def test_bulgaria_d10_flop_game_odd_100_chip_to_the_first_tied_winner_left_of_the_button() -> None:
    # Blinds 100-200, smallest chip 100; button seat 1, SB 2, BB 3. Seat 0 raises to 700, the
    # button and the SB fold, the BB calls: pot 1,500, tied on a royal board.
    deck = deck_for(1, dict(enumerate(JUNK[:4])), ROYAL)
    played, deck = hand([BIG] * 4, button=1, blinds=(100, 200), smallest_chip=100, deck=deck)
    played.act(Raise(700), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)
    played.act(Call(), seat=3)
    finish(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (1500, (0, 3))
    assert award.shares == ((0, 700), (3, 800))  # seat 3 comes first clockwise from seat 1


@pytest.mark.rules("tda-2022 R20-C", "pokerstars-live 3.4")
def test_bulgaria_d11_omaha_hi_lo_pot_1500_high_800_low_700() -> None:
    # PLO8, blinds 100-200, smallest chip 100; button seat 1. Seat 0 (kings) raises the pot to
    # 700, seats 1 and 2 fold, seat 3 (the low) calls: pot 1,500.
    holes = {0: KINGS, 1: "JcJdTcTd", 2: "5c5d6h6d", 3: LOW}
    deck = deck_for(1, holes, OMAHA_BOARD)
    played, deck = hand(
        [BIG] * 4, game="PO/8", button=1, blinds=(100, 200), smallest_chip=100, deck=deck
    )
    assert bounds(played) == (0, 200, 400, 700)
    played.act(Raise(700), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)
    played.act(Call(), seat=3)
    finish(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners, award.low_winners) == (1500, (0,), (3,))
    # Seat 3 sits first left of the button, yet the odd chip goes to the high half.
    assert award.shares == ((0, 800), (3, 700))


@pytest.mark.rules("tda-2022 R20-A", "tda-2022 R20-C", "pokerstars-live 3.4")
def test_bulgaria_d12_omaha_hi_lo_two_tied_lows_share_700_odd_chip_left_of_the_button() -> None:
    # PLO8 three-handed, blinds 100-200, smallest chip 100; button seat 0 raises to 500 and both
    # blinds call: pot 1,500. Seat 1 has the high; seats 0 and 2 tie for the low.
    deck = deck_for(0, {0: LOW, 1: KINGS, 2: SAME_LOW}, OMAHA_BOARD)
    played, deck = hand(
        [BIG] * 3, game="PO/8", button=0, blinds=(100, 200), smallest_chip=100, deck=deck
    )
    played.act(Raise(500), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    finish(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners, award.low_winners) == (1500, (1,), (0, 2))
    # Low half 700: 300 each, the odd 100 to seat 2, the tied low nearest left of the button.
    assert award.shares == ((0, 300), (1, 800), (2, 400))


@pytest.mark.rules("tda-2022 R20-B", "pokerstars-live 3.4")
def test_bulgaria_d13_stud_tie_odd_chip_to_the_highest_card_by_suit() -> None:
    # Seats 0 and 1 both make K-Q-J-9-7; seat 1's king of diamonds beats seat 0's king of clubs.
    # Seat 2 (2c door) brings in for 5 and folds to the completion: pot 25, one odd chip.
    played, deck = stud_hand("KcQd9s7c5d3hJh", "KdQc9h7d5c3sJs", "4h4d2c")
    played.act(BringIn(), seat=2)
    played.act(Raise(10), seat=0)
    played.act(Call(), seat=1)
    played.act(Fold(), seat=2)
    stud_to_showdown(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (25, (0, 1))
    assert award.shares == ((0, 12), (1, 13))  # seat 0 is first left of the button: not used


@pytest.mark.rules("pokerstars-live 3.11")
def test_bulgaria_3_11_clock_expiry_folds_even_when_a_check_is_possible() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200), rules=PROFILES["pokerstars-live"])
    limp_to_flop(played, deck)
    assert played.legal_options().check
    stacks = list(played.stacks)
    acted = played.expire_clock()[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "pokerstars-live 3.11"
    assert played.folded[0]
    assert played.live == [1, 2]
    assert played.stacks == stacks
    assert played.actor == 1


@pytest.mark.rules("pokerstars-live 4.7")
def test_bulgaria_4_7_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    assert out_of_turn_refusal("pokerstars-live") == "pokerstars-live 4.7"
