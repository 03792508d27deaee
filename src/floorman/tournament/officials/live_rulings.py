"""A live table's hand read for its rulings: what the tournament records with the hand.

The live hand's history (:mod:`floorman.live.live_events`) interleaves the engine's events with
the table's rulings; :func:`rulings_of` keeps the rulings, in the order they were made, each
with its rule, message key and parameters, who decided it and the player it concerns (the seat
read as the entry dealt in there). The engine events a ruling caused (a hand killed, chips
forfeited) are its effects, not rulings of their own, and a board's repair plan is the ruling
before it, so neither is listed again.

The director's decision on a referred point and his override of an automatic ruling are
recorded without their ruling, which is rebuilt here by the same functions that made it
(:func:`floorman.live.director.rulings.resolution_ruling`, :func:`~floorman.live.director.rulings.
override_ruling`), so the record carries the same message key as the table showed.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.live.director.decision import pick
from floorman.live.director.rulings import override_ruling, resolution_ruling
from floorman.live.live_events import (
    ClockExpired,
    DirectorOverridden,
    OutOfTurnBound,
    OutOfTurnHeld,
    OutOfTurnOverridden,
    OutOfTurnSettled,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)
from floorman.live.live_hand import HistoryEvent, LiveHand
from floorman.live.notes import action_text
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import Ruling
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.officials.hand_rulings import RulingKind, TableRuling

RULES = "rules"
"""Who decided an automatic ruling: the profile's rules, applied by floorman."""


def rulings_of(setup: HandSetup, live: LiveHand) -> tuple[TableRuling, ...]:
    """The rulings made during ``live``, the hand dealt from ``setup``, oldest first."""
    reader = _Reader(setup, live.rules)
    found = (reader.read(event) for event in live.history)
    return tuple(ruling for ruling in found if ruling is not None)


class _Reader:
    """Reads one history: it remembers the referred points, which their decisions need."""

    __slots__ = ("made_on", "pending", "rules", "setup")

    def __init__(self, setup: HandSetup, rules: Ruleset) -> None:
        self.setup = setup
        self.rules = rules
        self.pending: dict[str, RulingPending] = {}
        self.made_on: dict[str, int | None] = {}
        """The seat of each automatic ruling, by id: its override concerns him too."""

    def entry(self, seat: int | None) -> str | None:
        seats = self.setup.seats
        return seats[seat] if seat is not None and 0 <= seat < len(seats) else None

    def read(self, event: HistoryEvent) -> TableRuling | None:
        if isinstance(event, RulingMade):
            return self.made(event)
        if isinstance(event, OutOfTurnHeld | OutOfTurnSettled):
            outcome = _out_of_turn_outcome(event)
            return TableRuling(
                kind=RulingKind.OUT_OF_TURN,
                ruling=event.ruling,
                decided_by=RULES,
                entry=self.entry(event.seat),
                outcome=outcome,
            )
        if isinstance(event, OutOfTurnBound):
            return TableRuling(
                kind=RulingKind.OUT_OF_TURN,
                ruling=event.ruling,
                decided_by=RULES,
                entry=self.entry(event.skipped),
                outcome="bound",
            )
        if isinstance(event, RulingPending):
            return self.referred(event)
        if isinstance(event, RulingResolved):
            return self.decision(event)
        if isinstance(event, RulingOverridden):
            return self.override(event)
        if isinstance(event, ClockExpired):
            return TableRuling(
                kind=RulingKind.RULING,
                ruling=event.ruling,
                decided_by=RULES,
                entry=self.entry(event.seat),
                outcome="clock-expired",
            )
        if isinstance(event, DirectorOverridden | OutOfTurnOverridden):
            return self.rebuilt(event)
        return None

    def made(self, event: RulingMade) -> TableRuling:
        self.made_on[event.id] = event.seat
        return TableRuling(
            kind=RulingKind.RULING,
            ruling=event.ruling,
            decided_by=RULES,
            id=event.id,
            entry=self.entry(event.seat),
            outcome=event.outcome,
            options=event.alternatives,
        )

    def referred(self, event: RulingPending) -> TableRuling:
        self.pending[event.id] = event
        rule = event.rules[0] if event.rules else self.rules.cite(pick(self.rules, "director"))
        # the message is the key's template, so it renders in every language; the question
        # itself is free English text, kept as a param for the record
        question = Ruling(
            rule,
            "ruling-pending",
            f"play waits for the director's ruling {event.id}",
            (("id", event.id), ("question", event.question)),
        )
        return TableRuling(
            kind=RulingKind.REFERRED,
            ruling=question,
            decided_by="",
            id=event.id,
            entry=self.entry(event.seat),
            options=event.options,
        )

    def decision(self, event: RulingResolved) -> TableRuling:
        pending = self.pending.get(event.id)
        if pending is None:  # a history cut before its question: the decision alone
            pending = RulingPending(id=event.id, topic="", question="", options=(), rules=())
        ruling = replace(resolution_ruling(self.rules, pending, event.option), rule=event.rule)
        return TableRuling(
            kind=RulingKind.DECISION,
            ruling=ruling,
            decided_by=event.by,
            id=event.id,
            entry=self.entry(pending.seat),
            outcome=event.option,
            reason=event.reason,
        )

    def override(self, event: RulingOverridden) -> TableRuling:
        ruling = replace(override_ruling(self.rules, event.outcome), rule=event.rule)
        return TableRuling(
            kind=RulingKind.OVERRIDE,
            ruling=ruling,
            decided_by=event.by,
            id=event.id,
            entry=self.entry(self.made_on.get(event.id)),
            outcome=event.outcome,
            reason=event.reason,
        )

    def rebuilt(self, event: DirectorOverridden | OutOfTurnOverridden) -> TableRuling:
        """An override the hand was rebuilt under (a clock expiry, a settled action out of
        turn...): the director's rule (R1) first, with what he put in place and why."""
        rule = event.rules[0] if event.rules else self.rules.cite(pick(self.rules, "director"))
        if isinstance(event, DirectorOverridden):
            key, subject, choice = "director-overridden", event.subject, event.choice
            message = f"the director overrides the {subject} ruling: {choice}"
            params: tuple[tuple[str, int | str], ...] = (("subject", subject), ("choice", choice))
        else:
            choice = "bind" if event.binding else "release"
            key = "out-of-turn-overridden"
            message = f"the director overrides seat {event.seat}'s action out of turn: {choice}"
            params = (("seat", event.seat), ("choice", choice))
        instead = event.instead
        return TableRuling(
            kind=RulingKind.OVERRIDE,
            ruling=Ruling(rule, key, message, params),
            decided_by=event.by,
            entry=self.entry(event.seat),
            outcome=choice if instead is None else f"{choice}: {action_text(instead)}",
            reason=event.reason,
        )


def _out_of_turn_outcome(event: OutOfTurnHeld | OutOfTurnSettled) -> str:
    if isinstance(event, OutOfTurnHeld):
        return "held"
    return "binds" if event.applied else "released"
