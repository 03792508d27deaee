"""Positions (TDA R32, R34, D2; blinds, dead blinds, short blinds), the showdown (R17), odd chips
(R20, R21, D6-D8), uncalled bets and refusals. Blinds 5-10 unless stated."""

from __future__ import annotations

import pytest
from tables import check_down, hand, limp_to_flop, stacked

from floorman.cards import Card
from floorman.cards.deck import Deck
from floorman.engine import (
    AnteMode,
    Call,
    Check,
    DealBoard,
    Fold,
    Hand,
    Muck,
    Phase,
    Raise,
    Show,
    public_view,
)
from floorman.engine.actions import Action
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HandsTabled,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
    StreetClosed,
)
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.rules.profiles import PROFILES

BIG = 1000
ROYAL = "As Ks Qs Js Ts"


def forced(played: Hand) -> list[ForcedBetPosted]:
    return [e for e in played.events if isinstance(e, ForcedBetPosted)]


def dealt_order(played: Hand) -> list[int]:
    return [e.seat for e in played.events if isinstance(e, HoleDealt)]


def awards(played: Hand) -> list[PotAwarded]:
    return [e for e in played.events if isinstance(e, PotAwarded)]


def shown(played: Hand) -> list[int]:
    return [e.seat for e in played.events if isinstance(e, Shown)]


def play_to_river(played: Hand, deck: Deck) -> None:
    """Limp and check to the river; the river betting is open."""
    if played.street == 0:
        limp_to_flop(played, deck)
    while played.street < 3:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        else:
            played.act(Check())
    deal_pending(played, deck)
    assert played.phase is Phase.BET


# --- heads-up: TDA R34, D2 -----------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R34",
    "pokerstars-live 3.1.2",
    "redcactus 34",
    "belarus-sport 5.6.2",
    "poland-pzp §35.1",
)
def test_tda_r34_d2_heads_up_button_posts_small_blind_gets_last_card_acts_first_then_last() -> None:
    deck = stacked("AsKs", "QhQd", board="2c 7d 9h Jc 3s")
    played, deck = hand([BIG, BIG], button=1, blinds=(5, 10), deck=deck)
    assert played.config.blind_seats() == (1, 0)
    assert [(e.seat, e.bet, e.amount) for e in forced(played)] == [
        (1, "small-blind", 5),
        (0, "big-blind", 10),
    ]
    # Dealing starts left of the button, so the button's hand is completed by the last card.
    assert dealt_order(played) == [0, 1]
    assert played.holes[0] == [Card("As"), Card("Ks")]
    assert played.holes[1] == [Card("Qh"), Card("Qd")]
    # Preflop the button acts first, the big blind has the option.
    assert played.actor == 1
    assert played.legal_options().call == 5
    played.act(Call(), seat=1)
    options = played.legal_options()
    assert (options.actor, options.check) == (0, True)
    played.act(Check(), seat=0)
    # After the flop the big blind acts first and the button last, on every street.
    for street in (1, 2, 3):
        deal_pending(played, deck)
        assert played.street == street
        assert played.actor == 0
        with pytest.raises(OutOfTurnError):
            played.act(Check(), seat=1)
        played.act(Check(), seat=0)
        assert played.actor == 1
        played.act(Check(), seat=1)
    assert played.phase is Phase.SHOW


@pytest.mark.rules("tda-2022 R34", "poland-pzp §35.1")
def test_tda_r34_d2_heads_up_with_a_dead_button_keeps_the_heads_up_order() -> None:
    # Two players left and the button on the empty seat between them (seat 1). Either the table
    # is refused (R34: heads-up the button is placed so that the button is the small blind), or
    # the small blind plays as the button: he gets the last card, acts first preflop, and the big
    # blind acts first after the flop (D2).
    try:
        played, deck = hand([BIG, None, BIG], button=1, blinds=(5, 10))
    except MalformedInputError:
        return
    small, big = played.config.blind_seats()
    assert (small, big) == (2, 0)
    assert dealt_order(played)[-1] == small
    assert played.actor == small
    limp_to_flop(played, deck)
    assert played.actor == big


# --- blinds with three or more players -----------------------------------------------------------


