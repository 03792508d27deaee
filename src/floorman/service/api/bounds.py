"""The bounds of every value a client sends: numbers, texts and collections, checked at the
edge before a command is built (issue 20, item 3).

A number too big for the screens' JSON (orjson writes 64-bit integers at most), a float
beyond any clock, a name of ten thousand characters: each would be stored and then break
every view that shows it. :func:`check_payload` walks a request's JSON once and refuses the
first value out of bounds with a 422 naming its field and the constraint it broke, before
anything is decided, so a refusal changes nothing.

A value's bound comes from the nearest field above it that has one (``counts`` bounds the
chips of every entry it maps, ``stacks_after`` the chips of its ``[entry, chips]`` pairs);
a value under no bounded field gets the generic one. The bounds come from the rulebooks and
the event: a table seats at most :data:`~floorman.tournament.seating.tables.MAX_SEATS` (the most any
supported rulebook allows), a level lasts minutes, not years, a level's time is changed by
at most a day at once; chips and money stay below a trillion, which no real event comes
near and whose sums stay within 64 bits. The friendly routes' models hold the same limits,
so the generic command route refuses what they refuse.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NoReturn

from floorman.errors import MalformedInputError
from floorman.tournament.seating.tables import MAX_SEATS

MAX_CHIPS = 10**12
"""Chips, money and prize amounts (a trillion: 64-bit sums of ten thousand stacks)."""
MAX_TABLES = 10_000
"""Table numbers (ten thousand tables: 90,000 seats, beyond any field)."""
MAX_SECONDS = 86_400
"""Time added to or taken from a level at once: a day."""
MAX_MINUTES = 10_080
"""A level's or break's length: a week."""
SAFE_INTEGER = 2**53 - 1
"""Any other whole number: what every JSON reader, a browser's too, holds exactly."""
MAX_TEXT = 2_000
"""Any text without a bound of its own."""
MAX_ITEMS = 10_000
"""Items of one list or keys of one object."""


@dataclass(frozen=True, slots=True)
class Bound:
    """The range of a field's numbers (and its texts' length), and the constraint it names."""

    low: float
    high: float
    constraint: str
    text: int = MAX_TEXT


GENERIC = Bound(-SAFE_INTEGER, SAFE_INTEGER, "number-range")


def _text(length: int) -> Bound:
    """The generic bound of numbers, with texts of at most ``length`` characters."""
    return Bound(GENERIC.low, GENERIC.high, GENERIC.constraint, text=length)


CHIPS = Bound(-MAX_CHIPS, MAX_CHIPS, "chips-range")
TABLE = Bound(1, MAX_TABLES, "table-range")

FIELDS: Mapping[str, Bound] = {
    **dict.fromkeys(
        (
            "chips",
            "counts",
            "amount",
            "amounts",
            "stack",
            "keep_for_winner",
            "denomination",
            "count",
            "remove",
            "stacks_before",
            "stacks_after",
            "stacks",
            "starting_stack",
            "small_blind",
            "big_blind",
            "ante",
            "bring_in",
            "buy_in",
            "fee",
            "guarantee",
            "to",
        ),
        CHIPS,
    ),
    **dict.fromkeys(("table", "to_table", "in_progress"), TABLE),
    **dict.fromkeys(("seat", "to_seat"), Bound(0, MAX_SEATS - 1, "seat-range")),
    "seats": Bound(0, MAX_SEATS, "seats-range"),
    "seconds": Bound(-MAX_SECONDS, MAX_SECONDS, "seconds-range"),
    "minutes": Bound(0, MAX_MINUTES, "minutes-range"),
    "hands": Bound(0, 1_000_000, "hands-range"),
    **dict.fromkeys(("name", "player"), _text(100)),  # RegisterBody
    **dict.fromkeys(("offence", "step"), _text(64)),  # PenaltyBody
    **dict.fromkeys(("by_role", "method"), _text(32)),
    **dict.fromkeys(("entry", "by", "same_hand", "others"), _text(64)),
}
"""Fields by name -> their bound. A name means the same in every command (``table`` is a
table number wherever it appears), which is what lets one table serve every command,
including those registered later."""


def check_payload(payload: object, *, where: str = "") -> None:
    """Refuse (422, :class:`~floorman.errors.MalformedInputError` naming the field and the
    constraint) the first value of ``payload`` out of its bound."""
    _check(payload, where, FIELDS.get(where, GENERIC))


def _check(value: object, path: str, bound: Bound) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int | float):
        _number(value, path, bound)
    elif isinstance(value, str):
        if len(value) > bound.text:
            _refuse(path, f"at most {bound.text} characters, not {len(value)}", "text-length")
    elif isinstance(value, list | tuple):
        _size(len(value), path)
        for index, item in enumerate(value):
            _check(item, f"{path}[{index}]", bound)
    elif isinstance(value, dict):
        _size(len(value), path)
        for key, item in value.items():
            _check(key, path, _text(bound.text))
            _check(item, _join(path, str(key)), FIELDS.get(str(key), bound))


def _number(value: float, path: str, bound: Bound) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        _refuse(path, f"a finite number, not {value!r}", bound.constraint)
    if not bound.low <= value <= bound.high:
        shown = repr(value) if len(str(value)) <= 30 else f"a number of {len(str(value))} digits"
        limits = f"from {_shown(bound.low)} to {_shown(bound.high)}"
        _refuse(path, f"{limits}, not {shown}", bound.constraint)


def _shown(limit: float) -> str:
    return f"{int(limit):,}"


def _size(length: int, path: str) -> None:
    if length > MAX_ITEMS:
        _refuse(path, f"at most {MAX_ITEMS:,} items, not {length:,}", "collection-size")


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


class OutOfBounds(MalformedInputError):
    """A value beyond its field's bound; ``field`` is where (as the codec names fields)."""

    def __init__(self, message: str, *, constraint: str, field: str) -> None:
        super().__init__(f"{field or 'value'}: {message}", constraint=constraint)
        self.field = field


def _refuse(path: str, message: str, constraint: str) -> NoReturn:
    raise OutOfBounds(message, constraint=constraint, field=path)
