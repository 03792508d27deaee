"""The words of the dealer assist, in the five languages of the rulebooks: one table to edit.

Phrases are lower case, words separated by single spaces (hyphens count as spaces, so "all-in"
is "all in" and "quatre-vingt" is "quatre vingt"). Accents are written as spoken and ignored
when matching ("couché" matches "couche", "ё" matches "е"). English poker terms are understood
in every language, as players use them everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from floorman.live.assist.types import DeclarationKind as K

LANGUAGES: Final = ("en", "ru", "fr", "bg", "pl")

ACTIONS: Final[Mapping[str, Mapping[str, K]]] = MappingProxyType(
    {
        "en": {
            "fold": K.FOLD,
            "i fold": K.FOLD,
            "check": K.CHECK,
            "i check": K.CHECK,
            "call": K.CALL,
            "i call": K.CALL,
            "bet": K.BET,
            "i bet": K.BET,
            "raise": K.RAISE,
            "i raise": K.RAISE,
            "re raise": K.RAISE,
            "reraise": K.RAISE,
            "all in": K.ALL_IN,
            "allin": K.ALL_IN,
            "shove": K.ALL_IN,
            "pot": K.POT,
            "complete": K.COMPLETE,
            "bring in": K.BRING_IN,
            "bring it in": K.BRING_IN,
            "i bring in": K.BRING_IN,
        },
        "ru": {
            "пас": K.FOLD,
            "фолд": K.FOLD,
            "сбрасываю": K.FOLD,
            "чек": K.CHECK,
            "колл": K.CALL,
            "кол": K.CALL,
            "уравниваю": K.CALL,
            "отвечаю": K.CALL,
            "бет": K.BET,
            "ставка": K.BET,
            "ставлю": K.BET,
            "рейз": K.RAISE,
            "рэйз": K.RAISE,
            "ререйз": K.RAISE,
            "рерэйз": K.RAISE,
            "повышаю": K.RAISE,
            "поднимаю": K.RAISE,
            "ва банк": K.ALL_IN,
            "вабанк": K.ALL_IN,
            "олл ин": K.ALL_IN,
            "олин": K.ALL_IN,
            "пот": K.POT,
            "банк": K.POT,
            "доставляю": K.COMPLETE,
            "комплит": K.COMPLETE,
            "бринг ин": K.BRING_IN,
            "бринг": K.BRING_IN,
        },
        "fr": {
            "passe": K.FOLD,
            "je passe": K.FOLD,
            "je me couche": K.FOLD,
            "couché": K.FOLD,
            "parole": K.CHECK,
            "suivre": K.CALL,
            "je suis": K.CALL,
            "payer": K.CALL,
            "je paie": K.CALL,
            "mise": K.BET,
            "miser": K.BET,
            "je mise": K.BET,
            "relance": K.RAISE,
            "relancer": K.RAISE,
            "je relance": K.RAISE,
            "sur relance": K.RAISE,
            "tapis": K.ALL_IN,
            "je fais tapis": K.ALL_IN,
            "compléter": K.COMPLETE,
        },
        "bg": {
            "пас": K.FOLD,
            "фолд": K.FOLD,
            "пасувам": K.FOLD,
            "чек": K.CHECK,
            "чекирам": K.CHECK,
            "кол": K.CALL,
            "колл": K.CALL,
            "плащам": K.CALL,
            "бет": K.BET,
            "залагам": K.BET,
            "рейз": K.RAISE,
            "ререйз": K.RAISE,
            "вдигам": K.RAISE,
            "повишавам": K.RAISE,
            "ол ин": K.ALL_IN,
            "олин": K.ALL_IN,
            "ва банк": K.ALL_IN,
            "вабанк": K.ALL_IN,
            "пот": K.POT,
            "допълвам": K.COMPLETE,
            "бринг ин": K.BRING_IN,
        },
        "pl": {
            "pas": K.FOLD,
            "pasuję": K.FOLD,
            "czekam": K.CHECK,
            "czek": K.CHECK,
            "sprawdzam": K.CALL,
            "stawiam": K.BET,
            "podbijam": K.RAISE,
            "przebijam": K.RAISE,
            "podbicie": K.RAISE,
            "va banque": K.ALL_IN,
            "vabank": K.ALL_IN,
            "wszystko": K.ALL_IN,
            "pula": K.POT,
            "pulę": K.POT,
            "uzupełniam": K.COMPLETE,
        },
    }
)
"""Phrases that name an action, by language."""

INCREMENT: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "en": frozenset({"by", "more", "plus", "extra"}),
        "ru": frozenset({"на", "еще", "плюс", "сверху"}),
        "fr": frozenset({"de", "plus"}),
        "bg": frozenset({"с", "още", "плюс"}),
        "pl": frozenset({"o", "więcej", "plus"}),
    }
)
"""Words saying the amount is added to the bet faced ("raise by 300"), not a total."""

CONNECTORS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "en": frozenset({"and", "a"}),
        "ru": frozenset(),
        "fr": frozenset({"et"}),
        "bg": frozenset({"и"}),
        "pl": frozenset({"i"}),
    }
)
"""Words that may sit inside a spoken number ("two hundred and fifty")."""

_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen"
)
_EN_TENS = "twenty thirty forty fifty sixty seventy eighty ninety"
_RU_UNITS = (
    "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать"
    " тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать"
)
_RU_TENS = "двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто"
_RU_HUNDREDS = "сто двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот"
_FR_UNITS = "zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze seize"
_BG_UNITS = (
    "нула едно две три четири пет шест седем осем девет десет единадесет дванадесет"
    " тринадесет четиринадесет петнадесет шестнадесет седемнадесет осемнадесет деветнадесет"
)
_BG_UNITS_SPOKEN = (
    "- - два - - - - - - - - единайсет дванайсет тринайсет четиринайсет петнайсет шестнайсет"
    " седемнайсет осемнайсет деветнайсет"
)
_BG_TENS = "двадесет тридесет четиридесет петдесет шестдесет седемдесет осемдесет деветдесет"
_BG_TENS_SPOKEN = "двайсет трийсет четирийсет"
_BG_HUNDREDS = (
    "сто двеста триста четиристотин петстотин шестстотин седемстотин осемстотин деветстотин"
)
_PL_UNITS = (
    "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście dwanaście"
    " trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście dziewiętnaście"
)
_PL_TENS = (
    "dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt siedemdziesiąt"
    " osiemdziesiąt dziewięćdziesiąt"
)
_PL_HUNDREDS = "sto dwieście trzysta czterysta pięćset sześćset siedemset osiemset dziewięćset"

# Numbers after a preposition or a verb change their ending ("до пяти тысяч", "do pięciu
# tysięcy"): each case of each language is one more series of the same values.
_RU_UNITS_CASES = (
    "- одного двух трёх четырёх пяти шести семи восьми девяти десяти одиннадцати двенадцати"
    " тринадцати четырнадцати пятнадцати шестнадцати семнадцати восемнадцати девятнадцати",
    "- одному двум трём четырём",
    "- одним двумя тремя четырьмя пятью шестью семью восемью девятью десятью одиннадцатью"
    " двенадцатью тринадцатью четырнадцатью пятнадцатью шестнадцатью семнадцатью"
    " восемнадцатью девятнадцатью",
    "- одной двух трёх четырёх - - - восьмью",
    "- одном",
)
_RU_TENS_CASES = (
    "двадцати тридцати сорока пятидесяти шестидесяти семидесяти восьмидесяти девяноста",
    "двадцатью тридцатью - пятьюдесятью шестьюдесятью семьюдесятью восемьюдесятью",
)
_RU_HUNDREDS_CASES = (
    "ста двухсот трёхсот четырёхсот пятисот шестисот семисот восьмисот девятисот",
    "- двумстам трёмстам четырёмстам пятистам шестистам семистам восьмистам девятистам",
    "- двумястами тремястами четырьмястами пятьюстами шестьюстами семьюстами восемьюстами"
    " девятьюстами",
    "- двухстах трёхстах четырёхстах пятистах шестистах семистах восьмистах девятистах",
)
_PL_UNITS_CASES = (
    "- jednego dwóch trzech czterech pięciu sześciu siedmiu ośmiu dziewięciu dziesięciu"
    " jedenastu dwunastu trzynastu czternastu piętnastu szesnastu siedemnastu osiemnastu"
    " dziewiętnastu",
    "- jednym dwoma trzema czterema pięcioma sześcioma siedmioma ośmioma dziewięcioma"
    " dziesięcioma jedenastoma dwunastoma trzynastoma czternastoma piętnastoma szesnastoma"
    " siedemnastoma osiemnastoma dziewiętnastoma",
    "- jednej dwu - - - - - - - -",
    "- jedną dwiema dwóm trzem czterem",
)
_PL_TENS_CASES = (
    "dwudziestu trzydziestu czterdziestu pięćdziesięciu sześćdziesięciu siedemdziesięciu"
    " osiemdziesięciu dziewięćdziesięciu",
    "dwudziestoma trzydziestoma czterdziestoma pięćdziesięcioma sześćdziesięcioma"
    " siedemdziesięcioma osiemdziesięcioma dziewięćdziesięcioma",
)
_PL_HUNDREDS_CASES = (
    "stu dwustu trzystu czterystu pięciuset sześciuset siedmiuset ośmiuset dziewięciuset",
    "stoma dwustoma trzystoma czterystoma",
)
_BG_DEFINITE = (
    "- - двете трите четирите петте шестте седемте осемте деветте десетте",
    "- едната",
    "- единия",
)
_BG_DEFINITE_TENS = (
    "двайсетте трийсетте четирийсетте петдесетте шестдесетте седемдесетте осемдесетте деветдесетте"
)
_BG_DEFINITE_HUNDREDS = "стоте двестате тристате"


def _cases(series: tuple[str, ...], start: int, step: int) -> dict[str, Fraction]:
    """Every case series of the same values, as one table."""
    return {word: value for words in series for word, value in _series(words, start, step).items()}


def _series(words: str, start: int, step: int) -> dict[str, Fraction]:
    """Words in order of value from ``start`` by ``step``; ``-`` skips a value."""
    return {word: Fraction(start + step * i) for i, word in enumerate(words.split()) if word != "-"}


NUMBERS: Final[Mapping[str, Mapping[str, Fraction]]] = MappingProxyType(
    {
        "en": {**_series(_EN_UNITS, 0, 1), **_series(_EN_TENS, 20, 10)},
        "ru": {
            **_series(_RU_UNITS, 0, 1),
            **_series(_RU_TENS, 20, 10),
            **_series(_RU_HUNDREDS, 100, 100),
            "одна": Fraction(1),
            "одну": Fraction(1),
            "две": Fraction(2),
            "полторы": Fraction(3, 2),
            "полтора": Fraction(3, 2),
            "полутора": Fraction(3, 2),
            **_cases(_RU_UNITS_CASES, 0, 1),
            **_cases(_RU_TENS_CASES, 20, 10),
            **_cases(_RU_HUNDREDS_CASES, 100, 100),
        },
        "fr": {
            **_series(_FR_UNITS, 0, 1),
            "une": Fraction(1),
            "quinze": Fraction(15),
            "vingt": Fraction(20),
            "trente": Fraction(30),
            "quarante": Fraction(40),
            "cinquante": Fraction(50),
            "soixante": Fraction(60),
            "soixante dix": Fraction(70),
            "septante": Fraction(70),
            "quatre vingt": Fraction(80),
            "quatre vingts": Fraction(80),
            "huitante": Fraction(80),
            "quatre vingt dix": Fraction(90),
            "nonante": Fraction(90),
        },
        "bg": {
            **_series(_BG_UNITS, 0, 1),
            **_series(_BG_UNITS_SPOKEN, 0, 1),
            **_series(_BG_TENS, 20, 10),
            **_series(_BG_TENS_SPOKEN, 20, 10),
            **_series(_BG_HUNDREDS, 100, 100),
            "един": Fraction(1),
            "една": Fraction(1),
            "хиляда": Fraction(1000),
            "хилядата": Fraction(1000),
            **_cases(_BG_DEFINITE, 0, 1),
            **_series(_BG_DEFINITE_TENS, 20, 10),
            **_series(_BG_DEFINITE_HUNDREDS, 100, 100),
        },
        "pl": {
            **_series(_PL_UNITS, 0, 1),
            **_series(_PL_TENS, 20, 10),
            **_series(_PL_HUNDREDS, 100, 100),
            "jedna": Fraction(1),
            "dwie": Fraction(2),
            "półtora": Fraction(3, 2),
            "tysiąc": Fraction(1000),
            "półtorej": Fraction(3, 2),
            **_cases(_PL_UNITS_CASES, 0, 1),
            **_cases(_PL_TENS_CASES, 20, 10),
            **_cases(_PL_HUNDREDS_CASES, 100, 100),
        },
    }
)
"""Number words and their values, by language (units, tens, and hundreds said as one word)."""

_RU_THOUSANDS = (
    "тысяча тысячи тысяче тысячу тысячей тысячею тысяч тысячам тысячами тысячах тыща тыщи тыщ"
)
_PL_THOUSANDS = "tysiąca tysiącowi tysiącem tysiącu tysiące tysięcy tysiącom tysiącami tysiącach"

MULTIPLIERS: Final[Mapping[str, Mapping[str, int]]] = MappingProxyType(
    {
        "en": {"hundred": 100, "thousand": 1000, "grand": 1000, "k": 1000, "million": 10**6},
        "ru": {
            **dict.fromkeys(_RU_THOUSANDS.split(), 1000),
            "тыс": 1000,
            "к": 1000,
            "миллион": 10**6,
        },
        "fr": {"cent": 100, "cents": 100, "mille": 1000, "k": 1000, "million": 10**6},
        "bg": {"хиляди": 1000, "хилядите": 1000, "к": 1000, "милион": 10**6},
        "pl": {**dict.fromkeys(_PL_THOUSANDS.split(), 1000), "tys": 1000, "k": 1000},
    }
)
"""Words that scale the number before them ("fourteen hundred", "пять тысяч")."""

SUFFIXES: Final[Mapping[str, int]] = MappingProxyType({"k": 1000, "к": 1000, "m": 10**6})
"""Letters written right after digits ("5k", "1.5k", "5к")."""