@pytest.mark.rules(
    "redcactus Déroulement d'un tour de jeu",
    "redcactus Les blinds",
    "belarus-sport 4.1-blind",
    "belarus-sport 4.1-button",
    "belarus-sport 4.1-position",
    "belarus-sport 5.4.1",
    "belarus-sport 5.6.1",
    "belarus-sport 5.6.2",
    "belarus-sport 5.6.4",
)
@pytest.mark.parametrize(
    ("button", "small", "big", "first"),
    [(5, 0, 1, 2), (2, 3, 4, 5), (4, 5, 0, 1), (0, 1, 2, 3)],
)
def test_blinds_are_the_two_seats_left_of_the_button(
    button: int, small: int, big: int, first: int
) -> None:
    played, deck = hand([BIG] * 6, button=button, blinds=(5, 10))
    assert played.config.blind_seats() == (small, big)
    assert [(e.seat, e.bet, e.amount) for e in forced(played)] == [
        (small, "small-blind", 5),
        (big, "big-blind", 10),
    ]
    assert dealt_order(played)[0] == small
    assert dealt_order(played)[-1] == button
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (first, 10, 20)
    limp_to_flop(played, deck)
    assert played.actor == small  # first live seat left of the button after the flop


@pytest.mark.rules("belarus-sport 4.1-button")
def test_three_handed_the_button_acts_first_preflop() -> None:
    played, deck = hand([BIG] * 3, button=0, blinds=(5, 10))
    assert played.config.blind_seats() == (1, 2)
    assert played.actor == 0
    limp_to_flop(played, deck)
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R32", "redcactus 32")
def test_dead_small_blind_posts_nothing_and_action_starts_left_of_the_big_blind() -> None:
    played, deck = hand([BIG] * 5, button=0, blinds=(5, 10), dead_small_blind=True)
    assert played.config.blind_seats() == (None, 2)
    assert [(e.seat, e.bet, e.amount) for e in forced(played)] == [(2, "big-blind", 10)]
    assert played.stacks == [BIG, BIG, BIG - 10, BIG, BIG]
    assert played.actor == 3
    for seat in (3, 4, 0):
        played.act(Call(), seat=seat)
    # The player in the small-blind seat posted nothing: he owes the whole big blind.
    options = played.legal_options()
    assert (options.actor, options.call) == (1, 10)
    played.act(Call(), seat=1)
    options = played.legal_options()
    assert (options.actor, options.check) == (2, True)
    played.act(Check(), seat=2)
    assert played.pot == 50
    deal_pending(played, deck)
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R32", "redcactus 32", "belarus-sport 4.1-position")
def test_tda_r32_dead_button_on_an_empty_seat() -> None:
    played, deck = hand([BIG, None, BIG, BIG], button=1, blinds=(5, 10))
    assert played.config.blind_seats() == (2, 3)
    assert [(e.seat, e.bet) for e in forced(played)] == [(2, "small-blind"), (3, "big-blind")]
    assert dealt_order(played) == [2, 3, 0]
    assert played.holes[1] == []
    assert played.actor == 0
    limp_to_flop(played, deck)
    assert played.actor == 2
    check_down(played, deck)
    auto_showdown(played)
    assert played.is_over
    ended = played.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.stacks[1] is None


@pytest.mark.rules("tda-2022 R32", "tda-2022 R17-A", "tda-2022 R20-A", "redcactus 32")
def test_tda_r32_dead_button_show_order_and_odd_chip_start_left_of_the_empty_seat() -> None:
    # Seat 1 is the empty button seat: SB seat 2, BB seat 3, seat 0 first. Deal order 2, 3, 0.
    deck = stacked("2c3d", "4c5d", "6c7d", board=ROYAL)
    played, deck = hand([BIG, None, BIG, BIG], button=1, blinds=(5, 10), deck=deck)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=2)  # the pot is 25
    played.act(Check(), seat=3)
    check_down(played, deck)
    assert played.phase is Phase.SHOW
    assert played.show_queue == [3, 0]
    auto_showdown(played)
    assert played.is_over
    [award] = awards(played)
    assert award.amount == 25
    assert award.shares == ((0, 12), (3, 13))


# --- short blinds and walks ----------------------------------------------------------------------


