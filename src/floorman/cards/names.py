"""Names of poker hands as players say them, in English, Russian, French, Bulgarian and Polish.

Displays, hand histories and dealer announcements need "Full house, queens full of sevens" rather
than a category number and a rank tuple. Each language inflects rank words differently (Russian
"пара королей", "флеш от туза"; Polish "full: damy na siódemkach"), so every language keeps a
table of rank words per grammatical form and one template per category that picks the forms it
needs: ``{0[gen_pl]}`` is the genitive plural of the first deciding rank. Forms whose words
already carry their preposition (French "à l'as", "au roi"; Bulgarian "със седмица") are named
after it, because the preposition itself changes with the word.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from floorman.cards.card import ACE, RANK_CHARS, RANK_COUNT
from floorman.cards.classes import Category, HandClass
from floorman.errors import MalformedInputError

LANGUAGES: Final[tuple[str, ...]] = ("en", "ru", "fr", "bg", "pl")

_Forms = Mapping[str, tuple[str, ...]]


class _Language(NamedTuple):
    forms: _Forms
    categories: Mapping[Category, str]
    hands: Mapping[Category, str]
    royal_flush: str
    low: str


def _words(text: str) -> tuple[str, ...]:
    """Thirteen rank words, deuce to ace, written as one line separated by ``|``."""
    words = tuple(text.split("|"))
    assert len(words) == RANK_COUNT, text
    return words


_EN: Final = _Language(
    forms={
        "nom": _words("deuce|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace"),
        "nom_pl": _words(
            "deuces|threes|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|kings|aces"
        ),
    },
    categories={
        Category.HIGH_CARD: "High card",
        Category.PAIR: "Pair",
        Category.TWO_PAIR: "Two pair",
        Category.THREE_OF_A_KIND: "Three of a kind",
        Category.STRAIGHT: "Straight",
        Category.FLUSH: "Flush",
        Category.FULL_HOUSE: "Full house",
        Category.FOUR_OF_A_KIND: "Four of a kind",
        Category.STRAIGHT_FLUSH: "Straight flush",
    },
    hands={
        Category.HIGH_CARD: "High card, {0[nom]}",
        Category.PAIR: "Pair of {0[nom_pl]}",
        Category.TWO_PAIR: "Two pair, {0[nom_pl]} and {1[nom_pl]}",
        Category.THREE_OF_A_KIND: "Three of a kind, {0[nom_pl]}",
        Category.STRAIGHT: "Straight, {0[nom]} high",
        Category.FLUSH: "Flush, {0[nom]} high",
        Category.FULL_HOUSE: "Full house, {0[nom_pl]} full of {1[nom_pl]}",
        Category.FOUR_OF_A_KIND: "Four of a kind, {0[nom_pl]}",
        Category.STRAIGHT_FLUSH: "Straight flush, {0[nom]} high",
    },
    royal_flush="Royal flush",
    low="{} low",
)

_RU: Final = _Language(
    forms={
        "nom": _words(
            "двойка|тройка|четвёрка|пятёрка|шестёрка|семёрка|восьмёрка|девятка|десятка"
            "|валет|дама|король|туз"
        ),
        "nom_pl": _words(
            "двойки|тройки|четвёрки|пятёрки|шестёрки|семёрки|восьмёрки|девятки|десятки"
            "|вальты|дамы|короли|тузы"
        ),
        "gen": _words(
            "двойки|тройки|четвёрки|пятёрки|шестёрки|семёрки|восьмёрки|девятки|десятки"
            "|валета|дамы|короля|туза"
        ),
        "gen_pl": _words(
            "двоек|троек|четвёрок|пятёрок|шестёрок|семёрок|восьмёрок|девяток|десяток"
            "|вальтов|дам|королей|тузов"
        ),
    },
    categories={
        Category.HIGH_CARD: "Старшая карта",
        Category.PAIR: "Пара",
        Category.TWO_PAIR: "Две пары",
        Category.THREE_OF_A_KIND: "Тройка",
        Category.STRAIGHT: "Стрит",
        Category.FLUSH: "Флеш",
        Category.FULL_HOUSE: "Фулл-хаус",
        Category.FOUR_OF_A_KIND: "Каре",
        Category.STRAIGHT_FLUSH: "Стрит-флеш",
    },
    hands={
        Category.HIGH_CARD: "Старшая карта: {0[nom]}",
        Category.PAIR: "Пара {0[gen_pl]}",
        Category.TWO_PAIR: "Две пары: {0[nom_pl]} и {1[nom_pl]}",
        Category.THREE_OF_A_KIND: "Тройка {0[gen_pl]}",
        Category.STRAIGHT: "Стрит до {0[gen]}",
        Category.FLUSH: "Флеш от {0[gen]}",
        Category.FULL_HOUSE: "Фулл-хаус: тройка {0[gen_pl]} и пара {1[gen_pl]}",
        Category.FOUR_OF_A_KIND: "Каре {0[gen_pl]}",
        Category.STRAIGHT_FLUSH: "Стрит-флеш до {0[gen]}",
    },
    royal_flush="Роял-флеш",
    low="Лоу {}",
)

_FR: Final = _Language(
    forms={
        "nom": _words("deux|trois|quatre|cinq|six|sept|huit|neuf|dix|valet|dame|roi|as"),
        "nom_pl": _words("deux|trois|quatre|cinq|six|sept|huit|neuf|dix|valets|dames|rois|as"),
        "a": _words(
            "au deux|au trois|au quatre|au cinq|au six|au sept|au huit|au neuf|au dix"
            "|au valet|à la dame|au roi|à l'as"
        ),
        "de_pl": _words(
            "de deux|de trois|de quatre|de cinq|de six|de sept|de huit|de neuf|de dix"
            "|de valets|de dames|de rois|d'as"
        ),
    },
    categories={
        Category.HIGH_CARD: "Carte haute",
        Category.PAIR: "Paire",
        Category.TWO_PAIR: "Deux paires",
        Category.THREE_OF_A_KIND: "Brelan",
        Category.STRAIGHT: "Quinte",
        Category.FLUSH: "Couleur",
        Category.FULL_HOUSE: "Full",
        Category.FOUR_OF_A_KIND: "Carré",
        Category.STRAIGHT_FLUSH: "Quinte flush",
    },
    hands={
        Category.HIGH_CARD: "Hauteur {0[nom]}",
        Category.PAIR: "Paire {0[de_pl]}",
        Category.TWO_PAIR: "Deux paires, {0[nom_pl]} et {1[nom_pl]}",
        Category.THREE_OF_A_KIND: "Brelan {0[de_pl]}",
        Category.STRAIGHT: "Quinte {0[a]}",
        Category.FLUSH: "Couleur {0[a]}",
        Category.FULL_HOUSE: "Full aux {0[nom_pl]} par les {1[nom_pl]}",
        Category.FOUR_OF_A_KIND: "Carré {0[de_pl]}",
        Category.STRAIGHT_FLUSH: "Quinte flush {0[a]}",
    },
    royal_flush="Quinte flush royale",
    low="Low {}",
)

_BG: Final = _Language(
    forms={
        "nom": _words(
            "двойка|тройка|четворка|петица|шестица|седмица|осмица|деветка|десетка|вале|дама|поп|асо"
        ),
        "nom_pl": _words(
            "двойки|тройки|четворки|петици|шестици|седмици|осмици|деветки|десетки"
            "|валета|дами|попове|аса"
        ),
        "s": _words(
            "с двойка|с тройка|с четворка|с петица|със шестица|със седмица|с осмица|с деветка"
            "|с десетка|с вале|с дама|с поп|с асо"
        ),
    },
    categories={
        Category.HIGH_CARD: "Висока карта",
        Category.PAIR: "Чифт",
        Category.TWO_PAIR: "Два чифта",
        Category.THREE_OF_A_KIND: "Тройка",
        Category.STRAIGHT: "Стрейт",
        Category.FLUSH: "Флъш",
        Category.FULL_HOUSE: "Фул хаус",
        Category.FOUR_OF_A_KIND: "Каре",
        Category.STRAIGHT_FLUSH: "Стрейт флъш",
    },
    hands={
        Category.HIGH_CARD: "Висока карта: {0[nom]}",
        Category.PAIR: "Чифт {0[nom_pl]}",
        Category.TWO_PAIR: "Два чифта: {0[nom_pl]} и {1[nom_pl]}",
        Category.THREE_OF_A_KIND: "Тройка {0[nom_pl]}",
        Category.STRAIGHT: "Стрейт до {0[nom]}",
        Category.FLUSH: "Флъш {0[s]}",
        Category.FULL_HOUSE: "Фул хаус: тройка {0[nom_pl]} и чифт {1[nom_pl]}",
        Category.FOUR_OF_A_KIND: "Каре {0[nom_pl]}",
        Category.STRAIGHT_FLUSH: "Стрейт флъш до {0[nom]}",
    },
    royal_flush="Роял флъш",
    low="Лоу {}",
)

_PL: Final = _Language(
    forms={
        "nom": _words(
            "dwójka|trójka|czwórka|piątka|szóstka|siódemka|ósemka|dziewiątka|dziesiątka"
            "|walet|dama|król|as"
        ),
        "nom_pl": _words(
            "dwójki|trójki|czwórki|piątki|szóstki|siódemki|ósemki|dziewiątki|dziesiątki"
            "|walety|damy|króle|asy"
        ),
        "gen": _words(
            "dwójki|trójki|czwórki|piątki|szóstki|siódemki|ósemki|dziewiątki|dziesiątki"
            "|waleta|damy|króla|asa"
        ),
        "gen_pl": _words(
            "dwójek|trójek|czwórek|piątek|szóstek|siódemek|ósemek|dziewiątek|dziesiątek"
            "|waletów|dam|króli|asów"
        ),
        "ins": _words(
            "dwójką|trójką|czwórką|piątką|szóstką|siódemką|ósemką|dziewiątką|dziesiątką"
            "|waletem|damą|królem|asem"
        ),
        "loc_pl": _words(
            "dwójkach|trójkach|czwórkach|piątkach|szóstkach|siódemkach|ósemkach|dziewiątkach"
            "|dziesiątkach|waletach|damach|królach|asach"
        ),
    },
    categories={
        Category.HIGH_CARD: "Wysoka karta",
        Category.PAIR: "Para",
        Category.TWO_PAIR: "Dwie pary",
        Category.THREE_OF_A_KIND: "Trójka",
        Category.STRAIGHT: "Strit",
        Category.FLUSH: "Kolor",
        Category.FULL_HOUSE: "Full",
        Category.FOUR_OF_A_KIND: "Kareta",
        Category.STRAIGHT_FLUSH: "Poker",
    },
    hands={
        Category.HIGH_CARD: "Wysoka karta: {0[nom]}",
        Category.PAIR: "Para {0[gen_pl]}",
        Category.TWO_PAIR: "Dwie pary: {0[nom_pl]} i {1[nom_pl]}",
        Category.THREE_OF_A_KIND: "Trójka {0[gen_pl]}",
        Category.STRAIGHT: "Strit do {0[gen]}",
        Category.FLUSH: "Kolor z {0[ins]}",
        Category.FULL_HOUSE: "Full: {0[nom_pl]} na {1[loc_pl]}",
        Category.FOUR_OF_A_KIND: "Kareta {0[gen_pl]}",
        Category.STRAIGHT_FLUSH: "Poker do {0[gen]}",
    },
    royal_flush="Poker królewski",
    low="Low {}",
)

_TABLES: Final[Mapping[str, _Language]] = {
    "en": _EN,
    "ru": _RU,
    "fr": _FR,
    "bg": _BG,
    "pl": _PL,
}

_LOW_CHARS: Final = tuple("10" if ch == "T" else ch for ch in RANK_CHARS)


def _language(lang: str) -> _Language:
    table = _TABLES.get(lang)
    if table is None:
        raise MalformedInputError(
            f"unknown language {lang!r}; supported languages: {', '.join(LANGUAGES)}",
            constraint="language",
        )
    return table


def _check_ranks(ranks: tuple[int, ...]) -> None:
    for rank in ranks:
        if not 0 <= rank < RANK_COUNT:
            raise MalformedInputError(
                f"rank {rank} is outside 0..{RANK_COUNT - 1}", constraint="rank-range"
            )


def _inflections(forms: _Forms, rank: int) -> dict[str, str]:
    """Every form of one rank word, keyed by form name, for a template to pick from."""
    return {form: words[rank] for form, words in forms.items()}


def hand_name(hand: HandClass, lang: str = "en") -> str:
    """The name of a high hand: ``"Full house, queens full of sevens"``, ``"Флеш от туза"``."""
    table = _language(lang)
    _check_ranks(hand.ranks)
    if hand.category is Category.STRAIGHT_FLUSH and hand.ranks[0] == ACE:
        return table.royal_flush
    ranks = [_inflections(table.forms, rank) for rank in hand.ranks]
    return table.hands[hand.category].format(*ranks)


def low_hand_name(ranks: tuple[int, ...], lang: str = "en") -> str:
    """A lowball hand from its highest card down: ``"8-6-4-2-A low"``, ``"Лоу 8-6-4-2-A"``."""
    table = _language(lang)
    if not ranks:
        raise MalformedInputError("a low hand needs at least one card", constraint="card-count")
    _check_ranks(ranks)
    return table.low.format("-".join(_LOW_CHARS[rank] for rank in ranks))


def category_name(category: Category, lang: str = "en") -> str:
    """The category alone: ``"Full house"``, ``"Фулл-хаус"``, ``"Kareta"``."""
    return _language(lang).categories[category]


def rank_name(rank: int, lang: str = "en", *, plural: bool = False) -> str:
    """The nominative word for a rank: ``"ace"``, ``"aces"``, ``"туз"``, ``"тузы"``."""
    table = _language(lang)
    _check_ranks((rank,))
    return table.forms["nom_pl" if plural else "nom"][rank]
