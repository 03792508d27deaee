"""A hand at a live table: the engine's hand, the dealer's reports, the director's rulings.

:class:`LiveHand` wraps a :class:`~floorman.engine.hand.Hand`. In-turn actions and deals go to
the engine as they are; what a live table adds goes through :meth:`LiveHand.record` (a dealer's
report: a misdeal, an exposed card, an absent player, an action out of turn, a board error) and
the director's :meth:`~LiveHand.resolve` and :meth:`~LiveHand.override`. Each answer is a ruling
citing the profile's rule and a run of events appended to the hand's history, which
interleaves the engine's events with those of :mod:`floorman.live.live_events`. The history is
the record: :meth:`LiveHand.from_events` folds it back into the same hand, checking nothing, and
the hand-history writers place its live events where they happened (:mod:`floorman.io.phh_live`).

The modules around it decide and the live hand records: a decider returns a
:class:`~floorman.live.decision.Decision` (a ruling and what it does) or an
:class:`~floorman.live.entries.Entry` (a live event and its engine step), and
:meth:`LiveHand.apply` and :meth:`LiveHand.enter` write it into the history. Only this class
writes the history.

The normal path costs the engine nothing: a hand without irregularities is the engine's hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from floorman.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
)
from floorman.engine.config import HandConfig
from floorman.engine.events import ChipsForfeited, Event, HandKilled
from floorman.engine.hand import Hand
from floorman.engine.phase import BET
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live import report_rulings
from floorman.live.assist import record as assist_record
from floorman.live.assist.types import AssistRuling
from floorman.live.deal_requests import LiveDealRequest as LiveDealRequest
from floorman.live.deal_requests import deal_request
from floorman.live.decision import DEAD, DEAD_AT_DEAL_END, LIVE, PENDING, Decision, pick
from floorman.live.director import show_requests, table_rulings
from floorman.live.director.rulings import (
    PendingRuling,
    check_choice,
    override_choices,
    override_effects,
    override_ruling,
    resolution_effects,
    resolution_ruling,
)
from floorman.live.entries import Entry
from floorman.live.irregularities import after_award, out_of_turn
from floorman.live.irregularities.reports import ActionOutOfTurn, Report
from floorman.live.live_events import (
    ClockCalled,
    ClockExpired,
    LiveEvent,
    OutOfTurnHeld,
    OutOfTurnSettled,
    Reading,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)
from floorman.live.live_result import HistoryEvent as HistoryEvent
from floorman.live.live_result import LiveResult as LiveResult
from floorman.live.live_result import opened
from floorman.live.live_state import LiveState
from floorman.live.pot_award import PotWinners, award_events, check_awardable
from floorman.rules.ruling import Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class Redeal:
    """The exact replay of a voided hand (TDA R35-C): the same button, level and players.

    ``dead_seats`` are dealt in and killed at once: players on penalty or absent at the first
    deal. The misdeal and its re-deal count as one hand of a penalty (``serve_hand(...,
    redeal=True)``).
    """

    config: HandConfig
    dead_seats: tuple[int, ...]


class LiveHand:
    """A hand at a live table. Build it from the hand's config; drive it with :meth:`act`,
    :meth:`record`, :meth:`resolve` and :meth:`override`."""

    __slots__ = ("config", "history", "rules", "state")

    def __init__(self, config: HandConfig, *, dead_seats: Iterable[int] = ()) -> None:
        """``dead_seats``: hands killed as soon as the initial deal is complete (players on
        penalty, TDA R71-C; the absent players of a misdealt hand, R35-C)."""
        self.config = config
        self.rules = config.ruleset
        self.state = LiveState(Hand(config))
        self.history: list[HistoryEvent] = list(self.state.hand.events)
        for seat in sorted(set(dead_seats)):
            self._dead_on_deal(seat, "penalty-dead")

    @classmethod
    def redealt(cls, redeal: Redeal) -> LiveHand:
        """The exact replay of a voided hand, its dead seats killed again (R35-C)."""
        live = cls(redeal.config)
        for seat in redeal.dead_seats:
            live._dead_on_deal(seat, "redeal")
        return live

    @classmethod
    def from_events(cls, config: HandConfig, history: Iterable[HistoryEvent]) -> LiveHand:
        """Rebuild a live hand from its history, checking nothing (a replay is a fold)."""
        live = cls.__new__(cls)
        live.config = config
        live.rules = config.ruleset
        live.state = LiveState(Hand.from_events(config, ()))
        live.history = []
        for event in history:
            live.history.append(event)
            live.state.fold(event, applied=False)  # a replay: apply and withdraw everything
        return live

    # --- reading -----------------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        return self.state.hand

    @property
    def pending(self) -> tuple[PendingRuling, ...]:
        return tuple(PendingRuling.of(p) for p in self.state.pending.values())

    def deal_request(self) -> LiveDealRequest | None:
        """What the dealer must deal next, if the hand waits for cards."""
        return deal_request(self.hand, self.state)

    def redeal(self) -> Redeal | None:
        """The re-deal a misdeal or a fouled deck calls for, once the hand is void."""
        if not self.state.voided:
            return None
        return Redeal(config=self.config, dead_seats=tuple(sorted(self.state.noted_dead)))

    # --- commands ----------------------------------------------------------------------------

    def act(self, action: Action, *, seat: int | None = None) -> LiveResult:
        """An action or a deal. A betting action claimed by a seat that is not to act is an
        action out of turn (R53); deals follow the board plan of any earlier board error."""
        self._refuse_while_waiting()
        hand = self.hand
        betting = isinstance(action, Fold | Check | Call | Raise | BringIn)
        if betting and seat is not None and hand.phase is BET and seat != hand.actor:
            return self.record(ActionOutOfTurn(seat=seat, action=action))  # type: ignore[arg-type]
        if isinstance(action, DealBoard | DealHole):
            action = self.state.checked_deal(action, self.rules)
        if isinstance(action, Muck):  # Poland §37.3: after a show out of turn, all show
            muck_seat = hand.actor if seat is None else seat
            table_rulings.must_show(self.rules, self.state.made.values(), hand, muck_seat or 0)
        actor = hand.actor
        if isinstance(action, Raise) and actor in self.state.passive:
            raise IllegalActionError(out_of_turn.passive_refusal(self.rules, actor))
        start = len(self.history)
        owed = self.state.owed.get(actor, 0) if actor is not None else 0
        if owed and actor is not None:  # before the action, which may end the hand
            # the engine judges the action on a copy first: a refusal forfeits nothing
            Hand.from_events(hand.config, hand.events).act(action, seat=seat)
            added = out_of_turn.adds(hand, action)
            self._forfeit(actor, out_of_turn.forfeit_now(hand, actor, owed, added))
        self._extend(self.hand.act(action, seat=seat))
        self._settle()
        return LiveResult(ruling=None, events=tuple(self.history[start:]))

    def record(self, report: Report, *, rng: random.Random | None = None) -> LiveResult:
        """A dealer's report, ruled on by the profile's rules. ``rng`` is the table's random
        source for the random choices some repairs make (TDA RP-14)."""
        if self.state.pending or not isinstance(report, show_requests.ShowRequested):
            self._refuse_while_waiting()  # a request to see a hand may follow the award
        start = len(self.history)
        if isinstance(report, ActionOutOfTurn):
            ruling = self._out_of_turn(report)
        else:
            decision = report_rulings.decide(self.hand, self.rules, self.state, report, rng)
            self._apply(decision, report)
            ruling = decision.ruling
        self._settle()
        events = tuple(self.history[start:])
        return LiveResult(ruling=ruling, events=events, pending=opened(events))

    def refer(
        self,
        question: str,
        options: Sequence[str],
        rules: Sequence[str],
        *,
        seat: int | None = None,
    ) -> PendingRuling:
        """Open a pending ruling for a discretionary point another module found (the dealer
        assist's undercalls, unclear bets...). ``rules`` are concepts of the profile (``R1`` if
        none is known); the caller applies the option the director chooses."""
        if self.hand.is_over:
            raise IllegalActionError(
                self.rules.ruling("hand-over", "hand-is-over", "the hand is over")
            )
        if len(options) < 2 or len(set(options)) != len(options):
            raise MalformedInputError("a ruling needs two or more options", constraint="options")
        refs = tuple(self.rules.cite(pick(self.rules, c)) for c in (*rules, "director"))
        event = RulingPending(
            id=self.state.next_id(),
            topic="custom",
            question=question,
            options=tuple(options),
            rules=tuple(dict.fromkeys(refs)),
            seat=seat,
        )
        self._append(event)
        return PendingRuling.of(event)

    def apply_assist(self, ruling: AssistRuling, *, seat: int) -> LiveResult:
        """Record the dealer assist's reading of what ``seat``, the player to act, said and
        pushed (:func:`floorman.live.assist.pushing.rule_action`): its ruling, the chips it forfeits
        and its action; or, pending, a ruling whose options are its readings, the chosen one
        played when it is resolved (:mod:`floorman.live.assist.record`)."""
        self._refuse_while_waiting()
        assist_record.check_reader(self.hand, seat)
        start = len(self.history)
        if ruling.pending:
            next_id = self.state.next_id()
            self._append(assist_record.pending_event(next_id, self.rules, ruling, seat))
        else:
            self._play(assist_record.reading_of(ruling), seat, made=True)
        events = tuple(self.history[start:])
        return LiveResult(ruling=ruling.ruling, events=events, pending=opened(events))

    def award(self, winners: Sequence[PotWinners]) -> LiveResult:
        """The recorder names the winners of each pot (main pot first) of a hand whose cards
        nobody recorded, once its betting is over (:mod:`floorman.live.pot_award`); none for a
        hand everyone else folded, which the engine awarded itself (R17-B)."""
        state = self.state
        check_awardable(
            self.hand, voided=state.voided, pending=bool(state.pending), named=len(winners)
        )
        if self.hand.is_over:
            return LiveResult(ruling=None, events=())
        start = len(self.history)
        self._extend(self.hand.record(*award_events(self.hand, winners)))
        return LiveResult(ruling=None, events=tuple(self.history[start:]))

    def apply(self, decision: Decision, report: Report | None = None) -> LiveResult:
        """Record a decision one of the live layer's deciders made (a ruling on a finished
        hand, a point for the director), then what follows by itself. The decider checked the
        moment; this records it as :meth:`record` would."""
        start = len(self.history)
        self._apply(decision, report)
        self._settle()
        events = tuple(self.history[start:])
        return LiveResult(ruling=decision.ruling, events=events, pending=opened(events))

    def enter(self, entry: Entry) -> LiveResult:
        """Record an entry a helper decided (:mod:`floorman.live.entries`): its engine step,
        the live event counting the engine events caused, those events, then what follows by
        itself. A refused engine step records nothing."""
        effects = list(self.hand.record(*entry.effects)) if entry.effects else []
        if entry.action is not None:
            effects += self.hand.act(entry.action, seat=entry.seat)
        if entry.expire_clock:
            effects += self.hand.expire_clock()
        event = entry.event
        if isinstance(event, RulingPending):
            event = replace(event, id=event.id or self.state.next_id())
        elif not isinstance(event, ClockCalled):
            event = replace(event, effects=len(effects))
        start = len(self.history)
        self._append(event)
        self._extend(effects)
        self._settle()
        events = tuple(self.history[start:])
        ruling = event.ruling if isinstance(event, ClockExpired) else None
        return LiveResult(ruling=ruling, events=events, pending=opened(events))

    def adopt(self, rebuilt: LiveHand) -> None:
        """Take the history and state of ``rebuilt``, this hand rebuilt with an earlier moment
        changed (the director's overrides, :mod:`floorman.live.director.overrides`)."""
        self.history, self.state = rebuilt.history, rebuilt.state

    def resolve(self, ruling_id: str, option: str, *, by: str, reason: str) -> LiveResult:
        """The director answers a pending ruling."""
        pending = self.state.pending.get(ruling_id)
        if pending is None:
            raise MalformedInputError(f"no ruling {ruling_id!r} is pending", constraint="ruling-id")
        check_choice(option, pending.options, by=by, reason=reason)
        assist_record.check_playable(self.rules, tuple(self.state.pending), pending)
        ruling = resolution_ruling(self.rules, pending, option)
        start = len(self.history)
        effects = self.hand.record(*resolution_effects(self.hand, pending, option, ruling))
        self._append(
            RulingResolved(
                id=ruling_id,
                option=option,
                by=by,
                reason=reason,
                rule=ruling.rule,
                effects=len(effects),
            )
        )
        self._extend(effects)
        reading = assist_record.chosen_reading(pending, option)
        if reading is not None and pending.seat is not None:
            self._play(reading, pending.seat, made=False)
        found = after_award.chosen_effects(self.hand, self.state.made.values(), pending, option)
        self._extend(self.hand.record(*found) if found else ())
        self._settle()
        return LiveResult(ruling=ruling, events=tuple(self.history[start:]))

    def override(self, ruling_id: str, outcome: str, *, by: str, reason: str) -> LiveResult:
        """The director puts another outcome in place of an automatic ruling (TDA R1)."""
        made = self.state.made.get(ruling_id)
        if made is None:
            raise MalformedInputError(f"no ruling {ruling_id!r} was made", constraint="ruling-id")
        current = self.state.outcomes[ruling_id]
        check_choice(outcome, override_choices(made, current), by=by, reason=reason)
        ruling = override_ruling(self.rules, outcome)
        withdraw, planned = override_effects(self.hand, made, current, outcome, ruling)
        start = len(self.history)
        if withdraw:
            self.state.withdraw(withdraw)
        effects = self.hand.record(*planned) if planned else ()
        event = RulingOverridden(
            id=ruling_id,
            outcome=outcome,
            by=by,
            reason=reason,
            rule=ruling.rule,
            withdrawn=withdraw,
            effects=len(effects),
        )
        self._append(event)
        self._extend(effects)
        self._settle()
        return LiveResult(ruling=ruling, events=tuple(self.history[start:]))

    # --- deciding ----------------------------------------------------------------------------

    def _apply(self, decision: Decision, report: Report | None) -> None:
        """Record a decision: its ruling, plan and pending point, then its engine events."""
        deal: DealBoard | DealHole | None = decision.deal
        if deal is not None:  # a deal comes alone: the engine checks it before any change
            deal = self.state.checked_deal(deal, self.rules)
        if decision.withdraw:
            self.state.withdraw(decision.withdraw)
        effects = list(self.hand.record(*decision.effects)) if decision.effects else []
        if deal is not None:
            effects += self.hand.act(deal)
        made = RulingMade(
            id=self.state.next_id(),
            ruling=decision.ruling,
            outcome=decision.outcome,
            alternatives=decision.alternatives,
            seat=decision.seat,
            report=report,
            withdrawn=decision.withdraw,
            effects=len(effects),
        )
        self._append(made)
        if decision.plan is not None:
            self._append(decision.plan)
        if decision.pending is not None and decision.outcome == PENDING:
            self._append(replace(decision.pending, id=self.state.next_id()))
        self._extend(effects)

    def _play(self, reading: Reading, seat: int, *, made: bool) -> None:
        """A dealer-assist reading: its forfeited chips, then its action, played as any other.
        The action is tried on a copy of the hand first, so that a refusal changes nothing."""
        action = reading.action
        if action is None:
            return
        Hand.from_events(self.config, self.hand.events).act(action, seat=seat)
        effects: tuple[Event, ...] = ()
        if reading.forfeit:
            effects = self.hand.record(ChipsForfeited(seat, reading.forfeit, reading.ruling))
        if made:
            self._append(
                RulingMade(
                    id=self.state.next_id(),
                    ruling=reading.ruling,
                    outcome=reading.option,
                    seat=seat,
                    effects=len(effects),
                )
            )
        self._extend(effects)
        self.act(action, seat=seat)

    def _out_of_turn(self, report: ActionOutOfTurn) -> Ruling:
        """Hold the action (or kill the hand for a fold), then check R53-B."""
        held = out_of_turn.record(self.hand, self.rules, report)
        if isinstance(held, Decision):
            self._apply(held, report)
            ruling = held.ruling
        else:
            self._append(held)
            ruling = held.ruling
        self._check_skipped()
        return ruling

    def _check_skipped(self) -> None:
        state = self.state
        skipped = self.hand.actor
        if skipped is None or skipped in state.bound_skipped:
            return
        street = self.hand.street
        actions = [k for s, st, k in state.oot if s == skipped and st == street]
        held = [h.seat for h in state.held.values() if h.skipped == skipped]
        found = out_of_turn.skipped_ruling(self.rules, skipped, actions, held)
        if found is not None:
            bound, pending = found
            self._append(bound)
            self._append(
                RulingPending(
                    id=state.next_id(),
                    topic=pending.topic,
                    question=pending.question,
                    options=pending.options,
                    rules=pending.rules,
                    seat=pending.seat,
                )
            )

    # --- what follows by itself --------------------------------------------------------------

    def _settle(self) -> None:
        """Dead hands at the end of the deal, then held actions the turn has reached."""
        state = self.state
        while not state.pending and not self.hand.is_over:
            if state.deal_done and state.to_kill:
                self._kill_at_deal_end(min(state.to_kill))
                continue
            stale = state.stale_held()
            if stale is not None:
                self._settle_held(stale, drop=True)
                continue
            actor = self.hand.actor
            if self.hand.phase is BET and actor in state.held:
                self._settle_held(state.held[actor], drop=False)
                continue
            break

    def _kill_at_deal_end(self, seat: int) -> None:
        """R30: the hand is dead once the deal is complete; in stud he still brings in (R30,
        RP-10-C)."""
        hand = self.hand
        effects: list[Event] = []
        if hand.stud and hand.actor == seat and hand.legal_options().bring_in:
            effects += hand.act(BringIn())
        ruling = self.rules.ruling(
            pick(self.rules, "absent"), "dead-hand", f"seat {seat}'s hand is dead", seat=seat
        )
        noted = self.state.noted_rule.get(seat)
        if noted is not None:  # the rule that marked him: absence, a penalty, a re-deal
            ruling = replace(ruling, rule=noted)
        if seat in self.hand.live:
            effects += self.hand.record(HandKilled(seat, ruling))
        made = RulingMade(
            id=self.state.next_id(),
            ruling=ruling,
            outcome=DEAD,
            alternatives=(LIVE,),
            seat=seat,
            effects=len(effects),
        )
        self._append(made)
        self._extend(effects)

    def _settle_held(self, held: OutOfTurnHeld, *, drop: bool) -> None:
        seat = held.seat
        if drop:
            ruling = held.ruling
            self._append(OutOfTurnSettled(seat=seat, applied=False, ruling=ruling))
            return
        bound = seat in self.state.bound
        applied, ruling, forfeit = out_of_turn.settle(self.hand, self.rules, held, bound=bound)
        effects: tuple[Event, ...] = ()
        if applied:
            try:
                effects = self.hand.act(held.action, seat=seat)
            except IllegalActionError as refused:
                applied, ruling = False, refused.ruling
        settled = OutOfTurnSettled(
            seat=seat, applied=applied, ruling=ruling, forfeit=forfeit, effects=len(effects)
        )
        self._append(settled)
        self._extend(effects)

    def _forfeit(self, seat: int, chips: int) -> None:
        """Belarus 4.10: the out-of-turn chips not covered by his action stay in the pot."""
        if chips <= 0:
            return
        ruling = out_of_turn.forfeit_ruling(self.rules, seat)
        effects = self.hand.record(ChipsForfeited(seat, chips, ruling))
        made = RulingMade(
            id=self.state.next_id(),
            ruling=ruling,
            outcome="chips-stay",
            seat=seat,
            effects=len(effects),
        )
        self._append(made)
        self._extend(effects)

    def _dead_on_deal(self, seat: int, concept: str) -> None:
        hand = self.hand
        if not 0 <= seat < hand.seat_count or not hand.in_hand[seat]:
            raise MalformedInputError(f"seat {seat} is not dealt in this hand", constraint="seat")
        ruling = self.rules.ruling(
            pick(self.rules, concept, "absent"),
            "dead-at-deal-end",
            f"seat {seat}'s hand is dead at the end of the deal",
            seat=seat,
        )
        self._append(
            RulingMade(
                id=self.state.next_id(),
                ruling=ruling,
                outcome=DEAD_AT_DEAL_END,
                alternatives=(LIVE,),  # the director may deal him in after all (R1)
                seat=seat,
            )
        )

    # --- the history -------------------------------------------------------------------------

    def _refuse_while_waiting(self) -> None:
        if self.hand.is_over:
            raise IllegalActionError(
                self.rules.ruling("hand-over", "hand-is-over", "the hand is over")
            )
        if self.state.pending:
            first = next(iter(self.state.pending))
            raise IllegalActionError(
                self.rules.ruling(
                    pick(self.rules, "director"),
                    "ruling-pending",
                    f"play waits for the director's ruling {first}",
                    id=first,
                )
            )

    def _append(self, event: LiveEvent) -> None:
        """A live event, its withdrawals already made on the hand (while deciding)."""
        self.history.append(event)
        self.state.fold(event, applied=True)

    def _extend(self, events: Iterable[Event]) -> None:
        """Engine events already applied to the hand: recorded, and folded for the live state."""
        for event in events:
            self.history.append(event)
            self.state.fold(event, applied=True)