@pytest.mark.rules("belarus-sport II-¶2", "belarus-sport 4.9.8", "belarus-sport 5.9.1")
def test_short_big_blind_all_in_next_player_calls_the_full_big_blind() -> None:
    # Button 0, SB 1, BB 2 all-in for 6 of the 10; deal order 1, 2, 3, 0.
    deck = stacked("7c2d", "AhAd", "KhKd", "8c3d", board="Qs 9s 5c 4h 2s")
    played, deck = hand([BIG, BIG, 6, BIG], button=0, blinds=(5, 10), deck=deck)
    assert forced(played)[-1] == ForcedBetPosted(2, "big-blind", 6, True)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 10, 20)
    played.act(Call(), seat=3)
    assert played.bets[3] == 10
    played.act(Call(), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call) == (1, 5)
    played.act(Call(), seat=1)
    assert played.street == 1  # the all-in big blind has no option
    check_down(played, deck)
    assert played.is_over
    pots = awards(played)
    assert [(a.amount, a.eligible, a.shares) for a in pots] == [
        (12, (0, 1, 3), ((3, 12),)),
        (24, (0, 1, 2, 3), ((2, 24),)),
    ]
    assert played.stacks == [BIG - 10, BIG - 10, 24, BIG + 2]


@pytest.mark.rules(
    "tda-2022 R15-B",
    "belarus-sport 4.1-fold",
    "belarus-sport 4.1-stack",
    "belarus-sport 4.1-hand",
    "belarus-sport 5.9.1",
)
def test_walk_big_blind_wins_the_small_blind_and_gets_his_uncalled_part_back() -> None:
    played, _ = hand([BIG] * 4, button=0, blinds=(5, 10))
    played.act(Fold(), seat=3)
    played.act(Fold(), seat=0)
    events = played.act(Fold(), seat=1)
    assert played.is_over
    assert BetReturned(2, 5) in events
    assert [(a.amount, a.shares) for a in awards(played)] == [(10, ((2, 10),))]
    assert shown(played) == []
    assert played.stacks == [BIG, BIG - 5, BIG + 5, BIG]


def test_walk_to_a_short_big_blind_returns_only_his_unmatched_chip() -> None:
    played, _ = hand([BIG, BIG, 6, BIG], button=0, blinds=(5, 10))
    played.act(Fold(), seat=3)
    played.act(Fold(), seat=0)
    events = played.act(Fold(), seat=1)
    assert BetReturned(2, 1) in events
    assert played.stacks == [BIG, BIG - 5, 11, BIG]


@pytest.mark.rules("tda-2022 RP-11")
def test_tda_rp11_big_blind_ante_comes_first_so_a_short_big_blind_is_short_on_the_blind() -> None:
    # Button 0, SB 1, BB 2; the big blind antes 10 for the table. With 15 chips the ante is
    # paid in full and only 5 are left for the blind; the next player still calls the full 10.
    for stack, blind, all_in in ((BIG, 10, False), (15, 5, True)):
        played, _ = hand(
            [BIG, BIG, stack, BIG],
            button=0,
            blinds=(5, 10),
            ante=10,
            ante_mode=AnteMode.BIG_BLIND,
        )
        assert [(e.seat, e.bet, e.amount, e.all_in) for e in forced(played)] == [
            (2, "big-blind-ante", 10, False),
            (1, "small-blind", 5, False),
            (2, "big-blind", blind, all_in),
        ]
        assert played.dead_money == 10
        options = played.legal_options()
        assert (options.actor, options.call, options.min_to) == (3, 10, 20)


@pytest.mark.rules("redcactus Big Blind Ante")
def test_france_big_blind_ante_a_short_big_blind_pays_the_blind_first() -> None:
    # The same table under RedCactus: 15 chips pay the full blind of 10, then 5 of the ante.
    played, _ = hand(
        [BIG, BIG, 15, BIG],
        button=0,
        blinds=(5, 10),
        ante=10,
        ante_mode=AnteMode.BIG_BLIND,
        rules=PROFILES["redcactus"],
    )
    assert [(e.seat, e.bet, e.amount, e.all_in) for e in forced(played)] == [
        (1, "small-blind", 5, False),
        (2, "big-blind", 10, False),
        (2, "big-blind-ante", 5, True),
    ]
    assert played.dead_money == 5
    assert played.blind_shortfall == 0
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 10, 20)


