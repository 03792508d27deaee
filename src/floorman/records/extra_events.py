"""What the records keep of money bought during play, penalties, deals and officials' rulings.

Rebuys, penalties and deals are read from the tournament's own events. An official's ruling (a
decision on a protest, a departure from a written rule: TDA R1, Belarus 2.1.3 and 7.3.1,
Poland §1.6) has no tournament event yet, so it is recognised by its ``kind`` (``ruling``,
``protest``, ``override``) and read field by field with defaults; when such an event lands,
:func:`ruling_record` is the one place to align.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.tournament.events import PenaltyGiven, RebuyMade
from floorman.tournament.money.deal_events import DealAccepted


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
    """``chip-chop``, ``icm``, ``hybrid``..."""
    shares: tuple[tuple[str, int], ...]
    """Each entry in the deal with the amount he is sure of."""
    left_in_play: int = 0
    """Money the deal left to play for, won by the winner."""
    rule: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """A penalty given to an entry, with the offence and the rule applied."""

    entry: str
    at: float
    penalty: str
    """The scale step: ``warning``, ``2-hands``, ``1-round``, ``disqualification``..."""
    offence: str = ""
    rule: str = ""
    given_by: str = ""
    hands: int = 0
    """Hands he sits out for it."""
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingRecord:
    """An official's decision on the record."""

    at: float
    rule: str
    decision: str
    entry: str = ""
    given_by: str = ""
    reason: str = ""


def purchase(event: RebuyMade) -> Purchase:
    return Purchase(
        entry=event.entry,
        kind="add-on" if event.add_on else "rebuy",
        at=event.at,
        chips=event.chips,
        amount=event.price,
        rule=event.rule,
    )


def penalty_record(event: PenaltyGiven) -> PenaltyRecord:
    return PenaltyRecord(
        entry=event.entry,
        at=event.at,
        penalty=event.step,
        offence=event.offence,
        rule=event.rule,
        given_by=event.by_role,
        hands=event.hands,
    )


def deal_record(event: DealAccepted) -> DealRecord:
    return DealRecord(
        at=event.at,
        method=event.method,
        shares=tuple(zip(event.players, event.amounts, strict=True)),
        left_in_play=event.left_to_play,
        rule=event.rule,
    )


_RULING_KINDS = ("ruling", "protest", "override")


def ruling_record(event: object) -> RulingRecord | None:
    """The ruling an event records, if its kind is one; ``None`` for any other event."""
    kind = str(getattr(event, "kind", ""))
    if not any(word in kind for word in _RULING_KINDS):
        return None
    return RulingRecord(
        at=_at(event),
        rule=_text(event, "rule"),
        decision=_text(event, "decision", "ruling", "text", "message"),
        entry=_text(event, "entry"),
        given_by=_text(event, "given_by", "by_role", "role", "by"),
        reason=_text(event, "reason"),
    )


def _text(event: object, *names: str) -> str:
    for name in names:
        value = getattr(event, name, None)
        if value is not None and value != "":
            return str(value)
    return ""


def _at(event: object) -> float:
    value = getattr(event, "at", 0.0)
    return float(value) if isinstance(value, int | float) else 0.0
