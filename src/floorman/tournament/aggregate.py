"""The tournament aggregate: commands in, events out, state a fold of the events.

Each public method is a command. It checks everything against the current state first and
raises a typed error that changes nothing, or returns the events it decided, already applied
to :attr:`Tournament.state`. Time (``at``, seconds) and randomness (``rng``) are arguments, so
the same commands give the same events (DESIGN.md). What follows a hand is decided here too,
in the order a floor would do it: eliminations and places, the end of the event, the final
table, tables to break, balancing moves, and the start and end of hand-for-hand play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NoReturn

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import Ruling
from floorman.tournament import prizes as money
from floorman.tournament.balancing import plan_balance, tables_to_break
from floorman.tournament.clock import Clock, level_for_hand
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import (
    ButtonsPlaced,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    PayoutsSet,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TableBroken,
    TimeAdded,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from floorman.tournament.format_commands import FormatCommands
from floorman.tournament.places import Placing, place_busts
from floorman.tournament.seating import (
    break_table_draw,
    button_draw,
    final_table_draw,
    final_table_size,
    late_entry_seat,
    seat_draw,
)
from floorman.tournament.state import TournamentState
from floorman.tournament.structure import Level
from floorman.tournament.table_hand import HandResult, HandSetup, setup_hand
from floorman.tournament.tables import Move


def _groups(placings: Sequence[Placing]) -> list[tuple[int, list[Placing]]]:
    """Placings grouped by the place they share, best first."""
    groups: dict[int, list[Placing]] = {}
    for placing in placings:
        groups.setdefault(placing.place, []).append(placing)
    return sorted(groups.items())


class Tournament(FormatCommands):
    """One event. Build it with :meth:`create`, or rebuild it from its log with :meth:`replay`."""

    def __init__(self) -> None:
        self.state = TournamentState()
        self.events: list[TournamentEvent] = []

    # --- life cycle -----------------------------------------------------------------------

    @classmethod
    def create(cls, config: TournamentConfig) -> Tournament:
        tournament = cls()
        tournament._emit([TournamentCreated(config=config)])
        return tournament

    @classmethod
    def replay(cls, events: Iterable[TournamentEvent]) -> Tournament:
        """The tournament whose log is ``events``: a fold, with no rule checked again."""
        tournament = cls()
        for event in events:
            tournament.state.apply(event)
            tournament.events.append(event)
        return tournament

    @property
    def config(self) -> TournamentConfig:
        return self.state.config_

    def cite(self, concept: str) -> str:
        """The rule number this profile gives a tournament concept (``balance``...), or its
        general rule when it has none of its own."""
        return self.config.ruleset.cite(concept).rule

    # --- entries --------------------------------------------------------------------------

    def register(
        self, *, player: str, name: str, at: float, rng: random.Random | None = None
    ) -> tuple[TournamentEvent, ...]:
        """A buy-in. Before the start it waits for the seat draw; after it, it is a late
        entry seated at once by draw (TDA R8-A) with the profile's late-entry stack."""
        self._refuse_if(self.state.finished, "finished", "the tournament is over")
        if not player.strip() or not name.strip():
            raise MalformedInputError("a player needs an id and a name", constraint="player")
        self._check_format_entry()
        rules = self.config.ruleset.tournament
        if any(e.player == player for e in self.state.entries.values()):
            self._refuse_if(
                not rules.reentry_allowed, "reentry", f"{name} is already entered (no re-entry)"
            )
            self._refuse_if(
                any(e.player == player and e.alive for e in self.state.entries.values()),
                "reentry",
                f"{name} still has chips in play",
            )
        entry = f"e{len(self.state.entries) + 1}"
        if not self.state.started:
            stack = self.config.starting_stack
            registered = PlayerRegistered(entry=entry, player=player, name=name, stack=stack, at=at)
            return self._emit([registered]) + self._start_when_full(at, rng)
        if rng is None:
            raise MalformedInputError("a late entry's seat draw needs an rng", constraint="rng")
        return self._late_entry(entry, player, name, at, rng)

    def _late_entry(
        self, entry: str, player: str, name: str, at: float, rng: random.Random
    ) -> tuple[TournamentEvent, ...]:
        rules = self.config.ruleset.tournament
        late_rule = self.config.ruleset.sources.get("late_entry_stack", "")
        if rules.late_entry_minutes is not None and self.state.clock is not None:
            played = self.state.clock.played_seconds(at) / 60
            self._refuse_if(
                played > rules.late_entry_minutes,
                "late-entry",
                f"late entry closed after {rules.late_entry_minutes} minutes",
            )
        self._refuse_if(self.state.final_table is not None, "late-entry", "the final table is on")
        stack = self._late_stack(at)
        number, seat = late_entry_seat(tuple(self.state.tables.values()), rng=rng)
        events: list[TournamentEvent] = [
            PlayerRegistered(
                entry=entry, player=player, name=name, stack=stack, at=at, late=True, rule=late_rule
            ),
            PlayerSeated(entry=entry, table=number, seat=seat, rule=self.cite("late-seat")),
        ]
        if not self._in_the_money():
            events.append(self._payouts(len(self.state.entries) + 1))
        return self._emit(events)

    def _late_stack(self, at: float) -> int:
        from floorman.tournament.entry_rules import late_entry_stack

        rules = self.config.ruleset.tournament
        level = self.level_at(at)
        eliminated = sum(not e.alive for e in self.state.entries.values())
        assert self.state.clock is not None
        played = self.state.clock.played_seconds(at) / 60
        return late_entry_stack(
            method=rules.late_entry_stack,
            starting_stack=self.config.starting_stack,
            big_blind=level.big_blind,
            small_blind=level.small_blind,
            ante_round=level.ante * self.config.seats_per_table,
            eliminated=eliminated,
            minutes_played=played,
            ante_minutes_played=max(played - self._minutes_before_antes(), 0.0),
            smallest_chip=self.config.structure.chips[0],
        )

    def _minutes_before_antes(self) -> float:
        """Level minutes played before the first level with antes (Poland §55.11 counts ante
        deductions from when antes came into force)."""
        minutes = 0.0
        for level in self.config.structure.levels:
            if level.ante:
                return minutes
            minutes += level.minutes
        return minutes

    # --- start and clock ------------------------------------------------------------------

    def start(self, *, at: float, rng: random.Random) -> tuple[TournamentEvent, ...]:
        """Seat draw (R7), buttons (the profile's draw), payouts, and the clock running."""
        self._refuse_if(self.state.started, "started", "the tournament has already started")
        self._check_format_start()
        entries = list(self.state.entries)
        if len(entries) < 2:
            raise MalformedInputError("a tournament needs two entries", constraint="entries")
        seats_per_table = self.config.seats_per_table
        tables = seat_draw(entries, seats_per_table=seats_per_table, rng=rng)
        draw = button_draw(tables, method=self.config.ruleset.tournament.button_draw, rng=rng)
        seats = tuple((e, t.number, t.seat_of(e)) for t in tables for e in t.players)
        return self._emit(
            [
                SeatsDrawn(
                    seats_per_table=seats_per_table, seats=seats, rule=self.cite("seat-draw")
                ),
                ButtonsPlaced(
                    buttons=tuple(sorted(draw.buttons.items())),
                    rule=self.config.ruleset.sources.get("button_draw", ""),
                ),
                self._payouts(len(entries)),
                ClockStarted(at=at),
            ]
        )

    def _payouts(self, entries: int) -> PayoutsSet:
        config = self.config
        pool = money.prize_pool(
            entries=entries, buy_in=config.buy_in, fee=config.fee, guarantee=config.guarantee
        )
        if pool.total == 0:
            return PayoutsSet(pool=0, prizes=())
        fixed = self._format_prizes(entries, pool.total)
        if fixed is not None:
            return PayoutsSet(pool=pool.total, prizes=fixed)
        table = money.payout_table(
            entries=entries, pool=pool.total, buy_in=max(config.buy_in, 1), unit=config.prize_unit
        )
        return PayoutsSet(pool=pool.total, prizes=table)

    def pause(self, *, at: float) -> tuple[TournamentEvent, ...]:
        clock = self._clock()
        self._refuse_if(not clock.running, "levels", "the clock is not running")
        return self._emit([ClockPaused(at=at)])

    def resume(self, *, at: float) -> tuple[TournamentEvent, ...]:
        clock = self._clock()
        self._refuse_if(clock.running, "levels", "the clock is already running")
        return self._emit([ClockResumed(at=at)])

    def add_time(self, *, seconds: float, at: float) -> tuple[TournamentEvent, ...]:
        """More (or, negative, less) time for the current item of the structure."""
        self._clock().add_time(seconds, at=at)  # refuses what the clock cannot take
        return self._emit([TimeAdded(seconds=seconds, at=at)])

    def level_at(self, at: float) -> Level:
        """The level a hand starting at ``at`` is played at (TDA R23)."""
        return level_for_hand(self._clock(), at)

    def _clock(self) -> Clock:
        if self.state.clock is None:
            raise MalformedInputError("the clock has not started", constraint="clock")
        return self.state.clock

    # --- hands ----------------------------------------------------------------------------

    def hand_setup(self, table: int, *, at: float) -> HandSetup | None:
        """The next hand at ``table`` if it may start at ``at``; ``None`` while it waits for
        the other tables' hand-for-hand hand (TDA RP-8)."""
        state = self.state
        if table not in state.tables:
            raise MalformedInputError(f"table {table} is not in play", constraint="table")
        self._refuse_if(state.finished, "finished", "the tournament is over")
        if (state.hand_for_hand and table in state.round_played) or not self._may_deal(table):
            return None
        position = self._clock().position(at)
        level = level_for_hand(self._clock(), at)
        return setup_hand(
            self._dealing_table(table, level),
            button=state.buttons.get(table),
            level=level,
            level_number=position.level_number or 0,
            chips={e: state.entries[e].stack for e in state.tables[table].players},
            ruleset=self.config.ruleset,
            smallest_chip=self.config.structure.smallest_chip_after(position.index),
            players_left=state.alive,
        )

    def record_hand(
        self, result: HandResult, *, at: float, rng: random.Random
    ) -> tuple[TournamentEvent, ...]:
        """A hand finished at a table: its stacks, then everything that follows from them."""
        if result.table not in self.state.tables:
            raise MalformedInputError(f"table {result.table} is not in play", constraint="table")
        self._check_may_record(result.table)
        self._check_result(result)
        played = HandPlayed(
            table=result.table,
            number=self.state.hands + 1,
            level=result.level,
            button=result.positions.button,
            small_blind=result.positions.small_blind,
            big_blind=result.positions.big_blind,
            dead_small_blind_seat=result.positions.dead_small_blind_seat,
            stacks_before=result.stacks_before,
            stacks_after=result.stacks_after,
            knocked_out_by=tuple(sorted(result.eliminated_by.items())),
            at=at,
        )
        events = list(self._emit([played]))
        if self.state.hand_for_hand and set(self.state.tables) - self.state.round_played:
            return tuple(events)  # the busts wait for the other tables' hand
        events.extend(self._after_hands(at, rng))
        return tuple(events)

    def _check_result(self, result: HandResult) -> None:
        before, after = dict(result.stacks_before), dict(result.stacks_after)
        if set(before) != set(after) or len(before) != len(result.stacks_before):
            raise MalformedInputError(
                "a hand's stacks must name the same players", constraint="stacks"
            )
        if sum(before.values()) != sum(after.values()) or min(after.values(), default=0) < 0:
            raise MalformedInputError("a hand cannot create or destroy chips", constraint="chips")
        for entry, stack in before.items():
            state = self.state.entries.get(entry)
            if state is None or state.table != result.table or state.stack != stack:
                raise MalformedInputError(
                    f"{entry} did not start this hand at table {result.table} with {stack}",
                    constraint="stacks",
                )
        if self.state.hand_for_hand and result.table in self.state.round_played:
            self._refuse("hand-for-hand", "this table waits for the others' hand")

    def _after_hands(self, at: float, rng: random.Random) -> list[TournamentEvent]:
        events: list[TournamentEvent] = []
        if self.state.hand_for_hand:
            rules = self.config.ruleset
            seconds = rules.tournament.hand_for_hand_seconds_per_hand
            rule = rules.sources.get("hand_for_hand_seconds_per_hand", "")
            events += self._emit([HandForHandRound(seconds=seconds, rule=rule)])
            position = self._clock().position(at)
            if position.level_number is None and not position.finished:
                # The charges reached a break: it is taken whole, and the next hand-for-hand
                # hand starts the next level (decision recorded in docs/tournament.md).
                seconds = int(position.remaining) + 1
                events += self._emit([HandForHandRound(seconds=seconds, rule=rule)])
        eliminated = self._eliminate(at)
        events += eliminated
        if self.state.alive == 1:
            return events + list(self._finish(at))
        if eliminated:  # otherwise nobody left a table: seating stays as it was
            events += self._seating(at, rng)  # hand-for-hand, then the tables (formats)
        return events + self._after_play(at, rng)

    def _eliminate(self, at: float) -> list[TournamentEvent]:
        """Places for every pending bust, together (one hand, or one hand-for-hand round)."""
        pending = list(self.state.pending)
        if not pending:
            return []
        rules = self.config.ruleset.tournament
        placings = place_busts(
            pending,
            players_left=self.state.alive,
            same_hand=rules.same_hand_busts,
            cross_table=rules.cross_table_busts,
        )
        if len(placings) == self.state.alive:
            raise AssertionError("a hand cannot eliminate every player")
        bust_of = {bust.entry: bust for bust in pending}
        events: list[TournamentEvent] = []
        for first, group in _groups(placings):
            shares = (
                money.share_places(
                    self.state.prizes,
                    first_place=first,
                    count=len(group),
                    unit=self.config.prize_unit,
                )
                if self.state.prizes
                else (0,) * len(group)
            )
            for placing, prize in zip(group, shares, strict=True):
                bust = bust_of[placing.entry]
                events.append(
                    PlayerEliminated(
                        entry=placing.entry,
                        place=placing.place,
                        tied=placing.tied,
                        prize=prize,
                        by=self.state.knocked_out_by.get(placing.entry, ()),
                        level=bust.level,
                        table=bust.table,
                        at=at,
                        rule=self.cite("places"),
                    )
                )
        return list(self._emit(events))

    def _finish(self, at: float) -> tuple[TournamentEvent, ...]:
        winner = next(e for e in self.state.entries.values() if e.alive)
        prize = self.state.prizes[0] if self.state.prizes else 0
        return self._emit([TournamentFinished(winner=winner.entry, prize=prize, at=at)])

    def _in_the_money(self) -> bool:
        return 0 < self.state.alive <= len(self.state.prizes)

    def _hand_for_hand(self, at: float) -> list[TournamentEvent]:
        paid, alive = len(self.state.prizes), self.state.alive
        several_tables = len(self.state.tables) > 1
        rule = self.config.ruleset.sources.get("hand_for_hand_seconds_per_hand", "")
        if not self.state.hand_for_hand and several_tables and paid and alive == paid + 1:
            return list(self._emit([HandForHandStarted(at=at, rule=rule)]))
        if self.state.hand_for_hand and (alive <= paid or not several_tables):
            return list(self._emit([HandForHandEnded(at=at)]))
        return []

    def _final_table(self, rng: random.Random) -> list[TournamentEvent]:
        rules = self.config.ruleset.tournament
        size = final_table_size(self.config.seats_per_table, rules.final_table_size)
        if len(self.state.tables) <= 1 or self.state.alive > size:
            return []
        players = [e.entry for e in self.state.entries.values() if e.alive]
        table = final_table_draw(players, size=size, rng=rng)
        draw = button_draw((table,), method=rules.button_draw, rng=rng)
        seats = tuple((e, table.number, table.seat_of(e)) for e in table.players)
        return list(
            self._emit(
                [
                    FinalTableFormed(
                        table=table.number,
                        size=size,
                        seats=seats,
                        button=draw.buttons[table.number],
                        rule=self.cite("final-table"),
                    )
                ]
            )
        )

    def _break_tables(self, rng: random.Random) -> list[TournamentEvent]:
        events: list[TournamentEvent] = []
        tables = tuple(self.state.tables.values())
        order = self._break_order()
        seats = self.config.seats_per_table
        for broken in tables_to_break(tables, seats_per_table=seats, order=order, rng=rng):
            table = self.state.tables[broken]
            others = tuple(t for n, t in self.state.tables.items() if n != broken)
            draw = break_table_draw(table, others, rng=rng)
            moves = [self._move_event(move, "break") for move in draw.moves]
            events += self._emit([*moves, TableBroken(table=broken, rule=self.cite("break"))])
        return events

    def _balance(self) -> list[TournamentEvent]:
        if len(self.state.tables) < 2:
            return []
        plan = plan_balance(
            tuple(self.state.tables.values()),
            rules=self.config.ruleset.tournament,
            stud=self._balancing_stud(),
            recently_moved=frozenset(self.state.moved),
        )
        return list(self._emit([self._move_event(move, "balance") for move in plan.moves]))

    def _move_event(self, move: Move, reason: str) -> PlayerMoved:
        return PlayerMoved(
            entry=move.entry,
            from_table=move.from_table,
            from_seat=move.from_seat,
            to_table=move.to_table,
            to_seat=move.to_seat,
            reason=reason,
            rule=self.cite(move.rule),
        )

    # --- plumbing -------------------------------------------------------------------------

    def _emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]:
        for event in events:
            self.state.apply(event)
            self.events.append(event)
        return tuple(events)

    def _refuse_if(self, condition: bool, key: str, message: str) -> None:
        if condition:
            self._refuse(key, message)

    def _refuse(self, key: str, message: str) -> NoReturn:
        """A refusal citing the profile's rule for ``key`` (its general rule if none)."""
        raise IllegalActionError(Ruling(self.config.ruleset.cite(key), key, message))