# --- show order: TDA R17 -------------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R17-A",
    "redcactus 17",
    "belarus-sport 4.1-showdown",
    "belarus-sport 5.9.1",
    "belarus-sport 5.9.2",
)
def test_tda_r17a_river_bettor_shows_first() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    play_to_river(played, deck)
    played.act(Check(), seat=0)
    played.act(Raise(100), seat=1)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    assert played.phase is Phase.SHOW
    assert played.actor == 1
    assert played.show_queue == [1, 2, 0]
    played.act(Show(), seat=1)
    assert played.actor == 2
    played.act(Show(), seat=2)
    assert played.actor == 0
    played.act(Show(), seat=0)
    assert played.is_over
    assert shown(played) == [1, 2, 0]


@pytest.mark.rules("tda-2022 R17-A", "redcactus 17")
def test_tda_r17a_a_spontaneous_show_out_of_order_keeps_the_order_for_the_rest() -> None:
    # R17-A: the order applies "if cards are not tabled or discarded spontaneously".
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    play_to_river(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    assert played.actor == 0
    played.act(Show(), seat=2)
    assert played.actor == 0
    assert played.show_queue == [0, 1]
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Show(), seat=2)  # already shown
    assert str(refusal.value.ruling.rule) == "tda-2022 R17"
    auto_showdown(played)
    assert played.is_over
    assert shown(played) == [2, 0, 1]


@pytest.mark.rules("tda-2022 R17-A", "belarus-sport 5.9.2")
def test_tda_r17a_last_river_raiser_shows_first() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    play_to_river(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Raise(300), seat=1)
    played.act(Fold(), seat=2)
    played.act(Call(), seat=0)
    assert played.phase is Phase.SHOW
    assert played.actor == 1
    assert played.show_queue == [1, 0]


@pytest.mark.rules("tda-2022 R17-A", "belarus-sport 5.9.2")
def test_tda_r17a_no_river_bet_first_live_seat_left_of_the_button_shows_first() -> None:
    # Button 0: seat 1 is first left of the button; the flop bettor (seat 2) does not show first
    # because the bet was not on the final round.
    played, deck = hand([BIG] * 3, button=0, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Check(), seat=1)
    played.act(Raise(50), seat=2)
    played.act(Call(), seat=0)
    played.act(Call(), seat=1)
    check_down(played, deck)
    assert played.phase is Phase.SHOW
    assert played.show_queue == [1, 2, 0]
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R17-A", "redcactus 17")
def test_tda_r17a_no_river_bet_skips_a_folded_seat_left_of_the_button() -> None:
    played, deck = hand([BIG] * 4, button=0, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Raise(10), seat=1)
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=0)
    check_down(played, deck)
    assert played.phase is Phase.SHOW
    assert played.actor == 1
    assert played.show_queue == [1, 2, 3]


@pytest.mark.rules(
    "tda-2022 R17-B",
    "pokerstars-live 5.3.1",
    "poland-pzp §40.2",
    "poland-pzp §45.4",
    "poland-pzp §47.1",
)
def test_tda_r17b_mucking_concedes_and_the_last_live_hand_wins_unshown() -> None:
    deck = stacked("AhAd", "2c7d", "KhKd", board="Qs 9s 5c 4h 3s")
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    played.act(Call(), seat=2)
    played.act(Fold(), seat=0)
    played.act(Check(), seat=1)
    play_to_river(played, deck)
    played.act(Raise(100), seat=1)
    played.act(Call(), seat=2)
    assert played.actor == 1
    events = played.act(Muck(), seat=1)
    assert Mucked(1) in events
    assert played.is_over
    assert shown(played) == []
    assert [(a.amount, a.shares) for a in awards(played)] == [(225, ((2, 225),))]
    assert played.stacks == [BIG - 5, BIG - 110, BIG + 115]


