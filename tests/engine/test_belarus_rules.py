"""The Belarus sport-poker profile (BELARUS_SPORT): bet sizes in no-limit and pot-limit (4.7.2,
4.9.3, 4.9.5, 4.9.6), cap lifting heads-up in limit (4.7.3) and the clock (4.9.1), with the TDA
clock (R29, D1) for contrast; then blinds, the deal, burns, the order of play, declarations and
the showdown in hold'em and Omaha (4.1, 4.2, 4.8, 4.9.2, 5.4.1, 5.6, 5.7)."""

from __future__ import annotations

import pytest
from tables import check_down, hand, limp_to_flop, stacked

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import AnteMode, BringIn, Call, Check, Fold, Hand, Phase, Raise
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import (
    Acted,
    BetReturned,
    BettingOpened,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HoleDealt,
    PotAwarded,
)
from floorman.errors import IllegalActionError, OutOfTurnError
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022
from floorman.rules.ruleset import Ruleset

BIG = 100_000


def limit(
    stacks: list[int | None], *, button: int, rules: Ruleset = BELARUS_SPORT
) -> tuple[Hand, Deck]:
    return hand(stacks, game="FT", button=button, blinds=(5, 10), bets=(10, 20), rules=rules)


# --- 4.9.3 / 4.9.5 / 4.9.6: no-limit and pot-limit sizes -----------------------------------------


@pytest.mark.parametrize("game", ["NT", "PT"])
@pytest.mark.rules("belarus-sport 4.9.3", "belarus-sport 5.6.4")
def test_belarus_4_9_3_min_bet_is_the_big_blind(game: str) -> None:
    played, deck = hand([BIG] * 3, game=game, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    options = played.legal_options()
    assert (options.actor, options.check, options.min_to) == (0, True, 100)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(99), seat=0)
    assert refusal.value.ruling.key == "below-min-raise"
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"


@pytest.mark.rules(
    "belarus-sport 4.9.3",
    "belarus-sport 4.7.1",
    "belarus-sport 4.1-limit",
    "belarus-sport 4.1-stack",
)
def test_belarus_4_9_3_no_limit_max_bet_is_the_stack() -> None:
    played, deck = hand([5000, BIG, BIG], button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    options = played.legal_options()
    assert (options.actor, options.max_to) == (0, 4900)


@pytest.mark.rules("belarus-sport 4.9.5", "belarus-sport 4.1-raise", "belarus-sport 4.1-raise-size")
def test_belarus_4_9_5_raise_to_300_over_blinds_50_100_min_reraise_is_500() -> None:
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100), rules=BELARUS_SPORT)
    assert played.legal_options().min_to == 200
    played.act(Raise(300), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 300, 500)
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(499), seat=3)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"
    assert played.events == before
    played.act(Raise(500), seat=3)
    assert played.legal_options().min_to == 700


