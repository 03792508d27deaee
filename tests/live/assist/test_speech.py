"""Reading spoken declarations in the five languages (TDA R3, R40-B, R43-B, R57)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.errors import MalformedInputError
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import DeclarationKind as K
from floorman.live.assist.types import Timing
from floorman.live.assist.vocabulary import ACTIONS, LANGUAGES, NUMBERS

PHRASES = [
    # (text, lang, kind, amount, bare, by)
    ("raise 500", "en", K.RAISE, 500, False, False),
    ("Call", "en", K.CALL, None, False, False),
    ("all in", "en", K.ALL_IN, None, False, False),
    ("All-In!", "en", K.ALL_IN, None, False, False),
    ("pot", "en", K.POT, None, False, False),
    ("bet the pot", "en", K.POT, None, False, False),
    ("call all in", "en", K.CALL, None, False, False),
    ("I bet five", "en", K.BET, 5, True, False),
    ("fourteen hundred", "en", K.NONE, 1400, False, False),
    ("raise eight thousand", "en", K.RAISE, 8000, False, False),
    ("forty-two thousand", "en", K.NONE, 42_000, False, False),
    ("two hundred and fifty", "en", K.NONE, 250, False, False),
    ("raise a thousand", "en", K.RAISE, 1000, False, False),
    ("raise by 300", "en", K.RAISE, 300, False, True),
    ("raise 5k", "en", K.RAISE, 5000, False, False),
    ("bet 1.5k", "en", K.BET, 1500, False, False),
    ("raise 1,500", "en", K.RAISE, 1500, False, False),
    ("raise 1 500", "en", K.RAISE, 1500, False, False),
    ("25", "en", K.NONE, 25, True, False),
    ("пас", "ru", K.FOLD, None, False, False),
    ("колл", "ru", K.CALL, None, False, False),
    ("чек", "ru", K.CHECK, None, False, False),
    ("рейз 500", "ru", K.RAISE, 500, False, False),
    ("рейз на 500", "ru", K.RAISE, 500, False, True),
    ("вабанк", "ru", K.ALL_IN, None, False, False),
    ("ва-банк", "ru", K.ALL_IN, None, False, False),
    ("ставлю две тысячи пятьсот", "ru", K.BET, 2500, False, False),
    ("полторы тысячи", "ru", K.NONE, 1500, False, False),
    ("Рэйз 5к", "ru", K.RAISE, 5000, False, False),
    ("пятьсот", "ru", K.NONE, 500, False, False),
    ("рейз тысяча", "ru", K.RAISE, 1000, False, False),
    ("relance", "fr", K.RAISE, None, False, False),
    ("suivre", "fr", K.CALL, None, False, False),
    ("tapis", "fr", K.ALL_IN, None, False, False),
    ("Je me couche", "fr", K.FOLD, None, False, False),
    ("couché", "fr", K.FOLD, None, False, False),
    ("parole", "fr", K.CHECK, None, False, False),
    ("relance à deux mille cinq cents", "fr", K.RAISE, 2500, False, False),
    ("relance de 500", "fr", K.RAISE, 500, False, True),
    ("quatre-vingt-dix-neuf", "fr", K.NONE, 99, True, False),
    ("soixante-quinze", "fr", K.NONE, 75, True, False),
    ("пас", "bg", K.FOLD, None, False, False),
    ("чек", "bg", K.CHECK, None, False, False),
    ("плащам", "bg", K.CALL, None, False, False),
    ("вдигам на хиляда и петстотин", "bg", K.RAISE, 1500, False, False),
    ("вдигам с 500", "bg", K.RAISE, 500, False, True),
    ("залагам пет", "bg", K.BET, 5, True, False),
    ("две хиляди", "bg", K.NONE, 2000, False, False),
    ("pas", "pl", K.FOLD, None, False, False),
    ("czekam", "pl", K.CHECK, None, False, False),
    ("sprawdzam", "pl", K.CALL, None, False, False),
    ("podbijam o 300", "pl", K.RAISE, 300, False, True),
    ("stawiam pięć tysięcy", "pl", K.BET, 5000, False, False),
    ("va banque", "pl", K.ALL_IN, None, False, False),
]


@pytest.mark.rules("tda-2022 R40-B", "tda-2022 R43-B", "redcactus 47-B")
@pytest.mark.parametrize(("text", "lang", "kind", "amount", "bare", "by"), PHRASES)
def test_phrases_read_as_their_declaration(
    text: str, lang: str, kind: K, amount: int | None, bare: bool, by: bool
) -> None:
    said = parse_speech(text, lang=lang)
    assert (said.kind, said.amount, said.bare, said.by) == (kind, amount, bare, by)
    assert said.text == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_phrase_of_the_vocabulary_reads_as_its_action(lang: str) -> None:
    for phrase, kind in ACTIONS[lang].items():
        assert parse_speech(phrase, lang=lang).kind is kind, phrase


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_word_reads_as_its_value(lang: str) -> None:
    for words, value in NUMBERS[lang].items():
        if value.denominator != 1 or value == 0:
            continue
        said = parse_speech(words, lang=lang)
        assert said.amount == int(value), words
        assert said.bare == (value < 100), words


def test_english_is_understood_in_every_language() -> None:
    for lang in LANGUAGES:
        said = parse_speech("raise 800", lang=lang)
        assert (said.kind, said.amount) == (K.RAISE, 800)


def test_timing_and_clarity_pass_through() -> None:
    said = parse_speech("call", lang="en", timing=Timing.AFTER, clear=False)
    assert (said.timing, said.clear) == (Timing.AFTER, False)


@pytest.mark.parametrize(
    ("text", "lang", "constraint"),
    [
        ("raise 500", "de", "lang"),
        ("hello there", "en", "speech"),
        ("", "en", "speech"),
        ("raise 500 or 600", "en", "speech"),
        ("bet 1.5", "en", "speech"),
        ("bet 1,5", "en", "speech"),
        ("zero", "en", "speech"),
        ("raise 1.2.3k", "en", "speech"),
    ],
)
def test_what_cannot_be_read_is_refused(text: str, lang: str, constraint: str) -> None:
    with pytest.raises(MalformedInputError) as refused:
        parse_speech(text, lang=lang)
    assert refused.value.constraint == constraint


_UNIT_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen"
)
_TEN_WORDS = "- - twenty thirty forty fifty sixty seventy eighty ninety"
_UNITS, _TENS = _UNIT_WORDS.split(), _TEN_WORDS.split()


def english(n: int) -> str:
    """``n`` (1..999,999) in English words, the way a player says it."""
    if n >= 1000:
        rest = n % 1000
        return english(n // 1000) + " thousand" + (" " + english(rest) if rest else "")
    if n >= 100:
        rest = n % 100
        return english(n // 100) + " hundred" + (" and " + english(rest) if rest else "")
    if n >= 20:
        return _TENS[n // 10] + ("-" + _UNITS[n % 10] if n % 10 else "")
    return _UNITS[n]


@given(st.integers(min_value=1, max_value=999_999))
def test_amounts_in_digits_groups_and_words_read_back(n: int) -> None:
    for text in (f"raise {n}", f"raise {n:,}", f"raise {n:,}".replace(",", " "), english(n)):
        assert parse_speech(text, lang="en").amount == n, text


@given(st.integers(min_value=1, max_value=9_999), st.sampled_from(["k", "K", "к"]))
def test_k_suffix_multiplies_by_a_thousand(n: int, k: str) -> None:
    said = parse_speech(f"bet {n}{k}", lang="ru")
    assert (said.amount, said.bare) == (n * 1000, False)
    half = parse_speech(f"bet {n}.5{k}", lang="en")
    assert half.amount == int(Fraction(2 * n + 1, 2) * 1000)
