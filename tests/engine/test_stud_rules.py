"""Seven-card stud, stud/8 and razz: bring-in, order of action, limits, open pair, odd chips,
short stub (Belarus 4.7.3, 5.8.1-5.8.7; TDA R17, R20-B, RP-10-D/E/F/H). Stud 10-20 with a
bring-in of 5 and antes of 1, dealt by hand so each test shows its cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from tables import PLAYED

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import (
    GAMES,
    AnteMode,
    BringIn,
    Call,
    Check,
    DealHole,
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
    PotAwarded,
)
from floorman.errors import IllegalActionError
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022
from floorman.rules.ruleset import Ruleset


def stud(
    stacks: list[int],
    *third: str,
    game: str = "F7S",
    rules: Ruleset = TDA_2022,
    ante: int = 1,
) -> Hand:
    """A stud hand with third street dealt: each string is a seat's two down cards and door."""
    config = replace(stud_config(game, tuple(stacks), ante=ante), ruleset=rules)
    played = Hand(config)
    PLAYED.append(played)
    for seat, cards in enumerate(third):
        if cards:
            played.act(DealHole(seat, tuple(parse_cards(cards))))
    return played


def deal(played: Hand, *cards: str) -> None:
    """Deal one card to each live seat, in seat order (empty strings skip folded seats)."""
    for seat, card in enumerate(cards):
        if card:
            played.act(DealHole(seat, tuple(parse_cards(card))))


@pytest.mark.rules(
    "belarus-sport 5.8.2",
    "belarus-sport 5.4.3",
    "belarus-sport 4.5.1",
    "belarus-sport 4.1-bring-in",
)
def test_belarus_5_8_2_lowest_door_card_brings_in_clubs_lowest_on_ties() -> None:
    played = stud([100, 100, 100], "AsKs2d", "QdQh9c", "JdJh2c")
    options = played.legal_options()
    assert options.actor == 2  # 2c is lower than 2d: clubs is the lowest suit
    assert (options.bring_in, options.min_to, options.max_to) == (5, 10, 10)
    assert options.fold is False


def test_razz_highest_door_card_brings_in_with_aces_low_and_spades_highest() -> None:
    played = stud([100, 100, 100], "2s3s Ac".replace(" ", ""), "4d5dKc", "6h7hKs", game="FR")
    assert played.legal_options().actor == 2  # Ks over Kc; the ace door card is the lowest


@pytest.mark.parametrize(
    ("rules", "rule"), [(TDA_2022, "tda-2022 RP-10-E"), (BELARUS_SPORT, "belarus-sport 5.8.2")]
)
@pytest.mark.rules("belarus-sport 5.8.2", "belarus-sport 4.1-bring-in")
def test_belarus_5_8_2_the_bring_in_cannot_fold_or_check(rules: Ruleset, rule: str) -> None:
    played = stud([100, 100], "AsKs2c", "QdQh9c", rules=rules)
    for refused in (Fold(), Check(), Call(), Raise(20)):
        with pytest.raises(IllegalActionError) as caught:
            played.act(refused)
        assert str(caught.value.ruling.rule) == rule
    assert played.legal_options().actor == 0