@pytest.mark.rules("tda-2022 R17-B", "belarus-sport 5.9.2", "poland-pzp §47.1", "poland-pzp §47.2")
def test_tda_r17b_a_muck_in_a_three_way_showdown_leaves_the_others_to_show() -> None:
    # Seat 0 holds the best hand; seat 1 shows first (first left of the button), seat 2 mucks.
    deck = stacked("AhAd", "KhKd", "2c7d", board="Qs 9s 5c 4h 3s")
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    play_to_river(played, deck)
    played.act(Check(), seat=0)
    played.act(Check(), seat=1)
    played.act(Check(), seat=2)
    assert played.show_queue == [0, 1, 2]
    played.act(Show(), seat=0)
    played.act(Muck(), seat=1)
    assert not played.is_over
    assert played.actor == 2
    played.act(Muck(), seat=2)
    assert played.is_over
    assert shown(played) == [0]
    assert [a.shares for a in awards(played)] == [((0, 30),)]


# --- cards speak, tabled hands, playing the board: TDA R12, R13-C, R19 ---------------------------


@pytest.mark.rules(
    "tda-2022 R12", "pokerstars-live 5.1", "redcactus 12", "poland-pzp §20.1", "poland-pzp §46.1"
)
def test_tda_r12_cards_speak_the_engine_reads_every_shown_hand() -> None:
    # Seat 1's 7-2 of spades makes a flush on the board; the aces and the kings show first.
    deck = stacked("AhAd", "7s2s", "KhKd", board="Qs 9s 5c 4h 3s")
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    play_to_river(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    assert played.show_queue == [0, 1, 2]
    for seat in (0, 1, 2):
        played.act(Show(), seat=seat)
    assert played.is_over
    [award] = awards(played)
    assert (award.amount, award.high_winners, award.shares) == (330, (1,), ((1, 330),))
    assert played.stacks == [BIG - 110, BIG + 220, BIG - 110]


@pytest.mark.rules("tda-2022 R13-C")
def test_tda_r13_c_a_shown_winning_hand_cannot_be_mucked_and_takes_the_pot() -> None:
    deck = stacked("AhAd", "KhKd", "7c2d", board="Qs 9s 5c 4h 3s")
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    check_down(played, deck)
    assert played.show_queue == [0, 1, 2]
    played.act(Show(), seat=0)
    before = list(played.events)
    with pytest.raises(IllegalActionError):
        played.act(Muck(), seat=0)
    assert played.events == before
    assert not played.mucked[0]
    played.act(Show(), seat=1)
    played.act(Muck(), seat=2)
    assert played.is_over
    assert shown(played) == [0, 1]
    [award] = awards(played)
    assert (award.high_winners, award.shares) == ((0,), ((0, 30),))


@pytest.mark.rules(
    "tda-2022 R19",
    "pokerstars-live 5.4",
    "pokerstars-live 5.4.1",
    "redcactus 19",
    "poland-pzp §40.1",
    "poland-pzp §47.1",
)
def test_tda_r19_playing_the_board_shares_only_by_tabling_every_hole_card() -> None:
    # Heads-up on a royal board, button 1: seat 0 (the big blind) shows first.
    for second in (Show(), Muck()):
        deck = stacked("2c3d", "4c5d", board=ROYAL)
        played, deck = hand([BIG, BIG], button=1, blinds=(5, 10), deck=deck)
        check_down(played, deck)
        assert played.show_queue == [0, 1]
        with pytest.raises(MalformedInputError):
            played.act(Show((Card("2c"),)), seat=0)  # one card of two is not a tabled hand
        events = played.act(Show(), seat=0)
        assert Shown(0, (Card("2c"), Card("3d"))) in events
        played.act(second, seat=1)
        assert played.is_over
        [award] = awards(played)
        if isinstance(second, Show):
            assert Shown(1, (Card("4c"), Card("5d"))) in played.events
            assert award.shares == ((0, 10), (1, 10))
        else:
            assert award.shares == ((0, 20),)


# --- odd chips: TDA R20, R21 (D6, D7, D8) --------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R20-A",
    "redcactus 20",
    "belarus-sport 5.9.3",
    "belarus-sport 5.6.6",
    "poland-pzp §3a",
)
def test_tda_d6_r20a_odd_chip_goes_to_the_first_winner_clockwise_from_the_button() -> None:
    # Button 1, SB 2, BB 3, seat 0 first. Deal order 2, 3, 0, 1.
    deck = stacked("2c3d", "4c5d", "6c7d", "8c9d", board=ROYAL)
    played, deck = hand([BIG] * 4, button=1, blinds=(5, 10), deck=deck)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)  # the small blind's 5 stays in: the pot is 25
    played.act(Check(), seat=3)
    check_down(played, deck)
    auto_showdown(played)
    assert played.is_over
    [award] = awards(played)
    assert award.amount == 25
    assert award.high_winners == (0, 3)
    # Seat 3 comes before seat 0 going clockwise from the button (seat 1).
    assert award.shares == ((0, 12), (3, 13))
    assert played.stacks == [BIG + 2, BIG, BIG - 5, BIG + 3]


