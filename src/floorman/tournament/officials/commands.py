"""The officials' commands: penalties, chips confiscated, rulings put on the record.

:class:`OfficialCommands` is a base of :class:`~floorman.tournament.aggregate.Tournament`, like
:class:`~floorman.tournament.floor.manual_commands.ManualCommands`: each public method checks first
and changes nothing when it refuses, then returns the events it decided, applied. floorman never
judges conduct (issue 6): the floor names the offence from the profile's catalogue and, if he
wants, the penalty; floorman checks his powers, records it with the rule broken, applies its
mechanical effects (hands to sit out, chips out of play, a place) and carries it across tables
and days. The decisions live in :mod:`.discipline`, :mod:`.confiscation`,
:mod:`.disqualification`, :mod:`.penalty_elimination` and :mod:`.official_rulings`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from floorman.errors import MalformedInputError
from floorman.tournament.events import TournamentEvent
from floorman.tournament.officials import discipline, disqualification, penalty_elimination
from floorman.tournament.officials.confiscation import confiscate
from floorman.tournament.officials.penalties import TAKES_OUT, PenaltyKind, Role
from floorman.tournament.officials.rulings import decide_ruling
from floorman.tournament.officials.table_calls import decide_call, decide_override
from floorman.tournament.state import TournamentState

if TYPE_CHECKING:
    from floorman.tournament.events import PenaltyGiven
    from floorman.tournament.officials.penalties import Penalty


class _Host(Protocol):
    """What these commands use of the aggregate."""

    state: TournamentState

    def _emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]: ...

    def _after_eliminations(
        self, at: float, rng: random.Random, seats_changed: bool
    ) -> list[TournamentEvent]: ...


class OfficialCommands:
    """Penalties given (with their effects), chips confiscated, rulings recorded."""

    def give_penalty(
        self: _Host,
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
            self.state, entry=entry, offence=offence, by_role=by_role, at=at, step=step
        )
        return _penalise(self, penalty, given, (), at, rng)

    def confiscate_chips(
        self: _Host,
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
            self.state, entry=entry, offence=offence, by_role=by_role, at=at, step=step
        )
        takes_out = penalty.kind in TAKES_OUT
        removed = confiscate(
            self.state, entry=entry, chips=chips, offence=offence, takes_out=takes_out
        )
        return _penalise(self, penalty, given, (removed,), at, rng)

    def record_ruling(
        self: _Host,
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
            self.state,
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
        return self._emit([ruling])

    def call_director(
        self: _Host, *, table: int, reason: str = "", by_role: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """The director called to ``table`` (:mod:`.table_calls`)."""
        return self._emit(
            [decide_call(self.state, table=table, reason=reason, by_role=by_role, at=at)]
        )

    def override_table_ruling(
        self: _Host,
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
            self.state,
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
        return self._emit([event])


def _penalise(
    host: _Host,
    penalty: Penalty,
    given: PenaltyGiven,
    effects: Sequence[TournamentEvent],
    at: float,
    rng: random.Random | None,
) -> tuple[TournamentEvent, ...]:
    """Record the penalty and its immediate ``effects``; one that ends his event takes him
    out and what follows a player leaving follows."""
    if penalty.kind not in TAKES_OUT:
        return host._emit([given, *effects])
    if rng is None:
        raise MalformedInputError(f"a {penalty.kind} needs an rng", constraint="rng")
    events = host._emit([given, *effects])
    entry = given.entry
    if penalty.kind is PenaltyKind.ELIMINATION:
        events += host._emit(penalty_elimination.eliminate(host.state, entry, at))
    else:
        events += host._emit(disqualification.disqualify(host.state, entry, at))
    return events + tuple(host._after_eliminations(at, rng, True))
