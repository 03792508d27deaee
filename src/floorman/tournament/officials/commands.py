"""The officials' commands: penalties, chips confiscated, rulings put on the record.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`).
floorman never judges conduct (issue 6): the floor names the offence from the profile's
catalogue and, if he wants, the penalty; floorman checks his powers, records it with the rule
broken, applies its mechanical effects (hands to sit out, chips out of play, a place) and
carries it across tables and days. The decisions live in :mod:`.discipline`,
:mod:`.confiscation`, :mod:`.disqualification`, :mod:`.penalty_elimination` and
:mod:`.official_rulings`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from floorman.errors import MalformedInputError
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.after_hand import after_eliminations
from floorman.tournament.fold import Fold
from floorman.tournament.officials import discipline, disqualification, penalty_elimination
from floorman.tournament.officials.confiscation import confiscate
from floorman.tournament.officials.penalties import TAKES_OUT, PenaltyKind, Role
from floorman.tournament.officials.rulings import decide_ruling
from floorman.tournament.officials.table_calls import decide_call, decide_override

if TYPE_CHECKING:
    from floorman.tournament.events import PenaltyGiven
    from floorman.tournament.officials.penalties import Penalty


def give_penalty(
    fold: Fold,
    *,
    entry: str,
    offence: str,
    by_role: Role | str,
    at: float,
    step: str | None = None,
    rng: random.Random | None = None,
) -> tuple[TournamentEvent, ...]:
    """A penalty from the profile's catalogue: the scale's next step for the offence, or
    ``step`` if the official names one. A disqualification or an elimination takes the
    player out at once and reseats the field (``rng``: the draws that may follow)."""
    penalty, given = discipline.decide_penalty(
        fold.state, entry=entry, offence=offence, by_role=by_role, at=at, step=step
    )
    return _penalise(fold, penalty, given, (), at, rng)


def confiscate_chips(
    fold: Fold,
    *,
    entry: str,
    chips: int,
    offence: str,
    by_role: Role | str,
    at: float,
    step: str | None = None,
    rng: random.Random | None = None,
) -> tuple[TournamentEvent, ...]:
    """``chips`` of ``entry``'s stack forfeited and out of play for an offence whose
    catalogue entry forfeits chips (TDA R63, RedCactus 63, PokerStars Live 3.6, Poland
    §23.2), with the offence's penalty: the scale's next step or ``step``. The lightest is
    a warning; a disqualification removes the rest of his stack too."""
    penalty, given = discipline.decide_penalty(
        fold.state, entry=entry, offence=offence, by_role=by_role, at=at, step=step
    )
    takes_out = penalty.kind in TAKES_OUT
    removed = confiscate(fold.state, entry=entry, chips=chips, offence=offence, takes_out=takes_out)
    return _penalise(fold, penalty, given, (removed,), at, rng)


def record_ruling(
    fold: Fold,
    *,
    rule: str,
    decision: str,
    reason: str,
    by_role: Role | str,
    at: float,
    entry: str = "",
    others: Sequence[str] = (),
    table: int | None = None,
    sets_aside: str = "",
) -> tuple[TournamentEvent, ...]:
    """An official's ruling on the record (Poland §46.3: the director rules on a fold
    made to a deliberate miscall, for fairness even against ``sets_aside``)."""
    ruling = decide_ruling(
        fold.state,
        rule=rule,
        decision=decision,
        reason=reason,
        by_role=by_role,
        at=at,
        entry=entry,
        others=others,
        table=table,
        sets_aside=sets_aside,
    )
    return fold.emit([ruling])


def call_director(
    fold: Fold, *, table: int, reason: str = "", by_role: str, at: float
) -> tuple[TournamentEvent, ...]:
    """The director called to ``table`` (:mod:`.table_calls`)."""
    return fold.emit([decide_call(fold.state, table=table, reason=reason, by_role=by_role, at=at)])


def override_table_ruling(
    fold: Fold,
    *,
    table: int,
    after_step: int,
    target: int,
    choice: str,
    reason: str,
    by_role: str,
    at: float,
    action: str = "",
    to: int | None = None,
) -> tuple[TournamentEvent, ...]:
    """The director's override of a ruling of ``table``'s hand in play (TDA R1), on the
    record for the tablet's hand to apply (:mod:`.table_calls`)."""
    event = decide_override(
        fold.state,
        table=table,
        after_step=after_step,
        target=target,
        choice=choice,
        reason=reason,
        by_role=by_role,
        at=at,
        action=action,
        to=to,
    )
    return fold.emit([event])


def record_misdeal(fold: Fold, *, table: int, at: float) -> tuple[TournamentEvent, ...]:
    """A misdeal at ``table``: penalty hands killed in it count now, once (R35-C, D11)."""
    return fold.emit(discipline.record_misdeal(fold.state, table, at))


def _penalise(
    fold: Fold,
    penalty: Penalty,
    given: PenaltyGiven,
    effects: Sequence[TournamentEvent],
    at: float,
    rng: random.Random | None,
) -> tuple[TournamentEvent, ...]:
    """Record the penalty and its immediate ``effects``; one that ends his event takes him
    out and what follows a player leaving follows."""
    if penalty.kind not in TAKES_OUT:
        return fold.emit([given, *effects])
    if rng is None:
        raise MalformedInputError(f"a {penalty.kind} needs an rng", constraint="rng")
    events = fold.emit([given, *effects])
    entry = given.entry
    if penalty.kind is PenaltyKind.ELIMINATION:
        events += fold.emit(penalty_elimination.eliminate(fold.state, entry, at))
    else:
        events += fold.emit(disqualification.disqualify(fold.state, entry, at))
    return events + tuple(after_eliminations(fold, at, rng, True))
