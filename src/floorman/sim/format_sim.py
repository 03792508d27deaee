"""Whole events of every format played by bots, and multi-day events with flights.

The driver of :mod:`floorman.sim.tournament_sim` (same bots, same hand engine, same report),
for what the freeze-out driver does not do: the knock-out formats (Olympic, shootout), where
tables play to one winner unbalanced and every stage issues new stacks; sit-and-go; mixed
games, whose stud hands freeze the button (TDA R11-B); and days: flights that end their day
(bagging, with PokerStars Live's drawn last hands) and a Day 2 merging them.

The invariants are those of the freeze-out simulation, adapted: chips are conserved within
every stage (a stage with fresh stacks issues exactly one stack per player; one that carries
chips issues none) and across days (Day 2 plays with the chips bagged); table sizes stay
within the profile's tolerance except in knock-out formats, which never balance; nobody
skips the big blind or posts it twice running (stud hands, which have none, left out); and
every entry of the event is placed once, with the prizes adding up to the pool.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from floorman.rules.profiles import get_ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.sim.bots import Style
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
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.table_hand import HandSetup, result_of
from floorman.tournament.formats.day_two import day_two
from floorman.tournament.formats.events import StageStarted
from floorman.tournament.formats.kinds import StageSettings, format_of, is_knockout
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Structure


class FormatChecker(Checker):
    """The freeze-out checks, with knock-out stages and stud hands taken into account."""

    def __init__(self, tournament: Tournament) -> None:
        super().__init__(tournament)
        self.stages = 1
        self.chips = tournament.state.chips
        """The chips in play at the last check."""

    def before_hand(self, setup: HandSetup) -> None:
        self.levels = max(self.levels, setup.level)
        if setup.config.game.is_stud:
            return  # no blinds to check, and the button is frozen (R11-B)
        if is_knockout(format_of(self.tournament.config)):
            self.check_big_blind(setup)  # knock-out tables are never balanced
            return
        super().before_hand(setup)

    def after_record(self, events: Sequence[TournamentEvent]) -> None:
        """Every hand and chip race: the stacks add up to the chips in play, a new stage's
        stacks checked as it issues them."""
        for event in events:
            if isinstance(event, StageStarted):
                self._check_stage(event)
        state = self.tournament.state
        in_play = sum(e.stack for e in state.entries.values())
        if in_play != state.chips:
            raise InvariantBroken(f"stacks add up to {in_play}, chips in play are {state.chips}")
        self.chips = state.chips

    def _check_stage(self, event: StageStarted) -> None:
        config = self.tournament.config
        issued = sum(stack for _, stack in event.stacks)
        if config.stages.carry_chips and issued != self.chips:  # no race between hands
            raise InvariantBroken(f"stage {event.stage} carried {issued} of {self.chips} chips")
        stack = config.stages.stage_stack(config.starting_stack)
        if not config.stages.carry_chips and issued != stack * len(event.stacks):
            raise InvariantBroken(f"stage {event.stage} issued unequal stacks")
        self.chips = issued
        self.stages += 1


def simulate_format(
    *,
    players: int,
    format: TournamentFormat = TournamentFormat.FREEZE_OUT,
    profile: str = "tda-2022",
    seed: int = 1,
    seats_per_table: int = 9,
    buy_in: int = 100,
    structure: Structure | None = None,
    stages: StageSettings | None = None,
) -> SimulationReport:
    """Run one event of ``format`` to its end and report it, invariants checked."""
    rng = random.Random(seed)
    config = _config(
        f"{format} {seed}",
        structure or default_structure(players, profile),
        profile,
        seats_per_table,
        buy_in,
        format=format,
        stages=stages or StageSettings(),
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0, rng=rng)
    if not tournament.state.started:
        tournament.start(at=0.0, rng=rng)
    checker = FormatChecker(tournament)
    now = play(tournament, checker, rng, now=0.0)
    return report(tournament, checker, seed=seed, profile=profile, hours=now / 3600)


def simulate_days(
    *,
    flights: Sequence[int],
    profile: str = "tda-2022",
    seed: int = 1,
    seats_per_table: int = 9,
    buy_in: int = 100,
    day_one_rounds: int = 40,
    structure: Structure | None = None,
) -> SimulationReport:
    """Play Day-1 flights of ``flights`` players for ``day_one_rounds`` rounds of hands each,
    end their day (the profile's last hands, then bagging), merge them into Day 2 and play it
    to the end. Day 2 must play with exactly the chips bagged."""
    rng = random.Random(seed)
    chosen = structure or default_structure(sum(flights), profile)
    ended: list[Tournament] = []
    for k, field_size in enumerate(flights, start=1):
        name = f"Day 1{chr(64 + k)}"
        flight = Tournament.create(_config(name, chosen, profile, seats_per_table, buy_in))
        for number in range(1, field_size + 1):
            player = f"f{k}p{number}"
            flight.register(player=player, name=player, at=0.0)
        flight.start(at=0.0, rng=rng)
        now = play(flight, FormatChecker(flight), rng, now=0.0, rounds=day_one_rounds)
        if not flight.state.formats.day_over:
            flight.end_day(at=now, rng=rng)
            play(flight, FormatChecker(flight), rng, now=now)
        ended.append(flight)
    config = _config("Day 2", chosen, profile, seats_per_table, buy_in)
    tournament = day_two(config, ended, at=0.0, rng=rng)
    bagged = sum(chips for flight in ended for _, chips, _ in flight.state.formats.bags)
    checker = FormatChecker(tournament)
    if checker.chips > bagged:
        raise InvariantBroken(f"Day 2 has {checker.chips} chips, {bagged} were bagged")
    now = play(tournament, checker, rng, now=0.0)
    return report(tournament, checker, seed=seed, profile=profile, hours=now / 3600)


def _config(
    name: str,
    structure: Structure,
    profile: str,
    seats_per_table: int,
    buy_in: int,
    *,
    format: TournamentFormat = TournamentFormat.FREEZE_OUT,
    stages: StageSettings | None = None,
) -> TournamentConfig:
    return TournamentConfig(
        name=name,
        structure=structure,
        ruleset=get_ruleset(profile),
        seats_per_table=seats_per_table,
        buy_in=buy_in,
        format=format,
        stages=stages or StageSettings(),
    )


def play(
    tournament: Tournament,
    checker: FormatChecker,
    rng: random.Random,
    *,
    now: float,
    rounds: int | None = None,
) -> float:
    """Play rounds of hands (one at each table that may deal) until the event or the day is
    over, or ``rounds`` rounds; returns the simulated time reached."""
    styles = {e: rng.choice(STYLE_MIX) for e in tournament.state.entries}
    state = tournament.state
    played_rounds = 0
    while not state.finished and not state.formats.day_over:
        if rounds is not None and played_rounds >= rounds:
            break
        if clock_on_break(tournament, now):
            assert state.clock is not None
            now += state.clock.position(now).remaining + 1
            continue
        if tournament.chip_race_due(now):  # raced at the break, before the next hand
            checker.after_record(tournament.race_chips(at=now, rng=rng))
        if not _round(tournament, checker, styles, rng, now):
            _unstall(tournament, rng)
        now += 120
        played_rounds += 1
    return now


def _round(
    tournament: Tournament,
    checker: FormatChecker,
    styles: dict[str, Style],
    rng: random.Random,
    now: float,
) -> bool:
    """One hand at every table that may deal; whether any was played."""
    state = tournament.state
    played = False
    for number in sorted(state.tables):
        if state.finished or state.formats.day_over or number not in state.tables:
            continue
        if clock_on_break(tournament, now) or tournament.chip_race_due(now):
            break  # hand-for-hand charges reached a break: its race comes first
        setup = tournament.hand_setup(number, at=now)
        if setup is None:
            continue
        checker.before_hand(setup)
        hand = play_hand(setup, styles, rng)
        checker.after_record(tournament.record_hand(result_of(setup, hand), at=now, rng=rng))
        played = True
    return played


def _unstall(tournament: Tournament, rng: random.Random) -> None:
    """No table could deal: the final table called for the tables' hands is drawn (they
    were between hands), or the simulation has met a state it cannot leave."""
    state = tournament.state
    if state.formats.final_table_waiting is None or state.final_table is not None:
        raise InvariantBroken("no table may deal and nothing is pending")
    tournament.form_final_table(rng=rng)


def report(
    tournament: Tournament, checker: FormatChecker, *, seed: int, profile: str, hours: float
) -> SimulationReport:
    result = checker.report(seed=seed, profile=profile, hours=hours)
    result.final_table_formed = (
        result.final_table_formed or tournament.state.final_table is not None
    )
    return result
