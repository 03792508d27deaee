"""A hand at a live table: the engine's hand, the dealer's reports, the director's rulings.

:class:`LiveHand` wraps a :class:`~floorman.engine.hand.Hand`. In-turn actions and deals go to
the engine as they are; what a live table adds goes through :meth:`LiveHand.record` (a dealer's
report: a misdeal, an exposed card, an absent player, an action out of turn, a board error) and
the director's :meth:`~LiveHand.resolve` and :meth:`~LiveHand.override`. Each answer is a ruling
citing the profile's rule and a run of events appended to the hand's history, which
interleaves the engine's events with those of :mod:`floorman.live.live_events`. The history is
the record: :meth:`LiveHand.from_events` folds it back into the same hand, checking nothing, and
the PHH export writes its live events as comments (:mod:`floorman.io.phh_live`).

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
from floorman.live.assist import record as assist_record
from floorman.live.assist.types import AssistRuling
from floorman.live.director import show_requests, table_rulings
from floorman.live.director.decision import DEAD, DEAD_AT_DEAL_END, LIVE, PENDING, Decision, pick
from floorman.live.director.rulings import (
    PendingRuling,
    check_choice,
    override_choices,
    override_effects,
    override_ruling,
    resolution_effects,
    resolution_ruling,
)
from floorman.live.irregularities import after_award, board_errors, out_of_turn
from floorman.live.irregularities import dealing as irregularities
from floorman.live.irregularities.reports import (
    ActionOutOfTurn,
    BoxedCards,
    CardExposed,
    CardsTouchedMuck,
    DealerKilledHand,
    DeckDefective,
    ExtraBurn,
    MisdealCalled,
    MissingBurn,
    PlayerAbsent,
    PrematureCards,
    Report,
    StubDisordered,
    TooManyBoardCards,
    WrongCardCount,
)
from floorman.live.irregularities.table_reports import TableReport
from floorman.live.live_events import (
    LiveEvent,
    OutOfTurnHeld,
    OutOfTurnSettled,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)
from floorman.live.live_state import LiveState
from floorman.live.notes import describe
from floorman.rules.ruling import Ruling

HistoryEvent = Event | LiveEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveResult:
    """The answer to one command: the ruling (if one was made) and the events recorded."""

    ruling: Ruling | None
    events: tuple[HistoryEvent, ...]
    pending: PendingRuling | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Redeal:
    """The exact replay of a voided hand (TDA R35-C): the same button, level and players.

    ``dead_seats`` are dealt in and killed at once: players on penalty or absent at the first
    deal. The misdeal and its re-deal count as one hand of a penalty (``serve_hand(...,
    redeal=True)``).
    """

    config: HandConfig
    dead_seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveDealRequest:
    """What the dealer deals next, with the board plan of any earlier board error applied."""

    seat: int | None
    """The seat due hole cards, or ``None`` for board cards."""
    count: int
    """Cards to deal now (board cards already chosen are not counted)."""
    burns: int
    """Cards to burn first: usually one, none or two after a board error (§27 II.3, RP-5)."""
    burned: int | None = None
    """A card already burned for this street by a repair (it serves as the burn)."""
    chosen: tuple[int, ...] = ()
    """Board cards of this street already chosen (R39-B)."""


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
        request = self.hand.deal_request()
        if request is None:
            return None
        state, street = self.state, self.hand.street
        burned = state.preburned.get(street)
        usual = 1 if street > 0 else 0
        burns = 0 if burned is not None else state.burns.get(street, usual)
        if request.seat is not None:
            first = len(self.hand.deal_queue) == len(self.hand.live)
            return LiveDealRequest(
                seat=request.seat,
                count=request.count,
                burns=burns if first else 0,
                burned=burned if first else None,
            )
        return LiveDealRequest(
            seat=None,
            count=request.count - len(state.kept),
            burns=burns,
            burned=burned,
            chosen=state.kept,
        )

    def redeal(self) -> Redeal | None:
        """The re-deal a misdeal or a fouled deck calls for, once the hand is void."""
        if not self.state.voided:
            return None
        return Redeal(config=self.config, dead_seats=tuple(sorted(self.state.noted_dead)))

    def phh_comments(self) -> dict[int, list[str]]:
        """The live events as PHH commentary, by the index of the engine event they precede."""
        comments: dict[int, list[str]] = {}
        index = 0
        for event in self.history:
            if isinstance(event, RulingMade | RulingOverridden):
                index -= event.withdrawn
            if isinstance(event, LiveEvent):
                comments.setdefault(min(index, len(self.hand.events)), []).append(describe(event))
            else:
                index += 1
        return comments

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
            decision = self._decide(report, rng)
            self._apply(decision, report)
            ruling = decision.ruling
        self._settle()
        events = tuple(self.history[start:])
        pending = next((PendingRuling.of(e) for e in events if isinstance(e, RulingPending)), None)
        return LiveResult(ruling=ruling, events=events, pending=pending)

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
        start = len(self.history)
        assist_record.apply(self, ruling, seat=seat)
        events = tuple(self.history[start:])
        pending = next((PendingRuling.of(e) for e in events if isinstance(e, RulingPending)), None)
        return LiveResult(ruling=ruling.ruling, events=events, pending=pending)

    def resolve(self, ruling_id: str, option: str, *, by: str, reason: str) -> LiveResult:
        """The director answers a pending ruling."""
        pending = self.state.pending.get(ruling_id)
        if pending is None:
            raise MalformedInputError(f"no ruling {ruling_id!r} is pending", constraint="ruling-id")
        check_choice(option, pending.options, by=by, reason=reason)
        assist_record.check_playable(self, pending)
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
        assist_record.play_chosen(self, pending, option)
        after_award.play_chosen(self, pending, option)
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

    def _decide(self, report: Report, rng: random.Random | None) -> Decision:
        hand, rules, state = self.hand, self.rules, self.state
        if isinstance(report, MisdealCalled):
            return irregularities.misdeal(hand, rules, report)
        if isinstance(report, DeckDefective):
            return irregularities.deck_defect(hand, rules, report)
        if isinstance(report, BoxedCards):
            return irregularities.boxed(hand, rules, report, deal_done=state.deal_done)
        if isinstance(report, CardExposed):
            return irregularities.exposed(
                hand, rules, report, deal_done=state.deal_done, earlier=state.deal_exposures
            )
        if isinstance(report, WrongCardCount):
            return irregularities.wrong_count(hand, rules, report)
        if isinstance(report, PlayerAbsent):
            return irregularities.absent(hand, rules, report, deal_done=state.deal_done)
        if isinstance(report, CardsTouchedMuck):
            return irregularities.touched_muck(hand, rules, report)
        if isinstance(report, DealerKilledHand):
            return irregularities.dealer_killed(hand, rules, report)
        if isinstance(report, StubDisordered):
            return irregularities.disordered_stub(rules, report)
        if isinstance(report, PrematureCards):
            return board_errors.premature(hand, rules, report)
        if isinstance(report, TooManyBoardCards):
            return board_errors.too_many(hand, rules, report, rng)
        if isinstance(report, MissingBurn):
            return board_errors.missing_burn(hand, rules, report, rng)
        if isinstance(report, ExtraBurn):
            return board_errors.extra_burn(hand, rules, report)
        if isinstance(report, TableReport):
            return table_rulings.decide(hand, rules, report)
        if isinstance(report, show_requests.ShowRequested):
            return show_requests.decide(hand, rules, report)
        raise MalformedInputError(f"unknown report {report!r}", constraint="report")

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
