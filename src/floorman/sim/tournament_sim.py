"""Whole tournaments played by bots through the real engines, with their invariants checked.

The simulation is a client like any other: it registers players, starts the event, asks the
tournament for each table's next hand, plays it with the hand engine (bots choose among the
legal options), and records the result; seating, balancing, breaking, places and payouts are
the tournament engine's own decisions. Time is simulated: every round of hands (one hand at
each table) advances the clock by ``seconds_per_hand``.

What it checks while it plays (any failure raises :class:`InvariantBroken`):
- chips are conserved: the stacks of the players still in always add up to the chips issued;
- table sizes are legal at every hand start: within one player of each other where the
  profile demands it (Belarus 3.1 ¶3a), and never as short as the profile's halting point
  (TDA R11-D: three short) since floorman balances between hands;
- nobody skips the big blind or posts it twice in a row at one table (the dead-button rule);
- at the end, every entry has exactly one place, places 1..N are all given (ties share), and
  the prizes paid add up to the prize pool.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from floorman.cards.deck import Deck
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.errors import FloormanError
from floorman.rules.profiles import get_ruleset
from floorman.sim.bots import Seen, Style, decide
from floorman.sim.incidents import FloorOptions, Incidents, rebuy_terms
from floorman.sim.random_play import choose_discard
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import (
    FinalTableFormed,
    PlayerMoved,
    TableBroken,
    TournamentEvent,
)
from floorman.tournament.floor.table_hand import HandSetup, result_of
from floorman.tournament.formats.kinds import format_of, is_knockout
from floorman.tournament.seating.dead_seats import kill_dead_seats
from floorman.tournament.seating.table_index import indexed
from floorman.tournament.seating.tables import clockwise
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Structure

IDLE_ROUNDS = 500
"""Rounds in a row in which no table may deal (16 simulated hours at two minutes a hand)
before a simulation gives up: a floor decision waiting for ever is a defect to report, not a
loop to run until the machine is stopped."""


class SimulationStalled(RuntimeError):
    """No table could deal for :data:`IDLE_ROUNDS` rounds: the event can never finish."""


class InvariantBroken(AssertionError):
    """A simulated tournament broke one of the invariants the simulation checks."""


@dataclass(slots=True)
class SimulationReport:
    players: int
    profile: str
    seed: int
    hands: int = 0
    levels_reached: int = 0
    table_moves: int = 0
    tables_broken: int = 0
    final_table_formed: bool = False
    simulated_hours: float = 0.0
    places: list[dict[str, object]] = field(default_factory=list)
    payouts: list[int] = field(default_factory=list)
    pool: int = 0
    invariants: dict[str, bool] = field(default_factory=dict)
    events: tuple[object, ...] = ()
    """The tournament's whole event log (results and protocols are built from it)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "players": self.players,
            "profile": self.profile,
            "seed": self.seed,
            "hands": self.hands,
            "levels_reached": self.levels_reached,
            "table_moves": self.table_moves,
            "tables_broken": self.tables_broken,
            "final_table_formed": self.final_table_formed,
            "simulated_hours": round(self.simulated_hours, 2),
            "pool": self.pool,
            "payouts": self.payouts,
            "places": self.places,
            "invariants": self.invariants,
        }


STYLE_MIX = (Style.TIGHT, Style.TIGHT, Style.LOOSE, Style.PUSH_FOLD, Style.RANDOM)


