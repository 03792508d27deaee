"""Generators of spoken amounts in Russian, Polish and Bulgarian, in the cases a player uses.

"Raise to five thousand" puts the number in the genitive after "до"/"do"; a bet said with a verb
keeps the nominative; the instrumental turns up in "с пятью тысячами". The generators write the
words the way a grammar does, independently of the vocabulary table they test.
"""

from __future__ import annotations

_RU_UNITS = {
    "nom": "- один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать"
    " тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать",
    "gen": "- одного двух трёх четырёх пяти шести семи восьми девяти десяти одиннадцати"
    " двенадцати тринадцати четырнадцати пятнадцати шестнадцати семнадцати восемнадцати"
    " девятнадцати",
    "inst": "- одним двумя тремя четырьмя пятью шестью семью восемью девятью десятью"
    " одиннадцатью двенадцатью тринадцатью четырнадцатью пятнадцатью шестнадцатью"
    " семнадцатью восемнадцатью девятнадцатью",
}
_RU_FEMININE = {"nom": ("одна", "две"), "gen": ("одной", "двух"), "inst": ("одной", "двумя")}
_RU_TENS = {
    "nom": "- - двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто",
    "gen": "- - двадцати тридцати сорока пятидесяти шестидесяти семидесяти восьмидесяти девяноста",
    "inst": "- - двадцатью тридцатью сорока пятьюдесятью шестьюдесятью семьюдесятью"
    " восемьюдесятью девяноста",
}
_RU_HUNDREDS = {
    "nom": "- сто двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот",
    "gen": "- ста двухсот трёхсот четырёхсот пятисот шестисот семисот восьмисот девятисот",
    "inst": "- ста двумястами тремястами четырьмястами пятьюстами шестьюстами семьюстами"
    " восемьюстами девятьюстами",
}
RU_CASES = tuple(_RU_UNITS)


def russian(n: int, case: str = "nom") -> str:
    """``n`` (1..99,999) in Russian words in ``case`` (``nom``, ``gen``, ``inst``)."""
    thousands, rest = divmod(n, 1000)
    words = [*_ru_thousands(thousands, case), *_ru_below_1000(rest, case, feminine=False)]
    return " ".join(words)


def _ru_thousands(k: int, case: str) -> list[str]:
    if not k:
        return []
    one = k % 10 == 1 and k % 100 != 11
    few = k % 10 in (2, 3, 4) and k % 100 not in (12, 13, 14)
    noun = {
        "nom": "тысяча" if one else "тысячи" if few else "тысяч",
        "gen": "тысячи" if one else "тысяч",
        "inst": "тысячей" if one else "тысячами",
    }[case]
    count = [] if k == 1 else _ru_below_1000(k, case, feminine=True)
    return [*count, noun]


