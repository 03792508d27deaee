"""The officials' commands as typed values, with the handlers that run them.

Chips confiscated with their penalty (``Tournament.confiscate_chips``: TDA R63, PokerStars
Live 3.6, Poland §23.2) and a ruling put on the record (``Tournament.record_ruling``: Poland
§46.3), registered by name in :mod:`floorman.service.commands` like the ``penalty`` command,
so the API's generic command route takes them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfiscateChips:
    """``chips`` of ``entry``'s stack forfeited for ``offence``, with its penalty (the scale's
    next step, or ``step``)."""

    entry: str
    chips: int
    offence: str
    by_role: str
    step: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordRuling:
    """An official's ruling under ``rule``, with what he decided and why; ``sets_aside``: a
    technical rule he departed from for fairness."""

    rule: str
    decision: str
    reason: str
    by_role: str
    entry: str = ""
    others: tuple[str, ...] = ()
    table: int | None = None
    sets_aside: str = ""


def confiscate_chips(
    t: Tournament, c: ConfiscateChips, at: float, rng: random.Random
) -> Sequence[TournamentEvent]:
    return t.confiscate_chips(
        entry=c.entry,
        chips=c.chips,
        offence=c.offence,
        by_role=c.by_role,
        at=at,
        step=c.step,
        rng=rng,
    )


def record_ruling(
    t: Tournament, c: RecordRuling, at: float, rng: random.Random
) -> Sequence[TournamentEvent]:
    return t.record_ruling(
        rule=c.rule,
        decision=c.decision,
        reason=c.reason,
        by_role=c.by_role,
        at=at,
        entry=c.entry,
        others=c.others,
        table=c.table,
        sets_aside=c.sets_aside,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class CallDirector:
    """The dealer calls the director to ``table``, saying why."""

    table: int
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideTableRuling:
    """The director's ``choice`` in place of the ruling at ``target`` of ``table``'s hand in
    play, given after its ``after_step``-th step; ``action`` (``to``) where it plays one.
    The route ``POST .../tables/{t}/rulings/override`` checks it against the hand first."""

    table: int
    after_step: int
    target: int
    choice: str
    reason: str
    action: str = ""
    to: int | None = None
    by_role: str = "director"


def call_director(
    t: Tournament, c: CallDirector, at: float, rng: random.Random
) -> Sequence[TournamentEvent]:
    return t.call_director(table=c.table, reason=c.reason, by_role="dealer", at=at)


def override_table_ruling(
    t: Tournament, c: OverrideTableRuling, at: float, rng: random.Random
) -> Sequence[TournamentEvent]:
    return t.override_table_ruling(
        table=c.table,
        after_step=c.after_step,
        target=c.target,
        choice=c.choice,
        reason=c.reason,
        by_role=c.by_role,
        at=at,
        action=c.action,
        to=c.to,
    )
