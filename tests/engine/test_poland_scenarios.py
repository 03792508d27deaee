"""One-hand engine scenarios of the Poland digest (PZP regulations, seed 004).

Named ``poland_t..`` after the scenarios of ``004-pzp-poland.md``, or after the rule they
check; a docstring says where the digest leaves the choice open ([A]).

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
    PZP,
    RAINBOW,
    ROYAL,
    awards,
    bounds,
    deck_for,
    finish,
    limit_100_200,
    limit_pzp,
    out_of_turn_refusal,
    play_to_river,
    shown,
    stud_hand,
    stud_to_showdown,
    t37_hand,
)
from tables import hand, limp_to_flop

from floorman.cards.card import Card
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
    HoleDealt,
)
from floorman.engine.pots import odd_chip_order, split_pot
from floorman.errors import IllegalActionError, OutOfTurnError
from floorman.rules.ruleset import OddChipRule


@pytest.mark.rules("tda-2022 R20-A", "poland-pzp §3a")
def test_poland_t03_odd_25_chip_to_s8_first_clockwise_from_the_button_s5() -> None:
    # Eight seats S1..S8 = seats 0..7, button S5 (4), SB S6 (25), BB S7 (50), smallest chip 25.
    # S8 raises to 475, S3 calls, everyone else folds: pot 1,025, S3 and S8 tie.
    deck = deck_for(4, dict(enumerate(JUNK)), ROYAL)
    played, deck = hand([BIG] * 8, button=4, blinds=(25, 50), smallest_chip=25, deck=deck)
    played.act(Raise(475), seat=7)
    for seat in (0, 1):
        played.act(Fold(), seat=seat)
    played.act(Call(), seat=2)
    for seat in (3, 4, 5, 6):
        played.act(Fold(), seat=seat)
    finish(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (1025, (2, 7))
    assert award.shares == ((2, 500), (7, 525))


@pytest.mark.rules("poland-pzp §3")
def test_poland_t04_pot_500_split_two_ways_in_25s_has_no_odd_chip() -> None:
    # Heads-up, blinds 25-50, smallest chip 25: the button raises to 250, the BB calls, tie.
    deck = deck_for(1, {0: JUNK[0], 1: JUNK[1]}, ROYAL)
    played, deck = hand([BIG, BIG], button=1, blinds=(25, 50), smallest_chip=25, deck=deck)
    played.act(Raise(250), seat=1)
    played.act(Call(), seat=0)
    finish(played, deck)
    [award] = awards(played)
    assert award.amount == 500
    assert award.shares == ((0, 250), (1, 250))


@pytest.mark.rules("tda-2022 R20-A", "redcactus 20", "poland-pzp §3a")
@pytest.mark.parametrize(
    ("folder", "pot", "shares"),
    [
        pytest.param(1, 1025, ((0, 350), (2, 350), (3, 325)), id="pot-1025"),
        pytest.param(0, 1000, ((1, 350), (2, 325), (3, 325)), id="pot-1000"),
    ],
)
def test_poland_t05_three_way_split_odd_chips_one_each_clockwise_from_the_button(
    folder: int, pot: int, shares: tuple[tuple[int, int], ...]
) -> None:
    """[A] in the digest: the extras go one each, clockwise from the button (TDA reading)."""
    # Blinds 25-50, smallest chip 25, button seat 3. Seat 2 raises to 325, the button calls,
    # one blind folds (its blind stays in), the other calls: three-way tie.
    deck = deck_for(3, dict(enumerate(JUNK[:4])), ROYAL)
    played, deck = hand([BIG] * 4, button=3, blinds=(25, 50), smallest_chip=25, deck=deck)
    played.act(Raise(325), seat=2)
    played.act(Call(), seat=3)
    for seat in (0, 1):
        played.act(Fold() if seat == folder else Call(), seat=seat)
    finish(played, deck)
    [award] = awards(played)
    assert award.amount == pot
    assert award.shares == shares


@pytest.mark.rules("tda-2022 R20-C", "poland-pzp §3d")
def test_poland_t06_hi_lo_pot_1025_high_525_low_500() -> None:
    # PLO8, blinds 25-50, smallest chip 25, button seat 2 (kings), BB seat 1 (the low). The
    # button raises the pot to 175, the SB folds, the BB calls; on the flop the BB bets 325 and
    # the button calls: pot 1,025.
    deck = deck_for(2, {0: "JcJdTcTd", 1: LOW, 2: KINGS}, OMAHA_BOARD)
    played, deck = hand(
        [BIG] * 3, game="PO/8", button=2, blinds=(25, 50), smallest_chip=25, deck=deck
    )
    played.act(Raise(175), seat=2)
    played.act(Fold(), seat=0)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    played.act(Raise(325), seat=1)
    played.act(Call(), seat=2)
    finish(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners, award.low_winners) == (1025, (2,), (1,))
    assert award.shares == ((1, 500), (2, 525))


@pytest.mark.rules("tda-2022 R20-B", "poland-pzp §3b")
def test_poland_t07_stud_odd_chip_ace_of_spades_beats_ace_of_hearts() -> None:
    # Seat 0 holds A-K-Q-J-9 with the ace of hearts, seat 1 the same with the ace of spades.
    played, deck = stud_hand("AhKdQcJh9d5c3h", "AsKcQdJs9h5d3s", "4h4d2c")
    played.act(BringIn(), seat=2)
    played.act(Raise(10), seat=0)
    played.act(Call(), seat=1)
    played.act(Fold(), seat=2)
    stud_to_showdown(played, deck)
    [award] = awards(played)
    assert (award.amount, award.high_winners) == (25, (0, 1))
    assert award.shares == ((0, 12), (1, 13))


def test_poland_t07_low_game_odd_chip_to_the_lowest_suit_ace_of_clubs() -> None:
    """Poland §3c through :func:`odd_chip_order`; whole razz and 2-7 hands are in
    ``test_poland_low_odd_chip_and_cap.py``."""
    # Seat 0's lowest card is the ace of clubs, seat 1's the ace of diamonds. The button is
    # seat 0, so the flop-game rule would favour seat 1: the suit must decide.
    low_cards = {0: Card("Ac"), 1: Card("Ad")}
    order = odd_chip_order(
        [1, 0], rule=OddChipRule.LOW_CARD_BY_SUIT, button=0, seat_count=8, low_cards=low_cards
    )
    assert order == [0, 1]
    assert split_pot(1025, [0, 1], unit=25, order=order) == {0: 525, 1: 500}


@pytest.mark.rules("tda-2022 R43-A", "poland-pzp §10.1")
def test_poland_t09_after_a_raise_to_600_the_minimum_reraise_is_to_1000() -> None:
    # NL 100-200, button seat 3: A (seat 2, first to act) raises to 600.
    played, _ = hand([BIG] * 4, button=3, blinds=(100, 200))
    played.act(Raise(600), seat=2)
    assert bounds(played)[:3] == (3, 600, 1000)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(999), seat=3)
    assert refusal.value.ruling.key == "below-min-raise"
    played.act(Raise(1000), seat=3)
    assert played.events[-1] == Acted(3, "raise", 1000, False)


@pytest.mark.rules("tda-2022 R43-A", "poland-pzp §10.1")
def test_poland_t09_post_flop_bet_200_the_minimum_raise_is_to_400() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(200), seat=0)
    assert bounds(played)[:3] == (1, 200, 400)


@pytest.mark.rules("tda-2022 R47-A", "poland-pzp §10.1", "poland-pzp §10.3", "poland-pzp §43.4")
def test_poland_t10_short_all_in_1400_over_a_1000_bet() -> None:
    """[A] in the digest: the later players' minimum raise; TDA makes it 2,400."""
    # A..E in seats 0..4, button E; C has 1,400 left after limping preflop (blinds 100-200).
    played, deck = hand([BIG, BIG, 1600, BIG, BIG], button=4, blinds=(100, 200))
    limp_to_flop(played, deck)
    played.act(Raise(1000), seat=0)
    played.act(Call(), seat=1)
    played.act(Raise(1400), seat=2)
    assert played.events[-1] == Acted(2, "raise", 1400, True)
    assert bounds(played)[:3] == (3, 1400, 2400)  # D may raise, to 2,400 at least
    played.act(Call(), seat=3)
    assert bounds(played)[:3] == (4, 1400, 2400)  # and so may E
    played.act(Fold(), seat=4)
    for seat in (0, 1):  # A and B: call 400 or fold
        assert bounds(played)[:2] == (seat, 400)
        assert played.legal_options().fold
        assert not played.legal_options().can_raise
        with pytest.raises(IllegalActionError):
            played.act(Raise(2400), seat=seat)
        played.act(Call(), seat=seat)
    assert played.street == 2


