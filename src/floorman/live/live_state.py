"""The state of a live hand: the engine's hand plus what the live events say, as a fold.

:class:`LiveState` folds a live hand's history, engine events and live events alike, without
checks (DESIGN: ``evolve`` trusts its events). It is what :class:`~floorman.live.live_hand.
LiveHand` reads to decide, and all that :meth:`LiveHand.from_events` needs to rebuild a hand.
Engine events taken back by a ruling (a void the director overrides, board cards returned to
the stub) are dropped and the engine's hand is rebuilt from the ones that still count.
"""

from __future__ import annotations

from floorman.engine.actions import DealBoard, DealHole
from floorman.engine.events import Acted, BettingOpened, BoardDealt, Event, HandKilled, HandVoided
from floorman.engine.hand import Hand
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.decision import DEAD, DEAD_AT_DEAL_END, LIVE, pick
from floorman.live.irregularities.dealing import initial_deal
from floorman.live.irregularities.out_of_turn import PASSIVE, kind_of
from floorman.live.irregularities.reports import ActionOutOfTurn, CardExposed
from floorman.live.live_events import (
    BoardPlanned,
    LiveEvent,
    OutOfTurnBound,
    OutOfTurnHeld,
    OutOfTurnOverridden,
    OutOfTurnSettled,
    RulingMade,
    RulingOverridden,
    RulingPending,
    RulingResolved,
)
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef


class LiveState:
    __slots__ = (
        "bound",
        "bound_skipped",
        "burned",
        "burns",
        "count",
        "deal_done",
        "deal_exposures",
        "engine",
        "hand",
        "held",
        "kept",
        "made",
        "noted_dead",
        "noted_rule",
        "oot",
        "outcomes",
        "owed",
        "passive",
        "pending",
        "preburned",
        "set_aside",
        "to_kill",
        "voided",
    )

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.engine: list[Event] = list(hand.events)
        self.deal_done = False
        self.voided = False
        self.count = 0
        self.to_kill: set[int] = set()
        """Seats whose hands die when the initial deal is complete (R30, R71-C)."""
        self.noted_dead: set[int] = set()
        """Seats dead at the end of this deal, dealt and killed again on a re-deal (R35-C)."""
        self.noted_rule: dict[int, RuleRef] = {}
        """For each of those, the rule that marked it (absence, a penalty, a re-deal)."""
        self.held: dict[int, OutOfTurnHeld] = {}
        self.bound: set[int] = set()
        self.bound_skipped: set[int] = set()
        self.oot: list[tuple[int | None, int, str]] = []
        """Actions out of turn: (the seat skipped, the street, the action as R36 counts it)."""
        self.pending: dict[str, RulingPending] = {}
        self.made: dict[str, RulingMade] = {}
        self.outcomes: dict[str, str] = {}
        self.passive: set[int] = set()
        self.owed: dict[int, int] = {}
        """Belarus 4.10: chips of a released out-of-turn action that stay in the pot."""
        self.deal_exposures = 0
        self.set_aside: dict[int, int | None] = {}
        self.burned: set[int] = set()
        self.burns: dict[int, int] = {}
        self.preburned: dict[int, int] = {}
        self.kept: tuple[int, ...] = ()

    def next_id(self) -> str:
        """The id of the next ruling: r1, r2... in the order they were made."""
        return f"r{self.count + 1}"

    # --- folding -----------------------------------------------------------------------------

    def fold(self, event: Event | LiveEvent, *, applied: bool) -> None:
        """Fold one event. ``applied``: an engine event the hand already has, or a live event
        whose withdrawals were already made (while deciding); a replay applies everything."""
        if isinstance(event, LiveEvent):
            self._fold_live(event, replaying=not applied)
            return
        if not applied:
            self.hand.apply(event)
        self.engine.append(event)
        self._note_engine(event)

    def _note_engine(self, event: Event) -> None:
        if isinstance(event, BettingOpened):
            self.deal_done = True
        elif isinstance(event, HandVoided):
            self.voided = True
        elif isinstance(event, HandKilled):
            self.to_kill.discard(event.seat)
        elif isinstance(event, Acted):
            self.owed.pop(event.seat, None)
        elif isinstance(event, BoardDealt):
            self.kept = ()

    def withdraw(self, count: int) -> None:
        """The last ``count`` engine events no longer count: rebuild the hand without them."""
        del self.engine[len(self.engine) - count :]
        self.hand = Hand.from_events(self.hand.config, self.engine)
        self.deal_done = any(isinstance(e, BettingOpened) for e in self.engine)
        self.voided = any(isinstance(e, HandVoided) for e in self.engine)

    def _fold_live(self, event: LiveEvent, *, replaying: bool) -> None:
        if isinstance(event, RulingMade):
            self._fold_made(event, replaying=replaying)
        elif isinstance(event, OutOfTurnHeld):
            self.held[event.seat] = event
            self.oot.append((event.skipped, event.street, kind_of(event.action)))
        elif isinstance(event, OutOfTurnBound):
            self.bound.update(event.seats)
            self.bound_skipped.add(event.skipped)
        elif isinstance(event, OutOfTurnOverridden):
            self.held.pop(event.seat, None)
            self.bound.discard(event.seat)
        elif isinstance(event, OutOfTurnSettled):
            self.held.pop(event.seat, None)
            self.bound.discard(event.seat)
            if event.forfeit:
                self.owed[event.seat] = event.forfeit
        elif isinstance(event, RulingPending):
            self.count += 1
            self.pending[event.id] = event
        elif isinstance(event, RulingResolved):
            pending = self.pending.pop(event.id)
            if pending.topic == "skipped-seat" and event.option == PASSIVE:
                self.passive.add(pending.seat if pending.seat is not None else -1)
        elif isinstance(event, RulingOverridden):
            self._fold_overridden(event, replaying=replaying)
        elif isinstance(event, BoardPlanned):
            self._fold_plan(event)
        # a clock called or expired changes nothing here (floorman.live.director.action_clock)

    def _fold_made(self, event: RulingMade, *, replaying: bool) -> None:
        self.count += 1
        self.made[event.id] = event
        self.outcomes[event.id] = event.outcome
        if replaying and event.withdrawn:
            self.withdraw(event.withdrawn)
        report, seat = event.report, event.seat
        if event.outcome == DEAD and seat is not None:
            self.to_kill.discard(seat)
        if event.outcome == DEAD_AT_DEAL_END and seat is not None:
            self.to_kill.add(seat)
            self.noted_dead.add(seat)
            self.noted_rule[seat] = event.ruling.rule
        in_deal = initial_deal(self.hand, deal_done=self.deal_done)
        if isinstance(report, CardExposed) and report.by_dealer and in_deal:
            self.deal_exposures += 1
        if isinstance(report, ActionOutOfTurn):
            self.oot.append((self.hand.actor, self.hand.street, kind_of(report.action)))

    def _fold_overridden(self, event: RulingOverridden, *, replaying: bool) -> None:
        self.outcomes[event.id] = event.outcome
        if replaying and event.withdrawn:
            self.withdraw(event.withdrawn)
        made = self.made[event.id]
        if made.outcome == DEAD_AT_DEAL_END and made.seat is not None:
            if event.outcome == LIVE:
                self.to_kill.discard(made.seat)
                self.noted_dead.discard(made.seat)
            else:
                self.to_kill.add(made.seat)
                self.noted_dead.add(made.seat)

    def _fold_plan(self, event: BoardPlanned) -> None:
        for card in event.out_of_play:
            self.set_aside[card] = event.back_after
        self.burned.update(event.burned)
        self.burns.update(dict(event.burns))
        self.preburned.update(dict(event.preburned))
        self.kept = event.kept

    # --- reading -----------------------------------------------------------------------------

    def stale_held(self) -> OutOfTurnHeld | None:
        """A held action that can no longer come to its turn (its seat folded or killed, the
        street over): it lapses."""
        hand = self.hand
        for held in self.held.values():
            if held.seat not in hand.live or held.street != hand.street:
                return held
        return None

    def out_of_play(self, card: int) -> bool:
        """Set aside until a later street (Poland §27 II.3, Belarus 6.6.5) or burned off the
        engine's record: not to be dealt now."""
        if card in self.burned:
            return True
        if card not in self.set_aside:
            return False
        back_after = self.set_aside[card]
        return back_after is not None and self.hand.street <= back_after

    def checked_deal(self, action: DealBoard | DealHole, rules: Ruleset) -> DealBoard | DealHole:
        """A deal as the board plan wants it: chosen cards added, set-aside cards refused, the
        burn the plan already made filled in, no burn where the plan says none."""
        hand = self.hand
        street = hand.street
        cards = action.cards
        if isinstance(action, DealBoard) and self.kept:
            need = hand.board_due - len(self.kept)
            if len(cards) != need:
                raise MalformedInputError(
                    f"{len(self.kept)} of the street's cards are chosen: deal {need} more",
                    constraint="card-count",
                )
            cards = (*self.kept, *cards)
        for card in (*cards, action.burn):
            if card is not None and self.out_of_play(card):
                raise MalformedInputError(
                    f"card {card} is out of play for now", constraint="card-out-of-play"
                )
        burn = self._burn(action, street, rules)
        if isinstance(action, DealBoard):
            return DealBoard(tuple(cards), burn)
        return DealHole(action.seat, tuple(cards), burn)

    def _burn(self, action: DealBoard | DealHole, street: int, rules: Ruleset) -> int | None:
        first = isinstance(action, DealBoard) or len(self.hand.deal_queue) == len(self.hand.live)
        planned = self.preburned.get(street) if first else None
        none_due = planned is not None or self.burns.get(street, 1) == 0
        if action.burn is not None and none_due:
            raise IllegalActionError(
                rules.ruling(
                    pick(rules, "board-error", "dealing"),
                    "no-burn-now",
                    "no burn before this street: the board plan already burned for it",
                )
            )
        return planned if planned is not None else action.burn