@pytest.mark.rules("belarus-sport 4.9.5", "belarus-sport 4.1-pot")
def test_belarus_4_9_5_pot_50_bet_50_min_raise_is_100() -> None:
    # Five players limp at blinds 5-10: the flop pot is 50; P1 bets 50, the min raise is to 100.
    played, deck = hand([BIG] * 5, button=4, blinds=(5, 10), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 50
    played.act(Raise(50), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (1, 50, 100)


@pytest.mark.rules("belarus-sport 4.9.5", "belarus-sport 4.1-pot")
def test_belarus_4_9_5_pot_1200_bet_900_min_raise_is_1800() -> None:
    # Four players limp at blinds 150-300: the flop pot is 1200; P1 bets 900.
    played, deck = hand([BIG] * 4, button=3, blinds=(150, 300), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 1200
    played.act(Raise(900), seat=0)
    assert played.legal_options().min_to == 1800


@pytest.mark.rules(
    "belarus-sport 4.7.2",
    "belarus-sport 4.9.3",
    "belarus-sport 4.9.6",
    "belarus-sport 4.1-limit",
)
def test_belarus_4_7_2_pot_limit_pot_100_max_bet_100_max_raise_400() -> None:
    # Heads-up, blinds 25-50: the button completes, the big blind checks; the flop pot is 100.
    played, deck = hand([BIG, BIG], game="PT", button=0, blinds=(25, 50), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 100
    options = played.legal_options()
    assert (options.actor, options.min_to, options.max_to) == (1, 50, 100)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(101), seat=1)
    assert refusal.value.ruling.key == "above-max-raise"
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.6"
    played.act(Raise(100), seat=1)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (0, 100, 200, 400)
    played.act(Raise(400), seat=0)
    assert played.events[-1] == Acted(0, "raise", 400, False)


@pytest.mark.rules("belarus-sport 4.9.6", "belarus-sport 4.7.2")
def test_belarus_4_9_6_pot_limit_preflop_raise_counts_the_call_of_the_big_blind() -> None:
    # Blinds 10-20: pot 30, call 20, then raise the pot of 50: to 70.
    played, _ = hand([BIG] * 4, game="PT", button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (2, 20, 40, 70)


@pytest.mark.rules(
    "belarus-sport 4.9.6",
    "belarus-sport 4.9.5",
    "belarus-sport 4.1-re-raise",
    "belarus-sport 4.1-stake",
)
def test_belarus_4_9_6_pot_80_bet_50_raise_180_reraise_min_310_max_670() -> None:
    # Four players limp at blinds 10-20: the flop pot is 80.
    played, deck = hand([BIG] * 4, game="PT", button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.pot == 80
    assert played.legal_options().max_to == 80
    played.act(Raise(50), seat=0)
    options = played.legal_options()
    assert (options.call, options.min_to, options.max_to) == (50, 100, 230)
    played.act(Raise(180), seat=1)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (2, 180, 310, 670)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(671), seat=2)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.6"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(309), seat=2)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.5"
    played.act(Raise(670), seat=2)
    assert played.bets[2] == 670


@pytest.mark.rules(
    "belarus-sport 4.9.8", "belarus-sport 4.1-all-in", "belarus-sport 4.7.3-raise-limits"
)
def test_belarus_4_9_8_pl_nl_all_in_below_a_full_raise_does_not_reopen() -> None:
    # Blinds 10-20: P1 bets 20, P2 raises to 60, P3 all-in 90 (60+30): P1 may raise; if P1
    # only calls, P2 may not raise.
    played, deck = hand([BIG, BIG, 110, BIG], button=3, blinds=(10, 20), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    played.act(Raise(20), seat=0)
    played.act(Raise(60), seat=1)
    played.act(Raise(90), seat=2)
    assert played.events[-1] == Acted(2, "raise", 90, True)
    played.act(Call(), seat=3)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise, options.min_to) == (0, 70, True, 130)
    played.act(Call(), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 30, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.9.8"


@pytest.mark.rules("belarus-sport 4.9.8")
def test_belarus_4_9_8_big_blind_short_all_in_next_player_puts_in_the_full_big_blind() -> None:
    played, _ = hand([BIG, BIG, 60, BIG], button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (3, 100, 200)


# --- 4.7.3: the limit cap is lifted heads-up, unless the round began with three or more ----------


@pytest.mark.rules("belarus-sport 4.7.3-cap")
def test_belarus_4_7_3_two_players_from_the_start_of_the_round_raise_without_limit() -> None:
    played, _ = limit([BIG, BIG], button=0)
    seat = 0
    for to in range(20, 90, 10):
        assert played.legal_options().min_to == to
        played.act(Raise(to), seat=seat)
        seat = 1 - seat
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 90
    played.act(Call(), seat=seat)
    assert played.paid == [80, 80]


@pytest.mark.rules("belarus-sport 4.7.3-cap", "belarus-sport 4.1-betting")
def test_belarus_4_7_3_round_begun_with_three_stays_capped_after_a_fold() -> None:
    played, _ = limit([BIG] * 3, button=2)
    played.act(Raise(20), seat=2)
    played.act(Fold(), seat=0)
    assert played.live == [1, 2]
    played.act(Raise(30), seat=1)
    played.act(Raise(40), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 10, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.7.3"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(50), seat=1)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.7.3"


@pytest.mark.rules("belarus-sport 4.7.3-cap")
def test_belarus_4_7_3_next_round_begins_heads_up_so_the_cap_is_lifted() -> None:
    played, deck = limit([BIG] * 3, button=2)
    played.act(Raise(20), seat=2)
    played.act(Fold(), seat=0)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    assert played.street == 1
    for to in range(10, 70, 10):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 70


@pytest.mark.rules("belarus-sport 4.7.3-cap")
def test_belarus_4_7_3_an_all_in_player_does_not_count_so_two_bettors_raise_without_limit() -> None:
    """Digest ambiguity 7: only players able to bet count; the all-in seat 2 does not."""
    played, deck = limit([BIG, BIG, 10], button=2)
    played.act(Call(), seat=2)  # all-in for the big blind
    played.act(Call(), seat=0)
    played.act(Check(), seat=1)
    deal_pending(played, deck)
    assert played.street == 1
    for to in range(10, 70, 10):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 70


@pytest.mark.rules("belarus-sport 4.7.3-cap")
def test_belarus_4_7_3_flop_begun_with_three_stays_capped_after_a_fold() -> None:
    played, deck = limit([BIG] * 3, button=2)
    limp_to_flop(played, deck)
    played.act(Raise(10), seat=0)
    played.act(Fold(), seat=1)
    played.act(Raise(20), seat=2)
    played.act(Raise(30), seat=0)
    played.act(Raise(40), seat=2)
    options = played.legal_options()
    assert (options.actor, options.can_raise) == (0, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "belarus-sport 4.7.3"


# --- the clock: Belarus 4.9.1 folds; TDA R29 (D1) checks when it can -----------------------------


@pytest.mark.rules("belarus-sport 4.9.1")
def test_belarus_4_9_1_clock_expiry_folds_even_when_a_check_is_possible() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    assert played.legal_options().check
    stacks = list(played.stacks)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "belarus-sport 4.9.1"
    assert played.folded[0]
    assert played.live == [1, 2]
    assert played.stacks == stacks
    assert played.actor == 1


@pytest.mark.rules("belarus-sport 4.9.1")
def test_belarus_4_9_1_clock_expiry_big_blind_with_the_option_folds() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    assert played.legal_options().check
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "fold")
    # The round is over with two players left: the flop comes next.
    assert played.phase is Phase.DEAL
    assert played.street == 1


@pytest.mark.rules("belarus-sport 4.9.1")
def test_belarus_4_9_1_clock_expiry_facing_a_bet_folds_and_ends_the_hand() -> None:
    played, _ = hand([BIG, BIG], button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Raise(300), seat=0)
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "fold")
    assert BetReturned(0, 200) in events
    assert played.is_over
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [a.shares for a in awards] == [((0, 200),)]
    assert played.stacks == [BIG + 100, BIG - 100]


@pytest.mark.rules("tda-2022 R29")
def test_tda_d1_r29_clock_expiry_not_facing_a_bet_checks() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    limp_to_flop(played, deck)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "check")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "tda-2022 R29"
    assert not played.folded[0]
    assert played.live == [0, 1, 2]
    assert played.actor == 1


@pytest.mark.rules("tda-2022 R29")
def test_tda_d1_r29_clock_expiry_facing_a_bet_folds() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    stacks = list(played.stacks)
    events = played.expire_clock()
    acted = events[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (1, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "tda-2022 R29"
    assert played.folded[1]
    assert played.stacks == stacks
    assert played.actor == 2


@pytest.mark.rules("tda-2022 R29")
def test_tda_r29_clock_expiry_preflop_big_blind_option_checks() -> None:
    played, _ = hand([BIG] * 3, button=2, blinds=(50, 100), rules=TDA_2022)
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    events = played.expire_clock()
    assert isinstance(events[0], Acted)
    assert (events[0].seat, events[0].action) == (1, "check")
    assert played.live == [0, 1, 2]
    assert played.street == 1


def test_clock_expiry_with_nobody_to_act_is_refused() -> None:
    played, _ = hand([BIG] * 2, button=0, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Fold(), seat=0)
    assert played.is_over
    before = list(played.events)
    with pytest.raises(IllegalActionError):
        played.expire_clock()
    assert played.events == before


@pytest.mark.parametrize("rules", [TDA_2022, BELARUS_SPORT], ids=["tda", "belarus"])
def test_clock_expiry_never_moves_chips(rules: Ruleset) -> None:
    played, deck = hand([BIG] * 4, button=3, blinds=(50, 100), rules=rules)
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    paid = list(played.paid)
    stacks = list(played.stacks)
    played.expire_clock()
    played.expire_clock()
    assert played.paid == paid
    assert played.stacks == stacks
    assert played.actor == 3
    played.act(Check() if played.legal_options().check else Call(), seat=3)


# --- hold'em and Omaha: blinds, the deal, the order of play, burns and the showdown --------------


@pytest.mark.rules(
    "belarus-sport 4.1-blind",
    "belarus-sport 4.1-deal",
    "belarus-sport 5.4.1",
    "belarus-sport 5.6.1",
    "belarus-sport 5.6.2",
)
def test_belarus_5_6_1_blinds_then_two_down_cards_one_per_pass_from_the_small_blind() -> None:
    # Button seat 3: seat 0 posts the small blind, seat 1 the big blind, seat 2 speaks first.
    holes = ("AsKs", "QhQd", "JcJd", "Tc9c")
    deck = stacked(*holes, board="2c 7d 9h Jh 3s")
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100), rules=BELARUS_SPORT, deck=deck)
    # The blinds go in before any card; then two cards each, face down, without a burn. The
    # stacked deck gives everyone his first card before anyone gets a second.
    assert played.events[:6] == [
        ForcedBetPosted(0, "small-blind", 50, False),
        ForcedBetPosted(1, "big-blind", 100, False),
        *(HoleDealt(seat, parse_cards(cards), None) for seat, cards in enumerate(holes)),
    ]
    assert played.up == [[False, False]] * 4
    options = played.legal_options()
    assert (options.actor, options.fold, options.check) == (2, True, False)
    assert (options.call, options.min_to) == (100, 200)


@pytest.mark.rules(
    "belarus-sport 4.1-blind",
    "belarus-sport 4.1-button",
    "belarus-sport 4.1-betting",
    "belarus-sport 4.1-stake",
    "belarus-sport 4.7.3-raise-limits",
    "belarus-sport 4.9.2",
    "belarus-sport 5.6.3",
    "belarus-sport 5.6.4",
)
def test_belarus_5_6_4_big_blind_speaks_last_preflop_then_first_seat_left_of_the_button() -> None:
    played, deck = hand([BIG] * 4, button=3, blinds=(50, 100), rules=BELARUS_SPORT)
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=0)
    # Nobody raised: the big blind has the last word and may check.
    options = played.legal_options()
    assert (options.actor, options.check, options.call) == (1, True, None)
    played.act(Check(), seat=1)
    assert (played.phase, played.street) == (Phase.DEAL, 1)
    # The round is over: nobody may raise in it any more.
    before = list(played.events)
    with pytest.raises(IllegalActionError):
        played.act(Raise(300), seat=1)
    assert played.events == before
    deal_pending(played, deck)
    # Each round's wagers start afresh; the folded small blind's 50 stays in the pot.
    assert played.bets == [0, 0, 0, 0]
    assert played.paid == [50, 100, 100, 100]
    # The first player still in after the button opens the flop, and may check or bet.
    options = played.legal_options()
    assert (options.actor, options.check, options.call, options.min_to) == (1, True, None, 100)


@pytest.mark.rules(
    "belarus-sport 4.1-burn",
    "belarus-sport 4.1-board",
    "belarus-sport 4.1-flop",
    "belarus-sport 4.1-turn",
    "belarus-sport 4.1-river",
    "belarus-sport 4.1-betting-round",
    "belarus-sport 5.6.3",
    "belarus-sport 5.6.5",
)
def test_belarus_4_1_burn_one_card_before_each_board_deal() -> None:
    deck = stacked("AhKd", "7c2d", "9s9c", board="Ac Kc 4h 4s Js")
    order = list(deck.remaining)
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT, deck=deck)
    check_down(played, deck)
    assert played.phase is Phase.SHOW
    boards = [e for e in played.events if isinstance(e, BoardDealt)]
    # The hole cards take the first six cards; then the top card is burned before the flop, the
    # turn and the river.
    burns = [order[6], order[10], order[12]]
    assert [len(b.cards) for b in boards] == [3, 1, 1]
    assert [b.burn for b in boards] == burns
    assert [c for b in boards for c in b.cards] == list(parse_cards("Ac Kc 4h 4s Js"))
    assert played.board == list(parse_cards("Ac Kc 4h 4s Js"))
    # The hand began without a burn.
    assert all(e.burn is None for e in played.events if isinstance(e, HoleDealt))
    # A betting round follows the deal, the flop, the turn and the river.
    assert [e.street for e in played.events if isinstance(e, BettingOpened)] == [0, 1, 2, 3]
    for board in boards:
        assert isinstance(played.events[played.events.index(board) + 1], BettingOpened)
    # The burns stay apart, off the board and out of every hand, until the hand is over.
    auto_showdown(played)
    assert played.is_over
    assert played.burns == burns
    assert not set(burns) & {c for cards in played.holes for c in cards}


@pytest.mark.rules(
    "belarus-sport II-¶2",
    "belarus-sport 4.1-showdown",
    "belarus-sport 4.1-hand",
    "belarus-sport 5.6.5",
    "belarus-sport 5.9.1",
    "belarus-sport 5.9.2",
)
def test_belarus_5_6_5_best_five_of_two_hole_cards_and_the_board_wins_the_pot() -> None:
    # Aces and kings with the board's fours beat the pocket nines: the board plays for both.
    deck = stacked("AhKd", "7c2d", "9s9c", board="Ac Kc 4h 4s Js")
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT, deck=deck)
    check_down(played, deck)
    # Checked through: the first player after the button shows first, then clockwise.
    assert played.show_queue == [0, 1, 2]
    auto_showdown(played)
    assert played.is_over
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert (award.amount, award.high_winners, award.shares) == (300, (0,), ((0, 300),))
    assert isinstance(played.events[-1], HandEnded)
    assert played.stacks == [BIG + 200, BIG - 100, BIG - 100]


@pytest.mark.rules("belarus-sport 5.7", "belarus-sport 5.7.1", "belarus-sport 5.7.2")
def test_belarus_5_7_1_omaha_four_down_cards_one_per_pass_and_two_plus_three() -> None:
    # Four hearts in hand would make a royal flush with this board in hold'em; in Omaha only two
    # of them play, and the pair of deuces wins.
    holes = ("AhKhQhJh", "2d7c8cKd", "5s6s7h8d")
    deck = stacked(*holes, board="Th 9h 2c 3d 4s")
    played, deck = hand(
        [BIG] * 3, game="PO", button=2, blinds=(50, 100), rules=BELARUS_SPORT, deck=deck
    )
    # Blinds and the deal as in hold'em, with four cards each.
    assert played.events[:5] == [
        ForcedBetPosted(0, "small-blind", 50, False),
        ForcedBetPosted(1, "big-blind", 100, False),
        *(HoleDealt(seat, parse_cards(cards), None) for seat, cards in enumerate(holes)),
    ]
    assert played.up == [[False] * 4] * 3
    assert played.actor == 2
    played.act(Fold(), seat=2)
    check_down(played, deck)
    auto_showdown(played)
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert (award.amount, award.high_winners) == (200, (1,))


@pytest.mark.rules("belarus-sport 4.1-check", "belarus-sport 4.9.2")
def test_belarus_4_9_2_check_only_while_nobody_has_bet() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(50, 100), rules=BELARUS_SPORT)
    # Preflop the big blind is a wager: the button may not check.
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Check(), seat=2)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.2"
    played.act(Call(), seat=2)
    played.act(Call(), seat=0)
    played.act(Check(), seat=1)  # the big blind, nobody having raised
    deal_pending(played, deck)
    played.act(Check(), seat=0)
    assert played.legal_options().check  # only a check before him
    played.act(Check(), seat=1)
    played.act(Raise(100), seat=2)
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Check(), seat=0)
    assert str(refusal.value.ruling.rule) == "belarus-sport 4.9.2"
    assert played.events == before
    assert played.legal_options().check is False