@pytest.mark.rules("tda-2022 R48", "poland-pzp §26.2")
def test_poland_t12_limit_200_400_600_800_is_capped() -> None:
    played, deck = limit_100_200([BIG] * 3)
    limp_to_flop(played, deck)
    for _ in range(3):
        played.act(Check())
    deal_pending(played, deck)
    assert played.street == 2  # the 200 street
    played.act(Raise(200), seat=0)
    played.act(Raise(400), seat=1)
    played.act(Raise(600), seat=2)
    played.act(Raise(800), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 400, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 R47-B", "tda-2022 R48", "poland-pzp §26.2")
def test_poland_t12_all_in_half_a_bet_more_is_a_raise_toward_the_cap() -> None:
    # On the 100 street A bets 100 and B is all-in for 150 (+50): that is raise one, so C's
    # raise to 250 and A's to 350 cap the betting.
    played, deck = limit_100_200([BIG, 250, BIG])
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Raise(150), seat=1)
    assert played.events[-1] == Acted(1, "raise", 150, True)
    assert bounds(played) == (2, 150, 250, 250)
    played.act(Raise(250), seat=2)
    played.act(Raise(350), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (2, 100, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 R48", "poland-pzp §26.2")
def test_poland_t12_all_in_49_more_is_no_raise_toward_the_cap() -> None:
    # B is all-in for 149 (+49): no raise. C raises to 200, A to 300 and C to 400 are the three
    # raises; only then is A capped.
    played, deck = limit_100_200([BIG, 249, BIG])
    limp_to_flop(played, deck)
    played.act(Raise(100), seat=0)
    played.act(Raise(149), seat=1)
    assert bounds(played) == (2, 149, 200, 200)
    played.act(Raise(200), seat=2)
    played.act(Raise(300), seat=0)
    assert bounds(played) == (2, 100, 400, 400)
    played.act(Raise(400), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 100, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 R32", "redcactus 32")
def test_poland_t19_dead_button_on_empty_s2_s3_posts_the_small_blind_s4_the_big() -> None:
    """The hand part only: keeping the button on S2 after S2 busts is the tournament's call."""
    # Seats S1..S5 = 0..4; S2 (seat 1) is empty and holds the button.
    played, _ = hand([BIG, None, BIG, BIG, BIG], button=1, blinds=(100, 200))
    forced = [(e.seat, e.bet) for e in played.events if isinstance(e, ForcedBetPosted)]
    assert forced == [(2, "small-blind"), (3, "big-blind")]
    dealt = [e.seat for e in played.events if isinstance(e, HoleDealt)]
    assert dealt == [2, 3, 4, 0]
    assert played.actor == 4


@pytest.mark.rules(
    "tda-2022 R17-A",
    "tda-2022 R17-B",
    "poland-pzp §37.2",
    "poland-pzp §47.1",
    "poland-pzp §47.2",
)
def test_poland_t36_river_bettor_shows_first_callers_may_muck_losing_hands() -> None:
    # A seat 0 (SB), B seat 1 (BB), C seat 2 (button); A holds aces and bets the river.
    deck = deck_for(2, {0: "AhAd", 1: "KhKd", 2: "QhQd"}, RAINBOW)
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200), deck=deck)
    play_to_river(played, deck)
    played.act(Raise(500), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    assert played.show_queue == [0, 1, 2]
    played.act(Show(), seat=0)
    played.act(Muck(), seat=1)
    played.act(Muck(), seat=2)
    assert played.is_over
    assert shown(played) == [0]
    assert [(a.amount, a.shares) for a in awards(played)] == [(2100, ((0, 2100),))]
    assert played.stacks == [BIG + 1400, BIG - 700, BIG - 700]


@pytest.mark.rules("tda-2022 R17-A", "poland-pzp §37.2")
def test_poland_t36_river_checked_through_left_of_the_button_shows_first_then_clockwise() -> None:
    played, deck = hand([BIG] * 4, button=1, blinds=(100, 200))
    play_to_river(played, deck)
    for seat in (2, 3, 0, 1):
        played.act(Check(), seat=seat)
    assert played.show_queue == [2, 3, 0, 1]
    for seat in (2, 3, 0, 1):
        assert played.actor == seat
        played.act(Show(), seat=seat)
    assert played.is_over


@pytest.mark.rules(
    "tda-2022 R12",
    "tda-2022 R21",
    "pokerstars-live 3.10",
    "redcactus 21",
    "poland-pzp §4.1",
    "poland-pzp §4.2",
    "poland-pzp §4.5",
)
def test_poland_t37_side_pots_4000_6000_4000_never_merged() -> None:
    played = t37_hand()
    pots = sorted((a.amount, a.eligible, a.shares) for a in awards(played))
    assert pots == [
        (4000, (0, 1, 2, 3), ((0, 4000),)),  # main pot: A
        (4000, (2, 3), ((2, 4000),)),  # side pot 2: C
        (6000, (1, 2, 3), ((1, 6000),)),  # side pot 1: B
    ]
    assert played.stacks == [4000, 6000, BIG - 1000, BIG - 5000]


@pytest.mark.rules("pokerstars-live 3.10", "poland-pzp §4.3", "poland-pzp §37.4")
def test_poland_t37_side_pot_2_then_side_pot_1_then_the_main_pot_are_awarded() -> None:
    """PZP §37.4: the side pot is awarded before the main pot; [A] the order among side pots
    (the digest's reading: the last side pot first)."""
    played = t37_hand()
    assert [(a.amount, a.eligible) for a in awards(played)] == [
        (4000, (2, 3)),
        (6000, (1, 2, 3)),
        (4000, (0, 1, 2, 3)),
    ]


@pytest.mark.rules("poland-pzp §5.2", "poland-pzp §48.2f")
def test_poland_5_2_clock_expiry_kills_the_hand_even_when_a_check_is_possible() -> None:
    """[A] in the digest (T8): the hand is dead when time runs out, whether or not he could
    have checked (TDA R29 would check)."""
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200), rules=PZP)
    limp_to_flop(played, deck)
    assert played.legal_options().check
    stacks = list(played.stacks)
    acted = played.expire_clock()[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (0, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "poland-pzp §5.2"
    assert played.folded[0]
    assert played.live == [1, 2]
    assert played.stacks == stacks
    # Facing a bet the hand is dead too; the bettor takes the pot.
    played.act(Raise(400), seat=1)
    acted = played.expire_clock()[0]
    assert isinstance(acted, Acted)
    assert (acted.seat, acted.action) == (2, "fold")
    assert acted.ruling is not None
    assert str(acted.ruling.rule) == "poland-pzp §5.2"
    assert played.is_over
    assert [(a.amount, a.shares) for a in awards(played)] == [(600, ((1, 600),))]


@pytest.mark.rules("poland-pzp §30.3")
def test_poland_30_3_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    assert out_of_turn_refusal("poland-pzp") == "poland-pzp §30.3"


@pytest.mark.rules("poland-pzp §26.2")
def test_poland_26_2_limit_round_turning_heads_up_before_the_cap_is_uncapped() -> None:
    """[A] in the digest (ambiguity 9): heads-up "in the hand", read as Robert's Rules do."""
    # Button seat 2 raises to 200, the SB folds, the BB and the button raise past the cap.
    played, _ = limit_pzp([BIG] * 3, button=2)
    played.act(Raise(200), seat=2)
    played.act(Fold(), seat=0)
    assert played.live == [1, 2]
    played.act(Raise(300), seat=1)
    played.act(Raise(400), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 100, True)
    played.act(Raise(500), seat=1)
    assert played.legal_options().min_to == 600


@pytest.mark.rules("poland-pzp §26.2")
def test_poland_26_2_limit_cap_is_lifted_once_a_round_begins_heads_up() -> None:
    # A hand played heads-up from the start: a bet and six raises preflop, and no cap.
    played, _ = limit_pzp([BIG] * 2, button=1)
    seat = 1
    for to in range(200, 900, 100):
        played.act(Raise(to), seat=seat)
        seat = 1 - seat
    options = played.legal_options()
    assert (options.can_raise, options.min_to) == (True, 900)
    # Three-handed preflop, heads-up from the flop: the flop is uncapped (TDA R48 would cap it
    # until the tournament is heads-up).
    played, deck = limit_pzp([BIG] * 3, button=2)
    played.act(Raise(200), seat=2)
    played.act(Fold(), seat=0)
    played.act(Call(), seat=1)
    deal_pending(played, deck)
    assert played.street == 1
    for to in range(100, 900, 100):
        played.act(Raise(to))
    options = played.legal_options()
    assert (options.can_raise, options.min_to) == (True, 900)


@pytest.mark.rules("poland-pzp §41.2")
def test_poland_41_2_a_checker_may_not_check_facing_a_bet_but_may_call_raise_or_fold() -> None:
    played, deck = hand([BIG] * 3, button=2, blinds=(100, 200), rules=PZP)
    limp_to_flop(played, deck)
    # "Call" with nothing to call is a check, citing §41.2.
    played.act(Call(), seat=0)
    last = played.events[-1]
    assert isinstance(last, Acted)
    assert (last.seat, last.action) == (0, "check")
    assert last.ruling is not None
    assert (last.ruling.key, str(last.ruling.rule)) == ("call-is-check", "poland-pzp §41.2")
    played.act(Raise(400), seat=1)
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Check(), seat=2)
    assert str(refusal.value.ruling.rule) == "poland-pzp §41.2"
    assert played.events == before
    played.act(Call(), seat=2)
    # The player who checked may now call, raise or fold.
    options = played.legal_options()
    assert (options.actor, options.check, options.call, options.fold) == (0, False, 400, True)
    assert options.can_raise
    played.act(Raise(1200), seat=0)
    assert played.events[-1] == Acted(0, "raise", 1200, False)


@pytest.mark.rules("poland-pzp §9.2", "poland-pzp §37.4", "poland-pzp §43.3")
def test_poland_9_2_a_called_all_in_tables_every_hand_before_the_board_is_dealt() -> None:
    played, deck = hand([5000, BIG], button=0, blinds=(50, 100), rules=PZP)
    played.act(Raise(5000), seat=0)
    events = played.act(Call(), seat=1)
    [tabled] = [e for e in events if isinstance(e, HandsTabled)]
    assert tabled.seats == (0, 1)
    assert tabled.ruling is not None
    assert str(tabled.ruling.rule) == "poland-pzp §9.2"
    assert played.board == []
    for seat in (0, 1):
        with pytest.raises(IllegalActionError):
            played.act(Muck(), seat=seat)
    finish(played, deck)
    assert awards(played)[0].eligible == (0, 1)


@pytest.mark.rules("poland-pzp §10.1", "poland-pzp §10.3", "poland-pzp §43.4")
def test_poland_10_3_min_raise_and_a_short_all_in_cite_the_polish_rules() -> None:
    # T10 under the Polish profile: A bets 1,000 (B's raise to 1,999 is short), B calls, C is
    # all-in for 1,400, D calls, E folds: A and B may only call 400.
    played, deck = hand([BIG, BIG, 1600, BIG, BIG], button=4, blinds=(100, 200), rules=PZP)
    limp_to_flop(played, deck)
    played.act(Raise(1000), seat=0)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(1999), seat=1)
    assert refusal.value.ruling.key == "below-min-raise"
    assert str(refusal.value.ruling.rule) == "poland-pzp §10.1"
    played.act(Call(), seat=1)
    played.act(Raise(1400), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 400, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "not-reopened"
    assert str(options.no_raise.rule) == "poland-pzp §43.4"


@pytest.mark.rules("poland-pzp §40.2", "poland-pzp §45.2", "poland-pzp §45.4", "poland-pzp §47.2")
def test_poland_45_2_a_fold_and_a_muck_are_final_and_lose_the_pot() -> None:
    # Button seat 3. Seat 0 (SB, kings) folds preflop; seat 1 (BB, aces) mucks at the showdown.
    deck = deck_for(3, {0: "KhKd", 1: "AhAd", 2: "QhQd", 3: "8s4h"}, RAINBOW)
    played, deck = hand([BIG] * 4, button=3, blinds=(100, 200), deck=deck, rules=PZP)
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Fold(), seat=0)
    played.act(Check(), seat=1)
    # The folded seat is never to act again and cannot take its fold back.
    while played.phase is not Phase.SHOW:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
            continue
        assert played.actor != 0
        with pytest.raises(OutOfTurnError):
            played.act(Check(), seat=0)
        played.act(Check())
    assert played.show_queue == [1, 2, 3]
    with pytest.raises(IllegalActionError):
        played.act(Show(), seat=0)
    # The aces are mucked: they cannot be shown afterwards, and the pot waits for every hand.
    played.act(Muck(), seat=1)
    with pytest.raises(IllegalActionError):
        played.act(Show(), seat=1)
    assert played.live == [2, 3]
    played.act(Show(), seat=2)
    assert not played.is_over
    played.act(Muck(), seat=3)
    assert played.is_over
    assert [(a.amount, a.eligible, a.shares) for a in awards(played)] == [(700, (2,), ((2, 700),))]
    assert played.stacks == [BIG - 100, BIG - 200, BIG + 500, BIG - 200]


@pytest.mark.rules("poland-pzp §37.2")
def test_poland_37_2_stud_the_best_showing_hand_shows_first() -> None:
    """Show order is no parameter, so the default profile plays the hand."""
    # Button on seat 2 (left of it: seat 0). Seat 1 shows 7-7-4-4, the best up-cards on seventh
    # street; the hand is checked down, so seat 1 shows first, then clockwise.
    played, deck = stud_hand("AhKd2c5d8c9s3h", "QcJc7d7s4d4c2h", "ThTd9d6c3cKh5c")
    played.act(BringIn(), seat=0)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    while played.phase is not Phase.SHOW:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        else:
            played.act(Check())
    assert played.show_queue == [1, 2, 0]
    assert played.actor == 1
