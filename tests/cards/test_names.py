"""Hand names in every language: the expected strings below are the specification."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from floorman.cards.card import (
    ACE,
    DEUCE,
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    TEN,
    TREY,
)
from floorman.cards.classes import HIGH_CLASSES, Category, HandClass
from floorman.cards.names import LANGUAGES, category_name, hand_name, low_hand_name, rank_name
from floorman.errors import MalformedInputError

C = Category

EXAMPLES: list[tuple[HandClass, dict[str, str]]] = [
    (
        HandClass(C.HIGH_CARD, (ACE, JACK, NINE, SIX, TREY)),
        {
            "en": "High card, ace",
            "ru": "Старшая карта: туз",
            "fr": "Hauteur as",
            "bg": "Висока карта: асо",
            "pl": "Wysoka karta: as",
        },
    ),
    (
        HandClass(C.HIGH_CARD, (SEVEN, FIVE, FOUR, TREY, DEUCE)),
        {
            "en": "High card, seven",
            "ru": "Старшая карта: семёрка",
            "fr": "Hauteur sept",
            "bg": "Висока карта: седмица",
            "pl": "Wysoka karta: siódemka",
        },
    ),
    (
        HandClass(C.PAIR, (KING, NINE, FIVE, DEUCE)),
        {
            "en": "Pair of kings",
            "ru": "Пара королей",
            "fr": "Paire de rois",
            "bg": "Чифт попове",
            "pl": "Para króli",
        },
    ),
    (
        HandClass(C.PAIR, (ACE, KING, QUEEN, JACK)),
        {
            "en": "Pair of aces",
            "ru": "Пара тузов",
            "fr": "Paire d'as",
            "bg": "Чифт аса",
            "pl": "Para asów",
        },
    ),
    (
        HandClass(C.PAIR, (JACK, ACE, KING, QUEEN)),
        {
            "en": "Pair of jacks",
            "ru": "Пара вальтов",
            "fr": "Paire de valets",
            "bg": "Чифт валета",
            "pl": "Para waletów",
        },
    ),
    (
        HandClass(C.TWO_PAIR, (ACE, EIGHT, FIVE)),
        {
            "en": "Two pair, aces and eights",
            "ru": "Две пары: тузы и восьмёрки",
            "fr": "Deux paires, as et huit",
            "bg": "Два чифта: аса и осмици",
            "pl": "Dwie pary: asy i ósemki",
        },
    ),
    (
        HandClass(C.TWO_PAIR, (JACK, DEUCE, ACE)),
        {
            "en": "Two pair, jacks and deuces",
            "ru": "Две пары: вальты и двойки",
            "fr": "Deux paires, valets et deux",
            "bg": "Два чифта: валета и двойки",
            "pl": "Dwie pary: walety i dwójki",
        },
    ),
    (
        HandClass(C.THREE_OF_A_KIND, (FIVE, KING, DEUCE)),
        {
            "en": "Three of a kind, fives",
            "ru": "Тройка пятёрок",
            "fr": "Brelan de cinq",
            "bg": "Тройка петици",
            "pl": "Trójka piątek",
        },
    ),
    (
        HandClass(C.THREE_OF_A_KIND, (QUEEN, KING, DEUCE)),
        {
            "en": "Three of a kind, queens",
            "ru": "Тройка дам",
            "fr": "Brelan de dames",
            "bg": "Тройка дами",
            "pl": "Trójka dam",
        },
    ),
    (
        HandClass(C.STRAIGHT, (TEN,)),
        {
            "en": "Straight, ten high",
            "ru": "Стрит до десятки",
            "fr": "Quinte au dix",
            "bg": "Стрейт до десетка",
            "pl": "Strit do dziesiątki",
        },
    ),
    (
        HandClass(C.STRAIGHT, (FIVE,)),
        {
            "en": "Straight, five high",
            "ru": "Стрит до пятёрки",
            "fr": "Quinte au cinq",
            "bg": "Стрейт до петица",
            "pl": "Strit do piątki",
        },
    ),
    (
        HandClass(C.STRAIGHT, (QUEEN,)),
        {
            "en": "Straight, queen high",
            "ru": "Стрит до дамы",
            "fr": "Quinte à la dame",
            "bg": "Стрейт до дама",
            "pl": "Strit do damy",
        },
    ),
    (
        HandClass(C.STRAIGHT, (ACE,)),
        {
            "en": "Straight, ace high",
            "ru": "Стрит до туза",
            "fr": "Quinte à l'as",
            "bg": "Стрейт до асо",
            "pl": "Strit do asa",
        },
    ),
    (
        HandClass(C.FLUSH, (ACE, JACK, NINE, SIX, TREY)),
        {
            "en": "Flush, ace high",
            "ru": "Флеш от туза",
            "fr": "Couleur à l'as",
            "bg": "Флъш с асо",
            "pl": "Kolor z asem",
        },
    ),
    (
        HandClass(C.FLUSH, (SEVEN, FIVE, FOUR, TREY, DEUCE)),
        {
            "en": "Flush, seven high",
            "ru": "Флеш от семёрки",
            "fr": "Couleur au sept",
            "bg": "Флъш със седмица",
            "pl": "Kolor z siódemką",
        },
    ),
    (
        HandClass(C.FLUSH, (KING, TEN, EIGHT, SIX, DEUCE)),
        {
            "en": "Flush, king high",
            "ru": "Флеш от короля",
            "fr": "Couleur au roi",
            "bg": "Флъш с поп",
            "pl": "Kolor z królem",
        },
    ),
    (
        HandClass(C.FULL_HOUSE, (QUEEN, SEVEN)),
        {
            "en": "Full house, queens full of sevens",
            "ru": "Фулл-хаус: тройка дам и пара семёрок",
            "fr": "Full aux dames par les sept",
            "bg": "Фул хаус: тройка дами и чифт седмици",
            "pl": "Full: damy na siódemkach",
        },
    ),
    (
        HandClass(C.FULL_HOUSE, (SEVEN, QUEEN)),
        {
            "en": "Full house, sevens full of queens",
            "ru": "Фулл-хаус: тройка семёрок и пара дам",
            "fr": "Full aux sept par les dames",
            "bg": "Фул хаус: тройка седмици и чифт дами",
            "pl": "Full: siódemki na damach",
        },
    ),
    (
        HandClass(C.FULL_HOUSE, (ACE, KING)),
        {
            "en": "Full house, aces full of kings",
            "ru": "Фулл-хаус: тройка тузов и пара королей",
            "fr": "Full aux as par les rois",
            "bg": "Фул хаус: тройка аса и чифт попове",
            "pl": "Full: asy na królach",
        },
    ),
    (
        HandClass(C.FOUR_OF_A_KIND, (NINE, ACE)),
        {
            "en": "Four of a kind, nines",
            "ru": "Каре девяток",
            "fr": "Carré de neuf",
            "bg": "Каре деветки",
            "pl": "Kareta dziewiątek",
        },
    ),
    (
        HandClass(C.FOUR_OF_A_KIND, (ACE, KING)),
        {
            "en": "Four of a kind, aces",
            "ru": "Каре тузов",
            "fr": "Carré d'as",
            "bg": "Каре аса",
            "pl": "Kareta asów",
        },
    ),
    (
        HandClass(C.STRAIGHT_FLUSH, (NINE,)),
        {
            "en": "Straight flush, nine high",
            "ru": "Стрит-флеш до девятки",
            "fr": "Quinte flush au neuf",
            "bg": "Стрейт флъш до деветка",
            "pl": "Poker do dziewiątki",
        },
    ),
    (
        HandClass(C.STRAIGHT_FLUSH, (FIVE,)),
        {
            "en": "Straight flush, five high",
            "ru": "Стрит-флеш до пятёрки",
            "fr": "Quinte flush au cinq",
            "bg": "Стрейт флъш до петица",
            "pl": "Poker do piątki",
        },
    ),
    (
        HandClass(C.STRAIGHT_FLUSH, (KING,)),
        {
            "en": "Straight flush, king high",
            "ru": "Стрит-флеш до короля",
            "fr": "Quinte flush au roi",
            "bg": "Стрейт флъш до поп",
            "pl": "Poker do króla",
        },
    ),
    (
        HandClass(C.STRAIGHT_FLUSH, (ACE,)),
        {
            "en": "Royal flush",
            "ru": "Роял-флеш",
            "fr": "Quinte flush royale",
            "bg": "Роял флъш",
            "pl": "Poker królewski",
        },
    ),
]

CATEGORY_NAMES: dict[Category, dict[str, str]] = {
    C.HIGH_CARD: {
        "en": "High card",
        "ru": "Старшая карта",
        "fr": "Carte haute",
        "bg": "Висока карта",
        "pl": "Wysoka karta",
    },
    C.PAIR: {"en": "Pair", "ru": "Пара", "fr": "Paire", "bg": "Чифт", "pl": "Para"},
    C.TWO_PAIR: {
        "en": "Two pair",
        "ru": "Две пары",
        "fr": "Deux paires",
        "bg": "Два чифта",
        "pl": "Dwie pary",
    },
    C.THREE_OF_A_KIND: {
        "en": "Three of a kind",
        "ru": "Тройка",
        "fr": "Brelan",
        "bg": "Тройка",
        "pl": "Trójka",
    },
    C.STRAIGHT: {"en": "Straight", "ru": "Стрит", "fr": "Quinte", "bg": "Стрейт", "pl": "Strit"},
    C.FLUSH: {"en": "Flush", "ru": "Флеш", "fr": "Couleur", "bg": "Флъш", "pl": "Kolor"},
    C.FULL_HOUSE: {
        "en": "Full house",
        "ru": "Фулл-хаус",
        "fr": "Full",
        "bg": "Фул хаус",
        "pl": "Full",
    },
    C.FOUR_OF_A_KIND: {
        "en": "Four of a kind",
        "ru": "Каре",
        "fr": "Carré",
        "bg": "Каре",
        "pl": "Kareta",
    },
    C.STRAIGHT_FLUSH: {
        "en": "Straight flush",
        "ru": "Стрит-флеш",
        "fr": "Quinte flush",
        "bg": "Стрейт флъш",
        "pl": "Poker",
    },
}

LOW_EXAMPLES: list[tuple[tuple[int, ...], dict[str, str]]] = [
    (
        (EIGHT, SIX, FOUR, DEUCE, ACE),
        {
            "en": "8-6-4-2-A low",
            "ru": "Лоу 8-6-4-2-A",
            "fr": "Low 8-6-4-2-A",
            "bg": "Лоу 8-6-4-2-A",
            "pl": "Low 8-6-4-2-A",
        },
    ),
    (
        (SEVEN, FIVE, FOUR, TREY, DEUCE),
        {
            "en": "7-5-4-3-2 low",
            "ru": "Лоу 7-5-4-3-2",
            "fr": "Low 7-5-4-3-2",
            "bg": "Лоу 7-5-4-3-2",
            "pl": "Low 7-5-4-3-2",
        },
    ),
    (
        (KING, TEN, NINE, FIVE, ACE),
        {
            "en": "K-10-9-5-A low",
            "ru": "Лоу K-10-9-5-A",
            "fr": "Low K-10-9-5-A",
            "bg": "Лоу K-10-9-5-A",
            "pl": "Low K-10-9-5-A",
        },
    ),
]

NAMED_RANKS: dict[Category, int] = {
    C.HIGH_CARD: 1,
    C.PAIR: 1,
    C.TWO_PAIR: 2,
    C.THREE_OF_A_KIND: 1,
    C.STRAIGHT: 1,
    C.FLUSH: 1,
    C.FULL_HOUSE: 2,
    C.FOUR_OF_A_KIND: 1,
    C.STRAIGHT_FLUSH: 1,
}


def _by_language(
    examples: list[tuple[HandClass, dict[str, str]]],
) -> list[tuple[HandClass, str, str]]:
    return [(hand, lang, names[lang]) for hand, names in examples for lang in LANGUAGES]


def test_languages() -> None:
    assert LANGUAGES == ("en", "ru", "fr", "bg", "pl")


def test_examples_cover_every_category_in_every_language() -> None:
    assert {hand.category for hand, _ in EXAMPLES} == set(Category)
    assert all(set(names) == set(LANGUAGES) for _, names in EXAMPLES)
    assert all(set(names) == set(LANGUAGES) for names in CATEGORY_NAMES.values())
    assert all(set(names) == set(LANGUAGES) for _, names in LOW_EXAMPLES)


@pytest.mark.parametrize(("hand", "lang", "expected"), _by_language(EXAMPLES))
def test_hand_name(hand: HandClass, lang: str, expected: str) -> None:
    assert hand_name(hand, lang) == expected


def test_english_is_the_default() -> None:
    assert hand_name(HandClass(C.FULL_HOUSE, (QUEEN, SEVEN))) == "Full house, queens full of sevens"
    assert category_name(C.FLUSH) == "Flush"
    assert rank_name(ACE) == "ace"
    assert low_hand_name((EIGHT, SIX, FOUR, DEUCE, ACE)) == "8-6-4-2-A low"


@pytest.mark.parametrize(
    ("category", "lang", "expected"),
    [(cat, lang, names[lang]) for cat, names in CATEGORY_NAMES.items() for lang in LANGUAGES],
)
def test_category_name(category: Category, lang: str, expected: str) -> None:
    assert category_name(category, lang) == expected


@pytest.mark.parametrize(
    ("rank", "lang", "plural", "expected"),
    [
        (ACE, "en", False, "ace"),
        (ACE, "en", True, "aces"),
        (SIX, "en", True, "sixes"),
        (DEUCE, "en", False, "deuce"),
        (ACE, "ru", False, "туз"),
        (ACE, "ru", True, "тузы"),
        (JACK, "ru", True, "вальты"),
        (KING, "fr", True, "rois"),
        (TEN, "fr", True, "dix"),
        (KING, "bg", False, "поп"),
        (ACE, "bg", True, "аса"),
        (JACK, "bg", True, "валета"),
        (KING, "pl", True, "króle"),
        (EIGHT, "pl", False, "ósemka"),
    ],
)
def test_rank_name(rank: int, lang: str, plural: bool, expected: str) -> None:
    assert rank_name(rank, lang, plural=plural) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rank_words_are_distinct(lang: str) -> None:
    for plural in (False, True):
        words = [rank_name(rank, lang, plural=plural) for rank in range(DEUCE, ACE + 1)]
        assert len(set(words)) == len(words)
        assert all(words)


@pytest.mark.parametrize(
    ("ranks", "lang", "expected"),
    [(ranks, lang, names[lang]) for ranks, names in LOW_EXAMPLES for lang in LANGUAGES],
)
def test_low_hand_name(ranks: tuple[int, ...], lang: str, expected: str) -> None:
    assert low_hand_name(ranks, lang) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_class_has_a_distinct_name_per_naming_ranks(lang: str) -> None:
    names: dict[tuple[Category, tuple[int, ...]], str] = {}
    for hand in HIGH_CLASSES:
        name = hand_name(hand, lang)
        assert name
        assert name[0].isupper()
        assert not {"{", "}", "[", "]"} & set(name)
        assert name == name.strip()
        assert "  " not in name
        key = (hand.category, hand.ranks[: NAMED_RANKS[hand.category]])
        assert names.setdefault(key, name) == name
    assert len(set(names.values())) == len(names)


@pytest.mark.parametrize(
    "call",
    [
        lambda lang: hand_name(HandClass(C.PAIR, (KING, NINE, FIVE, DEUCE)), lang),
        lambda lang: low_hand_name((EIGHT, SIX, FOUR, DEUCE, ACE), lang),
        lambda lang: category_name(C.FLUSH, lang),
        lambda lang: rank_name(ACE, lang),
    ],
    ids=["hand_name", "low_hand_name", "category_name", "rank_name"],
)
@pytest.mark.parametrize("lang", ["de", "", "EN", "english"])
def test_unknown_language(call: Callable[[str], str], lang: str) -> None:
    with pytest.raises(MalformedInputError, match="en, ru, fr, bg, pl") as info:
        call(lang)
    assert info.value.constraint == "language"


@pytest.mark.parametrize(
    "call",
    [
        lambda: rank_name(13),
        lambda: rank_name(-1),
        lambda: low_hand_name((8, 6, 4, 2, 13)),
        lambda: hand_name(HandClass(C.PAIR, (14, 9, 5, 2))),
    ],
    ids=["rank-13", "rank-negative", "low", "hand"],
)
def test_rank_out_of_range(call: Callable[[], str]) -> None:
    with pytest.raises(MalformedInputError) as info:
        call()
    assert info.value.constraint == "rank-range"


def test_empty_low_hand() -> None:
    with pytest.raises(MalformedInputError) as info:
        low_hand_name(())
    assert info.value.constraint == "card-count"