@pytest.mark.rules("tda-2022 R20-A", "redcactus 20", "belarus-sport 5.9.3", "poland-pzp §3a")
def test_tda_d6_r20a_odd_chip_wraps_past_the_last_seat() -> None:
    # Button 2 of 3: seat 0 is first left of the button, ahead of seat 1.
    deck = stacked("2c3d", "4c5d", "6c7d", board=ROYAL)
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    played.act(Call(), seat=2)
    played.act(Fold(), seat=0)
    played.act(Check(), seat=1)
    check_down(played, deck)
    auto_showdown(played)
    [award] = awards(played)
    assert award.shares == ((1, 13), (2, 12))


@pytest.mark.rules(
    "tda-2022 R20-A",
    "redcactus 20",
    "belarus-sport 5.9.3",
    "belarus-sport 4.1-chip",
    "poland-pzp §3",
    "poland-pzp §3a",
)
def test_tda_r20_the_odd_chip_is_one_chip_of_the_smallest_denomination_in_play() -> None:
    # Blinds 25-50 with 25 as the smallest chip: a pot of 125 split two ways is 50 + 50 and one
    # odd 25 chip, which goes to seat 3, the first winner clockwise from the button (seat 1).
    deck = stacked("2c3d", "4c5d", "6c7d", "8c9d", board=ROYAL)
    played, deck = hand([BIG] * 4, button=1, blinds=(25, 50), smallest_chip=25, deck=deck)
    played.act(Call(), seat=0)
    played.act(Fold(), seat=1)
    played.act(Fold(), seat=2)
    played.act(Check(), seat=3)
    check_down(played, deck)
    auto_showdown(played)
    [award] = awards(played)
    assert (award.amount, award.shares) == (125, ((0, 50), (3, 75)))


