"""Deuce-to-seven single and triple draw: order of drawing, stand pat, discards and their
replacements, the triple-draw limits, the 2-7 showdown, refusals, a stub that runs out
(``draw-stub``), and random play. Blinds 5-10; triple draw 10-20, single draw no-limit.
Hands are dealt by hand so each test shows its cards: in a string, seat after seat."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import PLAYED

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import (
    GAMES,
    Call,
    Check,
    DealHole,
    Discard,
    Fold,
    Hand,
    HandConfig,
    Phase,
    Raise,
    Show,
)
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import (
    Discarded,
    HandsTabled,
    HoleDealt,
    PotAwarded,
    StubReshuffled,
)
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.sim.random_play import choose, choose_discard


def draw_config(stacks: tuple[int, ...], *, game: str = "F2L3D") -> HandConfig:
    """PHH seating: the button on the last seat (heads-up: the button posts the small blind)."""
    return HandConfig(
        game=GAMES[game],
        stacks=stacks,
        button=len(stacks) - 1,
        small_blind=5,
        big_blind=10,
        small_bet=10,
        big_bet=20,
    )


def dealt(*hands: str, game: str = "F2L3D", stacks: tuple[int, ...] | None = None) -> Hand:
    """A draw hand with these five cards dealt to each seat, waiting for the first bet."""
    played = Hand(draw_config(stacks or (1000,) * len(hands), game=game))
    PLAYED.append(played)
    for seat, cards in enumerate(hands):
        played.act(DealHole(seat, tuple(parse_cards(cards))))
    return played


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def call_around(played: Hand) -> None:
    """Everyone calls the betting of this street, then checks."""
    street = played.street
    while played.phase is Phase.BET and played.street == street:
        played.act(Check() if played.legal_options().check else Call())


def stand_pat_all(played: Hand) -> None:
    while played.phase is Phase.DRAW:
        played.act(Discard())


def drawing_order(played: Hand) -> list[int]:
    order = []
    while played.phase is Phase.DRAW:
        order.append(played.draw_options().actor)
        played.act(Discard())
    return order


FOUR = ("7h5c4d3s2h", "8c6d4h3c2d", "KsQsJs9h8h", "AdAcTs7c6s")


# --- order --------------------------------------------------------------------------------------


def test_draw_order_is_clockwise_from_the_first_live_seat_left_of_the_button() -> None:
    played = dealt(*FOUR)
    assert played.legal_options().actor == 2  # left of the big blind, as in flop games
    played.act(Call())
    played.act(Fold())
    played.act(Call())
    played.act(Check())
    assert played.phase is Phase.DRAW
    assert played.actor == 0
    assert drawing_order(played) == [0, 1, 2]  # the button folded
    assert played.legal_options().actor == 0  # first live seat left of the button bets first


@pytest.mark.rules("tda-2022 R34")
def test_heads_up_the_big_blind_draws_first_and_the_button_last() -> None:
    played = dealt("7h5c4d3s2h", "8c6d4h3c2d", game="N2L1D")
    assert played.legal_options().actor == 1  # the button posts the small blind, acts first
    played.act(Call())
    played.act(Check())
    assert drawing_order(played) == [0, 1]
    assert played.legal_options().actor == 0


@pytest.mark.rules("tda-2022 R16", "pokerstars-live 5.2")
def test_all_in_players_draw_too_and_hands_are_tabled_after_the_last_draw() -> None:
    played = dealt("7h5c4dKsQs", "8c6d4h3cTd", game="N2L1D", stacks=(300, 300))
    played.act(Raise(300))
    played.act(Call())
    assert played.phase is Phase.DRAW
    assert not any(isinstance(e, HandsTabled) for e in played.events)
    played.act(Discard(cards("KsQs")))
    played.act(Discard(cards("Td")))
    played.act(DealHole(0, cards("3s2h")))
    played.act(DealHole(1, cards("2d")))
    assert played.is_over
    kinds = [type(e) for e in played.events]
    assert kinds.index(HandsTabled) > max(i for i, k in enumerate(kinds) if k is HoleDealt)
    assert played.stacks == [600, 0]  # 7-5-4-3-2 beats 8-6-4-3-2


# --- stand pat, discard, replacements ------------------------------------------------------------


def test_standing_pat_all_round_deals_nothing_and_burns_nothing() -> None:
    played = dealt(*FOUR)
    call_around(played)
    stand_pat_all(played)
    assert played.phase is Phase.BET
    assert played.street == 1
    assert played.burns == []
    assert played.deal_request() is None
    discarded = [e for e in played.events if isinstance(e, Discarded)]
    assert [e.cards for e in discarded] == [(), (), (), ()]


@pytest.mark.rules("tda-2022 R38")
def test_discards_go_to_the_muck_and_each_discarder_is_served_in_the_draw_order() -> None:
    played = dealt(*FOUR)
    call_around(played)
    played.act(Discard())
    played.act(Discard(cards("8c")))
    played.act(Discard(cards("KsQsJs")))
    played.act(Discard(cards("AdAc")))
    assert played.holes[2] == list(cards("9h8h"))
    assert len(played.up[2]) == 2
    request = played.deal_request()
    assert request is not None
    assert (request.seat, request.count) == (1, 1)
    with pytest.raises(IllegalActionError) as caught:
        played.act(DealHole(2, cards("7d6c5h")))
    assert caught.value.ruling.key == "wrong-deal-seat"
    with pytest.raises(MalformedInputError) as malformed:
        played.act(DealHole(1, cards("7d6c")))
    assert malformed.value.constraint == "card-count"
    with pytest.raises(MalformedInputError) as dealt_twice:
        played.act(DealHole(1, cards("8c")))  # just thrown away: it lies in the muck
    assert dealt_twice.value.constraint == "duplicate-card"
    played.act(DealHole(1, cards("7d"), burn=cards("Kd")[0]))
    played.act(DealHole(2, cards("7s6c5h")))
    played.act(DealHole(3, cards("5s4s")))
    assert played.holes[1] == list(cards("6d4h3c2d7d"))
    assert played.holes[2] == list(cards("9h8h7s6c5h"))
    assert all(
        len(h) == 5 and up == [False] * 5 for h, up in zip(played.holes, played.up, strict=True)
    )
    assert played.burns == list(cards("Kd"))
    assert played.phase is Phase.BET


def test_a_player_may_discard_all_five_cards() -> None:
    played = dealt(*FOUR)
    call_around(played)
    for action in (Discard(), Discard(), Discard(), Discard(cards("AdAcTs7c6s"))):
        played.act(action)
    request = played.deal_request()
    assert request is not None
    assert (request.seat, request.count) == (3, 5)
    assert played.holes[3] == []


def test_draw_options_say_who_draws_and_how_many_cards_he_holds() -> None:
    played = dealt(*FOUR)
    call_around(played)
    played.act(Discard(cards("7h")))
    options = played.draw_options()
    assert (options.actor, options.held, options.draw, options.draws) == (1, 5, 1, 3)
    assert options.as_dict()["max_discard"] == 5


# --- betting --------------------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R48")
def test_triple_draw_small_bets_for_two_rounds_then_big_bets_and_three_raises_cap() -> None:
    played = dealt(*FOUR)
    assert played.legal_options().min_to == 20  # a raise of the 10 big blind by the small bet
    call_around(played)
    sizes = []
    for _ in range(3):
        stand_pat_all(played)
        sizes.append(played.legal_options().min_to)
        if played.street < 3:
            call_around(played)
    assert sizes == [10, 20, 20]
    for to in (20, 40, 60, 80):
        played.act(Raise(to))
    options = played.legal_options()
    assert options.min_to is None
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 RP-17")
def test_single_draw_no_limit_limping_allowed_and_the_big_blind_is_the_minimum_bet() -> None:
    played = dealt("7h5c4d3s2h", "8c6d4h3c2d", "KsQsJs9h8h", game="N2L1D")
    played.act(Call())  # TDA RP-17: limping is allowed in single-draw games
    played.act(Call())
    played.act(Check())
    stand_pat_all(played)
    options = played.legal_options()
    assert (options.actor, options.min_to, options.max_to) == (0, 10, 990)


# --- showdown -------------------------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R12")
@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("7h5c4d3s2h", "8c6d4h3c2d"),  # 7-5 is the nut low
        ("Kc8d6h4s3c", "Ah5d4c3h2s"),  # A-5-4-3-2 is ace high, not a straight: K-high beats it
        ("2c2d7h8s9c", "6h5c4d3s2h"),  # 6-5-4-3-2 is a straight: even a pair beats it
        ("KcQdJh9s8c", "7h5h4h3h2h"),  # a flush counts against the hand too
        ("Ac5d4c3h2s", "AhAd4s3s2d"),  # ace high beats a pair of aces
    ],
)
def test_deuce_to_seven_showdown_lowest_hand_wins(winner: str, loser: str) -> None:
    for seats in ((winner, loser), (loser, winner)):
        played = dealt(*seats, game="N2L1D")
        played.act(Call())
        played.act(Check())
        stand_pat_all(played)
        call_around(played)
        auto_showdown(played)
        award = next(e for e in played.events if isinstance(e, PotAwarded))
        assert award.high_winners == (seats.index(winner),)


@pytest.mark.rules("tda-2022 R20-A")
def test_tda_r20_a_odd_chip_goes_to_the_first_tied_winner_left_of_the_button() -> None:
    played = dealt("KsQsJs9h8h", "7h5c4d3s2h", "7c5d4h3c2d", game="N2L1D", stacks=(100,) * 3)
    played.act(Call())  # the button
    played.act(Fold())  # the small blind leaves 5 in the pot
    played.act(Check())
    stand_pat_all(played)
    call_around(played)
    auto_showdown(played)
    award = next(e for e in played.events if isinstance(e, PotAwarded))
    assert award.amount == 25
    assert dict(award.shares) == {1: 13, 2: 12}


# --- refusals -------------------------------------------------------------------------------------


def snapshot(played: Hand) -> tuple[object, ...]:
    return (
        len(played.events),
        [list(h) for h in played.holes],
        [list(u) for u in played.up],
        played.phase,
        played.actor,
        list(played.stacks),
        list(played.draw.muck) if played.draw is not None else None,
    )


def in_first_draw() -> Hand:
    played = dealt(*FOUR)
    call_around(played)
    played.act(Discard(cards("7h")))
    return played


@pytest.mark.parametrize(
    ("action", "constraint"),
    [
        (Discard(cards("Kd")), "discard-not-held"),
        (Discard(cards("7h")), "discard-not-held"),  # seat 0's discard, in the muck now
        (Discard(cards("8c6d4h3c2dKd")), "card-count"),
        (Discard((cards("8c")[0], cards("8c")[0])), "duplicate-card"),
        (Discard((52,)), "card"),
    ],
)
def test_malformed_discards_are_refused_and_change_nothing(
    action: Discard, constraint: str
) -> None:
    played = in_first_draw()
    before = snapshot(played)
    with pytest.raises(MalformedInputError) as caught:
        played.act(action)
    assert caught.value.constraint == constraint
    assert snapshot(played) == before


@pytest.mark.rules("tda-2022 R50-A")
def test_tda_r50_discarding_out_of_turn_is_refused_and_changes_nothing() -> None:
    played = in_first_draw()
    before = snapshot(played)
    with pytest.raises(OutOfTurnError) as caught:
        played.act(Discard(cards("KsQs")), seat=2)
    assert str(caught.value.ruling.rule) == "tda-2022 R50"
    assert snapshot(played) == before


def test_betting_during_a_draw_is_refused_citing_the_general_rule() -> None:
    played = in_first_draw()
    before = snapshot(played)
    for action in (Check(), Call(), Fold(), Raise(10)):
        with pytest.raises(IllegalActionError) as caught:
            played.act(action)
        assert caught.value.ruling.key == "drawing-now"
        assert str(caught.value.ruling.rule) == "tda-2022 R1"
    with pytest.raises(IllegalActionError):
        played.legal_options()
    assert snapshot(played) == before


def test_discarding_outside_a_draw_is_refused() -> None:
    played = dealt(*FOUR)
    before = snapshot(played)
    with pytest.raises(IllegalActionError) as caught:
        played.act(Discard())
    assert caught.value.ruling.key == "no-draw-now"
    with pytest.raises(IllegalActionError):
        played.draw_options()
    assert snapshot(played) == before


def test_a_draw_game_deals_to_at_most_eight_players() -> None:
    with pytest.raises(MalformedInputError) as caught:
        draw_config((100,) * 9)
    assert caught.value.constraint == "players"


# --- unknown cards (transcribed histories) -------------------------------------------------------


def test_unknown_cards_are_discarded_by_count_and_a_seen_discard_takes_an_unknown_place() -> None:
    played = Hand(draw_config((1000, 1000), game="N2L1D"))
    PLAYED.append(played)
    played.act(DealHole(0, (None,) * 5))
    played.act(DealHole(1, cards("7h5c4d3s2h")))
    played.act(Call())
    played.act(Check())
    with pytest.raises(MalformedInputError):
        played.act(Discard(cards("7h")))  # seat 1 holds the seven of hearts
    with pytest.raises(MalformedInputError):
        played.act(Discard((None,) * 6))
    played.act(Discard((None, cards("Kd")[0])))
    played.act(Discard())
    assert played.holes[0] == [None, None, None]
    played.act(DealHole(0, (None, cards("Ks")[0])))
    call_around(played)
    with pytest.raises(MalformedInputError):
        played.act(Show(cards("8c6d4h3c2d")))  # he was dealt the king of spades
    played.act(Show(cards("Ks8c6d4h3c")))  # in any order: the known card is among them
    assert played.holes[0] == list(cards("8c6d4h3cKs"))
    played.act(Show())
    assert played.stacks == [990, 1010]


# --- the stub runs out ---------------------------------------------------------------------------


def test_draw_stub_six_handed_triple_draw_reshuffles_served_then_earlier_discards() -> None:
    """Six players throw all five cards at every draw: thirty cards from a stub of twenty-one.

    First draw: no earlier discards, so once the stub is empty the discards of the players
    already served go back. Second draw: the old (first-draw) discards go back first.
    """
    rng = random.Random(6)
    deck = Deck.shuffled(rng)
    played = Hand(draw_config((1000,) * 6))
    PLAYED.append(played)
    deal_pending(played, deck, rng)
    thrown: dict[int, set[int]] = {}
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck, rng)
        elif played.phase is Phase.DRAW:
            seat = played.draw_options().actor
            hand_cards = tuple(c for c in played.holes[seat] if c is not None)
            thrown[seat] = set(hand_cards)
            played.act(Discard(hand_cards))
        elif played.phase is Phase.BET:
            call_around(played)
        else:
            auto_showdown(played)
        assert_each_card_once(played, deck)
        for seat, discarded in thrown.items():  # nobody gets back what he just threw away
            if played.phase is not Phase.DRAW:
                assert not discarded & set(played.holes[seat])
    reshuffles = reshuffles_by_draw(played)
    served = ((0, 0), (0, 1), (0, 2), (0, 3))
    assert [r.discards for r in reshuffles[0]] == [served]
    # Then old discards first, and those of the players served in this draw when the stub
    # (twenty, then nineteen cards: one more burn) runs out again.
    for n, first_served in ((1, 4), (2, 3)):
        old, now = reshuffles[n]
        assert old.discards == ((n - 1, 4), (n - 1, 5))
        assert now.discards == tuple((n, s) for s in range(first_served))
        assert str(old.ruling.rule) == "tda-2022 R1"
        assert old.ruling.key == "stub-reshuffled"


def reshuffles_by_draw(played: Hand) -> dict[int, list[StubReshuffled]]:
    """The reshuffles of each draw (the Discarded events of one draw come one after another)."""
    found: dict[int, list[StubReshuffled]] = {}
    draw, previous = -1, None
    for event in played.events:
        if isinstance(event, Discarded) and not isinstance(previous, Discarded):
            draw += 1
        if isinstance(event, StubReshuffled):
            found.setdefault(draw, []).append(event)
        previous = event
    return found


def assert_each_card_once(played: Hand, deck: Deck) -> None:
    """Hands (folded ones too), the muck, the burns and the stub hold the 52 cards once each.

    A reshuffle the engine recorded reaches the deck with the next deal, so while the hand
    waits for the dealer the deck's stub may still lack the discards shuffled back.
    """
    if played.phase is Phase.DEAL:
        return
    state = played.draw
    assert state is not None
    places = [c for h in played.holes for c in h] + [c for _, _, c in state.muck]
    places += played.burns + [int(c) for c in deck.remaining]
    assert Counter(places) == Counter(range(52))


# --- random play ---------------------------------------------------------------------------------


@st.composite
def draw_tables(draw: st.DrawFn) -> HandConfig:
    seats = draw(st.integers(min_value=2, max_value=8))
    stacks = draw(st.lists(st.integers(min_value=1, max_value=400), min_size=seats, max_size=seats))
    return draw_config(tuple(stacks), game=draw(st.sampled_from(["N2L1D", "F2L3D"])))


@settings(max_examples=200, deadline=None)
@given(config=draw_tables(), seed=st.integers(min_value=0, max_value=2**32))
def test_random_draw_hands_use_each_card_once_accept_every_offer_and_replay(
    config: HandConfig, seed: int
) -> None:
    rng = random.Random(seed)
    played = Hand(config)
    PLAYED.append(played)
    deck = Deck.shuffled(rng)
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck, rng)
        elif played.phase is Phase.DRAW:
            played.act(choose_discard(played, rng))
        elif played.phase is Phase.BET:
            played.act(choose(played.legal_options(), rng, limit=config.game.is_limit))
        else:
            auto_showdown(played)
        live = [c for s in played.live for c in played.holes[s]]
        assert len(set(live)) == len(live)
        assert not set(live) & {int(c) for c in deck.remaining}
        assert_each_card_once(played, deck)
    replayed = Hand.from_events(config, played.events)
    assert replayed.stacks == played.stacks
    assert replayed.holes == played.holes