def simulate(
    *,
    players: int,
    profile: str = "tda-2022",
    seed: int = 1,
    seats_per_table: int = 9,
    buy_in: int = 100,
    structure: Structure | None = None,
    seconds_per_hand: int = 120,
    progress: Callable[[int, int], None] | None = None,
    on_event: Callable[[object, Mapping[str, str]], None] | None = None,
    on_hand: Callable[[HandSetup, Hand], None] | None = None,
    floor: FloorOptions | None = None,
    overlap: bool = False,
) -> SimulationReport:
    """Run one tournament to its end; ``progress(players_left, entries)`` after each round,
    ``on_event(event, names)`` for every tournament event (names by entry), as it happens,
    ``on_hand(setup, hand)`` for every hand played (hand histories); ``floor`` adds
    incidents (rebuys, penalties, absences, late entries, bounties, a deal). ``overlap``:
    hands overlap in time as with dealer tablets (:func:`overlapping_round`)."""
    rng = random.Random(seed)
    options = floor or FloorOptions()
    chosen = structure or default_structure(players, profile)
    config = TournamentConfig(
        name=f"simulation {seed}",
        structure=chosen,
        ruleset=get_ruleset(profile),
        seats_per_table=seats_per_table,
        buy_in=buy_in,
        bounty=options.bounty,
        progressive_bounty=options.progressive_bounty,
        **rebuy_terms(options, buy_in=buy_in, stack=chosen.starting_stack),  # type: ignore[arg-type]
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    styles = {entry: rng.choice(STYLE_MIX) for entry in tournament.state.entries}

    def report(recorded: tuple[TournamentEvent, ...]) -> None:
        if on_event is not None:
            names = {e: s.name for e, s in tournament.state.entries.items()}
            for event in recorded:
                on_event(event, names)

    incidents = Incidents(tournament, options, rng, report)
    incidents.absent_at_start()
    tournament.start(at=0.0, rng=rng)
    checker = Checker(tournament)
    now, idle = 0.0, 0
    while not tournament.state.finished:
        if clock_on_break(tournament, now):  # play resumes when the break ends
            now += _clock(tournament).position(now).remaining + 1
            continue
        if tournament.chip_race_due(now):  # raced at the break, before the next hand
            report(tournament.race_chips(at=now, rng=rng))
            checker.after_hand()
        incidents.between_rounds(now)
        if overlap:
            dealer = _Dealer(tournament, incidents, checker, styles, rng, on_hand, report)
            before = len(tournament.events)
            overlapping_round(dealer, now)
            idle = idle + 1 if len(tournament.events) == before else 0
            if idle > IDLE_ROUNDS:
                raise SimulationStalled(f"no table could deal for {idle} rounds at {now:.0f} s")
            now += seconds_per_hand
            if progress is not None:
                progress(tournament.state.alive, players)
            continue
        for number in sorted(tournament.state.tables):
            if tournament.state.finished or number not in tournament.state.tables:
                continue
            if clock_on_break(tournament, now):  # hand-for-hand charges reached a break
                break
            incidents.before_hand(number, now)
            if tournament.state.finished or number not in tournament.state.tables:
                continue
            setup = tournament.hand_setup(number, at=now)
            if setup is None:
                continue
            if incidents.misdeal(number, now, bool(setup.serving)):
                setup = tournament.hand_setup(number, at=now)
                assert setup is not None
            checker.before_hand(setup)
            hand = play_hand(setup, styles, rng)
            if on_hand is not None:
                on_hand(setup, hand)
            result = result_of(setup, hand)
            bought = incidents.bust_rebuys(result, now)
            report(tournament.record_hand(result, at=now, rng=rng, rebuys=bought))
            checker.after_hand()
        now += seconds_per_hand
        if progress is not None:
            progress(tournament.state.alive, players)
    return checker.report(seed=seed, profile=profile, hours=now / 3600)


@dataclass(frozen=True, slots=True)
class _Dealer:
    """What a round of overlapping hands needs from the simulation."""

    tournament: Tournament
    incidents: Incidents
    checker: Checker
    styles: dict[str, Style]
    rng: random.Random
    on_hand: Callable[[HandSetup, Hand], None] | None
    report: Callable[[tuple[TournamentEvent, ...]], None]


def overlapping_round(dealer: _Dealer, now: float) -> None:
    """One hand at every table that may deal, the way tablets play them: every table starts
    its hand (``start_hand``) before any is recorded, and they finish in a shuffled order,
    so busts, balancing, breaks and the final table arrive while other tables are mid-hand
    and must wait for them (DESIGN.md principle 7)."""
    tournament = dealer.tournament
    dealt: list[tuple[HandSetup, Hand]] = []
    for number in sorted(tournament.state.tables):
        if tournament.state.finished or number not in tournament.state.tables:
            continue
        if clock_on_break(tournament, now):
            break
        dealer.incidents.before_hand(number, now)
        started = _start(dealer, number, now)
        if started is not None:
            dealt.append(started)
    dealer.rng.shuffle(dealt)
    for setup, hand in dealt:
        result = result_of(setup, hand)
        bought = dealer.incidents.bust_rebuys(result, now)
        dealer.report(tournament.record_hand(result, at=now, rng=dealer.rng, rebuys=bought))
        dealer.checker.after_hand()


def _start(dealer: _Dealer, number: int, now: float) -> tuple[HandSetup, Hand] | None:
    """The hand started and played at table ``number``, or ``None`` if it may not deal."""
    tournament = dealer.tournament
    state = tournament.state
    if state.finished or number not in state.tables or number in state.play.in_hand:
        return None
    try:
        setup = tournament.hand_setup(number, at=now)
    except FloormanError:  # halted until balanced: the table waits
        return None
    if setup is None:
        return None
    dealer.report(tournament.start_hand(number, at=now))
    if dealer.incidents.misdeal(number, now, bool(setup.serving)):
        dealer.report(tournament.start_hand(number, at=now))  # the exact re-deal (R35-C)
        setup = tournament.hand_setup(number, at=now)
        assert setup is not None
    dealer.checker.before_hand(setup)
    hand = play_hand(setup, dealer.styles, dealer.rng)
    if dealer.on_hand is not None:
        dealer.on_hand(setup, hand)
    return setup, hand


def _clock(tournament: Tournament) -> Clock:
    assert tournament.state.clock is not None
    return tournament.state.clock


def clock_on_break(tournament: Tournament, now: float) -> bool:
    return _clock(tournament).position(now).level_number is None


def play_hand(setup: HandSetup, styles: dict[str, Style], rng: random.Random) -> Hand:
    """Deal and play one hand with each seat's bot."""
    config = setup.config
    hand = Hand(config)
    deck = Deck.shuffled(rng)
    unit = config.big_blind or config.small_bet
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.DEAL:
            deal_pending(hand, deck, rng)
            kill_dead_seats(hand, setup)  # at the end of the deal (TDA R30, R71-C)
        elif hand.phase is Phase.BET:
            options = hand.legal_options()
            seat = options.actor
            hole = [c for c in hand.holes[seat] if c is not None]
            board = [c for c in hand.board if c is not None]
            seen = Seen(hole, board, hand.stacks[seat], unit, config.game.is_limit)
            entry = setup.seats[seat] or ""
            hand.act(decide(styles.get(entry, Style.RANDOM), options, seen, rng))
        elif hand.phase is Phase.DRAW:
            hand.act(choose_discard(hand, rng))
        else:
            auto_showdown(hand)
    return hand


class Checker:
    """Checks the invariants as the tournament goes, and writes the report at the end."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.last_big_blind: dict[int, tuple[int, dict[str, int]]] = {}
        self.levels = 0

    def before_hand(self, setup: HandSetup) -> None:
        state = self.tournament.state
        rules = self.tournament.config.ruleset.tournament
        smallest, largest = indexed(state.tables).size_range()  # not a pass over every table
        spread = 1 if rules.balance_within_one else (rules.halt_when_short_by or 2) - 1
        called = state.formats.final_table_waiting is not None  # hands begun before the call
        knockout = is_knockout(format_of(self.tournament.config))  # tables never balanced
        if largest - smallest > spread and not called and not knockout:
            sizes = sorted(t.size for t in state.tables.values())
            raise InvariantBroken(f"table sizes differ by more than {spread}: {sizes}")
        self.check_big_blind(setup)
        self.levels = max(self.levels, setup.level)

    def check_big_blind(self, setup: HandSetup) -> None:
        """The big blind moves to the first player after last hand's big blind: nobody who
        played both hands sits between the two big blinds, and nobody posts it twice running
        (a player moved in may post it at once, R11-A)."""
        seats = {e: s for s, e in enumerate(setup.seats) if e is not None}
        big = setup.positions.big_blind
        previous = self.last_big_blind.get(setup.table)
        self.last_big_blind[setup.table] = (big, seats)
        if previous is None or self.first_hand(setup):
            return
        last_big, last_seats = previous
        count = len(setup.seats)
        for entry, seat in seats.items():
            if last_seats.get(entry) != seat:
                continue
            if seat == last_big == big and len(seats) > 2:
                raise InvariantBroken(f"{entry} posts the big blind twice in a row")
            if seat != big and clockwise(last_big, big, seat, count):
                raise InvariantBroken(f"{entry} skipped the big blind at table {setup.table}")

    def first_hand(self, setup: HandSetup) -> bool:
        """The table's first hand since its seats were drawn: its button came from a draw."""
        return setup.table in self.tournament.state.buttons

    def after_hand(self) -> None:
        """Every hand is checked for conservation by the tournament itself; the whole event's
        chips are counted here every 128 hands (every sixteenth of the entries' count in a
        field of over 2,048, so that counting every stack costs at most 16 reads a hand and
        the simulation stays linear in the field) and once the tournament is over."""
        state = self.tournament.state
        if state.hands % max(128, len(state.entries) // 16) and not state.finished:
            return
        stacks = sum(e.stack for e in state.entries.values())
        if stacks != state.chips:
            raise InvariantBroken(f"stacks add up to {stacks}, chips in play are {state.chips}")

    def report(self, *, seed: int, profile: str, hours: float) -> SimulationReport:
        state = self.tournament.state
        events = self.tournament.events
        places = sorted(state.entries.values(), key=lambda e: (e.place or 0, e.entry))
        report = SimulationReport(
            players=len(state.entries),
            profile=profile,
            seed=seed,
            hands=state.hands,
            levels_reached=self.levels,
            table_moves=sum(isinstance(e, PlayerMoved) for e in events),
            tables_broken=sum(isinstance(e, TableBroken) for e in events),
            final_table_formed=any(isinstance(e, FinalTableFormed) for e in events),
            simulated_hours=hours,
            payouts=list(state.prizes),
            pool=state.pool,
            events=tuple(events),
        )
        report.places = [
            {"place": e.place, "entry": e.entry, "name": e.name, "prize": e.prize}
            for e in places
            if e.prize or (e.place or 99) <= 10
        ]
        report.invariants = self._final_invariants()
        return report

    def _final_invariants(self) -> dict[str, bool]:
        state = self.tournament.state
        entries = list(state.entries.values())
        counts = Counter(e.place for e in entries)
        tied = {e.place: e.tied for e in reversed(entries)}  # the first entry's, as it was
        covered = all(e.place is not None for e in entries) and all(
            counts[p] == tied[p] for p in counts
        )
        every_place = sorted(p + k for p, n in counts.items() if p for k in range(n))
        paid = sum(e.prize for e in entries) + state.forfeited
        bounties = sum(e.bounty_won for e in entries) + state.bounty_forfeited
        invariants = {
            "chips_conserved": True,
            "table_sizes_legal": True,
            "big_blind_never_skipped_or_doubled": True,
            "every_entry_placed_once": covered and every_place == list(range(1, len(entries) + 1)),
            "prizes_add_up_to_pool": paid == state.pool,
            "bounties_all_paid": bounties == len(entries) * self.tournament.config.bounty,
        }
        broken = [name for name, ok in invariants.items() if not ok]
        if broken:
            raise InvariantBroken(f"broken at the end: {', '.join(broken)}")
        return invariants