@pytest.mark.rules(
    "tda-2022 R21",
    "tda-2022 R20-A",
    "pokerstars-live 3.10",
    "redcactus 21",
    "belarus-sport 5.9.3",
    "belarus-sport 4.1-side-pot",
    "poland-pzp §4.1",
    "poland-pzp §4.2",
    "poland-pzp §4.3",
    "poland-pzp §4.5",
)
def test_tda_d8_r21_each_side_pot_is_split_with_its_own_odd_chip() -> None:
    # Button 3, SB 0 (13 chips), BB 1. Seat 2 raises to 30, seat 3 calls, the SB is all-in for
    # 13, the BB calls 30 and folds on the flop; the others check it down on a royal board.
    deck = stacked("2c3d", "4c5d", "6c7d", "8c9d", board=ROYAL)
    played, deck = hand([13, BIG, BIG, BIG], button=3, blinds=(5, 10), deck=deck)
    played.act(Raise(30), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    assert played.events[-1] == Acted(0, "call", 13, True)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    played.act(Fold(), seat=1)
    check_down(played, deck)
    assert played.is_over
    pots = awards(played)
    # Main pot 13 x 4 = 52 among seats 0, 2, 3: 17 each and the odd chip to seat 0 (first left of
    # the button). Side pot 17 x 3 = 51 among seats 2 and 3: the odd chip to seat 2.
    assert [(a.amount, a.eligible, a.shares) for a in pots] == [
        (51, (2, 3), ((2, 26), (3, 25))),
        (52, (0, 2, 3), ((0, 18), (2, 17), (3, 17))),
    ]
    assert played.stacks == [18, BIG - 30, BIG + 13, BIG + 12]


def omaha_hi_lo(board: str) -> Hand:
    """FO/8, button 2: the button limps, the SB folds, the BB checks (pot 25); checked down.

    Seat 1 (BB) holds A-3 for the low; seat 2 (button) holds kings and queens for the high.
    """
    deck = stacked("JcJdTcTd", "Ac3d8s9c", "KsKcQhQs", board=board)
    played, deck = hand([BIG] * 3, game="FO/8", button=2, blinds=(5, 10), bets=(10, 20), deck=deck)
    played.act(Call(), seat=2)
    played.act(Fold(), seat=0)
    played.act(Check(), seat=1)
    check_down(played, deck)
    auto_showdown(played)
    assert played.is_over
    return played


@pytest.mark.rules("tda-2022 R20-C", "poland-pzp §3d")
def test_tda_d7_r20c_hi_lo_split_the_odd_chip_goes_to_the_high_hand() -> None:
    played = omaha_hi_lo("Kh Qd 7c 4s 2h")
    [award] = awards(played)
    assert (award.amount, award.high_winners, award.low_winners) == (25, (2,), (1,))
    # Left of the button would favour seat 1; R20-C gives the odd chip to the high hand.
    assert award.shares == ((1, 12), (2, 13))
    assert played.stacks == [BIG - 5, BIG + 2, BIG + 3]


@pytest.mark.rules("poland-pzp §3d")
def test_omaha_hi_lo_without_a_qualifying_low_the_high_hand_scoops() -> None:
    played = omaha_hi_lo("Kh Qd 9h Ts 2h")
    [award] = awards(played)
    assert (award.high_winners, award.low_winners) == ((2,), ())
    assert award.shares == ((2, 25),)
    assert played.stacks == [BIG - 5, BIG - 10, BIG + 15]


# --- burns: TDA R38 ------------------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R38",
    "redcactus Le flop",
    "redcactus La Turn",
    "redcactus La River",
    "belarus-sport 4.1-burn",
)
def test_tda_r38_one_card_is_burned_before_the_flop_the_turn_and_the_river() -> None:
    # The stacked deck puts one spare card before each street's board cards: burning more than
    # one would put a wrong card on the board.
    board = "2c 7d 9h Jc 3s"
    deck = stacked("AhAd", "KhKd", "QhQd", board=board)
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10), deck=deck)
    assert played.burns == []  # no burn before the hole cards
    limp_to_flop(played, deck)
    for street, cards in ((1, 3), (2, 4), (3, 5)):
        if street > 1:
            for _ in range(3):
                played.act(Check())
            deal_pending(played, deck)
        assert played.street == street
        assert len(played.burns) == street
        assert len(played.board) == cards
    assert played.board == [Card(c) for c in board.split()]
    dealt = [e for e in played.events if isinstance(e, BoardDealt)]
    assert [e.burn for e in dealt] == played.burns
    assert [len(e.cards) for e in dealt] == [3, 1, 1]


# --- the uncalled bet ----------------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R15-B",
    "belarus-sport II-¶2",
    "belarus-sport 5.9.1",
    "poland-pzp §45.4",
    "poland-pzp §48.2a",
)
def test_tda_r15b_uncalled_flop_bet_is_returned_when_everyone_folds() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Raise(50), seat=0)
    played.act(Fold(), seat=1)
    events = played.act(Fold(), seat=2)
    kinds = [type(e) for e in events]
    assert BetReturned(0, 50) in events
    assert kinds.index(BetReturned) < kinds.index(StreetClosed)
    assert [(a.amount, a.shares) for a in awards(played)] == [(30, ((0, 30),))]
    assert played.stacks == [BIG + 20, BIG - 10, BIG - 10]


@pytest.mark.rules("tda-2022 R15-B")
def test_tda_r15b_bet_above_a_short_all_in_call_is_returned_at_the_end_of_the_street() -> None:
    played, deck = hand([BIG, BIG, 60], button=2, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Raise(200), seat=0)
    played.act(Fold(), seat=1)
    events = played.act(Call(), seat=2)
    assert events[0] == Acted(2, "call", 50, True)
    assert BetReturned(0, 150) in events
    kinds = [type(e) for e in events]
    assert kinds.index(BetReturned) < kinds.index(StreetClosed) < kinds.index(HandsTabled)
    check_down(played, deck)
    assert played.is_over
    [award] = awards(played)
    assert award.amount == 130  # 3 x 10 preflop + 2 x 50 on the flop


