"""Tournaments run as at a live event without dealer tablets: bots play the hands, and the
tournament hears only what a floor tells the director's console.

:class:`LiveFloor` is the room: the true stacks and each table's dead-button positions, which
the tournament never sees. It deals every hand from the tournament's seating (its own button
and blinds, R32; newcomers between the button and the small blind wait, R10-A), plays it with
the bots of :mod:`floorman.sim.tournament_sim`, and tells the tournament only the bust-outs
(``bust``: the eliminators, sometimes the starting stack, the earlier busts of the same hand),
each table's hand during hand-for-hand (``hand_done``), chip counts (everyone every few rounds
and before a colour-up race, now and then one table), and confirms every move instruction as
the player carries it out. Balancing, breaking, the final table, places and payouts remain
the tournament's decisions.

Invariants (any failure raises :class:`~floorman.sim.tournament_sim.InvariantBroken`): the
tournament's chips in play always equal the chips on the tables; a count of everyone's true
stacks is accepted without adjustment and leaves no chip uncounted; table sizes within the
profile's tolerance at every hand start; nobody skips the big blind or posts it twice; every
entry placed once with the prizes adding up to the pool; the log replays to the same state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.sim.tournament_sim import (
    STYLE_MIX,
    Checker,
    InvariantBroken,
    SimulationReport,
    clock_on_break,
    play_hand,
)
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import FinalTableFormed, TableBroken, TournamentEvent
from floorman.tournament.floor.manual_state import pending_instructions, uncounted
from floorman.tournament.floor.table_hand import HandSetup, result_of, setup_hand
from floorman.tournament.seating.positions import record_hand, sits_out
from floorman.tournament.seating.tables import Table
from floorman.tournament.structure.clock import level_for_hand
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Structure
from floorman.tournament.structure.race_events import ChipRaceRun


class LiveFloor:
    """The tables as they really are, and the floor that reports them to the console."""

    def __init__(self, tournament: Tournament, rng: random.Random, *, known: float) -> None:
        self.tournament = tournament
        self.rng = rng
        self.known = known
        """How often the director knows a busted player's starting stack."""
        self.stacks = {e: s.stack for e, s in tournament.state.entries.items()}
        self.tables: dict[int, Table] = {}
        self.first = False
        """The hand just dealt was its table's first since a draw."""
        self.hands = 0

    # --- the room ---------------------------------------------------------------------------

    def deal(self, number: int, now: float) -> HandSetup:
        """The next hand at table ``number``: the tournament's seats, the room's positions."""
        state = self.tournament.state
        table = self._sync(number)
        self.first = table.last is None
        clock = state.clock
        assert clock is not None
        position = clock.position(now)
        config = self.tournament.config
        return setup_hand(
            table,
            button=state.buttons.get(number),
            level=level_for_hand(clock, now),
            level_number=position.level_number or 0,
            chips={e: self.stacks[e] for e in table.players},
            ruleset=config.ruleset,
            smallest_chip=config.structure.smallest_chip_after(position.index),
            players_left=state.alive,
        )

    def _sync(self, number: int) -> Table:
        """The room's table ``number`` seated as the tournament seats it; a newcomer between
        the button and the small blind waits for the button (unless that leaves no game)."""
        seated = self.tournament.state.tables[number]
        known = self.tables.get(number)
        if known is None:
            table = Table(number=number, seats=seated.seats, vacated=seated.vacated)
        else:
            stayed = set(known.players)
            waiting = {
                e
                for seat, e in enumerate(seated.seats)
                if e is not None
                and (e in known.waiting or (e not in stayed and sits_out(known, seat)))
            }
            if seated.size - len(waiting) < 2:
                waiting = set()
            table = Table(
                number=number,
                seats=seated.seats,
                last=known.last,
                waiting=frozenset(waiting),
                vacated=seated.vacated,
            )
        self.tables[number] = table
        return table

    def play(self, setup: HandSetup, hand: Hand, now: float) -> None:
        """The hand's chips to their owners, then what the console is told."""
        result = result_of(setup, hand)
        self.hands += 1
        self.stacks.update(result.stacks_after)
        self.tables[setup.table] = record_hand(self.tables[setup.table], setup.positions)
        before = dict(result.stacks_before)
        out: list[str] = []
        for loser in (e for e, stack in result.stacks_after if stack == 0):
            stack = before[loser] if self.rng.random() < self.known else None
            by = result.eliminated_by.get(loser, ())
            self.tell(
                self.tournament.bust(
                    entry=loser, by=by, stack=stack, same_hand=tuple(out), at=now, rng=self.rng
                )
            )
            out.append(loser)
        if _awaits_hand(self.tournament, setup.table):
            self.tell(self.tournament.hand_done(table=setup.table, at=now, rng=self.rng))

    # --- the console --------------------------------------------------------------------------

    def tell(self, events: Sequence[TournamentEvent]) -> None:
        """Follow the tournament's seating, and confirm every move as the player makes it."""
        for event in events:
            if isinstance(event, FinalTableFormed):
                self.tables.clear()
            elif isinstance(event, TableBroken):
                self.tables.pop(event.table, None)
            elif isinstance(event, ChipRaceRun):
                for race in event.races:
                    self.stacks.update((line.entry, line.stack_after) for line in race.lines)
        for instruction in pending_instructions(self.tournament.state):
            self.tournament.confirm_move(entry=instruction.entry, at=0.0)
        self.check()

    def count(self, now: float, *, table: int | None = None) -> None:
        """Everyone's true stack (or one table's) counted into the console."""
        state = self.tournament.state
        out = {bust.entry for bust in state.pending}
        players = [
            e
            for e, s in state.entries.items()
            if s.alive and s.table is not None and e not in out and table in (None, s.table)
        ]
        if not players:
            return
        try:
            counted = self.tournament.chip_count(
                counts={e: self.stacks[e] for e in players}, at=now
            )
        except MalformedInputError as refused:
            raise InvariantBroken(f"a count of the true stacks was refused: {refused}") from None
        self.tell(counted)
        if table is None and uncounted(state):
            raise InvariantBroken(f"{uncounted(state)} chips uncounted after a full count")

    def check(self) -> None:
        chips = self.tournament.state.chips
        if chips != sum(self.stacks.values()):
            raise InvariantBroken(f"{chips} chips in play, {sum(self.stacks.values())} on tables")


