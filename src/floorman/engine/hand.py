"""One hand at one table: the state, the commands it accepts, and the events it records.

``Hand.act`` decides: it checks a command against the state and the ruleset and returns the
events it causes, including the automatic ones that follow (:mod:`floorman.engine.automatic`:
an uncalled bet returned, a street closed, hands tabled after a called all-in, pots awarded).
``Hand.apply`` evolves: it folds one event into the state and checks nothing, so replaying a
recorded hand never re-runs the rules.

The state itself is a set of plain lists indexed by seat, because simulations play hands by the
hundred thousand; for the same reason what does not change during a hand (the game's streets,
the seats in dealing order, the blind seats) is read from the config once, and what follows
from the state (the live seats, the actor, the legal options) is kept until an event changes
it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from floorman.cards.card import DECK_SIZE
from floorman.engine import draw
from floorman.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    PlayerAction,
    Raise,
    Show,
)
from floorman.engine.automatic import settle
from floorman.engine.betting import BettingRound, judge, legal_options
from floorman.engine.config import HandConfig
from floorman.engine.draw import DrawState
from floorman.engine.events import (
    Acted,
    BoardDealt,
    Event,
    ForcedBetPosted,
    HoleDealt,
    Mucked,
    Shown,
)
from floorman.engine.evolve import apply_event, start_street
from floorman.engine.games import FIXED_LIMIT, POT_LIMIT, Street, Structure
from floorman.engine.hand_rules import HandRules
from floorman.engine.known import all_known, as_known
from floorman.engine.phase import BET, DEAL, DONE, DRAW, SHOW, Phase
from floorman.engine.plan import HandPlan
from floorman.engine.prompts import DealRequest as DealRequest
from floorman.engine.prompts import DrawOptions, LegalOptions
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.rules.ruleset import BigBlindAnteOrder, ClockExpiry

_CARD_NUMBERS: Final = frozenset(range(52))
_UNKNOWN: Final = -1
"""``Hand._actor``: not worked out since the last event."""
_NOBODY: Final = -2
"""``Hand._actor``: nobody is to act."""
# A member of an enum of a module that is not compiled, as a module constant (see phase.BET).
_BLIND_FIRST: Final = BigBlindAnteOrder.BLIND_FIRST


class Hand:
    """A hand in progress. Build it from a :class:`HandConfig`; drive it with :meth:`act`."""

    __slots__ = (
        "_actor",
        "_options",
        "bets",
        "big_blind_seat",
        "blind_shortfall",
        "board",
        "board_due",
        "burns",
        "burns_back",
        "config",
        "dead_money",
        "deal_queue",
        "dealer",
        "dealing_order",
        "dealt",
        "draw",
        "events",
        "exposed",
        "folded",
        "held_back",
        "holes",
        "in_hand",
        "last_aggressor",
        "live_seats",
        "mucked",
        "paid",
        "phase",
        "plan",
        "round",
        "rules",
        "seat_count",
        "show_queue",
        "shown",
        "small_blind_seat",
        "stacks",
        "street",
        "streets",
        "structure",
        "stud",
        "tabled",
        "up",
    )

    street: int
    phase: Phase
    draw: DrawState | None
    """Draw games only: the draws and the muck of discards (see :mod:`floorman.engine.draw`)."""

    def __init__(self, config: HandConfig, *, events: Iterable[Event] | None = None) -> None:
        """A new hand: the forced bets posted, waiting for the deal. Given recorded ``events``,
        the hand they describe instead, rebuilt without checking anything (see
        :meth:`from_events`)."""
        self._reset(config)
        if events is not None:
            for event in events:
                self.apply(event)
            return
        plan = self.plan
        forced = plan.forced_bets
        if forced is None:
            forced = plan.forced_bets = tuple(self._forced_bets())
        for event in forced:
            self.apply(event)
        self._run_automatic()

    @classmethod
    def from_events(cls, config: HandConfig, events: Iterable[Event]) -> Hand:
        """Rebuild a hand from its recorded events, checking nothing (a replay is a fold)."""
        return cls(config, events=events)

    def _reset(self, config: HandConfig) -> None:
        plan = config.plan  # what the config works out once for every hand
        n = len(plan.stacks)
        self.config = config
        self.plan: HandPlan = plan
        self.seat_count = n
        self.dealer = plan.dealer
        # Constant for the whole hand: read once. Public to the engine's own modules (evolve,
        # automatic, draw) and the live table's, which read them; nobody else sets them.
        self.streets: tuple[Street, ...] = plan.streets
        self.structure: Structure = plan.structure
        self.stud = plan.stud
        self.rules: HandRules = plan.rules
        self.dealing_order = plan.dealing_order
        self.small_blind_seat, self.big_blind_seat = plan.blinds
        self.dealt: set[int] = set()
        """Every card out of the stub: hole cards, board and burns (until burns go back)."""
        self._actor = _UNKNOWN
        """The seat to act, kept until the next event; :data:`_UNKNOWN` or :data:`_NOBODY`
        otherwise (a plain int: compiled, it is compared without a Python object)."""
        self._options: LegalOptions | None = None
        self.stacks = list(plan.start_stacks)
        self.in_hand = list(plan.start_in_hand)
        self.live_seats = list(plan.occupied)
        """The live seats (see :attr:`live`), replaced by each fold and muck."""
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
        self.last_aggressor: int | None = None
        """The last bettor or raiser of the last round in which anyone acted (``None``: it was
        checked through): the first to show when later rounds had nobody left to bet."""
        self.tabled = False
        self.show_queue: list[int] = []
        self.deal_queue: list[int] = []
        self.board_due = 0
        self.blind_shortfall = 0
        self.dead_money = 0
        self.draw = DrawState() if plan.draws else None
        self.exposed: dict[int, set[int]] | None = None
        """Hole cards seen by the table at a live table, by seat (``None``: none exposed)."""
        self.held_back: dict[int, tuple[int, str]] | None = None
        """Chips of players treated as all-in, set aside, and until when (engine.held_chips)."""
        start_street(self, 0)

    # --- reading the state -------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to act, at a betting, draw or showdown decision; ``None`` otherwise."""
        known = self._actor
        if known >= 0:
            return known
        if known == _NOBODY:
            return None
        phase = self.phase
        actor: int | None
        if phase is BET:
            rnd = self.round
            actor = None if rnd is None else next_needing(rnd.needs, rnd.cursor)
        elif phase is DRAW:
            actor = draw.actor(self)
        elif phase is SHOW and self.show_queue:
            actor = self.show_queue[0]
        else:
            actor = None
        self._actor = _NOBODY if actor is None else actor
        return actor

    @property
    def is_over(self) -> bool:
        return self.phase is DONE

    @property
    def pot(self) -> int:
        """Every chip committed this hand: antes, gathered pots and the bets still in front."""
        total = self.dead_money
        for chips in self.paid:  # a loop: compiled, ``sum`` of a list is a Python call
            total += chips
        return total

    @property
    def live(self) -> list[int]:
        """Seats still holding cards (not folded, not mucked), clockwise from seat 0.

        A fold or a muck replaces the list; read it, do not change it.
        """
        return self.live_seats

    def deal_request(self) -> DealRequest | None:
        """What the dealer must deal next, if the hand is waiting for cards."""
        if self.phase is not DEAL:
            return None
        if self.deal_queue:
            seat = self.deal_queue[0]
            if draw.is_replacing(self):
                return DealRequest(seat=seat, count=draw.replacements(self, seat))
            return DealRequest(seat=seat, count=self.streets[self.street].hole)
        if self.board_due:
            return DealRequest(seat=None, count=self.board_due)
        return None

    def legal_options(self) -> LegalOptions:
        """What the actor may do now (TDA R43, R47, R48, R54): fold, check, call, raise bounds."""
        options = self._options
        if options is not None:
            return options
        actor, rnd = self.actor, self.round
        if self.phase is not BET or rnd is None or actor is None:
            rnd, actor = self._betting()  # refused: nobody is to bet
        stacks, bets, current = self.stacks, self.bets, rnd.current
        # A raise means something only if some opponent could put in more than the bet.
        callable_raise = False
        for s in self.live_seats:
            stack = stacks[s]
            if stack > 0 and s != actor and bets[s] + stack > current:
                callable_raise = True
                break
        structure = self.structure
        pot = 0  # only pot-limit bets are sized by the pot
        if structure is POT_LIMIT:
            pot = self.pot + self.blind_shortfall if self.street == 0 else self.pot
        options = self._options = legal_options(
            rnd, actor, bets[actor], stacks[actor], structure, self.rules, pot, callable_raise
        )
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
        events = self.events
        start = len(events)
        self.perform(action, seat=seat)
        return tuple(events[start:])

    def perform(self, action: Action, *, seat: int | None = None) -> None:
        """:meth:`act`, without making the tuple of the events it recorded: for a caller that
        reads them from :attr:`events` (or not at all), as simulations and replays do."""
        if self.phase is BET and isinstance(action, (Fold, Check, Call, Raise, BringIn)):
            self.apply(self._decide_bet(action, seat))
        else:
            self.apply(self._decide(action, seat))
        settle(self)

    def record(self, *events: Event) -> tuple[Event, ...]:
        """Apply events a ruling outside the engine decided (a live table's irregularities,
        :mod:`floorman.live`), then the automatic steps that follow; return all of them.

        Like :meth:`apply` it trusts the events: the caller has checked them.
        """
        start = len(self.events)
        for event in events:
            self.apply(event)
        if self.phase is not DONE:
            self._run_automatic()
        return tuple(self.events[start:])

    def expire_clock(self) -> tuple[Event, ...]:
        """The actor's clock ran out: fold, or check when allowed (TDA R29; Belarus folds)."""
        _, actor = self._betting()
        rules = self.rules
        options = self.legal_options()
        check = options.check and rules.ruleset.clock_expiry is ClockExpiry.CHECK_OR_FOLD
        ruling = rules.ruling("clock", "clock-expired", "time ran out")
        start = len(self.events)
        self.apply(Acted(actor, "check" if check else "fold", self.bets[actor], False, ruling))
        self._run_automatic()
        return tuple(self.events[start:])

    # --- deciding ----------------------------------------------------------------------------

    def _decide(self, action: Action, seat: int | None) -> Event:
        """The one event a command other than a bet causes, or the error refusing it."""
        if isinstance(action, DealHole):
            return self._decide_hole(action)
        if isinstance(action, DealBoard):
            return self._decide_board(action)
        if isinstance(action, (Show, Muck)):
            return self._decide_show(action, seat)
        if isinstance(action, Discard) or self.phase is DRAW:
            return draw.decide(self, action, seat)
        return self._decide_bet(action, seat)  # refused: no betting now

    def _decide_bet(self, action: PlayerAction, seat: int | None) -> Acted:
        options = self._options
        if options is None:
            options = self.legal_options()
        actor = options.actor
        if seat is not None and seat != actor:
            raise OutOfTurnError(
                self.rules.ruling(
                    "act-in-turn", "not-your-turn", f"seat {actor} is to act", actor=actor
                )
            )
        rnd = self.round
        assert rnd is not None
        judged = judge(options, action, rnd.current == 0, self.structure, self.rules)
        kind, to, bet = judged.kind, judged.to, self.bets[actor]
        if kind == "call":
            to = bet + (options.call or 0)
        elif kind == "bring-in":
            to = bet + (options.bring_in or 0)
        elif to is None:
            to = bet
        elif kind == "raise" and self.structure is FIXED_LIMIT and rnd.level == 0:
            kind = "complete"  # raising a bring-in or a short all-in bet to the full bet
        all_in = to - bet == self.stacks[actor] and kind != "fold" and kind != "check"
        return Acted(actor, kind, to, all_in, judged.ruling)

    def _decide_hole(self, action: DealHole) -> HoleDealt:
        queue = self.deal_queue
        if self.phase is not DEAL or not (queue or self.board_due):
            raise self._illegal("dealing", "no-deal-now", "no cards are to be dealt now")
        # Draw replacements go out in the order of the draw; first deals in any order.
        replacing = self.draw is not None and self.streets[self.street].draw
        seat = action.seat
        if not (queue and queue[0] == seat) and (replacing or seat not in queue):
            raise self._illegal(
                "act-in-turn", "wrong-deal-seat", f"seat {seat} is not due cards now", seat=seat
            )
        count = draw.replacements(self, seat) if replacing else self.streets[self.street].hole
        cards = action.cards
        if len(cards) != count:
            raise MalformedInputError(
                f"seat {seat} gets {count} cards here, not {len(cards)}", constraint="card-count"
            )
        self._check_new_cards(cards, action.burn)
        return HoleDealt(seat, tuple(cards), action.burn)

    def _decide_board(self, action: DealBoard) -> BoardDealt:
        request = self.deal_request() if self.deal_queue else None
        if self.phase is not DEAL or not (request or self.board_due):
            raise self._illegal("dealing", "no-deal-now", "no cards are to be dealt now")
        if request is not None or len(action.cards) != self.board_due:
            count = self.board_due if request is None else request.count
            raise MalformedInputError(f"the board gets {count} cards now", constraint="card-count")
        self._check_new_cards(action.cards, action.burn)
        return BoardDealt(tuple(action.cards), action.burn)

    def _check_new_cards(self, cards: tuple[int | None, ...], burn: int | None) -> None:
        """Known cards must be card numbers, distinct, and not out of the stub already."""
        if _all_fresh(cards, burn, self.dealt):
            return  # the common case; the checks below only name the fault
        fresh = [c for c in cards if c is not None]  # which check fails, in the order of checks
        if burn is not None:
            fresh.append(burn)
        if not _CARD_NUMBERS.issuperset(fresh):
            card = next(c for c in fresh if not 0 <= c < 52)
            raise MalformedInputError(f"card number {card} is not 0..51", constraint="card")
        if len(set(fresh)) != len(fresh) or not self.dealt.isdisjoint(fresh):
            raise MalformedInputError("a card was dealt twice", constraint="duplicate-card")

    def _decide_show(self, action: Show | Muck, seat: int | None) -> Shown | Mucked:
        who = seat if seat is not None else self.actor
        if self.tabled and isinstance(action, Show) and who in self.live:
            return Shown(who, self._reveal(who, action))
        if self.phase is not SHOW or who is None or who not in self.show_queue:
            raise self._illegal("show-order", "not-your-show", "this seat has nothing to show now")
        if isinstance(action, Muck):
            return Mucked(who)
        return Shown(who, self._reveal(who, action))

    def _reveal(self, seat: int, action: Show) -> tuple[int, ...]:
        known = self.holes[seat]
        if action.cards is None and all_known(known):
            return as_known(known)  # the cards he holds, all known
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
        return as_known(cards)

    def _betting(self) -> tuple[BettingRound, int]:
        actor = self.actor
        if self.phase is DRAW:
            raise draw.not_betting(self)
        if self.phase is not BET or self.round is None or actor is None:
            raise self._illegal("act-in-turn", "no-betting-now", "no player is to act now")
        return self.round, actor

    def _illegal(
        self, concept: str, key: str, message: str, **params: int | str
    ) -> IllegalActionError:
        return IllegalActionError(self.rules.ruling(concept, key, message, **params))

    # --- automatic steps ---------------------------------------------------------------------

    def _run_automatic(self) -> None:
        settle(self)

    # --- evolving ----------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Fold one event into the state. It trusts the event: deciding is :meth:`act`'s job."""
        self.events.append(event)
        self._actor = _UNKNOWN
        self._options = None
        apply_event(self, event)

    def _forced_bets(self) -> list[Event]:
        """Antes, then blinds; a big-blind ante goes before the big blind (TDA RP-11) or after
        it, as the ruleset says, which decides what a short big blind is short of."""
        plan = self.plan
        small, big, ante = self.small_blind_seat, self.big_blind_seat, plan.ante
        left = list(self.stacks)
        events: list[Event] = []
        if ante and plan.every_player_ante:
            for seat in plan.occupied:
                _post(events, left, seat, "ante", ante)
        big_blind_ante = ante and plan.big_blind_ante
        blind_first = self.rules.ruleset.big_blind_ante_order is _BLIND_FIRST
        if big_blind_ante and not blind_first:
            _post(events, left, big, "big-blind-ante", ante)
        if small is not None and plan.small_blind:
            _post(events, left, small, "small-blind", plan.small_blind)
        if plan.big_blind:
            _post(events, left, big, "big-blind", plan.big_blind)
        if big_blind_ante and blind_first:
            _post(events, left, big, "big-blind-ante", ante)
        return events


def _post(events: list[Event], left: list[int], seat: int, bet: str, amount: int) -> None:
    """A forced bet, all-in when the stack (``left``, as the bets go in) is short of it."""
    paid = min(amount, left[seat])
    if paid > 0:
        left[seat] -= paid
        events.append(ForcedBetPosted(seat, bet, paid, left[seat] == 0))


def _all_fresh(cards: tuple[int | None, ...], burn: int | None, dealt: set[int]) -> bool:
    """Whether the known cards are card numbers, distinct, and not out of the stub yet: one
    pass, the cards seen so far kept as bits of an int."""
    seen = 0
    for card in cards:
        if card is not None:
            if not 0 <= card < DECK_SIZE or card in dealt or seen >> card & 1:
                return False
            seen |= 1 << card
    return burn is None or (0 <= burn < DECK_SIZE and burn not in dealt and not seen >> burn & 1)


def next_needing(needs: list[bool], after: int) -> int | None:
    """The first seat clockwise after ``after`` that still has to act, if any."""
    for seat in range(after + 1, len(needs)):
        if needs[seat]:
            return seat
    for seat in range(after + 1):
        if needs[seat]:
            return seat
    return None