@pytest.mark.rules("tda-2022 R15-B")
def test_tda_r15b_uncalled_raise_part_is_returned_on_the_turn() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    limp_to_flop(played, deck)
    for _ in range(3):
        played.act(Check())
    deal_pending(played, deck)
    assert played.street == 2
    played.act(Raise(40), seat=0)
    played.act(Raise(150), seat=1)
    played.act(Fold(), seat=2)
    events = played.act(Fold(), seat=0)
    assert BetReturned(1, 110) in events
    assert played.is_over
    assert played.stacks == [BIG - 50, BIG + 60, BIG - 10]


# --- refusals change nothing ---------------------------------------------------------------------


def snapshot(played: Hand) -> tuple[object, ...]:
    return (
        list(played.events),
        list(played.stacks),
        list(played.bets),
        list(played.paid),
        list(played.folded),
        played.phase,
        played.street,
        played.actor,
    )


@pytest.mark.rules("tda-2022 R50-A", "tda-2022 R55", "tda-2022 R43-A", "redcactus 41")
@pytest.mark.parametrize(
    ("action", "seat"),
    [
        (Check(), 1),  # facing a bet (R55)
        (Raise(60), 1),  # below the minimum raise (R43)
        (Raise(5000), 1),  # more than the stack
        (Call(), 2),  # out of turn (R50)
        (Fold(), 0),  # out of turn, the bettor himself
        (Show(), 1),  # no showdown yet
        (DealBoard((Card("2c"),)), None),  # no cards due now
    ],
)
def test_a_refused_action_changes_nothing(action: Action, seat: int | None) -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    limp_to_flop(played, deck)
    played.act(Raise(50), seat=0)
    before = snapshot(played)
    with pytest.raises(IllegalActionError):
        played.act(action, seat=seat)
    assert snapshot(played) == before
    # The hand goes on as if nothing happened.
    played.act(Call(), seat=1)
    assert played.actor == 2


def test_a_refused_showdown_action_changes_nothing() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(5, 10))
    play_to_river(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Fold(), seat=1)
    played.act(Call(), seat=2)
    played.act(Show(), seat=0)
    assert played.actor == 2
    before = snapshot(played)
    refused: list[tuple[Action, int | None]] = [
        (Show(), 1),  # folded: nothing to show
        (Muck(), 1),
        (Show(), 0),  # already shown
        (Call(), 2),  # no betting now
        (Check(), None),
    ]
    for action, seat in refused:
        with pytest.raises(IllegalActionError) as refusal:
            played.act(action, seat=seat)
        assert str(refusal.value.ruling.rule) in ("tda-2022 R17", "tda-2022 R50")
        assert snapshot(played) == before
    with pytest.raises(IllegalActionError):
        played.expire_clock()
    assert snapshot(played) == before
    played.act(Show(), seat=2)
    assert played.is_over


@pytest.mark.rules("redcactus 28")
def test_once_the_hand_is_over_no_card_is_dealt_and_no_action_is_taken() -> None:
    # Everyone folds to the big blind preflop: the flop that would have come is never dealt.
    played, _ = hand([BIG] * 3, button=2, blinds=(5, 10), rules=PROFILES["redcactus"])
    played.act(Fold(), seat=2)
    played.act(Fold(), seat=0)
    assert played.is_over
    assert played.deal_request() is None
    before = snapshot(played)
    flop = DealBoard((Card("2c"), Card("7d"), Card("9h")), burn=Card("3s"))
    for action in (flop, Call(), Check(), Raise(20), Show(), Muck()):
        with pytest.raises(IllegalActionError):
            played.act(action)
        assert snapshot(played) == before
    with pytest.raises(IllegalActionError):
        played.expire_clock()
    assert snapshot(played) == before
    assert played.board == []
    assert played.burns == []
    assert public_view(played).board == ()
