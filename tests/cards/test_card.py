"""Cards as ints: parsing, display, order (rank, then spades > hearts > diamonds > clubs)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards.card import (
    ACE,
    ALL_CARDS,
    CLUBS,
    DECK_SIZE,
    DEUCE,
    DIAMONDS,
    HEARTS,
    KING,
    SPADES,
    TEN,
    Card,
    check_distinct,
    format_cards,
    make_card,
    parse_cards,
)
from floorman.errors import MalformedInputError

EVERY_CARD = [Card(i) for i in range(DECK_SIZE)]


# --- one card: round trips over the whole deck ---------------------------------------------------


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_every_card_round_trips_through_str_pretty_and_repr(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty) == card
    assert Card(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert repr(card) == f"Card({str(card)!r})"


@pytest.mark.rules("belarus-sport 4.1-rank", "belarus-sport 4.1-suit", "belarus-sport 4.4")
def test_card_is_four_times_rank_plus_suit() -> None:
    for i, card in enumerate(EVERY_CARD):
        assert int(card) == i
        assert card.rank == i // 4
        assert card.suit == i % 4
        assert make_card(card.rank, card.suit) is card
    assert Card.parse("2c") == 0
    assert Card.parse("As") == 51
    assert Card.parse("Kh") == 4 * KING + HEARTS


def test_str_and_pretty_spell_rank_then_suit() -> None:
    assert str(Card.parse("ah")) == "Ah"
    assert Card.parse("ah").pretty == "A♥"
    assert str(Card.parse("10d")) == "Td"
    assert Card.parse("10d").pretty == "T♦"
    assert [str(make_card(DEUCE, s)) for s in range(4)] == ["2c", "2d", "2h", "2s"]
    assert [make_card(ACE, s).pretty for s in range(4)] == ["A♣", "A♦", "A♥", "A♠"]
    assert f"{Card.parse('Qs'):u}" == "Q♠"
    assert f"{Card.parse('Qs')}" == "Qs"
    assert f"{Card.parse('Qs'):>4}" == "  Qs"


@pytest.mark.parametrize("text", ["10d", "Td", "td", "TD", "T♦", "10♦", "t♢", " Td ", "10D"])
def test_ten_of_diamonds_spellings_all_parse_to_one_card(text: str) -> None:
    assert Card.parse(text) is make_card(TEN, DIAMONDS)


@pytest.mark.parametrize(
    ("symbol", "suit"),
    [
        ("♣", CLUBS),
        ("♦", DIAMONDS),
        ("♥", HEARTS),
        ("♠", SPADES),
        ("♧", CLUBS),
        ("♢", DIAMONDS),
        ("♡", HEARTS),
        ("♤", SPADES),
    ],
)
@pytest.mark.rules("belarus-sport 4.1-suit")
def test_suit_symbols_filled_and_outlined_parse(symbol: str, suit: int) -> None:
    assert Card.parse("A" + symbol) is make_card(ACE, suit)


@pytest.mark.rules("belarus-sport 4.5.1")
def test_suit_seniority_spades_hearts_diamonds_clubs_for_button_draw() -> None:
    # Belarus 4.5.1 / TDA RP-10: equal ranks are ordered by suit, spades highest.
    for rank in range(13):
        c, d, h, s = (make_card(rank, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES))
        assert s > h > d > c
    assert Card.parse("A♠") > Card.parse("A♥") > Card.parse("A♦") > Card.parse("A♣")


def test_card_order_is_rank_first_then_suit() -> None:
    assert Card.parse("3c") > Card.parse("2s")
    assert Card.parse("Ac") > Card.parse("Ks")
    assert sorted(EVERY_CARD, key=lambda c: (c.rank, c.suit)) == EVERY_CARD
    assert all(a < b for a, b in pairwise(EVERY_CARD))


def test_card_of_an_int_is_the_shared_instance() -> None:
    assert Card(5) is Card(5)
    assert Card(5) is ALL_CARDS[5]
    assert Card("As") is Card(51)
    assert all(Card(i) is ALL_CARDS[i] for i in range(DECK_SIZE))
    assert len(ALL_CARDS) == DECK_SIZE
    assert isinstance(Card(5), int)


# --- one card: refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["Ax", "1h", "11c", "A", "", "AsK", "Zs", "A s", "0d", "sA", "Ass", "♠A", "10"]
)
def test_card_parse_refuses_malformed_text_naming_it(text: str) -> None:
    with pytest.raises(MalformedInputError, match="not a card") as info:
        Card.parse(text)
    assert info.value.constraint == "card-syntax"
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["\u212ah", "A\u017f", "\u212a\u017f"])
def test_card_parse_refuses_unicode_case_folds_of_k_and_s_as_malformed(text: str) -> None:
    # KELVIN SIGN folds to 'k' and LATIN SMALL LETTER LONG S to 's' under re.IGNORECASE, so the
    # token pattern accepts them; the lookup afterwards must not escape as a bare ValueError or
    # KeyError, since callers catch MalformedInputError (card-syntax).
    with pytest.raises(MalformedInputError) as info:
        Card.parse(text)
    assert info.value.constraint == "card-syntax"


# Characters a card can be written with, plus ASCII noise. The Unicode case folds of 'k' and 's'
# are left out here: the test above pins them down deterministically.
card_alphabet = st.sampled_from("23456789TJQKAtjqka10cdhsCDHS♣♦♥♠♧♢♡♤ ,") | st.characters(
    codec="ascii"
)


@given(st.text(card_alphabet, max_size=5))
def test_card_parse_returns_a_card_or_raises_malformed_input(text: str) -> None:
    card: Card | None = None
    try:
        card = Card.parse(text)
    except MalformedInputError as error:
        constraint = error.constraint
    if card is None:
        assert constraint == "card-syntax"
    else:
        assert card in ALL_CARDS
        assert Card.parse(str(card)) is card


@pytest.mark.parametrize("value", [52, -1, 100, -52])
def test_card_number_outside_the_deck_is_refused(value: int) -> None:
    with pytest.raises(MalformedInputError, match=str(value)) as info:
        Card(value)
    assert info.value.constraint == "card-range"


# --- several cards -----------------------------------------------------------------------------

AS_KS = (make_card(ACE, SPADES), make_card(KING, SPADES))


@pytest.mark.parametrize(
    "text",
    ["AsKs", "As Ks", "As,Ks", "As, Ks", "As;Ks", "  As\tKs\n", "A♠K♠", "a♠ ks", ["As", "Ks"]],
    ids=repr,
)
def test_parse_cards_separators_and_runs(text: str | list[str]) -> None:
    assert parse_cards(text) == AS_KS


def test_parse_cards_reads_ten_as_10_inside_a_run() -> None:
    assert parse_cards("10d9d") == (Card.parse("Td"), Card.parse("9d"))
    assert parse_cards("10dJd10c") == (Card.parse("Td"), Card.parse("Jd"), Card.parse("Tc"))
    assert parse_cards("Jd10d") == (Card.parse("Jd"), Card.parse("Td"))


def test_parse_cards_accepts_an_iterable_of_tokens_including_runs() -> None:
    assert parse_cards(iter(["As", "Ks"])) == AS_KS
    assert parse_cards(("AsKs", "Qs")) == (*AS_KS, Card.parse("Qs"))
    assert parse_cards([]) == ()


def test_parse_cards_returns_card_instances() -> None:
    cards = parse_cards("2c As")
    assert isinstance(cards, tuple)
    assert all(type(c) is Card for c in cards)


def test_format_cards_plain_pretty_and_separator() -> None:
    cards = parse_cards("As Kd 10h 2c")
    assert format_cards(cards) == "As Kd Th 2c"
    assert format_cards(cards, pretty=True) == "A♠ K♦ T♥ 2♣"
    assert format_cards(cards, sep="") == "AsKdTh2c"
    assert format_cards([51, 0]) == "As 2c"
    assert format_cards([]) == ""


@pytest.mark.parametrize(
    ("text", "named"),
    [("Ax", "Ax"), ("1h", "1h"), ("11c", "11"), ("A", "A"), ("AsK", "K"), ("As Kx", "Kx")],
)
def test_parse_cards_refuses_malformed_runs_naming_the_bad_part(text: str, named: str) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_cards(text)
    assert info.value.constraint == "card-syntax"
    assert repr(named) in str(info.value)


@pytest.mark.parametrize("text", ["AsAs", "As As", "As Kd as", "A♠ As", ["As", "As"]], ids=repr)
def test_parse_cards_refuses_duplicates(text: str | list[str]) -> None:
    with pytest.raises(MalformedInputError, match="As") as info:
        parse_cards(text)
    assert info.value.constraint == "duplicate-card"


def test_parse_cards_allows_duplicates_when_asked() -> None:
    assert parse_cards("AsAs", allow_duplicates=True) == (AS_KS[0], AS_KS[0])


def test_check_distinct_names_the_repeated_card() -> None:
    check_distinct([0, 1, 2, 51])
    check_distinct([])
    with pytest.raises(MalformedInputError, match="Kd") as info:
        check_distinct([0, Card.parse("Kd"), 5, Card.parse("Kd")])
    assert info.value.constraint == "duplicate-card"


# --- property: format then parse is the identity -----------------------------------------------

distinct_cards = st.lists(st.integers(0, DECK_SIZE - 1), unique=True, max_size=DECK_SIZE)


@given(distinct_cards, st.sampled_from([" ", ",", ", ", ""]))
def test_format_then_parse_round_trips(cards: list[int], sep: str) -> None:
    assert parse_cards(format_cards(cards, sep=sep)) == tuple(cards)


@given(distinct_cards)
def test_pretty_format_then_parse_round_trips(cards: list[int]) -> None:
    assert parse_cards(format_cards(cards, pretty=True)) == tuple(cards)
