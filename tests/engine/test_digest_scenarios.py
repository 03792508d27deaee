"""One-hand engine scenarios of the Bulgaria (003), Poland (004) and France (001) digests.

Each test is named after its digest and scenario: ``bulgaria_s..``/``bulgaria_d..`` for the
"Test scenarios" table of ``003-pokerstars-live-bulgaria.md`` (S stated, D derived),
``poland_t..`` for ``004-pzp-poland.md`` and ``france_r..``/``france_basic_..`` for the rules and
worked examples of ``001-redcactus-france.md`` (its untitled basic section is ``basic``).

Most hands play under the default TDA_2022 profile, which sets every parameter tested here the
way these digests do; the few tests of a rule the profiles cite in their rulings (the clock,
acting in turn) or of a parameter that differs from TDA (Poland's limit cap) play under the
digest's own profile (``pokerstars-live``, ``poland-pzp``, ``redcactus``). A
test's docstring says where a digest leaves the choice open ([A] in the Poland digest).

Seats are 0-based in the engine: the digests' seat ``Sn`` is engine seat ``n - 1``, and lettered
players (A, B, C...) sit in seats 0, 1, 2... unless a test says otherwise. Hidden chips, chips
pushed without words, clocks and irregularities are later issues and are left out.
"""

from __future__ import annotations

import pytest
from tables import PLAYED, check_down, hand, limp_to_flop, stacked

from floorman.cards import parse_cards
from floorman.cards.card import Card
from floorman.cards.deck import Deck
from floorman.engine import (
    GAMES,
    AnteMode,
    BringIn,
    Call,
    Check,
    Fold,
    Hand,
    HandConfig,
    Muck,
    Phase,
    Raise,
    Show,
)
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import (
    Acted,
    BoardDealt,
    ForcedBetPosted,
    HandsTabled,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
)
from floorman.engine.pots import odd_chip_order, split_pot
from floorman.errors import IllegalActionError, OutOfTurnError
from floorman.rules.profiles import PROFILES
from floorman.rules.ruleset import OddChipRule

BIG = 100_000
ROYAL = "As Ks Qs Js Ts"
"""A board every hand plays: all live hands tie."""
RAINBOW = "2c 7d 9h Jc 3s"
"""A dry board: aces beat kings beat queens beat eight-high."""
JUNK = ("2c3c", "4c5c", "6c7c", "8c9c", "2d3d", "4d5d", "6d7d", "8d9d")
"""Hole cards that all tie on the royal board."""


# --- helpers -------------------------------------------------------------------------------------


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


# === Bulgaria (003) ==============================================================================


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


def heads_up_all_in(a_stack: int, b_stack: int, a_wins: bool) -> Hand:
    """A (seat 0, button) moves all-in preflop and B (seat 1) calls; run out on a dry board."""
    a, b = ("AhAd", "KhKd") if a_wins else ("KhKd", "AhAd")
    deck = deck_for(0, {0: a, 1: b}, RAINBOW)
    played, deck = hand([a_stack, b_stack], button=0, blinds=(500, 1000), deck=deck)
    played.act(Raise(a_stack), seat=0)
    played.act(Call(), seat=1)
    finish(played, deck)
    return played


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


OMAHA_BOARD = "Kh Qd 7c 4s 2h"
KINGS = "KsKcQhQs"
"""Trip kings on the Omaha board: the high hand."""
LOW = "Ac3d9s9c"
"""A-3 for a 7-4-3-2-A low, a pair of nines high."""
SAME_LOW = "Ad3c8s8d"
"""The same low as :data:`LOW` in other suits."""


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


@pytest.mark.rules("pokerstars-live 4.7")
def test_bulgaria_4_7_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    assert out_of_turn_refusal("pokerstars-live") == "pokerstars-live 4.7"


# === Poland (004) ================================================================================


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
    """Poland §3c through :func:`odd_chip_order` (no profile picks LOW_CARD_BY_SUIT yet)."""
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


def limit_100_200(stacks: list[int]) -> tuple[Hand, Deck]:
    """Limit 100-200 with blinds 50-100; A seat 0 (SB), B seat 1 (BB), C seat 2 (button)."""
    return hand(stacks, game="FT", button=2, blinds=(50, 100), bets=(100, 200))


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


# --- Poland under its own profile: the parameters that differ from TDA and the rules it cites ---

PZP = PROFILES["poland-pzp"]


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


def limit_pzp(stacks: list[int], button: int) -> tuple[Hand, Deck]:
    """Limit 100-200 with blinds 50-100 under the Polish profile."""
    return hand(stacks, game="FT", button=button, blinds=(50, 100), bets=(100, 200), rules=PZP)


@pytest.mark.rules("poland-pzp §26.2")
def test_poland_26_2_limit_round_begun_three_handed_stays_capped_after_a_fold() -> None:
    """[A] in the digest (ambiguity 9): heads-up "in the hand", read as round-heads-up."""
    # Button seat 2 raises to 200, the SB folds, the BB and the button raise on to the cap.
    played, _ = limit_pzp([BIG] * 3, button=2)
    played.act(Raise(200), seat=2)
    played.act(Fold(), seat=0)
    assert played.live == [1, 2]
    played.act(Raise(300), seat=1)
    played.act(Raise(400), seat=2)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 100, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"
    assert str(options.no_raise.rule) == "poland-pzp §26.2"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(500), seat=1)
    assert str(refusal.value.ruling.rule) == "poland-pzp §26.2"


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


# === France (001) ================================================================================


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
