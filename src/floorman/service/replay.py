"""Checking an exported tournament: rebuild it, re-decide every command, test the invariants.

``floorman replay FILE`` runs :func:`check_stream`. Every command of the log is decided again
by the tournament core, on the state the log says it was decided on, at the moment it was
decided (``at``) and with the random values it drew, as stored with it
(:class:`~floorman.service.draws.PlaybackRandom`; no seed is needed), and its events must be
exactly the stored ones. A log written before draws were stored is decided with the seed of its
stream and the version, as it was then. An undo is not re-decided: its
record is applied, and the state folded again from the commands still in force. Then the
final state is checked: every hand conserved chips and left no stack below zero, the places
given are a block ending at the last place with each place given once (all places 1..N once
the event is over), and the prizes paid do not exceed the pool (equal it at the end).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from floorman.errors import FloormanError
from floorman.service.codec import decode_dataclass
from floorman.service.commands import command_from_dict, run
from floorman.service.draws import PlaybackRandom
from floorman.service.export import ExportedCommand, ExportedStream
from floorman.service.loading import event_of
from floorman.service.undo import CREATE, UNDO, UNDONE, undone_ids
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import HandPlayed, TournamentEvent
from floorman.tournament.state import TournamentState


@dataclass(slots=True, kw_only=True)
class ReplayReport:
    id: str
    name: str = ""
    profile: str = ""
    version: int = 0
    commands: int = 0
    undos: int = 0
    undone: int = 0
    events: int = 0
    redecided: int = 0
    """Commands decided again with exactly the stored events."""
    entries: int = 0
    alive: int = 0
    hands: int = 0
    finished: bool = False
    winner: str | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__} | {"ok": self.ok}


def check_stream(stream: ExportedStream) -> ReplayReport:
    """Re-decide ``stream``'s commands and check the invariants of its final state."""
    report = ReplayReport(id=stream.id, version=stream.version, commands=len(stream.commands))
    replayer = _Replayer(stream.info.seed, report)
    for exported in stream.commands:
        replayer.step(exported)
    tournament = replayer.fold()
    _summarise(report, tournament)
    report.problems.extend(invariant_problems(replayer.in_force_events()))
    return report


class _Replayer:
    """Walks the command log, keeping the tournament as the log says it stood."""

    def __init__(self, seed: str, report: ReplayReport) -> None:
        self.seed = seed
        self.report = report
        self.done: list[ExportedCommand] = []
        self.undone: set[int] = set()
        self.tournament: Tournament | None = None

    def step(self, exported: ExportedCommand) -> None:
        command = exported.command
        stored = [event_of(r) for r in exported.records if r.kind != UNDONE]
        self.report.events += len(stored)
        self.done.append(exported)
        if command.entry.name == UNDO:
            self.report.undos += 1
            self.undone.update(i for r in exported.records for i in undone_ids(r))
            self.tournament = self.fold()
            return
        try:
            decided = self._decide(exported)
        except FloormanError as error:
            self._problem(exported, f"refused when decided again: {error}")
            self.tournament = self.fold()
            return
        if decided != tuple(stored):
            self._problem(exported, _difference(decided, stored))
            self.tournament = self.fold()
            return
        self.report.redecided += 1

    def _decide(self, exported: ExportedCommand) -> tuple[TournamentEvent, ...]:
        entry = exported.command.entry
        if entry.name == CREATE and "origin" in entry.payload:
            # A Day 2 begins with the merged flights, which live in other streams: its opening
            # events can only be folded here, not decided again.
            self.tournament = Tournament.replay(event_of(r) for r in exported.records)
            return tuple(self.tournament.events)
        if entry.name == CREATE:
            config = decode_dataclass(TournamentConfig, entry.payload.get("config"))
            self.tournament = Tournament.create(config)
            return tuple(self.tournament.events)
        if self.tournament is None:
            raise FloormanError("the log does not begin with the tournament's creation")
        command = command_from_dict(entry.name, entry.payload)
        if not entry.draws and self.seed:  # a log from before draws were recorded
            seeded = random.Random(f"{self.seed}:{exported.command.base_version}")
            return run(self.tournament, command, at=entry.at, rng=seeded)
        rng = PlaybackRandom(entry.draws)
        decided = run(self.tournament, command, at=entry.at, rng=rng)
        if not rng.exhausted:
            raise FloormanError(f"drew {rng.used} of the {len(rng.values)} values recorded for it")
        return decided

    def _problem(self, exported: ExportedCommand, message: str) -> None:
        command = exported.command
        self.report.problems.append(f"command {command.id} ({command.entry.name}): {message}")

    def in_force_events(self) -> list[TournamentEvent]:
        return [
            event_of(r)
            for c in self.done
            if c.command.id not in self.undone
            for r in c.records
            if r.kind != UNDONE
        ]

    def fold(self) -> Tournament:
        self.report.undone = len(self.undone)
        return Tournament.replay(self.in_force_events())


def _difference(decided: tuple[TournamentEvent, ...], stored: list[TournamentEvent]) -> str:
    for index, (mine, theirs) in enumerate(zip(decided, stored, strict=False)):
        if mine != theirs:
            return f"event {index + 1} decided as {mine!r}, stored as {theirs!r}"
    return f"{len(decided)} events decided, {len(stored)} stored"


def _summarise(report: ReplayReport, tournament: Tournament) -> None:
    state = tournament.state
    if state.config is not None:
        report.name, report.profile = state.config.name, state.config.ruleset.profile
    report.entries, report.alive, report.hands = len(state.entries), state.alive, state.hands
    report.finished = state.finished
    report.winner = next((e.entry for e in state.entries.values() if e.place == 1), None)


def invariant_problems(events: list[TournamentEvent]) -> list[str]:
    """What is wrong with a log's hands, places and prizes (nothing: an empty list)."""
    problems = [_hand_problem(e) for e in events if isinstance(e, HandPlayed)]
    state = Tournament.replay(events).state
    return [p for p in problems if p] + _place_problems(state) + _prize_problems(state)


def _hand_problem(hand: HandPlayed) -> str:
    before = sum(s for _, s in hand.stacks_before)
    after = sum(s for _, s in hand.stacks_after)
    if before != after:
        return f"hand {hand.number} turned {before} chips into {after}"
    if any(s < 0 for _, s in hand.stacks_after):
        return f"hand {hand.number} left a stack below zero"
    return ""


def _place_problems(state: TournamentState) -> list[str]:
    covered: Counter[int] = Counter()
    for entry in state.entries.values():
        if entry.place is not None:
            covered.update(range(entry.place, entry.place + entry.tied))
    ties = Counter(e.place for e in state.entries.values() if e.place is not None)
    problems = [
        f"place {place} given to {count} entries, tied {tie}"
        for place, count in ties.items()
        if count != (tie := _tied(state, place))
    ]
    total = len(state.entries)
    lowest = total - sum(ties.values()) + 1
    if set(covered) != set(range(lowest, total + 1)):
        problems.append(f"the places given are not {lowest}..{total}")
    if state.finished and lowest != 1:
        problems.append("the event is over but place 1 is not given")
    return problems


def _tied(state: TournamentState, place: int) -> int:
    return next(e.tied for e in state.entries.values() if e.place == place)


def _prize_problems(state: TournamentState) -> list[str]:
    paid = sum(e.prize for e in state.entries.values())
    if paid > state.pool:
        return [f"prizes paid {paid} exceed the pool {state.pool}"]
    if state.finished and state.prizes and paid != state.pool:
        return [f"prizes paid {paid}, the pool is {state.pool}"]
    return []