def _ru_below_1000(n: int, case: str, *, feminine: bool) -> list[str]:
    hundreds, rest = divmod(n, 100)
    words = [_RU_HUNDREDS[case].split()[hundreds]] if hundreds else []
    if rest >= 20:
        words.append(_RU_TENS[case].split()[rest // 10])
        rest %= 10
    if rest:
        if feminine and rest in (1, 2):
            words.append(_RU_FEMININE[case][rest - 1])
        else:
            words.append(_RU_UNITS[case].split()[rest])
    return words


_PL_UNITS = {
    "nom": "- jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście"
    " dwanaście trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście"
    " dziewiętnaście",
    "gen": "- jednego dwóch trzech czterech pięciu sześciu siedmiu ośmiu dziewięciu dziesięciu"
    " jedenastu dwunastu trzynastu czternastu piętnastu szesnastu siedemnastu osiemnastu"
    " dziewiętnastu",
    "inst": "- jednym dwoma trzema czterema pięcioma sześcioma siedmioma ośmioma dziewięcioma"
    " dziesięcioma jedenastoma dwunastoma trzynastoma czternastoma piętnastoma szesnastoma"
    " siedemnastoma osiemnastoma dziewiętnastoma",
}
_PL_TENS = {
    "nom": "- - dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt siedemdziesiąt"
    " osiemdziesiąt dziewięćdziesiąt",
    "gen": "- - dwudziestu trzydziestu czterdziestu pięćdziesięciu sześćdziesięciu"
    " siedemdziesięciu osiemdziesięciu dziewięćdziesięciu",
    "inst": "- - dwudziestoma trzydziestoma czterdziestoma pięćdziesięcioma sześćdziesięcioma"
    " siedemdziesięcioma osiemdziesięcioma dziewięćdziesięcioma",
}
_PL_HUNDREDS = {
    "nom": "- sto dwieście trzysta czterysta pięćset sześćset siedemset osiemset dziewięćset",
    "gen": "- stu dwustu trzystu czterystu pięciuset sześciuset siedmiuset ośmiuset dziewięciuset",
    "inst": "- stoma dwustoma trzystoma czterystoma pięciuset sześciuset siedmiuset ośmiuset"
    " dziewięciuset",
}
_PL_ONE_THOUSAND = {"nom": "tysiąc", "gen": "tysiąca", "inst": "tysiącem"}
PL_CASES = tuple(_PL_UNITS)


def polish(n: int, case: str = "nom") -> str:
    """``n`` (1..99,999) in Polish words in ``case`` (``nom``, ``gen``, ``inst``)."""
    thousands, rest = divmod(n, 1000)
    words = _pl_thousands(thousands, case) + _pl_below_1000(rest, case)
    return " ".join(words)


def _pl_thousands(k: int, case: str) -> list[str]:
    if not k:
        return []
    if k == 1:
        return [_PL_ONE_THOUSAND[case]]
    few = k % 10 in (2, 3, 4) and k % 100 not in (12, 13, 14)
    noun = {"nom": "tysiące" if few else "tysięcy", "gen": "tysięcy", "inst": "tysiącami"}[case]
    return [*_pl_below_1000(k, case), noun]


def _pl_below_1000(n: int, case: str) -> list[str]:
    hundreds, rest = divmod(n, 100)
    words = [_PL_HUNDREDS[case].split()[hundreds]] if hundreds else []
    if rest >= 20:
        words.append(_PL_TENS[case].split()[rest // 10])
        rest %= 10
        if rest == 1:
            return [*words, "jeden"]  # a compound ending in one keeps "jeden" in every case
    if rest:
        words.append(_PL_UNITS[case].split()[rest])
    return words


_BG_UNITS = (
    "- едно две три четири пет шест седем осем девет десет единадесет дванадесет тринадесет"
    " четиринадесет петнадесет шестнадесет седемнадесет осемнадесет деветнадесет"
)
_BG_TENS = "- - двадесет тридесет четиридесет петдесет шестдесет седемдесет осемдесет деветдесет"
_BG_HUNDREDS = (
    "- сто двеста триста четиристотин петстотин шестстотин седемстотин осемстотин деветстотин"
)


def bulgarian(n: int) -> str:
    """``n`` (1..99,999) in Bulgarian words: "и" joins the last two parts ("сто и пет",
    "двадесет и една хиляди", "хиляда петстотин и двадесет")."""
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands == 1:
        parts.append("хиляда")
    elif thousands:
        parts.append(_bg_joined(_bg_parts(thousands, feminine=True)) + " хиляди")
    return _bg_joined(parts + _bg_parts(rest, feminine=False))


def _bg_parts(n: int, *, feminine: bool) -> list[str]:
    hundreds, rest = divmod(n, 100)
    parts = [_BG_HUNDREDS.split()[hundreds]] if hundreds else []
    if rest >= 20:
        parts.append(_BG_TENS.split()[rest // 10])
        rest %= 10
    if rest:
        parts.append("една" if feminine and rest == 1 else _BG_UNITS.split()[rest])
    return parts


def _bg_joined(parts: list[str]) -> str:
    if len(parts) < 2:
        return "".join(parts)
    return " ".join(parts[:-1]) + " и " + parts[-1]