class ManualChecker(Checker):
    """The simulation's checks, with the room's positions instead of the tournament's."""

    def __init__(self, tournament: Tournament, floor: LiveFloor) -> None:
        super().__init__(tournament)
        self.floor = floor

    def first_hand(self, setup: HandSetup) -> bool:
        return self.floor.first

    def after_hand(self) -> None:
        self.floor.check()


def simulate_manual(
    *,
    players: int,
    profile: str = "tda-2022",
    seed: int = 1,
    seats_per_table: int = 9,
    buy_in: int = 100,
    structure: Structure | None = None,
    seconds_per_hand: int = 120,
    count_every: int = 10,
    known_stacks: float = 0.5,
) -> SimulationReport:
    """Run one event to its end as a console does, invariants checked; ``count_every``:
    rounds between counts of everyone; ``known_stacks``: how often the director knows the
    starting stack of a player out."""
    rng = random.Random(seed)
    config = TournamentConfig(
        name=f"manual {seed}",
        structure=structure or default_structure(players, profile),
        ruleset=get_ruleset(profile),
        seats_per_table=seats_per_table,
        buy_in=buy_in,
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    tournament.start(at=0.0, rng=rng)
    floor = LiveFloor(tournament, rng, known=known_stacks)
    checker = ManualChecker(tournament, floor)
    now = _run(tournament, floor, checker, seconds_per_hand=seconds_per_hand, every=count_every)
    if Tournament.replay(tournament.events).state != tournament.state:
        raise InvariantBroken("the log does not replay to the same state")
    report = checker.report(seed=seed, profile=profile, hours=now / 3600)
    report.hands = floor.hands
    return report


def _run(
    tournament: Tournament,
    floor: LiveFloor,
    checker: ManualChecker,
    *,
    seconds_per_hand: int,
    every: int,
) -> float:
    state = tournament.state
    styles = {entry: floor.rng.choice(STYLE_MIX) for entry in state.entries}
    now, rounds = 0.0, 0
    while not state.finished:
        if clock_on_break(tournament, now):
            assert state.clock is not None
            now += state.clock.position(now).remaining + 1
            continue
        _counts_and_races(tournament, floor, now, rounds, every)
        for number in sorted(state.tables):
            if state.finished or number not in state.tables:
                continue
            if clock_on_break(tournament, now) or tournament.chip_race_due(now):
                break  # hand-for-hand charges reached a break
            if not _may_deal(tournament, number):
                continue
            setup = floor.deal(number, now)
            checker.before_hand(setup)
            floor.play(setup, play_hand(setup, styles, floor.rng), now)
            checker.after_hand()
        now += seconds_per_hand
        rounds += 1
    return now


def _counts_and_races(
    tournament: Tournament, floor: LiveFloor, now: float, rounds: int, every: int
) -> None:
    """Everyone counted every ``every`` rounds and before a colour-up race (the race reads
    the stacks on record); now and then one table."""
    if tournament.chip_race_due(now):
        floor.count(now)
        floor.tell(tournament.race_chips(at=now, rng=floor.rng))
    elif rounds % every == 0:
        floor.count(now)
    elif floor.rng.random() < 0.2:
        floor.count(now, table=floor.rng.choice(sorted(tournament.state.tables)))


def _may_deal(tournament: Tournament, number: int) -> bool:
    """Whether a table starts a hand: not while it waits for the hand-for-hand round, and
    only the tables finishing their hand once the final table is called (Belarus 3.1-¶3b)."""
    state = tournament.state
    if state.hand_for_hand and number in state.round_played:
        return False
    waiting = state.formats.final_table_waiting
    return waiting is None or state.final_table is not None or number in waiting


def _awaits_hand(tournament: Tournament, number: int) -> bool:
    """Whether the console must say the table's hand is done: the hand-for-hand round's, or
    the hand a called final table waits for."""
    state = tournament.state
    if state.finished or number not in state.tables:
        return False
    waiting = state.formats.final_table_waiting
    return state.hand_for_hand or (waiting is not None and number in waiting)