@pytest.mark.rules("belarus-sport 4.8.2")
def test_belarus_4_8_2_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    played, _ = hand([BIG] * 4, button=3, blinds=(50, 100), rules=BELARUS_SPORT)
    before = list(played.events)
    for seat, action in ((0, Call()), (3, Fold()), (1, Raise(300))):
        with pytest.raises(OutOfTurnError) as refusal:
            played.act(action, seat=seat)
        assert str(refusal.value.ruling.rule) == "belarus-sport 4.8.2"
    assert played.events == before
    played.act(Call(), seat=2)
    assert played.actor == 3


@pytest.mark.rules(
    "belarus-sport 4.1-declaration",
    "belarus-sport 4.1-bet",
    "belarus-sport 4.1-call",
    "belarus-sport 4.1-fold",
    "belarus-sport 4.1-all-in",
    "belarus-sport 4.8.3",
)
def test_belarus_4_8_3_blinds_then_fold_check_bet_call_raise_cap_and_all_in() -> None:
    # Limit 10-20, blinds 5-10; the button (seat 3) has 50 chips.
    played, deck = limit([BIG, BIG, BIG, 50], button=3)
    assert [(e.seat, e.bet) for e in played.events if isinstance(e, ForcedBetPosted)] == [
        (0, "small-blind"),
        (1, "big-blind"),
    ]
    played.act(Fold(), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    played.act(Check(), seat=1)
    deal_pending(played, deck)
    played.act(Check(), seat=0)
    played.act(Raise(10), seat=1)
    played.act(Raise(20), seat=3)
    played.act(Raise(30), seat=0)
    played.act(Raise(40), seat=1)  # the cap
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (3, 20, False)
    played.act(Call(), seat=3)
    played.act(Call(), seat=0)
    assert [e for e in played.events if isinstance(e, Acted)] == [
        Acted(2, "fold", 0, False),
        Acted(3, "call", 10, False),
        Acted(0, "call", 10, False),
        Acted(1, "check", 10, False),
        Acted(0, "check", 0, False),
        Acted(1, "bet", 10, False),
        Acted(3, "raise", 20, False),
        Acted(0, "raise", 30, False),
        Acted(1, "raise", 40, False),
        Acted(3, "call", 40, True),
        Acted(0, "call", 40, False),
    ]
    assert played.street == 2


@pytest.mark.rules("belarus-sport 4.2", "belarus-sport 5.5.5", "belarus-sport 5.7")
@pytest.mark.parametrize(
    ("game", "up"),
    [("NT", [False] * 2), ("PO", [False] * 4), ("F7S", [False, False, True])],
    ids=["holdem", "omaha", "stud"],
)
def test_belarus_4_2_holdem_omaha_and_stud_are_dealt_by_discipline_and_played_out(
    game: str, up: list[bool]
) -> None:
    if game == "F7S":
        played, deck = hand(
            [1000] * 4,
            game=game,
            button=3,
            bets=(10, 20),
            rules=BELARUS_SPORT,
            bring_in=5,
            ante=1,
            ante_mode=AnteMode.EVERY_PLAYER,
        )
    else:
        played, deck = hand([1000] * 4, game=game, button=3, blinds=(50, 100), rules=BELARUS_SPORT)
    assert [len(cards) for cards in played.holes] == [len(up)] * 4
    assert played.up == [up] * 4
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        elif played.phase is Phase.SHOW:
            auto_showdown(played)
        else:
            options = played.legal_options()
            if options.bring_in is not None:
                played.act(BringIn())
            else:
                played.act(Check() if options.check else Call())
    hole_cards = {"NT": 2, "PO": 4, "F7S": 7}[game]
    assert [len(cards) for cards in played.holes] == [hole_cards] * 4
    assert len(played.board) == (0 if game == "F7S" else 5)
