"""The tournament aggregate: commands in, events out, state a fold of the events.

Each public method is a command. It checks everything against the current state first and
raises a typed error that changes nothing, or returns the events it decided, already applied
to :attr:`Tournament.state`. Time (``at``, seconds) and randomness (``rng``) are arguments, so
the same commands give the same events (DESIGN.md). The decisions themselves live in the
concept modules (:mod:`.entries`, :mod:`.rebuys`, :mod:`.absence`, :mod:`.discipline`,
:mod:`.colour_up_race`, :mod:`.deal_commands`, :mod:`.eliminations`, :mod:`.reseating`; the
officials' commands are :mod:`.official_commands`); this class sequences them, applying each
step's events before deciding the next. What follows a hand is decided in the order a floor
would do it: eliminations and places, players who never came, alternates into the freed
seats, the end of the event, hand-for-hand, the final table (or a knock-out stage, or a final
table called to wait for the hands in progress), tables to break, balancing moves; then, after
every hand, a called final table whose tables have all finished and the end of a day
(:mod:`.format_commands`). A director's console
without tablets records bust-outs, counts and seating by hand through the commands of
:mod:`.manual_commands`, which end in the same steps.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from datetime import date
from typing import NoReturn

from floorman.errors import MalformedInputError
from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk import absence, entries, rebuys, unsold_seats
from floorman.tournament.desk.commands import DeskCommands
from floorman.tournament.events import (
    ButtonsPlaced,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    DealAccepted,
    HandForHandRound,
    HandPlayed,
    PlayerRegistered,
    SeatsDrawn,
    TimeAdded,
    TournamentCreated,
    TournamentEvent,
)
from floorman.tournament.floor import hand_start
from floorman.tournament.floor.commands import FloorCommands, check_not_held
from floorman.tournament.floor.hands_in_play import (
    HandStarted,
    check_between_hands,
    check_no_hand_in_progress,
    positions_of,
)
from floorman.tournament.floor.manual_commands import ManualCommands
from floorman.tournament.floor.table_hand import HandResult, HandSetup, setup_hand
from floorman.tournament.formats.commands import FormatCommands
from floorman.tournament.money import deal_commands, eliminations
from floorman.tournament.money import pool as money
from floorman.tournament.money.commands import MoneyCommands
from floorman.tournament.money.deals import DealMethod
from floorman.tournament.officials import discipline
from floorman.tournament.officials.commands import OfficialCommands
from floorman.tournament.officials.hand_rulings import check_rulings
from floorman.tournament.refusals import refuse, source
from floorman.tournament.seating import reseating
from floorman.tournament.seating.draws import button_draw, seat_draw
from floorman.tournament.state import TournamentState
from floorman.tournament.structure import colour_up_race
from floorman.tournament.structure.checks import check_levels
from floorman.tournament.structure.clock import Clock, level_for_hand
from floorman.tournament.structure.levels import Level


class Tournament(
    FormatCommands, ManualCommands, FloorCommands, OfficialCommands, DeskCommands, MoneyCommands
):
    """One event. Build it with :meth:`create`, or rebuild it from its log with :meth:`replay`."""

    def __init__(self) -> None:
        self.state = TournamentState()
        self.events: list[TournamentEvent] = []

    # --- life cycle -----------------------------------------------------------------------

    @classmethod
    def create(cls, config: TournamentConfig) -> Tournament:
        """A new event; refused if it offers rebuys under a profile that has none, or if a
        level does not raise the forced bets where the profile demands it (Belarus 3.3)."""
        rebuys.check_allowed(config)
        check_levels(config.structure, config.ruleset)
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

    # --- entries and money ----------------------------------------------------------------

    def register(
        self,
        *,
        player: str,
        name: str,
        at: float,
        rng: random.Random | None = None,
        birth_date: date | None = None,
        on: date | None = None,
    ) -> tuple[TournamentEvent, ...]:
        """A buy-in. ``birth_date`` is checked against the profile's minimum age on the day
        ``on`` (Belarus 1.1). Before the start it waits for the seat draw; after it, it is a
        late entry seated at once by draw (TDA R8-A), or an alternate if no seat is free."""
        state = self.state
        entries.check_registration(state, player=player, name=name, birth_date=birth_date, on=on)
        self._check_format_entry()
        if not state.started:
            stack = self.config.starting_stack
            entry = entries.next_entry(state)
            registered = PlayerRegistered(entry=entry, player=player, name=name, stack=stack, at=at)
            return self._emit([registered]) + self._start_when_full(at, rng)
        if rng is None:
            raise MalformedInputError("a late entry's seat draw needs an rng", constraint="rng")
        events = self._emit(entries.late_entry(state, player=player, name=name, at=at, rng=rng))
        if any(isinstance(e, PlayerRegistered) for e in events):
            events += self._emit(money.payouts_unless_paid(state))
        return events

    def rebuy(self, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
        """A rebuy declared between hands: the chips are his at once (TDA R27); refused for
        a player in a hand still in progress."""
        check_between_hands(self.state, entry, "a rebuy")
        events = self._emit(rebuys.rebuy(self.state, entry, at))
        return events + self._emit(money.payouts_unless_paid(self.state))

    def add_on(self, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
        check_between_hands(self.state, entry, "an add-on")
        events = self._emit(rebuys.add_on(self.state, entry, at))
        return events + self._emit(money.payouts_unless_paid(self.state))

    # --- start and clock ------------------------------------------------------------------

    def start(self, *, at: float, rng: random.Random) -> tuple[TournamentEvent, ...]:
        """Seat draw (R7), buttons (the profile's draw), payouts, and the clock running.
        Where absent stacks stay out of play (RedCactus 7), absent players are not drawn."""
        state = self.state
        self._refuse_if(state.started, "started", "the tournament has already started")
        self._check_format_start()
        out_of_play = not self.config.ruleset.tournament.absent_stack_in_play
        drawn = [e for e in state.entries if not (out_of_play and e in state.absent)]
        if len(drawn) < 2:
            raise MalformedInputError("a tournament needs two entries", constraint="entries")
        dealt = self._emit(unsold_seats.deal(state, players=len(drawn)))  # Poland §55.10
        drawn += sorted(state.unsold)
        seats_per_table = self.config.seats_per_table
        tables = seat_draw(drawn, seats_per_table=seats_per_table, rng=rng)
        tables = unsold_seats.spread(tables, state.unsold)
        draw = button_draw(tables, method=self.config.ruleset.tournament.button_draw, rng=rng)
        seats = tuple((e, t.number, t.seat_of(e)) for t in tables for e in t.players)
        events = self._emit(
            [
                SeatsDrawn(
                    seats_per_table=seats_per_table, seats=seats, rule=self.cite("seat-draw")
                ),
                ButtonsPlaced(
                    buttons=tuple(sorted(draw.buttons.items())),
                    rule=self.config.ruleset.sources.get("button_draw", ""),
                ),
                money.payouts(state),
            ]
        )
        return dealt + events + self._emit([ClockStarted(at=at)])

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

    def next_level(self, *, at: float) -> tuple[TournamentEvent, ...]:
        """The director ends the item in progress now: the next level (or the break before
        it) starts at ``at``; recorded as the time taken off."""
        return self.add_time(seconds=self._clock().to_next_item(at), at=at)

    def set_time_left(self, *, seconds: float, at: float) -> tuple[TournamentEvent, ...]:
        """The director sets the time left in the level or break in progress."""
        return self.add_time(seconds=self._clock().to_time_left(seconds, at), at=at)

    def level_at(self, at: float) -> Level:
        """The level a hand starting at ``at`` is played at (TDA R23)."""
        return level_for_hand(self._clock(), at)

    def _clock(self) -> Clock:
        if self.state.clock is None:
            raise MalformedInputError("the clock has not started", constraint="clock")
        return self.state.clock

    # --- chip race ------------------------------------------------------------------------

    def chip_race_due(self, at: float) -> tuple[int, ...]:
        """The denominations whose chip race is due before the next hand (TDA R24)."""
        return colour_up_race.due_denominations(self.state, at)

    def race_chips(self, *, at: float, rng: random.Random) -> tuple[TournamentEvent, ...]:
        """Run the chip race of every colour-up break the clock has reached, at every table,
        by the profile's method (card race or rounding), nobody raced out."""
        due = colour_up_race.due_breaks(self.state, at)
        if not due:
            raise MalformedInputError("no chip race is due", constraint="chip-race")
        check_no_hand_in_progress(self.state, "the chip race")
        events: tuple[TournamentEvent, ...] = ()
        for index in due:
            events += self._emit([colour_up_race.race_break(self.state, index, rng)])
        return events

    # --- hands ----------------------------------------------------------------------------

    def hand_setup(self, table: int, *, at: float) -> HandSetup | None:
        """The next hand at ``table`` if it may start at ``at``; ``None`` while it waits for
        the other tables' hand-for-hand hand (TDA RP-8). The setup names the seats whose hands
        the dealer kills (absent players, penalties) and refuses while a chip race is due or
        the table is halted until balanced (:func:`.reseating.halted_tables`). At a table
        mid-hand it is the hand in progress, and after a misdeal its exact re-deal (R35-C)."""
        state = self.state
        if table not in state.tables:
            raise MalformedInputError(f"table {table} is not in play", constraint="table")
        self._refuse_if(state.finished, "finished", "the tournament is over")
        in_progress = state.play.in_hand.get(table)
        if in_progress is not None:
            return self._finish_setup(self._replayed_setup(in_progress), at)
        if (state.hand_for_hand and table in state.round_played) or not self._may_deal(table):
            return None
        self._check_not_halted(table)
        position = self._clock().position(at)
        if colour_up_race.due_at(state, position.index):
            self._refuse_by(
                "chip_race", "chip-race-due", "the chip race of the break comes before the hand"
            )
        level = level_for_hand(self._clock(), at)
        setup = setup_hand(
            self._dealing_table(table, level),
            button=state.buttons.get(table),
            level=level,
            level_number=position.level_number or 0,
            chips={e: state.entries[e].stack for e in state.tables[table].players},
            ruleset=self.config.ruleset,
            smallest_chip=self.config.structure.smallest_chip_after(position.index),
            players_left=state.alive,
        )
        return self._finish_setup(setup, at)

    def _replayed_setup(self, dealt: HandStarted) -> HandSetup:
        """The deal ``dealt`` again: its level and blinds, button and players (R35-C)."""
        state = self.state
        structure = self._clock().structure
        level = structure.items[dealt.index]
        assert isinstance(level, Level), "a hand is only ever started at a play level"
        table = hand_start.replay_table(self._dealing_table(dealt.table, level), dealt)
        return setup_hand(
            table,
            button=None,
            level=level,
            level_number=dealt.level,
            chips={e: state.entries[e].stack for e in table.players},
            ruleset=self.config.ruleset,
            smallest_chip=structure.smallest_chip_after(dealt.index),
            players_left=state.alive,
            positions=positions_of(dealt),
        )

    def _finish_setup(self, setup: HandSetup, at: float) -> HandSetup:
        """``setup`` with hand-for-hand's holds and the hands the dealer kills."""
        state, table = self.state, setup.table
        if state.hand_for_hand:  # the tablet holds a called all-in (RP-8-F), §52.4's streets
            street = state.floor.street_by_street
            setup = replace(setup, hand_for_hand=True, street_by_street=street)
        hands = absence.dead_hands(state, table, at)
        if not hands.dead:
            return setup
        dealt = {e: seat for seat, e in enumerate(setup.seats) if e is not None}
        return replace(
            setup,
            dead=frozenset(dealt[e] for e in hands.dead if e in dealt),
            serving=tuple(e for e in hands.serving if e in dealt),
            redeal=table in state.redeal,
        )

    def start_hand(self, table: int, *, at: float) -> tuple[TournamentEvent, ...]:
        """A hand is dealt at ``table`` now (the tablet's "new hand", the online server's
        deal): the tournament knows the table is mid-hand until its result is recorded.
        Refused while a hand is on there, unless a misdeal voided it: the re-deal is then that
        hand again (R35-C). Refused at a halted table and while :meth:`hand_setup` has no
        hand to give (hand-for-hand, a stopped table)."""
        state = self.state
        misdealt = state.play.in_hand.get(table)
        if misdealt is not None and table not in state.redeal:
            raise MalformedInputError(
                f"a hand is in progress at table {table}: record it (or its misdeal) first",
                constraint="hand-in-progress",
            )
        setup = self.hand_setup(table, at=at)
        if setup is None:
            raise MalformedInputError(
                f"table {table} may not start a hand now: it waits for the other tables",
                constraint="waiting",
            )
        index = misdealt.index if misdealt else self._clock().position(at).index
        dealt = hand_start.started(
            setup,
            deal=state.play.deals + 1,
            index=index,
            redeal=misdealt is not None,
            at=at,
            rule=self.cite("misdeal") if misdealt else self.cite("levels"),
        )
        return self._emit([dealt])

    def _check_not_halted(self, table: int) -> None:
        if self.state.play.final_table_waits:  # every table stops for the draw (RP-9)
            self._refuse("final-table", "the final table is drawn once the hands are over")
        if table in reseating.halted_tables(self.state):
            rules = self.config.ruleset.tournament
            parameter = "halt_when_short_by" if rules.halt_when_short_by else "balance_within_one"
            self._refuse_by(
                parameter,
                "table-halted",
                "the table is halted until the tables are balanced",
            )

    def record_hand(
        self,
        result: HandResult,
        *,
        at: float,
        rng: random.Random,
        rebuys: Collection[str] = (),
    ) -> tuple[TournamentEvent, ...]:
        """A hand finished at a table: its stacks, then everything that follows from them.
        ``rebuys`` are players it left without chips who rebuy before the next hand (Poland
        §18.2) instead of being eliminated."""
        if result.table not in self.state.tables:
            raise MalformedInputError(f"table {result.table} is not in play", constraint="table")
        self._check_may_record(result.table)
        check_not_held(self.state, result.table)
        self._check_result(result)
        bought = self._bust_rebuys(result, rebuys, at)
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
            served=result.served,
            rulings=result.rulings,
            history=result.history,
            at=at,
        )
        events = self._emit([played, *bought])
        if bought:
            events += self._emit(money.payouts_unless_paid(self.state))
        if self.state.hand_for_hand and set(self.state.tables) - self.state.round_played:
            return events  # the busts wait for the other tables' hand
        events += tuple(self._after_hands(at, rng))
        if reseating.hand_awaited_ended(self.state):  # judged between hands (R11-A)
            events += tuple(self._reseat_after_hand(rng))
        return events

    def _bust_rebuys(
        self, result: HandResult, wanted: Collection[str], at: float
    ) -> list[TournamentEvent]:
        busted = {entry for entry, stack in result.stacks_after if stack == 0}
        strangers = sorted(set(wanted) - busted)
        if strangers:
            raise MalformedInputError(
                f"{', '.join(strangers)} did not lose his chips in this hand: rebuy between "
                "hands instead",
                constraint="rebuy",
            )
        state = self.state
        return [e for entry in sorted(wanted) for e in rebuys.rebuy(state, entry, at, busted=True)]

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
            at_table = state is not None and result.table in (state.table, state.moved_from)
            if state is None or not at_table or state.stack != stack:
                raise MalformedInputError(
                    f"{entry} did not start this hand at table {result.table} with {stack}",
                    constraint="stacks",
                )
        for entry in result.served:
            if entry not in before or not self.state.ledger.serving(entry):
                raise MalformedInputError(
                    f"{entry} had no penalty hand to serve in this hand", constraint="served"
                )
        check_rulings(result.rulings, before)
        dealt = self.state.play.in_hand.get(result.table)
        if dealt is not None and not hand_start.matches(result, dealt):
            raise MalformedInputError(
                f"table {result.table} was dealt another hand: level {dealt.level}, button "
                f"seat {dealt.button + 1}, {len(dealt.players)} players",
                constraint="hand-started",
            )
        if self.state.hand_for_hand and result.table in self.state.round_played:
            self._refuse("hand-for-hand", "this table waits for the others' hand")

    def _after_hands(self, at: float, rng: random.Random) -> list[TournamentEvent]:
        """After a hand, or the hand-for-hand round's last hand: the clock charged for the
        round, then the busts placed and everything that follows."""
        return self._charge_round(at) + self._after_busts(at, rng)

    def _charge_round(self, at: float) -> list[TournamentEvent]:
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
        return events

    def _after_busts(self, at: float, rng: random.Random) -> list[TournamentEvent]:
        """Places for the players out (recorded hands or the director's busts), players who
        can no longer arrive finishing below them, then everything that follows."""
        events = list(self._emit(absence.close_no_shows(self.state, at)))
        eliminated = self._emit(eliminations.place_pending(self.state, at))
        return events + list(eliminated) + self._after_placing(at, rng, bool(eliminated))

    def _after_placing(
        self, at: float, rng: random.Random, seats_changed: bool
    ) -> list[TournamentEvent]:
        events = self._after_eliminations(at, rng, seats_changed)
        if self.state.finished:
            return events
        return events + self._after_play(at, rng)  # a called final table, the day's end

    def _after_eliminations(
        self, at: float, rng: random.Random, seats_changed: bool
    ) -> list[TournamentEvent]:
        """Everything that follows players leaving the event (busts, a disqualification)."""
        state = self.state
        events = list(self._emit(absence.close_no_shows(state, at)))
        while seated := entries.seat_next_alternate(state, at, rng):
            events += self._emit(seated)
            events += self._emit(money.payouts_unless_paid(state))
        events += self._emit(entries.release_alternates(state, at))
        if state.alive == 1:
            return events + list(self._emit(eliminations.finish(state, at)))
        if not (seats_changed or events):
            return events  # nobody left a table: seating stays as it was
        events += self._seating(at, rng)  # hand-for-hand, then the tables (formats)
        # A break or a balancing move may leave unsold seats alone at a table (Poland §55.10).
        still_open = entries.late_registration_open(state, at)
        alone = unsold_seats.close(state, at, registration_open=still_open)
        return events + list(self._emit(alone))

    # --- absence and penalties ------------------------------------------------------------

    def mark_absent(self, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
        """He is away: dealt in and blinded, his hand killed (TDA R30); before the start,
        where the profile keeps absent stacks out of play, he is left out of the draw."""
        return self._emit(absence.mark_absent(self.state, entry, at))

    def mark_present(
        self, *, entry: str, at: float, rng: random.Random | None = None
    ) -> tuple[TournamentEvent, ...]:
        """He is back; one whose stack waited out of play is seated now (``rng``: the seat)."""
        return self._emit(absence.mark_present(self.state, entry, at, rng))

    def record_misdeal(self, *, table: int, at: float) -> tuple[TournamentEvent, ...]:
        """A misdeal at ``table``: penalty hands killed in it count now, once (R35-C, D11)."""
        return self._emit(discipline.record_misdeal(self.state, table, at))

    # --- deals ----------------------------------------------------------------------------

    def propose_deal(
        self,
        *,
        method: DealMethod | str,
        at: float,
        keep_for_winner: int = 0,
        amounts: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> tuple[TournamentEvent, ...]:
        """A chip-chop, ICM, hybrid or custom deal among all remaining players."""
        return self._emit(
            deal_commands.propose(
                self.state,
                method=method,
                at=at,
                keep_for_winner=keep_for_winner,
                amounts=amounts,
                rng=rng,
            )
        )

    def consent(self, *, entry: str, at: float, agree: bool = True) -> tuple[TournamentEvent, ...]:
        """A player's answer to the deal; the last consent makes it, and a full deal ends
        the event with places by chip count."""
        events = self._emit(deal_commands.consent(self.state, entry=entry, at=at, agree=agree))
        last = events[-1]
        if isinstance(last, DealAccepted) and last.left_to_play == 0:
            events += self._emit(deal_commands.finish_by_chips(self.state, at))
        return events

    # --- plumbing -------------------------------------------------------------------------

    def _emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]:
        for event in events:
            self.state.apply(event)
            self.events.append(event)
        return tuple(events)

    def _refuse_if(self, condition: bool, key: str, message: str) -> None:
        if condition:
            self._refuse(key, message)

    def _refuse(self, key: str, message: str, **params: int | str) -> NoReturn:
        """A refusal citing the profile's rule for ``key`` (its general rule if none);
        ``params`` are the values the message shows."""
        ruleset = self.config.ruleset
        refuse(ruleset, ruleset.cite(key).rule, key, message, **params)

    def _refuse_by(self, parameter: str, key: str, message: str) -> NoReturn:
        """A refusal citing the rule the profile gives for one of its parameters."""
        ruleset = self.config.ruleset
        refuse(ruleset, source(ruleset, parameter), key, message)
