"""One hand at one table: the state, the commands it accepts, and the events it records.

``Hand.act`` decides: it checks a command against the state and the ruleset and returns the
events it causes, including the automatic ones that follow (an uncalled bet returned, a street
closed, hands tabled after a called all-in, pots awarded). ``Hand.apply`` evolves: it folds one
event into the state and checks nothing, so replaying a recorded hand never re-runs the rules.
The state itself is a set of plain lists indexed by seat, because simulations play hands by the
hundred thousand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from floorman.engine import draw, showdown
from floorman.engine.actions import (
    Action,
    DealBoard,
    DealHole,
    Discard,
    Muck,
    Show,
)
from floorman.engine.betting import BettingRound, LegalOptions, Seat, judge, legal_options
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.draw import DrawOptions, DrawState
from floorman.engine.events import (
    Acted,
    BetReturned,
    BettingOpened,
    BoardDealt,
    Event,
    ForcedBetPosted,
    HandEnded,
    HandsTabled,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
    StreetClosed,
)
from floorman.engine.evolve import APPLY, start_street
from floorman.engine.phase import Phase
from floorman.engine.pots import award_pots, build_pots
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.rules.ruleset import BigBlindAnteOrder, CapLift, ClockExpiry


@dataclass(frozen=True, slots=True)
class DealRequest:
    """What the dealer must do next: hole cards for a seat, or board cards."""

    seat: int | None
    count: int


class Hand:
    """A hand in progress. Build it from a :class:`HandConfig`; drive it with :meth:`act`."""

    __slots__ = (
        "_actor",
        "_live",
        "_options",
        "bets",
        "blind_shortfall",
        "board",
        "board_due",
        "burns",
        "burns_back",
        "config",
        "dead_money",
        "deal_queue",
        "dealer",
        "dealt",
        "draw",
        "events",
        "folded",
        "holes",
        "in_hand",
        "mucked",
        "paid",
        "phase",
        "round",
        "seat_count",
        "show_queue",
        "shown",
        "stacks",
        "street",
        "tabled",
        "up",
    )

    street: int
    phase: Phase
    draw: DrawState | None
    """Draw games only: the draws and the muck of discards (see :mod:`floorman.engine.draw`)."""

    def __init__(self, config: HandConfig) -> None:
        self._reset(config)
        for event in self._forced_bets():
            self.apply(event)
        self._run_automatic()

    @classmethod
    def from_events(cls, config: HandConfig, events: Iterable[Event]) -> Hand:
        """Rebuild a hand from its recorded events, checking nothing (a replay is a fold)."""
        hand = cls.__new__(cls)
        hand._reset(config)
        for event in events:
            hand.apply(event)
        return hand

    def _reset(self, config: HandConfig) -> None:
        n = config.seat_count
        self.config = config
        self.seat_count = n
        self.dealer = config.dealer_seat
        self.dealt: set[int] = set()
        """Every card out of the stub: hole cards, board and burns (until burns go back)."""
        self._live: list[int] | None = None
        self._actor: int | None = -1
        self._options: LegalOptions | None = None
        self.stacks = [s or 0 for s in config.stacks]
        self.in_hand = [bool(s) for s in config.stacks]
        self.folded = [False] * n
        self.mucked = [False] * n
        self.shown = [False] * n
        self.bets = [0] * n
        self.paid = [0] * n
        self.holes: list[list[int | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[int | None] = []
        self.burns: list[int] = []
        self.burns_back = False
        self.events: list[Event] = []
        self.round: BettingRound | None = None
        self.tabled = False
        self.show_queue: list[int] = []
        self.deal_queue: list[int] = []
        self.board_due = 0
        self.blind_shortfall = 0
        self.dead_money = 0
        self.draw = DrawState() if config.game.has_draws else None
        start_street(self, 0)

    # --- reading the state -------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to act, at a betting, draw or showdown decision; ``None`` otherwise."""
        if self._actor != -1:
            return self._actor
        actor = None
        if self.phase is Phase.BET and self.round is not None:
            actor = self._next_needing(self.round, self.round.cursor)
        elif self.phase is Phase.DRAW:
            actor = draw.actor(self)
        elif self.phase is Phase.SHOW and self.show_queue:
            actor = self.show_queue[0]
        self._actor = actor
        return actor

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def pot(self) -> int:
        """Every chip committed this hand: antes, gathered pots and the bets still in front."""
        return sum(self.paid) + self.dead_money

    @property
    def live(self) -> list[int]:
        """Seats still holding cards (not folded, not mucked), clockwise from seat 0.

        Kept until a fold or a muck changes it; read it, do not change it.
        """
        live = self._live
        if live is None:
            folded, mucked = self.folded, self.mucked
            live = [s for s, dealt_in in enumerate(self.in_hand) if dealt_in]
            live = self._live = [s for s in live if not folded[s] and not mucked[s]]
        return live

    def deal_request(self) -> DealRequest | None:
        """What the dealer must deal next, if the hand is waiting for cards."""
        if self.phase is not Phase.DEAL:
            return None
        if self.deal_queue:
            seat = self.deal_queue[0]
            if draw.is_replacing(self):
                return DealRequest(seat, draw.replacements(self, seat))
            return DealRequest(seat, self.config.game.streets[self.street].hole)
        if self.board_due:
            return DealRequest(None, self.board_due)
        return None

    def legal_options(self) -> LegalOptions:
        """What the actor may do now (TDA R43, R47, R48, R54): fold, check, call, raise bounds."""
        options = self._options
        if options is None:
            rnd, actor = self._betting()
            options = self._options = self._options_of(rnd, actor)
        return options

    def draw_options(self) -> DrawOptions:
        """Draw games, during a draw: who is to stand pat or discard and how many cards he holds.

        :meth:`legal_options` covers betting only and refuses while a player is to draw.
        """
        return draw.options(self)

    # --- commands ----------------------------------------------------------------------------

    def act(self, action: Action, *, seat: int | None = None) -> tuple[Event, ...]:
        """Apply a command and everything that follows from it; return the events recorded.

        ``seat``, when given, is who claims to act; a claim out of turn is refused (R50, R53).

        :raises IllegalActionError: the rules forbid the action now (the error's ruling cites
            the rule).
        :raises MalformedInputError: the command itself is malformed (wrong card count).
        """
        start = len(self.events)
        for event in self._decide(action, seat):
            self.apply(event)
        self._run_automatic()
        return tuple(self.events[start:])

    def expire_clock(self) -> tuple[Event, ...]:
        """The actor's clock ran out: fold, or check when allowed (TDA R29; Belarus folds)."""
        _, actor = self._betting()
        rules = self.config.ruleset
        options = self.legal_options()
        check = options.check and rules.clock_expiry is ClockExpiry.CHECK_OR_FOLD
        ruling = rules.ruling("clock", "clock-expired", "time ran out")
        start = len(self.events)
        self.apply(Acted(actor, "check" if check else "fold", self.bets[actor], False, ruling))
        self._run_automatic()
        return tuple(self.events[start:])

    # --- deciding ----------------------------------------------------------------------------

    def _decide(self, action: Action, seat: int | None) -> list[Event]:
        if isinstance(action, DealHole | DealBoard):
            return self._decide_deal(action)
        if isinstance(action, Show | Muck):
            return self._decide_show(action, seat)
        if isinstance(action, Discard) or self.phase is Phase.DRAW:
            return draw.decide(self, action, seat)
        rnd, actor = self._betting()
        if seat is not None and seat != actor:
            raise OutOfTurnError(
                self.config.ruleset.ruling(
                    "act-in-turn", "not-your-turn", f"seat {actor} is to act", actor=actor
                )
            )
        options = self.legal_options()
        game = self.config.game
        kind, to, ruling = judge(
            options,
            action,
            opening=rnd.current == 0,
            structure=game.structure,
            rules=self.config.ruleset,
        )
        if kind == "call":
            to = self.bets[actor] + (options.call or 0)
        elif kind == "bring-in":
            to = self.bets[actor] + (options.bring_in or 0)
        elif to < 0:
            to = self.bets[actor]
        elif kind == "raise" and game.is_limit and rnd.level == 0:
            kind = "complete"  # raising a bring-in or a short all-in bet to the full bet
        all_in = to - self.bets[actor] == self.stacks[actor] and kind not in ("fold", "check")
        return [Acted(actor, kind, to, all_in, ruling)]

    def _decide_deal(self, action: DealHole | DealBoard) -> list[Event]:
        request = self.deal_request()
        if request is None:
            raise self._illegal("dealing", "no-deal-now", "no cards are to be dealt now")
        if isinstance(action, DealHole):
            # Draw replacements go out in the order of the draw; first deals in any order.
            due = self.deal_queue[:1] if draw.is_replacing(self) else self.deal_queue
            if action.seat not in due:
                raise self._illegal(
                    "act-in-turn",
                    "wrong-deal-seat",
                    f"seat {action.seat} is not due cards now",
                    seat=action.seat,
                )
            if len(action.cards) != request.count:
                raise MalformedInputError(
                    f"seat {action.seat} gets {request.count} cards here, not {len(action.cards)}",
                    constraint="card-count",
                )
            self._check_new_cards((*action.cards, action.burn))
            return [HoleDealt(action.seat, tuple(action.cards), action.burn)]
        if request.seat is not None or len(action.cards) != request.count:
            raise MalformedInputError(
                f"the board gets {request.count} cards now", constraint="card-count"
            )
        self._check_new_cards((*action.cards, action.burn))
        return [BoardDealt(tuple(action.cards), action.burn)]

    def _check_new_cards(self, cards: Iterable[int | None]) -> None:
        fresh = [c for c in cards if c is not None]
        for card in fresh:
            if not 0 <= card < 52:
                raise MalformedInputError(f"card number {card} is not 0..51", constraint="card")
        if len(set(fresh)) != len(fresh) or not self.dealt.isdisjoint(fresh):
            raise MalformedInputError("a card was dealt twice", constraint="duplicate-card")

    def _decide_show(self, action: Show | Muck, seat: int | None) -> list[Event]:
        who = seat if seat is not None else self.actor
        if self.tabled and isinstance(action, Show) and who in self.live:
            return [Shown(who, self._reveal(who, action))]
        if self.phase is not Phase.SHOW or who is None or who not in self.show_queue:
            raise self._illegal("show-order", "not-your-show", "this seat has nothing to show now")
        if isinstance(action, Muck):
            return [Mucked(who)]
        return [Shown(who, self._reveal(who, action))]

    def _reveal(self, seat: int, action: Show) -> tuple[int, ...]:
        known = self.holes[seat]
        if self.draw is not None and action.cards is not None:
            return draw.arrange_shown(seat, known, action.cards)
        cards = action.cards if action.cards is not None else tuple(known)
        if len(cards) != len(known) or any(
            k is not None and k != c for k, c in zip(known, cards, strict=True)
        ):
            raise MalformedInputError(
                f"seat {seat} holds {len(known)} cards; the shown cards do not match them",
                constraint="shown-cards",
            )
        if any(c is None for c in cards):
            raise MalformedInputError("a shown card must be known", constraint="shown-cards")
        return tuple(c for c in cards if c is not None)

    def _betting(self) -> tuple[BettingRound, int]:
        actor = self.actor
        if self.phase is Phase.DRAW:
            raise draw.not_betting(self)
        if self.phase is not Phase.BET or self.round is None or actor is None:
            raise self._illegal("act-in-turn", "no-betting-now", "no player is to act now")
        return self.round, actor

    def _options_of(self, rnd: BettingRound, actor: int) -> LegalOptions:
        return legal_options(
            rnd,
            Seat(actor, self.bets[actor], self.stacks[actor]),
            structure=self.config.game.structure,
            rules=self.config.ruleset,
            pot=self.pot + (self.blind_shortfall if self.street == 0 else 0),
            cap_lifted=self._cap_lifted(rnd),
            opponents_can_bet=self._raise_can_be_called(rnd, actor),
        )

    def _raise_can_be_called(self, rnd: BettingRound, actor: int) -> bool:
        """Some opponent could put in more than the current bet, so a raise means something."""
        return any(
            self.bets[s] + self.stacks[s] > rnd.current and self.stacks[s] > 0
            for s in self.live
            if s != actor
        )

    def _cap_lifted(self, rnd: BettingRound) -> bool:
        lift = self.config.ruleset.cap_lift
        if lift is CapLift.TOURNAMENT_HEADS_UP:
            return self.config.tournament_heads_up
        if lift is CapLift.ROUND_HEADS_UP:
            return rnd.starters <= 2  # at most two could bet when the round began
        return False

    def _illegal(
        self, concept: str, key: str, message: str, **params: int | str
    ) -> IllegalActionError:
        return IllegalActionError(self.config.ruleset.ruling(concept, key, message, **params))

    # --- automatic steps ---------------------------------------------------------------------

    def _run_automatic(self) -> None:
        while (step := self._next_automatic()) is not None:
            for event in step:
                self.apply(event)

    def _next_automatic(self) -> list[Event] | None:
        """The events that follow without anyone deciding, or ``None`` at a decision point."""
        if self.phase is Phase.DEAL:
            if (reshuffled := draw.reshuffle(self)) is not None:
                return [reshuffled]
            waiting = bool(self.deal_queue or self.board_due)
            if self.tabled or (waiting and self.street == 0 and self.deal_queue):
                return None if waiting else [BettingOpened(self.street)]
            # Stud tables before 7th street too; draw games after the last draw (draw.py).
            if len(self.live) > 1 and self._betting_over() and self.draw is None:
                return [self._tabling()]
            return None if waiting else [BettingOpened(self.street)]
        if self.phase is Phase.BET:
            assert self.round is not None
            if len(self.live) > 1 and any(self.round.needs):
                return None
            return [*self._uncalled(), StreetClosed(self.street)]
        if self.phase is Phase.SHOW:
            if not self.tabled and len(self.live) > 1 and self._someone_all_in():
                return [self._tabling()]
            if self.show_queue and len(self.live) > 1:
                return None
            return self._awards()
        return None

    def _betting_over(self) -> bool:
        """At most one live player still has chips to bet with."""
        stacks = self.stacks
        with_chips = 0
        for seat in self.live:
            if stacks[seat] > 0:
                with_chips += 1
                if with_chips > 1:
                    return False
        return True

    def _someone_all_in(self) -> bool:
        return any(self.stacks[s] == 0 for s in self.live)

    def _tabling(self) -> HandsTabled:
        ruling = self.config.ruleset.ruling(
            "all-in-face-up", "hands-tabled", "all-in called and betting over: hands face up"
        )
        return HandsTabled(tuple(self.live), ruling)

    def _uncalled(self) -> list[Event]:
        top = max(self.bets)
        holders = [s for s, b in enumerate(self.bets) if b == top]
        if top == 0 or len(holders) > 1:
            return []
        second = max(b for s, b in enumerate(self.bets) if s != holders[0])
        return [BetReturned(holders[0], top - second)]

    def _awards(self) -> list[Event]:
        config = self.config
        live = self.live
        flags = [s in live for s in range(config.seat_count)]
        pots = build_pots(self.paid, flags, dead=self.dead_money)
        high, low = self._hand_values(live)
        rule = config.ruleset.odd_chip_flop
        high_cards: dict[int, int] | None = None
        low_cards: dict[int, int] | None = None
        if config.game.is_stud and len(live) > 1:
            rule = config.ruleset.odd_chip_stud
            high_cards, low_cards = showdown.deciding_cards(
                config.game.valuation, self._known_holes(live), self._known_board()
            )
        awards = award_pots(
            pots,
            high,
            low=low,
            unit=config.smallest_chip,
            button=config.dealer_seat,
            seat_count=config.seat_count,
            rule=rule,
            high_cards=high_cards,
            low_cards=low_cards,
        )
        events: list[Event] = []
        final = list(self.stacks)
        for award in reversed(awards):  # the last side pot first, the main pot last
            shares = tuple(sorted(award.shares.items()))
            for seat, chips in shares:
                final[seat] += chips
            events.append(
                PotAwarded(
                    award.pot.amount,
                    award.pot.eligible,
                    shares,
                    award.high_winners,
                    award.low_winners,
                )
            )
        stacks = tuple(final[s] if self.in_hand[s] else config.stacks[s] for s in range(len(final)))
        events.append(HandEnded(stacks))
        return events

    def _hand_values(self, live: list[int]) -> tuple[dict[int, int], dict[int, int | None] | None]:
        if len(live) == 1:
            return {live[0]: 1}, None
        return showdown.values(
            self.config.game.valuation, self._known_holes(live), self._known_board()
        )

    def _known_holes(self, live: list[int]) -> dict[int, list[int]]:
        holes: dict[int, list[int]] = {}
        for seat in live:
            cards = self.holes[seat]
            if any(c is None for c in cards) or any(c is None for c in self.board):
                raise self._illegal(
                    "show-order", "cards-unknown", f"seat {seat}'s cards are unknown", seat=seat
                )
            holes[seat] = [c for c in cards if c is not None]
        return holes

    def _known_board(self) -> list[int]:
        return [c for c in self.board if c is not None]

    # --- evolving ----------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Fold one event into the state. It trusts the event: deciding is :meth:`act`'s job."""
        self.events.append(event)
        self._actor = -1
        self._options = None
        APPLY[type(event)](self, event)

    def _forced_bets(self) -> list[Event]:
        """Antes, then blinds; a big-blind ante goes before the big blind (TDA RP-11) or after
        it, as the ruleset says, which decides what a short big blind is short of."""
        config = self.config
        small, big = config.blind_seats()
        left = list(self.stacks)
        events: list[Event] = []

        def post(seat: int, kind: str, amount: int) -> None:
            paid = min(amount, left[seat])
            if paid > 0:
                left[seat] -= paid
                events.append(ForcedBetPosted(seat, kind, paid, left[seat] == 0))

        if config.ante and config.ante_mode is AnteMode.EVERY_PLAYER:
            for seat in config.occupied:
                post(seat, "ante", config.ante)
        big_blind_ante = config.ante and config.ante_mode is AnteMode.BIG_BLIND
        blind_first = config.ruleset.big_blind_ante_order is BigBlindAnteOrder.BLIND_FIRST
        if big_blind_ante and not blind_first:
            post(big, "big-blind-ante", config.ante)
        if small is not None and config.small_blind:
            post(small, "small-blind", config.small_blind)
        if config.big_blind:
            post(big, "big-blind", config.big_blind)
        if big_blind_ante and blind_first:
            post(big, "big-blind-ante", config.ante)
        return events

    def _next_needing(self, rnd: BettingRound, after: int) -> int | None:
        n = self.config.seat_count
        for k in range(1, n + 1):
            seat = (after + k) % n
            if rnd.needs[seat]:
                return seat
        return None