@pytest.mark.rules("belarus-sport 5.8.3")
def test_belarus_5_8_3_after_the_bring_in_fold_call_or_complete() -> None:
    played = stud([100, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c")
    played.act(BringIn())
    options = played.legal_options()
    assert options.actor == 1
    assert (options.fold, options.check, options.call, options.min_to) == (True, False, 5, 10)
    assert options.bring_in is None
    events = played.act(Raise(10))
    assert isinstance(events[0], Acted)
    assert events[0].action == "complete"


def test_bring_in_can_raise_a_completion_like_a_blind() -> None:
    played = stud([100, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c")
    played.act(BringIn())
    played.act(Raise(10))
    played.act(Call())
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to) == (0, 5, 20)


@pytest.mark.rules("belarus-sport 5.8.4")
def test_everyone_calls_the_bring_in_and_the_bring_in_has_no_option() -> None:
    played = stud([100, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c")
    played.act(BringIn())
    played.act(Call())
    played.act(Call())
    assert played.phase is Phase.DEAL
    assert played.street == 1


@pytest.mark.rules("tda-2022 R48", "belarus-sport 5.8.4")
def test_completion_then_three_raises_cap_the_betting() -> None:
    played = stud([1000, 1000, 1000], "AsKs2c", "QdQh9c", "JdJh8c")
    played.act(BringIn())
    for to in (10, 20, 30, 40):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.min_to is None
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 RP-10-E", "belarus-sport 6.5.4")
def test_tda_rp_10_e_bring_in_card_all_in_from_the_ante_next_player_opens_and_may_fold() -> None:
    played = stud([1, 100, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c", "TdTh7c")
    options = played.legal_options()
    assert options.actor == 1
    assert options.fold is True
    assert options.bring_in == 5
    played.act(Fold())
    assert played.legal_options().actor == 2
    assert played.legal_options().bring_in == 5


def test_a_bring_in_short_of_chips_posts_what_he_has() -> None:
    played = stud([4, 100], "AsKs2c", "QdQh9c")
    options = played.legal_options()
    assert (options.bring_in, options.min_to) == (3, None)
    played.act(BringIn())
    assert played.stacks[0] == 0


@pytest.mark.rules("belarus-sport 4.7.3-stud")
def test_belarus_4_7_3_small_bet_on_third_and_fourth_big_bet_from_fifth() -> None:
    played = stud([1000, 1000], "AsKs2c", "QdQh9c")
    played.act(BringIn())
    played.act(Call())
    deal(played, "3d", "4h")
    assert played.legal_options().min_to == 10
    played.act(Check())
    played.act(Check())
    deal(played, "5d", "7h")
    assert played.legal_options().min_to == 20


@pytest.mark.rules("belarus-sport 5.8.5")
def test_belarus_5_8_5_best_showing_hand_acts_first_on_fourth_street() -> None:
    played = stud([100, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c")
    played.act(BringIn())
    played.act(Call())
    played.act(Call())
    deal(played, "2d", "3h", "Ac")
    assert played.legal_options().actor == 0  # 2c-2d: a pair beats A-8 and 9-3


@pytest.mark.rules("tda-2022 RP-10-D", "belarus-sport 5.8.6", "belarus-sport 4.5.1")
def test_tda_rp_10_d_identical_showing_hands_highest_card_by_suit_acts_first() -> None:
    played = stud([100, 100, 100], "2s3sKc", "2d3dQc", "2h3hKh")
    played.act(BringIn())  # Qc is the lowest door card
    played.act(Call())
    played.act(Call())
    deal(played, "Qd", "4c", "Qh")
    assert played.legal_options().actor == 2  # K-Q both; Kh beats Kc


def test_razz_lowest_showing_hand_acts_first() -> None:
    played = stud([100, 100, 100], "KsQsAc", "KdQd2c", "KhQhJc", game="FR")
    played.act(BringIn())  # Jc is the highest door card
    played.act(Call())
    played.act(Call())
    deal(played, "Ad", "3c", "4c")
    assert played.legal_options().actor == 1  # 3-2 is the lowest; A-A is a pair


@pytest.mark.rules("belarus-sport 5.8.5")
def test_belarus_5_8_5_ex1_open_pair_on_fourth_street_opens_for_10_or_20() -> None:
    played = stud([1000, 1000], "AsKs2c", "QdQh9c", rules=BELARUS_SPORT)
    played.act(BringIn())
    played.act(Call())
    deal(played, "2d", "4h")
    options = played.legal_options()
    assert (options.actor, options.min_to, options.max_to) == (0, 10, 20)
    with pytest.raises(IllegalActionError) as caught:
        played.act(Raise(15))
    assert str(caught.value.ruling.rule) == "belarus-sport 5.8.5"


@pytest.mark.rules("belarus-sport 5.8.5")
def test_belarus_5_8_5_ex2_after_a_small_bet_raise_to_20_or_30_then_big_bets() -> None:
    played = stud([1000, 1000, 1000], "AsKs2c", "QdQh9c", "JdJh8c", rules=BELARUS_SPORT)
    played.act(BringIn())
    played.act(Call())
    played.act(Call())
    deal(played, "2d", "4h", "5s")
    played.act(Raise(10))
    options = played.legal_options()
    assert (options.min_to, options.max_to) == (20, 30)
    played.act(Raise(30))
    options = played.legal_options()
    assert (options.min_to, options.max_to) == (50, 50)


@pytest.mark.rules("tda-2022 RP-10-F", "pokerstars-live 4.4")
def test_tda_rp_10_f_open_pair_does_not_double_the_bet() -> None:
    played = stud([1000, 1000], "AsKs2c", "QdQh9c", rules=TDA_2022)
    played.act(BringIn())
    played.act(Call())
    deal(played, "2d", "4h")
    options = played.legal_options()
    assert (options.min_to, options.max_to) == (10, 10)


def play_to_showdown(played: Hand, deck: Deck) -> None:
    """Deal from ``deck``; every player brings in, checks or calls to the end."""
    while played.phase is not Phase.DONE:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck, random.Random(1))
        elif played.phase is Phase.BET:
            options = played.legal_options()
            if options.bring_in is not None:
                played.act(BringIn())
            else:
                played.act(Check() if options.check else Call())
        else:
            auto_showdown(played)


def stud_deck(*hands: str) -> Deck:
    """A deck dealing these hands in seat order, a burn before each street after the third.

    A hand of three cards folds on third street, so later streets skip it.
    """
    cards = [parse_cards(h) for h in hands]
    order = [h[i] for i in range(3) for h in cards]
    used = {c for h in cards for c in h}
    spare = [c for c in range(52) if c not in used]
    for street in range(3, 7):
        order.append(spare.pop())
        order += [h[street] for h in cards if len(h) > street]
    return Deck.from_order(order + spare)


def stud_config(game: str, stacks: tuple[int, ...], *, ante: int) -> HandConfig:
    return HandConfig(
        game=GAMES[game],
        stacks=stacks,
        button=len(stacks) - 1,
        ante=ante,
        ante_mode=AnteMode.EVERY_PLAYER if ante else AnteMode.NONE,
        bring_in=5,
        small_bet=10,
        big_bet=20,
    )


def dealt(config: HandConfig, deck: Deck) -> Hand:
    played = Hand(config)
    PLAYED.append(played)
    deal_pending(played, deck)
    return played


@pytest.mark.rules(
    "belarus-sport 4.1-ante",
    "belarus-sport 4.1-pot",
    "belarus-sport 4.1-bring-in",
    "belarus-sport 4.8.3",
    "belarus-sport 5.4.2",
    "belarus-sport 5.4.3",
)
def test_belarus_5_4_2_everyone_antes_before_the_deal_then_the_lowest_door_brings_in() -> None:
    played = Hand(replace(stud_config("F7S", (100, 100, 100), ante=1), ruleset=BELARUS_SPORT))
    PLAYED.append(played)
    assert played.events == [ForcedBetPosted(seat, "ante", 1, False) for seat in range(3)]
    assert played.stacks == [99, 99, 99]
    assert played.pot == 3
    deal(played, "AsKs9d", "QdQh3c", "JdJh8c")
    options = played.legal_options()
    assert (options.actor, options.bring_in, options.fold, options.check) == (1, 5, False, False)
    played.act(BringIn())
    assert played.events[-1] == Acted(1, "bring-in", 5, False)
    assert played.bets == [0, 5, 0]
    assert played.pot == 8
    assert played.legal_options().actor == 2


FULL_DEAL = ("2c3d9hAh6cJd4s", "KcQd7s8hTs3h5d", "2h2s4cKh7dKd6h")
"""Each seat's cards in the order dealt: two down, the door card, fourth to sixth street up, the
seventh down. No pair shows on fourth street, so the small bet is the only bet there."""


@pytest.mark.rules(
    "belarus-sport 4.1-board",
    "belarus-sport 4.1-burn",
    "belarus-sport 4.7.3-stud",
    "belarus-sport 5.8.1",
    "belarus-sport 5.8.3",
    "belarus-sport 5.8.4",
    "belarus-sport 5.8.6",
    "belarus-sport 5.8.7",
)
def test_belarus_5_8_7_two_down_one_up_then_burns_and_up_cards_then_the_last_down() -> None:
    deck = stud_deck(*FULL_DEAL)
    order = list(deck.remaining)
    config = replace(stud_config("F7S", (100, 100, 100), ante=1), ruleset=BELARUS_SPORT)
    played = dealt(config, deck)
    # Third street: three cards each, one per pass, without a burn; the third is face up.
    assert [e for e in played.events if isinstance(e, HoleDealt)] == [
        HoleDealt(seat, parse_cards(cards[:6]), None) for seat, cards in enumerate(FULL_DEAL)
    ]
    assert played.up == [[False, False, True]] * 3
    # 4c brings in; the next player may fold, call or complete to the small bet.
    assert played.legal_options().actor == 2
    played.act(BringIn())
    options = played.legal_options()
    assert (options.actor, options.fold, options.call) == (0, True, 5)
    assert (options.min_to, options.max_to) == (10, 10)
    played.act(Call())
    played.act(Call())
    assert (played.phase, played.street) == (Phase.DEAL, 1)
    # Fourth to seventh street: a burn, then one card each. The best showing hand speaks first
    # (A-9, A-9-6, then K-K-7-4); small bets on fourth street, big bets after.
    burns = [order[9], order[13], order[17], order[21]]
    first = {1: (0, 10), 2: (0, 20), 3: (2, 20), 4: (2, 20)}
    for street in (1, 2, 3, 4):
        events = deal_pending(played, deck)
        served = [e for e in events if isinstance(e, HoleDealt)]
        assert [(e.seat, e.burn) for e in served] == [(0, burns[street - 1]), (1, None), (2, None)]
        actor, bet = first[street]
        options = played.legal_options()
        assert (options.actor, options.min_to, options.max_to) == (actor, bet, bet)
        for _ in range(3):
            played.act(Check())
    # Seventh street is dealt down: three cards down and four up each.
    assert played.phase is Phase.SHOW
    assert played.up == [[False, False, True, True, True, True, False]] * 3
    assert played.holes == [list(parse_cards(cards)) for cards in FULL_DEAL]
    assert played.burns == burns
    auto_showdown(played)
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert award.high_winners == (2,)


@pytest.mark.rules("belarus-sport 6.5.4")
def test_belarus_6_5_4_all_in_stud_player_stays_in_and_checks_when_he_would_open() -> None:
    played = stud([11, 100, 100], "2c3dAh", "KcQd7s", "2h2s4c", rules=BELARUS_SPORT)
    played.act(BringIn())  # 4c
    played.act(Raise(10), seat=0)
    assert played.events[-1] == Acted(0, "complete", 10, True)
    played.act(Call(), seat=1)
    played.act(Call(), seat=2)
    # From fourth street his A-K showing would speak first, but he is all in: the next player
    # clockwise opens instead, on every street.
    deal(played, "Kd", "8h", "Qs")
    assert played.live == [0, 1, 2]
    for street in (("5c", "9h", "Jc"), ("6d", "Th", "3s"), ("7c", "5d", "9s"), None):
        options = played.legal_options()
        assert (options.actor, options.check) == (1, True)
        played.act(Check(), seat=1)
        played.act(Check(), seat=2)
        if street:
            deal(played, *street)
    # He still holds his seven cards and plays for the pot. No all-in face-up rule (5.9.2):
    # the hands are shown in the showdown order.
    assert played.phase is Phase.SHOW
    while not played.is_over:
        played.act(Show())
    assert len(played.holes[0]) == 7
    [award] = [e for e in played.events if isinstance(e, PotAwarded)]
    assert (award.amount, award.eligible) == (33, (0, 1, 2))


@pytest.mark.rules("belarus-sport 6.5.4")
def test_belarus_6_5_4_bring_in_all_in_from_the_ante_next_player_may_fold_or_complete() -> None:
    played = stud([1, 100, 100], "AsKs2c", "QdQh9c", "JdJh8c", rules=BELARUS_SPORT)
    assert played.stacks[0] == 0  # the 2c owes the bring-in but the ante took his last chip
    options = played.legal_options()
    assert (options.actor, options.fold, options.bring_in, options.min_to) == (1, True, 5, 10)
    played.act(Raise(10))
    assert played.events[-1] == Acted(1, "complete", 10, False)
    assert played.legal_options().actor == 2


@pytest.mark.rules("tda-2022 R20-B", "pokerstars-live 3.4", "belarus-sport 5.9.3", "poland-pzp §3b")
def test_tda_r20_b_stud_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    deck = stud_deck("2c3dAs9h8s7dKh", "4c5dAh9c8d7cKd", "QhQsQd")
    played = dealt(stud_config("F7S", (100, 100, 100), ante=0), deck)
    played.act(BringIn())  # Qd is the lowest door card
    played.act(Raise(10))
    played.act(Call())
    played.act(Fold())
    play_to_showdown(played, deck)
    award = next(e for e in played.events if isinstance(e, PotAwarded))
    assert award.high_winners == (0, 1)  # A-K-9-8-7 each
    assert award.amount == 25
    assert dict(award.shares) == {0: 13, 1: 12}  # the ace of spades beats the ace of hearts


def test_stud8_without_a_qualifying_low_the_high_hand_scoops() -> None:
    deck = stud_deck("KcKdKhQs9s9dTc", "JcJdJhQd9h9cTh")
    played = dealt(stud_config("F7S/8", (100, 100), ante=0), deck)
    play_to_showdown(played, deck)
    award = next(e for e in played.events if isinstance(e, PotAwarded))
    assert award.low_winners == ()
    assert dict(award.shares) == {0: 10}


@pytest.mark.rules("tda-2022 R20-C", "pokerstars-live 3.4", "poland-pzp §3d")
def test_tda_r20_c_stud8_high_and_low_split_the_odd_chip_goes_high() -> None:
    deck = stud_deck("KcKdKhQs9s9dTc", "Ac2d3h4s7cJdJh", "2c2s5h")
    played = dealt(stud_config("F7S/8", (100, 100, 100), ante=1), deck)
    played.act(BringIn())  # 3h is the lowest door card
    played.act(Fold())
    played.act(Call())
    play_to_showdown(played, deck)
    award = next(e for e in played.events if isinstance(e, PotAwarded))
    assert (award.high_winners, award.low_winners) == ((0,), (1,))
    assert dict(award.shares) == {0: 7, 1: 6}


@pytest.mark.rules("tda-2022 R16", "poland-pzp §9.2", "poland-pzp §43.3")
def test_tda_r16_stud_hands_are_tabled_before_seventh_street() -> None:
    played = stud([20, 100], "AsKs2c", "QdQh9c", ante=0)
    played.act(BringIn())
    played.act(Raise(10))
    played.act(Raise(20))  # all-in
    played.act(Call())
    assert any(isinstance(e, HandsTabled) for e in played.events)
    assert played.phase is Phase.DEAL
    assert played.street == 1


@pytest.mark.rules("tda-2022 RP-10-H")
def test_tda_rp_10_h_short_stub_turns_one_community_card_for_seventh_street() -> None:
    deck = Deck.shuffled(random.Random(7))
    played = dealt(stud_config("F7S", (100,) * 8, ante=0), deck)
    play_to_showdown(played, deck)
    boards = [e for e in played.events if isinstance(e, BoardDealt)]
    assert len(boards) == 1  # 8 x 6 cards and 3 burns leave one card: not enough for eight
    assert len(played.board) == 1
    assert all(len(h) == 6 for h in played.holes)
    everything = [c for h in played.holes for c in h] + played.board
    assert len(set(everything)) == len(everything) == 49


@pytest.mark.rules("tda-2022 RP-10-H")
def test_seven_players_to_seventh_street_reuse_the_burns_and_get_their_own_cards() -> None:
    deck = Deck.shuffled(random.Random(8))
    played = dealt(stud_config("F7S", (100,) * 7, ante=0), deck)
    play_to_showdown(played, deck)
    assert played.board == []
    assert all(len(h) == 7 for h in played.holes)
    everything = [c for h in played.holes for c in h]
    assert len(set(everything)) == 49
    assert played.burns_back


@pytest.mark.rules("tda-2022 RP-10-H")
def test_tda_rp_10_h_on_the_community_card_the_first_to_act_on_sixth_street_acts_first() -> None:
    deck = Deck.shuffled(random.Random(7))
    played = dealt(stud_config("F7S", (100,) * 8, ante=0), deck)
    first: dict[int, int] = {}
    while played.phase is not Phase.DONE:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck, random.Random(1))
        elif played.phase is Phase.BET:
            options = played.legal_options()
            first.setdefault(played.street, options.actor)
            if options.bring_in is not None:
                played.act(BringIn())
            else:
                played.act(Check() if options.check else Call())
        else:
            auto_showdown(played)
    assert len(played.board) == 1  # seventh street was one community card
    assert first[4] == first[3]


@pytest.mark.rules("tda-2022 R38", "belarus-sport 4.1-burn")
def test_tda_r38_stud_burns_one_card_before_each_street_after_the_third() -> None:
    deck = stud_deck("2c3dAs9h8s7dKh", "4c5dQh9c8d7cKd")
    played = dealt(stud_config("F7S", (100, 100), ante=0), deck)
    assert played.burns == []  # none before third street
    while played.phase is not Phase.DONE:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
            assert len(played.burns) == played.street
            assert [len(h) for h in played.holes] == [played.street + 3] * 2
        elif played.phase is Phase.BET:
            options = played.legal_options()
            if options.bring_in is not None:
                played.act(BringIn())
            else:
                played.act(Check() if options.check else Call())
        else:
            auto_showdown(played)
    assert len(played.burns) == 4
    assert [len(h) for h in played.holes] == [7, 7]


@pytest.mark.rules("tda-2022 R17-A", "tda-2022 R17-B", "pokerstars-live 5.3", "belarus-sport 5.9.2")
def test_tda_r17_stud_without_a_bet_on_seventh_the_best_showing_hand_shows_first() -> None:
    deck = stud_deck("2c3dAs9h8s7dKh", "4c5dQh9c8d7cKd")
    played = Hand(stud_config("F7S", (100, 100), ante=0))
    PLAYED.append(played)
    while played.phase is not Phase.SHOW:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        else:
            options = played.legal_options()
            played.act(
                BringIn() if options.bring_in is not None else Check() if options.check else Call()
            )
    # up-cards As 9h 8s 7d against Qh 9c 8d 7c: the ace shows first
    assert played.actor == 0
    played.act(Show())
    assert played.actor == 1
    played.act(Muck())
    assert played.is_over
    assert played.stacks == [105, 95]
