"""Amounts said in the grammatical cases of Russian, Polish and Bulgarian (TDA R40-B, R43-B:
the amount said is the bet; "raise to" a total): "до пяти тысяч", "do pięciu tysięcy",
"до пет хиляди"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.number_words import PL_CASES, RU_CASES, bulgarian, polish, russian

from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import DeclarationKind as K

AMOUNTS = st.integers(min_value=1, max_value=99_999)


def _read(text: str, lang: str, n: int, kind: K) -> None:
    said = parse_speech(text, lang=lang)
    assert (said.kind, said.amount, said.by) == (kind, n, False), text
    assert said.bare == (n < 100), text


CASED = {
    "ru": (russian, RU_CASES, "рейз до"),
    "pl": (polish, PL_CASES, "podbijam do"),
}


@settings(max_examples=300)
@given(AMOUNTS, st.sampled_from(sorted(CASED)), st.data())
def test_russian_and_polish_amounts_in_every_case_read_back(
    n: int, lang: str, data: st.DataObject
) -> None:
    words_of, cases, raise_to = CASED[lang]
    case = data.draw(st.sampled_from(cases))
    words = words_of(n, case)
    _read(words, lang, n, K.NONE)
    if case == "gen":
        _read(f"{raise_to} {words}", lang, n, K.RAISE)


@settings(max_examples=300)
@given(AMOUNTS)
def test_bulgarian_amounts_read_back(n: int) -> None:
    words = bulgarian(n)
    _read(words, "bg", n, K.NONE)
    _read(f"вдигам до {words}", "bg", n, K.RAISE)


@pytest.mark.rules("tda-2022 R40-B", "tda-2022 R43-B")
@pytest.mark.parametrize(
    ("text", "lang", "kind", "amount", "by"),
    [
        ("до пяти тысяч", "ru", K.NONE, 5000, False),
        ("рейз до трёх тысяч", "ru", K.RAISE, 3000, False),
        ("рейз до трех тысяч", "ru", K.RAISE, 3000, False),
        ("повышаю до полутора тысяч", "ru", K.RAISE, 1500, False),
        ("рейз на пять тысяч", "ru", K.RAISE, 5000, True),
        ("ставлю тысячу", "ru", K.BET, 1000, False),
        ("рейз до двух тыщ", "ru", K.RAISE, 2000, False),
        ("рейз с двумястами", "ru", K.RAISE, 200, False),
        ("do pięciu tysięcy", "pl", K.NONE, 5000, False),
        ("podbijam do dwóch tysięcy", "pl", K.RAISE, 2000, False),
        ("podbijam do tysiąca pięciuset", "pl", K.RAISE, 1500, False),
        ("podbijam o dwa tysiące", "pl", K.RAISE, 2000, True),
        ("podbijam do półtorej tysiąca", "pl", K.RAISE, 1500, False),
        ("до пет хиляди", "bg", K.NONE, 5000, False),
        ("вдигам до петте хиляди", "bg", K.RAISE, 5000, False),
        ("вдигам до хилядата", "bg", K.RAISE, 1000, False),
        ("залагам двестате", "bg", K.BET, 200, False),
    ],
)
def test_tda_r43_b_raise_to_an_amount_in_a_grammatical_case(
    text: str, lang: str, kind: K, amount: int, by: bool
) -> None:
    said = parse_speech(text, lang=lang)
    assert (said.kind, said.amount, said.by) == (kind, amount, by)
