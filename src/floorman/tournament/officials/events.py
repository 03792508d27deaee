"""What the officials' own records add to the log: a ruling put on the record.

Apart from :mod:`floorman.tournament.events` (which keeps the union of every event) so that
each module stays one concept; same shape as every tournament event: frozen plain values, a
stable ``kind``, a schema ``version``, and the rule applied. Penalties and confiscated chips
need no event of their own: they are ``PenaltyGiven`` and ``ChipsRemoved``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingRecorded:
    """An official's ruling outside a recorded hand, on the record with the rule he applied:
    a player who folded to a deliberate miscall brings it to the director, who may rule for
    fairness against the technical rules (Poland §46.3, §1.6; TDA R1). floorman records the
    decision; it never takes it. The records read it as a ruling (its ``kind`` says so)."""

    kind: ClassVar[str] = "ruling-recorded"
    version: ClassVar[int] = 1
    rule: str
    """The rule he rules under (``§46.3``)."""
    decision: str
    """What he decided, in his words."""
    reason: str
    entry: str = ""
    """The player who brought the matter, if one did."""
    others: tuple[str, ...] = ()
    """Other players the ruling concerns."""
    table: int | None = None
    sets_aside: str = ""
    """A technical rule the ruling departs from for fairness, if it does (Poland §1.6)."""
    by_role: str
    power_rule: str
    """The rule that lets ``by_role`` rule (the profile's catalogue ``[rulings]``)."""
    at: float
