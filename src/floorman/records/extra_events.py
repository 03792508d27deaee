"""Events the records read by their ``kind``: money bought during play, penalties, deals,
disqualifications and the officials' rulings.

These events are added to the tournament's log by other parts of floorman as those land, so the
records do not import their classes: they recognise an event by its ``kind`` (a stable name,
DESIGN.md) and read the fields they need by name, with defaults. An event of another kind is
ignored, since the records only project the log (clock, seating and table events have nothing to
add to the results). The readers name every field they look for, so when an event's shape is
fixed, this is the one module to align.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True, kw_only=True)
class Purchase:
    """Chips bought after the first buy-in: a rebuy or an add-on."""

    entry: str
    kind: str
    """``rebuy`` or ``add-on``."""
    at: float
    chips: int = 0
    amount: int = 0
    """What the purchase added to the prize pool."""
    rule: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRecord:
    """Players left agreed to split the prizes (a chop)."""

    at: float
    method: str
    """``chip-chop``, ``icm``, ``hybrid`` or ``custom``."""
    shares: tuple[tuple[str, int], ...]
    """Each entry in the deal with the prize it takes."""
    left_in_play: int = 0
    """Money the deal left to play for (first place's remainder), if any."""
    rule: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """A penalty given to an entry, with the offence and the rule applied."""

    entry: str
    at: float
    penalty: str
    """``warning``, ``2-hands``, ``1-round``, ``disqualification``..."""
    offence: str = ""
    rule: str = ""
    given_by: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingRecord:
    """An official's decision on the record: a ruling, a protest decided, a departure from a
    written rule (TDA R1, Belarus 2.1.3 and 7.3.1, Poland §1.6)."""

    at: float
    rule: str
    decision: str
    entry: str = ""
    given_by: str = ""
    reason: str = ""


class Sink(Protocol):
    """Where the readers put what they find (:mod:`floorman.records.results` fills it)."""

    def purchase(self, purchase: Purchase) -> None: ...

    def pool(self, pool: int) -> None: ...

    def deal(self, deal: DealRecord) -> None: ...

    def penalty(self, penalty: PenaltyRecord) -> None: ...

    def ruling(self, ruling: RulingRecord) -> None: ...

    def disqualified(self, entry: str, *, place: int | None, rule: str) -> None: ...

    def prize(self, entry: str, prize: int) -> None: ...


def read(event: object, sink: Sink) -> None:
    """Put what ``event`` adds to the records into ``sink``; other events add nothing."""
    kind = str(getattr(event, "kind", ""))
    if any(word in kind for word in _NOT_DONE):
        return
    for marker, reader in _READERS.items():
        if marker in kind:
            reader(event, sink)
            return


def _text(event: object, *names: str) -> str:
    for name in names:
        value = getattr(event, name, None)
        if value is not None and value != "":
            return str(value)
    return ""


def _number(event: object, *names: str) -> int:
    for name in names:
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def _at(event: object) -> float:
    value = getattr(event, "at", 0.0)
    return float(value) if isinstance(value, int | float) else 0.0


def _purchase(event: object, sink: Sink) -> None:
    kind = str(getattr(event, "kind", ""))
    sink.purchase(
        Purchase(
            entry=_text(event, "entry"),
            kind="add-on" if "add" in kind else "rebuy",
            at=_at(event),
            chips=_number(event, "chips", "stack"),
            amount=_number(event, "amount", "price", "buy_in"),
            rule=_text(event, "rule"),
        )
    )
    pool = _number(event, "pool")
    if pool:
        sink.pool(pool)


def _deal(event: object, sink: Sink) -> None:
    shares = getattr(event, "shares", None) or getattr(event, "prizes", ())
    pairs = tuple((str(e), p) for e, p in _pairs(shares) if isinstance(p, int))
    if not pairs:
        return
    sink.deal(
        DealRecord(
            at=_at(event),
            method=_text(event, "method") or "custom",
            shares=pairs,
            left_in_play=_number(event, "left_in_play", "remainder"),
            rule=_text(event, "rule"),
        )
    )
    for entry, prize in pairs:
        sink.prize(entry, prize)


def _pairs(value: object) -> list[tuple[object, object]]:
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, tuple | list):
        return [(p[0], p[1]) for p in value if isinstance(p, tuple | list) and len(p) == 2]
    return []


def _penalty(event: object, sink: Sink) -> None:
    penalty = _text(event, "penalty", "step", "sanction")
    sink.penalty(
        PenaltyRecord(
            entry=_text(event, "entry"),
            at=_at(event),
            penalty=penalty,
            offence=_text(event, "offence"),
            rule=_text(event, "rule"),
            given_by=_text(event, "given_by", "role", "by"),
            reason=_text(event, "reason"),
        )
    )


def _disqualified(event: object, sink: Sink) -> None:
    place = getattr(event, "place", None)
    sink.disqualified(
        _text(event, "entry"),
        place=place if isinstance(place, int) else None,
        rule=_text(event, "rule"),
    )
    sink.penalty(
        PenaltyRecord(
            entry=_text(event, "entry"),
            at=_at(event),
            penalty="disqualification",
            offence=_text(event, "offence"),
            rule=_text(event, "rule"),
            given_by=_text(event, "given_by", "role", "by"),
            reason=_text(event, "reason"),
        )
    )


def _ruling(event: object, sink: Sink) -> None:
    sink.ruling(
        RulingRecord(
            at=_at(event),
            rule=_text(event, "rule"),
            decision=_text(event, "decision", "ruling", "text", "message"),
            entry=_text(event, "entry"),
            given_by=_text(event, "given_by", "role", "by"),
            reason=_text(event, "reason"),
        )
    )


_NOT_DONE = ("propos", "declin", "reject", "withdraw")
"""A deal proposed but not (yet) agreed, or a step taken back, changes no results."""

_READERS: Mapping[str, Callable[[object, Sink], None]] = {
    "disqualif": _disqualified,
    "rebuy": _purchase,
    "re-buy": _purchase,
    "add-on": _purchase,
    "addon": _purchase,
    "penalty": _penalty,
    "deal": _deal,
    "ruling": _ruling,
    "protest": _ruling,
    "override": _ruling,
}
"""Kind markers, most specific first (a disqualification may also be a penalty)."""
