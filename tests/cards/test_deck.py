"""The deck: shuffled by an RNG passed in, dealt from the top, dead cards removed."""

from __future__ import annotations

import random

import pytest

from floorman.cards.card import ALL_CARDS, DECK_SIZE, Card, parse_cards
from floorman.cards.deck import Deck
from floorman.errors import MalformedInputError


@pytest.mark.rules("belarus-sport 4.4")
def test_new_deck_holds_the_52_cards_in_order() -> None:
    deck = Deck()
    assert len(deck) == DECK_SIZE
    assert deck.remaining == ALL_CARDS
    assert len(set(deck.remaining)) == DECK_SIZE
    assert all(type(c) is Card for c in deck.remaining)


def test_new_decks_do_not_share_their_order_list() -> None:
    first, second = Deck(), Deck()
    first.deal(5)
    first.remove([51])
    assert len(second) == DECK_SIZE
    assert second.remaining == ALL_CARDS


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_seeded_shuffle_is_reproducible(seed: int) -> None:
    first = Deck.shuffled(random.Random(seed))
    second = Deck.shuffled(random.Random(seed))
    assert first.remaining == second.remaining
    assert sorted(first.remaining) == list(ALL_CARDS)


def test_different_seeds_give_different_orders() -> None:
    orders = {Deck.shuffled(random.Random(seed)).remaining for seed in range(20)}
    assert len(orders) == 20
    assert ALL_CARDS not in orders


def test_default_shuffle_uses_system_randomness_and_keeps_the_52_cards() -> None:
    decks = [Deck.shuffled() for _ in range(3)]
    for deck in decks:
        assert len(deck) == DECK_SIZE
        assert sorted(deck.remaining) == list(ALL_CARDS)
    # Three equal orders out of 52! would mean the shuffle is not random at all.
    assert len({d.remaining for d in decks}) == 3


@pytest.mark.rules("belarus-sport 4.1-deal")
def test_deal_takes_from_the_top_in_order() -> None:
    deck = Deck.shuffled(random.Random(7))
    order = deck.remaining
    assert deck.deal(2) == order[:2]
    assert deck.deal_one() == order[2]
    assert deck.deal() == order[3:4]
    assert deck.deal(0) == ()
    assert len(deck) == DECK_SIZE - 4
    assert deck.remaining == order[4:]
    assert deck.dealt == 4


def test_deal_one_returns_a_card() -> None:
    card = Deck().deal_one()
    assert card is Card.parse("2c")


def test_deal_the_whole_deck_then_nothing_is_left() -> None:
    deck = Deck.shuffled(random.Random(3))
    cards = deck.deal(DECK_SIZE)
    assert sorted(cards) == list(ALL_CARDS)
    assert len(deck) == 0
    assert deck.remaining == ()


@pytest.mark.parametrize(("already", "asked"), [(0, 53), (50, 3), (52, 1), (10, -1)])
def test_dealing_more_than_left_refuses_and_changes_nothing(already: int, asked: int) -> None:
    deck = Deck.shuffled(random.Random(11))
    deck.deal(already)
    before = (deck.remaining, deck.dealt, len(deck))
    with pytest.raises(MalformedInputError, match=f"cannot deal {asked}") as info:
        deck.deal(asked)
    assert info.value.constraint == "deck"
    assert (deck.remaining, deck.dealt, len(deck)) == before


def test_deal_one_from_an_empty_stub_refuses() -> None:
    deck = Deck()
    deck.deal(DECK_SIZE)
    with pytest.raises(MalformedInputError) as info:
        deck.deal_one()
    assert info.value.constraint == "deck"


def test_from_order_deals_in_the_given_order() -> None:
    stacked = parse_cards("As Kd 2c 7h")
    deck = Deck.from_order(stacked)
    assert len(deck) == 4
    assert deck.deal(4) == stacked


def test_from_order_accepts_plain_ints_and_returns_cards() -> None:
    deck = Deck.from_order([51, 0, 13])
    assert deck.remaining == (Card(51), Card(0), Card(13))
    assert all(type(c) is Card for c in deck.remaining)


def test_from_order_replays_a_shuffle() -> None:
    original = Deck.shuffled(random.Random(99))
    replay = Deck.from_order(original.remaining)
    assert replay.deal(DECK_SIZE) == original.deal(DECK_SIZE)


def test_from_order_refuses_duplicates() -> None:
    with pytest.raises(MalformedInputError, match="As") as info:
        Deck.from_order(parse_cards("As Kd As", allow_duplicates=True))
    assert info.value.constraint == "duplicate-card"


def test_from_order_refuses_numbers_outside_the_deck() -> None:
    with pytest.raises(MalformedInputError) as info:
        Deck.from_order([0, 52])
    assert info.value.constraint == "card-range"


def test_remove_takes_dead_cards_out_of_the_stub_keeping_the_order() -> None:
    deck = Deck.shuffled(random.Random(5))
    order = deck.remaining
    dead = {order[10], order[30], order[51]}
    deck.remove(dead)
    assert len(deck) == DECK_SIZE - 3
    assert deck.remaining == tuple(c for c in order if c not in dead)


def test_remove_after_dealing_keeps_the_dealt_cards_and_the_next_card() -> None:
    deck = Deck()
    dealt = deck.deal(4)
    deck.remove([Card.parse("3c")])  # card 4, the next one from the top
    assert deck.remaining[0] is Card.parse("3d")
    assert len(deck) == DECK_SIZE - 5
    assert deck.dealt == 4
    assert deck.order[:4] == list(dealt)


@pytest.mark.parametrize("dealt", [0, 3])
def test_remove_refuses_a_card_not_in_the_stub_and_changes_nothing(dealt: int) -> None:
    deck = Deck.shuffled(random.Random(8))
    deck.deal(dealt)
    gone = deck.remaining[0]
    deck.remove([gone])
    before = (deck.remaining, deck.dealt)
    with pytest.raises(MalformedInputError, match=str(gone)) as info:
        deck.remove([deck.remaining[5], gone])
    assert info.value.constraint == "deck"
    assert (deck.remaining, deck.dealt) == before


def test_remove_refuses_an_already_dealt_card() -> None:
    deck = Deck()
    first = deck.deal_one()
    with pytest.raises(MalformedInputError, match=str(first)) as info:
        deck.remove([first])
    assert info.value.constraint == "deck"
    assert len(deck) == DECK_SIZE - 1


def test_remove_nothing_changes_nothing() -> None:
    deck = Deck.shuffled(random.Random(2))
    before = deck.remaining
    deck.remove([])
    assert deck.remaining == before


@pytest.mark.parametrize(("players", "rounds"), [(1, 1), (2, 2), (6, 2), (9, 4), (8, 3)])
def test_deal_rounds_gives_each_player_one_card_per_round_as_a_dealer_does(
    players: int, rounds: int
) -> None:
    by_round, by_player = Deck.shuffled(random.Random(5)), Deck.shuffled(random.Random(5))
    passes = [by_round.deal(players) for _ in range(rounds)]
    dealt = by_player.deal_rounds(players, rounds)
    assert dealt == list(zip(*passes, strict=True))
    assert all(type(card) is Card for cards in dealt for card in cards)
    assert by_player.remaining == by_round.remaining


def test_deal_rounds_refuses_more_than_the_stub_and_changes_nothing() -> None:
    deck = Deck()
    deck.deal(40)
    with pytest.raises(MalformedInputError) as refused:
        deck.deal_rounds(7, 2)
    assert refused.value.constraint == "deck"
    assert len(deck) == 12
