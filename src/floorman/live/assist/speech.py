"""Reading a short spoken declaration into a :class:`Declaration` (TDA R3, R40-B, R43-B, R57).

The dealer types (or a recogniser transcribes) what the player said: "raise 8000", "call",
"рейз 500", "tapis", "five". :func:`parse_speech` finds the action word and the amount in the
phrase, using the one vocabulary table of :mod:`floorman.live.assist.vocabulary`. It knows
nothing of the table: whether "five" means 500 or 5000 (R57) is settled later, against the
bets and the pot, by the dealer assist.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from floorman.errors import MalformedInputError
from floorman.live.assist.types import Declaration, DeclarationKind, Timing
from floorman.live.assist.vocabulary import (
    ACTIONS,
    CONNECTORS,
    INCREMENT,
    LANGUAGES,
    MULTIPLIERS,
    NUMBERS,
    SUFFIXES,
)

V = TypeVar("V")


def _fold(text: str) -> str:
    """Lower case without accents, so "couché", "couche" and "COUCHE" read the same."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _folded(tables: Mapping[str, Mapping[str, V]]) -> dict[str, dict[str, V]]:
    return {lang: {_fold(k): v for k, v in table.items()} for lang, table in tables.items()}


_ACTIONS = _folded(ACTIONS)
_NUMBERS = _folded(NUMBERS)
_MULTIPLIERS = _folded(MULTIPLIERS)
_INCREMENT = {lang: frozenset(map(_fold, words)) for lang, words in INCREMENT.items()}
_CONNECTORS = {lang: frozenset(map(_fold, words)) for lang, words in CONNECTORS.items()}
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*[kкmм]?|[^\W\d_]+")
_DIGITS = re.compile(r"(\d+(?:[.,]\d+)*)([kкmм]?)")
_LONGEST_PHRASE = 4
_BARE_BELOW = 100
"""A number said without its size and below this may stand for a bigger one (R57)."""
_OVERRIDES = frozenset({DeclarationKind.POT, DeclarationKind.ALL_IN})
"""Words that complete a bet or raise said before them ("raise pot", "bet all in")."""


def parse_speech(
    text: str, *, lang: str, timing: Timing = Timing.BEFORE, clear: bool = True
) -> Declaration:
    """The declaration in a short phrase of ``lang`` (``en``, ``ru``, ``fr``, ``bg``, ``pl``).

    The first action word is the declaration (a call said before a raise binds, R51-A), except
    that "pot" or "all in" after "bet"/"raise" completes it. Amounts are street totals unless
    a word says they are added ("by", "на", "de", "o", "с"). Digits may carry ``k``
    ("5k", "1.5k") and thousands separators ("1,500", "1 500").

    :raises MalformedInputError: an unknown language (constraint ``lang``), a phrase with
        neither an action nor an amount, or two amounts (constraint ``speech``).
    """
    if lang not in LANGUAGES:
        raise MalformedInputError(
            f"unknown language {lang!r}; the dealer assist reads {', '.join(LANGUAGES)}",
            constraint="lang",
        )
    heard = _Heard(lang=lang)
    tokens = _tokens(text)
    at = 0
    while at < len(tokens):
        at = heard.read(tokens, at)
    return heard.declaration(text, timing=timing, clear=clear)


def _tokens(text: str) -> list[str]:
    normal = _fold(text).replace("-", " ")
    return _join_digit_groups(_TOKEN.findall(normal))


def _join_digit_groups(tokens: list[str]) -> list[str]:
    """A group of exactly three digits after a plain number joins it: "1 500" is 1500."""
    joined: list[str] = []
    for token in tokens:
        if joined and len(token) == 3 and token.isdigit() and joined[-1].isdigit():
            joined[-1] += token
        else:
            joined.append(token)
    return joined


@dataclass(slots=True, kw_only=True)
class _Heard:
    """What the phrase said so far, token by token."""

    lang: str
    kinds: list[DeclarationKind] = field(default_factory=list)
    amounts: list[tuple[Fraction, bool]] = field(default_factory=list)
    """Each number heard and whether its size was given (a multiplier or a big value)."""
    by: bool = False

    def read(self, tokens: list[str], at: int) -> int:
        """Read the token(s) at ``at``; return where the next reading starts."""
        found = _phrase(tokens, at, self.lang)
        if found is not None:
            kind, at = found
            self.kinds.append(kind)
            return at
        if _is_number_start(tokens[at], self.lang):
            value, sized, at = _number(tokens, at, self.lang)
            self.amounts.append((value, sized))
            return at
        if tokens[at] in _INCREMENT[self.lang] or tokens[at] in _INCREMENT["en"]:
            self.by = True
        return at + 1

    def declaration(self, text: str, *, timing: Timing, clear: bool) -> Declaration:
        if len(self.amounts) > 1:
            raise MalformedInputError(f"{text!r} names more than one amount", constraint="speech")
        if not self.kinds and not self.amounts:
            raise MalformedInputError(
                f"{text!r}: no action or amount heard in {self.lang}", constraint="speech"
            )
        kind = _kind(self.kinds)
        if not self.amounts:
            return Declaration(kind=kind, timing=timing, clear=clear, text=text)
        value, sized = self.amounts[0]
        if value.denominator != 1 or value <= 0:
            raise MalformedInputError(
                f"{text!r}: {float(value):g} is not a whole number of chips", constraint="speech"
            )
        amount = int(value)
        return Declaration(
            kind=kind,
            amount=amount,
            bare=not sized and amount < _BARE_BELOW,
            by=self.by,
            timing=timing,
            clear=clear,
            text=text,
        )


def _kind(kinds: list[DeclarationKind]) -> DeclarationKind:
    if not kinds:
        return DeclarationKind.NONE
    first = kinds[0]
    if first in (DeclarationKind.BET, DeclarationKind.RAISE):
        later = [k for k in kinds[1:] if k in _OVERRIDES]
        return later[0] if later else first
    return first


def _phrase(tokens: list[str], at: int, lang: str) -> tuple[DeclarationKind, int] | None:
    """The longest action phrase starting at ``at``, in ``lang`` or in English."""
    for length in range(min(_LONGEST_PHRASE, len(tokens) - at), 0, -1):
        phrase = " ".join(tokens[at : at + length])
        kind = _ACTIONS[lang].get(phrase) or _ACTIONS["en"].get(phrase)
        if kind is not None:
            return kind, at + length
    return None


def _is_number_start(token: str, lang: str) -> bool:
    """Digits, a number word, or a size word said alone ("a thousand", "тысяча"); a letter
    alone ("k", "к") is no number."""
    if token[0].isdigit() or token in _NUMBERS[lang] or token in _NUMBERS["en"]:
        return True
    return len(token) > 1 and (token in _MULTIPLIERS[lang] or token in _MULTIPLIERS["en"])


def _number(tokens: list[str], at: int, lang: str) -> tuple[Fraction, bool, int]:
    """The number spoken from ``at`` on: its value, whether its size was said, and the end.

    Words add up ("twenty five", "двести пятьдесят"); a multiplier scales what came before it
    ("fourteen hundred", "две тысячи").
    """
    total, current, sized = Fraction(0), Fraction(0), False
    while at < len(tokens):
        token = tokens[at]
        multiplier = _MULTIPLIERS[lang].get(token) or _MULTIPLIERS["en"].get(token)
        if token[0].isdigit():
            if current:
                break  # a second number
            current, sized = _digits(token)
            at += 1
        elif multiplier is not None:
            sized = True
            if multiplier < 1000:
                current = max(current, Fraction(1)) * multiplier
            else:
                total += max(current, Fraction(1)) * multiplier
                current = Fraction(0)
            at += 1
        elif token in _CONNECTORS[lang] and at + 1 < len(tokens):
            at += 1
        else:
            word = _number_word(tokens, at, lang)
            if word is None:
                break
            value, at = word
            current += value
            sized = sized or value >= _BARE_BELOW
    return total + current, sized, at


def _number_word(tokens: list[str], at: int, lang: str) -> tuple[Fraction, int] | None:
    """The longest number word or compound ("quatre vingt dix") starting at ``at``."""
    for length in range(min(3, len(tokens) - at), 0, -1):
        words = " ".join(tokens[at : at + length])
        value = _NUMBERS[lang].get(words)
        if value is None:
            value = _NUMBERS["en"].get(words)
        if value is not None:
            return value, at + length
    return None


def _digits(token: str) -> tuple[Fraction, bool]:
    """A digit token: "1500", "1,500", "1.5k", "5к". A separator followed by exactly three
    digits (and no suffix) groups thousands; otherwise it is a decimal point."""
    match = _DIGITS.fullmatch(token)
    assert match is not None  # the tokeniser only makes such tokens
    number, suffix = match.groups()
    parts = re.split(r"[.,]", number)
    if not suffix and len(parts) > 1 and all(len(p) == 3 for p in parts[1:]):
        value = Fraction(int("".join(parts)))
    elif len(parts) > 2:
        raise MalformedInputError(f"{token!r} is not a number", constraint="speech")
    else:
        value = Fraction(number.replace(",", "."))
    scale = SUFFIXES.get(suffix, 1) if suffix else 1
    return value * scale, bool(suffix)
